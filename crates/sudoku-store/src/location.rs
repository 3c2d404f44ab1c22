//! Where the puzzle database is: the `--db` value. A `postgres://` or
//! `postgresql://` URL is a PostgreSQL server, anything else a path to a SQLite
//! file. Shown (in messages and logs) with the password masked.

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

/// A database location.
#[derive(Clone, PartialEq, Eq)]
pub enum Location {
    /// A SQLite file.
    Sqlite(PathBuf),
    /// A PostgreSQL server: `postgres://user[:password]@host[:port]/database`
    /// (libpq's query parameters such as `?connect_timeout=10` are accepted).
    Postgres(String),
}

impl Location {
    /// Whether this names a server rather than a file.
    pub fn is_server(&self) -> bool {
        matches!(self, Location::Postgres(_))
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::Sqlite(path) => write!(f, "{}", path.display()),
            Location::Postgres(url) => f.write_str(&mask(url)),
        }
    }
}

impl fmt::Debug for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Location({self})")
    }
}

/// The URL with the password (between `user:` and `@`, or a `password=`
/// query parameter) replaced by `***`.
fn mask(url: &str) -> String {
    let masked = mask_userinfo(url);
    match masked.split_once('?') {
        Some((head, query)) => {
            let params: Vec<String> = query
                .split('&')
                .map(|p| match p.split_once('=') {
                    Some((k, _)) if k.eq_ignore_ascii_case("password") => format!("{k}=***"),
                    _ => p.to_string(),
                })
                .collect();
            format!("{head}?{}", params.join("&"))
        }
        None => masked,
    }
}

fn mask_userinfo(url: &str) -> String {
    let Some(scheme_end) = url.find("://") else {
        return url.to_string();
    };
    let rest = &url[scheme_end + 3..];
    let authority_end = rest.find(['/', '?']).unwrap_or(rest.len());
    let authority = &rest[..authority_end];
    match authority.rfind('@') {
        Some(at) => match authority[..at].find(':') {
            Some(colon) => format!(
                "{}{}:***{}",
                &url[..scheme_end + 3],
                &authority[..colon],
                &rest[at..]
            ),
            None => url.to_string(),
        },
        None => url.to_string(),
    }
}

/// Why a `--db` value is not a location.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad database location '{shown}': {message}")]
pub struct BadLocation {
    /// The value, password masked.
    pub shown: String,
    /// What is wrong.
    pub message: String,
}

impl FromStr for Location {
    type Err = BadLocation;

    fn from_str(s: &str) -> Result<Location, BadLocation> {
        let lower = s.get(..13).unwrap_or(s).to_ascii_lowercase();
        if lower.starts_with("postgres://") || lower.starts_with("postgresql://") {
            crate::postgres::check_url(s).map_err(|message| BadLocation {
                shown: mask(s),
                message,
            })?;
            return Ok(Location::Postgres(s.to_string()));
        }
        if s.contains("://") {
            return Err(BadLocation {
                shown: mask(s),
                message: "only postgres:// URLs and file paths are understood".into(),
            });
        }
        if s.trim().is_empty() {
            return Err(BadLocation {
                shown: s.to_string(),
                message: "the path is empty".into(),
            });
        }
        Ok(Location::Sqlite(PathBuf::from(s)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_and_urls() {
        assert_eq!(
            "puzzles.sqlite".parse::<Location>(),
            Ok(Location::Sqlite("puzzles.sqlite".into()))
        );
        let url = "postgres://me:secret@db.example:5433/sudoku";
        let loc: Location = url.parse().expect("url");
        assert!(loc.is_server());
        assert_eq!(loc.to_string(), "postgres://me:***@db.example:5433/sudoku");
        assert!("postgresql://me@db/sudoku".parse::<Location>().is_ok());
        let e = "mysql://me@db/x".parse::<Location>().expect_err("scheme");
        assert!(e.to_string().contains("only postgres://"), "{e}");
        let e = "postgres://me:pw@db"
            .parse::<Location>()
            .expect_err("no db");
        assert!(e.to_string().contains("no database"), "{e}");
        assert!(!e.to_string().contains("pw@"), "{e}");
        assert!("".parse::<Location>().is_err());
    }

    #[test]
    fn a_password_parameter_is_masked_too() {
        assert_eq!(
            mask("postgres://me@h/db?sslmode=disable&password=secret"),
            "postgres://me@h/db?sslmode=disable&password=***"
        );
    }

    #[test]
    fn masking_leaves_urls_without_password_alone() {
        assert_eq!(mask("postgres://me@h/db"), "postgres://me@h/db");
        assert_eq!(mask("postgres://h/db"), "postgres://h/db");
        assert_eq!(
            mask("postgres://a:b:c@h/db?x=1"),
            "postgres://a:***@h/db?x=1"
        );
    }
}
