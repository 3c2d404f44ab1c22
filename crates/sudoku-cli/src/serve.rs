//! `sudoku serve`: the trainer in the browser. Opens (creating on first start)
//! the puzzle database and serves the trainer, database and help pages and their
//! JSON API from `sudoku-web` until Ctrl-C or SIGTERM; then it finishes the
//! requests in flight, checkpoints the database's write-ahead log and exits
//! 0, all within `--drain` seconds of the signal. Expensive requests (rate,
//! hint, generate, explained paths, search bursts) run within `--budget`
//! seconds, at most `--per-client` at once per address and per account, and
//! `--workers` at once in all (see `sudoku_web::limits`). Connections are
//! cut off after their timeouts and capped per address and in all (see
//! `sudoku_web::conn`); the Host allow-list and trusted proxies are
//! `--allowed-host` and `--trusted-proxy` (see `sudoku_web::site` and
//! `sudoku_web::proxy`).
//!
//! `--db` is a SQLite file or a PostgreSQL server that several `sudoku serve`
//! processes share. `--accounts` turns on accounts (each saved puzzle private
//! to its owner, see `sudoku_web::accounts`); a server on a non-loopback
//! address must have them, so nobody else's puzzles are open to the network.

use crate::messages::{Msg, Threads};
use anyhow::{Context, anyhow};
use std::io::Write;
use std::net::SocketAddr;
use std::time::Duration;
use sudoku_store::{Database, Location};

/// Arguments of `sudoku serve`.
#[derive(clap::Args, Debug)]
#[command(
    about = "Start the trainer in the browser (with the puzzle database)",
    long_about = "Start the trainer in the browser: the trainer page (define, solve, \
watch the search, hints), the puzzle database and the help, served with their JSON \
API on ADDR. Every asset is in the binary, so it works offline. The database is an \
SQLite file created on first start, or a PostgreSQL server shared by several servers \
(--db postgres://...). It binds to localhost unless told otherwise; on any other address \
--accounts is required, so that every saved puzzle stays private to its owner."
)]
pub struct Args {
    /// The address to listen on; a non-loopback address makes the trainer
    /// reachable from other machines and needs --accounts.
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// The puzzle database: a SQLite file, or a PostgreSQL server as
    /// `postgres://user[:password]@host[:port]/database` [default:
    /// puzzles.sqlite in the user's data directory, e.g.
    /// ~/.local/share/sudoku-trainer/].
    #[arg(long, value_name = "PATH|URL")]
    pub db: Option<Location>,
    /// Accounts: players register and log in, and each saved puzzle is
    /// private to its owner (required on a non-loopback --addr).
    #[arg(long)]
    pub accounts: bool,
    /// Session cookies only over HTTPS (when a TLS proxy serves the trainer).
    #[arg(long, requires = "accounts")]
    pub secure_cookies: bool,
    /// On Ctrl-C or SIGTERM: how many seconds the requests in flight may take
    /// to finish; the server has stopped (database checkpointed) within this
    /// time of the signal.
    #[arg(long, value_name = "SECONDS", default_value_t = 10, value_parser = clap::value_parser!(u64).range(0..=3600))]
    pub drain: u64,
    /// The time an expensive request (rate, hint, generate, explained path,
    /// search burst) may take from its arrival, waiting for a worker included;
    /// then it is answered 503.
    #[arg(long, value_name = "SECONDS", default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub budget: u64,
    /// Expensive requests one client address (an IPv6 /64), and one account,
    /// may have running or waiting at once; more are answered 429 with
    /// Retry-After [default: half the workers, at least 1].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1000))]
    pub per_client: Option<u64>,
    /// Expensive requests computed at once in all [default: the number of
    /// cores, at least 2]. Cheap requests (evaluate, check, pages, database
    /// reads) never wait for these workers.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub workers: Option<u64>,
    /// The seconds a request's head (request line and headers) may take.
    #[arg(long, value_name = "SECONDS", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub header_timeout: u64,
    /// The seconds a request's body may take once its head has arrived.
    #[arg(long, value_name = "SECONDS", default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub body_timeout: u64,
    /// The seconds an answer may take to be sent (a client that does not read).
    #[arg(long, value_name = "SECONDS", default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub send_timeout: u64,
    /// The seconds a kept-alive connection may wait for its next request.
    #[arg(long, value_name = "SECONDS", default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub idle_timeout: u64,
    /// Connections one client address (an IPv6 /64) may hold at once; more
    /// are closed when accepted. A trusted proxy's count only in the total.
    #[arg(long, value_name = "N", default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub max_connections_per_address: u64,
    /// Connections held at once in all [default: 10,000, or the descriptor
    /// limit less 128 if that is smaller].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub max_connections: Option<u64>,
    /// A reverse proxy (an address or block, e.g. 10.0.0.0/8) whose
    /// `Forwarded` or `X-Forwarded-For` header names the client; repeat or
    /// separate by commas. Without it those headers are ignored.
    #[arg(long, value_name = "CIDR", value_delimiter = ',')]
    pub trusted_proxy: Vec<sudoku_web::Cidr>,
    /// A host name the server answers to besides its bound address (and the
    /// localhost names on loopback); requests for any other Host get 421.
    /// Repeat or separate by commas. Bound to all interfaces (0.0.0.0, ::)
    /// without it, any Host is accepted.
    #[arg(long, value_name = "NAME", value_delimiter = ',')]
    pub allowed_host: Vec<String>,
}

/// Runs the server until Ctrl-C or SIGTERM, then stops cleanly.
pub fn run(args: &Args) -> anyhow::Result<bool> {
    if !args.addr.ip().is_loopback() && !args.accounts {
        return Err(anyhow!(Msg::PublicNeedsAccounts {
            addr: args.addr.to_string()
        }));
    }
    let location = crate::db::location(args.db.as_ref())?;
    let defaults = sudoku_web::Limits::default();
    // Every number is at most 1,000,000 (clap checked the ranges).
    let workers = args.workers.map_or(defaults.workers, |n| n as usize);
    let limits = sudoku_web::Limits {
        budget: Duration::from_secs(args.budget),
        per_client: args.per_client.map_or_else(
            || sudoku_web::Limits::per_client_for(workers),
            |n| n as usize,
        ),
        workers,
    };
    let connections = sudoku_web::Connections {
        head_timeout: Duration::from_secs(args.header_timeout),
        body_timeout: Duration::from_secs(args.body_timeout),
        send_timeout: Duration::from_secs(args.send_timeout),
        idle_timeout: Duration::from_secs(args.idle_timeout),
        per_address: args.max_connections_per_address as usize,
        total: args
            .max_connections
            .map_or_else(|| sudoku_web::Connections::default().total, |n| n as usize),
    };
    let proxies = sudoku_web::Proxies(args.trusted_proxy.clone());
    let db = Database::open(&location).with_context(|| Msg::CannotOpenDatabase {
        location: location.to_string(),
    })?;
    let settings = sudoku_web::Settings {
        limits,
        accounts: args.accounts,
        secure_cookies: args.secure_cookies,
        hosts: sudoku_web::Hosts::for_address(args.addr, &args.allowed_host),
        proxies: proxies.clone(),
        clock: sudoku_web::Clock::System,
    };
    let app = sudoku_web::app(db.clone(), settings);
    let drain = Duration::from_secs(args.drain);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context(Msg::NoThreads {
            what: Threads::Runtime,
        })?;
    let signalled = runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(args.addr)
            .await
            .with_context(|| Msg::CannotListen {
                addr: args.addr.to_string(),
            })?;
        let local = listener.local_addr().context(Msg::CannotReadAddress {})?;
        let mut err = std::io::stderr();
        let up = Msg::ServerUp {
            url: format!("http://{local}/"),
            location: location.to_string(),
            accounts: args.accounts,
        };
        let _ = writeln!(err, "{up}");
        let stop = sudoku_web::stop_signal();
        sudoku_web::serve(
            listener,
            app,
            connections,
            |ip| proxies.trusts(ip),
            drain,
            stop,
        )
        .await
        .context(Msg::ServerFailed {})
    })?;
    // Requests cut off at the deadline may still run on the blocking pool;
    // each write is one transaction, so they finish or leave nothing. What
    // is left of the drain time goes to them, less a moment for the
    // checkpoint.
    let left = (signalled + drain).saturating_duration_since(std::time::Instant::now());
    runtime.shutdown_timeout(left.saturating_sub(Duration::from_millis(200)));
    db.connect()
        .and_then(|mut store| store.checkpoint())
        .with_context(|| Msg::CannotCheckpoint {
            location: location.to_string(),
        })?;
    let stopped = Msg::ServerStopped {
        location: location.to_string(),
    };
    let _ = writeln!(std::io::stderr(), "{stopped}");
    Ok(true)
}
