//! Unique loops closed by strong links: the seed's rectangle types 4A–4C and
//! 6–8C (*Ausschluss-Rechtecke* "mit 1 Regel" / "mit 2 Regeln") on its
//! loops of 6, 8 and 10 cells (*Ausschluss-Ketten*).
//!
//! A unique loop (see [`super::unique_loop`]) is a closed chain of empty
//! cells holding a pair {a, b}, every house it touches holding one cell of
//! each parity class. In a puzzle with one solution its cells never all hold
//! a or b: they would alternate along the loop, and swapping a and b would
//! give a second solution.
//!
//! Assume one loop cell holds a (a candidate there). Two loop cells in one
//! house have different classes, so the assumption fixes what every loop
//! cell would hold if all held the pair: its class's digit. A cell holding
//! only the pair next to a settled cell (in a house with it) takes the other
//! digit; a cell with extra digits takes its class's digit y when one of its
//! houses has no other place for y than loop cells already settled on the
//! other digit — a *strong link* of y, the seed's rule "Hauptkandidat nur in
//! zwei Zellen einer Zeile oder Spalte". When every loop cell settles this
//! way, the assumption completes the deadly pattern: the cell cannot hold a.
//!
//! This is the seed's argument for its types 4A, 4B, 4C (one rule) and 6,
//! 7A–7C, 8A–8C (two rules) read on a loop, where a rectangle has four
//! cells; as the seed, at most two rules, loops of 6, 8 and 10 cells with at
//! least one cell holding only the pair. Rectangles are left to the
//! rectangle rows, and what Sudoku Explainer's loop types find to
//! [`super::unique_loop`]'s row, which comes first. Only on puzzles the
//! exact solver found unique.
//!
//! Points as the seed's: 7 with one rule, 8 with two, 3 more for every two
//! cells beyond four.

use super::unique_loop::{claim_houses, loop_core, valid_loop};
use crate::Candidates;
use crate::step::{Detail, Elimination, LoopKind, Step};
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};
use sudoku_core::{Cell, CellSet, Digit, DigitSet, House, Variant};

/// The longest loop searched (the seed: 6, 8 and 10 cells).
const MAX_LENGTH: usize = 10;

/// At most this many loop cells with extra digits (the assumed one and two
/// settled by strong links).
const MAX_EXTRA_CELLS: usize = 3;

/// At most this many strong links (the seed's "2 Regeln").
const MAX_LINKS: usize = 2;

/// Reports the loops of `pos` whose extra cells strong links settle: one
/// step per removed candidate, shorter loops and fewer links first.
pub(crate) fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    if !pos.unique_assumed() || !pos.is_written() {
        return;
    }
    let mut loops: Vec<(DigitSet, Vec<Cell>)> = Vec::new();
    let mut cores: [Option<CellSet>; 81] = [None; 81];
    for start in pos.empty_cells().iter() {
        let pair = pos.candidates(start);
        let mut digits = pair.iter();
        let (Some(a), Some(b), None) = (digits.next(), digits.next(), digits.next()) else {
            continue;
        };
        // Only holders of the pair on a valid loop matter (see
        // [`loop_core`]); the core depends on the pair only.
        let holders = *cores[a.index() * 9 + b.index()]
            .get_or_insert_with(|| loop_core(pos.variant(), pos.cells_with(a) & pos.cells_with(b)));
        if !holders.contains(start) {
            continue;
        }
        let mut search = Search {
            pos,
            pair,
            holders,
            path: Vec::with_capacity(MAX_LENGTH),
            on_path: CellSet::EMPTY,
            sides: [0; 2],
            loops: Vec::new(),
        };
        search.extend(start, 0);
        for lp in search.loops {
            if valid_loop(pos.variant(), &lp) {
                loops.push((pair, lp));
            }
        }
    }
    let mut found: Vec<(usize, Step)> = Vec::new();
    let mut done: Vec<Elimination> = Vec::new();
    for (pair, lp) in &loops {
        for &cell in lp {
            for digit in pair.iter() {
                let Some(links) = settle(pos, lp, *pair, (cell, digit)) else {
                    continue;
                };
                let elim = Elimination { cell, digit };
                if done.contains(&elim) {
                    continue;
                }
                done.push(elim);
                found.push((
                    lp.len() * 4 + links.len(),
                    step(pos, lp, *pair, elim, links),
                ));
            }
        }
    }
    found.sort_by_key(|(order, _)| *order);
    let steps: Vec<Step> = found.into_iter().map(|(_, s)| s).collect();
    super::emit(&steps, out, mode);
}

/// The depth-first search for the loops whose first cell (in reading order)
/// holding only the pair is the start.
struct Search<'a> {
    pos: &'a Candidates,
    pair: DigitSet,
    /// The empty cells holding both digits of the pair that may lie on a
    /// valid loop.
    holders: CellSet,
    path: Vec<Cell>,
    on_path: CellSet,
    /// The houses (bits by global index) of the path's even and odd cells.
    sides: [u64; 2],
    loops: Vec<Vec<Cell>>,
}

impl Search<'_> {
    /// Adds `cell` (with `extras` cells holding more than the pair on the
    /// path before it) and goes on to every holder sharing a house with it.
    fn extend(&mut self, cell: Cell, extras: usize) {
        let extras = extras + usize::from(self.pos.candidates(cell) != self.pair);
        if extras > MAX_EXTRA_CELLS {
            return;
        }
        let side = self.path.len() % 2;
        let houses = self.pos.variant().houses_of(cell);
        let Some(mask) = claim_houses(&mut self.sides[side], houses) else {
            return;
        };
        self.path.push(cell);
        self.on_path.insert(cell);
        let start = self.path[0];
        let neighbours = houses
            .iter()
            .fold(CellSet::EMPTY, |s, &h| s | Variant::house_cells(h))
            & self.holders;
        for next in neighbours.iter() {
            if next == start {
                let n = self.path.len();
                // Each loop once per direction: the second cell before the
                // last (loops through the start are found from both ends).
                if n >= 6 && n.is_multiple_of(2) && self.path[1] < self.path[n - 1] {
                    self.loops.push(self.path.clone());
                }
            } else if !self.on_path.contains(next)
                && self.path.len() < MAX_LENGTH
                && (next > start || self.pos.candidates(next) != self.pair)
            {
                // Each loop from its first cell holding only the pair: a
                // loop through an earlier one was found from there.
                self.extend(next, extras);
            }
        }
        self.on_path.remove(cell);
        self.path.pop();
        self.sides[side] &= !mask;
    }
}

/// Whether assuming `digit` in `cell` settles every cell of the loop `lp` on
/// its class's digit, with at most [`MAX_LINKS`] strong links; the links
/// used (house, digit, settled cell) if so.
fn settle(
    pos: &Candidates,
    lp: &[Cell],
    pair: DigitSet,
    (cell, digit): (Cell, Digit),
) -> Option<Vec<(House, Digit, Cell)>> {
    let variant = pos.variant();
    let other = (pair - DigitSet::single(digit)).iter().next()?;
    let at = lp.iter().position(|&c| c == cell)?;
    // What each loop cell would hold: its class's digit.
    let value = |i: usize| if i % 2 == at % 2 { digit } else { other };
    let mut settled = CellSet::single(cell);
    // Loop cells settled per digit they would hold.
    let mut holding = [CellSet::EMPTY; 2];
    let side = |d: Digit| usize::from(d != digit);
    holding[side(digit)].insert(cell);
    let mut links = Vec::new();
    loop {
        // Cells holding only the pair follow a settled cell in a house.
        let mut grew = true;
        while grew {
            grew = false;
            for (i, &c) in lp.iter().enumerate() {
                if settled.contains(c) || pos.candidates(c) != pair {
                    continue;
                }
                if !(variant.peers(c) & settled).is_empty() {
                    settled.insert(c);
                    holding[side(value(i))].insert(c);
                    grew = true;
                }
            }
        }
        if lp.iter().all(|&c| settled.contains(c)) {
            // Without a link this is Sudoku Explainer's type 1, not ours.
            return (!links.is_empty()).then_some(links);
        }
        if links.len() == MAX_LINKS {
            return None;
        }
        // One cell with extras settled by a strong link, first in loop order.
        let mut linked = None;
        'cells: for (i, &c) in lp.iter().enumerate() {
            if settled.contains(c) || pos.candidates(c) == pair {
                continue;
            }
            let y = value(i);
            let on_other = holding[1 - side(y)];
            for &h in variant.houses_of(c) {
                let rest = (pos.cells_with(y) & Variant::house_cells(h)) - CellSet::single(c);
                if !rest.is_empty() && rest.is_subset(on_other) {
                    linked = Some((h, y, c));
                    break 'cells;
                }
            }
        }
        let (h, y, c) = linked?;
        settled.insert(c);
        holding[side(y)].insert(c);
        links.push((h, y, c));
    }
}

/// The step removing `elim` for the loop `lp`.
fn step(
    pos: &Candidates,
    lp: &[Cell],
    pair: DigitSet,
    elim: Elimination,
    links: Vec<(House, Digit, Cell)>,
) -> Step {
    let t = Technique::UniqueLoopStrongLinks;
    let points = 6.0 + links.len() as f64 + 3.0 * (lp.len() - 4) as f64 / 2.0;
    let mut s = Step::new(t, points);
    s.cells = lp.iter().copied().collect();
    s.digits = pair;
    s.houses = links.iter().map(|l| l.0).collect();
    s.eliminations.push(elim);
    let extra_cells: CellSet = lp
        .iter()
        .copied()
        .filter(|&c| pos.candidates(c) != pair)
        .collect();
    s.detail = Detail::UniqueLoop(crate::UniqueLoop {
        kind: LoopKind::StrongLinks,
        cells: lp.to_vec(),
        pair,
        extra_cells,
        digits: links.iter().map(|l| l.1).collect(),
        subset: CellSet::EMPTY,
        house: None,
        restored: Vec::new(),
        links,
    });
    s
}

/// Catalogue entry: Unique loop with strong links (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const UNIQUE_LOOP_STRONG_LINKS: TechniqueInfo = TechniqueInfo {
    technique: Technique::UniqueLoopStrongLinks, name: "unique-loop-strong-links", names: Names { en: "Unique loop with strong links", de: "Ausschluss-Schleife mit starken Verbindungen" },
    family: Family::Uniqueness, phase: Phase::OnCandidates, points: 10.0, se: None, finder: find, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_util::*;
    use sudoku_core::Variant;

    /// The finder on the position taken as known to have one solution.
    fn find_unique(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
        find_as_unique(find, pos, out, mode);
    }

    #[test]
    fn sound_and_firing_on_real_positions() {
        sound_on_real_positions(&[("unique-loop-strong-links", find_unique)]);
    }

    /// A top1465 position (every 10th puzzle's path) with an eight-cell loop
    /// on 3 and 4 whose one extra cell besides the assumed one a strong link
    /// of 4 in row 6 settles.
    const GRID: &str =
        "4.1.62...3.....2........8..15.2.6...6......1....9.16...2.7.81.6816529743.7.61....";
    const ELIMS: &str = "r2c3-89 r2c8-57 r2c9-579 r3c1-59 r3c3-9 r3c8-57 r3c9-579 r4c3-34 \
         r4c9-4 r5c2-89 r5c3-34 r5c9-4 r6c2-8 r6c3-34 r6c9-4 r7c3-59 r9c3-59 r9c8-59 r9c9-59";

    #[test]
    fn an_eight_cell_loop_with_one_strong_link() {
        let pos = position_with(GRID, Variant::Standard, ELIMS);
        let steps = run(find_unique, &pos);
        let solution = sudoku_solve::solve(&GRID.parse().expect("grid"), Variant::Standard);
        for s in &steps {
            crate::check::check_step(s, &solution.expect("unique"), 0).expect("sound");
        }
        let first = steps.first().expect("a loop");
        assert_eq!(eliminations(first), "r5c6-3");
        assert_eq!(first.points, 13.0);
        let Detail::UniqueLoop(crate::UniqueLoop {
            kind, cells, links, ..
        }) = &first.detail
        else {
            panic!("{:?}", first.detail);
        };
        assert_eq!(*kind, LoopKind::StrongLinks);
        let path: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
        assert_eq!(path.join(" "), "r5c2 r5c6 r9c6 r9c3 r7c3 r7c5 r6c5 r6c2");
        let r6c5 = Cell::at(5, 4).expect("cell");
        assert_eq!(
            links,
            &[(House::row(5), Digit::new(4).expect("digit"), r6c5)]
        );
        // Without the premise of one solution, nothing.
        assert!(run(find, &pos).is_empty());
    }

    #[test]
    fn no_loop_step_without_its_strong_link() {
        // A third place for 4 in row 6 leaves r6c5 unsettled.
        let pos = position_with(GRID, Variant::Standard, ELIMS);
        let broken = with_candidate(&pos, "r6c9", 4);
        let mut unique = broken.clone();
        unique.assume_unique(true);
        let steps = run(find, &unique);
        assert!(
            steps.iter().all(|s| eliminations(s) != "r5c6-3"),
            "{steps:?}"
        );
        // No loops on an empty grid.
        assert!(run(find_unique, &position(&".".repeat(81), Variant::Standard)).is_empty());
    }
}
