//! `sudoku serve` end to end: the binary starts on a free port with a fresh
//! database file, answers the page and the API over real HTTP, warns when bound
//! to a non-loopback address, refuses an unusable database path clearly, stops
//! cleanly on SIGTERM, and tells clients apart by address for the share of
//! expensive work.

mod common;

use common::{BIN, Server, serve};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Command;

/// Starts the server on `addr` with the database `db`.
fn start(addr: &str, db: &std::path::Path) -> Server {
    serve(addr, db, &[])
}

/// [`start`] with more `serve` options.
fn start_with(addr: &str, db: &std::path::Path, more: &[&str]) -> Server {
    serve(addr, db, more)
}

fn http(host: &str, request: &str) -> String {
    let mut s = TcpStream::connect(host).expect("connect");
    s.write_all(request.as_bytes()).expect("write");
    let mut out = String::new();
    s.read_to_string(&mut out).expect("read");
    out
}

/// Sends SIGTERM to the server and waits for it; it must exit 0.
fn terminate(server: &mut Server) {
    let pid = server.child.id().to_string();
    let killed = Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .expect("kill");
    assert!(killed.success());
    let mut rest = String::new();
    if let Some(mut err) = server.child.stderr.take() {
        let _ = err.read_to_string(&mut rest);
    }
    let status = server.child.wait().expect("wait");
    assert_eq!(status.code(), Some(0), "{rest}");
}

#[test]
fn serves_the_page_and_the_api_on_loopback_without_warning() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("sub").join("puzzles.sqlite");
    let server = start("127.0.0.1:0", &db);
    assert!(!server.banner.contains("warning"), "{}", server.banner);
    assert!(db.exists(), "the database file is created on start");
    let page = http(
        &server.host,
        "GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
    );
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(page.contains("<div id=\"grid\""));
    let body = r#"{"givens":"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."}"#;
    let req = format!(
        "POST /api/rate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let resp = http(&server.host, &req);
    assert!(resp.starts_with("HTTP/1.1 200"), "{resp}");
    assert!(resp.contains("\"level\":\"easy\""), "{resp}");
    let bad = "POST /api/rate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 3\r\nConnection: close\r\n\r\n{[}";
    let resp = http(&server.host, bad);
    assert!(resp.starts_with("HTTP/1.1 400"), "{resp}");
    assert!(resp.contains("malformed JSON"), "{resp}");
}

#[test]
fn a_non_loopback_address_needs_accounts() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = Command::new(BIN)
        .args(["serve", "--addr", "0.0.0.0:0", "--db"])
        .arg(dir.path().join("db.sqlite"))
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--accounts") && err.contains("0.0.0.0:0"),
        "{err}"
    );
    let server = start_with("0.0.0.0:0", &dir.path().join("db.sqlite"), &["--accounts"]);
    assert!(server.banner.contains("accounts on"), "{}", server.banner);
}

#[test]
fn a_bad_or_unreachable_database_url_is_a_clear_error() {
    for (url, says) in [
        ("mysql://u@localhost/db", "bad database location"),
        ("postgres://localhost/db", "no user"),
        // Nothing listens on port 1: refused at once, not a hang.
        (
            "postgres://sudoku:secret@127.0.0.1:1/sudoku",
            "cannot connect",
        ),
    ] {
        let out = Command::new(BIN)
            .args(["serve", "--addr", "127.0.0.1:0", "--db", url])
            .output()
            .expect("run");
        assert_eq!(out.status.code(), Some(2), "{url}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{url}: {err}");
        if url.contains("127.0.0.1:1") {
            assert!(!err.contains("secret"), "the password is not shown: {err}");
        }
    }
}

#[test]
fn an_unusable_database_path_is_a_clear_error() {
    let dir = tempfile::tempdir().expect("temp dir");
    // A directory cannot be opened as the database file.
    let out = Command::new(BIN)
        .args(["serve", "--addr", "127.0.0.1:0", "--db"])
        .arg(dir.path())
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cannot open the puzzle database"), "{err}");
    let out = Command::new(BIN)
        .args(["serve", "--addr", "not-an-address"])
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--addr"));
}

#[test]
fn sigterm_stops_cleanly_and_drain_is_checked() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("p.sqlite");
    let mut server = start("127.0.0.1:0", &db);
    let page = http(
        &server.host,
        "GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
    );
    assert!(page.starts_with("HTTP/1.1 200"));
    terminate(&mut server);
    let out = Command::new(BIN)
        .args(["serve", "--drain", "99999"])
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--drain"));
}

/// Sends `request` from the loopback address `source` and returns the answer
/// (the server closes the connection: `Connection: close`).
fn http_from(source: [u8; 4], host: &str, request: &str) -> String {
    let stream = connect_from(source, host);
    let mut s = stream;
    s.write_all(request.as_bytes()).expect("write");
    let mut out = String::new();
    s.read_to_string(&mut out).expect("read");
    out
}

/// A connection to `host` from the loopback address `source` (the whole
/// 127.0.0.0/8 is loopback on Linux).
fn connect_from(source: [u8; 4], host: &str) -> TcpStream {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let server: std::net::SocketAddr = host.parse().expect("host");
    let stream = runtime.block_on(async {
        let socket = tokio::net::TcpSocket::new_v4().expect("socket");
        socket
            .bind(std::net::SocketAddr::from((source, 0)))
            .expect("bind the source address");
        socket.connect(server).await.expect("connect")
    });
    let std = stream.into_std().expect("std stream");
    std.set_nonblocking(false).expect("blocking");
    std
}

fn post(path: &str, body: &str) -> String {
    format!(
        "POST {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
}

#[test]
fn clients_are_told_apart_by_address_and_a_closed_connection_frees_its_share() {
    let dir = tempfile::tempdir().expect("temp dir");
    let server = start_with(
        "127.0.0.1:0",
        &dir.path().join("p.sqlite"),
        &["--per-client", "1", "--budget", "60"],
    );
    let host = &server.host;
    let rate = post(
        "/api/rate",
        r#"{"givens":"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."}"#,
    );
    // A generator run that finds nothing for over a minute holds client
    // 127.0.0.1's one share (sent, its answer never read).
    let long = post(
        "/api/generate",
        r#"{"level":"hard","variant":"color-diagonal","seed":1}"#,
    );
    let mut held = None;
    for _ in 0..50 {
        let mut s = connect_from([127, 0, 0, 1], host);
        s.write_all(long.as_bytes()).expect("write");
        std::thread::sleep(std::time::Duration::from_millis(300));
        let refused = http_from([127, 0, 0, 1], host, &rate);
        if refused.starts_with("HTTP/1.1 429") {
            assert!(
                refused.to_ascii_lowercase().contains("retry-after:"),
                "{refused}"
            );
            held = Some(s);
            break;
        }
    }
    let held = held.expect("the long request held the client's share");
    // Another address is another client.
    let other = http_from([127, 0, 0, 2], host, &rate);
    assert!(other.starts_with("HTTP/1.1 200"), "{other}");
    // Closing the connection cancels the work and frees the share well before
    // its 60 s budget.
    drop(held);
    let start = std::time::Instant::now();
    loop {
        let again = http_from([127, 0, 0, 1], host, &rate);
        if again.starts_with("HTTP/1.1 200") {
            break;
        }
        assert!(again.starts_with("HTTP/1.1 429"), "{again}");
        assert!(
            start.elapsed() < std::time::Duration::from_secs(20),
            "the closed connection still holds the share"
        );
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    for bad in [["--budget", "0"], ["--per-client", "0"], ["--workers", "0"]] {
        let out = Command::new(BIN)
            .arg("serve")
            .args(bad)
            .output()
            .expect("run");
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(bad[0]),
            "{bad:?}"
        );
    }
}

#[test]
fn a_stop_with_work_in_flight_ends_within_the_drain_time() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("p.sqlite");
    let mut server = start_with("127.0.0.1:0", &db, &["--drain", "2", "--budget", "60"]);
    // A generator run that finds nothing for over a minute.
    let host = server.host.clone();
    let long = std::thread::spawn(move || {
        let body = r#"{"level":"hard","variant":"color-diagonal","seed":1}"#;
        let req = format!(
            "POST /api/generate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        );
        let mut s = TcpStream::connect(&host).expect("connect");
        s.write_all(req.as_bytes()).expect("write");
        let mut out = String::new();
        let _ = s.read_to_string(&mut out);
        out
    });
    std::thread::sleep(std::time::Duration::from_millis(500));
    let signalled = std::time::Instant::now();
    terminate(&mut server);
    let took = signalled.elapsed();
    println!("stopped {took:?} after SIGTERM with --drain 2 and a request in flight");
    // The drain time is the whole stop (it was twice that), with a moment
    // for the process to exit.
    assert!(
        took < std::time::Duration::from_millis(2_900),
        "the stop took {took:?}"
    );
    let _ = long.join();
}
