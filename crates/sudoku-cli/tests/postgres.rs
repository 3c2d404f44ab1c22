//! Several `sudoku serve` processes on one PostgreSQL database, over real
//! HTTP: concurrent saves, overwrites and deletes through both servers lose
//! nothing and leave no half-written row, and a server killed with SIGKILL in
//! the middle of saves loses only what it had not acknowledged. Needs the
//! test server named by `SUDOKU_TEST_PG` (`scripts/test` starts one); without
//! it these tests say so and pass.
use serde_json::{Value, json};
use std::collections::HashMap;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use sudoku_store::testing::TestDatabase;
use sudoku_store::{Database, Location, Sort};

mod common;

use common::{BIN, EASY, Server, serve};

fn url(location: &Location) -> String {
    match location {
        Location::Postgres(url) => url.clone(),
        Location::Sqlite(_) => unreachable!("a PostgreSQL test database"),
    }
}

fn start(db: &str) -> Server {
    serve("127.0.0.1:0", db, &[])
}

/// One request; `None` when the connection failed or broke (not acknowledged).
fn call(host: &str, method: &str, path: &str, body: Option<&Value>) -> Option<(u16, Value)> {
    let mut s = TcpStream::connect(host).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(30))).ok()?;
    let body = body.map(Value::to_string).unwrap_or_default();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(request.as_bytes()).ok()?;
    let mut out = String::new();
    s.read_to_string(&mut out).ok()?;
    let status: u16 = out.split(' ').nth(1)?.parse().ok()?;
    let json = out.split("\r\n\r\n").nth(1)?;
    Some((status, serde_json::from_str(json).ok()?))
}

fn save_body(name: &str) -> Value {
    json!({ "name": name, "givens": EASY })
}

#[test]
fn two_servers_on_one_database_lose_nothing() {
    let Some(db) = TestDatabase::postgres() else {
        return;
    };
    let url = url(db.location());
    let servers = [start(&url), start(&url)];
    let hosts: Vec<String> = servers.iter().map(|s| s.host.clone()).collect();
    let threads: Vec<_> = (0..6)
        .map(|t| {
            let hosts = hosts.clone();
            std::thread::spawn(move || {
                // What this client knows: its ids and their last acknowledged names
                // (None: deleted).
                let mut mine: HashMap<String, Option<String>> = HashMap::new();
                for i in 0..30 {
                    let host = &hosts[(t + i) % 2];
                    let other = &hosts[(t + i + 1) % 2];
                    let name = format!("t{t}-{i}");
                    let (status, v) =
                        call(host, "POST", "/api/puzzles", Some(&save_body(&name))).expect("save");
                    assert_eq!(status, 201, "{v}");
                    let id = v["id"].as_str().expect("id").to_string();
                    mine.insert(id.clone(), Some(name.clone()));
                    if i % 3 == 1 {
                        // Overwrite through the other server.
                        let renamed = format!("{name}-renamed");
                        let (status, v) = call(
                            other,
                            "PUT",
                            &format!("/api/puzzles/{id}"),
                            Some(&save_body(&renamed)),
                        )
                        .expect("overwrite");
                        assert_eq!(status, 200, "{v}");
                        mine.insert(id, Some(renamed));
                    } else if i % 3 == 2 {
                        let (status, v) =
                            call(other, "DELETE", &format!("/api/puzzles/{id}"), None)
                                .expect("delete");
                        assert_eq!(status, 200, "{v}");
                        mine.insert(id, None);
                    }
                }
                mine
            })
        })
        .collect();
    let mut expected = HashMap::new();
    for t in threads {
        expected.extend(t.join().expect("client thread"));
    }
    assert_eq!(expected.len(), 180);
    // Both servers list the same rows, exactly the live ones.
    for host in &hosts {
        let (status, v) = call(host, "GET", "/api/puzzles", None).expect("list");
        assert_eq!(status, 200);
        let listed: HashMap<String, String> = v["puzzles"]
            .as_array()
            .expect("rows")
            .iter()
            .map(|r| {
                (
                    r["id"].as_str().unwrap_or("").to_string(),
                    r["name"].as_str().unwrap_or("").to_string(),
                )
            })
            .collect();
        let live: HashMap<String, String> = expected
            .iter()
            .filter_map(|(id, name)| name.clone().map(|n| (id.clone(), n)))
            .collect();
        assert_eq!(listed, live);
    }
    drop(servers);
}

#[test]
fn a_server_killed_mid_write_loses_only_unacknowledged_saves() {
    let Some(db) = TestDatabase::postgres() else {
        return;
    };
    let url = url(db.location());
    let mut server = start(&url);
    let host = server.host.clone();
    let stop = Arc::new(AtomicBool::new(false));
    let clients: Vec<_> = (0..4)
        .map(|t| {
            let host = host.clone();
            let stop = stop.clone();
            std::thread::spawn(move || {
                let mut acked = Vec::new();
                for i in 0.. {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    match call(
                        &host,
                        "POST",
                        "/api/puzzles",
                        Some(&save_body(&format!("k{t}-{i}"))),
                    ) {
                        Some((201, v)) => acked.push(v["id"].as_str().unwrap_or("").to_string()),
                        // The server is gone: the rest is unacknowledged.
                        _ => break,
                    }
                }
                acked
            })
        })
        .collect();
    std::thread::sleep(Duration::from_millis(1500));
    let killed = Command::new("kill")
        .args(["-KILL", &server.child.id().to_string()])
        .status()
        .expect("kill");
    assert!(killed.success());
    let _ = server.child.wait();
    stop.store(true, Ordering::Relaxed);
    let acked: Vec<String> = clients
        .into_iter()
        .flat_map(|c| c.join().expect("client"))
        .collect();
    assert!(
        acked.len() >= 8,
        "only {} saves before the kill",
        acked.len()
    );
    // Every acknowledged save is there, and every row reads back whole.
    let database = Database::open(db.location()).expect("open after the kill");
    let mut store = database.connect().expect("connect");
    let rows = store.list(Sort::default()).expect("every row reads back");
    let ids: std::collections::HashSet<_> = rows.iter().map(|r| r.id.clone()).collect();
    for id in &acked {
        assert!(ids.contains(id), "acknowledged save {id} is missing");
    }
    assert!(rows.len() >= acked.len());
    // A new server on the same database starts and serves them.
    let again = start(&url);
    let (status, v) = call(&again.host, "GET", "/api/puzzles", None).expect("list");
    assert_eq!(status, 200);
    assert_eq!(v["puzzles"].as_array().map(Vec::len), Some(rows.len()));
}

#[test]
fn every_db_subcommand_works_on_postgresql() {
    let Some(db) = TestDatabase::postgres() else {
        return;
    };
    let url = url(db.location());
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("collection.txt");
    std::fs::write(
        &file,
        format!("{EASY}\tfirst\n{}\n{EASY}\tsecond\n", &EASY[..80]),
    )
    .expect("write");
    let sudoku = |args: &[&str]| Command::new(BIN).args(args).output().expect("run sudoku");
    let out = sudoku(&["db", "--db", &url, "import", file.to_str().expect("path")]);
    assert_eq!(out.status.code(), Some(1), "one bad line");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("imported 2 puzzles into postgres://"),
        "{text}"
    );
    assert!(!text.contains(&url), "the password is masked: {text}");
    let out = sudoku(&["db", "--db", &url, "list", "--sort", "name", "--desc"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    let (second, first) = (text.find("second"), text.find("first"));
    assert!(second.is_some() && second < first, "{text}");
    let out = sudoku(&["db", "--db", &url, "export", "--format", "tsv"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).lines().count(),
        3,
        "header and two rows"
    );
    // A database of a newer program is refused, naming the version.
    db.raw_postgres("UPDATE sudoku_schema SET version = 99");
    let out = sudoku(&["db", "--db", &url, "list"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("99"), "{err}");
}
