//! The load driver of the soak and burst benchmarks (`bench/soak.sh`,
//! `bench/burst.sh`): real HTTP/1.1 keep-alive connections on loopback, each
//! from its own source address (127.0.0.x) so the server's per-client share
//! sees separate clients, timing every request itself.
//!
//! ```text
//! load mix   URL SECONDS CONNECTIONS   every endpoint mixed, paced like players
//! load burst URL EXPENSIVE             EXPENSIVE generate calls from one client
//!                                      while a second client evaluates
//! load store URL[,URL…] SECONDS CONNECTIONS
//!                                      the database under load: each connection
//!                                      registers a user on its server (round
//!                                      robin over the URLs, started with
//!                                      --accounts), saves and lists without
//!                                      pause, and at the end checks through
//!                                      another server that every acknowledged
//!                                      save is there
//! ```
//!
//! Prints one JSON object: per endpoint the count, the statuses and p50/p99
//! (ms); for `burst` also how long each expensive call took; for `store` the
//! acknowledged saves and how many were lost. Only loopback URLs are
//! accepted.

use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpSocket, TcpStream};

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/// The seed's very hard "teuflisch-spezial-2" (the search backtracks).
const HARD: &str =
    "14...68......5...2....94.6...4...........8.3675...19.....3...1..9......58.....7..";

type Error = Box<dyn std::error::Error + Send + Sync>;

/// One keep-alive connection from a chosen loopback source address.
struct Conn {
    stream: BufReader<TcpStream>,
    server: SocketAddr,
    source: IpAddr,
    /// The session cookie and its token, once logged in.
    session: Option<(String, String)>,
}

/// A response: status and body.
struct Answer {
    status: u16,
    body: Vec<u8>,
    /// A new session cookie's value.
    cookie: Option<String>,
}

impl Conn {
    async fn open(server: SocketAddr, source: IpAddr) -> Result<Conn, Error> {
        let socket = TcpSocket::new_v4()?;
        socket.bind(SocketAddr::new(source, 0))?;
        let stream = socket.connect(server).await?;
        stream.set_nodelay(true)?;
        Ok(Conn {
            stream: BufReader::new(stream),
            server,
            source,
            session: None,
        })
    }

    /// Sends one request and reads its answer; reconnects once when the
    /// server had closed the idle connection.
    async fn send(&mut self, method: &str, path: &str, body: &str) -> Result<Answer, Error> {
        match self.try_send(method, path, body).await {
            Ok(a) => Ok(a),
            Err(_) => {
                let session = self.session.take();
                *self = Conn::open(self.server, self.source).await?;
                self.session = session;
                self.try_send(method, path, body).await
            }
        }
    }

    async fn try_send(&mut self, method: &str, path: &str, body: &str) -> Result<Answer, Error> {
        let session = match &self.session {
            Some((cookie, csrf)) => {
                format!("Cookie: sudoku_session={cookie}\r\nX-CSRF-Token: {csrf}\r\n")
            }
            None => String::new(),
        };
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
             {session}Content-Length: {}\r\n\r\n",
            self.server,
            body.len()
        );
        let s = self.stream.get_mut();
        s.write_all(head.as_bytes()).await?;
        s.write_all(body.as_bytes()).await?;
        let mut line = String::new();
        if self.stream.read_line(&mut line).await? == 0 {
            return Err("connection closed".into());
        }
        let status: u16 = line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| format!("bad status line {line:?}"))?;
        let (mut length, mut chunked, mut cookie) = (0usize, false, None);
        loop {
            line.clear();
            self.stream.read_line(&mut line).await?;
            let l = line.trim_end();
            if l.is_empty() {
                break;
            }
            let lower = l.to_ascii_lowercase();
            if let Some(v) = lower.strip_prefix("content-length:") {
                length = v.trim().parse()?;
            } else if lower.starts_with("transfer-encoding:") && lower.contains("chunked") {
                chunked = true;
            } else if let Some(v) = lower.strip_prefix("set-cookie: sudoku_session=") {
                cookie = v.split(';').next().map(str::to_string);
            }
        }
        let mut body = Vec::new();
        if chunked {
            loop {
                line.clear();
                self.stream.read_line(&mut line).await?;
                let size = usize::from_str_radix(line.trim(), 16)?;
                let mut chunk = vec![0; size + 2];
                self.stream.read_exact(&mut chunk).await?;
                chunk.truncate(size);
                body.extend(chunk);
                if size == 0 {
                    break;
                }
            }
        } else {
            body.resize(length, 0);
            self.stream.read_exact(&mut body).await?;
        }
        Ok(Answer {
            status,
            body,
            cookie,
        })
    }
}

/// Latencies and statuses of one endpoint.
#[derive(Default)]
struct Tally {
    micros: Vec<u64>,
    statuses: BTreeMap<u16, u64>,
    failures: u64,
}

impl Tally {
    fn add(&mut self, took: Duration, status: Option<u16>) {
        self.micros.push(took.as_micros() as u64);
        match status {
            Some(s) => *self.statuses.entry(s).or_default() += 1,
            None => self.failures += 1,
        }
    }

    fn report(&mut self) -> Value {
        self.micros.sort_unstable();
        let q = |p: f64| {
            let n = self.micros.len();
            if n == 0 {
                return 0.0;
            }
            let i = ((n as f64 * p).ceil() as usize).clamp(1, n) - 1;
            self.micros[i] as f64 / 1000.0
        };
        json!({
            "count": self.micros.len(),
            "statuses": self.statuses,
            "connection_failures": self.failures,
            "p50_ms": q(0.50),
            "p99_ms": q(0.99),
            "max_ms": q(1.0),
        })
    }
}

type Tallies = BTreeMap<&'static str, Tally>;

/// A tiny deterministic random source (xorshift), one per connection.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

async fn timed(
    conn: &mut Conn,
    tallies: &mut Tallies,
    name: &'static str,
    method: &str,
    path: &str,
    body: &str,
) -> Option<Answer> {
    let start = Instant::now();
    let answer = conn.send(method, path, body).await;
    let took = start.elapsed();
    let tally = tallies.entry(name).or_default();
    match answer {
        Ok(a) => {
            tally.add(took, Some(a.status));
            Some(a)
        }
        Err(_) => {
            tally.add(took, None);
            None
        }
    }
}

fn json_of(a: &Option<Answer>) -> Option<Value> {
    a.as_ref()
        .filter(|a| a.status < 300)
        .and_then(|a| serde_json::from_slice(&a.body).ok())
}

/// One player: a mix of every endpoint with think time between requests.
async fn player(server: SocketAddr, source: IpAddr, until: Instant, seed: u64) -> Tallies {
    let mut tallies = Tallies::new();
    let mut rng = Rng(seed | 1);
    let Ok(mut conn) = Conn::open(server, source).await else {
        tallies
            .entry("connect")
            .or_default()
            .add(Duration::ZERO, None);
        return tallies;
    };
    let mut saved: Vec<String> = Vec::new();
    let position =
        |entries: &str| json!({"givens": EASY, "entries": entries, "mode": "strict-plus"});
    let empty = ".".repeat(81);
    while Instant::now() < until {
        let roll = rng.below(1000);
        let c = &mut conn;
        let t = &mut tallies;
        match roll {
            0..=449 => {
                timed(
                    c,
                    t,
                    "evaluate",
                    "POST",
                    "/api/evaluate",
                    &position(&empty).to_string(),
                )
                .await;
            }
            450..=549 => {
                let body = json!({"givens": EASY, "cell": rng.below(81), "mode": "strict-plus"});
                timed(c, t, "reasons", "POST", "/api/reasons", &body.to_string()).await;
            }
            550..=629 => {
                let body = json!({"givens": EASY, "entries": "1".to_string() + &".".repeat(80)});
                timed(c, t, "check", "POST", "/api/check", &body.to_string()).await;
            }
            630..=679 => {
                timed(c, t, "static", "GET", "/app.js", "").await;
            }
            680..=729 => {
                let body =
                    json!({"givens": EASY, "lang": if rng.below(2) == 0 { "en" } else { "de" }});
                timed(c, t, "hint", "POST", "/api/hint", &body.to_string()).await;
            }
            730..=759 => {
                let start = json!({"givens": HARD, "seed": rng.below(1000)});
                let a = timed(
                    c,
                    t,
                    "search/start",
                    "POST",
                    "/api/search/start",
                    &start.to_string(),
                )
                .await;
                if let Some(v) = json_of(&a) {
                    let step = json!({"search": v["search"], "steps": 200});
                    timed(
                        c,
                        t,
                        "search/step",
                        "POST",
                        "/api/search/step",
                        &step.to_string(),
                    )
                    .await;
                }
            }
            760..=779 => {
                let trainer = json!({"trainer": {"variant": "standard", "givens": EASY, "entries": empty,
                    "mode": "lazy", "seed": rng.below(1000), "pending": null}});
                timed(
                    c,
                    t,
                    "manual-step",
                    "POST",
                    "/api/manual-step",
                    &trainer.to_string(),
                )
                .await;
            }
            780..=799 => {
                timed(
                    c,
                    t,
                    "rate",
                    "POST",
                    "/api/rate",
                    &json!({"givens": EASY}).to_string(),
                )
                .await;
            }
            800..=809 => {
                let path = format!("/api/explain?p={EASY}&mode=sync");
                timed(c, t, "explain", "GET", &path, "").await;
            }
            810..=814 => {
                let body = json!({"level": "easy", "seed": rng.below(1_000_000)});
                timed(c, t, "generate", "POST", "/api/generate", &body.to_string()).await;
            }
            815..=824 => {
                timed(c, t, "daily", "GET", "/api/daily?date=2026-11-27", "").await;
            }
            825..=899 => {
                // A player keeps a few puzzles: the table stays small, as
                // in real use, instead of growing with the run's length.
                if saved.len() >= 3 {
                    let id = saved.remove(0);
                    timed(c, t, "delete", "DELETE", &format!("/api/puzzles/{id}"), "").await;
                }
                let body = json!({"name": format!("soak {source}"), "givens": EASY,
                    "progress": {"marks": vec![[1, 5, 7]; 81], "elapsed_ms": rng.below(100_000), "undo": [], "redo": []}});
                let a = timed(c, t, "save", "POST", "/api/puzzles", &body.to_string()).await;
                if let Some(id) = json_of(&a).and_then(|v| v["id"].as_str().map(String::from)) {
                    saved.push(id);
                }
            }
            900..=939 => {
                timed(c, t, "list", "GET", "/api/puzzles?sort=date&desc=true", "").await;
            }
            940..=969 => {
                if let Some(id) = saved.last() {
                    let path = format!("/api/puzzles/{id}");
                    timed(c, t, "load", "GET", &path, "").await;
                    let body = json!({"name": "soak overwrite", "givens": EASY, "entries": "1".to_string() + &".".repeat(80)});
                    timed(c, t, "overwrite", "PUT", &path, &body.to_string()).await;
                }
            }
            _ => {
                // Deletes keep the table from growing without bound.
                if let Some(id) = saved.pop() {
                    timed(c, t, "delete", "DELETE", &format!("/api/puzzles/{id}"), "").await;
                }
            }
        }
        // Think time: 50-150 ms, about 10 requests a second per player.
        tokio::time::sleep(Duration::from_millis(50 + rng.below(100))).await;
    }
    tallies
}

fn merge(into: &mut Tallies, from: Tallies) {
    for (name, t) in from {
        let e = into.entry(name).or_default();
        e.micros.extend(t.micros);
        for (s, n) in t.statuses {
            *e.statuses.entry(s).or_default() += n;
        }
        e.failures += t.failures;
    }
}

fn source(n: u32) -> IpAddr {
    // 127.0.1.0 and up: one loopback address per connection.
    IpAddr::V4(Ipv4Addr::from(0x7f00_0100 + n))
}

async fn mix(server: SocketAddr, seconds: u64, connections: u32) -> Value {
    let until = Instant::now() + Duration::from_secs(seconds);
    let mut tasks = Vec::new();
    for i in 0..connections {
        tasks.push(tokio::spawn(player(
            server,
            source(i + 1),
            until,
            0x9e37_79b9 * (u64::from(i) + 1),
        )));
    }
    let mut all = Tallies::new();
    for t in tasks {
        if let Ok(t) = t.await {
            merge(&mut all, t);
        }
    }
    let total: usize = all.values().map(|t| t.micros.len()).sum();
    let endpoints: BTreeMap<_, _> = all.iter_mut().map(|(k, t)| (*k, t.report())).collect();
    json!({"mode": "mix", "seconds": seconds, "connections": connections, "requests": total, "endpoints": endpoints})
}

/// One client of the `store` load: registers on `server`, then saves and
/// lists its puzzles until `until`; its acknowledged ids, and how many of
/// them a listing missed (lost).
async fn storer(
    server: SocketAddr,
    source: IpAddr,
    until: Instant,
    user: String,
) -> (Tallies, Vec<String>, Option<(String, String)>, u64) {
    let mut tallies = Tallies::new();
    let mut acked = Vec::new();
    let mut missing = 0;
    let Ok(mut conn) = Conn::open(server, source).await else {
        tallies
            .entry("connect")
            .or_default()
            .add(Duration::ZERO, None);
        return (tallies, acked, None, 0);
    };
    let register = json!({"name": user, "password": format!("{user} password")}).to_string();
    let a = timed(
        &mut conn,
        &mut tallies,
        "register",
        "POST",
        "/api/account/register",
        &register,
    )
    .await;
    let csrf = json_of(&a).and_then(|v| v["csrf"].as_str().map(str::to_string));
    match (a.and_then(|a| a.cookie), csrf) {
        (Some(cookie), Some(csrf)) => conn.session = Some((cookie, csrf)),
        _ => return (tallies, acked, None, 0),
    }
    let mut n = 0u64;
    while Instant::now() < until {
        n += 1;
        let body = json!({"name": format!("{user}-{n}"), "givens": EASY}).to_string();
        let a = timed(
            &mut conn,
            &mut tallies,
            "save",
            "POST",
            "/api/puzzles",
            &body,
        )
        .await;
        if let Some(v) = json_of(&a).filter(|_| a.as_ref().is_some_and(|a| a.status == 201)) {
            acked.push(v["id"].as_str().unwrap_or("").to_string());
        }
        if n.is_multiple_of(4) {
            let a = timed(&mut conn, &mut tallies, "list", "GET", "/api/puzzles", "").await;
            if let Some(v) = json_of(&a) {
                missing += lost(&v, &acked);
            }
        }
    }
    (tallies, acked, conn.session.clone(), missing)
}

/// How many of `acked` a listing lacks.
fn lost(listing: &Value, acked: &[String]) -> u64 {
    let ids: std::collections::HashSet<&str> = listing["puzzles"]
        .as_array()
        .map(|rows| rows.iter().filter_map(|r| r["id"].as_str()).collect())
        .unwrap_or_default();
    acked.iter().filter(|id| !ids.contains(id.as_str())).count() as u64
}

async fn store(servers: &[SocketAddr], seconds: u64, connections: u32) -> Value {
    let until = Instant::now() + Duration::from_secs(seconds);
    let run = std::process::id();
    let mut tasks = Vec::new();
    for i in 0..connections {
        let server = servers[i as usize % servers.len()];
        tasks.push(tokio::spawn(storer(
            server,
            source(i + 1),
            until,
            format!("load{run}_{i}"),
        )));
    }
    let mut all = Tallies::new();
    let (mut acked_total, mut lost_in_flight, mut lost_at_end, mut unchecked) = (0, 0, 0, 0);
    for (i, t) in tasks.into_iter().enumerate() {
        let Ok((tallies, acked, session, missing)) = t.await else {
            continue;
        };
        merge(&mut all, tallies);
        acked_total += acked.len();
        lost_in_flight += missing;
        // The final check goes through the next server.
        let other = servers[(i + 1) % servers.len()];
        let final_list = async {
            let mut conn = Conn::open(other, source(i as u32 + 1)).await.ok()?;
            conn.session = session;
            let a = conn.send("GET", "/api/puzzles", "").await.ok()?;
            (a.status == 200)
                .then(|| serde_json::from_slice::<Value>(&a.body).ok())
                .flatten()
        };
        match final_list.await {
            Some(v) => lost_at_end += lost(&v, &acked),
            None => unchecked += acked.len(),
        }
    }
    let total: usize = all.values().map(|t| t.micros.len()).sum();
    let endpoints: BTreeMap<_, _> = all.iter_mut().map(|(k, t)| (*k, t.report())).collect();
    json!({"mode": "store", "servers": servers.len(), "seconds": seconds, "connections": connections,
        "requests": total, "acknowledged_saves": acked_total, "lost_in_flight": lost_in_flight,
        "lost_at_end": lost_at_end, "unchecked": unchecked, "endpoints": endpoints})
}

async fn burst(server: SocketAddr, expensive: u32) -> Value {
    let greedy = source(1);
    let mut calls = Vec::new();
    for i in 0..expensive {
        calls.push(tokio::spawn(async move {
            let mut t = Tallies::new();
            let body =
                json!({"level": "hard", "variant": "color-diagonal", "seed": i + 1}).to_string();
            let start = Instant::now();
            let status = match Conn::open(server, greedy).await {
                Ok(mut c) => timed(&mut c, &mut t, "generate", "POST", "/api/generate", &body)
                    .await
                    .map(|a| a.status),
                Err(_) => None,
            };
            (status, start.elapsed().as_secs_f64())
        }));
    }
    // Give the burst a moment to reach the server, then evaluate as another
    // client while it runs.
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mut t = Tallies::new();
    if let Ok(mut c) = Conn::open(server, source(2)).await {
        let body = json!({"givens": EASY, "mode": "strict-plus"}).to_string();
        while calls.iter().any(|c| !c.is_finished()) {
            timed(&mut c, &mut t, "evaluate", "POST", "/api/evaluate", &body).await;
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
    let mut answers = Vec::new();
    for c in calls {
        if let Ok((status, secs)) = c.await {
            answers.push(json!({"status": status, "seconds": (secs * 1000.0).round() / 1000.0}));
        }
    }
    let evaluate = t.entry("evaluate").or_default().report();
    json!({"mode": "burst", "expensive": answers, "second_client_evaluate": evaluate})
}

fn main() -> Result<(), Error> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: load mix URL SECONDS CONNECTIONS | load burst URL EXPENSIVE \
                 | load store URL[,URL...] SECONDS CONNECTIONS";
    let mut servers = Vec::new();
    for url in args.get(1).ok_or(usage)?.split(',') {
        let authority = url
            .strip_prefix("http://")
            .ok_or_else(|| format!("{url}: the URL must start with http://"))?
            .trim_end_matches('/');
        let server: SocketAddr = authority
            .parse()
            .map_err(|e| format!("{authority}: {e} (give IP:PORT)"))?;
        if !server.ip().is_loopback() {
            return Err(format!(
                "{server} is not a loopback address: the load driver only runs on loopback"
            )
            .into());
        }
        servers.push(server);
    }
    let server = servers[0];
    let number = |i: usize, what: &str| -> Result<u64, Error> {
        args.get(i)
            .ok_or(usage)?
            .parse()
            .map_err(|e| format!("{what}: {e}").into())
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()?;
    let report = match args.first().map(String::as_str) {
        Some("mix") => {
            let seconds = number(2, "SECONDS")?;
            let connections = u32::try_from(number(3, "CONNECTIONS")?)?;
            runtime.block_on(mix(server, seconds, connections))
        }
        Some("store") => {
            let seconds = number(2, "SECONDS")?;
            let connections = u32::try_from(number(3, "CONNECTIONS")?)?;
            runtime.block_on(store(&servers, seconds, connections))
        }
        Some("burst") => {
            let expensive = u32::try_from(number(2, "EXPENSIVE")?)?;
            runtime.block_on(burst(server, expensive))
        }
        _ => return Err(usage.into()),
    };
    use std::io::Write;
    writeln!(std::io::stdout(), "{report}")?;
    Ok(())
}
