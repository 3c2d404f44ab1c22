//! The games a player finished, kept for their statistics (table
//! `game_history`): each game once per user under the id the page gave it,
//! its finishing time, and the record itself as JSON, which the web server
//! checks before it gets here. A user's history is theirs alone: every call
//! names the user, and deleting the user deletes it. The newest
//! [`MAX_GAMES`] per user are kept.

use crate::sql::{Cell, Val};
use crate::{Store, StoreError};

/// The most games kept per user (the oldest go first).
pub const MAX_GAMES: i64 = 5000;

/// One finished game as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The id the page gave the game (unique per user).
    pub id: String,
    /// When it was finished, in milliseconds since 1970.
    pub finished_at: i64,
    /// The record, JSON.
    pub record: String,
}

impl Store {
    /// Adds the games of `user` not stored yet (by id) in one transaction and
    /// returns how many were new; then keeps only the newest [`MAX_GAMES`].
    pub fn add_games(&mut self, user: &str, games: &[GameRecord]) -> Result<u64, StoreError> {
        self.conn.write(|tx| {
            let mut added = 0;
            for g in games {
                added += tx.execute(
                    "INSERT INTO game_history (owner, id, finished_at, record) VALUES (?1, ?2, ?3, ?4) \
                     ON CONFLICT DO NOTHING",
                    &[
                        Val::from(user),
                        Val::from(g.id.as_str()),
                        Val::from(g.finished_at),
                        Val::from(g.record.as_str()),
                    ],
                )?;
            }
            if added > 0 {
                // All but the newest MAX_GAMES (in the order `games` lists
                // them): one statement both backends read alike.
                tx.execute(
                    "DELETE FROM game_history WHERE owner = ?1 AND id NOT IN (\
                       SELECT id FROM game_history WHERE owner = ?1 \
                       ORDER BY finished_at DESC, id DESC LIMIT ?2)",
                    &[Val::from(user), Val::from(MAX_GAMES)],
                )?;
            }
            Ok(added)
        })
    }

    /// The games of `user`, newest first.
    pub fn games(&mut self, user: &str) -> Result<Vec<GameRecord>, StoreError> {
        let rows = self.conn.read(|s| {
            s.query(
                "SELECT id, finished_at, record FROM game_history WHERE owner = ?1 \
                 ORDER BY finished_at DESC, id DESC",
                &[Val::from(user)],
            )
        })?;
        rows.into_iter()
            .map(|row| match row.as_slice() {
                [Cell::Text(id), Cell::Int(at), Cell::Text(record)] => Ok(GameRecord {
                    id: id.clone(),
                    finished_at: *at,
                    record: record.clone(),
                }),
                other => Err(StoreError::BadRow {
                    id: other
                        .first()
                        .map_or_else(|| "?".to_string(), |c| format!("{c:?}")),
                    column: "game_history",
                    message: format!("a game row is {other:?}"),
                }),
            })
            .collect()
    }
}
