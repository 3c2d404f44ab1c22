//! Quasi unique loops of six cells (the seed's *6er-Quasi-Ausschluss-Ketten*):
//! a six-cell unique loop whose cells lack some of the pair's candidates —
//! eliminated by earlier steps, or a cell already solved (not given) — tested
//! with those candidates given back for the moment, as the quasi rectangles
//! of [`super::quasi_rectangle`] do for four cells. The seed programs only the
//! six-cell loops; so do we.
//!
//! A six-cell loop lies in three rows, three columns and three boxes, two
//! cells in each; walking it, a cell's neighbours share a house with it, and
//! every house it touches holds one cell of each parity (the *parity
//! classes*: the 1st, 3rd and 5th cells, and the 2nd, 4th and 6th). The seed's
//! rule for what may be given back, read on the loop: a digit that every cell
//! of one parity class holds (a solved cell holds its digit) may be written
//! into the cells of the other class — for four cells the classes are the
//! rectangle's two diagonals. When both digits of a pair are then in all six
//! cells, the loop tests of [`super::unique_loop`] (types 1–4, the seed's 5B–5E
//! as type 2) run on that enlarged position, and what they remove from real
//! candidates goes.
//!
//! Why this is sound: in a unique puzzle the solution never holds two digits
//! alternately in the six non-given cells of such a loop (swapping them along
//! the loop keeps every house valid and gives a second solution) — a fact
//! about the solution, whatever the candidates say. The loop tests derive
//! their eliminations from that fact and from "the solution lies within the
//! candidates"; giving candidates back only enlarges the candidates, so both
//! still hold. In X-Sudoku a loop with one cell on a diagonal is no deadly
//! pattern (the seed's exception); the loop list keeps only loops whose every
//! house, diagonals and colour groups included, holds one cell of each class.
//!
//! Points: the six-cell loop's points (the rectangle type's plus 3) plus
//! 1 + 2N for N candidates given back (the seed: 3, 5, …, 13 more).

use super::unique_loop;
use crate::Candidates;
use crate::step::Step;
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};
use std::cell::RefCell;
use std::sync::OnceLock;
use sudoku_core::{Cell, CellSet, Digit, DigitSet, Variant};

/// A six-cell loop in walking order, with its cells as a set.
type SixLoop = ([Cell; 6], CellSet);

/// The six-cell loops of `variant` in walking order, built once per variant:
/// three rows, three columns, the nine crossings but one per row and column,
/// kept when every house the six cells touch holds one of each parity.
fn six_loops(variant: Variant) -> &'static [SixLoop] {
    static LISTS: [OnceLock<Vec<SixLoop>>; 4] = [const { OnceLock::new() }; 4];
    super::per_variant(&LISTS, variant, || {
        let triples: Vec<[usize; 3]> = (0..9)
            .flat_map(|a| (a + 1..9).flat_map(move |b| (b + 1..9).map(move |c| [a, b, c])))
            .collect();
        // Row i of the three leaves out column skip[i]: the six orders of
        // the three columns.
        let skips: Vec<[usize; 3]> = (0..27)
            .map(|n| [n / 9, n / 3 % 3, n % 3])
            .filter(|[a, b, c]| a != b && b != c && a != c)
            .collect();
        let mut list = Vec::new();
        for rows in &triples {
            for cols in &triples {
                for skip in &skips {
                    let Some(lp) = walk(rows, cols, skip) else {
                        continue;
                    };
                    if unique_loop::valid_loop(variant, &lp) {
                        list.push((lp, lp.iter().copied().collect()));
                    }
                }
            }
        }
        list
    })
    .as_slice()
}

/// The six cells of `rows` × `cols` but row i's column `skip[i]`, in walking
/// order: along a row, then along a column, and so on.
fn walk(rows: &[usize; 3], cols: &[usize; 3], skip: &[usize; 3]) -> Option<[Cell; 6]> {
    // Per row index, its two column indices.
    let in_row = |i: usize| -> [usize; 2] {
        let mut two = [0; 2];
        let mut n = 0;
        for j in 0..3 {
            if j != skip[i] {
                two[n] = j;
                n += 1;
            }
        }
        two
    };
    // The other row index holding column j.
    let other_row = |j: usize, i: usize| (0..3).find(|&k| k != i && skip[k] != j);
    let mut order = [(0usize, 0usize); 6];
    let (mut i, mut j) = (0, in_row(0)[0]);
    for (n, slot) in order.iter_mut().enumerate() {
        *slot = (i, j);
        if n % 2 == 0 {
            let two = in_row(i);
            j = if two[0] == j { two[1] } else { two[0] };
        } else {
            i = other_row(j, i)?;
        }
    }
    if (i, j) != order[0] {
        return None;
    }
    let mut lp = [Cell::at(0, 0)?; 6];
    for (k, &(i, j)) in order.iter().enumerate() {
        lp[k] = Cell::at(rows[i], cols[j])?;
    }
    Some(lp)
}

/// Reports the quasi six-cell loops of `pos`, loops in list order.
pub(crate) fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    if !pos.unique_assumed() || !pos.is_written() {
        return;
    }
    let givens = pos.givens();
    let empty = pos.empty_cells();
    // What each cell holds: its candidates, or its solved digit.
    let mut holds = [DigitSet::EMPTY; 81];
    for c in Cell::all() {
        holds[c.index()] = match pos.get(c) {
            Some(d) => DigitSet::single(d),
            None => pos.candidates(c),
        };
    }
    thread_local! {
        static FREE: super::KeptFree = const { RefCell::new(None) };
    }
    let loops = six_loops(pos.variant());
    let free = super::free_of(&FREE, pos.variant(), givens, loops.len(), |k| loops[k].1);
    for &k in free.iter() {
        let (lp, set) = &loops[k as usize];
        if (*set & empty).is_empty() {
            continue;
        }
        let held = lp.map(|c| holds[c.index()]);
        // What every cell of each parity class holds. A digit that one class
        // holds throughout is held by that class and may be given back to
        // the other: those are the digits that can be in all six cells.
        let class = |parity: usize| held[parity] & held[parity + 2] & held[parity + 4];
        let possible = class(0) | class(1);
        if possible.len() < 2 {
            continue;
        }
        let digits: Vec<Digit> = possible.iter().collect();
        for (k, &a) in digits.iter().enumerate() {
            for &b in &digits[k + 1..] {
                let pair = DigitSet::single(a) | DigitSet::single(b);
                if !worth_testing(&held, pair) {
                    continue;
                }
                let restored: Vec<(Cell, Digit)> = lp
                    .iter()
                    .enumerate()
                    .flat_map(|(i, &c)| {
                        [a, b]
                            .into_iter()
                            .filter(move |&d| !held[i].contains(d))
                            .map(move |d| (c, d))
                    })
                    .collect();
                if restored.is_empty() {
                    continue; // an ordinary loop: the unique-loop row
                }
                let before = out.len();
                quasi_at(pos, lp, (a, b), restored, out);
                if mode == FindMode::First && out.len() > before {
                    out.truncate(before + 1);
                    return;
                }
            }
        }
    }
}

/// Whether a loop on `pair` whose cells hold `held` can give a loop test
/// anything: some cell must hold more than the pair (else the position has
/// no solution), and with more than two such cells only type 2 is left, which
/// needs one extra digit among them all.
fn worth_testing(held: &[DigitSet; 6], pair: DigitSet) -> bool {
    let extras: Vec<DigitSet> = held
        .iter()
        .map(|&h| h - pair)
        .filter(|e| !e.is_empty())
        .collect();
    match extras.len() {
        0 => false,
        1 | 2 => true,
        _ => extras.iter().fold(DigitSet::EMPTY, |acc, &e| acc | e).len() == 1,
    }
}

/// The loop tests on `lp` with `restored` given back, for the pair `(a, b)`;
/// their eliminations of real candidates become quasi steps.
fn quasi_at(
    pos: &Candidates,
    lp: &[Cell; 6],
    (a, b): (Digit, Digit),
    restored: Vec<(Cell, Digit)>,
    out: &mut Vec<Step>,
) {
    let mut enlarged = pos.clone();
    for &c in lp {
        enlarged.unplace(c);
    }
    for &(c, d) in &restored {
        enlarged.restore(c, d);
    }
    let mut found = Vec::new();
    unique_loop::hits(&enlarged, lp, a, b, &mut found);
    let technique = Technique::QuasiUniqueLoop;
    super::quasi_rectangle::quasi_steps(pos, found, technique, &restored, out);
}

/// Catalogue entry: Quasi unique loop (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const QUASI_UNIQUE_LOOP: TechniqueInfo = TechniqueInfo {
    technique: Technique::QuasiUniqueLoop, name: "quasi-unique-loop", names: Names { en: "Quasi unique loop", de: "Quasi-Ausschluss-Schleife" },
    family: Family::Uniqueness, phase: Phase::OnCandidates, points: 10.0, se: None, finder: find, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::step::Detail;
    use crate::techniques::test_util::{
        assert_sound, eliminations, find_as_unique, position_with, run, sweep,
    };

    /// The finder on the position taken as known to have one solution.
    fn find_unique(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
        find_as_unique(find, pos, out, mode);
    }

    #[test]
    fn quasi_loops_are_sound_on_real_positions() {
        let (top, variants) = if cfg!(debug_assertions) {
            (24, 2)
        } else {
            (1465, 40)
        };
        let fired = sweep(
            &[("quasi-unique-loop", find_unique)],
            (top, 12),
            variants,
            true,
        );
        println!("quasi loops: {fired:?}");
    }

    #[test]
    fn the_loop_lists_hold_only_valid_six_cell_loops() {
        let standard = six_loops(Variant::Standard);
        assert!(!standard.is_empty());
        for (lp, set) in standard {
            assert_eq!(*set, lp.iter().copied().collect::<CellSet>());
            assert!(unique_loop::valid_loop(Variant::Standard, lp));
            let rows: std::collections::BTreeSet<usize> = lp.iter().map(|c| c.row()).collect();
            let cols: std::collections::BTreeSet<usize> = lp.iter().map(|c| c.col()).collect();
            let boxes: std::collections::BTreeSet<usize> = lp.iter().map(|c| c.boxx()).collect();
            assert_eq!((rows.len(), cols.len(), boxes.len()), (3, 3, 3));
            for k in 0..6 {
                let (x, y) = (lp[k], lp[(k + 1) % 6]);
                assert!(x.row() == y.row() || x.col() == y.col(), "{lp:?}");
            }
        }
        // In X-Sudoku a loop with a single cell on a diagonal is left out.
        let diagonal = six_loops(Variant::Diagonal);
        assert!(diagonal.len() < standard.len());
        for (lp, _) in diagonal {
            let on_main = lp.iter().filter(|c| c.row() == c.col()).count();
            assert_ne!(on_main, 1, "{lp:?}");
        }
    }

    /// A top1465 position (found by the sweep) late in its walk: r8c5 has
    /// lost 6 and 9, which r1c5, r5c6 and r8c4 — the other parity class of
    /// the loop r1c5-r1c6-r5c6-r5c4-r8c4-r8c5 — all hold.
    const GRID: &str =
        "7342..1585261874939185..672182475936357...2846498..5174753..8.12....87458..7..3.9";

    fn at(c: &str) -> Cell {
        let b = c.as_bytes();
        Cell::at((b[1] - b'1') as usize, (b[3] - b'1') as usize).expect("cell")
    }

    fn digit(d: u8) -> Digit {
        Digit::new(d).expect("digit")
    }

    #[test]
    fn a_six_cell_loop_with_two_candidates_given_back() {
        let mut pos = position_with(GRID, Variant::Standard, "r8c5-69");
        pos.assume_unique(true);
        let steps = run(find, &pos);
        assert_sound(GRID, Variant::Standard, &steps);
        let [step] = &steps[..] else {
            panic!("one quasi loop: {steps:?}")
        };
        let Detail::UniqueLoop(crate::UniqueLoop {
            kind,
            cells,
            pair,
            digits,
            restored,
            ..
        }) = &step.detail
        else {
            panic!("{:?}", step.detail)
        };
        assert_eq!(*kind, crate::step::LoopKind::Type2);
        let names: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
        assert_eq!(names.join(" "), "r1c5 r1c6 r5c6 r5c4 r8c4 r8c5");
        assert_eq!(
            (pair.to_string(), digits.to_string()),
            ("69".into(), "1".into())
        );
        assert_eq!(
            restored,
            &vec![(at("r8c5"), digit(6)), (at("r8c5"), digit(9))]
        );
        assert_eq!(eliminations(step), "r5c5-1 r9c6-1");
        // A six-cell loop of type 2: 4 + 3 points, plus 1 + 2 × 2 given back.
        assert_eq!(step.points, 12.0);
        assert_eq!(step.technique, Technique::QuasiUniqueLoop);
    }

    #[test]
    fn no_restoring_when_the_other_class_lacks_the_digit() {
        // r8c4 loses the 9 as well: r8c5 can no longer get the 9 back.
        let mut pos = position_with(GRID, Variant::Standard, "r8c5-69 r8c4-9");
        pos.assume_unique(true);
        assert!(run(find, &pos).is_empty());
        // Without the uniqueness premise nothing is tested.
        let pos = position_with(GRID, Variant::Standard, "r8c5-69");
        assert!(run(find, &pos).is_empty());
    }
}
