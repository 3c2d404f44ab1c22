//! Quasi rectangles (the seed's *Quasi-Ausschluss-Rechtecke*): a unique
//! rectangle of any type whose corners lack some of the pair's candidates —
//! eliminated by earlier steps, or a corner already solved (not given) — is
//! tested with those candidates given back for the moment.
//!
//! The seed's rule for what may be given back: look at the two diagonals of
//! the four corners; a digit that both corners of one diagonal hold (a solved
//! corner holds its digit) may be written into the two corners of the other
//! diagonal. When both digits of a pair are then in all four corners, the
//! rectangle tests of [`super::unique_rectangle`] (types 1–8 with every
//! sub-type) run on that enlarged position, and what they remove from real
//! candidates goes. The restored candidates are removed again afterwards.
//!
//! Why this is sound: a unique puzzle's solution never holds two digits
//! crosswise in four non-given corners (swapping them would give a second
//! solution) — a fact about the solution, whatever the candidates say. Every
//! rectangle test derives its eliminations from that fact and from "the
//! solution lies within the candidates"; giving candidates back only enlarges
//! the candidates, so the solution still lies within them and the conclusion
//! still holds for it. (The seed's avoidable rectangles are the case of solved
//! corners; HoDoKu's two avoidable tests keep their own rows.)
//!
//! Points: the rectangle type's points plus 1 + 2N for N candidates given
//! back (the seed: 3, 5, 7, 9 more for N = 1–4). Sound only for puzzles known
//! to have one solution, like every uniqueness test.

use super::unique_rectangle::{self, Found};
use crate::Candidates;
use crate::step::{Detail, Step};
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};
use sudoku_core::{Cell, CellSet, Digit, DigitSet};

/// The corners of the diagonal opposite each corner's diagonal: corner `i`
/// gets a digit back when both of `OTHER_DIAGONAL[i]` hold it (corners 0/3
/// and 1/2 are diagonal).
const OTHER_DIAGONAL: [[usize; 2]; 4] = [[1, 2], [0, 3], [0, 3], [1, 2]];

/// Reports the quasi rectangles of `pos`, rectangles in list order.
pub(crate) fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    if !pos.unique_assumed() || !pos.is_written() {
        return;
    }
    let givens = pos.givens();
    let empty = pos.empty_cells();
    thread_local! {
        static FREE: super::KeptFree = const { std::cell::RefCell::new(None) };
    }
    let list = unique_rectangle::rectangle_list(pos.variant());
    let free = super::free_of(&FREE, pos.variant(), givens, list.len(), |k| {
        list[k].iter().copied().collect()
    });
    for &k in free.iter() {
        let corners = list[k as usize];
        let set: CellSet = corners.iter().copied().collect();
        if (set & empty).is_empty() {
            continue;
        }
        // What each corner holds: its candidates, or its solved digit.
        let held = corners.map(|c| match pos.get(c) {
            Some(d) => DigitSet::single(d),
            None => pos.candidates(c),
        });
        // The digits that are, or may be given back, in all four corners.
        let possible: DigitSet = DigitSet::ALL
            .iter()
            .filter(|&d| (0..4).all(|i| held[i].contains(d) || gets_back(&held, i, d)))
            .collect();
        if possible.len() < 2 {
            continue;
        }
        let digits: Vec<Digit> = possible.iter().collect();
        for (k, &a) in digits.iter().enumerate() {
            for &b in &digits[k + 1..] {
                let mut restored = Vec::new();
                for (i, &c) in corners.iter().enumerate() {
                    for d in [a, b] {
                        if !held[i].contains(d) {
                            restored.push((c, d));
                        }
                    }
                }
                if restored.is_empty() {
                    continue; // an ordinary rectangle: its own rows
                }
                let before = out.len();
                quasi_at(
                    pos,
                    corners,
                    DigitSet::single(a) | DigitSet::single(b),
                    restored,
                    out,
                );
                if mode == FindMode::First && out.len() > before {
                    out.truncate(before + 1);
                    return;
                }
            }
        }
    }
}

/// Whether corner `i` may get `d` back: both corners of the other diagonal
/// hold it.
fn gets_back(held: &[DigitSet; 4], i: usize, d: Digit) -> bool {
    OTHER_DIAGONAL[i].iter().all(|&j| held[j].contains(d))
}

/// The rectangle tests on `corners` with `restored` given back, for the pair
/// `pair`; their eliminations of real candidates become quasi steps.
fn quasi_at(
    pos: &Candidates,
    corners: [Cell; 4],
    pair: DigitSet,
    restored: Vec<(Cell, Digit)>,
    out: &mut Vec<Step>,
) {
    let mut enlarged = pos.clone();
    for &c in &corners {
        enlarged.unplace(c);
    }
    for &(c, d) in &restored {
        enlarged.restore(c, d);
    }
    let mut found: Found = Default::default();
    unique_rectangle::unique_at(&enlarged, corners, &mut found);
    let set: CellSet = corners.iter().copied().collect();
    let ours = found.into_iter().flatten().filter(|step| {
        matches!(&step.detail, Detail::UniqueRectangle(crate::UniqueRectangle { pair: p, corners: c, .. })
            if *p == pair && c.iter().copied().collect::<CellSet>() == set)
    });
    quasi_steps(pos, ours, Technique::QuasiRectangle, &restored, out);
}

/// The steps of a uniqueness test run on a position with `restored` given
/// back, as quasi steps of `technique`: only real candidates of empty cells
/// go, each set of eliminations once, with 1 + 2N points more for the N
/// candidates given back, which the step records (quasi rectangles and quasi
/// loops share this).
pub(super) fn quasi_steps(
    pos: &Candidates,
    found: impl IntoIterator<Item = Step>,
    technique: Technique,
    restored: &[(Cell, Digit)],
    out: &mut Vec<Step>,
) {
    let extra = 1.0 + 2.0 * restored.len() as f64;
    let mut seen: Vec<Vec<(Cell, Digit)>> = Vec::new();
    for mut step in found {
        step.eliminations
            .retain(|e| pos.get(e.cell).is_none() && pos.candidates(e.cell).contains(e.digit));
        if step.eliminations.is_empty() {
            continue;
        }
        let key: Vec<(Cell, Digit)> = step
            .eliminations
            .iter()
            .map(|e| (e.cell, e.digit))
            .collect();
        if seen.contains(&key) {
            continue;
        }
        seen.push(key);
        step.technique = technique;
        step.points += extra;
        match &mut step.detail {
            Detail::UniqueRectangle(crate::UniqueRectangle { restored: r, .. })
            | Detail::UniqueLoop(crate::UniqueLoop { restored: r, .. }) => {
                *r = restored.to_vec();
            }
            _ => {}
        }
        out.push(step);
    }
}

/// Catalogue entry: Quasi unique rectangle (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const QUASI_RECTANGLE: TechniqueInfo = TechniqueInfo {
    technique: Technique::QuasiRectangle, name: "quasi-unique-rectangle", names: Names { en: "Quasi unique rectangle", de: "Quasi-Ausschluss-Rechteck" },
    family: Family::Uniqueness, phase: Phase::OnCandidates, points: 7.0, se: None, finder: find, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_util::{assert_sound, eliminations, position_with, run};
    use crate::{Options, Orientation, solve_logically};
    use sudoku_core::{Grid, Variant};

    /// Every quasi rectangle found at the positions of the walks of
    /// `puzzles`: checked sound, counted.
    fn sweep(puzzles: &[Grid], variant: Variant) -> usize {
        let mut fired = 0;
        for puzzle in puzzles {
            let options = Options {
                unique: true,
                orientation: Orientation::AsGiven,
                ..Options::default()
            };
            let trace = solve_logically(puzzle, variant, &options).expect("solves");
            let mut pos = Candidates::new(puzzle, variant).expect("no clash");
            pos.assume_unique(true);
            for step in &trace.steps {
                if pos.is_written() {
                    let mut out = Vec::new();
                    find(&pos, &mut out, FindMode::All);
                    fired += out.len();
                    for s in &out {
                        check(&pos, s);
                    }
                    assert_sound(&puzzle.to_string(), variant, &out);
                }
                pos.apply(step).expect("applies");
            }
        }
        fired
    }

    /// The shape every quasi step must have.
    fn check(pos: &Candidates, step: &Step) {
        let Detail::UniqueRectangle(crate::UniqueRectangle {
            corners,
            pair,
            restored,
            ..
        }) = &step.detail
        else {
            panic!("{:?}", step.detail)
        };
        assert!(!restored.is_empty() && restored.len() <= 4);
        for &(c, d) in restored {
            assert!(corners.contains(&c) && pair.contains(d));
            assert!(!pos.candidates(c).contains(d), "{c} already holds {d}");
            assert_ne!(pos.get(c), Some(d));
        }
        for c in corners {
            assert!(!pos.givens().contains(*c));
        }
        for e in &step.eliminations {
            assert!(pos.candidates(e.cell).contains(e.digit));
        }
        let base = step.points - 1.0 - 2.0 * restored.len() as f64;
        assert!((4.0..=23.0).contains(&base), "{}", step.points);
    }

    fn top1465(n: usize, stride: usize) -> Vec<Grid> {
        let text = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../shared/data/top1465.txt"
        ));
        text.lines()
            .step_by(stride)
            .take(n)
            .map(|l| l.trim().parse().expect("data set puzzle"))
            .collect()
    }

    #[test]
    fn quasi_rectangles_are_sound_on_real_positions() {
        let n = if cfg!(debug_assertions) { 2 } else { 40 };
        let fired = sweep(&top1465(n, 36), Variant::Standard);
        println!("quasi rectangles at the positions of {n} walks: {fired}");
        if !cfg!(debug_assertions) {
            assert!(fired > 0, "no quasi rectangle in {n} puzzles");
        }
    }

    /// A top1465 position (found by the sweep) where r8c7 has lost both 1
    /// and 2, which both corners of the other diagonal, r8c2 and r9c7, hold.
    const GRID: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1927..5.3....4.9.7.4....";
    const GONE: &str = "r1c2-12 r1c3-59 r2c2-12 r2c3-59 r3c2-2 r3c3-59 r4c2-12 r4c4-4 r4c6-4 r4c7-14 r4c9-4 r5c3-124 r5c9-4 r6c3-146 r6c6-4 r6c7-1 r7c8-68 r7c9-68 r8c2-6 r8c7-12 r8c9-68 r9c2-6 r9c4-8 r9c6-68 r9c7-35 r9c8-1235 r9c9-235";

    fn at(c: &str) -> Cell {
        let b = c.as_bytes();
        Cell::at((b[1] - b'1') as usize, (b[3] - b'1') as usize).expect("cell")
    }

    #[test]
    fn a_hidden_rectangle_with_two_candidates_given_back() {
        let mut pos = position_with(GRID, Variant::Standard, GONE);
        pos.assume_unique(true);
        let steps = run(find, &pos);
        assert_sound(GRID, Variant::Standard, &steps);
        let corners = [at("r8c2"), at("r8c7"), at("r9c2"), at("r9c7")];
        let step = steps
            .iter()
            .find(|s| matches!(&s.detail, Detail::UniqueRectangle(crate::UniqueRectangle { corners: c, .. }) if *c == corners))
            .expect("the quasi rectangle r8c2/r8c7/r9c2/r9c7");
        let Detail::UniqueRectangle(crate::UniqueRectangle {
            kind,
            pair,
            restored,
            ..
        }) = &step.detail
        else {
            unreachable!()
        };
        assert_eq!(*kind, crate::step::RectangleKind::Hidden);
        assert_eq!(pair.to_string(), "12");
        let one = Digit::new(1).expect("digit");
        let two = Digit::new(2).expect("digit");
        assert_eq!(restored, &vec![(at("r8c7"), one), (at("r8c7"), two)]);
        assert_eq!(eliminations(step), "r9c7-2");
        // The hidden rectangle's 8 points, plus 1 + 2 × 2 given back.
        assert_eq!(step.points, 13.0);
        for s in &steps {
            check(&pos, s);
        }
    }

    #[test]
    fn no_restoring_when_the_other_diagonal_lacks_the_digit() {
        // r8c2 loses the 2 as well: r8c7 can no longer get the 2 back.
        let mut pos = position_with(GRID, Variant::Standard, &format!("{GONE} r8c2-2"));
        pos.assume_unique(true);
        let corners = [at("r8c2"), at("r8c7"), at("r9c2"), at("r9c7")];
        for s in run(find, &pos) {
            if let Detail::UniqueRectangle(crate::UniqueRectangle {
                corners: c, pair, ..
            }) = &s.detail
            {
                assert!(
                    !(*c == corners && pair.contains(Digit::new(2).expect("digit"))),
                    "{s:?}"
                );
            }
        }
    }

    #[test]
    fn sound_in_the_variants() {
        // The seed's diagonal, colour and colour-diagonal examples with one
        // solution: the diagonals and colour groups must survive the swap.
        let text = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../shared/data/seed_examples.tsv"
        ));
        let limit = if cfg!(debug_assertions) { 2 } else { 30 };
        let mut by_variant: Vec<(Variant, Vec<Grid>)> = Vec::new();
        for line in text.lines().skip(1) {
            let mut cols = line.split('\t');
            let (Some(p), Some(v)) = (cols.next(), cols.next()) else {
                continue;
            };
            let (Ok(grid), Ok(variant)) = (p.parse::<Grid>(), v.parse::<Variant>()) else {
                continue;
            };
            if variant == Variant::Standard || sudoku_solve::count(&grid, variant, Some(2)) != 1 {
                continue;
            }
            match by_variant.iter_mut().find(|(v, _)| *v == variant) {
                Some((_, list)) if list.len() < limit => list.push(grid),
                Some(_) => {}
                None => by_variant.push((variant, vec![grid])),
            }
        }
        assert!(by_variant.len() >= 3);
        for (variant, puzzles) in by_variant {
            let fired = sweep(&puzzles, variant);
            println!(
                "{variant}: {fired} quasi rectangles in {} walks",
                puzzles.len()
            );
        }
    }

    #[test]
    fn nothing_without_the_uniqueness_premise() {
        let puzzle: Grid = top1465(1, 1)[0];
        let trace =
            solve_logically(&puzzle, Variant::Standard, &Options::default()).expect("solves");
        let mut pos = Candidates::new(&puzzle, Variant::Standard).expect("no clash");
        for step in &trace.steps {
            let mut out = Vec::new();
            find(&pos, &mut out, FindMode::All);
            assert!(out.is_empty());
            pos.apply(step).expect("applies");
        }
    }
}
