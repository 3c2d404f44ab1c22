//! Bounds on expensive work, so that no client can starve the trainer: a
//! rating, a hint on a hard position, an explained path, a generator run or a
//! long search burst may each take seconds of a core.
//!
//! * **Budget.** Every expensive request gets a budget that starts when the
//!   request arrives (time spent waiting for a worker counts); the work runs
//!   under a `sudoku_core::interrupt::Interrupt` with that deadline, so the
//!   engine stops by itself when time is up. No worker within the budget is
//!   503 `busy` (with a `Retry-After` from the queue), and so is work cut
//!   off after waiting for most of the budget; work that itself ran out of
//!   time is 503 `out-of-time`. A request whose **client went away**
//!   (the connection closed, so axum drops the handler) cancels its work the
//!   same way.
//! * **Shares.** A client address (an IPv6 /64; behind trusted proxies the
//!   forwarded one, see [`crate::proxy`]) may have at most
//!   [`Limits::per_client`] expensive requests running or waiting, and so may
//!   a logged-in account: a request counts against both, so the smaller share
//!   wins and six accounts from one address get no more than one. Beyond it:
//!   **429 Too Many Requests** with `Retry-After` (the expected seconds until
//!   one of the client's requests is done).
//! * **Workers.** At most [`Limits::workers`] expensive computations run at
//!   once server-wide, on the blocking pool; waiting requests are served
//!   **round-robin by client**, so a client with several queued requests
//!   cannot push ahead of another's one. The cheap requests (evaluate, check,
//!   static files, the database's reads) never wait for them. The defaults
//!   keep one client below all workers (`per_client` is half the workers).
//!
//! Saves rate the puzzle they store: they share the workers and the budget but
//! are never refused for the client's count (a 429 would lose the player's
//! work).

use crate::codes::ErrorCode;
use crate::error::ApiError;
use crate::proxy::ClientAddr;
use axum::extract::{ConnectInfo, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::middleware::Next;
use axum::response::Response;
use std::collections::{HashMap, VecDeque};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use sudoku_core::interrupt::{self, Interrupt};
use tokio::sync::oneshot;

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
    /// Expensive requests one client address, and one account, may have
    /// running or waiting.
    pub per_client: usize,
    /// Expensive computations running at once, server-wide.
    pub workers: usize,
}

impl Default for Limits {
    /// 30 s; one worker per core but at least 2; half the workers per client.
    fn default() -> Limits {
        let workers = std::thread::available_parallelism().map_or(2, |n| n.get().max(2));
        Limits {
            budget: Duration::from_secs(30),
            per_client: Limits::per_client_for(workers),
            workers,
        }
    }
}

impl Limits {
    /// The default share of one client with `workers` workers: half of them
    /// (at least one), so one client never holds every worker.
    pub fn per_client_for(workers: usize) -> usize {
        (workers / 2).max(1)
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

/// Whose share an expensive request counts against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Client {
    /// A client address (an IPv6 /64).
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
    /// The client's address (through trusted proxies; unspecified for
    /// requests without a connection, e.g. in-process tests: those share one
    /// count).
    pub ip: IpAddr,
    /// The logged-in account, if any (a hash of its id).
    pub account: Option<u64>,
    /// When the request arrived.
    pub arrived: Instant,
}

impl Caller {
    /// The shares the request counts against: its address's and its
    /// account's.
    fn clients(&self) -> impl Iterator<Item = Client> + use<> {
        let address = Client::Address(crate::conn::counted_address(self.ip));
        std::iter::once(address).chain(self.account.map(Client::Account))
    }

    /// The client whose turn the request waits in: its account when logged
    /// in, else its address.
    fn queue(&self) -> Client {
        self.account.map_or(
            Client::Address(crate::conn::counted_address(self.ip)),
            Client::Account,
        )
    }
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
        let ip = match parts.extensions.get::<ClientAddr>() {
            Some(c) => c.0,
            None => parts
                .extensions
                .get::<ConnectInfo<SocketAddr>>()
                .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |c| c.0.ip()),
        };
        let arrived = parts
            .extensions
            .get::<Arrived>()
            .map_or_else(Instant::now, |a| a.0);
        let account = parts
            .extensions
            .get::<crate::accounts::Visitor>()
            .and_then(|v| v.0.as_ref())
            .map(|s| {
                let mut h = std::hash::DefaultHasher::new();
                std::hash::Hash::hash(&s.user.id, &mut h);
                std::hash::Hasher::finish(&h)
            });
        Ok(Caller {
            ip,
            account,
            arrived,
        })
    }
}

/// The requests of each client in flight (running or waiting), by deadline.
type Counts = Arc<Mutex<HashMap<Client, Vec<Instant>>>>;

/// A request's places in its clients' shares; given back on drop.
struct Slots {
    clients: Counts,
    held: Vec<Client>,
    deadline: Instant,
}

impl Drop for Slots {
    fn drop(&mut self) {
        // A poisoned map only means another request panicked while holding
        // it; the counts are still right.
        let mut clients = self.clients.lock().unwrap_or_else(|p| p.into_inner());
        for client in &self.held {
            if let Some(list) = clients.get_mut(client) {
                if let Some(i) = list.iter().position(|&d| d == self.deadline) {
                    list.swap_remove(i);
                }
                if list.is_empty() {
                    clients.remove(client);
                }
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

/// The workers, handed out round-robin by client.
#[derive(Debug)]
struct Workers {
    state: Mutex<Queue>,
}

#[derive(Debug, Default)]
struct Queue {
    free: usize,
    /// The clients with requests waiting, in turn order.
    turns: VecDeque<Client>,
    waiting: HashMap<Client, VecDeque<oneshot::Sender<Worker>>>,
}

impl Queue {
    fn waiting(&self) -> usize {
        self.waiting.values().map(VecDeque::len).sum()
    }
}

/// A worker held; handed to the next client in turn on drop.
#[derive(Debug)]
struct Worker(Option<Arc<Workers>>);

impl Drop for Worker {
    fn drop(&mut self) {
        if let Some(workers) = self.0.take() {
            workers.hand_on();
        }
    }
}

impl Workers {
    fn new(n: usize) -> Arc<Workers> {
        Arc::new(Workers {
            state: Mutex::new(Queue {
                free: n,
                ..Queue::default()
            }),
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Queue> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A worker for `client`, at once or in its turn.
    async fn take(self: &Arc<Workers>, client: Client) -> Worker {
        let receiver = {
            let mut queue = self.lock();
            if queue.free > 0 && queue.turns.is_empty() {
                queue.free -= 1;
                return Worker(Some(self.clone()));
            }
            let (sender, receiver) = oneshot::channel();
            let list = queue.waiting.entry(client).or_default();
            list.push_back(sender);
            if list.len() == 1 {
                queue.turns.push_back(client);
            }
            receiver
        };
        match receiver.await {
            Ok(worker) => worker,
            // The queue is never dropped while a request waits on it (the
            // state holds it); should that change, wait in line again.
            Err(_) => Box::pin(self.take(client)).await,
        }
    }

    /// Gives a freed worker to the next waiting client in turn (skipping
    /// requests that gave up waiting), or back to the free ones.
    fn hand_on(self: &Arc<Workers>) {
        let mut queue = self.lock();
        let mut worker = Worker(Some(self.clone()));
        while let Some(client) = queue.turns.pop_front() {
            let Some(list) = queue.waiting.get_mut(&client) else {
                continue;
            };
            let mut handed = false;
            while let Some(sender) = list.pop_front() {
                match sender.send(worker) {
                    Ok(()) => {
                        handed = true;
                        // A placeholder: the real one went to the client.
                        worker = Worker(None);
                        break;
                    }
                    Err(back) => worker = back,
                }
            }
            if list.is_empty() {
                queue.waiting.remove(&client);
            } else {
                queue.turns.push_back(client);
            }
            if handed {
                return;
            }
        }
        // Nobody waits: disarmed, so its drop does not hand it on again.
        worker.0 = None;
        queue.free += 1;
    }

    fn waiting(&self) -> usize {
        self.lock().waiting()
    }
}

/// The gate every expensive request passes.
#[derive(Debug)]
pub(crate) struct Gate {
    limits: Limits,
    workers: Arc<Workers>,
    clients: Counts,
    /// The mean time of recent work, in milliseconds (for `Retry-After`).
    mean_ms: Arc<Mutex<f64>>,
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
            workers: Workers::new(limits.workers),
            clients: Arc::default(),
            mean_ms: Arc::new(Mutex::new(1000.0)),
        }
    }

    /// The limits in force.
    pub(crate) fn limits(&self) -> Limits {
        self.limits
    }

    /// The seconds until `ahead` more pieces of work are done, by the mean
    /// time of recent work: what `Retry-After` says (1 to the budget).
    fn expected_wait(&self, ahead: usize) -> u64 {
        let mean = *self.mean_ms.lock().unwrap_or_else(|p| p.into_inner());
        let rounds = (ahead as f64 / self.limits.workers as f64).ceil().max(1.0);
        let seconds = (mean * rounds / 1000.0).ceil() as u64;
        seconds.clamp(1, self.limits.budget.as_secs().max(1))
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
        let slots = match share {
            Share::Counted => Some(self.take_slots(&caller, deadline)?),
            Share::Free => None,
        };
        let busy = || {
            ApiError::from(ErrorCode::Busy {
                budget: budget.as_secs_f64(),
            })
            .retry_after(self.expected_wait(self.workers.waiting() + 1))
        };
        let worker = tokio::time::timeout_at(deadline.into(), self.workers.take(caller.queue()))
            .await
            .map_err(|_| busy())?;
        // Most of the budget spent waiting: if the work is then cut off, the
        // server was busy, not the work too long.
        let waited_most = caller.arrived.elapsed() * 2 >= budget;
        let interrupt = Interrupt::new(Some(deadline));
        let cancel = CancelOnDrop(interrupt.clone());
        let mean = self.mean_ms.clone();
        let job = tokio::task::spawn_blocking(move || {
            // Held until the work really stops, so the counts stay honest
            // after an early answer.
            let _held = (worker, slots);
            let started = Instant::now();
            let out = interrupt::within(&interrupt, work);
            let took = started.elapsed().as_secs_f64() * 1000.0;
            let mut mean = mean.lock().unwrap_or_else(|p| p.into_inner());
            *mean = 0.8 * *mean + 0.2 * took;
            out
        });
        let outcome = tokio::time::timeout_at((deadline + GRACE).into(), job).await;
        // Answered (or out of time): nothing left to cancel on drop, but
        // cancelling a finished job is harmless and stops a late one.
        drop(cancel);
        let out_of_time = || {
            if waited_most {
                busy()
            } else {
                ApiError::from(ErrorCode::OutOfTime {
                    budget: budget.as_secs_f64(),
                })
            }
        };
        match outcome {
            Ok(Ok(Ok(value))) => Ok(value),
            Ok(Ok(Err(interrupt::Interrupted))) | Err(_) => Err(out_of_time()),
            Ok(Err(e)) => Err(ErrorCode::from(e).into()),
        }
    }

    /// A place in each of the caller's shares, or 429 when one is full.
    fn take_slots(&self, caller: &Caller, deadline: Instant) -> Result<Slots, ApiError> {
        let mut clients = self.clients.lock().unwrap_or_else(|p| p.into_inner());
        for client in caller.clients() {
            let list = clients.get(&client).map_or(&[][..], Vec::as_slice);
            if list.len() >= self.limits.per_client {
                let address = match client {
                    Client::Address(ip) => Some(ip.to_string()),
                    Client::Account(_) => None,
                };
                drop(clients);
                return Err(ApiError::from(ErrorCode::TooManyRequests {
                    limit: self.limits.per_client,
                    address,
                })
                .retry_after(self.expected_wait(self.workers.waiting() + 1)));
            }
        }
        let held: Vec<Client> = caller.clients().collect();
        for client in &held {
            clients.entry(*client).or_default().push(deadline);
        }
        Ok(Slots {
            clients: self.clients.clone(),
            held,
            deadline,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn waiting_clients_are_served_in_turn() {
        let workers = Workers::new(1);
        let a = Client::Address(IpAddr::V4(Ipv4Addr::new(10, 0, 0, 1)));
        let b = Client::Address(IpAddr::V4(Ipv4Addr::new(10, 0, 0, 2)));
        let first = workers.take(a).await;
        // a queues three, then b one: b's comes second, not fourth.
        let order = Arc::new(Mutex::new(Vec::new()));
        let mut waits = Vec::new();
        for (i, client) in [(1, a), (2, a), (3, a), (4, b)] {
            let workers = workers.clone();
            let order = order.clone();
            waits.push(tokio::spawn(async move {
                let w = workers.take(client).await;
                order.lock().expect("order").push(i);
                drop(w);
            }));
            tokio::task::yield_now().await;
        }
        assert_eq!(workers.waiting(), 4);
        drop(first);
        for w in waits {
            w.await.expect("task");
        }
        assert_eq!(*order.lock().expect("order"), vec![1, 4, 2, 3]);
        assert_eq!(workers.lock().free, 1, "the worker is back");
    }

    #[tokio::test]
    async fn a_request_that_gave_up_waiting_loses_no_worker() {
        let workers = Workers::new(1);
        let a = Client::Address(IpAddr::V4(Ipv4Addr::new(10, 0, 0, 1)));
        let held = workers.take(a).await;
        let gave_up = tokio::time::timeout(Duration::from_millis(10), workers.take(a)).await;
        assert!(gave_up.is_err());
        drop(held);
        assert_eq!(workers.lock().free, 1);
        let _again = workers.take(a).await;
    }

    #[test]
    fn the_default_share_is_below_the_workers() {
        for workers in 1..=64 {
            let share = Limits::per_client_for(workers);
            assert!(share >= 1 && (share < workers || workers == 1), "{workers}");
        }
        let d = Limits::default();
        assert!(d.workers >= 2 && d.per_client < d.workers);
    }
}
