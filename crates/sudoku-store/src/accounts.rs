//! Accounts: users (a name, the key it is found by, and a password hash,
//! never the password) and their sessions (kept by the hash of the session
//! token, with the token against cross-site request forgery and an expiry).
//! The web server decides how names look, computes their keys and hashes
//! passwords and tokens; the store only keeps them, on either backend, so
//! several servers share the logins.

use crate::sql::{Cell, Val};
use crate::{Store, StoreError, new_id, now};

/// A registered user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct User {
    /// The id (owner of their puzzles).
    pub id: String,
    /// The name they log in with.
    pub name: String,
}

/// A live session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Session {
    /// Whose it is.
    pub user: User,
    /// The token every state-changing request must carry.
    pub csrf: String,
    /// When it ends, seconds since 1970.
    pub expires_at: i64,
}

fn text(cell: Option<&Cell>, what: &str) -> Result<String, StoreError> {
    match cell {
        Some(Cell::Text(s)) => Ok(s.clone()),
        other => Err(StoreError::BadRow {
            id: "?".into(),
            column: "accounts",
            message: format!("{what} is {}", other.map_or("missing".into(), Cell::kind)),
        }),
    }
}

impl Store {
    /// Registers `name` with `password_hash`, found again by `name_key` (the
    /// web server's normal form of the name, so lookalike names share a
    /// key); [`StoreError::NameTaken`] when someone has the name or the key
    /// already, [`StoreError::BadText`] for an empty key.
    pub fn create_user(
        &mut self,
        name: &str,
        name_key: &str,
        password_hash: &str,
    ) -> Result<User, StoreError> {
        if name_key.is_empty() {
            return Err(StoreError::BadText {
                what: "the user name's key",
                detail: "is empty",
            });
        }
        let user = User {
            id: new_id(),
            name: name.to_string(),
        };
        let inserted = self.conn.write(|tx| {
            tx.execute(
                "INSERT INTO users (id, name, name_key, password_hash, created_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT DO NOTHING",
                &[
                    Val::from(user.id.as_str()),
                    Val::from(name),
                    Val::from(name_key),
                    Val::from(password_hash),
                    Val::from(now()),
                ],
            )
        })?;
        if inserted == 0 {
            return Err(StoreError::NameTaken(name.to_string()));
        }
        Ok(user)
    }

    /// The user called exactly `name` with their password hash.
    pub fn user_named(&mut self, name: &str) -> Result<Option<(User, String)>, StoreError> {
        self.user_where("name", name)
    }

    /// The user whose name has the key `name_key` (see
    /// [`create_user`](Store::create_user)) with their password hash. Users
    /// registered before keys existed have their lower-case name as key
    /// (ASCII letters only); one whose lower-case name an older user shares
    /// has none and is found by [`user_named`](Store::user_named) only.
    pub fn user_by_key(&mut self, name_key: &str) -> Result<Option<(User, String)>, StoreError> {
        self.user_where("name_key", name_key)
    }

    /// The user whose `column` (a fixed name) is `value`.
    fn user_where(
        &mut self,
        column: &'static str,
        value: &str,
    ) -> Result<Option<(User, String)>, StoreError> {
        let rows = self.conn.read(|s| {
            s.query(
                &format!("SELECT id, name, password_hash FROM users WHERE {column} = ?1"),
                &[Val::from(value)],
            )
        })?;
        match rows.first() {
            None => Ok(None),
            Some(row) => Ok(Some((
                User {
                    id: text(row.first(), "a user's id")?,
                    name: text(row.get(1), "a user's name")?,
                },
                text(row.get(2), "a user's password hash")?,
            ))),
        }
    }

    /// Starts a session for `user`, found again by `token_hash`.
    pub fn create_session(
        &mut self,
        token_hash: &str,
        user: &User,
        csrf: &str,
        expires_at: i64,
    ) -> Result<(), StoreError> {
        self.conn.write(|tx| {
            tx.execute(
                "INSERT INTO sessions (token_hash, user_id, csrf, created_at, expires_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5)",
                &[
                    Val::from(token_hash),
                    Val::from(user.id.as_str()),
                    Val::from(csrf),
                    Val::from(now()),
                    Val::from(expires_at),
                ],
            )
        })?;
        Ok(())
    }

    /// The live (unexpired) session found by `token_hash`.
    pub fn session(&mut self, token_hash: &str) -> Result<Option<Session>, StoreError> {
        let rows = self.conn.read(|s| {
            s.query(
                "SELECT u.id, u.name, s.csrf, s.expires_at FROM sessions s \
                 JOIN users u ON u.id = s.user_id WHERE s.token_hash = ?1 AND s.expires_at > ?2",
                &[Val::from(token_hash), Val::from(now())],
            )
        })?;
        let Some(row) = rows.first() else {
            return Ok(None);
        };
        let expires_at = match row.get(3) {
            Some(Cell::Int(n)) => *n,
            _ => 0,
        };
        Ok(Some(Session {
            user: User {
                id: text(row.first(), "a session's user id")?,
                name: text(row.get(1), "a session's user name")?,
            },
            csrf: text(row.get(2), "a session's token")?,
            expires_at,
        }))
    }

    /// Ends the session found by `token_hash` (logging out); nothing when
    /// there is none.
    pub fn end_session(&mut self, token_hash: &str) -> Result<(), StoreError> {
        self.conn.write(|tx| {
            tx.execute(
                "DELETE FROM sessions WHERE token_hash = ?1",
                &[Val::from(token_hash)],
            )
        })?;
        Ok(())
    }

    /// Removes every expired session; how many there were.
    pub fn end_expired_sessions(&mut self) -> Result<u64, StoreError> {
        self.conn.write(|tx| {
            tx.execute(
                "DELETE FROM sessions WHERE expires_at <= ?1",
                &[Val::from(now())],
            )
        })
    }
}
