//! Mutant fish, basic and finned, of two to four houses: base and cover mix
//! rows, columns and the other houses (boxes, diagonals, colour groups)
//! freely — every fish that is neither basic nor Franken.
//!
//! The widest form of the fish argument (see `complex_fish`, which does the
//! search); rare, and hard to spot by hand, so the table tries it after the
//! Franken fish of the same size. HoDoKu has them switched off by default.
//! Not split into finned and sashimi (HoDoKu neither). Points: 3N+4, finned
//! 3N+5.

use super::complex_fish::{FishKind, find};
use super::finders_by_size;
use crate::Candidates;
use crate::step::Step;
use crate::technique::FindMode;
use crate::technique::catalogue::*;

fn find_basic(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode, size: usize) {
    find(pos, out, mode, (FishKind::Mutant, size, false))
}

fn find_finned(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode, size: usize) {
    find(pos, out, mode, (FishKind::Mutant, size, true))
}

finders_by_size!(
    "Mutant fish of one size.",
    find_basic,
    find_2 = 2,
    find_3 = 3,
    find_4 = 4
);
finders_by_size!(
    "Finned Mutant fish of one size.",
    find_finned,
    find_finned_2 = 2,
    find_finned_3 = 3,
    find_finned_4 = 4
);

/// Catalogue entry: Mutant X-Wing (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const MUTANT_X_WING: TechniqueInfo = TechniqueInfo {
    technique: Technique::MutantXWing, name: "mutant-x-wing", names: Names { en: "Mutant X-Wing", de: "Mutanten-X-Wing (Mutanten-Fisch)" },
    family: Family::Fish, phase: Phase::OnCandidates, points: 10.0, se: None, finder: find_2, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Extreme, score: 150 },
};

/// Catalogue entry: Finned Mutant X-Wing (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const FINNED_MUTANT_X_WING: TechniqueInfo = TechniqueInfo {
    technique: Technique::FinnedMutantXWing, name: "finned-mutant-x-wing", names: Names { en: "Finned Mutant X-Wing", de: "Mutanten-X-Wing mit Flosse" },
    family: Family::Fish, phase: Phase::OnCandidates, points: 11.0, se: None, finder: find_finned_2, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Extreme, score: 150 },
};

/// Catalogue entry: Mutant Swordfish (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const MUTANT_SWORDFISH: TechniqueInfo = TechniqueInfo {
    technique: Technique::MutantSwordfish, name: "mutant-swordfish", names: Names { en: "Mutant Swordfish", de: "Mutanten-Swordfish (Mutanten-Fisch)" },
    family: Family::Fish, phase: Phase::OnCandidates, points: 13.0, se: None, finder: find_3, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Extreme, score: 150 },
};

/// Catalogue entry: Finned Mutant Swordfish (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const FINNED_MUTANT_SWORDFISH: TechniqueInfo = TechniqueInfo {
    technique: Technique::FinnedMutantSwordfish, name: "finned-mutant-swordfish", names: Names { en: "Finned Mutant Swordfish", de: "Mutanten-Swordfish mit Flosse" },
    family: Family::Fish, phase: Phase::OnCandidates, points: 14.0, se: None, finder: find_finned_3, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Extreme, score: 150 },
};

/// Catalogue entry: Mutant Jellyfish (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const MUTANT_JELLYFISH: TechniqueInfo = TechniqueInfo {
    technique: Technique::MutantJellyfish, name: "mutant-jellyfish", names: Names { en: "Mutant Jellyfish", de: "Mutanten-Jellyfish (Mutanten-Fisch)" },
    family: Family::Fish, phase: Phase::OnCandidates, points: 16.0, se: None, finder: find_4, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Extreme, score: 150 },
};

/// Catalogue entry: Finned Mutant Jellyfish (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const FINNED_MUTANT_JELLYFISH: TechniqueInfo = TechniqueInfo {
    technique: Technique::FinnedMutantJellyfish, name: "finned-mutant-jellyfish", names: Names { en: "Finned Mutant Jellyfish", de: "Mutanten-Jellyfish mit Flosse" },
    family: Family::Fish, phase: Phase::OnCandidates, points: 17.0, se: None, finder: find_finned_4, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Extreme, score: 150 },
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::franken_fish::tests::summary;
    use crate::techniques::test_util::*;
    use sudoku_core::Variant;

    const DIAGONAL: &str =
        ".6.....8.9.....2.....37......4.....8...1.6...5.....9......21...........7.3.....4.";

    #[test]
    fn mutant_x_wing_with_a_column_on_both_sides() {
        let p = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        let grid =
            "4...3.......6..8..........1....5..9..8....6...7.2........1927..5.3....4.9.7.4....";
        let pos = position(grid, Variant::Standard);
        let steps = run(find_2, &pos);
        assert_sound(p, Variant::Standard, &steps);
        let first = steps.first().expect("a mutant X-Wing");
        assert_eq!(
            summary(first),
            "column 5, box 7, column 2, box 2 |  | r1c2-2 r2c2-2 r3c2-2 r4c2-2"
        );
        assert_eq!(first.points, 10.0);
    }

    #[test]
    fn finned_mutant_jellyfish_on_a_diagonal() {
        let pos = position_with(
            DIAGONAL,
            Variant::Diagonal,
            "r1c1-27 r1c3-1 r1c7-1 r2c3-7 r2c5-4 r2c8-6 r2c9-6 r3c2-1 r3c3-2 r3c8-6 r4c4-2 \
             r5c3-3 r5c8-7 r6c3-178 r6c6-2 r7c3-67 r7c4-7 r7c8-6 r7c9-6 r8c2-2 r8c7-36 \
             r8c8-3 r9c1-27 r9c3-7 r9c4-6 r9c5-6 r9c7-6",
        );
        let steps = run(find_finned_4, &pos);
        assert_sound(DIAGONAL, Variant::Diagonal, &steps);
        let first = steps.first().expect("a finned mutant Jellyfish");
        assert_eq!(
            summary(first),
            "column 3, column 5, box 9, anti-diagonal, row 1, row 2, column 7, box 7 | r3c3 r8c8 r9c9 | r1c1-1 r2c2-1"
        );
        assert_eq!(first.points, 17.0);
    }

    #[test]
    fn franken_and_basic_fish_are_not_mutant() {
        let pos = position(DIAGONAL, Variant::Diagonal);
        for finder in [find_2, find_3, find_finned_2, find_finned_3] {
            for step in run(finder, &pos) {
                let (base, cover) = match step.detail {
                    crate::step::Detail::Fish(crate::Fish { base, cover, .. })
                    | crate::step::Detail::FinnedFish(crate::FinnedFish { base, cover, .. }) => {
                        (base, cover)
                    }
                    _ => panic!("{:?}", step.detail),
                };
                assert_eq!(
                    crate::techniques::complex_fish::kind_of(base, cover),
                    FishKind::Mutant
                );
            }
        }
    }

    #[test]
    fn fish_kept_per_digit_equal_a_fresh_search() {
        let pos = position(DIAGONAL, Variant::Diagonal);
        let mut hits = 0;
        for finder in [find_2, find_finned_2] {
            hits += kept_results_agree(finder, &pos);
        }
        assert!(hits > 0, "the walk meets some fish");
        assert!(run(find_4, &position(&".".repeat(81), Variant::Standard)).is_empty());
    }
}
