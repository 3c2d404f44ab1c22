//! Helpers shared by the end-to-end test files: running the built `sudoku` binary
//! as a user would, reading what it printed, and the puzzles more than one file
//! needs.

// Every test file is its own crate and uses only some of these helpers.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Child, Command, Output, Stdio};

/// The built binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_sudoku");

/// Hidden singles and full houses only.
pub const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/// A hard puzzle needing eliminations (top1465 #1: chains and trial and error).
pub const HARD: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
/// Conflict-free givens without a solution: r1c9 can only be 9, but r2c9 holds 9.
pub const NO_SOLUTION: &str =
    "123456780000000009000000000000000000000000000000000000000000000000000000000000000";

/// Starts `sudoku args…` with piped stdin and stdout and the given stderr,
/// its messages in English whatever the locale of the machine running the
/// tests.
pub fn spawn(args: &[&str], stderr: Stdio) -> Child {
    spawn_in(args, stderr, &[("SUDOKU_LANG", "en")], &[])
}

/// As [`spawn`], with `set` added to the environment and `unset` taken out
/// of it (for the tests of the messages' language).
pub fn spawn_in(args: &[&str], stderr: Stdio, set: &[(&str, &str)], unset: &[&str]) -> Child {
    let mut command = Command::new(BIN);
    for name in unset {
        command.env_remove(name);
    }
    command
        .envs(set.iter().copied())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .expect("start sudoku")
}

/// Runs `sudoku args…` with `stdin` fed from a thread (so large inputs cannot
/// deadlock against large outputs).
pub fn run(args: &[&str], stdin: impl AsRef<[u8]>) -> Output {
    finish(spawn(args, Stdio::piped()), stdin)
}

/// As [`run`], in the environment [`spawn_in`] makes.
pub fn run_in(
    args: &[&str],
    stdin: impl AsRef<[u8]>,
    set: &[(&str, &str)],
    unset: &[&str],
) -> Output {
    finish(spawn_in(args, Stdio::piped(), set, unset), stdin)
}

/// Feeds `stdin` to `child` from a thread and waits for what it printed.
fn finish(mut child: Child, stdin: impl AsRef<[u8]>) -> Output {
    let mut pipe = child.stdin.take().expect("stdin is piped");
    let input = stdin.as_ref().to_vec();
    let feeder = std::thread::spawn(move || {
        // The process may stop reading early (usage errors): that is fine here.
        let _ = pipe.write_all(&input);
    });
    let out = child.wait_with_output().expect("wait for sudoku");
    feeder.join().expect("stdin feeder");
    out
}

/// What the run printed on stdout.
pub fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("stdout is UTF-8")
}

/// What the run printed on stderr.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Asserts the exit status, showing both outputs on failure.
#[track_caller]
pub fn assert_exit(out: &Output, code: i32) {
    assert_eq!(
        out.status.code(),
        Some(code),
        "exit status; stdout:\n{}\nstderr:\n{}",
        stdout(out),
        stderr(out)
    );
}

/// A fresh file in Cargo's scratch directory for integration tests.
pub fn temp_file(name: &str, contents: impl AsRef<[u8]>) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, contents).expect("write temp file");
    path
}

/// The run's stdout as one JSON value per line.
pub fn json_lines(out: &Output) -> Vec<serde_json::Value> {
    stdout(out)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect()
}

/// A running `sudoku serve`, killed and reaped when dropped.
pub struct Server {
    /// The process.
    pub child: Child,
    /// Where it listens (`127.0.0.1:PORT`).
    pub host: String,
    /// What it printed up to its "on http://…/" line.
    pub banner: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `sudoku serve --addr ADDR --db DB MORE…` and reads its stderr up to
/// the "on http://…/" line; the rest of its stderr is drained by a thread, so
/// the server never blocks on it.
pub fn serve(addr: &str, db: impl AsRef<std::ffi::OsStr>, more: &[&str]) -> Server {
    let child = Command::new(BIN)
        .env("SUDOKU_LANG", "en")
        .args(["serve", "--addr", addr, "--db"])
        .arg(db)
        .args(more)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn sudoku serve");
    // Owned by `Server` at once, so its Drop kills and reaps it on every path.
    let mut server = Server {
        child,
        host: String::new(),
        banner: String::new(),
    };
    let mut reader = BufReader::new(server.child.stderr.take().expect("stderr"));
    loop {
        let mut line = String::new();
        let n = reader.read_line(&mut line).unwrap_or(0);
        assert!(n > 0, "server ended before it listened: {}", server.banner);
        server.banner.push_str(&line);
        if let Some(rest) = line.split("on http://").nth(1) {
            server.host = rest.split('/').next().expect("host").to_string();
            std::thread::spawn(move || {
                let mut sink = String::new();
                let _ = reader.read_to_string(&mut sink);
            });
            return server;
        }
    }
}

/// The body of `GET path` from the server at `host` (HTTP/1.1, one request,
/// the connection closed after it); the status must be 200. A chunked body
/// is read as its one chunk.
pub fn http_get(host: &str, path: &str) -> String {
    let mut s = std::net::TcpStream::connect(host).expect("connect");
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
    )
    .expect("write");
    let mut out = String::new();
    s.read_to_string(&mut out).expect("read");
    assert!(out.starts_with("HTTP/1.1 200"), "{out}");
    let body = out.split_once("\r\n\r\n").expect("body").1;
    match body.split_once("\r\n") {
        Some((len, rest)) if usize::from_str_radix(len.trim(), 16).is_ok() => {
            let n = usize::from_str_radix(len.trim(), 16).unwrap_or(0);
            rest[..n.min(rest.len())].to_string()
        }
        _ => body.to_string(),
    }
}
