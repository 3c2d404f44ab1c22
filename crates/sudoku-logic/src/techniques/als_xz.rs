//! ALS-XZ: two almost locked sets A and B (no shared cell) with a restricted
//! common candidate X: every place of X in A sees every place of X in B, so at
//! most one of them holds X. The other one then loses X and becomes a locked
//! set. So for any other common digit Z, A or B holds Z (if A lacked Z it
//! would be locked with X, so B would lack X and be locked with Z): Z goes
//! from every cell seeing all places of Z in both sets.
//!
//! Doubly linked (two RCCs X1, X2): neither set can hold both (each RCC is in
//! at most one set) nor neither (N cells need N digits), so A holds exactly
//! one of them and B the other. Each set then holds all its non-RCC digits
//! (they go from every cell seeing all their places in that set), and each
//! RCC is in A or B (it goes from cells seeing all its places in both).
//!
//! House-generic: the sets come from every house of the variant and "sees"
//! is the variant's peers. Overlapping sets are not used (HoDoKu's default).

use super::als::{self, Als, chain_step, common_victims, push_new};
use crate::Candidates;
use crate::step::Step;
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};
use sudoku_core::{CellSet, Digit};

/// Reports every ALS-XZ with an elimination, once per pair of sets.
pub(crate) fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    let sets = als::all(pos);
    let start = out.len();
    for (i, edges) in sets.adj.iter().enumerate() {
        for &(j, rcc) in edges {
            if j < i {
                continue;
            }
            let (a, b) = (&sets.list[i], &sets.list[j]);
            if rcc.len() == 1 && (a.live & (b.live - rcc)).is_empty() {
                continue;
            }
            let mut pair = [Digit::ALL[0]; 2];
            let n = rcc.len().min(2);
            for (slot, x) in pair.iter_mut().zip(rcc.iter()) {
                *slot = x;
            }
            let Some(step) = pair_step(pos, a, b, &pair[..n]) else {
                continue;
            };
            if push_new(out, start, step) && mode == FindMode::First {
                return;
            }
        }
    }
}

/// The step of sets `a` and `b` linked by `rccs` (one or two digits), if it
/// eliminates anything.
fn pair_step(pos: &Candidates, a: &Als, b: &Als, rccs: &[Digit]) -> Option<Step> {
    let mut victims = [CellSet::EMPTY; 9];
    let doubly = rccs.len() >= 2;
    let rccs = &rccs[..rccs.len().min(2)];
    if doubly {
        for &x in rccs {
            victims[x.index()] |= common_victims(pos, x, &[a, b]);
        }
        for s in [a, b] {
            for d in s.digits.iter().filter(|d| !rccs.contains(d)) {
                victims[d.index()] |= pos.cells_with(d) & s.sees[d.index()];
            }
        }
    } else {
        for z in (a.live & b.live).iter().filter(|z| !rccs.contains(z)) {
            victims[z.index()] |= common_victims(pos, z, &[a, b]);
        }
    }
    chain_step(Technique::AlsXz, &[a, b], rccs, &victims, doubly)
}

/// Catalogue entry: ALS-XZ (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const ALS_XZ: TechniqueInfo = TechniqueInfo {
    technique: Technique::AlsXz, name: "als-xz", names: Names { en: "ALS-XZ", de: "ALS-XZ" },
    family: Family::Als, phase: Phase::OnCandidates, points: 11.0, se: None, finder: find, text: None,
    hodoku: Hodoku { order: Some(5700), level: HodokuLevel::Unfair, score: 300 },
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::step::Detail;
    use crate::techniques::als::{GRID, PUZZLE, assert_breaks};
    use crate::techniques::test_util::*;
    use sudoku_core::Variant;

    #[test]
    fn doubly_and_singly_linked_on_a_real_position() {
        let pos = position(GRID, Variant::Standard);
        let steps = run(find, &pos);
        assert_sound(PUZZLE, Variant::Standard, &steps);
        assert_eq!(steps.len(), 11);
        // r1c8 {1,2} and r1c7+r3c7 {1,2,4}: both RCCs, so box 3's pair is
        // locked and 4 is in r1c7 or r3c7.
        let s = &steps[0];
        assert!(
            matches!(&s.detail, Detail::AlsChain(crate::AlsChain { doubly: true, rccs, .. }) if rccs.len() == 2)
        );
        assert_eq!(eliminations(s), "r2c7-1 r2c7-4 r2c9-1");
        assert_eq!(format!("{:?}", s.cells), r#"{"r1c7", "r1c8", "r3c7"}"#);
        let singly = steps
            .iter()
            .find(|s| {
                matches!(
                    &s.detail,
                    Detail::AlsChain(crate::AlsChain { doubly: false, .. })
                )
            })
            .expect("a singly linked one");
        assert_eq!(singly.houses.len(), 2);
    }

    #[test]
    fn no_als_xz_once_a_set_gains_a_digit() {
        let pos = position(GRID, Variant::Standard);
        assert_breaks(find, &pos);
        assert!(run(find, &position(&".".repeat(81), Variant::Standard)).is_empty());
    }
}
