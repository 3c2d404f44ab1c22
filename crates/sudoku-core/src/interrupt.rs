//! Cooperative interruption of long computations, for a server that must
//! answer every request within its time budget and stop work nobody waits for.
//!
//! A rating, a hint on a hard position or a generator run can take seconds;
//! passing a "stop?" callback through every technique would touch every
//! signature of the engine. Instead the caller runs the work [`within`] an
//! [`Interrupt`] (a deadline and a cancel flag another thread may set), and the
//! engine's long loops — the logical walks step by step, the forcing-chain
//! searches cell by cell, the trainer's search every few hundred steps — ask
//! [`requested`] and give up early when it says so. What a computation returns
//! after it gave up is incomplete; [`within`] therefore reports that the
//! interrupt was seen, and the caller throws the result away.
//!
//! Outside [`within`] (the CLI, the tests, every batch job) [`requested`] is
//! always false and costs one thread-local read.

use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// A deadline and a cancel flag, shared between the thread that computes and
/// the one that may give up waiting (clones share the flag).
#[derive(Clone, Debug, Default)]
pub struct Interrupt {
    cancelled: Arc<AtomicBool>,
    deadline: Option<Instant>,
}

impl Interrupt {
    /// An interrupt that fires at `deadline` (never, when `None`) or when
    /// cancelled.
    pub fn new(deadline: Option<Instant>) -> Interrupt {
        Interrupt {
            cancelled: Arc::default(),
            deadline,
        }
    }

    /// Asks the computation to stop (from any thread).
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }

    /// Whether it was cancelled or its deadline has passed.
    pub fn fired(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed) || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// The computation stopped early because its [`Interrupt`] fired; its result
/// was dropped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the computation was interrupted (cancelled or out of time)")]
pub struct Interrupted;

thread_local! {
    /// The interrupt of the computation running on this thread, and whether
    /// the computation has seen it fire.
    static CURRENT: RefCell<Option<(Interrupt, bool)>> = const { RefCell::new(None) };
}

/// Runs `work` on this thread under `interrupt`: the engine's long loops stop
/// early once it fires. `Err(Interrupted)` when they did (the result, being
/// incomplete, is dropped); the result otherwise, even if the deadline passed
/// after the last check.
pub fn within<T>(interrupt: &Interrupt, work: impl FnOnce() -> T) -> Result<T, Interrupted> {
    /// Puts the outer interrupt back, also when `work` panics.
    struct Restore(Option<(Interrupt, bool)>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let outer = self.0.take();
            CURRENT.with(|c| *c.borrow_mut() = outer);
        }
    }
    let restore = Restore(CURRENT.with(|c| c.borrow_mut().replace((interrupt.clone(), false))));
    let value = work();
    let seen = CURRENT.with(|c| c.borrow().as_ref().is_some_and(|(_, seen)| *seen));
    drop(restore);
    if seen { Err(Interrupted) } else { Ok(value) }
}

/// Whether the computation on this thread should stop now: false outside
/// [`within`]. Cheap enough for every step of a walk (one thread-local read,
/// and a clock read while an interrupt is set).
pub fn requested() -> bool {
    CURRENT.with(|c| {
        let mut current = c.borrow_mut();
        match current.as_mut() {
            Some((interrupt, seen)) => {
                if !*seen && interrupt.fired() {
                    *seen = true;
                }
                *seen
            }
            None => false,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn count_until_requested(limit: u64) -> u64 {
        let mut n = 0;
        while n < limit && !requested() {
            n += 1;
        }
        n
    }

    #[test]
    fn outside_within_nothing_is_requested() {
        assert!(!requested());
        assert_eq!(count_until_requested(1000), 1000);
    }

    #[test]
    fn work_that_never_looks_or_finishes_in_time_keeps_its_result() {
        let i = Interrupt::new(Some(Instant::now() + Duration::from_secs(3600)));
        assert_eq!(within(&i, || count_until_requested(1000)), Ok(1000));
        assert!(!requested(), "the interrupt is gone after within");
    }

    #[test]
    fn a_passed_deadline_stops_the_loop_and_drops_the_result() {
        let i = Interrupt::new(Some(Instant::now()));
        assert_eq!(
            within(&i, || count_until_requested(u64::MAX)),
            Err(Interrupted)
        );
    }

    #[test]
    fn cancel_from_another_thread_stops_the_loop() {
        let i = Interrupt::new(None);
        let other = i.clone();
        let t = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(20));
            other.cancel();
        });
        assert_eq!(
            within(&i, || count_until_requested(u64::MAX)),
            Err(Interrupted)
        );
        t.join().unwrap();
        assert!(i.fired());
    }

    #[test]
    fn nested_within_restores_the_outer_interrupt() {
        let outer = Interrupt::new(None);
        let inner = Interrupt::new(Some(Instant::now()));
        let r = within(&outer, || {
            let inner_result = within(&inner, || count_until_requested(u64::MAX));
            (inner_result, requested())
        });
        assert_eq!(r, Ok((Err(Interrupted), false)));
    }
}
