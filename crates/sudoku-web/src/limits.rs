//! Bounds on expensive work, so that no client can starve the trainer: a
//! rating, a hint on a hard position, an explained path, a generator run or a
//! long search burst may each take seconds of a core.
//!
//! Every expensive request gets a **budget** that starts when the request
//! arrives (time spent waiting for a worker counts); the work runs under a
//! `sudoku_core::interrupt::Interrupt` with that deadline, so the engine stops
//! by itself when time is up, and the answer is a 503 within the budget plus a
//! moment. A request whose **client went away** (the connection closed, so
//! axum drops the handler) cancels its work the same way. One client (its
//! account when logged in on a server with accounts, else its address, see
//! [`Client`]) may have at most [`Limits::per_client`] expensive requests running or
//! waiting; the next gets **429 Too Many Requests** with `Retry-After` (the
//! seconds until its earliest one runs out of budget). At most
//! [`Limits::workers`] expensive computations run at once server-wide, on the
//! blocking pool; the cheap requests (evaluate, check, static files, the
//! database's reads) never wait for them.
//!
//! Saves rate the puzzle they store: they share the workers and the budget but
//! are never refused for the client's count (a 429 would lose the player's
//! work).

use crate::codes::ErrorCode;
use crate::error::ApiError;
use axum::extract::{ConnectInfo, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::middleware::Next;
use axum::response::Response;
use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use sudoku_core::interrupt::{self, Interrupt};
use tokio::sync::Semaphore;

/// How long an answer may come after its budget ran out while the engine
/// reaches its next check (the engine checks every step; a step of the
/// hardest puzzles' forcing chains is cut within tens of milliseconds).
const GRACE: Duration = Duration::from_millis(500);

/// The limits of `sudoku serve` (`--budget`, `--per-client`, `--workers`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The time an expensive request may take from its arrival, waiting for
    /// a worker included.
    pub budget: Duration,
    /// Expensive requests one client (account or address) may have running
    /// or waiting.
    pub per_client: usize,
    /// Expensive computations running at once, server-wide.
    pub workers: usize,
}

impl Default for Limits {
    /// 30 s, 2 per client, one worker per core.
    fn default() -> Limits {
        Limits {
            budget: Duration::from_secs(30),
            per_client: 2,
            workers: std::thread::available_parallelism().map_or(2, |n| n.get()),
        }
    }
}

/// Whether a request counts against its client's share.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Share {
    /// Counted: beyond [`Limits::per_client`] the answer is 429.
    Counted,
    /// Not counted (saves).
    Free,
}

/// The gate every expensive request passes.
#[derive(Debug)]
pub(crate) struct Gate {
    limits: Limits,
    workers: Arc<Semaphore>,
    /// The deadlines of each client's expensive requests in flight.
    clients: Arc<Mutex<HashMap<Client, Vec<Instant>>>>,
}

/// Whose share an expensive request counts against: the logged-in account
/// on a server with accounts (so players behind one proxy or school router
/// do not share one share), otherwise the client's address.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Client {
    /// A client address.
    Address(IpAddr),
    /// An account (a hash of its id).
    Account(u64),
}

impl std::fmt::Display for Client {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Client::Address(ip) => write!(f, "{ip}"),
            Client::Account(_) => f.write_str("this account"),
        }
    }
}

/// Who asked, and when the request arrived (stamped by the router before the
/// body is read).
#[derive(Clone, Copy, Debug)]
pub struct Caller {
    /// The client's address (unspecified for requests without a connection,
    /// e.g. in-process tests: those share one count).
    pub ip: IpAddr,
    /// Whose share it counts against.
    pub client: Client,
    /// When the request arrived.
    pub arrived: Instant,
}

/// The arrival time of a request, stamped before its body is read.
#[derive(Clone, Copy, Debug)]
struct Arrived(Instant);

/// Middleware: stamps each request with its arrival time, so that a budget
/// also counts the time spent reading the body and waiting.
pub(crate) async fn stamp(mut req: Request, next: Next) -> Response {
    req.extensions_mut().insert(Arrived(Instant::now()));
    next.run(req).await
}

impl<S: Send + Sync> FromRequestParts<S> for Caller {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Caller, Self::Rejection> {
        let ip = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |c| c.0.ip());
        let arrived = parts
            .extensions
            .get::<Arrived>()
            .map_or_else(Instant::now, |a| a.0);
        let client = parts
            .extensions
            .get::<crate::accounts::Visitor>()
            .and_then(|v| v.0.as_ref())
            .map_or(Client::Address(ip), |s| {
                let mut h = std::hash::DefaultHasher::new();
                std::hash::Hash::hash(&s.user.id, &mut h);
                Client::Account(std::hash::Hasher::finish(&h))
            });
        Ok(Caller {
            ip,
            client,
            arrived,
        })
    }
}

/// A client's place among its expensive requests; given back on drop.
struct Slot {
    clients: Arc<Mutex<HashMap<Client, Vec<Instant>>>>,
    client: Client,
    deadline: Instant,
}

impl Drop for Slot {
    fn drop(&mut self) {
        // A poisoned map only means another request panicked while holding
        // it; the counts are still right.
        let mut clients = self.clients.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(list) = clients.get_mut(&self.client) {
            if let Some(i) = list.iter().position(|&d| d == self.deadline) {
                list.swap_remove(i);
            }
            if list.is_empty() {
                clients.remove(&self.client);
            }
        }
    }
}

/// Cancels the work when the request is dropped before it finished (the
/// client went away).
struct CancelOnDrop(Interrupt);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

fn seconds_until(t: Instant) -> u64 {
    let left = t.saturating_duration_since(Instant::now());
    (left.as_millis().div_ceil(1000) as u64).max(1)
}

impl Gate {
    pub(crate) fn new(limits: Limits) -> Gate {
        // Zero would refuse or starve every expensive request.
        let limits = Limits {
            per_client: limits.per_client.max(1),
            workers: limits.workers.max(1),
            ..limits
        };
        Gate {
            limits,
            workers: Arc::new(Semaphore::new(limits.workers)),
            clients: Arc::default(),
        }
    }

    /// The limits in force.
    pub(crate) fn limits(&self) -> Limits {
        self.limits
    }

    /// Runs `work` on the blocking pool within the caller's budget (see the
    /// module documentation).
    pub(crate) async fn run<T: Send + 'static>(
        &self,
        caller: Caller,
        share: Share,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let budget = self.limits.budget;
        let deadline = caller.arrived + budget;
        let slot = match share {
            Share::Counted => Some(self.take_slot(caller.client, deadline)?),
            Share::Free => None,
        };
        let out_of_time = || {
            ApiError::from(ErrorCode::Busy {
                budget: budget.as_secs_f64(),
            })
            .retry_after(1)
        };
        let permit = tokio::time::timeout_at(deadline.into(), self.workers.clone().acquire_owned())
            .await
            .map_err(|_| out_of_time())?
            .map_err(|e| ErrorCode::Unavailable {
                detail: e.to_string(),
            })?;
        let interrupt = Interrupt::new(Some(deadline));
        let cancel = CancelOnDrop(interrupt.clone());
        let job = tokio::task::spawn_blocking(move || {
            // Held until the work really stops, so the counts stay honest
            // after an early answer.
            let _held = (permit, slot);
            interrupt::within(&interrupt, work)
        });
        let outcome = tokio::time::timeout_at((deadline + GRACE).into(), job).await;
        // Answered (or out of time): nothing left to cancel on drop, but
        // cancelling a finished job is harmless and stops a late one.
        drop(cancel);
        match outcome {
            Ok(Ok(Ok(value))) => Ok(value),
            Ok(Ok(Err(interrupt::Interrupted))) | Err(_) => Err(out_of_time()),
            Ok(Err(e)) => Err(ErrorCode::from(e).into()),
        }
    }

    fn take_slot(&self, client: Client, deadline: Instant) -> Result<Slot, ApiError> {
        let mut clients = self.clients.lock().unwrap_or_else(|p| p.into_inner());
        let list = clients.entry(client).or_default();
        if list.len() >= self.limits.per_client {
            let first = list.iter().min().copied().unwrap_or(deadline);
            let address = match client {
                Client::Address(ip) => Some(ip.to_string()),
                Client::Account(_) => None,
            };
            return Err(ApiError::from(ErrorCode::TooManyRequests {
                limit: self.limits.per_client,
                address,
            })
            .retry_after(seconds_until(first)));
        }
        list.push(deadline);
        Ok(Slot {
            clients: self.clients.clone(),
            client,
            deadline,
        })
    }
}
