//! The seed's diagonal tests and pincers: a cell that sees every place of a
//! digit in a house cannot hold the digit.
//!
//! Whichever place of house H takes digit x, a cell C outside H that sees all
//! of them sees the x, so x goes from C. In standard Sudoku a cell sees the
//! places of a line or box only through one house at a time, and the rule is
//! just locked candidates (the places all lie in a house through C). The
//! diagonals and colour groups let a cell see places through *different*
//! houses at once, which gives the seed's extra tests for X-Sudoku (4–6
//! points; found by Holger Schrader and Ulrich R.):
//!
//! * **Diagonal pincer type 1** (5 points): C lies on a diagonal and sees the
//!   places of x in a row, column or box — one of them through the diagonal,
//!   another through C's own row, column or box.
//! * **Diagonal pincer type 2** (5 points): C is the centre; in a row or
//!   column x lies only on both diagonals and on the centre's column or row.
//! * **Diagonal test, centre** (4 points): in a row or column x lies only on
//!   the two diagonals, so it is in a diagonal outside the centre: the centre
//!   sees both places and loses x.
//! * **Diagonal test, pair** (6 points): x has exactly two places (or more,
//!   all seen) in one diagonal; a cell of the other diagonal seeing them all
//!   loses x.
//!
//! Hits where one house through C holds every place are locked candidates
//! (found earlier in the table) and left out here. One step per cell and
//! house, with the house through which C sees each place.
//!
//! The seed also names a "colour pincer" for colour Sudoku without defining
//! it. The rule above gives nothing there beyond locked candidates: the colour
//! groups run parallel to the rows and columns inside every box, so a cell
//! outside a house sees two or three of its places only through one house
//! (checked over every house and every set of two or three places of the
//! colour variant). In colour-diagonal Sudoku the diagonals make pincers as
//! in X-Sudoku, and they are found as such.

use crate::Candidates;
use crate::step::{Detail, Step};
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};
use sudoku_core::{Cell, CellSet, Digit, DigitSet, House, HouseKind, Variant};

/// The centre cell r5c5, the only cell on both diagonals.
const CENTRE: usize = 40;

super::finders_by_size!(
    "Reports the hits of one of the seed's diagonal tests or pincers.",
    find,
    find_pincer_1 = Technique::DiagonalPincer1,
    find_pincer_2 = Technique::DiagonalPincer2,
    find_center = Technique::DiagonalCenterTest,
    find_pair = Technique::DiagonalPairTest
);

/// For each place, the first house of `variant` through `cell` that holds it.
fn through(variant: Variant, cell: Cell, places: CellSet) -> Option<Vec<House>> {
    places
        .iter()
        .map(|p| {
            variant
                .houses_of(cell)
                .iter()
                .copied()
                .find(|&h| h.contains(p))
        })
        .collect()
}

/// Which test a hit is (see the module docs); `None` for a case the seed does
/// not name (left to the chains further down the table).
fn classify(house: House, cell: Cell, places: CellSet, via: &[House]) -> Option<Technique> {
    let diagonal = via.iter().any(|h| h.kind() == HouseKind::Diagonal);
    if house.kind() == HouseKind::Diagonal {
        // The seed's test removes the digit from cells of the other diagonal.
        let other = House::new(if house.number() == 0 { 28 } else { 27 });
        return other
            .is_some_and(|d| d.contains(cell))
            .then_some(Technique::DiagonalPairTest);
    }
    if !diagonal {
        return None;
    }
    let line = matches!(house.kind(), HouseKind::Row | HouseKind::Column);
    if cell.index() == CENTRE && line {
        let on_diagonals = via
            .iter()
            .filter(|h| h.kind() == HouseKind::Diagonal)
            .count();
        if places.len() == 2 && on_diagonals == 2 {
            return Some(Technique::DiagonalCenterTest);
        }
        if places.len() == 3 && on_diagonals == 2 {
            return Some(Technique::DiagonalPincer2);
        }
    }
    Some(Technique::DiagonalPincer1)
}

fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode, technique: Technique) {
    let variant = pos.variant();
    if variant == Variant::Standard {
        return;
    }
    let points = technique.info().points;
    for &house in variant.houses() {
        let cells = Variant::house_cells(house);
        for digit in Digit::ALL {
            let with = pos.cells_with(digit);
            let places = with & cells;
            if places.len() < 2 {
                continue;
            }
            let mut seeing = with - cells;
            for p in places.iter() {
                seeing &= variant.peers(p);
            }
            for cell in seeing.iter() {
                // One house through the cell holding every place: locked
                // candidates.
                if variant
                    .houses_of(cell)
                    .iter()
                    .any(|&h| places.is_subset(Variant::house_cells(h)))
                {
                    continue;
                }
                let Some(via) = through(variant, cell, places) else {
                    continue;
                };
                if classify(house, cell, places, &via) != Some(technique) {
                    continue;
                }
                out.push(step(technique, points, digit, house, places, cell, via));
                if mode == FindMode::First {
                    return;
                }
            }
        }
    }
}

fn step(
    technique: Technique,
    points: f64,
    digit: Digit,
    house: House,
    places: CellSet,
    cell: Cell,
    via: Vec<House>,
) -> Step {
    let mut step = Step::new(technique, points);
    step.eliminate_all(digit, CellSet::single(cell));
    step.cells = places;
    step.digits = DigitSet::single(digit);
    step.houses = std::iter::once(house).chain(via.iter().copied()).collect();
    step.detail = Detail::SeesAllPlaces(SeesAllPlaces {
        digit,
        house,
        places,
        cell,
        via,
    });
    step
}

/// A cell sees every place of `digit` in `house` (the seed's diagonal tests
/// and pincers): whichever place holds the digit, the cell sees it, so the
/// digit goes from the cell.
#[derive(Clone, Debug, PartialEq)]
pub struct SeesAllPlaces {
    /// The digit.
    pub digit: Digit,
    /// The house whose places are all seen.
    pub house: House,
    /// The places of the digit in the house.
    pub places: CellSet,
    /// The cell losing the digit.
    pub cell: Cell,
    /// For each place (in cell order) the house through which `cell`
    /// sees it.
    pub via: Vec<House>,
}

impl crate::Moved for SeesAllPlaces {
    fn moved(&self, t: &sudoku_core::Transform) -> SeesAllPlaces {
        // `via` follows the places in cell order, which the move may change:
        // pair them up again.
        let mut pairs: Vec<(Cell, House)> = self
            .places
            .iter()
            .zip(&self.via)
            .map(|(p, h)| (p.moved(t), h.moved(t)))
            .collect();
        pairs.sort_by_key(|(c, _)| *c);
        SeesAllPlaces {
            digit: self.digit.moved(t),
            house: self.house.moved(t),
            places: self.places.moved(t),
            cell: self.cell.moved(t),
            via: pairs.into_iter().map(|(_, h)| h).collect(),
        }
    }
}

/// Catalogue entry: Diagonal test (centre) (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const DIAGONAL_CENTER_TEST: TechniqueInfo = TechniqueInfo {
    technique: Technique::DiagonalCenterTest, name: "diagonal-center-test", names: Names { en: "Diagonal test (centre)", de: "Diagonalen-Test (Mitte)" },
    family: Family::Intersection, phase: Phase::OnCandidates, points: 4.0, se: None, finder: find_center, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};

/// Catalogue entry: Diagonal pincer type 1 (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const DIAGONAL_PINCER_1: TechniqueInfo = TechniqueInfo {
    technique: Technique::DiagonalPincer1, name: "diagonal-pincer-one", names: Names { en: "Diagonal pincer type 1", de: "Diagonal-Zange Typ 1" },
    family: Family::Intersection, phase: Phase::OnCandidates, points: 5.0, se: None, finder: find_pincer_1, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};

/// Catalogue entry: Diagonal pincer type 2 (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const DIAGONAL_PINCER_2: TechniqueInfo = TechniqueInfo {
    technique: Technique::DiagonalPincer2, name: "diagonal-pincer-two", names: Names { en: "Diagonal pincer type 2", de: "Diagonal-Zange Typ 2" },
    family: Family::Intersection, phase: Phase::OnCandidates, points: 5.0, se: None, finder: find_pincer_2, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};

/// Catalogue entry: Diagonal test (pair) (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const DIAGONAL_PAIR_TEST: TechniqueInfo = TechniqueInfo {
    technique: Technique::DiagonalPairTest, name: "diagonal-pair-test", names: Names { en: "Diagonal test (pair)", de: "Diagonalen-Test (Paar)" },
    family: Family::Intersection, phase: Phase::OnCandidates, points: 6.0, se: None, finder: find_pair, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};

pub(crate) mod told {
    //! This technique's steps told in English and German and drawn, both
    //! from the step struct (see [`crate::describe`]).
    //!
    //! The seed's diagonal tests and pincers (and the colour pincer): a cell sees
    //! every place of a digit in a house, each through some house of its own, so
    //! whichever place takes the digit, the cell cannot.

    use crate::Step;
    use crate::describe::drawing::Drawing;
    use crate::describe::words::{and_list, in_house, removal, so, the_house, upper_first};
    use crate::describe::{Describe, Telling};
    use sudoku_core::Lang;
    use sudoku_core::{Cell, CellSet, Digit, House};

    /// Explains that `cell` sees the `places` of `digit` in `house` through `via`.
    pub(crate) fn render(
        step: &Step,
        name: &str,
        (digit, house): (Digit, House),
        places: CellSet,
        cell: Cell,
        via: &[House],
        lang: Lang,
    ) -> Option<String> {
        let seen: Vec<String> = places
            .iter()
            .zip(via)
            .map(|(p, h)| match lang {
                Lang::En => format!("{p} through {}", the_house(*h, lang)),
                Lang::De => format!("{p} über {}", the_house(*h, lang)),
            })
            .collect();
        let then = so(&removal(&step.eliminations, lang), lang);
        let place_list = and_list(
            &places.iter().map(|p| p.to_string()).collect::<Vec<_>>(),
            lang,
        );
        Some(match lang {
            Lang::En => format!(
                "{name}: {} the {digit} can only go into {place_list}. {cell} sees {}: wherever the {digit} goes, {cell} sees it, {then}",
                in_house(house, lang),
                and_list(&seen, lang),
            ),
            Lang::De => format!(
                "{name}: {} kann die {digit} nur in {place_list} stehen. {cell} sieht {}: wo auch immer die {digit} steht, {cell} sieht sie, {then}",
                upper_first(&in_house(house, lang)),
                and_list(&seen, lang),
            ),
        })
    }

    impl Describe for super::SeesAllPlaces {
        fn text(&self, step: &Step, at: &Telling<'_>) -> Option<String> {
            render(
                step,
                at.name,
                (self.digit, self.house),
                self.places,
                self.cell,
                &self.via,
                at.lang,
            )
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
    use sudoku_core::Grid;

    /// The first position of `puzzle` (as `variant`) where `technique` fires,
    /// walked with the solver until then.
    fn first_hit(puzzle: &str, variant: Variant, technique: Technique) -> Option<Step> {
        let grid: Grid = puzzle.parse().expect("test puzzle");
        let options = crate::Options {
            orientation: crate::Orientation::AsGiven,
            unique: true,
            ..crate::Options::default()
        };
        let trace = crate::solve_logically(&grid, variant, &options).expect("solves");
        trace.steps.into_iter().find(|s| s.technique == technique)
    }

    // The seed's examples, one per test.
    const PINCER_1: &str =
        "000000000000000000000040000300000002006070100504203907200831006000000000900000008";
    const PINCER_2: &str =
        "000000000000270000000010920050000263000100080086000040510800000007900100000450070";
    const CENTRE_TEST: &str =
        "000001700006300400190000030600103040000000000070504003010000058005009300003800000";
    const PAIR_TEST: &str =
        "000000000097103850005704200010000020000000000080000030003905700071308960000000000";

    #[test]
    fn the_seeds_examples_use_their_test() {
        for (puzzle, technique) in [
            (PINCER_1, Technique::DiagonalPincer1),
            (PINCER_2, Technique::DiagonalPincer2),
            (CENTRE_TEST, Technique::DiagonalCenterTest),
            (PAIR_TEST, Technique::DiagonalPairTest),
        ] {
            let step = first_hit(puzzle, Variant::Diagonal, technique)
                .unwrap_or_else(|| panic!("{technique:?} not used on {puzzle}"));
            let Detail::SeesAllPlaces(SeesAllPlaces {
                digit,
                house,
                places,
                cell,
                via,
            }) = &step.detail
            else {
                panic!("{:?}", step.detail)
            };
            assert_eq!(via.len(), places.len());
            assert!(!house.contains(*cell));
            for (p, h) in places.iter().zip(via) {
                assert!(h.contains(p) && h.contains(*cell));
            }
            assert_eq!(step.eliminations.len(), 1);
            assert_eq!(step.eliminations[0].digit, *digit);
            if technique != Technique::DiagonalPincer1 && technique != Technique::DiagonalPairTest {
                assert_eq!(cell.index(), CENTRE, "{technique:?}");
            }
        }
    }

    #[test]
    fn the_centre_sees_both_diagonal_places_of_a_row() {
        // Row 1 keeps 5 only on the diagonals (r1c1, r1c9): the centre loses it.
        let mut pos = position(".".repeat(81).as_str(), Variant::Diagonal);
        let five = Digit::new(5).unwrap();
        for c in 1..8 {
            pos.eliminate(Cell::at(0, c).unwrap(), five).unwrap();
        }
        let mut out = Vec::new();
        find_center(&pos, &mut out, FindMode::All);
        assert_eq!(out.len(), 1, "{out:?}");
        assert_eq!(out[0].eliminations[0].cell.index(), CENTRE);
        assert_eq!(out[0].eliminations[0].digit, five);
        // Nothing of the kind in standard Sudoku, where it is no rule.
        let mut standard = position(".".repeat(81).as_str(), Variant::Standard);
        for c in 1..8 {
            standard.eliminate(Cell::at(0, c).unwrap(), five).unwrap();
        }
        for f in [find_pincer_1, find_pincer_2, find_center, find_pair] {
            let mut out = Vec::new();
            f(&standard, &mut out, FindMode::All);
            assert!(out.is_empty());
        }
    }

    #[test]
    fn nothing_without_a_place_seen_through_a_second_house() {
        // A full candidate grid: every house has nine places, none seen all.
        for v in [Variant::Diagonal, Variant::Color, Variant::ColorDiagonal] {
            let pos = position(".".repeat(81).as_str(), v);
            for f in [find_pincer_1, find_pincer_2, find_center, find_pair] {
                let mut out = Vec::new();
                f(&pos, &mut out, FindMode::All);
                assert!(out.is_empty(), "{v}");
            }
        }
    }

    #[test]
    fn no_pincer_in_colour_sudoku() {
        // Every set of two or three places of a digit in any house of the
        // colour variant: no cell outside sees them all through two houses.
        let seven = Digit::new(7).unwrap();
        for &house in Variant::Color.houses() {
            let cells: Vec<Cell> = house.cells().to_vec();
            for a in 0..9 {
                for b in (a + 1)..9 {
                    for c in (b..9).map(Some).chain([None]) {
                        if c == Some(b) {
                            continue;
                        }
                        let mut pos = position(".".repeat(81).as_str(), Variant::Color);
                        for (i, &cell) in cells.iter().enumerate() {
                            if i != a && i != b && Some(i) != c {
                                pos.eliminate(cell, seven).unwrap();
                            }
                        }
                        for f in [find_pincer_1, find_pincer_2, find_center, find_pair] {
                            let mut out = Vec::new();
                            f(&pos, &mut out, FindMode::All);
                            assert!(out.is_empty(), "{house}: {out:?}");
                        }
                    }
                }
            }
        }
    }
}
