//! The connections under the application, so that no client can hold the
//! server by its sockets: idle, slow-header, slow-body and slow-reading
//! connections are cut off after their timeout, and one address (or one
//! IPv6 /64) may hold at most [`Connections::per_address`] connections, all
//! clients together [`Connections::total`]. A connection over either cap is
//! closed as soon as it is accepted, so a flood of them costs the others
//! nothing but the accepting.
//!
//! Every connection is watched through its phases:
//!
//! | phase | from | cut off after |
//! |---|---|---|
//! | head | the connection's start, or the first byte of a further request | [`Connections::head_timeout`] (the whole request head) |
//! | body | the head's end | [`Connections::body_timeout`] (the whole body; the handler then answers 400) |
//! | handling | the body's end | the request's own budget (see [`crate::limits`]) |
//! | sending | the answer's start | [`Connections::send_timeout`] (a client that does not read) |
//! | idle | the answer's end | [`Connections::idle_timeout`] (keep-alive) |
//!
//! [`serve`] accepts, watches and, on Ctrl-C or SIGTERM, stops accepting,
//! lets the requests in flight finish within the drain time (idle
//! connections close at once) and returns.

use axum::Router;
use axum::body::{Body, Bytes, HttpBody};
use axum::extract::ConnectInfo;
use axum::http::{Request, Response};
use hyper::body::{Frame, Incoming, SizeHint};
use std::collections::HashMap;
use std::future::Future;
use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, watch};

/// The limits on connections (`sudoku serve --header-timeout …`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Connections {
    /// The time a request's head (request line and headers) may take.
    pub head_timeout: Duration,
    /// The time a request's body may take, from the head's end.
    pub body_timeout: Duration,
    /// The time an answer may take to be sent (a client that does not read).
    pub send_timeout: Duration,
    /// The time a kept-alive connection may wait for its next request.
    pub idle_timeout: Duration,
    /// The connections one client address (an IPv6 /64) may hold at once; a
    /// trusted proxy's are counted only in [`Connections::total`].
    pub per_address: usize,
    /// The connections held at once in all.
    pub total: usize,
}

impl Default for Connections {
    /// Heads 10 s, bodies 20 s, answers 30 s, keep-alive 20 s; 64 per
    /// address, and in all 10,000 or what the process's descriptor limit
    /// leaves (less 128 for the database and files), whichever is smaller.
    fn default() -> Connections {
        Connections {
            head_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(20),
            send_timeout: Duration::from_secs(30),
            idle_timeout: Duration::from_secs(20),
            per_address: 64,
            total: descriptor_limit()
                .map_or(1_000, |n| n.saturating_sub(128))
                .clamp(64, 10_000),
        }
    }
}

/// The process's limit on open descriptors, raised to its hard limit first
/// (as a server should; nothing changes when that is refused).
fn descriptor_limit() -> Option<usize> {
    #[cfg(unix)]
    {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit and setrlimit only read and write the struct given.
        unsafe {
            if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
                return None;
            }
            if limit.rlim_cur < limit.rlim_max {
                let raised = libc::rlimit {
                    rlim_cur: limit.rlim_max,
                    rlim_max: limit.rlim_max,
                };
                if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                    limit = raised;
                }
            }
        }
        usize::try_from(limit.rlim_cur).ok()
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// The address a client is counted under: its own, or its /64 for IPv6 (one
/// subscriber usually has a whole /64), with IPv4-mapped addresses as IPv4.
pub fn counted_address(ip: IpAddr) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V6(v6) => {
            let s = v6.segments();
            IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
        }
        v4 => v4,
    }
}

/// The connections held now, per counted address and in all.
#[derive(Debug, Default)]
struct Held {
    per_address: Mutex<HashMap<IpAddr, usize>>,
    total: AtomicUsize,
    /// Woken whenever a connection ends (the drain waits for none left).
    ended: Notify,
}

/// One held connection; given back on drop.
struct Ticket {
    held: Arc<Held>,
    address: Option<IpAddr>,
}

impl Held {
    /// A ticket for a connection from `ip`, or `None` when a cap is reached.
    fn admit(self: &Arc<Held>, ip: IpAddr, capped: bool, limits: &Connections) -> Option<Ticket> {
        if self.total.fetch_add(1, Ordering::SeqCst) >= limits.total {
            self.total.fetch_sub(1, Ordering::SeqCst);
            return None;
        }
        let mut ticket = Ticket {
            held: self.clone(),
            address: None,
        };
        if capped {
            let address = counted_address(ip);
            let mut map = self.per_address.lock().unwrap_or_else(|p| p.into_inner());
            let n = map.entry(address).or_insert(0);
            if *n >= limits.per_address {
                drop(map);
                // The ticket's drop gives the total back.
                return None;
            }
            *n += 1;
            ticket.address = Some(address);
        }
        Some(ticket)
    }

    fn total(&self) -> usize {
        self.total.load(Ordering::SeqCst)
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        if let Some(address) = self.address {
            let mut map = self
                .held
                .per_address
                .lock()
                .unwrap_or_else(|p| p.into_inner());
            if let Some(n) = map.get_mut(&address) {
                *n = n.saturating_sub(1);
                if *n == 0 {
                    map.remove(&address);
                }
            }
        }
        self.held.total.fetch_sub(1, Ordering::SeqCst);
        self.held.ended.notify_waiters();
    }
}

/// Where a connection is in its request (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Head,
    Handling,
    Sending,
    Idle,
}

/// A connection's phase and since when.
#[derive(Debug)]
struct Watch(Mutex<(Phase, Instant)>);

impl Watch {
    fn set(&self, phase: Phase) {
        *self.0.lock().unwrap_or_else(|p| p.into_inner()) = (phase, Instant::now());
    }

    fn get(&self) -> (Phase, Instant) {
        *self.0.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The first byte of a request on a kept-alive connection.
    fn reading(&self) {
        let mut state = self.0.lock().unwrap_or_else(|p| p.into_inner());
        if state.0 == Phase::Idle {
            *state = (Phase::Head, Instant::now());
        }
    }

    /// Resolves when the connection stayed in a phase beyond its timeout.
    async fn expired(&self, limits: &Connections) {
        loop {
            let (phase, since) = self.get();
            let limit = match phase {
                Phase::Head => limits.head_timeout,
                Phase::Sending => limits.send_timeout,
                Phase::Idle => limits.idle_timeout,
                // The body's deadline is the body's own (see `Deadline`), the
                // work's is its budget: look again in a while.
                Phase::Handling => {
                    tokio::time::sleep(Duration::from_secs(1)).await;
                    continue;
                }
            };
            let deadline = since + limit;
            if Instant::now() >= deadline {
                return;
            }
            tokio::time::sleep_until(deadline.into()).await;
        }
    }
}

/// The socket, telling the watch when a further request starts.
struct Watched {
    stream: TcpStream,
    watch: Arc<Watch>,
}

impl AsyncRead for Watched {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.stream).poll_read(cx, buf);
        if matches!(polled, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            self.watch.reading();
        }
        polled
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}

/// A request body that must arrive whole within its time; later, reading it
/// fails (and the handler answers 400).
struct Deadline {
    body: Incoming,
    sleep: Pin<Box<tokio::time::Sleep>>,
    limit: Duration,
}

/// The error of a body that took too long.
#[derive(Debug, thiserror::Error)]
#[error("the request body did not arrive within {0} s")]
struct TooSlow(u64);

impl HttpBody for Deadline {
    type Data = Bytes;
    type Error = axum::BoxError;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        if let Poll::Ready(frame) = Pin::new(&mut self.body).poll_frame(cx) {
            return Poll::Ready(frame.map(|f| f.map_err(Into::into)));
        }
        if self.sleep.as_mut().poll(cx).is_ready() {
            return Poll::Ready(Some(Err(TooSlow(self.limit.as_secs()).into())));
        }
        Poll::Pending
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}

/// An answer's body that tells the watch when it was sent (or dropped).
struct Sent {
    body: Body,
    watch: Arc<Watch>,
}

impl HttpBody for Sent {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        Pin::new(&mut self.body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}

impl Drop for Sent {
    fn drop(&mut self) {
        self.watch.set(Phase::Idle);
    }
}

/// The application as hyper calls it for one connection.
#[derive(Clone)]
struct Service {
    app: Router,
    peer: SocketAddr,
    watch: Arc<Watch>,
    body_timeout: Duration,
}

impl hyper::service::Service<Request<Incoming>> for Service {
    type Response = Response<Body>;
    type Error = std::convert::Infallible;
    type Future =
        Pin<Box<dyn Future<Output = Result<Response<Body>, std::convert::Infallible>> + Send>>;

    fn call(&self, req: Request<Incoming>) -> Self::Future {
        self.watch.set(Phase::Handling);
        let (mut parts, body) = req.into_parts();
        parts.extensions.insert(ConnectInfo(self.peer));
        let body = Body::new(Deadline {
            body,
            sleep: Box::pin(tokio::time::sleep(self.body_timeout)),
            limit: self.body_timeout,
        });
        let req = Request::from_parts(parts, body);
        let app = self.app.clone();
        let watch = self.watch.clone();
        Box::pin(async move {
            let response = tower::ServiceExt::oneshot(app, req)
                .await
                .unwrap_or_else(|never| match never {});
            watch.set(Phase::Sending);
            Ok(response.map(|body| Body::new(Sent { body, watch })))
        })
    }
}

/// Serves `app` on `listener` within `limits` until `stop` resolves (the
/// command line passes [`crate::stop_signal`]: Ctrl-C or SIGTERM); then stops
/// accepting, closes the idle connections, lets the requests in flight
/// finish until `drain` after the stop, and returns the moment the stop came
/// (the caller keeps within the same drain time). A peer for which
/// `uncapped` holds (a trusted proxy) is not held to
/// [`Connections::per_address`].
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: Connections,
    uncapped: impl Fn(IpAddr) -> bool,
    drain: Duration,
    stop: impl Future<Output = ()>,
) -> std::io::Result<Instant> {
    let held = Arc::new(Held::default());
    let (stopping, stopped) = watch::channel(false);
    let signal = stop;
    tokio::pin!(signal);
    loop {
        let (stream, peer) = tokio::select! {
            () = &mut signal => break,
            accepted = listener.accept() => match accepted {
                Ok(pair) => pair,
                // Out of descriptors or a connection reset before it was
                // taken: wait a moment, as the next accept may work.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    continue;
                }
            },
        };
        let Some(ticket) = held.admit(peer.ip(), !uncapped(peer.ip()), &limits) else {
            drop(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let watch = Arc::new(Watch(Mutex::new((Phase::Head, Instant::now()))));
        let service = Service {
            app: app.clone(),
            peer,
            watch: watch.clone(),
            body_timeout: limits.body_timeout,
        };
        let io = hyper_util::rt::TokioIo::new(Watched {
            stream,
            watch: watch.clone(),
        });
        let mut stop = stopped.clone();
        tokio::spawn(async move {
            let _ticket = ticket;
            let connection = hyper::server::conn::http1::Builder::new()
                .keep_alive(true)
                .max_buf_size(crate::BODY_LIMIT.max(16 * 1024))
                .serve_connection(io, service);
            tokio::pin!(connection);
            let mut stopping = false;
            loop {
                tokio::select! {
                    _ = connection.as_mut() => break,
                    () = watch.expired(&limits) => break,
                    changed = stop.changed(), if !stopping => {
                        stopping = true;
                        if changed.is_ok() {
                            connection.as_mut().graceful_shutdown();
                        }
                    }
                }
            }
        });
    }
    let signalled = Instant::now();
    drop(listener);
    let _ = stopping.send(true);
    let deadline = signalled + drain;
    loop {
        let ended = held.ended.notified();
        if held.total() == 0 {
            break;
        }
        if tokio::time::timeout_at(deadline.into(), ended)
            .await
            .is_err()
        {
            break;
        }
    }
    Ok(signalled)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv6_clients_count_by_their_64_and_mapped_ipv4_as_ipv4() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().expect("ip");
        let b: IpAddr = "2001:db8:1:2:bbbb::9".parse().expect("ip");
        let c: IpAddr = "2001:db8:1:3::1".parse().expect("ip");
        assert_eq!(counted_address(a), counted_address(b));
        assert_ne!(counted_address(a), counted_address(c));
        let mapped: IpAddr = "::ffff:10.1.2.3".parse().expect("ip");
        assert_eq!(
            counted_address(mapped),
            "10.1.2.3".parse::<IpAddr>().expect("ip")
        );
    }

    #[test]
    fn caps_hold_per_address_and_in_all_and_tickets_give_back() {
        let limits = Connections {
            per_address: 2,
            total: 3,
            ..Connections::default()
        };
        let held = Arc::new(Held::default());
        let a: IpAddr = "10.0.0.1".parse().expect("ip");
        let b: IpAddr = "10.0.0.2".parse().expect("ip");
        let t1 = held.admit(a, true, &limits).expect("first");
        let _t2 = held.admit(a, true, &limits).expect("second");
        assert!(held.admit(a, true, &limits).is_none(), "a third from a");
        let _t3 = held.admit(b, true, &limits).expect("b");
        assert!(held.admit(b, false, &limits).is_none(), "the total");
        assert_eq!(held.total(), 3);
        drop(t1);
        assert_eq!(held.total(), 2);
        let _t4 = held
            .admit(a, true, &limits)
            .expect("a again after one ended");
    }
}
