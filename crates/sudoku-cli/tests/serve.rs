//! `sudoku serve` end to end: the binary starts on a free port with a fresh
//! database file, answers the page and the API over real HTTP, warns when bound
//! to a non-loopback address, and refuses an unusable database path clearly.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_sudoku");

struct Server {
    child: Child,
    url_host: String,
    banner: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts the server and reads its stderr up to the "on http://…/" line.
fn start(addr: &str, db: &std::path::Path) -> Server {
    let child = Command::new(BIN)
        .args(["serve", "--addr", addr, "--db"])
        .arg(db)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn sudoku serve");
    // Owned by `Server` at once, so its Drop kills and reaps it on every path.
    let mut server = Server {
        child,
        url_host: String::new(),
        banner: String::new(),
    };
    let mut reader = BufReader::new(server.child.stderr.take().expect("stderr"));
    loop {
        let mut line = String::new();
        let n = reader.read_line(&mut line).unwrap_or(0);
        assert!(n > 0, "server ended before it listened: {}", server.banner);
        server.banner.push_str(&line);
        if let Some(rest) = line.split("on http://").nth(1) {
            server.url_host = rest.split('/').next().expect("host").to_string();
            return server;
        }
    }
}

fn http(host: &str, request: &str) -> String {
    let mut s = TcpStream::connect(host).expect("connect");
    s.write_all(request.as_bytes()).expect("write");
    let mut out = String::new();
    s.read_to_string(&mut out).expect("read");
    out
}

#[test]
fn serves_the_page_and_the_api_on_loopback_without_warning() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("sub").join("puzzles.sqlite");
    let server = start("127.0.0.1:0", &db);
    assert!(!server.banner.contains("warning"), "{}", server.banner);
    assert!(db.exists(), "the database file is created on start");
    let page = http(
        &server.url_host,
        "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    );
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(page.contains("<div id=\"grid\""));
    let body = r#"{"givens":"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."}"#;
    let req = format!(
        "POST /api/rate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let resp = http(&server.url_host, &req);
    assert!(resp.starts_with("HTTP/1.1 200"), "{resp}");
    assert!(resp.contains("\"level\":\"easy\""), "{resp}");
    let bad = "POST /api/rate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 3\r\nConnection: close\r\n\r\n{[}";
    let resp = http(&server.url_host, bad);
    assert!(resp.starts_with("HTTP/1.1 400"), "{resp}");
    assert!(resp.contains("malformed JSON"), "{resp}");
}

#[test]
fn warns_on_a_non_loopback_address() {
    let dir = tempfile::tempdir().expect("temp dir");
    let server = start("0.0.0.0:0", &dir.path().join("db.sqlite"));
    assert!(
        server.banner.contains("warning") && server.banner.contains("not a loopback address"),
        "{}",
        server.banner
    );
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
        &server.url_host,
        "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    );
    assert!(page.starts_with("HTTP/1.1 200"));
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
    let out = Command::new(BIN)
        .args(["serve", "--drain", "99999"])
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--drain"));
}
