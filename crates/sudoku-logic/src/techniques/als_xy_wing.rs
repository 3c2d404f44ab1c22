//! ALS-XY-wing: three almost locked sets A, B and the pivot C (no two sharing
//! a cell); A and C share the restricted common candidate X, B and C the RCC
//! Y ≠ X. For a digit Z of both A and B (Z ≠ X, Y), A or B holds Z: if A
//! lacked Z it would be locked and hold X, so C would lose X, be locked and
//! hold Y, so B would lose Y, be locked and hold Z. Z goes from every cell
//! seeing all places of Z in A and B.
//!
//! House-generic like every ALS technique (sets from every house of the
//! variant, "sees" by the variant's peers).

use super::als::{self, chain_step, common_victims, push_new};
use crate::Candidates;
use crate::step::Step;
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};
use sudoku_core::{CellSet, Digit, DigitSet};

/// Reports every ALS-XY-wing with an elimination, once per set of
/// eliminations.
pub(crate) fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    let sets = als::all(pos);
    let start = out.len();
    for (k, edges) in sets.adj.iter().enumerate() {
        let c = &sets.list[k];
        for (n, &(i, ma)) in edges.iter().enumerate() {
            for &(j, mb) in &edges[n + 1..] {
                let ((ca, _, la), (cb, _, lb)) = (sets.brief[i], sets.brief[j]);
                if (la & lb).is_empty() || !(ca & cb).is_empty() {
                    continue;
                }
                let (a, b) = (&sets.list[i], &sets.list[j]);
                // With one RCC on each side, one step takes every Z; with a
                // choice of RCCs, one step per Z (each with RCCs avoiding it),
                // so the steps do not depend on the order of the digits.
                let single = ma.len() == 1 && mb.len() == 1;
                let mut victims = [CellSet::EMPTY; 9];
                let mut link = None;
                for z in (a.live & b.live).iter() {
                    let Some(xy) = pick(ma, mb, z) else {
                        continue;
                    };
                    let gone = common_victims(pos, z, &[a, b]);
                    if gone.is_empty() {
                        continue;
                    }
                    if single {
                        link = Some(xy);
                        victims[z.index()] = gone;
                        continue;
                    }
                    let mut one = [CellSet::EMPTY; 9];
                    one[z.index()] = gone;
                    let Some(step) =
                        chain_step(Technique::AlsXyWing, &[a, c, b], &[xy.0, xy.1], &one, false)
                    else {
                        continue;
                    };
                    if push_new(out, start, step) && mode == FindMode::First {
                        return;
                    }
                }
                let Some((x, y)) = link else {
                    continue;
                };
                let Some(step) =
                    chain_step(Technique::AlsXyWing, &[a, c, b], &[x, y], &victims, false)
                else {
                    continue;
                };
                if push_new(out, start, step) && mode == FindMode::First {
                    return;
                }
            }
        }
    }
}

/// RCCs X of A–C (from `ma`) and Y of B–C (from `mb`) with X ≠ Y, both ≠ `z`.
fn pick(ma: DigitSet, mb: DigitSet, z: Digit) -> Option<(Digit, Digit)> {
    let z = DigitSet::single(z);
    for x in (ma - z).iter() {
        if let Some(y) = (mb - z - DigitSet::single(x)).first() {
            return Some((x, y));
        }
    }
    None
}

/// Catalogue entry: ALS-XY-Wing (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const ALS_XY_WING: TechniqueInfo = TechniqueInfo {
    technique: Technique::AlsXyWing, name: "als-xy-wing", names: Names { en: "ALS-XY-Wing", de: "ALS-XY-Wing" },
    family: Family::Als, phase: Phase::OnCandidates, points: 12.0, se: None, finder: find, text: None,
    hodoku: Hodoku { order: Some(5800), level: HodokuLevel::Unfair, score: 320 },
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::step::Detail;
    use crate::techniques::als::{GRID, PUZZLE};
    use crate::techniques::test_util::*;
    use sudoku_core::Variant;

    #[test]
    fn als_xy_wing_on_a_real_position() {
        let pos = position(GRID, Variant::Standard);
        let steps = run(find, &pos);
        assert_sound(PUZZLE, Variant::Standard, &steps);
        assert_eq!(steps.len(), 23);
        let s = &steps[0];
        assert_eq!(eliminations(s), "r2c4-1 r2c4-8");
        let Detail::AlsChain(crate::AlsChain { sets, rccs, .. }) = &s.detail else {
            panic!("ALS detail");
        };
        assert_eq!((sets.len(), rccs.len()), (3, 2));
        assert_ne!(rccs[0], rccs[1]);
    }

    #[test]
    fn no_wing_on_an_empty_grid_or_with_equal_single_rccs() {
        crate::techniques::als::assert_breaks(find, &position(GRID, Variant::Standard));
        assert!(run(find, &position(&".".repeat(81), Variant::Standard)).is_empty());
        let d = |v| Digit::new(v).expect("digit");
        let one = DigitSet::single(d(1));
        assert_eq!(pick(one, one, d(5)), None);
        assert_eq!(
            pick(one | DigitSet::single(d(2)), one, d(5)),
            Some((d(2), d(1)))
        );
        assert_eq!(pick(one | DigitSet::single(d(2)), one, d(1)), None);
    }
}
