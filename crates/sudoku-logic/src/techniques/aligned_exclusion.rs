//! Aligned pair and triplet exclusion (Sudoku Explainer's, 6.2 and 7.5).
//!
//! Two cells `a` and `b` with at least two bivalue cells seeing both (the
//! *excluders*): a combination of a candidate of `a` and one of `b` is
//! impossible when an excluder holds exactly those two digits (it would be
//! left empty) or when the digits are equal and `a` sees `b`. A candidate of
//! `a` (or `b`) that is in no possible combination goes. Sudoku Explainer
//! does not require the two cells to see each other.
//!
//! The triplet form takes three cells — two, then a third seen by one of
//! them — and as excluders the cells with two or three candidates seeing all
//! three (at least two of them); a combination is impossible when an
//! excluder's candidates all lie in it or when two cells that see each other
//! take one digit.
//!
//! Found in Sudoku Explainer's order (cells in reading order, pairs by the
//! bit mask of their indices, a triplet's third cell among the peers of the
//! first two in box, row, column order), because its walk takes the first
//! hit. The argument uses only "sees", so it holds in every variant.

use crate::Candidates;
use crate::fast_hash::FastMap;
use crate::step::{Detail, Elimination, Step};
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};
use crate::techniques::unique_loop::ordered_houses;
use std::cell::RefCell;
use std::thread::LocalKey;
use sudoku_core::{Cell, CellSet, DigitSet};

/// Reports the aligned pair exclusions of `pos`.
pub(crate) fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    if !pos.is_written() {
        return;
    }
    let variant = pos.variant();
    let bivalue: CellSet = pos
        .empty_cells()
        .iter()
        .filter(|&c| pos.candidates(c).len() == 2)
        .collect();
    let mut base: Vec<(Cell, CellSet)> = Vec::new();
    for cell in pos.empty_cells().iter() {
        if pos.candidates(cell).len() < 2 {
            continue;
        }
        let peers = variant.peers(cell) & pos.empty_cells();
        // Sudoku Explainer skips a cell next to a naked single.
        if peers.iter().any(|p| pos.candidates(p).len() == 1) {
            continue;
        }
        let excluders = peers & bivalue;
        if !excluders.is_empty() {
            base.push((cell, excluders));
        }
    }
    if base.len() < 2 {
        return;
    }
    // Pairs in Sudoku Explainer's order, by the bit mask of their indices:
    // (0,1), (0,2), (1,2), (0,3), …
    let n = base.len();
    with_quiet(
        &QUIET_PAIRS,
        pos,
        |test| {
            let pairs = (1..n).flat_map(|j| (0..j).map(move |i| (i, j)));
            for (i, j) in pairs {
                let (a, ea) = base[i];
                let (b, eb) = base[j];
                let excluders = ea & eb;
                if !two_or_more(excluders) {
                    continue;
                }
                if let Some(step) = test(&[a, b], excluders) {
                    out.push(step);
                    if mode == FindMode::First {
                        return;
                    }
                }
            }
        },
        |cells, excluders| pair_exclusion(pos, cells[0], cells[1], excluders),
    );
}

/// The step excluding the candidates of `a` and `b` that are in no possible
/// combination, if any.
fn pair_exclusion(pos: &Candidates, a: Cell, b: Cell, excluders: CellSet) -> Option<Step> {
    let sees = pos.variant().peers(a).contains(b);
    let (ca, cb) = (pos.candidates(a), pos.candidates(b));
    let mut keep_a = DigitSet::EMPTY;
    let mut keep_b = DigitSet::EMPTY;
    for x in ca.iter() {
        for y in cb.iter() {
            if x == y && sees {
                continue;
            }
            let combo = DigitSet::single(x) | DigitSet::single(y);
            if excluders.iter().any(|e| pos.candidates(e).is_subset(combo)) {
                continue;
            }
            keep_a.insert(x);
            keep_b.insert(y);
        }
    }
    let t = Technique::AlignedPairExclusion;
    let mut s = Step::new(t, t.info().points);
    for d in (ca - keep_a).iter() {
        s.eliminations.push(Elimination { cell: a, digit: d });
    }
    for d in (cb - keep_b).iter() {
        s.eliminations.push(Elimination { cell: b, digit: d });
    }
    if s.eliminations.is_empty() {
        return None;
    }
    s.eliminations.sort_unstable();
    s.cells = CellSet::single(a) | CellSet::single(b) | excluders;
    s.digits = ca | cb;
    s.detail = Detail::AlignedExclusion(AlignedExclusion {
        cells: vec![a, b],
        excluders,
    });
    Some(s)
}

/// A pair or triplet with its excluders: the cells (7 bits each) and the
/// excluders' cell mask.
type GroupKey = (u32, u128);

/// What the last search of a thread leaves for the next: the outcome for a
/// pair or triplet depends only on the candidates of its cells and
/// excluders, so one that excluded nothing there and whose cells all kept
/// their candidates excludes nothing now. The walks ask one position after
/// another that differ in a few cells, and nearly every group excludes
/// nothing.
#[derive(Default)]
struct Quiet {
    /// The variant and candidates (bits per cell) of the last position.
    last: Option<(sudoku_core::Variant, [u16; 81])>,
    /// Groups that excluded nothing, each with the number of the search
    /// that last found so: those of the last search (`search`) are quiet
    /// there. Older entries are stale: overwritten, or dropped once they
    /// outnumber the live ones (a small table stays in the cache).
    groups: FastMap<GroupKey, u32>,
    search: u32,
}

/// Stale groups kept beyond the live ones before they are dropped.
const STALE_KEPT: usize = 1024;

thread_local! {
    static QUIET_PAIRS: RefCell<Quiet> = RefCell::new(Quiet::default());
    static QUIET_TRIPLETS: RefCell<Quiet> = RefCell::new(Quiet::default());
}

/// Reports the aligned triplet exclusions of `pos`.
pub(crate) fn find_triplet(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    if !pos.is_written() {
        return;
    }
    with_quiet(
        &QUIET_TRIPLETS,
        pos,
        |test| search_triplets(pos, out, mode, test),
        |cells, excluders| {
            let &[c0, c1, c2] = cells else { return None };
            exclusion(pos, pos.variant(), &[c0, c1, c2], excluders)
        },
    );
}

/// Runs `search` with a test of a group of cells and its excluders that
/// calls `exclude` unless the group is quiet in `kept` (see [`Quiet`]), and
/// keeps the quiet groups of `pos` for the next search.
fn with_quiet(
    kept: &'static LocalKey<RefCell<Quiet>>,
    pos: &Candidates,
    search: impl FnOnce(&mut dyn FnMut(&[Cell], CellSet) -> Option<Step>),
    exclude: impl Fn(&[Cell], CellSet) -> Option<Step>,
) {
    let variant = pos.variant();
    let mut now = [0u16; 81];
    for cell in pos.empty_cells().iter() {
        now[cell.index()] = pos.candidates(cell).bits();
    }
    kept.with(|quiet| {
        let mut quiet = quiet.borrow_mut();
        let changed: CellSet = match &quiet.last {
            Some((v, before)) if *v == variant => (0..81)
                .filter(|&i| before[i] != now[i])
                .filter_map(Cell::new)
                .collect(),
            _ => CellSet::ALL,
        };
        let last = quiet.search;
        let this = last.wrapping_add(1);
        quiet.search = this;
        let groups = &mut quiet.groups;
        let mut live = 0usize;
        search(&mut |cells, excluders| {
            let key = (
                cells.iter().fold(0u32, |k, c| k << 7 | c.index() as u32),
                excluders.bits(),
            );
            let involved = excluders | cells.iter().copied().collect::<CellSet>();
            if (involved & changed).is_empty()
                && let Some(seen) = groups.get_mut(&key)
                && *seen == last
            {
                *seen = this;
                live += 1;
                return None;
            }
            let step = exclude(cells, excluders);
            if step.is_none() {
                groups.insert(key, this);
                live += 1;
            }
            step
        });
        if groups.len() > 2 * live + STALE_KEPT {
            groups.retain(|_, seen| *seen == this);
        }
        quiet.last = Some((variant, now));
    });
}

/// Walks the triplets of `pos` in Sudoku Explainer's order, asking `test`
/// for each triplet's step (cells, excluders).
fn search_triplets(
    pos: &Candidates,
    out: &mut Vec<Step>,
    mode: FindMode,
    test: &mut dyn FnMut(&[Cell], CellSet) -> Option<Step>,
) {
    let variant = pos.variant();
    let empty = pos.empty_cells();
    let small: CellSet = empty
        .iter()
        .filter(|&c| (2..=3).contains(&pos.candidates(c).len()))
        .collect();
    let single: CellSet = empty
        .iter()
        .filter(|&c| pos.candidates(c).len() == 1)
        .collect();
    // The base cells (reading order) with their excluders: peers holding 2
    // or 3 candidates.
    let mut base: Vec<(Cell, CellSet)> = Vec::new();
    let mut is_base = CellSet::EMPTY;
    for cell in empty.iter() {
        if pos.candidates(cell).len() < 2 {
            continue;
        }
        let peers = variant.peers(cell);
        if !(peers & single).is_empty() {
            continue;
        }
        let excluders = peers & small;
        if !excluders.is_empty() {
            is_base.insert(cell);
            base.push((cell, excluders));
        }
    }
    if base.len() < 3 {
        return;
    }
    let mut excluders_of = [CellSet::EMPTY; 81];
    for &(c, e) in &base {
        excluders_of[c.index()] = e;
    }
    let mut order: Vec<Option<Vec<u128>>> = vec![None; 81];
    let n = base.len();
    for j in 1..n {
        for i in 0..j {
            let (c0, e0) = base[i];
            let (c1, e1) = base[j];
            // The triplet's excluders see all three: at least two must see
            // the first two.
            let common = e0 & e1;
            if !two_or_more(common) {
                continue;
            }
            let pair = CellSet::single(c0) | CellSet::single(c1);
            // The third cell needs two of the common excluders seeing it.
            let (mut once, mut twice) = (CellSet::EMPTY, CellSet::EMPTY);
            for e in common.iter() {
                let seen = variant.peers(e);
                twice |= once & seen;
                once |= seen;
            }
            let area = (e0 | e1) & (is_base - pair) & twice;
            if area.is_empty() {
                continue;
            }
            // The third cell in Sudoku Explainer's order: the peers of the
            // first cell (box, row, column), then the new ones of the second;
            // within a house in cell order.
            let mut left = area.bits();
            for first in [c0, c1] {
                let houses =
                    order[first.index()].get_or_insert_with(|| house_masks(variant, first));
                for &hm in houses.iter() {
                    let mut m = hm & left;
                    left &= !m;
                    while m != 0 {
                        let i = m.trailing_zeros() as usize;
                        m &= m - 1;
                        let Some(c2) = Cell::new(i) else { continue };
                        let excluders = common & excluders_of[i];
                        if !two_or_more(excluders) {
                            continue;
                        }
                        if let Some(step) = test(&[c0, c1, c2], excluders) {
                            out.push(step);
                            if mode == FindMode::First {
                                return;
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Whether `cells` has at least two cells (without counting them all: the
/// default x86-64 target counts bits in software, and this test runs for
/// every pair and triplet of cells).
fn two_or_more(cells: CellSet) -> bool {
    let b = cells.bits();
    b & b.wrapping_sub(1) != 0
}

/// The cell masks of the houses of `cell` in Sudoku Explainer's order (box,
/// row, column, then any other house).
fn house_masks(variant: sudoku_core::Variant, cell: Cell) -> Vec<u128> {
    ordered_houses(variant, cell)
        .into_iter()
        .map(|h| sudoku_core::Variant::house_cells(h).bits())
        .collect()
}

/// The step excluding the candidates of `cells` that are in no possible
/// combination, if any.
fn exclusion(
    pos: &Candidates,
    variant: sudoku_core::Variant,
    cells: &[Cell; 3],
    excluders: CellSet,
) -> Option<Step> {
    let bits = |c: Cell| pos.candidates(c).bits();
    let (b0, b1, b2) = (bits(cells[0]), bits(cells[1]), bits(cells[2]));
    let sees = |a: usize, b: usize| variant.peers(cells[a]).contains(cells[b]);
    let (s01, s02, s12) = (sees(0, 1), sees(0, 2), sees(1, 2));
    // Only an excluder whose candidates all lie in the three cells can be
    // emptied by a combination.
    let union = b0 | b1 | b2;
    let mut ex = [0u16; 81];
    let mut n = 0;
    for e in excluders.iter() {
        if bits(e) & !union == 0 {
            ex[n] = bits(e);
            n += 1;
        }
    }
    let ex = &ex[..n];
    let ones = |mut b: u16| {
        std::iter::from_fn(move || {
            (b != 0).then(|| {
                let low = b & b.wrapping_neg();
                b &= b - 1;
                low
            })
        })
    };
    let mut keep = [0u16; 3];
    'combos: for x in ones(b0) {
        for y in ones(b1) {
            if x == y && s01 {
                continue;
            }
            // The third cell's digits left with x and y: not equal to a
            // digit of a cell it sees, and not completing an excluder.
            let mut z = b2;
            if s02 {
                z &= !x;
            }
            if s12 {
                z &= !y;
            }
            for &e in ex {
                let rest = e & !(x | y);
                if rest == 0 {
                    z = 0;
                    break;
                }
                if rest & (rest - 1) == 0 {
                    z &= !rest;
                }
            }
            if z != 0 {
                keep[0] |= x;
                keep[1] |= y;
                keep[2] |= z;
                if keep[0] == b0 && keep[1] == b1 && keep[2] == b2 {
                    // Every candidate has a combination: nothing goes.
                    break 'combos;
                }
            }
        }
    }
    if keep[0] == b0 && keep[1] == b1 && keep[2] == b2 {
        return None;
    }
    let t = Technique::AlignedTripletExclusion;
    let mut s = Step::new(t, t.info().points);
    for (k, &cell) in cells.iter().enumerate() {
        let gone = DigitSet::from_bits(pos.candidates(cell).bits() & !keep[k]);
        for d in gone.iter() {
            s.eliminations.push(Elimination { cell, digit: d });
        }
    }
    s.eliminations.sort_unstable();
    s.cells = cells.iter().copied().collect::<CellSet>() | excluders;
    s.digits = DigitSet::from_bits(b0 | b1 | b2);
    s.detail = Detail::AlignedExclusion(AlignedExclusion {
        cells: cells.to_vec(),
        excluders,
    });
    Some(s)
}

/// Aligned exclusion: every combination of candidates of `cells` that
/// leaves one of the `excluders` (cells seeing all of `cells`) without a
/// candidate, or puts one digit twice in a house, is impossible; a
/// candidate of `cells` in no possible combination goes.
#[derive(Clone, Debug, PartialEq)]
pub struct AlignedExclusion {
    /// The base cells (two for a pair, three for a triplet).
    pub cells: Vec<Cell>,
    /// The cells seeing every base cell whose candidates exclude combinations.
    pub excluders: CellSet,
}

crate::moved_fields!(AlignedExclusion { cells, excluders; });

/// Catalogue entry: Aligned pair exclusion (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const ALIGNED_PAIR_EXCLUSION: TechniqueInfo = TechniqueInfo {
    technique: Technique::AlignedPairExclusion, name: "aligned-pair-exclusion", names: Names { en: "Aligned pair exclusion", de: "Paar-Ausschluss" },
    family: Family::Wing, phase: Phase::OnCandidates, points: 15.0, se: Some(6.2), finder: find, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};

/// Catalogue entry: Aligned triplet exclusion (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const ALIGNED_TRIPLET_EXCLUSION: TechniqueInfo = TechniqueInfo {
    technique: Technique::AlignedTripletExclusion, name: "aligned-triplet-exclusion", names: Names { en: "Aligned triplet exclusion", de: "Tripel-Ausschluss" },
    family: Family::Wing, phase: Phase::OnCandidates, points: 16.0, se: Some(7.5), finder: find_triplet, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};

pub(crate) mod told {
    //! This technique's steps told in English and German and drawn, both
    //! from the step struct (see [`crate::describe`]).
    //!
    //! Aligned pair and triplet exclusion (Sudoku Explainer's APE/ATE): the
    //! digit combinations the base cells could take together are tried against
    //! the cells that see all of them; the text names both groups and says which
    //! candidates no surviving combination uses.

    use crate::Step;
    use crate::describe::drawing::Drawing;
    use crate::describe::words::{cells, removal, so};
    use crate::describe::{Describe, Telling};
    use sudoku_core::Lang;
    use sudoku_core::{Cell, CellSet};

    /// Explains an aligned pair or triplet exclusion on `base` with `excluders`.
    pub(crate) fn render(
        step: &Step,
        name: &str,
        base: &[Cell],
        excluders: CellSet,
        lang: Lang,
    ) -> Option<String> {
        let base_set: CellSet = base.iter().copied().collect();
        let (b, x) = (cells(base_set), cells(excluders));
        let then = so(&removal(&step.eliminations, lang), lang);
        let one = excluders.len() == 1;
        Some(match lang {
            Lang::En => format!(
                "{name}: take every combination of digits the {} cells {b} could hold together. One that repeats a digit in a house they share is impossible, and so is one that takes every candidate of {x}, {} all of them; no combination left puts these digits there, {then}",
                base.len(),
                if one { "which sees" } else { "each seeing" }
            ),
            Lang::De => format!(
                "{name}: Man nehme jede Kombination von Zahlen, die die {} Zellen {b} zusammen enthalten könnten. Unmöglich ist eine, die eine Zahl in einer gemeinsamen Gruppe wiederholt, und eine, die {x} alle Kandidaten nimmt ({}); keine verbleibende Kombination setzt diese Zahlen dorthin, {then}",
                base.len(),
                if one {
                    "die Zelle sieht alle"
                } else {
                    "jede dieser Zellen sieht alle"
                }
            ),
        })
    }

    impl Describe for super::AlignedExclusion {
        fn text(&self, step: &Step, at: &Telling<'_>) -> Option<String> {
            render(step, at.name, &self.cells, self.excluders, at.lang)
        }

        fn draw(&self, step: &Step, out: &mut Drawing) {
            out.pattern_and_links(step);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_util::*;
    use sudoku_core::{Digit, Variant};

    fn cell(name: &str) -> Cell {
        let b = name.as_bytes();
        Cell::at((b[1] - b'1') as usize, (b[3] - b'1') as usize).expect("cell")
    }

    fn keep(pos: &mut Candidates, name: &str, digits: &[u8]) {
        for d in 1..=9 {
            if !digits.contains(&d) {
                pos.eliminate(cell(name), Digit::new(d).expect("digit"))
                    .expect("written");
            }
        }
    }

    #[test]
    fn two_excluders_remove_a_candidate() {
        // r1c1 {1,2,3} and r1c2 {1,2}; excluders r1c5 {1,3} and r1c6 {2,3}
        // see both. r1c1=3 leaves r1c2 1 or 2, each emptying an excluder.
        let mut pos = position(&".".repeat(81), Variant::Standard);
        keep(&mut pos, "r1c1", &[1, 2, 3]);
        keep(&mut pos, "r1c2", &[1, 2]);
        keep(&mut pos, "r1c5", &[1, 3]);
        keep(&mut pos, "r1c6", &[2, 3]);
        let steps = run(find, &pos);
        assert!(
            steps.iter().any(|s| eliminations(s) == "r1c1-3"),
            "{:?}",
            steps.iter().map(eliminations).collect::<Vec<_>>()
        );
    }

    #[test]
    fn three_cells_and_their_excluders_remove_a_candidate() {
        // r1c1 {1,2,3}, r1c2 {1,2}, r1c3 {1,2}: r1c2 and r1c3 take 1 and 2
        // between them, so r1c1 keeps only 3 — excluders r1c5 {1,2} and
        // r1c6 {1,2,4} see all three.
        let mut pos = position(&".".repeat(81), Variant::Standard);
        keep(&mut pos, "r1c1", &[1, 2, 3]);
        keep(&mut pos, "r1c2", &[1, 2, 4]);
        keep(&mut pos, "r1c3", &[1, 2, 4]);
        keep(&mut pos, "r1c5", &[1, 2]);
        keep(&mut pos, "r1c6", &[1, 2, 4]);
        let steps = run(find_triplet, &pos);
        assert!(
            steps.iter().any(|s| eliminations(s).contains("r1c1-1")),
            "{:?}",
            steps.iter().map(eliminations).collect::<Vec<_>>()
        );
        assert!(steps.iter().all(|s| matches!(
            &s.detail,
            Detail::AlignedExclusion(AlignedExclusion { cells, .. }) if cells.len() == 3
        )));
    }

    #[test]
    fn kept_quiet_pairs_and_triplets_agree_with_a_fresh_search() {
        use crate::techniques::als::hunt;
        let describe = |pos: &Candidates| {
            let mut first = Vec::new();
            find_triplet(pos, &mut first, FindMode::First);
            find(pos, &mut first, FindMode::First);
            let all = (run(find_triplet, pos), run(find, pos));
            format!("{:?} {:?}", first, all)
        };
        let (mut positions, mut hits) = (0, 0);
        for puzzle in hunt::puzzles("Extreme").iter().take(6) {
            hunt::walk(puzzle, Variant::Standard, &mut |pos| {
                let kept = describe(pos);
                let fresh_pos = pos.clone();
                let fresh = std::thread::spawn(move || describe(&fresh_pos))
                    .join()
                    .expect("fresh search");
                assert_eq!(kept, fresh);
                positions += 1;
                hits += usize::from(kept.contains("AlignedExclusion"));
                false
            });
        }
        assert!(
            positions > 100 && hits > 0,
            "{positions} positions, {hits} with hits"
        );
    }

    #[test]
    fn no_triplet_on_an_empty_grid() {
        let pos = position(&".".repeat(81), Variant::Standard);
        assert!(run(find_triplet, &pos).is_empty());
    }

    #[test]
    fn nothing_without_two_excluders() {
        let mut pos = position(&".".repeat(81), Variant::Standard);
        assert!(run(find, &pos).is_empty());
        keep(&mut pos, "r1c5", &[1, 3]);
        assert!(run(find, &pos).is_empty());
    }
}
