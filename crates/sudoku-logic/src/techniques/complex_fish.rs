//! The search for fish over any houses, shared by the Franken, mutant and
//! Kraken fish (HoDoKu's "complex fish").
//!
//! A fish on a digit takes N *base* houses that share no candidate of the
//! digit and N *cover* houses (none of them a base house). Every house holds
//! the digit exactly once, so the base houses hold N placements of it in N
//! different cells. If every base candidate lies in a cover house, those N
//! placements are in the cover houses, and as no cover house holds the digit
//! twice they are one per cover house: the digit goes from every cover cell
//! outside the base. Base candidates outside every cover house are *fins*: if
//! one of them holds the digit the argument fails, so only the cover cells
//! that see every fin lose the digit (or, for a Kraken fish, the cells a chain
//! from every fin removes it from).
//!
//! Which houses may be base and cover decides the name (HoDoKu's rules, with
//! "box" read as every house that is not a line — boxes, diagonals and colour
//! groups, so the search is the same in every variant):
//! * basic: rows against columns (or columns against rows) — the basic and
//!   finned fish modules find these;
//! * Franken: rows and boxes against columns and boxes (or columns and boxes
//!   against rows and boxes), not basic;
//! * mutant: any other mix.
//!
//! Left out: HoDoKu's *endo fins* (candidates in two base houses, allowed as
//! extra fins) and *cannibalism* (a base candidate in two cover houses goes).
//! Base houses here never share a candidate of the digit, and only cover cells
//! outside the base are eliminated; both extensions are sound but would need
//! their own wording and tests.

use super::finned_fish::{MAX_FINS, fish_step};
use crate::Candidates;
use crate::step::{Detail, Step};
use crate::technique::{FindMode, Technique};
use std::cell::RefCell;
use sudoku_core::{CellSet, Digit, DigitSet, House, HouseKind, HouseSet, Variant};

/// The shape of a fish: which kinds of houses its base and cover mix.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum FishKind {
    /// Rows against columns or columns against rows.
    Basic,
    /// Lines of one direction and other houses against lines of the other
    /// direction and other houses.
    Franken,
    /// Anything else.
    Mutant,
}

/// Whether `set` holds a house of `kind`.
fn has(set: HouseSet, kind: HouseKind) -> bool {
    set.iter().any(|h| h.kind() == kind)
}

/// Whether every house of `set` is of `kind`.
fn all(set: HouseSet, kind: HouseKind) -> bool {
    set.iter().all(|h| h.kind() == kind)
}

/// The kind of the fish with base houses `base` and cover houses `cover`.
pub(crate) fn kind_of(base: HouseSet, cover: HouseSet) -> FishKind {
    use HouseKind::{Column, Row};
    if (all(base, Row) && all(cover, Column)) || (all(base, Column) && all(cover, Row)) {
        FishKind::Basic
    } else if (!has(base, Column) && !has(cover, Row)) || (!has(base, Row) && !has(cover, Column)) {
        FishKind::Franken
    } else {
        FishKind::Mutant
    }
}

/// One fish found by [`search`].
#[derive(Clone, Debug)]
pub(crate) struct Fish {
    /// The base houses.
    pub(crate) base: HouseSet,
    /// The cover houses.
    pub(crate) cover: HouseSet,
    /// The candidates of the base houses (body and fins).
    pub(crate) pattern: CellSet,
    /// The base candidates outside every cover house.
    pub(crate) fins: CellSet,
    /// The candidates of the cover houses outside the base (what the fish
    /// removes when no fin holds the digit) that every fin reaches (see
    /// [`search`]): what goes in any case.
    pub(crate) gone: CellSet,
}

/// What a search looks for.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits {
    /// N: base and cover houses.
    pub(crate) size: usize,
    /// The widest kind searched: `Basic` rows/columns only, `Franken` also
    /// the Franken mixes, `Mutant` every mix.
    pub(crate) widest: FishKind,
    /// At most this many fins (0 for fish without fins).
    pub(crate) max_fins: usize,
}

/// The houses a base or cover may take, per direction.
fn passes(variant: Variant, widest: FishKind) -> Vec<(HouseSet, HouseSet)> {
    let of = |keep: &dyn Fn(HouseKind) -> bool| -> HouseSet {
        variant
            .houses()
            .iter()
            .copied()
            .filter(|h| keep(h.kind()))
            .collect()
    };
    let rows = of(&|k| k == HouseKind::Row);
    let cols = of(&|k| k == HouseKind::Column);
    let others = of(&|k| k != HouseKind::Row && k != HouseKind::Column);
    match widest {
        FishKind::Basic => vec![(rows, cols), (cols, rows)],
        FishKind::Franken => vec![
            (rows | others, cols | others),
            (cols | others, rows | others),
        ],
        FishKind::Mutant => {
            let every = rows | cols | others;
            vec![(every, every)]
        }
    }
}

/// One search on one digit.
struct Search<'a> {
    lim: Limits,
    /// Per fin, the cells it clears of the digit when it holds it.
    reach: &'a mut dyn FnMut(sudoku_core::Cell) -> CellSet,
    /// The digit's candidates.
    cells: CellSet,
    /// The houses holding a candidate of the digit, with their candidates.
    houses: Vec<(House, CellSet)>,
    /// Per cell, the houses that may cover it (holding a candidate, allowed
    /// as cover) with their candidates: the choices of [`Search::covers`].
    covers_of: Vec<Vec<(House, CellSet)>>,
    visit: &'a mut dyn FnMut(&Fish) -> bool,
    /// The base chosen so far (indices into `houses`).
    base: Vec<usize>,
    /// The cover sets already reported for the current base.
    reported: Vec<HouseSet>,
    /// Whether cover choices are cut where no fish can remove anything (see
    /// [`Search::may_remove`]).
    prune: bool,
}

/// The state of the cover choice for one base.
#[derive(Clone, Copy)]
struct Cover {
    base: HouseSet,
    /// The base candidates.
    pattern: CellSet,
    /// Base candidates neither covered nor fins yet.
    uncovered: CellSet,
    cover: HouseSet,
    count: usize,
    fins: CellSet,
    /// The digit's candidates outside the base that every fin so far
    /// reaches: where eliminations can still be.
    possible: CellSet,
}

/// Calls `visit` with every fish on `digit` within `lim` that removes
/// something — a target (a cover candidate outside the base) that every fin
/// reaches — until it returns `true`; returns whether it did. `reach` says
/// which candidates of the digit a fin clears when it holds the digit: its
/// peers for a finned fish, what chains from it remove for a Kraken fish.
/// Base houses are chosen in house order, each fish's cover once per base.
pub(crate) fn search(
    pos: &Candidates,
    digit: Digit,
    lim: Limits,
    reach: &mut dyn FnMut(sudoku_core::Cell) -> CellSet,
    visit: &mut dyn FnMut(&Fish) -> bool,
) -> bool {
    search_pruned(pos, digit, lim, reach, visit, true)
}

/// [`search`], with or without the pruning of cover choices that can
/// remove nothing (the tests compare the two).
fn search_pruned(
    pos: &Candidates,
    digit: Digit,
    lim: Limits,
    reach: &mut dyn FnMut(sudoku_core::Cell) -> CellSet,
    visit: &mut dyn FnMut(&Fish) -> bool,
    prune: bool,
) -> bool {
    let cells = pos.cells_with(digit);
    if cells.is_empty() {
        return false;
    }
    let variant = pos.variant();
    for (base_ok, cover_ok) in passes(variant, lim.widest) {
        let houses: Vec<(House, CellSet)> = variant
            .houses()
            .iter()
            .map(|&h| (h, cells & Variant::house_cells(h)))
            .filter(|(h, c)| !c.is_empty() && (base_ok.contains(*h) || cover_ok.contains(*h)))
            .collect();
        let mut covers_of = vec![Vec::new(); 81];
        for &(h, c) in houses.iter().filter(|(h, _)| cover_ok.contains(*h)) {
            for cell in c.iter() {
                covers_of[cell.index()].push((h, c));
            }
        }
        let mut s = Search {
            lim,
            reach: &mut *reach,
            cells,
            houses,
            covers_of,
            visit: &mut *visit,
            base: Vec::with_capacity(lim.size),
            reported: Vec::new(),
            prune,
        };
        if s.bases(0, CellSet::EMPTY, base_ok) {
            return true;
        }
    }
    false
}

impl Search<'_> {
    /// Chooses the base houses from `from` on, sharing no candidate.
    fn bases(&mut self, from: usize, union: CellSet, base_ok: HouseSet) -> bool {
        if self.base.len() == self.lim.size {
            // Large fish on many houses take seconds: stop when the caller's
            // interrupt fired (see `sudoku_core::interrupt`).
            if sudoku_core::interrupt::requested() {
                return true;
            }
            let base: HouseSet = self.base.iter().map(|&i| self.houses[i].0).collect();
            self.reported.clear();
            let start = Cover {
                base,
                pattern: union,
                uncovered: union,
                cover: HouseSet::EMPTY,
                count: 0,
                fins: CellSet::EMPTY,
                possible: self.cells - union,
            };
            return self.covers(start);
        }
        for i in from..self.houses.len() {
            if self.houses.len() - i < self.lim.size - self.base.len() {
                break;
            }
            let (h, c) = self.houses[i];
            if !base_ok.contains(h) || !(c & union).is_empty() {
                continue;
            }
            self.base.push(i);
            let stop = self.bases(i + 1, union | c, base_ok);
            self.base.pop();
            if stop {
                return true;
            }
        }
        false
    }

    /// Covers the first uncovered base candidate by a house holding it, or
    /// takes it as a fin.
    fn covers(&mut self, st: Cover) -> bool {
        if st.count == self.lim.size || st.uncovered.is_empty() {
            if st.count < self.lim.size {
                return false; // fewer covers than bases: not a fish of this size
            }
            let fins = st.fins | st.uncovered;
            if fins.len() > self.lim.max_fins {
                return false;
            }
            let mut possible = st.possible;
            for f in st.uncovered.iter() {
                possible &= (self.reach)(f);
                if possible.is_empty() {
                    return false; // the fins see no common cell
                }
            }
            return self.report(st.base, st.pattern, st.cover, fins, possible);
        }
        let Some(first) = st.uncovered.first() else {
            return false;
        };
        // Once there are fins, few candidates are left that every fin
        // reaches: most branches end here.
        if self.prune && !st.fins.is_empty() && !self.may_remove(&st) {
            return false;
        }
        for k in 0..self.covers_of[first.index()].len() {
            let (h, c) = self.covers_of[first.index()][k];
            if st.base.contains(h) || st.cover.contains(h) || !(c & st.fins).is_empty() {
                continue;
            }
            let mut cover = st.cover;
            cover.insert(h);
            let next = Cover {
                uncovered: st.uncovered - c,
                cover,
                count: st.count + 1,
                ..st
            };
            if self.covers(next) {
                return true;
            }
        }
        if st.fins.len() < self.lim.max_fins {
            let fins = st.fins | CellSet::single(first);
            let possible = st.possible & (self.reach)(first);
            if possible.is_empty() {
                return false;
            }
            let next = Cover {
                uncovered: st.uncovered - CellSet::single(first),
                fins,
                possible,
                ..st
            };
            return self.covers(next);
        }
        false
    }

    /// Whether a fish completing `st` can still remove something: a
    /// candidate every fin so far reaches must lie in a cover house, chosen
    /// or still to come (one holding an uncovered candidate and no fin).
    fn may_remove(&self, st: &Cover) -> bool {
        st.possible.iter().any(|p| {
            self.covers_of[p.index()].iter().any(|&(h, c)| {
                st.cover.contains(h)
                    || (!st.base.contains(h)
                        && (c & st.fins).is_empty()
                        && !(c & st.uncovered).is_empty())
            })
        })
    }

    /// Hands a complete fish to the visitor if every base house keeps a
    /// covered candidate and something is left to remove.
    fn report(
        &mut self,
        base: HouseSet,
        pattern: CellSet,
        cover: HouseSet,
        fins: CellSet,
        possible: CellSet,
    ) -> bool {
        if self.reported.contains(&cover) {
            return false;
        }
        self.reported.push(cover);
        let body = pattern - fins;
        if base
            .iter()
            .any(|h| (body & Variant::house_cells(h)).is_empty())
        {
            return false;
        }
        let cover_cells = cover
            .iter()
            .fold(CellSet::EMPTY, |acc, h| acc | Variant::house_cells(h));
        let targets = (self.cells & cover_cells) - pattern;
        let gone = targets & possible;
        if gone.is_empty() {
            return false;
        }
        let fish = Fish {
            base,
            cover,
            pattern,
            fins,
            gone,
        };
        (self.visit)(&fish)
    }
}

/// At most this many fins for Franken and mutant fish (HoDoKu's default, as
/// for the basic finned fish).
pub(crate) const COMPLEX_MAX_FINS: usize = MAX_FINS;

/// Every fish of `kind` (exactly: a Franken search skips the basic fish it
/// meets) with `size` houses on `digit`: those without fins as steps of the
/// first technique, those with fins as steps of the second, each list with
/// every set of eliminations once. One search finds both (a fish without
/// fins is one whose covers leave no fin), and both are a function of the
/// variant and the digit's candidates only (see [`find`]).
fn steps_on_digit(
    pos: &Candidates,
    digit: Digit,
    (kind, size): (FishKind, usize),
    techniques: [Technique; 2],
) -> [Vec<Step>; 2] {
    let variant = pos.variant();
    let lim = Limits {
        size,
        widest: kind,
        max_fins: COMPLEX_MAX_FINS,
    };
    let mut steps: [Vec<Step>; 2] = Default::default();
    let mut seen: [Vec<CellSet>; 2] = Default::default();
    let mut peers = |c| variant.peers(c);
    search(pos, digit, lim, &mut peers, &mut |f| {
        if kind_of(f.base, f.cover) != kind {
            return false;
        }
        let finned = !f.fins.is_empty();
        let which = usize::from(finned);
        let gone = f.gone;
        if seen[which].contains(&gone) {
            return false;
        }
        seen[which].push(gone);
        let technique = techniques[which];
        let step = if finned {
            fish_step(
                technique,
                digit,
                gone,
                (f.base, f.cover),
                f.pattern,
                f.fins,
                false,
            )
        } else {
            let mut step = Step::new(technique, technique.info().points);
            step.eliminate_all(digit, gone);
            step.cells = f.pattern;
            step.houses = f.base.iter().chain(f.cover.iter()).collect();
            step.digits = DigitSet::single(digit);
            step.detail = Detail::Fish(crate::Fish {
                digit,
                base: f.base,
                cover: f.cover,
            });
            step
        };
        steps[which].push(step);
        false
    });
    steps
}

/// A kind and size's last fish per digit: the variant, the digit's
/// candidates, the fish without fins and those with fins.
type Kept = [Option<(Variant, CellSet, [Vec<Step>; 2])>; 9];

thread_local! {
    /// Per Franken and mutant fish of two, three and four houses. A walk
    /// tries the fish with and without fins of a size on the same position,
    /// and its next step changes few digits: both reuse these.
    static KEPT: RefCell<[Kept; 6]> = RefCell::new(Default::default());
}

/// The Franken or mutant fish (`kind`) of `size` houses, with fins or
/// without, digit by digit; with [`FindMode::First`] only the first hit.
pub(crate) fn find(
    pos: &Candidates,
    out: &mut Vec<Step>,
    mode: FindMode,
    (kind, size, finned): (FishKind, usize, bool),
) {
    use Technique as T;
    let (slot, techniques) = match (kind, size) {
        (FishKind::Mutant, 2) => (3, [T::MutantXWing, T::FinnedMutantXWing]),
        (FishKind::Mutant, 3) => (4, [T::MutantSwordfish, T::FinnedMutantSwordfish]),
        (FishKind::Mutant, _) => (5, [T::MutantJellyfish, T::FinnedMutantJellyfish]),
        (_, 2) => (0, [T::FrankenXWing, T::FinnedFrankenXWing]),
        (_, 3) => (1, [T::FrankenSwordfish, T::FinnedFrankenSwordfish]),
        _ => (2, [T::FrankenJellyfish, T::FinnedFrankenJellyfish]),
    };
    let variant = pos.variant();
    KEPT.with(|kept| {
        let mut kept = kept.borrow_mut();
        for d in Digit::ALL {
            let cells = pos.cells_with(d);
            let entry = &mut kept[slot][d.index()];
            if !matches!(entry, Some((v, c, _)) if *v == variant && *c == cells) {
                // A fish reasons on one digit: where the digit's templates
                // remove nothing, no fish does (and none does with the same
                // candidates elsewhere, as the kept lists assume).
                let lists = if super::templates::may_change(pos, d) {
                    steps_on_digit(pos, d, (kind, size), techniques)
                } else {
                    Default::default()
                };
                *entry = Some((variant, cells, lists));
            }
            let Some((_, _, lists)) = entry else { continue };
            if super::emit(&lists[usize::from(finned)], out, mode) {
                return;
            }
        }
    });
}

/// Real positions for the fish tests: walking the solution paths of hard
/// puzzles, checking what finders report against the solution.
#[cfg(test)]
pub(crate) mod sweep {
    use crate::technique::{FindMode, Finder, Technique};
    use crate::techniques::als::hunt;
    use sudoku_core::{Grid, Variant, parse_line};
    use sudoku_solve::{Uniqueness, uniqueness};

    fn data(file: &str) -> String {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data/");
        std::fs::read_to_string(format!("{path}{file}")).expect("shared data set")
    }

    /// Every `stride`-th of the first puzzles of top1465 (`count` of them)
    /// and the first `variants` unique variant puzzles of the seed's examples,
    /// with their solutions.
    pub(crate) fn puzzles(
        count: usize,
        stride: usize,
        variants: usize,
    ) -> Vec<(Grid, Variant, Grid)> {
        let mut out = Vec::new();
        for line in data("top1465.txt").lines().step_by(stride).take(count) {
            let Ok(p) = parse_line(line.trim()) else {
                continue;
            };
            if let Uniqueness::Unique(s) = uniqueness(&p.grid, Variant::Standard) {
                out.push((p.grid, Variant::Standard, s));
            }
        }
        let mut taken = 0;
        for line in data("seed_examples.tsv").lines().skip(1) {
            let mut cols = line.split('\t');
            let (Some(p), Some(v)) = (cols.next(), cols.next()) else {
                continue;
            };
            let (Ok(variant), Ok(p)) = (v.parse::<Variant>(), parse_line(p)) else {
                continue;
            };
            if variant == Variant::Standard || taken >= variants {
                continue;
            }
            if let Uniqueness::Unique(s) = uniqueness(&p.grid, variant) {
                out.push((p.grid, variant, s));
                taken += 1;
            }
        }
        out
    }

    /// Runs every finder at every position of the paths of `set`; every step
    /// must be sound. Returns per finder how many steps it reported.
    pub(crate) fn sweep(
        finders: &[Technique],
        set: &[(Grid, Variant, Grid)],
    ) -> Vec<(usize, std::time::Duration)> {
        let mut counts = vec![(0, std::time::Duration::ZERO); finders.len()];
        for (puzzle, variant, solution) in set {
            hunt::walk(puzzle, *variant, &mut |pos| {
                for (i, t) in finders.iter().enumerate() {
                    let mut out = Vec::new();
                    let start = std::time::Instant::now();
                    t.info().find(pos, &mut out, FindMode::All);
                    counts[i].1 += start.elapsed();
                    for step in &out {
                        if let Err(e) = crate::check::check_step(step, solution, 0) {
                            panic!("{puzzle} ({variant}): {e:?}\n{step:?}");
                        }
                    }
                    counts[i].0 += out.len();
                }
                false
            });
        }
        counts
    }

    /// Prints the first position of the paths where each finder of the big
    /// fish fires (its table row may come too late to be used):
    /// `cargo test --release -p sudoku-logic print_big_fish_positions -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn print_big_fish_positions() {
        use crate::techniques::{basic_fish, finned_fish};
        let finders: [(&str, Finder); 9] = [
            ("squirmbag", basic_fish::find_5),
            ("whale", basic_fish::find_6),
            ("leviathan", basic_fish::find_7),
            ("finned-squirmbag", finned_fish::find_finned_5),
            ("sashimi-squirmbag", finned_fish::find_sashimi_5),
            ("finned-whale", finned_fish::find_finned_6),
            ("sashimi-whale", finned_fish::find_sashimi_6),
            ("finned-leviathan", finned_fish::find_finned_7),
            ("sashimi-leviathan", finned_fish::find_sashimi_7),
        ];
        let set = puzzles(100, 1, 0);
        for (name, finder) in finders {
            for (puzzle, variant, _) in &set {
                let found = hunt::walk(puzzle, *variant, &mut |pos| {
                    let steps = hunt::hits(pos, finder);
                    let Some(first) = steps.first() else {
                        return false;
                    };
                    let (grid, elims) = hunt::describe(pos);
                    println!(
                        "{name}: {puzzle}\n  {grid}\n  {elims}\n  {:?}",
                        first.eliminations
                    );
                    true
                });
                if found {
                    break;
                }
            }
        }
    }

    /// Prints, per new fish technique, how often the solver's paths use it
    /// and the first two positions where they do (to pick goldens):
    /// `cargo test --release -p sudoku-logic print_fish_positions -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn print_fish_positions() {
        use crate::technique::Technique;
        use crate::{Candidates, Options, solve_logically};
        use std::collections::BTreeMap;
        let n: usize = std::env::var("FISH_HUNT")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(300);
        let set = puzzles(n, 1, 60);
        let mut used: BTreeMap<Technique, usize> = BTreeMap::new();
        let start = std::time::Instant::now();
        for (puzzle, variant, _) in &set {
            let trace = solve_logically(puzzle, *variant, &Options::default()).expect("solves");
            let mut pos = Candidates::new(puzzle, *variant).expect("no clash");
            for step in &trace.steps {
                let t = step.technique;
                if t > Technique::NestedForcingChain && t < Technique::TrialAndError {
                    let k = used.entry(t).or_default();
                    *k += 1;
                    if *k <= 2 {
                        let (grid, elims) = hunt::describe(&pos);
                        println!(
                            "{t} ({variant}): {puzzle}\n  {grid}\n  {elims}\n  {:?} {:?}",
                            step.eliminations, step.detail
                        );
                    }
                }
                pos.apply(step).expect("applies");
            }
        }
        println!("{} puzzles in {:?}: {used:?}", set.len(), start.elapsed());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(houses: &[House]) -> HouseSet {
        houses.iter().copied().collect()
    }

    /// The pruned search meets the same fish in the same order as the full
    /// one, on the positions of real solution paths, for Franken and mutant
    /// fish of every size with fins (where the pruning cuts).
    #[test]
    fn pruned_search_meets_the_full_searchs_fish() {
        use crate::techniques::als::hunt;
        let set = sweep::puzzles(2, 9, 1);
        let mut compared = 0;
        for (puzzle, variant, _) in &set {
            hunt::walk(puzzle, *variant, &mut |pos| {
                for widest in [FishKind::Franken, FishKind::Mutant] {
                    for size in 2..=3 {
                        let lim = Limits {
                            size,
                            widest,
                            max_fins: COMPLEX_MAX_FINS,
                        };
                        for digit in Digit::ALL {
                            let mut met = [Vec::new(), Vec::new()];
                            for (i, prune) in [false, true].into_iter().enumerate() {
                                let mut peers = |c| pos.variant().peers(c);
                                search_pruned(
                                    pos,
                                    digit,
                                    lim,
                                    &mut peers,
                                    &mut |f| {
                                        met[i].push((f.base, f.cover, f.fins, f.gone));
                                        false
                                    },
                                    prune,
                                );
                            }
                            assert_eq!(met[0], met[1], "{puzzle} {digit:?} {lim:?}");
                            compared += met[0].len();
                        }
                    }
                }
                false
            });
        }
        assert!(compared > 100, "only {compared} fish compared");
    }

    /// The templates' screen in [`find`] drops no fish: on the positions of
    /// real solution paths, a digit whose templates remove nothing has no
    /// Franken or mutant fish of any size, with fins or without — and the
    /// screen does skip digits there.
    #[test]
    fn digits_the_templates_leave_alone_have_no_fish() {
        let (skipped, fish) = crate::techniques::templates::screened_digits_find_nothing(
            (10, 9, 4),
            &|pos, digit| {
                let mut n = 0;
                for kind in [FishKind::Franken, FishKind::Mutant] {
                    for size in 2..=3 {
                        let techniques = [Technique::FrankenXWing; 2];
                        let [plain, finned] = steps_on_digit(pos, digit, (kind, size), techniques);
                        n += plain.len() + finned.len();
                    }
                }
                n
            },
        );
        println!("{skipped} digits skipped, {fish} fish");
        assert!(
            skipped > 1000 && fish > 100,
            "{skipped} skipped, {fish} fish"
        );
    }

    #[test]
    fn kinds_follow_hodokus_rules() {
        let (r, c, b) = (House::row, House::column, House::boxx);
        assert_eq!(
            kind_of(set(&[r(0), r(4)]), set(&[c(1), c(5)])),
            FishKind::Basic
        );
        assert_eq!(
            kind_of(set(&[c(0), c(4)]), set(&[r(1), r(5)])),
            FishKind::Basic
        );
        assert_eq!(
            kind_of(set(&[r(0), b(4)]), set(&[c(1), c(5)])),
            FishKind::Franken
        );
        assert_eq!(
            kind_of(set(&[c(0), c(4)]), set(&[r(1), b(5)])),
            FishKind::Franken
        );
        assert_eq!(
            kind_of(set(&[b(0), b(4)]), set(&[b(1), b(5)])),
            FishKind::Franken
        );
        assert_eq!(
            kind_of(set(&[r(0), House::MAIN_DIAGONAL]), set(&[c(1), c(5)])),
            FishKind::Franken
        );
        assert_eq!(
            kind_of(set(&[r(0), c(4)]), set(&[c(1), r(5)])),
            FishKind::Mutant
        );
        assert_eq!(
            kind_of(set(&[r(0), r(4)]), set(&[c(1), r(5)])),
            FishKind::Mutant
        );
    }

    /// Every new fish finder at every position of real solution paths (hard
    /// standard puzzles and the seed's variant puzzles): every step is sound.
    /// Prints how often each fired.
    #[test]
    fn new_fish_are_sound_on_real_positions() {
        use crate::technique::Technique;
        let (count, variants) = if cfg!(debug_assertions) {
            (1, 1)
        } else {
            (12, 6)
        };
        let set = sweep::puzzles(count, 120, variants);
        let techniques: Vec<Technique> = Technique::all()
            .filter(|&t| t > Technique::DeathBlossom)
            .filter(|t| t.info().family == crate::technique::Family::Fish)
            .collect();
        assert_eq!(techniques.len(), 22);
        // The costliest finders (whole-position chains, the widest finned
        // searches) on every third puzzle only, to keep the test short.
        let costly = [
            Technique::KrakenFish,
            Technique::FinnedMutantJellyfish,
            Technique::FinnedMutantSwordfish,
            Technique::FinnedFrankenJellyfish,
        ];
        let (heavy, light): (Vec<Technique>, Vec<Technique>) =
            techniques.iter().partition(|t| costly.contains(t));
        let few: Vec<_> = set.iter().step_by(3).cloned().collect();
        let mut counts = Vec::new();
        for (t, c) in light.iter().zip(sweep::sweep(&light, &set)) {
            counts.push((*t, c));
        }
        for (t, c) in heavy.iter().zip(sweep::sweep(&heavy, &few)) {
            counts.push((*t, c));
        }
        counts.sort_by_key(|(t, _)| *t);
        let counts: Vec<(usize, std::time::Duration)> =
            counts.into_iter().map(|(_, c)| c).collect();
        for (t, (n, time)) in techniques.iter().zip(&counts) {
            println!("{t}: {n} steps, {time:?}");
        }
        if !cfg!(debug_assertions) {
            let fired =
                |t: Technique| counts[techniques.iter().position(|&u| u == t).unwrap_or(0)].0;
            for t in [
                Technique::FrankenXWing,
                Technique::FinnedFrankenSwordfish,
                Technique::MutantXWing,
                Technique::FinnedMutantJellyfish,
                Technique::KrakenFish,
                Technique::FinnedLeviathan,
            ] {
                assert!(fired(t) > 0, "{t} never fired");
            }
        }
    }
}
