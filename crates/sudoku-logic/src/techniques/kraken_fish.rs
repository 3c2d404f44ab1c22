//! Kraken fish (type 1): a finned fish whose fins do not all see a target,
//! where a chain from every fin removes the digit from the target anyway.
//!
//! Take a finned fish on a digit (basic or Franken, two to four houses, at
//! most two fins — HoDoKu's defaults for its Kraken search) and a *target*:
//! a candidate of the digit in a cover house outside the base. If no fin
//! holds the digit, the fish removes it from the target. If a fin holds it,
//! what that implies — followed along cell and single-digit links, the links
//! of an alternating inference chain (`chaining::offs_implied`) — must remove
//! the digit from the target too. When that holds for every fin, the target
//! loses the digit either way. A fin seeing the target needs no more than
//! that; targets every fin sees are the plain finned fish's and not reported
//! here. Each step removes one candidate and carries, per fin, the branch of
//! implications that proves it.
//!
//! Kraken type 2 (another digit eliminated by chains from every fin and from
//! every cover candidate of one cover house) is not searched. Points: 16.

use super::complex_fish::{FishKind, Limits, search};
use super::finned_fish::common_peers;
use crate::Candidates;
use crate::chaining::offs_implied;
use crate::implication::Branch;
use crate::step::{Detail, Step};
use crate::technique::{FindMode, Technique};
use std::cell::RefCell;
use std::collections::HashMap;
use sudoku_core::{Cell, CellSet, Digit, DigitSet};

/// At most this many fins (HoDoKu's default for Kraken fish).
const MAX_KRAKEN_FINS: usize = 2;

thread_local! {
    /// The last position searched and its Kraken fish: a walk asks again in
    /// the same position when an earlier row found nothing either.
    static CACHE: RefCell<Option<(Candidates, Vec<Step>)>> = const { RefCell::new(None) };
}

/// Kraken fish.
pub(crate) fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        if !matches!(&*cache, Some((p, _)) if p == pos) {
            *cache = Some((pos.clone(), search_all(pos)));
        }
        if let Some((_, steps)) = &*cache {
            match mode {
                FindMode::First => out.extend(steps.first().cloned()),
                _ => out.extend(steps.iter().cloned()),
            }
        }
    });
}

/// What each fin implies: per (fin, digit), the cells it clears of the digit
/// with the branch proving it.
type Implied = HashMap<(Cell, Digit), Vec<(Cell, Branch)>>;

/// Every Kraken fish in `pos`, smaller fish first, then by digit; one step
/// per eliminated candidate.
fn search_all(pos: &Candidates) -> Vec<Step> {
    let variant = pos.variant();
    let mut steps = Vec::new();
    let mut done: Vec<(Digit, Cell)> = Vec::new();
    let mut implied: Implied = HashMap::new();
    for size in 2..=4 {
        let lim = Limits {
            size,
            widest: FishKind::Franken,
            max_fins: MAX_KRAKEN_FINS,
            fins_see_target: false,
        };
        for digit in Digit::ALL {
            let cells = pos.cells_with(digit);
            search(pos, digit, lim, &mut |f| {
                if f.fins.is_empty() {
                    return false;
                }
                let seen_by_all = common_peers(variant, f.fins);
                for target in (f.targets - seen_by_all).iter() {
                    if done.contains(&(digit, target)) {
                        continue;
                    }
                    let mut chains = Vec::new();
                    for fin in f.fins.iter() {
                        let offs = implied
                            .entry((fin, digit))
                            .or_insert_with(|| offs_implied(pos, (fin, digit), cells));
                        match offs.iter().find(|(c, _)| *c == target) {
                            Some((_, b)) => chains.push(b.clone()),
                            None => break,
                        }
                    }
                    if chains.len() < f.fins.len() {
                        continue;
                    }
                    done.push((digit, target));
                    let t = Technique::KrakenFish;
                    let mut step = Step::new(t, t.info().points);
                    step.eliminate_all(digit, CellSet::single(target));
                    step.cells = f.pattern;
                    step.houses = f.base.iter().chain(f.cover.iter()).collect();
                    step.digits = DigitSet::single(digit);
                    step.detail = Detail::KrakenFish {
                        digit,
                        base: f.base,
                        cover: f.cover,
                        fins: f.fins,
                        target,
                        chains,
                    };
                    steps.push(step);
                }
                false
            });
        }
    }
    steps
}
