//! Who the client is behind reverse proxies (`sudoku serve --trusted-proxy
//! CIDR…`). Without trusted proxies a request's client is the address of its
//! connection, and the forwarding headers are ignored (anyone can write
//! them). When the connection comes from a trusted proxy, the client is read
//! from `Forwarded` (RFC 7239, its `for=` parameters) or, when that is
//! absent, `X-Forwarded-For`: walking the hops from the nearest, every
//! trusted one is skipped and the first untrusted one is the client. A hop
//! that is not an address (`unknown`, an obfuscated name) ends the walk at
//! the hop before it.
//!
//! The client address so found is what the login counters, the shares of
//! expensive work and the error messages use (see [`ClientAddr`]).

use axum::extract::{ConnectInfo, Request};
use axum::http::HeaderMap;
use axum::middleware::Next;
use axum::response::Response;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::str::FromStr;
use std::sync::Arc;

/// A block of addresses, `10.0.0.0/8` or `2001:db8::/32` (or one address).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cidr {
    network: IpAddr,
    prefix: u8,
}

/// Why a `--trusted-proxy` value is not a block of addresses.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{given}' is not an address block such as 10.0.0.0/8 or ::1: {why}")]
pub struct BadCidr {
    given: String,
    why: &'static str,
}

impl FromStr for Cidr {
    type Err = BadCidr;

    fn from_str(s: &str) -> Result<Cidr, BadCidr> {
        let bad = |why| BadCidr {
            given: s.to_string(),
            why,
        };
        let (address, prefix) = match s.split_once('/') {
            Some((a, p)) => (a, Some(p)),
            None => (s, None),
        };
        let network: IpAddr = address
            .trim()
            .parse()
            .map_err(|_| bad("the address is not IPv4 or IPv6"))?;
        let bits = if network.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            None => bits,
            Some(p) => p
                .trim()
                .parse::<u8>()
                .ok()
                .filter(|&p| p <= bits)
                .ok_or_else(|| bad("the prefix length is not 0 to 32 (IPv4) or 0 to 128 (IPv6)"))?,
        };
        Ok(Cidr { network, prefix })
    }
}

impl std::fmt::Display for Cidr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.network, self.prefix)
    }
}

impl Cidr {
    /// Whether `ip` is in the block (IPv4-mapped IPv6 addresses as IPv4).
    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = ip.to_canonical();
        let masked = |a: u128, b: u128, bits: u32| {
            let shift = bits - u32::from(self.prefix);
            if shift >= 128 {
                true
            } else {
                (a >> shift) == (b >> shift)
            }
        };
        match (self.network, ip) {
            (IpAddr::V4(n), IpAddr::V4(a)) => {
                masked(u128::from(u32::from(n)), u128::from(u32::from(a)), 32)
            }
            (IpAddr::V6(n), IpAddr::V6(a)) => masked(u128::from(n), u128::from(a), 128),
            _ => false,
        }
    }
}

/// The trusted proxies.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Proxies(pub Vec<Cidr>);

impl Proxies {
    /// Whether `ip` is a trusted proxy.
    pub fn trusts(&self, ip: IpAddr) -> bool {
        self.0.iter().any(|c| c.contains(ip))
    }

    /// The client of a request that came over a connection from `peer` with
    /// `headers` (see the module documentation).
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        let peer = peer.to_canonical();
        if !self.trusts(peer) {
            return peer;
        }
        let hops = forwarded_for(headers).or_else(|| x_forwarded_for(headers));
        let Some(hops) = hops else {
            return peer;
        };
        let mut client = peer;
        for hop in hops.iter().rev() {
            match hop {
                Some(ip) => {
                    client = ip.to_canonical();
                    if !self.trusts(client) {
                        break;
                    }
                }
                None => break,
            }
        }
        client
    }
}

/// The `for=` hops of every `Forwarded` header, nearest last; `None` when
/// there is no such header. A hop that is not an address is `None`.
fn forwarded_for(headers: &HeaderMap) -> Option<Vec<Option<IpAddr>>> {
    let mut hops = Vec::new();
    let mut any = false;
    for value in headers.get_all("forwarded") {
        any = true;
        let Ok(text) = value.to_str() else {
            hops.push(None);
            continue;
        };
        for element in text.split(',') {
            let node = element.split(';').find_map(|pair| {
                let (key, value) = pair.trim().split_once('=')?;
                key.trim()
                    .eq_ignore_ascii_case("for")
                    .then(|| value.trim().trim_matches('"'))
            });
            if let Some(node) = node {
                hops.push(node_address(node));
            }
        }
    }
    any.then_some(hops)
}

/// An RFC 7239 node (`192.0.2.1`, `192.0.2.1:4711`, `[2001:db8::1]:4711`)
/// as an address.
fn node_address(node: &str) -> Option<IpAddr> {
    if let Some(rest) = node.strip_prefix('[') {
        return rest.split_once(']')?.0.parse().ok();
    }
    if let Ok(ip) = node.parse() {
        return Some(ip);
    }
    node.rsplit_once(':')?
        .0
        .parse::<Ipv4Addr>()
        .ok()
        .map(IpAddr::V4)
}

/// The hops of every `X-Forwarded-For` header, nearest last.
fn x_forwarded_for(headers: &HeaderMap) -> Option<Vec<Option<IpAddr>>> {
    let mut hops = Vec::new();
    let mut any = false;
    for value in headers.get_all("x-forwarded-for") {
        any = true;
        match value.to_str() {
            Ok(text) => hops.extend(
                text.split(',')
                    .map(|h| node_address(h.trim().trim_matches('"'))),
            ),
            Err(_) => hops.push(None),
        }
    }
    any.then_some(hops)
}

/// The client's address as found through the trusted proxies (put on every
/// request by `mark`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientAddr(pub IpAddr);

/// Middleware: puts the request's [`ClientAddr`] on it (unspecified for a
/// request without a connection, as in in-process tests).
pub(crate) async fn mark(proxies: Arc<Proxies>, mut req: Request, next: Next) -> Response {
    let peer = req
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip());
    let client = match peer {
        Some(peer) => proxies.client(peer, req.headers()),
        None => IpAddr::V4(Ipv4Addr::UNSPECIFIED),
    };
    req.extensions_mut().insert(ClientAddr(client));
    next.run(req).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn ip(s: &str) -> IpAddr {
        s.parse().expect("ip")
    }

    fn proxies(list: &[&str]) -> Proxies {
        Proxies(list.iter().map(|c| c.parse().expect("cidr")).collect())
    }

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (name, value) in pairs {
            h.append(*name, HeaderValue::from_str(value).expect("value"));
        }
        h
    }

    #[test]
    fn blocks_parse_and_contain() {
        let c: Cidr = "10.0.0.0/8".parse().expect("cidr");
        assert!(c.contains(ip("10.200.1.1")));
        assert!(!c.contains(ip("11.0.0.1")));
        assert!(c.contains(ip("::ffff:10.1.1.1")));
        let one: Cidr = "::1".parse().expect("cidr");
        assert!(one.contains(ip("::1")));
        assert!(!one.contains(ip("::2")));
        let all: Cidr = "0.0.0.0/0".parse().expect("cidr");
        assert!(all.contains(ip("8.8.8.8")));
        assert!(!all.contains(ip("::1")));
        for bad in ["10.0.0.0/33", "10.0.0/8", "::/129", "x", "10.0.0.0/"] {
            assert!(bad.parse::<Cidr>().is_err(), "{bad}");
        }
        let e = "10.0.0.0/33".parse::<Cidr>().expect_err("bad");
        assert!(e.to_string().contains("10.0.0.0/33"), "{e}");
    }

    #[test]
    fn forwarding_headers_count_only_from_trusted_hops() {
        let none = Proxies::default();
        let h = headers(&[("x-forwarded-for", "1.2.3.4")]);
        assert_eq!(
            none.client(ip("9.9.9.9"), &h),
            ip("9.9.9.9"),
            "untrusted peer"
        );
        let p = proxies(&["10.0.0.0/8"]);
        assert_eq!(p.client(ip("10.0.0.5"), &h), ip("1.2.3.4"));
        // A client writing its own header cannot hide behind it: the walk
        // stops at the first untrusted hop from the nearest end.
        let h = headers(&[("x-forwarded-for", "6.6.6.6, 1.2.3.4, 10.0.0.7")]);
        assert_eq!(p.client(ip("10.0.0.5"), &h), ip("1.2.3.4"));
        // Forwarded wins over X-Forwarded-For, with ports and brackets.
        let h = headers(&[
            (
                "forwarded",
                "for=\"[2001:db8::9]:4711\";proto=https, for=10.0.0.8:80",
            ),
            ("x-forwarded-for", "5.5.5.5"),
        ]);
        assert_eq!(p.client(ip("10.0.0.5"), &h), ip("2001:db8::9"));
        // An unknown hop ends the walk at the hop before it.
        let h = headers(&[("forwarded", "for=unknown, for=10.0.0.8")]);
        assert_eq!(p.client(ip("10.0.0.5"), &h), ip("10.0.0.8"));
        // No header: the proxy itself.
        assert_eq!(p.client(ip("10.0.0.5"), &HeaderMap::new()), ip("10.0.0.5"));
    }
}
