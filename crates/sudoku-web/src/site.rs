//! What every request is checked for and every answer carries, with or
//! without accounts, so that no other site can use the trainer through a
//! visitor's browser:
//!
//! * **Host allow-list** (against DNS rebinding: a foreign name that resolves
//!   to this server): a request whose `Host` is not one of the server's names
//!   is refused with 421. The names are the bound address, the loopback names
//!   when bound to loopback, and every `--allowed-host`; a server bound to all
//!   interfaces (`0.0.0.0`, `::`) without `--allowed-host` cannot know its
//!   names and accepts any.
//! * **Writes only from this site**: a request that changes something
//!   (anything but GET, HEAD and OPTIONS) is refused with 403 when the
//!   browser says it comes from elsewhere (`Sec-Fetch-Site` other than
//!   `same-origin` or `none`), or when its `Origin` is not `http://` or
//!   `https://` followed by the request's own `Host`. A request without both
//!   headers is not from a browser page and passes. A JSON body must be
//!   declared `application/json` (see [`crate::error::ApiJson`]), which no
//!   form can send.
//! * **Answer headers**: a Content-Security-Policy allowing only this site's
//!   own scripts, styles and connections and no framing, `nosniff`, no
//!   referrer, and same-origin opener and resource policies.

use crate::codes::ErrorCode;
use crate::error::ApiError;
use axum::extract::Request;
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::SocketAddr;
use std::sync::Arc;

/// The Content-Security-Policy of every answer.
pub const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
img-src 'self' data:; connect-src 'self'; manifest-src 'self'; worker-src 'self'; \
object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// The names the server answers to (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hosts {
    /// Host names and addresses, lower case, without port or brackets.
    names: Vec<String>,
    /// Any name (bound to all interfaces, none given).
    any: bool,
}

impl Default for Hosts {
    /// The loopback names (a server on 127.0.0.1).
    fn default() -> Hosts {
        Hosts::for_address(SocketAddr::from(([127, 0, 0, 1], 0)), &[])
    }
}

impl Hosts {
    /// The names of a server bound to `bound`, with `extra` allowed too.
    pub fn for_address(bound: SocketAddr, extra: &[String]) -> Hosts {
        let mut names: Vec<String> = extra.iter().map(|h| normal(h)).collect();
        let ip = bound.ip();
        if ip.is_loopback() {
            names.extend(["localhost", "127.0.0.1", "::1"].map(String::from));
        }
        if !ip.is_unspecified() {
            names.push(ip.to_string());
        }
        names.sort();
        names.dedup();
        Hosts {
            any: ip.is_unspecified() && extra.is_empty(),
            names,
        }
    }

    /// Whether a request with this `Host` header is for this server (a
    /// request without one is not from a browser and passes).
    fn allows(&self, host: Option<&HeaderValue>) -> bool {
        if self.any {
            return true;
        }
        let Some(host) = host else {
            return true;
        };
        let Ok(host) = host.to_str() else {
            return false;
        };
        let name = normal(host);
        self.names.contains(&name)
    }
}

/// A host as compared: lower case, without a port, brackets or final dot.
fn normal(host: &str) -> String {
    let host = host.trim();
    let name = if let Some(rest) = host.strip_prefix('[') {
        rest.split_once(']').map_or(rest, |(inside, _)| inside)
    } else if host.matches(':').count() == 1 {
        host.split_once(':').map_or(host, |(name, _)| name)
    } else {
        host
    };
    name.trim_end_matches('.').to_ascii_lowercase()
}

/// Whether a write comes from another site (see the module documentation).
pub(crate) fn cross_site(headers: &HeaderMap) -> bool {
    let text = |name: HeaderName| headers.get(name).and_then(|v| v.to_str().ok());
    if let Some(site) = headers.get("sec-fetch-site") {
        let site = site.to_str().unwrap_or("");
        if !site.eq_ignore_ascii_case("same-origin") && !site.eq_ignore_ascii_case("none") {
            return true;
        }
    }
    let Some(origin) = text(header::ORIGIN) else {
        return false;
    };
    let Some(host) = text(header::HOST) else {
        return true;
    };
    let Some((scheme, rest)) = origin.split_once("://") else {
        // "null" (a sandboxed page, a file) or garbage.
        return true;
    };
    let web = scheme.eq_ignore_ascii_case("http") || scheme.eq_ignore_ascii_case("https");
    !web || !rest.trim_end_matches('/').eq_ignore_ascii_case(host.trim())
}

/// Middleware on everything: the Host allow-list, the writes' origin and the
/// answer headers.
pub(crate) async fn guard(hosts: Arc<Hosts>, req: Request, next: Next) -> Response {
    let refused: Option<ApiError> = if !hosts.allows(req.headers().get(header::HOST)) {
        let host = req
            .headers()
            .get(header::HOST)
            .map(|h| String::from_utf8_lossy(h.as_bytes()).into_owned())
            .unwrap_or_default();
        Some(ErrorCode::UnknownHost { host }.into())
    } else if !matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS)
        && cross_site(req.headers())
    {
        Some(ErrorCode::CrossSite.into())
    } else {
        None
    };
    let mut response = match refused {
        Some(e) => e.into_response(),
        None => next.run(req).await,
    };
    let headers = response.headers_mut();
    let set = |headers: &mut HeaderMap, name: HeaderName, value: &'static str| {
        if !headers.contains_key(&name) {
            headers.insert(name, HeaderValue::from_static(value));
        }
    };
    set(headers, header::CONTENT_SECURITY_POLICY, CSP);
    set(headers, header::X_CONTENT_TYPE_OPTIONS, "nosniff");
    set(headers, header::REFERRER_POLICY, "no-referrer");
    set(headers, header::X_FRAME_OPTIONS, "DENY");
    set(
        headers,
        HeaderName::from_static("cross-origin-opener-policy"),
        "same-origin",
    );
    set(
        headers,
        HeaderName::from_static("cross-origin-resource-policy"),
        "same-origin",
    );
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(s: &str) -> HeaderValue {
        HeaderValue::from_str(s).expect("value")
    }

    #[test]
    fn hosts_by_the_bound_address() {
        let local = Hosts::default();
        for ok in [
            "localhost:8080",
            "127.0.0.1:8080",
            "[::1]:8080",
            "LOCALHOST.",
            "localhost",
        ] {
            assert!(local.allows(Some(&value(ok))), "{ok}");
        }
        for bad in [
            "evil.example:8080",
            "evil.example",
            "127.0.0.2",
            "localhost.evil.example",
        ] {
            assert!(!local.allows(Some(&value(bad))), "{bad}");
        }
        assert!(local.allows(None), "no Host: not a browser");
        let named = Hosts::for_address(
            "127.0.0.1:80".parse().expect("addr"),
            &["Sudoku.Example.ORG".into()],
        );
        assert!(named.allows(Some(&value("sudoku.example.org"))));
        let public = Hosts::for_address("192.0.2.7:80".parse().expect("addr"), &[]);
        assert!(public.allows(Some(&value("192.0.2.7:80"))));
        assert!(!public.allows(Some(&value("localhost"))));
        let all = Hosts::for_address("0.0.0.0:80".parse().expect("addr"), &[]);
        assert!(all.allows(Some(&value("anything.example"))));
        let all_named = Hosts::for_address("[::]:80".parse().expect("addr"), &["a.example".into()]);
        assert!(!all_named.allows(Some(&value("b.example"))));
    }

    #[test]
    fn writes_from_elsewhere_are_told_apart() {
        let headers = |pairs: &[(&'static str, &str)]| {
            let mut h = HeaderMap::new();
            for (n, v) in pairs {
                h.insert(*n, value(v));
            }
            h
        };
        let host = ("host", "localhost:8080");
        assert!(!cross_site(&headers(&[host])), "no Origin: not a page");
        assert!(!cross_site(&headers(&[
            host,
            ("origin", "http://localhost:8080")
        ])));
        assert!(!cross_site(&headers(&[
            host,
            ("origin", "https://LOCALHOST:8080/")
        ])));
        assert!(cross_site(&headers(&[
            host,
            ("origin", "ftp://localhost:8080")
        ])));
        assert!(cross_site(&headers(&[
            host,
            ("origin", "http://localhost:8081")
        ])));
        assert!(cross_site(&headers(&[host, ("origin", "null")])));
        assert!(
            cross_site(&headers(&[("origin", "http://localhost:8080")])),
            "no Host"
        );
        assert!(cross_site(&headers(&[
            host,
            ("sec-fetch-site", "cross-site")
        ])));
        assert!(cross_site(&headers(&[
            host,
            ("sec-fetch-site", "same-site")
        ])));
        assert!(!cross_site(&headers(&[
            host,
            ("sec-fetch-site", "same-origin")
        ])));
        assert!(!cross_site(&headers(&[host, ("sec-fetch-site", "none")])));
    }
}
