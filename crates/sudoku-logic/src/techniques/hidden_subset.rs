//! Hidden subsets: M digits of a house that can only go to the same M cells (pair,
//! triple, quad, … up to 7). Those cells lose every other candidate.
//!
//! The same pattern is a naked subset on the house's other empty cells; the view
//! with fewer points names and scores it (see `naked_subset`). Under the seed's
//! points (3M+2 against 3N−4) the hidden view wins only for pairs in houses with
//! at least 7 empty cells and triples in houses with 9, so the rows for hidden
//! quads and above never fire; they stay in the table for scales that prefer the
//! hidden view (Sudoku Explainer rates a hidden quad on its own).

use super::naked_subset::find_subsets;
use crate::Candidates;
use crate::step::{Step, SubsetView};
use crate::technique::FindMode;
use crate::technique::catalogue::*;
use sudoku_core::{CellSet, Digit, DigitSet};

/// Reports every hidden subset of `size` whose hidden view is the one scored.
fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode, size: usize) {
    find_subsets(
        pos,
        out,
        mode,
        size,
        SubsetView::Hidden,
        |h| {
            let n = h.n;
            // Where each missing digit can go, as a mask over the n empty cells.
            let mut digits = [Digit::ALL[0]; 9];
            let mut places = [0u16; 9];
            let mut k = 0;
            for d in Digit::ALL {
                let mask = (0..n)
                    .filter(|&i| h.cands[i].contains(d))
                    .fold(0u16, |m, i| m | 1 << i);
                if mask != 0 {
                    digits[k] = d;
                    places[k] = mask;
                    k += 1;
                }
            }
            Some((places, k, (digits, k)))
        },
        |h, &(digits, k), chosen, union| {
            let hidden: CellSet = (0..h.n)
                .filter(|i| union >> i & 1 == 1)
                .map(|i| h.cells[i])
                .collect();
            let hidden_digits: DigitSet = (0..k)
                .filter(|i| chosen >> i & 1 == 1)
                .map(|i| digits[i])
                .collect();
            let naked = h.empty - hidden;
            let mut naked_digits = DigitSet::EMPTY;
            for c in naked.iter() {
                naked_digits |= pos.candidates(c);
            }
            // In a consistent position the naked cells hold exactly the other digits.
            if naked_digits.len() != naked.len() || !(naked_digits & hidden_digits).is_empty() {
                return None;
            }
            Some((naked, naked_digits))
        },
    );
}

super::finders_by_size!(
    "Reports the hidden subsets of this size that are scored as hidden.",
    find,
    subsets
);

/// Catalogue entry: Hidden pair (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const HIDDEN_PAIR: TechniqueInfo = TechniqueInfo {
    technique: Technique::HiddenPair, name: "hidden-pair", names: Names { en: "Hidden pair", de: "Verstecktes 2-Tupel" },
    family: Family::Subset, phase: Phase::OnCandidates, points: 8.0, se: Some(3.4), finder: find_2, text: None,
    hodoku: Hodoku { order: Some(1500), level: HodokuLevel::Medium, score: 70 },
};

/// Catalogue entry: Hidden triple (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const HIDDEN_TRIPLE: TechniqueInfo = TechniqueInfo {
    technique: Technique::HiddenTriple, name: "hidden-triple", names: Names { en: "Hidden triple", de: "Verstecktes 3-Tupel" },
    family: Family::Subset, phase: Phase::OnCandidates, points: 11.0, se: Some(4.0), finder: find_3, text: None,
    hodoku: Hodoku { order: Some(1600), level: HodokuLevel::Medium, score: 100 },
};

/// Catalogue entry: Hidden quad (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const HIDDEN_QUAD: TechniqueInfo = TechniqueInfo {
    technique: Technique::HiddenQuad, name: "hidden-quad", names: Names { en: "Hidden quad", de: "Verstecktes 4-Tupel" },
    family: Family::Subset, phase: Phase::OnCandidates, points: 14.0, se: Some(5.4), finder: find_4, text: None,
    hodoku: Hodoku { order: Some(2100), level: HodokuLevel::Hard, score: 150 },
};

/// Catalogue entry: Hidden quint (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const HIDDEN_QUINT: TechniqueInfo = TechniqueInfo {
    technique: Technique::HiddenQuint, name: "hidden-quint", names: Names { en: "Hidden quint", de: "Verstecktes 5-Tupel" },
    family: Family::Subset, phase: Phase::OnCandidates, points: 17.0, se: None, finder: find_5, text: None,
    hodoku: Hodoku { order: Some(5560), level: HodokuLevel::Unfair, score: 150 },
};

/// Catalogue entry: Hidden sextuple (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const HIDDEN_SEXTUPLE: TechniqueInfo = TechniqueInfo {
    technique: Technique::HiddenSextuple, name: "hidden-sextuple", names: Names { en: "Hidden sextuple", de: "Verstecktes 6-Tupel" },
    family: Family::Subset, phase: Phase::OnCandidates, points: 20.0, se: None, finder: find_6, text: None,
    hodoku: Hodoku { order: Some(5560), level: HodokuLevel::Unfair, score: 150 },
};

/// Catalogue entry: Hidden septuple (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const HIDDEN_SEPTUPLE: TechniqueInfo = TechniqueInfo {
    technique: Technique::HiddenSeptuple, name: "hidden-septuple", names: Names { en: "Hidden septuple", de: "Verstecktes 7-Tupel" },
    family: Family::Subset, phase: Phase::OnCandidates, points: 23.0, se: None, finder: find_7, text: None,
    hodoku: Hodoku { order: Some(5560), level: HodokuLevel::Unfair, score: 150 },
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::naked_subset;
    use crate::techniques::naked_subset::tests::one_subset;
    use crate::techniques::test_util::*;
    use sudoku_core::Variant;

    #[test]
    fn hidden_pair_in_a_row() {
        let p = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9.7......";
        let (pos, steps) = sound_hits(
            find_2,
            p,
            "r1c2-12 r1c3-59 r2c2-12 r2c3-59 r3c2-2 r3c3-59 r4c2-12 r7c5-8 r7c8-8 r7c9-8 \
             r9c7-35 r9c8-35 r9c9-35",
        );
        assert_eq!(steps.len(), 6);
        assert_eq!(steps[0].houses[0].to_string(), "row 9");
        assert_eq!(format!("{:?}", steps[0].cells), r#"{"r9c4", "r9c6"}"#);
        assert_eq!(steps[0].digits.to_string(), "35");
        assert_eq!(
            eliminations(&steps[0]),
            "r9c4-4 r9c4-8 r9c6-4 r9c6-6 r9c6-8"
        );
        assert_eq!(steps[0].points, 8.0);
        // Row 9 has 7 empty cells: the naked quint view (11) is not reported.
        assert!(naked_subset_hits(&pos, 5).is_empty());
    }

    fn naked_subset_hits(pos: &Candidates, size: usize) -> Vec<Step> {
        let finder = [naked_subset::find_5, naked_subset::find_6][size - 5];
        run(finder, pos)
    }

    #[test]
    fn hidden_triple_in_a_box() {
        let p = ".2.....74.9871.............7..3.5.16....2.9.71...7..........83....6.7......4..76.";
        let (pos, step) = one_subset(
            find_3,
            p,
            "r1c6-6 r2c6-6 r3c4-89 r3c5-89 r3c6-689 r3c8-25 r3c9-1235 r4c3-4 r6c2-3 \
             r6c3-3456 r7c3-29 r8c1-4 r8c2-4 r8c3-249 r8c7-1 r9c3-29",
            [
                "box 7",
                "467",
                "r7c1-2 r7c1-5 r7c1-9 r7c2-1 r7c2-5 r7c3-1 r7c3-5",
            ],
        );
        assert_eq!(step.points, 11.0);
        assert!(run(find_2, &pos).is_empty());
        assert!(run(naked_subset::find_6, &pos).is_empty());
    }

    #[test]
    fn does_not_fire_on_an_empty_grid() {
        let pos = position(&".".repeat(81), Variant::Standard);
        for finder in [find_2, find_3, find_4] {
            assert!(run(finder, &pos).is_empty());
        }
    }
}
