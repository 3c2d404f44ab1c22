//! W-wing: two bivalue cells with the same pair, joined by a strong link.
//!
//! Cells A and B both hold exactly `xy` and do not see each other. In some house
//! `x` has exactly two places, one seeing A and the other seeing B (neither is A
//! or B). If neither A nor B were `y`, both would be `x`, and neither end of the
//! strong link could be `x` — impossible. So `y` goes from every cell that sees
//! both A and B. As a chain: `y-A=x-link=x-B=y`.
//!
//! Points: 7, like the seed's shortest single-digit and golden chains of four
//! nodes (N + 3 with N = 4), between XYZ-wing (7) and WXYZ-wing (10). HoDoKu
//! scores it 150. Sudoku Explainer has no W-wing (it finds the elimination as a
//! chain); we give it 4.4, the XYZ-wing's value, so it sorts with the wings.

use super::xy_wing::bivalue_cells;
use crate::Candidates;
use crate::step::{Detail, Step};
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};
use sudoku_core::{CellSet, Digit, DigitSet, Variant};

/// Reports every W-wing with an elimination, once per pair of cells and
/// eliminated digit (with the first strong link in house order).
pub(crate) fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    let variant = pos.variant();
    let bivalue: Vec<_> = bivalue_cells(pos).iter().collect();
    for (i, &a) in bivalue.iter().enumerate() {
        let pair = pos.candidates(a);
        for &b in &bivalue[i + 1..] {
            if pos.candidates(b) != pair || variant.peers(a).contains(b) {
                continue;
            }
            let common = variant.peers(a) & variant.peers(b);
            for y in pair.iter() {
                let gone = common & pos.cells_with(y);
                if gone.is_empty() {
                    continue;
                }
                let Some(x) = (pair - DigitSet::single(y)).first() else {
                    continue;
                };
                let Some((house, e1, e2)) = strong_link(pos, x, a, b) else {
                    continue;
                };
                let mut step = Step::new(Technique::WWing, Technique::WWing.info().points);
                step.eliminate_all(y, gone);
                step.cells = [a, b, e1, e2].into_iter().collect();
                step.houses.push(house);
                step.digits = pair;
                step.detail = Detail::WWing(WWing {
                    ends: [a, b],
                    link: [e1, e2],
                    house,
                    link_digit: x,
                    digit: y,
                });
                out.push(step);
                if mode == FindMode::First {
                    return;
                }
            }
        }
    }
}

/// The first house (in the variant's order) where `x` has exactly two places, one
/// seeing `a` and the other seeing `b`; returns the house and the two places
/// (the one next to `a` first).
fn strong_link(
    pos: &Candidates,
    x: Digit,
    a: sudoku_core::Cell,
    b: sudoku_core::Cell,
) -> Option<(sudoku_core::House, sudoku_core::Cell, sudoku_core::Cell)> {
    let variant = pos.variant();
    let (pa, pb) = (variant.peers(a), variant.peers(b));
    let ends = CellSet::single(a) | CellSet::single(b);
    for &house in variant.houses() {
        let places = pos.cells_with(x) & Variant::house_cells(house);
        if places.len() != 2 || !(places & ends).is_empty() {
            continue;
        }
        let mut it = places.iter();
        let (Some(p), Some(q)) = (it.next(), it.next()) else {
            continue;
        };
        if pa.contains(p) && pb.contains(q) {
            return Some((house, p, q));
        }
        if pa.contains(q) && pb.contains(p) {
            return Some((house, q, p));
        }
    }
    None
}

/// A W-wing: `ends` hold the same two digits; the strong link on `link_digit`
/// in `house` runs from a cell seeing `ends[0]` to one seeing `ends[1]`, so
/// one end is `digit`.
#[derive(Clone, Debug, PartialEq)]
pub struct WWing {
    /// The two bivalue cells.
    pub ends: [sudoku_core::Cell; 2],
    /// The two places of `link_digit` in `house` (next to `ends[0]` first).
    pub link: [sudoku_core::Cell; 2],
    /// The house of the strong link.
    pub house: sudoku_core::House,
    /// The digit of the strong link.
    pub link_digit: Digit,
    /// The digit eliminated.
    pub digit: Digit,
}

crate::moved_fields!(WWing { ends, link, house, link_digit, digit; });

/// Catalogue entry: W-Wing (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const WWING: TechniqueInfo = TechniqueInfo {
    technique: Technique::WWing, name: "w-wing", names: Names { en: "W-Wing", de: "W-Wing" },
    family: Family::Wing, phase: Phase::OnCandidates, points: 7.0, se: Some(4.4), finder: find, text: None,
    hodoku: Hodoku { order: Some(3200), level: HodokuLevel::Hard, score: 150 },
};

pub(crate) mod told {
    //! This technique's steps told in English and German and drawn, both
    //! from the step struct (see [`crate::describe`]).
    //!
    //! Wings: XY-wing, XYZ-wing, WXYZ-wing (standard and extended) and W-wing. The
    //! German texts use the diagonal solver's words: Knickstelle (hinge), Flügel
    //! (wing), starke Verbindung (strong link).

    use crate::Step;
    use crate::describe::drawing::{CellRole, Drawing, MarkRole, Shape};
    use crate::describe::words::{cells, in_house, the_house, upper_first};
    use crate::describe::{Describe, Telling};
    use sudoku_core::Lang;
    use sudoku_core::{Cell, CellSet, Digit, DigitSet, House};

    /// Explains a W-wing: `ends` hold `x` and `y`; the strong link on `x` in `house`
    /// runs between `link`.
    pub(crate) fn w_wing(
        step: &Step,
        name: &str,
        ends: [Cell; 2],
        link: [Cell; 2],
        house: House,
        (x, y): (Digit, Digit),
        lang: Lang,
    ) -> Option<String> {
        let gone: CellSet = step.eliminations.iter().map(|e| e.cell).collect();
        let gone = cells(gone);
        let [a, b] = ends;
        let [l1, l2] = link;
        let place = in_house(house, lang);
        Some(match lang {
            Lang::En => format!(
                "{name}: {a} and {b} both hold only {x} and {y}. {} the {x} has just two places, {l1} (seeing {a}) and {l2} (seeing {b}). If neither end were {y}, both would be {x} and leave no place for the {x} of {}; so one of them is {y}, and {y} can be removed from every cell that sees both: {gone}.",
                upper_first(&place),
                the_house(house, lang)
            ),
            Lang::De => format!(
                "{name}: {a} und {b} enthalten beide nur {x} und {y}. {} hat die {x} nur zwei Plätze, {l1} (sieht {a}) und {l2} (sieht {b}). Wäre keine der beiden Zellen die {y}, wären beide die {x}, und {place} bliebe kein Platz für die {x}; also ist eine von ihnen die {y}, und die {y} kann aus allen Zellen gestrichen werden, die beide sehen: {gone}.",
                upper_first(&place)
            ),
        })
    }

    impl Describe for super::WWing {
        fn text(&self, step: &Step, at: &Telling<'_>) -> Option<String> {
            w_wing(
                step,
                at.name,
                self.ends,
                self.link,
                self.house,
                (self.link_digit, self.digit),
                at.lang,
            )
        }

        fn draw(&self, _step: &Step, out: &mut Drawing) {
            let ends: CellSet = self.ends.into_iter().collect();
            out.cells(ends, CellRole::Pattern);
            out.marks(ends, DigitSet::single(self.digit), MarkRole::Alt);
            out.marks(ends, DigitSet::single(self.link_digit), MarkRole::Pattern);
            let [a, b] = self.link;
            out.push(Shape::arrow(
                crate::describe::drawing::one(a, self.link_digit),
                crate::describe::drawing::one(b, self.link_digit),
                crate::LinkKind::Strong,
            ));
            out.marks(
                self.link.into_iter().collect(),
                DigitSet::single(self.link_digit),
                MarkRole::Pattern,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_util::*;
    use sudoku_core::Variant;

    const P: &str =
        "7.89..3..9342516..5...3..4.14..938263.948.1..8..1..49329.61.7.448137.56.6........";
    const E: &str = "r1c2-6 r3c2-2 r3c6-6 r3c9-278 r5c2-57 r5c6-57 r6c2-26 r6c3-57 r6c6-26 \
                     r9c6-258 r9c9-29";

    #[test]
    fn two_w_wings_on_5_and_7() {
        let (_, steps) = sound_hits(find, P, E);
        let got: Vec<String> = steps.iter().map(eliminations).collect();
        assert_eq!(got, ["r4c4-7 r6c2-7", "r6c2-7 r9c3-7", "r9c4-5", "r6c2-7"]);
        let Detail::WWing(WWing {
            ends,
            link,
            house,
            link_digit,
            digit,
        }) = steps[0].detail
        else {
            panic!("{:?}", steps[0].detail)
        };
        let names = |cs: [sudoku_core::Cell; 2]| cs.map(|c| c.to_string());
        assert_eq!(names(ends), ["r4c3", "r6c6"]);
        assert_eq!(names(link), ["r7c3", "r7c6"]);
        assert_eq!(house.to_string(), "row 7");
        assert_eq!((link_digit.get(), digit.get()), (5, 7));
        assert_eq!(steps[0].points, 7.0);
    }

    #[test]
    fn no_w_wing_without_bivalue_cells_or_a_strong_link() {
        assert!(run(find, &position(&".".repeat(81), Variant::Standard)).is_empty());
        // Without 5 in r7c3, row 7 no longer links r4c3 and r6c6.
        let pos = position_with(P, Variant::Standard, &format!("{E} r7c3-5"));
        let got: Vec<String> = run(find, &pos).iter().map(eliminations).collect();
        assert!(!got.contains(&"r4c4-7 r6c2-7".to_string()), "{got:?}");
    }
}
