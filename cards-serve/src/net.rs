//! The connections of `cards serve`, with the limits a server on an open network needs: a
//! request head must arrive within the header timeout (hyper's own, with tokio's timer; it is
//! also how long a kept-alive connection may wait for its next request), a body within the body
//! timeout, a connection that moves no byte for the idle timeout is closed, and each client
//! address may hold only so many connections (and the server only so many in all). A request
//! must name this server by a host it answers to (DNS rebinding), and every answer carries
//! headers that keep browsers from framing, sniffing, caching or leaking it.

use cards_core::text::Message;
use std::collections::{HashMap, VecDeque};
use std::io;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use http_body_util::{BodyExt, LengthLimitError, Limited};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Notify;
use tower::ServiceExt;

use super::{ApiError, MAX_BODY};

/// The connection limits of a server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// A request head must arrive within this time of the connection's opening or of its last
    /// answer.
    pub header_timeout: Duration,
    /// A request body must arrive within this time of its head.
    pub body_timeout: Duration,
    /// A connection that sends and receives nothing for this long is closed.
    pub idle_timeout: Duration,
    /// The most connections open at once from one client address.
    pub per_client: usize,
    /// The most connections open at once in all.
    pub total: usize,
    /// The most event streams open at once to one client address.
    pub streams_per_client: usize,
    /// The bits of an IPv6 address that name one client (`client_key`): 64, a home's or a
    /// host's whole allocation, by default.
    pub v6_prefix: u8,
    /// The most requests one client may make a second (twice as many at once).
    pub requests_per_second: u32,
    /// The most tables one client may open a minute (as many at once).
    pub opens_per_minute: u32,
    /// The most bot decisions thought at once, over all tables (the others wait their turn,
    /// first come first served; a table asks for one decision at a time). Bots that do not
    /// search decide on one thread of their own instead (`think::Thinkers::think_quick`).
    pub bot_threads: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(60),
            per_client: 64,
            total: 1024,
            streams_per_client: 16,
            v6_prefix: 64,
            requests_per_second: 50,
            opens_per_minute: 10,
            bot_threads: std::thread::available_parallelism().map_or(1, usize::from),
        }
    }
}

/// The address a client is counted by in every per-client limit: its IPv4 address (an IPv4
/// address mapped into IPv6 as itself), or its IPv6 address cut to its first `v6_prefix`
/// bits, since one home or host is given a whole /64 and could otherwise count as 2^64
/// clients.
pub fn client_key(ip: IpAddr, v6_prefix: u8) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V4(v4) => IpAddr::V4(v4),
        IpAddr::V6(v6) => {
            let bits = u32::from(v6_prefix.min(128));
            let mask = u128::MAX.checked_shl(128 - bits).unwrap_or(0);
            IpAddr::V6(Ipv6Addr::from(u128::from(v6) & mask))
        }
    }
}

/// The client address a request came from (an extension of every request).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Peer(pub IpAddr);

/// Marks a request another server of the room forwarded: it was counted against the request
/// rate where it arrived, and is not counted again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Forwarded;

/// Counts of things open per client address, each bounded.
#[derive(Debug, Default)]
pub struct Counter {
    open: Mutex<Open>,
}

/// What a [`Counter`] holds: per client, its things oldest first.
#[derive(Debug, Default)]
struct Open {
    by_ip: HashMap<IpAddr, VecDeque<Held>>,
    all: usize,
    next: u64,
}

/// One thing counted, as its counter knows it.
#[derive(Debug)]
struct Held {
    id: u64,
    kick: Arc<Notify>,
}

/// One counted thing; it is uncounted when dropped.
#[derive(Debug)]
pub struct Counted {
    counter: Arc<Counter>,
    ip: IpAddr,
    id: u64,
    kick: Arc<Notify>,
}

impl Counted {
    /// Returns when the counter has taken this thing's place for a newcomer
    /// ([`Counter::admit_fairly`]): its owner closes it then.
    pub async fn evicted(&self) {
        self.kick.notified().await;
    }
}

impl Counter {
    /// Counts one more for `ip`, unless `ip` has `per_client` open or all have `total`.
    pub fn admit(self: &Arc<Self>, ip: IpAddr, per_client: usize, total: usize) -> Option<Counted> {
        self.admit_with(ip, per_client, total, false)
    }

    /// [`Counter::admit`], but when all `total` places are taken, a newcomer takes the place
    /// of the oldest thing of the client that holds the most, if that client holds at least
    /// two more than the newcomer (the evicted one's [`Counted::evicted`] returns). So slow
    /// clients from many addresses cannot keep out a client that holds fewer: the room is
    /// shared out evenly among the clients that ask for it.
    pub fn admit_fairly(
        self: &Arc<Self>,
        ip: IpAddr,
        per_client: usize,
        total: usize,
    ) -> Option<Counted> {
        self.admit_with(ip, per_client, total, true)
    }

    fn admit_with(
        self: &Arc<Self>,
        ip: IpAddr,
        per_client: usize,
        total: usize,
        fairly: bool,
    ) -> Option<Counted> {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let mine = open.by_ip.get(&ip).map_or(0, VecDeque::len);
        if mine >= per_client {
            return None;
        }
        if open.all >= total {
            if !fairly {
                return None;
            }
            let victim = open
                .by_ip
                .iter()
                .max_by_key(|(_, held)| held.len())
                .filter(|(_, held)| held.len() >= mine + 2)
                .map(|(victim, _)| *victim)?;
            let evicted = open.by_ip.get_mut(&victim).and_then(VecDeque::pop_front);
            if open.by_ip.get(&victim).is_some_and(VecDeque::is_empty) {
                open.by_ip.remove(&victim);
            }
            let evicted = evicted?;
            open.all = open.all.saturating_sub(1);
            evicted.kick.notify_one();
        }
        let id = open.next;
        open.next += 1;
        open.all += 1;
        let kick = Arc::new(Notify::new());
        open.by_ip.entry(ip).or_default().push_back(Held {
            id,
            kick: Arc::clone(&kick),
        });
        Some(Counted {
            counter: Arc::clone(self),
            ip,
            id,
            kick,
        })
    }

    /// How many things are counted in all.
    pub fn total(&self) -> usize {
        self.open.lock().unwrap_or_else(PoisonError::into_inner).all
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        let mut open = self
            .counter
            .open
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let Some(held) = open.by_ip.get_mut(&self.ip) else {
            return;
        };
        // Not there when it was evicted: its place was uncounted then.
        let Some(at) = held.iter().position(|h| h.id == self.id) else {
            return;
        };
        held.remove(at);
        if held.is_empty() {
            open.by_ip.remove(&self.ip);
        }
        open.all = open.all.saturating_sub(1);
    }
}

/// The most clients a [`Rate`] keeps a count for; when more are counted, those whose count
/// is full again are forgotten, and a new client beyond them waits.
pub const RATE_CLIENTS: usize = 65_536;

/// A rate per client (a token bucket each): `per_second` on average, `burst` at once.
#[derive(Debug)]
pub struct Rate {
    per_second: f64,
    burst: f64,
    buckets: Mutex<HashMap<IpAddr, (f64, Instant)>>,
}

impl Rate {
    /// A rate of `per_second` on average and `burst` at once.
    pub fn new(per_second: f64, burst: f64) -> Rate {
        Rate {
            per_second: per_second.max(f64::MIN_POSITIVE),
            burst: burst.max(1.0),
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Counts one for `ip`; when it has none left, how long until it has.
    ///
    /// # Errors
    /// The time to wait.
    pub fn take(&self, ip: IpAddr) -> Result<(), Duration> {
        let now = Instant::now();
        let mut buckets = self.buckets.lock().unwrap_or_else(PoisonError::into_inner);
        if buckets.len() >= RATE_CLIENTS && !buckets.contains_key(&ip) {
            self.forget_full(&mut buckets, now);
            if buckets.len() >= RATE_CLIENTS {
                return Err(Duration::from_secs(1));
            }
        }
        let (tokens, at) = buckets.entry(ip).or_insert((self.burst, now));
        let filled = now.duration_since(*at).as_secs_f64() * self.per_second;
        *tokens = (*tokens + filled).min(self.burst);
        *at = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            return Ok(());
        }
        Err(Duration::from_secs_f64((1.0 - *tokens) / self.per_second))
    }

    /// Forgets the clients whose count is full again (they are as if new).
    pub fn sweep(&self) {
        let mut buckets = self.buckets.lock().unwrap_or_else(PoisonError::into_inner);
        self.forget_full(&mut buckets, Instant::now());
    }

    fn forget_full(&self, buckets: &mut HashMap<IpAddr, (f64, Instant)>, now: Instant) {
        buckets.retain(|_, (tokens, at)| {
            *tokens + now.duration_since(*at).as_secs_f64() * self.per_second < self.burst
        });
    }
}

/// A refusal for want of rate: 429 with `Retry-After` (whole seconds, at least 1), saying
/// which limit.
pub fn too_fast(wait: Duration, what: Message) -> Response {
    let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
    let secs = secs.max(1);
    let mut response = ApiError::new(
        StatusCode::TOO_MANY_REQUESTS,
        Message::new("serve-error-too-fast")
            .arg("what", what)
            .text("secs", secs),
    )
    .into_response();
    if let Ok(value) = HeaderValue::from_str(&secs.to_string()) {
        response.headers_mut().insert(header::RETRY_AFTER, value);
    }
    response
}

/// The requests' rate limit: at most [`Limits::requests_per_second`] per client, before any
/// other work is done for the request.
pub async fn limit_rate(
    State(rate): State<Arc<(Rate, u32)>>,
    request: Request,
    next: Next,
) -> Response {
    if request.extensions().get::<Forwarded>().is_some() {
        return next.run(request).await;
    }
    let ip = request
        .extensions()
        .get::<Peer>()
        .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |p| p.0);
    match rate.0.take(ip) {
        Ok(()) => next.run(request).await,
        Err(wait) => too_fast(
            wait,
            Message::new("serve-error-requests-per-second").text("most", rate.1),
        ),
    }
}

/// Raises the soft limit of open files to the hard limit, so that the connection limits, not
/// the process's, decide when a client is turned away. Returns the limit now in force.
///
/// # Errors
/// The limit cannot be read or set.
pub fn raise_file_limit() -> io::Result<u64> {
    rlimit::increase_nofile_limit(u64::MAX)
}

/// The last time a connection moved a byte, in milliseconds since `origin`.
#[derive(Debug)]
struct Activity {
    origin: Instant,
    last: AtomicU64,
}

impl Activity {
    fn new() -> Arc<Activity> {
        Arc::new(Activity {
            origin: Instant::now(),
            last: AtomicU64::new(0),
        })
    }

    fn now(&self) -> u64 {
        u64::try_from(self.origin.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    fn moved(&self) {
        self.last.store(self.now(), Ordering::Relaxed);
    }

    /// Returns once no byte has moved for `idle`.
    async fn idle(&self, idle: Duration) {
        let idle_ms = u64::try_from(idle.as_millis()).unwrap_or(u64::MAX);
        loop {
            let quiet = self.now().saturating_sub(self.last.load(Ordering::Relaxed));
            if quiet >= idle_ms {
                return;
            }
            tokio::time::sleep(Duration::from_millis(idle_ms - quiet)).await;
        }
    }
}

/// A TCP stream that notes each byte moved, and adds the security headers to the answers
/// hyper writes by itself, without the server's routes: a request it cannot read (400), a
/// URI too long (414), a head too large (431) ([`with_secure_headers`]).
struct Watched {
    stream: TcpStream,
    activity: Arc<Activity>,
    /// Bytes accepted from hyper and not yet written to the stream (an answer of hyper's own,
    /// with the headers added).
    pending: Vec<u8>,
}

/// The security headers of every answer ([`secure_headers`]), as lines of an HTTP head.
fn secure_header_lines() -> String {
    use std::fmt::Write as _;
    SECURE_HEADERS
        .iter()
        .fold(String::new(), |mut lines, (name, value)| {
            let _ = write!(lines, "{name}: {value}\r\n");
            lines
        })
}

/// `data` with the security headers added, when it begins an answer head of hyper's own (one
/// without them: every answer of the routes has them); `None` otherwise.
fn with_secure_headers(data: &[u8]) -> Option<Vec<u8>> {
    if !data.starts_with(b"HTTP/1.") {
        return None;
    }
    let end = data.windows(4).position(|w| w == b"\r\n\r\n")?;
    let head = &data[..end];
    let csp = header::CONTENT_SECURITY_POLICY.as_str().as_bytes();
    if head.windows(csp.len()).any(|w| w.eq_ignore_ascii_case(csp)) {
        return None;
    }
    let mut out = Vec::with_capacity(data.len() + 256);
    out.extend_from_slice(&data[..end + 2]);
    out.extend_from_slice(secure_header_lines().as_bytes());
    out.extend_from_slice(&data[end + 2..]);
    Some(out)
}

impl Watched {
    /// Writes what is pending; ready once nothing is.
    fn drain(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while !self.pending.is_empty() {
            match Pin::new(&mut self.stream).poll_write(cx, &self.pending) {
                Poll::Ready(Ok(0)) => {
                    return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
                }
                Poll::Ready(Ok(n)) => {
                    self.activity.moved();
                    self.pending.drain(..n);
                }
                Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                Poll::Pending => return Poll::Pending,
            }
        }
        Poll::Ready(Ok(()))
    }
}

impl AsyncRead for Watched {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let poll = Pin::new(&mut self.stream).poll_read(cx, buf);
        if buf.filled().len() > before {
            self.activity.moved();
        }
        poll
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        data: &[u8],
    ) -> Poll<io::Result<usize>> {
        std::task::ready!(self.drain(cx))?;
        if let Some(rewritten) = with_secure_headers(data) {
            // Taken whole: written by `drain`, before anything else and before a flush.
            self.pending = rewritten;
            let _ = self.drain(cx);
            return Poll::Ready(Ok(data.len()));
        }
        let poll = Pin::new(&mut self.stream).poll_write(cx, data);
        if matches!(poll, Poll::Ready(Ok(n)) if n > 0) {
            self.activity.moved();
        }
        poll
    }

    /// An answer's head and body written by one system call, without copying the body (which
    /// hyper would otherwise gather into one buffer first): every seat's state is such a body.
    /// An answer head of hyper's own is written alone, with the headers added, as by
    /// `poll_write`.
    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        std::task::ready!(self.drain(cx))?;
        if let Some(first) = bufs.iter().find(|b| !b.is_empty())
            && let Some(rewritten) = with_secure_headers(first)
        {
            self.pending = rewritten;
            let _ = self.drain(cx);
            return Poll::Ready(Ok(first.len()));
        }
        let poll = Pin::new(&mut self.stream).poll_write_vectored(cx, bufs);
        if matches!(poll, Poll::Ready(Ok(n)) if n > 0) {
            self.activity.moved();
        }
        poll
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match self.drain(cx) {
            Poll::Ready(Ok(())) => Pin::new(&mut self.stream).poll_flush(cx),
            other => other,
        }
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match self.drain(cx) {
            Poll::Ready(Ok(())) => Pin::new(&mut self.stream).poll_shutdown(cx),
            other => other,
        }
    }
}

/// The most bytes a connection's read buffer holds (hyper's default is about 400 KB): a
/// request head larger than this is answered 431. A body is read through it in pieces.
pub const READ_BUFFER: usize = 16 * 1024;

/// The memory one open connection may take, counted in `--memory-mb` for every place of
/// [`Limits::total`]: its read buffer ([`READ_BUFFER`]), what it writes (hyper queues an
/// answer's pieces without copying them), its task and socket, with room to spare.
pub const CONNECTION_BYTES: u64 = 64 * 1024;

/// Accepts connections for ever, each served by `app` within `limits`. A connection over its
/// client's limit is closed at once, unanswered; when all places are taken, a client that
/// holds fewer than the one that holds the most takes the place of that one's oldest
/// connection ([`Counter::admit_fairly`]), else it is closed unanswered.
pub async fn run(listener: TcpListener, app: axum::Router, limits: Limits, counter: Arc<Counter>) {
    loop {
        let Ok((stream, addr)) = listener.accept().await else {
            // Out of file handles, or a connection reset before it was taken: wait a moment.
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        };
        let ip = client_key(addr.ip(), limits.v6_prefix);
        let Some(counted) = counter.admit_fairly(ip, limits.per_client, limits.total) else {
            drop(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let app = app.clone();
        tokio::spawn(async move {
            let activity = Activity::new();
            let io = TokioIo::new(Watched {
                stream,
                activity: Arc::clone(&activity),
                pending: Vec::new(),
            });
            let service = hyper::service::service_fn(move |mut request: Request<_>| {
                request.extensions_mut().insert(Peer(ip));
                app.clone().oneshot(request)
            });
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(limits.header_timeout)
                .max_buf_size(READ_BUFFER)
                .keep_alive(true);
            let connection = builder.serve_connection(io, service);
            tokio::select! {
                _ = connection => {}
                () = activity.idle(limits.idle_timeout) => {}
                () = counted.evicted() => {}
            }
        });
    }
}

/// Reads a request's body whole within the body timeout and the size limit, before any
/// handler sees it: a body announced larger than [`MAX_BODY`] is refused at once (413), one
/// that does not arrive in time is answered 408 and its connection closed.
pub async fn read_body(State(timeout): State<Duration>, request: Request, next: Next) -> Response {
    let (parts, body) = request.into_parts();
    let announced = parts
        .headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if announced.is_some_and(|n| n > MAX_BODY as u64) {
        return closing(too_large());
    }
    match tokio::time::timeout(timeout, Limited::new(body, MAX_BODY).collect()).await {
        Err(_) => closing(ApiError::new(
            StatusCode::REQUEST_TIMEOUT,
            Message::new("serve-error-body-late").text("ms", timeout.as_millis()),
        )),
        Ok(Err(e)) if e.is::<LengthLimitError>() => closing(too_large()),
        Ok(Err(_)) => closing(ApiError::bad(Message::new("serve-error-body-broke"))),
        Ok(Ok(collected)) => {
            let request = Request::from_parts(parts, Body::from(collected.to_bytes()));
            next.run(request).await
        }
    }
}

fn too_large() -> ApiError {
    ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        Message::new("serve-error-too-large").text("most", MAX_BODY),
    )
}

/// An error answer after which the connection is closed (its body may still be on the way).
fn closing(e: ApiError) -> Response {
    let mut response = e.into_response();
    response
        .headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

/// The host names a server answers to besides IP addresses and `localhost`, lower case.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AllowedHosts(pub Vec<String>);

impl AllowedHosts {
    /// Whether a request's `Host` (with or without a port) names this server: an IPv4 or
    /// bracketed IPv6 address, `localhost`, or a name given with `--allow-host`.
    pub fn admits(&self, host: &str) -> bool {
        let host = host.trim();
        if let Some(rest) = host.strip_prefix('[') {
            return rest
                .split_once(']')
                .is_some_and(|(ip, port)| ip.parse::<Ipv6Addr>().is_ok() && valid_port(port));
        }
        let (name, port) = host.rfind(':').map_or((host, ""), |i| host.split_at(i));
        if !valid_port(port) {
            return false;
        }
        if name.parse::<Ipv4Addr>().is_ok() {
            return true;
        }
        let name = name.strip_suffix('.').unwrap_or(name).to_ascii_lowercase();
        name == "localhost" || self.0.contains(&name)
    }
}

/// A port after a host: nothing, or `:` and digits.
fn valid_port(port: &str) -> bool {
    port.is_empty()
        || port
            .strip_prefix(':')
            .is_some_and(|p| !p.is_empty() && p.len() <= 5 && p.bytes().all(|b| b.is_ascii_digit()))
}

/// Refuses a request whose `Host` names this server by a name it was not told of (421): a page
/// of another site whose name was pointed at this machine (DNS rebinding) must not reach the
/// tables.
pub async fn check_host(
    State(hosts): State<Arc<AllowedHosts>>,
    request: Request,
    next: Next,
) -> Response {
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned)
        .or_else(|| request.uri().authority().map(ToString::to_string));
    match host {
        Some(host) if hosts.admits(&host) => next.run(request).await,
        Some(host) => {
            let name = host.rsplit_once(':').map_or(host.as_str(), |(n, _)| n);
            let name: String = name.chars().take(100).collect();
            ApiError::new(
                StatusCode::MISDIRECTED_REQUEST,
                Message::new("serve-error-host-name")
                    .text("quoted", format!("{name:?}"))
                    .text("name", &name),
            )
            .into_response()
        }
        None => ApiError::new(
            StatusCode::MISDIRECTED_REQUEST,
            Message::new("serve-error-no-host"),
        )
        .into_response(),
    }
}

/// The content security policy of every answer: the page's own files only, never in a frame.
pub const CSP: &str = "default-src 'self'; frame-ancestors 'none'";

/// The headers of every answer: the content security policy, no MIME sniffing, no framing,
/// no referrer, and no caching (the API's answers carry seat links and hands).
const SECURE_HEADERS: [(header::HeaderName, &str); 5] = [
    (header::CONTENT_SECURITY_POLICY, CSP),
    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    (header::X_FRAME_OPTIONS, "DENY"),
    (header::REFERRER_POLICY, "no-referrer"),
    (header::CACHE_CONTROL, "no-store"),
];

/// Adds [`SECURE_HEADERS`] to every answer of the routes (hyper's own answers get them in
/// [`Watched`]).
pub async fn secure_headers(mut response: Response) -> Response {
    let headers = response.headers_mut();
    for (name, value) in SECURE_HEADERS {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_are_addresses_localhost_or_named() {
        let hosts = AllowedHosts(vec!["cards.lan".to_owned()]);
        for ok in [
            "127.0.0.1:8080",
            "192.168.1.20",
            "[::1]:8080",
            "[fe80::1]",
            "localhost:8080",
            "LOCALHOST",
            "localhost.",
            "cards.lan:80",
            "Cards.LAN",
        ] {
            assert!(hosts.admits(ok), "{ok}");
        }
        for refused in [
            "evil.example",
            "evil.example:8080",
            "localhost.evil.example",
            "127.0.0.1.evil.example",
            "[::1",
            "[not-v6]:80",
            "localhost:80x",
            "cards.lan.evil",
            "",
        ] {
            assert!(!hosts.admits(refused), "{refused}");
        }
    }

    #[test]
    fn an_ipv6_64_is_one_client_and_ipv4_keeps_its_address() {
        let key = |text: &str, prefix: u8| client_key(text.parse().unwrap(), prefix).to_string();
        assert_eq!(key("2001:db8:1:2:aaaa::1", 64), "2001:db8:1:2::");
        assert_eq!(
            key("2001:db8:1:2:ffff:ffff:ffff:ffff", 64),
            "2001:db8:1:2::"
        );
        assert_ne!(key("2001:db8:1:3::1", 64), key("2001:db8:1:2::1", 64));
        assert_eq!(key("2001:db8:1:2:aaaa::1", 48), "2001:db8:1::");
        assert_eq!(key("2001:db8:1:2:aaaa::1", 128), "2001:db8:1:2:aaaa::1");
        assert_eq!(key("2001:db8::1", 1), "::");
        assert_eq!(key("::ffff:192.0.2.7", 64), "192.0.2.7");
        assert_eq!(key("192.0.2.7", 64), "192.0.2.7");
        assert_eq!(key("::1", 64), "::");
        // Two addresses of one /64 share its connection count.
        let counter = Arc::new(Counter::default());
        let a = client_key("2001:db8::1".parse().unwrap(), 64);
        let b = client_key("2001:db8::2".parse().unwrap(), 64);
        let _first = counter.admit(a, 1, 10).unwrap();
        assert!(counter.admit(b, 1, 10).is_none());
    }

    #[test]
    fn a_rate_allows_its_burst_then_one_per_interval_per_client() {
        let rate = Rate::new(10.0, 3.0);
        let a: IpAddr = Ipv4Addr::new(10, 0, 0, 1).into();
        let b: IpAddr = Ipv4Addr::new(10, 0, 0, 2).into();
        for _ in 0..3 {
            assert!(rate.take(a).is_ok());
        }
        let wait = rate.take(a).unwrap_err();
        assert!(wait <= Duration::from_millis(100), "{wait:?}");
        assert!(rate.take(b).is_ok(), "another client is not held");
        std::thread::sleep(Duration::from_millis(120));
        assert!(rate.take(a).is_ok(), "one more after the interval");
        let response = too_fast(
            Duration::from_millis(1500),
            Message::new("serve-error-table-closed"),
        );
        assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(response.headers()[header::RETRY_AFTER], "2");
    }

    #[test]
    fn only_answer_heads_without_the_headers_get_them() {
        let own = b"HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n";
        let added = String::from_utf8(with_secure_headers(own).unwrap()).unwrap();
        assert!(added.starts_with("HTTP/1.1 400 Bad Request\r\nconnection: close\r\n"));
        assert!(
            added.ends_with("cache-control: no-store\r\n\r\n"),
            "{added}"
        );
        let routed = b"HTTP/1.1 200 OK\r\ncontent-security-policy: x\r\n\r\nbody";
        assert!(with_secure_headers(routed).is_none());
        assert!(with_secure_headers(b"{\"json\": 1}").is_none());
        assert!(with_secure_headers(b"HTTP/1.1 200 OK\r\nno end").is_none());
    }

    #[test]
    fn counts_are_bounded_per_address_and_in_all() {
        let counter = Arc::new(Counter::default());
        let a: IpAddr = Ipv4Addr::new(10, 0, 0, 1).into();
        let b: IpAddr = Ipv4Addr::new(10, 0, 0, 2).into();
        let first = counter.admit(a, 2, 3).unwrap();
        let _second = counter.admit(a, 2, 3).unwrap();
        assert!(counter.admit(a, 2, 3).is_none(), "a's cap");
        let _third = counter.admit(b, 2, 3).unwrap();
        assert!(counter.admit(b, 2, 3).is_none(), "the total");
        drop(first);
        assert!(counter.admit(a, 2, 3).is_some(), "freed when dropped");
    }
}
