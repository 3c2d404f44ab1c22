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
        let pos = position_with(P, Variant::Standard, E);
        let steps = run(find, &pos);
        assert_sound(P, Variant::Standard, &steps);
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
