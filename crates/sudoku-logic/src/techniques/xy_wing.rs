//! XY-wing: the golden chain of length 3 written as a pattern.
//!
//! A bivalue hinge (pivot) `xy` sees two bivalue wings (pincers) `xz` and `yz`.
//! Whichever digit the hinge takes, one wing must be `z`, so `z` goes from every
//! cell that sees both wings. Read as a chain it is `z-xz=x-xy=y-yz=z`, the
//! seed's three-cell golden chain, which is why the XY-chain finder starts at
//! four cells. Points: 6 (seed: chain of length N scores N + 3); Sudoku
//! Explainer 4.2, HoDoKu 160.

use super::wing_step;
use crate::Candidates;
use crate::step::Step;
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};
use sudoku_core::{CellSet, DigitSet};

/// The empty cells with exactly two candidates.
pub(crate) fn bivalue_cells(pos: &Candidates) -> CellSet {
    pos.empty_cells()
        .iter()
        .filter(|&c| pos.candidates(c).len() == 2)
        .collect()
}

/// Reports every XY-wing with an elimination, once per hinge and pair of wings.
pub(crate) fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    let variant = pos.variant();
    let bivalue = bivalue_cells(pos);
    for hinge in bivalue.iter() {
        let pair = pos.candidates(hinge);
        let mut it = pair.iter();
        let (Some(x), Some(y)) = (it.next(), it.next()) else {
            continue;
        };
        let near = variant.peers(hinge) & bivalue;
        for wx in near.iter() {
            let cx = pos.candidates(wx);
            if !cx.contains(x) || cx.contains(y) {
                continue;
            }
            let Some(z) = (cx - DigitSet::single(x)).first() else {
                continue;
            };
            let want = DigitSet::single(y) | DigitSet::single(z);
            for wy in near.iter().filter(|&c| pos.candidates(c) == want) {
                let gone = variant.peers(wx) & variant.peers(wy) & pos.cells_with(z);
                if gone.is_empty() {
                    continue;
                }
                out.push(wing_step(
                    Technique::XyWing,
                    Technique::XyWing.info().points,
                    z,
                    gone,
                    pair | DigitSet::single(z),
                    Some(hinge),
                    CellSet::single(wx) | CellSet::single(wy),
                ));
                if mode == FindMode::First {
                    return;
                }
            }
        }
    }
}

/// A wing (XY-, XYZ-, WXYZ-wing): whatever the pattern's cells take, `digit`
/// lands in one of its places among them, so it goes from every cell seeing
/// all of those places.
#[derive(Clone, Debug, PartialEq)]
pub struct Wing {
    /// The hinge (pivot) seeing every wing; `None` for the extended WXYZ-wing,
    /// which has no such cell.
    pub hinge: Option<sudoku_core::Cell>,
    /// The other cells of the pattern (pincers).
    pub wings: CellSet,
    /// The digit eliminated.
    pub digit: sudoku_core::Digit,
}

crate::moved_fields!(Wing { hinge, wings, digit; });

/// Catalogue entry: XY-Wing (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const XY_WING: TechniqueInfo = TechniqueInfo {
    technique: Technique::XyWing, name: "xy-wing", names: Names { en: "XY-Wing", de: "XY-Wing" },
    family: Family::Wing, phase: Phase::OnCandidates, points: 6.0, se: Some(4.2), finder: find, text: None,
    hodoku: Hodoku { order: Some(3300), level: HodokuLevel::Hard, score: 160 },
};

pub(crate) mod told {
    //! This technique's steps told in English and German and drawn, both
    //! from the step struct (see [`crate::describe`]).
    //!
    //! Wings: XY-wing, XYZ-wing, WXYZ-wing (standard and extended) and W-wing. The
    //! German texts use the diagonal solver's words: Knickstelle (hinge), Flügel
    //! (wing), starke Verbindung (strong link).

    use crate::describe::drawing::{CellRole, Drawing, MarkRole};
    use crate::describe::glossary::{Term, term};
    use crate::describe::words::{cells, digits};
    use crate::describe::{Describe, Telling};
    use crate::{Step, Technique};
    use sudoku_core::Lang;
    use sudoku_core::{Cell, CellSet, Digit, DigitSet};

    /// Explains an XY-, XYZ- or WXYZ-wing eliminating `z`.
    pub(crate) fn render(
        step: &Step,
        name: &str,
        hinge: Option<Cell>,
        wings: CellSet,
        z: Digit,
        lang: Lang,
    ) -> Option<String> {
        let gone: CellSet = step.eliminations.iter().map(|e| e.cell).collect();
        let gone = cells(gone);
        let others = step.digits - DigitSet::single(z);
        let ws = cells(wings);
        let hinge_word = term(Term::Hinge, lang);
        Some(match (step.technique, hinge, lang) {
            (Technique::XyWing, Some(h), Lang::En) => format!(
                "{name}: the {hinge_word} {h} holds {}; the wings {ws} each pair one of them with {z}. Whichever digit {h} takes, one wing becomes {z}, so {z} can be removed from every cell that sees both wings: {gone}.",
                digits(others, lang)
            ),
            (Technique::XyWing, Some(h), Lang::De) => format!(
                "{name}: Die {hinge_word} {h} enthält {}, die Flügel {ws} je eine davon zusammen mit der {z}. Welche Zahl {h} auch bekommt, ein Flügel wird zur {z}; also kann die {z} aus allen Zellen gestrichen werden, die beide Flügel sehen: {gone}.",
                digits(others, lang)
            ),
            (Technique::XyzWing, Some(h), Lang::En) => format!(
                "{name}: the {hinge_word} {h} holds {}; the wings {ws} each hold {z} and one other of them. If {h} is not {z}, one wing is, so one of the three cells holds {z}, and {z} can be removed from every cell that sees all three: {gone}.",
                digits(step.digits, lang)
            ),
            (Technique::XyzWing, Some(h), Lang::De) => format!(
                "{name}: Die {hinge_word} {h} enthält {}, die Flügel {ws} jeweils die {z} und eine weitere davon. Ist {h} nicht die {z}, ist es ein Flügel; eine der drei Zellen enthält also die {z}, und sie kann aus allen Zellen gestrichen werden, die alle drei sehen: {gone}.",
                digits(step.digits, lang)
            ),
            (_, _, Lang::En) => {
                let form = match hinge {
                    Some(h) => format!(" ({hinge_word} {h})"),
                    None => format!(" (extended form, no {hinge_word})"),
                };
                let pattern = wings | hinge.map_or(CellSet::EMPTY, CellSet::single);
                format!(
                    "{name}{form}: {} hold only the digits {}. Every digit but {z} has places that all see each other, so those digits fill at most {} of the cells and {z} must go into one of its places among them; {z} can be removed from every cell that sees all of those places: {gone}.",
                    cells(pattern),
                    digits(step.digits, lang),
                    others.len()
                )
            }
            (_, _, Lang::De) => {
                let form = match hinge {
                    Some(h) => format!(" ({hinge_word} {h})"),
                    None => format!(" (erweiterte Form, ohne {hinge_word})"),
                };
                let pattern = wings | hinge.map_or(CellSet::EMPTY, CellSet::single);
                format!(
                    "{name}{form}: {} enthalten zusammen nur die Kandidaten {}. Außer der {z} sehen sich bei jeder Zahl alle ihre Plätze gegenseitig, diese Zahlen füllen also höchstens {} der Zellen, und die {z} muss auf einen ihrer Plätze darin; also kann die {z} aus allen Zellen gestrichen werden, die alle diese Plätze sehen: {gone}.",
                    cells(pattern),
                    digits(step.digits, lang),
                    others.len()
                )
            }
        })
    }

    impl Describe for super::Wing {
        fn text(&self, step: &Step, at: &Telling<'_>) -> Option<String> {
            render(step, at.name, self.hinge, self.wings, self.digit, at.lang)
        }

        fn draw(&self, step: &Step, out: &mut Drawing) {
            if let Some(h) = self.hinge {
                out.cells(CellSet::single(h), CellRole::Hinge);
                out.marks(CellSet::single(h), step.digits, MarkRole::Pattern);
            }
            out.pattern(self.wings, step.digits);
            out.marks(self.wings, DigitSet::single(self.digit), MarkRole::Alt);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::step::Detail;
    use crate::techniques::test_util::*;
    use sudoku_core::Variant;

    const P: &str =
        "....2.37132.8.1....1.5.3...7.916......32..81.1.2.......31..25..6...1..4.2.....1..";
    const E: &str = "r1c2-68 r1c3-6 r1c4-4 r2c3-45 r3c1-8 r3c3-48 r4c8-5 r5c2-5 r5c5-7 r5c6-45 \
                     r6c4-7 r6c5-4789 r6c8-3 r6c9-3 r7c5-47 r8c2-8 r8c3-7 r8c6-78 r9c2-48 r9c3-7 \
                     r9c5-479 r9c6-78";

    #[test]
    fn xy_wing_with_hinge_in_row_8() {
        let cells = r#"{"r7c5", "r8c3", "r8c6"}"#;
        let step = the_one_step(find, P, E, cells, "r7c1-8", 6.0);
        let Detail::Wing(Wing { hinge, digit, .. }) = step.detail else {
            panic!("{:?}", step.detail)
        };
        assert_eq!(hinge.map(|c| c.to_string()), Some("r8c6".into()));
        assert_eq!(digit.get(), 8);
    }

    #[test]
    fn no_xy_wing_when_the_hinge_has_three_candidates() {
        let pos = with_candidate(&position_with(P, Variant::Standard, E), "r8c6", 7);
        assert!(run(find, &pos).is_empty());
        assert!(run(find, &position(P, Variant::Standard)).is_empty());
    }
}
