//! Login throttling counters kept in the database (table `login_attempts`),
//! so that several servers sharing it allow no more guesses than one. A key
//! is whatever the web server counts under (a name with an address, an
//! address alone); the store only counts.
//!
//! The rule is a progressive back-off, not a lock: a few attempts are free,
//! then each further one must wait twice as long as the one before (up to a
//! cap) after the last, and the count starts afresh after a quiet window. An
//! attempt is decided by one conditional `UPDATE` whose changed-row count is
//! the answer, so concurrent attempts on one key — from threads, processes
//! or servers — are serialised by the database and never both slip through.

use crate::sql::{Cell, Val};
use crate::{Store, StoreError};

/// How many attempts under one key are allowed, and how quickly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Backoff {
    /// Attempts allowed at once, without waiting.
    pub free: u32,
    /// Seconds after the last attempt at which the failures are forgotten.
    pub window: i64,
    /// The longest wait between attempts, in seconds.
    pub cap: i64,
}

impl Backoff {
    /// The seconds an attempt must wait after the last one when `failures`
    /// are counted: none while fewer than [`free`](Backoff::free), then 1,
    /// 2, 4, … up to [`cap`](Backoff::cap).
    ///
    /// ```
    /// use sudoku_store::Backoff;
    /// let rule = Backoff { free: 5, window: 900, cap: 60 };
    /// assert_eq!(rule.delay(4), 0);
    /// assert_eq!([5, 6, 7, 8].map(|f| rule.delay(f)), [1, 2, 4, 8]);
    /// assert_eq!(rule.delay(40), 60);
    /// ```
    pub fn delay(&self, failures: i64) -> i64 {
        let Some(beyond) = failures.checked_sub(i64::from(self.free)) else {
            return 0;
        };
        if beyond < 0 {
            return 0;
        }
        match u32::try_from(beyond).ok().and_then(|n| 1i64.checked_shl(n)) {
            Some(power) if power > 0 => power.min(self.cap),
            _ => self.cap,
        }
    }

    /// [`delay`](Backoff::delay) as SQL over the failure count `f` (an
    /// expression), for counts from `free` on: a `CASE` with one arm per
    /// doubling below the cap, since SQLite has no power function. Only the
    /// rule's numbers go into the text, never anything from outside.
    fn delay_sql(&self, f: &str) -> String {
        let mut sql = format!("CASE {f}");
        let mut k = 0u32;
        while let Some(power) = 1i64.checked_shl(k).filter(|&p| p > 0 && p < self.cap) {
            sql.push_str(&format!(
                " WHEN {} THEN {power}",
                i64::from(self.free) + i64::from(k)
            ));
            k += 1;
        }
        sql.push_str(&format!(" ELSE {} END", self.cap));
        sql
    }
}

/// The failures counted at `now` for a row: none once the window has passed.
const FAILURES: &str = "(CASE WHEN ?2 - last_at >= ?3 THEN 0 ELSE failures END)";

impl Store {
    /// Reserves one attempt under `key` at time `now` (seconds since 1970):
    /// `Ok(Ok(()))` if the [`Backoff`] rule allows it (it then counts as a
    /// failure until [`clear_attempts`](Store::clear_attempts) is called),
    /// `Ok(Err(wait))` if the key must wait `wait` seconds (at least 1); a
    /// refused attempt changes nothing.
    ///
    /// Atomic: concurrent calls on one key, on any connections to the same
    /// database, are allowed no more often than one caller alone would be.
    pub fn attempt(
        &mut self,
        key: &str,
        now: i64,
        rule: Backoff,
    ) -> Result<Result<(), i64>, StoreError> {
        let update = format!(
            "UPDATE login_attempts SET failures = {FAILURES} + 1, last_at = ?2 \
             WHERE key = ?1 AND ({FAILURES} < ?4 OR ?2 - last_at >= {delay})",
            delay = rule.delay_sql(FAILURES),
        );
        let key_val = Val::from(key);
        self.conn.write(|tx| {
            // A key never seen starts as one whose window has passed.
            tx.execute(
                "INSERT INTO login_attempts (key, failures, last_at) VALUES (?1, 0, ?2) \
                 ON CONFLICT DO NOTHING",
                &[
                    key_val.clone(),
                    Val::from(now.saturating_sub(rule.window.max(0))),
                ],
            )?;
            let allowed = tx.execute(
                &update,
                &[
                    key_val.clone(),
                    Val::from(now),
                    Val::from(rule.window),
                    Val::from(i64::from(rule.free)),
                ],
            )?;
            if allowed == 1 {
                return Ok(Ok(()));
            }
            let rows = tx.query(
                "SELECT failures, last_at FROM login_attempts WHERE key = ?1",
                std::slice::from_ref(&key_val),
            )?;
            let (failures, last_at) = match rows.first().map(Vec::as_slice) {
                Some([Cell::Int(f), Cell::Int(l), ..]) => (*f, *l),
                other => {
                    return Err(StoreError::BadRow {
                        id: "?".into(),
                        column: "login_attempts",
                        message: format!(
                            "the counter of a refused attempt is {}",
                            other.map_or("missing".into(), |r| format!("{r:?}"))
                        ),
                    });
                }
            };
            let failures = if now.saturating_sub(last_at) >= rule.window {
                0
            } else {
                failures
            };
            let wait = last_at
                .saturating_add(rule.delay(failures))
                .saturating_sub(now);
            Ok(Err(wait.max(1)))
        })
    }

    /// Forgets the failures under `key` (after a successful login).
    pub fn clear_attempts(&mut self, key: &str) -> Result<(), StoreError> {
        self.conn.write(|tx| {
            tx.execute(
                "DELETE FROM login_attempts WHERE key = ?1",
                &[Val::from(key)],
            )
        })?;
        Ok(())
    }

    /// Deletes the counters idle at `now` for longer than `older_than`
    /// seconds; how many there were.
    pub fn prune_attempts(&mut self, now: i64, older_than: i64) -> Result<u64, StoreError> {
        self.conn.write(|tx| {
            tx.execute(
                "DELETE FROM login_attempts WHERE last_at < ?1",
                &[Val::from(now.saturating_sub(older_than))],
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_delay_doubles_up_to_the_cap() {
        let rule = Backoff {
            free: 3,
            window: 600,
            cap: 10,
        };
        let delays: Vec<i64> = (0..8).map(|f| rule.delay(f)).collect();
        assert_eq!(delays, [0, 0, 0, 1, 2, 4, 8, 10]);
        assert_eq!(rule.delay(i64::MAX), 10);
        assert_eq!(
            rule.delay_sql("f"),
            "CASE f WHEN 3 THEN 1 WHEN 4 THEN 2 WHEN 5 THEN 4 WHEN 6 THEN 8 ELSE 10 END"
        );
        let huge = Backoff {
            free: 0,
            window: 1,
            cap: i64::MAX,
        };
        assert_eq!(huge.delay(62), 1 << 62);
        assert_eq!(huge.delay(63), i64::MAX);
        assert!(
            huge.delay_sql("f")
                .ends_with(&format!("ELSE {} END", i64::MAX))
        );
        let none = Backoff {
            free: 1,
            window: 1,
            cap: 0,
        };
        assert_eq!(none.delay(5), 0);
        assert_eq!(none.delay_sql("f"), "CASE f ELSE 0 END");
    }
}
