//! XYZ-wing: the seed's three-cell golden chain with a trivalue hinge.
//!
//! A hinge with exactly the candidates `xyz` sees two bivalue wings `xz` and
//! `yz`. If the hinge is `x`, the first wing is `z`; if it is `y`, the second one
//! is; otherwise the hinge itself is `z`. So `z` goes from every cell that sees
//! all three. (The seed notes that the extended, hinge-less form brings nothing
//! new for three cells: it is an XY-wing.) Points: 7; Sudoku Explainer 4.4,
//! HoDoKu 180.

use super::wing_step;
use super::xy_wing::bivalue_cells;
use crate::Candidates;
use crate::step::Step;
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};
use sudoku_core::CellSet;

/// Reports every XYZ-wing with an elimination, once per hinge and pair of wings.
pub(crate) fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    let variant = pos.variant();
    let bivalue = bivalue_cells(pos);
    for hinge in pos.empty_cells().iter() {
        let all = pos.candidates(hinge);
        if all.len() != 3 {
            continue;
        }
        let near: Vec<_> = (variant.peers(hinge) & bivalue)
            .iter()
            .filter(|&c| pos.candidates(c).is_subset(all))
            .collect();
        for (i, &w1) in near.iter().enumerate() {
            for &w2 in &near[i + 1..] {
                let (c1, c2) = (pos.candidates(w1), pos.candidates(w2));
                if c1 == c2 {
                    continue;
                }
                let Some(z) = (c1 & c2).first() else { continue };
                let gone = variant.peers(hinge)
                    & variant.peers(w1)
                    & variant.peers(w2)
                    & pos.cells_with(z);
                if gone.is_empty() {
                    continue;
                }
                out.push(wing_step(
                    Technique::XyzWing,
                    Technique::XyzWing.info().points,
                    z,
                    gone,
                    all,
                    Some(hinge),
                    CellSet::single(w1) | CellSet::single(w2),
                ));
                if mode == FindMode::First {
                    return;
                }
            }
        }
    }
}

/// Catalogue entry: XYZ-Wing (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const XYZ_WING: TechniqueInfo = TechniqueInfo {
    technique: Technique::XyzWing, name: "xyz-wing", names: Names { en: "XYZ-Wing", de: "XYZ-Wing" },
    family: Family::Wing, phase: Phase::OnCandidates, points: 7.0, se: Some(4.4), finder: find, text: None,
    hodoku: Hodoku { order: Some(3400), level: HodokuLevel::Hard, score: 180 },
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::step::Detail;
    use crate::techniques::test_util::*;
    use sudoku_core::Variant;

    const P: &str =
        "....3..715.74.2.....37.....2..6..4.7.38.7....7.........7..8..1.6..5.72........7..";
    const E: &str = "r1c7-89 r2c5-9 r3c1-49 r3c2-124 r3c5-1 r3c8-5689 r3c9-5689 r4c5-1 r4c6-159 \
                     r4c8-59 r5c1-1 r5c6-1 r5c7-59 r6c2-1 r6c3-159 r6c4-29 r6c5-149 r6c6-9 \
                     r6c7-56 r6c8-36 r6c9-6 r7c1-9 r7c3-9 r7c4-9 r7c6-34 r7c7-35 r7c9-369 r9c2-1 \
                     r9c3-1 r9c5-1 r9c6-4 r9c8-3 r9c9-3";

    #[test]
    fn xyz_wing_with_hinge_in_row_5() {
        let cells = r#"{"r4c5", "r5c1", "r5c6"}"#;
        let step = the_one_step(find, P, E, cells, "r5c4-9", 7.0);
        assert!(
            matches!(step.detail, Detail::Wing(crate::Wing { hinge: Some(h), .. }) if h.to_string() == "r5c6")
        );
    }

    #[test]
    fn no_xyz_wing_when_the_hinge_has_four_candidates() {
        let pos = with_candidate(&position_with(P, Variant::Standard, E), "r5c6", 1);
        assert!(run(find, &pos).is_empty());
        assert!(run(find, &position(P, Variant::Standard)).is_empty());
    }
}
