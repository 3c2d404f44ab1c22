//! The connection limits of `sudoku_web::serve` on real sockets: idle,
//! slow-header, slow-body and kept-alive connections are closed within their
//! timeouts while another client is served; one address cannot hold more than
//! its cap, however many connections it opens; and a stop closes the idle
//! connections at once and lets a request in flight finish.
//!
//! Clients come from different loopback addresses (127.0.0.x, all of them
//! this machine on Linux), so the per-address cap can be seen. The timeouts
//! are set short here (1 s) so the suite stays quick; the latencies are
//! printed, and the bounds asserted are the limits' own (a request is not
//! held up until some timeout), not speed.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::{Duration, Instant};
use sudoku_web::Connections;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

/// A server on 127.0.0.1 with `limits`; its address and its stop.
async fn start(
    limits: Connections,
    drain: Duration,
) -> (
    SocketAddr,
    tokio::sync::oneshot::Sender<()>,
    tokio::task::JoinHandle<Instant>,
) {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = sudoku_web::router(dir.path().join("db.sqlite")).expect("router");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("addr");
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(async move {
        let _dir = dir;
        sudoku_web::serve(listener, app, limits, |_| false, drain, async {
            let _ = stopped.await;
        })
        .await
        .expect("serve")
    });
    (addr, stop, server)
}

/// Connects to `server` from 127.0.0.`n`.
async fn connect_from(n: u8, server: SocketAddr) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::new(IpAddr::V4(Ipv4Addr::new(127, 0, 0, n)), 0))?;
    socket.connect(server).await
}

/// One GET from 127.0.0.`n`: the status and how long it took.
async fn get_from(n: u8, server: SocketAddr, path: &str) -> (u16, Duration) {
    let start = Instant::now();
    let mut s = connect_from(n, server).await.expect("connect");
    let req = format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).await.expect("write");
    let mut answer = Vec::new();
    s.read_to_end(&mut answer).await.expect("read");
    let text = String::from_utf8_lossy(&answer);
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (status, start.elapsed())
}

/// Whether the server closed `s` (end of stream or reset) within `within`.
async fn closed_within(s: &mut TcpStream, within: Duration) -> bool {
    let mut buf = [0u8; 4096];
    let deadline = Instant::now() + within;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, s.read(&mut buf)).await {
            Err(_) => return false,
            Ok(Ok(0)) | Ok(Err(_)) => return true,
            // An answer (the 400 for a slow body): read on to the close.
            Ok(Ok(_)) => continue,
        }
    }
}

fn short() -> Connections {
    Connections {
        head_timeout: Duration::from_secs(1),
        body_timeout: Duration::from_secs(1),
        send_timeout: Duration::from_secs(1),
        idle_timeout: Duration::from_secs(1),
        per_address: 400,
        total: 5_000,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_and_slow_connections_are_closed_in_time_while_others_are_served() {
    let (addr, stop, server) = start(short(), Duration::from_secs(1)).await;
    let mut idle = Vec::new();
    let mut slow = Vec::new();
    for _ in 0..300 {
        idle.push(connect_from(2, addr).await.expect("idle"));
        let mut s = connect_from(3, addr).await.expect("slow");
        // Half a head, never finished.
        s.write_all(b"GET / HTTP/1.1\r\nHost: loc")
            .await
            .expect("write");
        slow.push(s);
    }
    let mut bodies = Vec::new();
    for _ in 0..50 {
        let mut s = connect_from(4, addr).await.expect("slow body");
        s.write_all(
            b"POST /api/evaluate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
              Content-Length: 1000\r\n\r\n{\"givens\":",
        )
        .await
        .expect("write");
        bodies.push(s);
    }
    // Meanwhile another client is served, at once.
    let mut worst = Duration::ZERO;
    for _ in 0..10 {
        let (status, took) = get_from(5, addr, "/api/variants").await;
        assert_eq!(status, 200);
        worst = worst.max(took);
    }
    println!(
        "with 300 idle, 300 slow-head and 50 slow-body connections open: worst of 10 GETs {worst:?}"
    );
    assert!(
        worst < Duration::from_secs(1),
        "a request waited for a timeout: {worst:?}"
    );
    // A kept-alive connection after its answer.
    let mut kept = connect_from(6, addr).await.expect("kept");
    kept.write_all(b"GET /api/variants HTTP/1.1\r\nHost: localhost\r\n\r\n")
        .await
        .expect("write");
    // Every one of them is closed within its timeout (1 s, checked every
    // second at worst, plus slack for a loaded machine).
    let bound = Duration::from_secs(4);
    for (what, list) in [
        ("idle", &mut idle),
        ("slow head", &mut slow),
        ("slow body", &mut bodies),
    ] {
        for s in list.iter_mut() {
            assert!(
                closed_within(s, bound).await,
                "a {what} connection stayed open"
            );
        }
    }
    assert!(
        closed_within(&mut kept, bound).await,
        "a kept-alive connection stayed open"
    );
    let _ = stop.send(());
    server.await.expect("server");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_cannot_hold_more_than_its_cap_however_many_it_opens() {
    let limits = Connections::default();
    let (addr, stop, server) = start(limits, Duration::from_secs(1)).await;
    let cap = limits.per_address;
    // 20,000 connections from one address, opened in waves; the ones the
    // server closed at once are let go, the held ones kept.
    let mut held: Vec<TcpStream> = Vec::new();
    let mut worst = Duration::ZERO;
    let mut opened = 0;
    while opened < 20_000 {
        for _ in 0..1_000 {
            match connect_from(7, addr).await {
                Ok(s) => held.push(s),
                // The listen queue full for a moment: try again later.
                Err(_) => tokio::time::sleep(Duration::from_millis(5)).await,
            }
            opened += 1;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
        let mut still = Vec::with_capacity(held.len());
        for s in held {
            let mut buf = [0u8; 1];
            // Nothing to read yet: still open. End of stream or a reset:
            // closed by the server.
            if let Err(e) = s.try_read(&mut buf)
                && e.kind() == std::io::ErrorKind::WouldBlock
            {
                still.push(s);
            }
        }
        held = still;
        assert!(
            held.len() <= cap,
            "{} connections of one address are held (cap {cap})",
            held.len()
        );
        let (status, took) = get_from(8, addr, "/api/variants").await;
        assert_eq!(status, 200, "another address is served");
        worst = worst.max(took);
    }
    println!(
        "20,000 connections from one address ({} held at the end): another address's worst GET {worst:?}",
        held.len()
    );
    assert!(
        worst < Duration::from_secs(1),
        "another address waited: {worst:?}"
    );
    let _ = stop.send(());
    server.await.expect("server");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stop_closes_idle_connections_and_lets_a_request_in_flight_finish() {
    let drain = Duration::from_secs(5);
    let (addr, stop, server) = start(short(), drain).await;
    let mut idle = connect_from(9, addr).await.expect("idle");
    // A request in flight: its body arrives after the stop.
    let mut busy = connect_from(10, addr).await.expect("busy");
    let body = br#"{"givens":"530070000600195000098000060800060003400803001700020006060000280000419005000080079"}"#;
    let head = format!(
        "POST /api/evaluate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    busy.write_all(head.as_bytes()).await.expect("write");
    tokio::time::sleep(Duration::from_millis(200)).await;
    let stopped_at = Instant::now();
    let _ = stop.send(());
    assert!(
        closed_within(&mut idle, Duration::from_secs(2)).await,
        "the idle connection is closed at the stop"
    );
    busy.write_all(body).await.expect("write the body");
    let mut answer = Vec::new();
    busy.read_to_end(&mut answer).await.expect("read");
    let text = String::from_utf8_lossy(&answer);
    assert!(text.starts_with("HTTP/1.1 200"), "{text}");
    let signalled = server.await.expect("server");
    assert!(signalled >= stopped_at);
    // Returned once the last connection ended, well within the drain time.
    assert!(stopped_at.elapsed() < drain, "{:?}", stopped_at.elapsed());
}
