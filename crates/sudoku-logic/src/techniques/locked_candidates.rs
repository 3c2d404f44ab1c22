//! Locked candidates, for every pair of intersecting houses of the variant.
//!
//! If all candidates of a digit in house A lie in A ∩ B, the digit must be placed
//! in that intersection, so it goes from the rest of B. With A a box and B a line
//! this is *pointing* (the seed's row/column test), with B a box *claiming* (its
//! box test); any other pair — a line with a colour group, a box or colour group
//! with a diagonal read the other way round, two diagonals — is reported as plain
//! *locked candidates*. Pairs meeting in one cell are skipped: there the relation
//! is a hidden single.

use crate::Candidates;
use crate::step::{Detail, Step};
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};
use std::sync::OnceLock;
use sudoku_core::{CellSet, DigitSet, House, HouseKind, Variant};

/// An ordered pair of houses meeting in at least two cells.
#[derive(Clone, Copy)]
pub(crate) struct Pair {
    pub(crate) base: House,
    pub(crate) cover: House,
    pub(crate) meet: CellSet,
    pub(crate) technique: Technique,
}

/// The intersecting pairs of `variant`, computed once from its house list.
pub(crate) fn pairs(variant: Variant) -> &'static [Pair] {
    static PAIRS: OnceLock<Vec<Vec<Pair>>> = OnceLock::new();
    let all = PAIRS.get_or_init(|| {
        Variant::ALL
            .iter()
            .map(|&v| {
                let mut out = Vec::new();
                for &base in v.houses() {
                    for &cover in v.houses() {
                        let meet = Variant::house_cells(base) & Variant::house_cells(cover);
                        if base == cover || meet.len() < 2 {
                            continue;
                        }
                        let technique = if base.kind() == HouseKind::Box {
                            Technique::Pointing
                        } else if cover.kind() == HouseKind::Box {
                            Technique::Claiming
                        } else {
                            Technique::LockedCandidates
                        };
                        out.push(Pair {
                            base,
                            cover,
                            meet,
                            technique,
                        });
                    }
                }
                out
            })
            .collect()
    });
    let i = Variant::ALL.iter().position(|&v| v == variant).unwrap_or(0);
    &all[i]
}

/// The pairs of one technique grouped by base house, in [`pairs`] order,
/// and per cell the houses holding it (bits by house index): what
/// [`find`] reads.
struct Index {
    /// Per technique (pointing, claiming, other): groups of pairs with one
    /// base, each the range of its pairs in `pairs`.
    groups: [Vec<(House, std::ops::Range<usize>)>; 3],
    /// Per technique, its pairs in [`pairs`] order.
    pairs: [Vec<Pair>; 3],
    cell_houses: [u64; 81],
}

fn slot(technique: Technique) -> usize {
    match technique {
        Technique::Pointing => 0,
        Technique::Claiming => 1,
        _ => 2,
    }
}

fn index(variant: Variant) -> &'static Index {
    static INDEX: [OnceLock<Index>; 4] = [const { OnceLock::new() }; 4];
    super::per_variant(&INDEX, variant, || {
        let mut groups: [Vec<(House, std::ops::Range<usize>)>; 3] = Default::default();
        let mut by: [Vec<Pair>; 3] = Default::default();
        for pair in pairs(variant) {
            let t = slot(pair.technique);
            let n = by[t].len();
            match groups[t].last_mut() {
                Some((base, range)) if *base == pair.base => range.end = n + 1,
                _ => groups[t].push((pair.base, n..n + 1)),
            }
            by[t].push(*pair);
        }
        let mut cell_houses = [0u64; 81];
        for cell in sudoku_core::Cell::all() {
            cell_houses[cell.index()] = variant
                .houses_of(cell)
                .iter()
                .fold(0, |m, h| m | 1 << h.index());
        }
        Index {
            groups,
            pairs: by,
            cell_houses,
        }
    })
}

/// Reports the steps of `technique` in [`pairs`] order, digits in order
/// within a pair. Per base house and digit, the houses holding all its
/// places there are the only covers it can lock into.
fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode, technique: Technique) {
    let points = technique.info().points;
    let index = index(pos.variant());
    let t = slot(technique);
    let all = &index.pairs[t];
    // The hits of one base: (pair, digit), sorted before they are reported.
    let mut hits: Vec<(usize, sudoku_core::Digit)> = Vec::new();
    for (base, range) in &index.groups[t] {
        let base_cells = Variant::house_cells(*base);
        hits.clear();
        for digit in sudoku_core::Digit::ALL {
            let cells = pos.cells_with(digit);
            let inside = cells & base_cells;
            if inside.len() < 2 {
                continue;
            }
            let shared = inside
                .iter()
                .fold(!0u64, |m, c| m & index.cell_houses[c.index()])
                & !(1u64 << base.index());
            if shared == 0 {
                continue;
            }
            for k in range.clone() {
                let pair = &all[k];
                if shared >> pair.cover.index() & 1 == 0 {
                    continue;
                }
                if !(cells & (Variant::house_cells(pair.cover) - base_cells)).is_empty() {
                    hits.push((k, digit));
                }
            }
        }
        hits.sort_unstable();
        for &(k, digit) in &hits {
            let pair = &all[k];
            let inside = pos.cells_with(digit) & base_cells;
            let gone = pos.cells_with(digit) & (Variant::house_cells(pair.cover) - base_cells);
            let mut step = Step::new(technique, points);
            step.eliminate_all(digit, gone);
            step.cells = inside;
            step.houses = vec![pair.base, pair.cover];
            step.digits = DigitSet::single(digit);
            step.detail = Detail::Intersection(Intersection {
                base: pair.base,
                cover: pair.cover,
                digit,
            });
            out.push(step);
            if mode == FindMode::First {
                return;
            }
        }
    }
}

/// Pointing: from a box into another house.
pub(crate) fn find_pointing(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    find(pos, out, mode, Technique::Pointing)
}

/// Claiming: from another house into a box.
pub(crate) fn find_claiming(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    find(pos, out, mode, Technique::Claiming)
}

/// Locked candidates between two houses neither of which is a box.
pub(crate) fn find_other(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    find(pos, out, mode, Technique::LockedCandidates)
}

/// Locked candidates: `digit` in house `base` lies only in `base ∩ cover`, so it
/// goes from the rest of `cover`.
#[derive(Clone, Debug, PartialEq)]
pub struct Intersection {
    /// The house whose candidates are all in the intersection.
    pub base: House,
    /// The house the digit is eliminated from (outside the intersection).
    pub cover: House,
    /// The digit.
    pub digit: sudoku_core::Digit,
}

crate::moved_fields!(Intersection { base, cover, digit; });

/// Catalogue entry: Pointing (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const POINTING: TechniqueInfo = TechniqueInfo {
    technique: Technique::Pointing, name: "pointing", names: Names { en: "Pointing", de: "Zeilen-/Spalten-Test" },
    family: Family::Intersection, phase: Phase::OnCandidates, points: 3.0, se: Some(2.6), finder: find_pointing, text: None,
    hodoku: Hodoku { order: Some(1200), level: HodokuLevel::Medium, score: 50 },
};

/// Catalogue entry: Claiming (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const CLAIMING: TechniqueInfo = TechniqueInfo {
    technique: Technique::Claiming, name: "claiming", names: Names { en: "Claiming", de: "Box-Test" },
    family: Family::Intersection, phase: Phase::OnCandidates, points: 4.0, se: Some(2.8), finder: find_claiming, text: None,
    hodoku: Hodoku { order: Some(1210), level: HodokuLevel::Medium, score: 50 },
};

/// Catalogue entry: Locked candidates (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const LOCKED_CANDIDATES: TechniqueInfo = TechniqueInfo {
    technique: Technique::LockedCandidates, name: "locked-candidates", names: Names { en: "Locked candidates", de: "Überschneidungs-Test" },
    family: Family::Intersection, phase: Phase::OnCandidates, points: 4.0, se: None, finder: find_other, text: None,
    hodoku: Hodoku { order: Some(1210), level: HodokuLevel::Medium, score: 50 },
};

pub(crate) mod told {
    //! This technique's steps told in English and German and drawn, both
    //! from the step struct (see [`crate::describe`]).
    //!
    //! Locked candidates between two intersecting houses: pointing (box into line),
    //! claiming (line into box) and the other pairs of the variants (diagonals,
    //! colour groups) — the diagonal solver's Zeilen-/Spalten-Test and Box-Test.

    use crate::Step;
    use crate::describe::drawing::Drawing;
    use crate::describe::words::{cells, in_house, removal, so, upper_first};
    use crate::describe::{Describe, Telling};
    use sudoku_core::Lang;
    use sudoku_core::{Digit, House};

    /// Explains that `digit` in `base` lies only in `base ∩ cover`.
    pub(crate) fn render(
        step: &Step,
        name: &str,
        base: House,
        cover: House,
        digit: Digit,
        lang: Lang,
    ) -> Option<String> {
        let inside = cells(step.cells);
        let then = so(&removal(&step.eliminations, lang), lang);
        Some(match lang {
            Lang::En => format!(
                "{name}: {} the {digit}s all lie {} ({inside}), {then}",
                in_house(base, lang),
                in_house(cover, lang)
            ),
            Lang::De => format!(
                "{name}: {} liegen alle Kandidaten {digit} {} ({inside}), {then}",
                upper_first(&in_house(base, lang)),
                in_house(cover, lang)
            ),
        })
    }

    impl Describe for super::Intersection {
        fn text(&self, step: &Step, at: &Telling<'_>) -> Option<String> {
            render(step, at.name, self.base, self.cover, self.digit, at.lang)
        }

        fn draw(&self, step: &Step, out: &mut Drawing) {
            out.pattern(step.cells, sudoku_core::DigitSet::single(self.digit));
            out.arrows(&step.links);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_util::*;
    use sudoku_core::{Cell, Digit};

    #[test]
    fn pair_counts_follow_the_houses() {
        // Standard: 9 rows × 3 boxes + 9 columns × 3 boxes, both directions.
        assert_eq!(pairs(Variant::Standard).len(), 108);
        let other = |v: Variant| {
            pairs(v)
                .iter()
                .filter(|p| p.technique == Technique::LockedCandidates)
                .count()
        };
        assert_eq!(other(Variant::Standard), 0);
        assert_eq!(other(Variant::Diagonal), 0); // diagonals meet lines in one cell
        // Each colour group meets 3 rows and 3 columns in 3 cells each; the main
        // diagonal meets colour groups 1, 5, 9 in 3 cells, the anti-diagonal 3, 5, 7.
        assert_eq!(other(Variant::Color), 9 * 6 * 2);
        assert_eq!(other(Variant::ColorDiagonal), 9 * 6 * 2 + 6 * 2);
    }

    const POINTING: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9.7......";

    #[test]
    fn pointing_fires_from_boxes_into_lines() {
        let (pos, steps) = sound_hits(find_pointing, POINTING, "");
        assert_eq!(steps.len(), 7);
        // In box 4 the 5s lie in column 3 only.
        assert_eq!(steps[0].houses[0].to_string(), "box 4");
        assert_eq!(steps[0].houses[1].to_string(), "column 3");
        assert_eq!(eliminations(&steps[0]), "r1c3-5 r2c3-5 r3c3-5");
        assert!(
            run(find_claiming, &pos)
                .iter()
                .all(|s| s.technique == Technique::Claiming)
        );
    }

    #[test]
    fn claiming_fires_from_lines_into_boxes() {
        let p = "7.5.....2...4.1...3.1.......1.6..4..2...5...........9.652378....8....6...9.....8.";
        let pos = position_with(
            p,
            Variant::Standard,
            "r2c3-6 r2c5-89 r2c7-89 r2c9-89 r3c4-289 r3c6-269 r3c7-57 r3c8-57 r3c9-57 \
             r4c3-37 r4c5-2 r5c2-46 r5c3-37 r6c1-4 r6c2-46 r6c3-37 r6c5-2 r8c3-4 r8c5-2 \
             r8c9-9 r9c3-4 r9c5-2",
        );
        assert!(run(find_pointing, &pos).is_empty());
        let steps = run(find_claiming, &pos);
        assert_sound(p, Variant::Standard, &steps);
        let got: Vec<String> = steps.iter().map(eliminations).collect();
        assert_eq!(got, ["r8c8-1 r8c9-1 r9c7-1 r9c9-1", "r8c8-4 r8c9-4 r9c9-4"]);
        assert_eq!(steps[0].houses[0].to_string(), "row 7");
        assert_eq!(steps[0].houses[1].to_string(), "box 9");
    }

    #[test]
    fn colour_groups_lock_candidates_with_lines() {
        let p = "8...41..7.....3..1..1..7.49......76.5...1....2..7..91...2....9..4........8.19.47.";
        let elims = "r4c4-9 r5c4-29 r5c6-2 r7c7-6 r7c9-5 r8c4-2 r8c5-2 r8c7-6 r8c9-5 r9c9-5";
        let pos = position_with(p, Variant::Color, elims);
        let steps = run(find_other, &pos);
        assert_sound(p, Variant::Color, &steps);
        let got: Vec<String> = steps
            .iter()
            .map(|s| format!("{} > {}: {}", s.houses[0], s.houses[1], eliminations(s)))
            .collect();
        assert_eq!(
            got,
            [
                "row 9 > colour group 9: r6c6-5 r6c9-5",
                "column 8 > colour group 5: r2c5-8 r8c5-8",
                "colour group 2 > column 5: r2c5-8 r8c5-8",
                "colour group 7 > row 3: r3c2-5 r3c5-5",
            ]
        );
        // The same grid as a standard Sudoku has no colour groups.
        let mut standard = Candidates::from_fields(
            pos.grid(),
            Variant::Standard,
            &std::array::from_fn(|i| pos.candidates(sudoku_core::Cell::new(i).unwrap())),
        )
        .unwrap();
        standard.write_candidates();
        assert!(run(find_other, &standard).is_empty());
    }

    /// The plain walk over every pair and digit: the reference the indexed
    /// search must match, step for step and in order.
    fn reference(pos: &Candidates, technique: Technique) -> Vec<(House, House, Digit, CellSet)> {
        let mut out = Vec::new();
        for pair in pairs(pos.variant())
            .iter()
            .filter(|p| p.technique == technique)
        {
            let base = Variant::house_cells(pair.base);
            let cover = Variant::house_cells(pair.cover);
            for digit in Digit::ALL {
                let cells = pos.cells_with(digit);
                let inside = cells & base;
                let gone = cells & (cover - base);
                if inside.len() >= 2 && inside.is_subset(pair.meet) && !gone.is_empty() {
                    out.push((pair.base, pair.cover, digit, gone));
                }
            }
        }
        out
    }

    #[test]
    fn the_indexed_search_matches_the_plain_walk() {
        let puzzle = ".".repeat(81);
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut hits = 0;
        for variant in Variant::ALL {
            for round in 0..40 {
                let mut pos = position(&puzzle, variant);
                // Take out a pseudo-random 30 to 80 per cent of the candidates.
                for cell in Cell::all() {
                    for digit in pos.candidates(cell).iter() {
                        seed ^= seed << 13;
                        seed ^= seed >> 7;
                        seed ^= seed << 17;
                        if seed % 10 < 3 + round % 6 {
                            let _ = pos.eliminate(cell, digit);
                        }
                    }
                }
                for (finder, technique) in [
                    (
                        find_pointing as crate::technique::Finder,
                        Technique::Pointing,
                    ),
                    (find_claiming, Technique::Claiming),
                    (find_other, Technique::LockedCandidates),
                ] {
                    let want = reference(&pos, technique);
                    let got: Vec<_> = run(finder, &pos)
                        .iter()
                        .map(|s| match &s.detail {
                            Detail::Intersection(i) => {
                                let gone = s.eliminations.iter().map(|e| e.cell).collect();
                                (i.base, i.cover, i.digit, gone)
                            }
                            _ => panic!("not an intersection step"),
                        })
                        .collect();
                    assert_eq!(got, want, "{variant:?} round {round} {technique:?}");
                    hits += want.len();
                }
            }
        }
        assert!(hits > 100, "{hits}");
    }

    #[test]
    fn does_not_fire_on_an_empty_grid() {
        let pos = position(&".".repeat(81), Variant::ColorDiagonal);
        for finder in [find_pointing, find_claiming, find_other] {
            assert!(run(finder, &pos).is_empty());
        }
    }
}
