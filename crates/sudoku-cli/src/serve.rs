//! `sudoku serve`: the trainer in the browser. Opens (creating on first start)
//! the puzzle database and serves the trainer, database and help pages and their
//! JSON API from `sudoku-web` until Ctrl-C or SIGTERM; then it finishes the
//! requests in flight (for at most `--drain` seconds), checkpoints the
//! database's write-ahead log and exits 0. Expensive requests (rate, hint,
//! generate, explained paths, search bursts) run within `--budget` seconds,
//! at most `--per-client` at once per client (its account with --accounts,
//! else its address) and `--workers` at once
//! in all (see `sudoku_web::limits`).
//!
//! `--db` is a SQLite file or a PostgreSQL server that several `sudoku serve`
//! processes share. `--accounts` turns on accounts (each saved puzzle private
//! to its owner, see `sudoku_web::accounts`); a server on a non-loopback
//! address must have them, so nobody else's puzzles are open to the network.

use crate::messages::{Msg, Threads};
use anyhow::{Context, anyhow};
use std::io::Write;
use std::net::SocketAddr;
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
    /// to finish before the server stops anyway.
    #[arg(long, value_name = "SECONDS", default_value_t = 10, value_parser = clap::value_parser!(u64).range(0..=3600))]
    pub drain: u64,
    /// The time an expensive request (rate, hint, generate, explained path,
    /// search burst) may take from its arrival, waiting for a worker included;
    /// then it is answered 503.
    #[arg(long, value_name = "SECONDS", default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub budget: u64,
    /// Expensive requests one client may have running or waiting at once
    /// (per account when logged in with --accounts, else per address); more
    /// are answered 429 with Retry-After.
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=1000))]
    pub per_client: u64,
    /// Expensive requests computed at once in all [default: the number of
    /// cores]. Cheap requests (evaluate, check, pages, database reads) never
    /// wait for these workers.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub workers: Option<u64>,
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
    let limits = sudoku_web::Limits {
        budget: std::time::Duration::from_secs(args.budget),
        // Both are at most 1024 (clap checked the ranges).
        per_client: args.per_client as usize,
        workers: args.workers.map_or(defaults.workers, |n| n as usize),
    };
    let db = Database::open(&location).with_context(|| Msg::CannotOpenDatabase {
        location: location.to_string(),
    })?;
    let settings = sudoku_web::Settings {
        limits,
        accounts: args.accounts,
        secure_cookies: args.secure_cookies,
    };
    let app = sudoku_web::app(db.clone(), settings);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context(Msg::NoThreads {
            what: Threads::Runtime,
        })?;
    runtime.block_on(async {
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
        sudoku_web::serve(listener, app, std::time::Duration::from_secs(args.drain))
            .await
            .context(Msg::ServerFailed {})
    })?;
    // Requests cut off at the deadline may still run on the blocking pool;
    // each write is one transaction, so they finish or leave nothing.
    runtime.shutdown_timeout(std::time::Duration::from_secs(args.drain));
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
