//! Broken wing (SudokuWiki's name; also "guardians"): an odd loop of houses
//! that one digit cannot satisfy, so one of its other places must hold it.
//!
//! Take houses `H1 … Hn` (n odd) missing a digit, and cells `c1 … cn` holding
//! it as a candidate, where `ci` lies in `Hi` and `Hi+1` (and `cn` in `Hn` and
//! `H1`), and each house holds exactly two of the loop cells, its two
//! neighbours in the loop. Were the digit nowhere else in these houses, each
//! house would need it in exactly one of its two loop cells: the loop cells
//! would alternate true/false around the loop, which an odd loop cannot do.
//! So one of the other places of the digit in the loop's houses — the
//! *guardians* — is true: every cell that sees all guardians loses the digit,
//! and a single guardian is placed. Sound on any puzzle (no uniqueness
//! assumed); template delete finds each of its eliminations too, so on our
//! own path it stands before the templates.
//!
//! This technique is the worked example of adding one through its catalogue
//! entry alone: its steps are [`Detail::Pattern`] with the groups `loop` and
//! `guardians`, and its text is the entry's [`StepText`]; the explanation,
//! drawing, isomorph transform and scales need nothing else (see
//! docs/architecture.md, "Adding a technique").
//!
//! Points: 9, as an X-loop (a single-digit loop of about the same length).
//! Sudoku Explainer and HoDoKu do not have it: no SE value, no HoDoKu order.

use crate::Candidates;
use crate::step::{Detail, Elimination, GroupRole, PatternGroup, Placement, Step};
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};
use sudoku_core::{Cell, CellSet, Digit, DigitSet, House, Variant};

/// The longest loop searched (houses, odd): 7 keeps the search small and
/// covers the loops people find by eye.
const MAX_LOOP: usize = 7;

/// At most this many guardians: more are rarely all seen by one cell, and a
/// person no longer follows the argument.
const MAX_GUARDIANS: usize = 4;

/// Broken wings, one step per (digit, effects).
pub(crate) fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    for digit in Digit::ALL {
        if !templates_leave_room(pos, digit) {
            continue;
        }
        let found = on_digit(pos, digit, mode);
        for step in found {
            if !out
                .iter()
                .any(|s| s.placements == step.placements && s.eliminations == step.eliminations)
            {
                out.push(step);
                if mode == FindMode::First {
                    return;
                }
            }
        }
    }
}

/// Whether a broken wing on `digit` may find anything: every template puts
/// the digit on a guardian (a template fills each house once, and without a
/// guardian the loop's cells would alternate around an odd loop), so a cell
/// seeing all guardians is in no template and a lone guardian is in every
/// one — the templates find each broken wing's effect (see
/// [`super::templates::may_change`]). The table asks them right after, on
/// the same position, so their summary is kept already.
fn templates_leave_room(pos: &Candidates, digit: Digit) -> bool {
    super::templates::may_change(pos, digit)
}

/// The search state of one digit: the loop `H1, c1, H2, c2, …` grown house by
/// house. A house is *complete* once both its loop cells are chosen; no later
/// loop cell may lie in a complete house (each house holds exactly its two),
/// and the other candidates of complete houses are the guardians so far.
struct Search<'a> {
    pos: &'a Candidates,
    digit: Digit,
    /// The digit's candidate cells.
    places: CellSet,
    /// The houses that still miss the digit, with their candidate cells.
    open: Vec<(House, CellSet)>,
    /// Per cell, the houses of `open` that hold it (bit `i` for `open[i]`).
    through: [u64; 81],
    /// The loop's houses (indices into `open`) and the cells joining each to
    /// the next.
    houses: Vec<usize>,
    cells: Vec<Cell>,
    /// The cells of the complete houses.
    blocked: CellSet,
    /// The guardians of the complete houses.
    guardians: CellSet,
    /// Per house of `open`, how many steps from house to house (through a
    /// shared place) it is at least from the first house, over the houses a
    /// loop from it may use; `u8::MAX` when it cannot lead back.
    back: Vec<u8>,
    found: Vec<Step>,
    mode: FindMode,
}

fn on_digit(pos: &Candidates, digit: Digit, mode: FindMode) -> Vec<Step> {
    let places = pos.cells_with(digit);
    let variant = pos.variant();
    let open: Vec<(House, CellSet)> = variant
        .houses()
        .iter()
        .map(|&h| (h, Variant::house_cells(h) & places))
        .filter(|(h, cells)| cells.len() >= 2 && !pos.placed_in(*h).contains(digit))
        .collect();
    // At most 38 houses (colour-diagonal): one bit each in a word.
    debug_assert!(open.len() <= 64);
    let mut through = [0u64; 81];
    for (i, (_, cells)) in open.iter().enumerate() {
        for cell in cells.iter() {
            through[cell.index()] |= 1 << i;
        }
    }
    let mut search = Search {
        pos,
        digit,
        places,
        open,
        through,
        houses: Vec::new(),
        cells: Vec::new(),
        blocked: CellSet::EMPTY,
        guardians: CellSet::EMPTY,
        back: Vec::new(),
        found: Vec::new(),
        mode,
    };
    // Each loop is met from its first house (the lowest index in `open`),
    // in the direction whose closing cell comes after its first cell; the
    // effects are kept once per set.
    for start in 0..search.open.len() {
        search.back = distances(&search.open, start);
        search.houses.push(start);
        search.extend(start);
        search.houses.pop();
        if mode == FindMode::First && !search.found.is_empty() {
            break;
        }
    }
    search.found
}

impl Search<'_> {
    /// Chooses the next loop cell in the last house and the house it leads
    /// to; `start` is the first house.
    fn extend(&mut self, start: usize) {
        if self.mode == FindMode::First && !self.found.is_empty() {
            return;
        }
        let last = self.houses[self.houses.len() - 1];
        let (_, in_last) = self.open[last];
        let (_, in_start) = self.open[start];
        let used: CellSet = self.cells.iter().copied().collect();
        // Each loop is met from its first house in both directions: only the
        // one whose closing cell comes after its first cell is followed.
        if let Some(&first) = self.cells.first() {
            let after = CellSet::from_bits(in_start.bits() & (u128::MAX << first.index() << 1));
            if (after - used - self.blocked - self.guardians).is_empty() {
                return;
            }
        }
        // The last house's loop cells: the one that entered it (none for the
        // first house) and the one chosen now; the rest are its guardians.
        let entered = if self.houses.len() > 1 {
            self.cells.last().copied()
        } else {
            None
        };
        for cell in (in_last - used - self.blocked - self.guardians).iter() {
            let mut pair = CellSet::single(cell);
            if let Some(e) = entered {
                pair |= CellSet::single(e);
            }
            let guardians = if entered.is_some() {
                self.guardians | (in_last - pair)
            } else {
                self.guardians
            };
            if guardians.len() > MAX_GUARDIANS
                || !(guardians & used).is_empty()
                || (guardians != self.guardians && self.hopeless(guardians))
            {
                continue;
            }
            let closing = in_start.contains(cell) && last != start;
            if closing {
                // The loop closes through the first house, which must hold
                // just its two loop cells.
                let first = self.cells[0];
                if self.houses.len() % 2 == 1 && self.houses.len() >= 3 && cell > first {
                    let loop_cells = used | CellSet::single(cell);
                    if (in_start & loop_cells).len() == 2 && in_start.contains(first) {
                        let all = guardians | (in_start - loop_cells);
                        self.cells.push(cell);
                        self.report(loop_cells, all);
                        self.cells.pop();
                    }
                }
                continue;
            }
            if self.houses.len() >= MAX_LOOP {
                continue;
            }
            let was = (self.blocked, self.guardians);
            if entered.is_some() {
                self.blocked |= Variant::house_cells(self.open[last].0);
                self.guardians = guardians;
            }
            // The houses after the first that hold `cell`.
            let mut through = self.through[cell.index()] & (u64::MAX << start << 1);
            while through != 0 {
                let next = through.trailing_zeros() as usize;
                through &= through - 1;
                let (_, in_next) = self.open[next];
                // The loop takes `next` and at least `back[next] - 1` more
                // houses before it closes.
                if next == last
                    || self.houses.contains(&next)
                    || !(in_next & used).is_empty()
                    || self.houses.len() + usize::from(self.back[next]) > MAX_LOOP
                {
                    continue;
                }
                self.houses.push(next);
                self.cells.push(cell);
                self.extend(start);
                self.cells.pop();
                self.houses.pop();
            }
            (self.blocked, self.guardians) = was;
        }
    }

    /// Whether no loop that keeps `guardians` can have an effect: guardians
    /// only grow as the loop does, so once two or more of them see no other
    /// candidate of the digit in common, no closing adds a target (and a
    /// single guardian, a placement, is out of reach).
    fn hopeless(&self, guardians: CellSet) -> bool {
        guardians.len() >= 2 && targets(self.pos.variant(), self.places, guardians).is_empty()
    }

    /// A closed odd loop with its guardians: its effects, when it has any.
    fn report(&mut self, loop_cells: CellSet, guardians: CellSet) {
        if guardians.is_empty() || guardians.len() > MAX_GUARDIANS {
            return;
        }
        let targets = targets(self.pos.variant(), self.places, guardians);
        let mut step = Step::new(Technique::BrokenWing, BROKEN_WING.points);
        if guardians.len() == 1 {
            step.placements = guardians
                .iter()
                .map(|cell| Placement {
                    cell,
                    digit: self.digit,
                })
                .collect();
        } else if targets.is_empty() {
            return;
        }
        step.eliminations = targets
            .iter()
            .map(|cell| Elimination {
                cell,
                digit: self.digit,
            })
            .collect();
        step.cells = loop_cells | guardians;
        step.houses = self.houses.iter().map(|&h| self.open[h].0).collect();
        step.digits = DigitSet::single(self.digit);
        step.detail = Detail::Pattern(vec![
            PatternGroup {
                name: "loop",
                role: GroupRole::Pattern,
                cells: loop_cells,
            },
            PatternGroup {
                name: "guardians",
                role: GroupRole::Guardian,
                cells: guardians,
            },
        ]);
        if !self
            .found
            .iter()
            .any(|s| s.placements == step.placements && s.eliminations == step.eliminations)
        {
            self.found.push(step);
        }
    }
}

/// Per house of `open`, the fewest steps from it to house `start` through
/// houses that share a place, over `start` and the houses after it (the
/// only ones a loop met from `start` takes); `u8::MAX` where there is no way.
fn distances(open: &[(House, CellSet)], start: usize) -> Vec<u8> {
    let mut dist = vec![u8::MAX; open.len()];
    dist[start] = 0;
    let mut queue = vec![start];
    let mut at = 0;
    while at < queue.len() {
        let i = queue[at];
        at += 1;
        for j in start + 1..open.len() {
            if dist[j] == u8::MAX && !(open[i].1 & open[j].1).is_empty() {
                dist[j] = dist[i] + 1;
                queue.push(j);
            }
        }
    }
    dist
}

/// The candidates of the digit (`places`) that every guardian sees, the
/// guardians aside: what goes when one of them holds the digit.
fn targets(variant: Variant, places: CellSet, guardians: CellSet) -> CellSet {
    guardians
        .iter()
        .fold(places, |acc, g| acc & variant.peers(g))
        - guardians
}

/// Catalogue entry: Broken wing (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const BROKEN_WING: TechniqueInfo = TechniqueInfo {
    technique: Technique::BrokenWing, name: "broken-wing", names: Names { en: "Broken wing", de: "Gebrochener Flügel" },
    family: Family::SingleDigit, phase: Phase::OnCandidates, points: 9.0, se: None, finder: find,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 280 },
    text: Some(StepText {
        en: "the {digit}s of the odd loop {loop} through {houses} cannot alternate around it, hence one of the guardians {guardians} is {digit}",
        de: "die {digit} der ungeraden Schleife {loop} durch {houses} kann nicht reihum abwechseln, daher ist einer der Wächter {guardians} eine {digit}",
    }),
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_util::*;

    #[test]
    fn sound_on_real_positions_and_found_there() {
        sound_on_real_positions(&[("broken-wing", find)]);
    }

    /// The templates' screen skips only digits where the full search finds
    /// nothing: on the positions of real solution paths (top1465 and the
    /// The templates' screen skips only digits where the full search finds
    /// nothing: on the positions of real solution paths (top1465 and the
    /// seed's variant examples), no broken wing lies on a digit the
    /// templates leave alone.
    #[test]
    fn the_templates_screen_keeps_every_broken_wing() {
        let (skipped, found) = crate::techniques::templates::screened_digits_find_nothing(
            (60, 7, 12),
            &|pos, digit| on_digit(pos, digit, FindMode::All).len(),
        );
        println!("{skipped} digits skipped, {found} broken wings");
        assert!(
            skipped > 1000 && found > 0,
            "{skipped} skipped, {found} found"
        );
    }
}
