//! Franken fish, basic and finned, of two to four houses: lines of one
//! direction mixed with boxes (or, in the variants, diagonals and colour
//! groups) as base, lines of the other direction and such houses as cover.
//!
//! They catch what the row/column fish cannot when a box holds a digit's
//! candidates in a few lines only; the argument is the fish argument (see
//! `complex_fish`, which does the search). HoDoKu has them, its Franken X-Wing
//! and Swordfish (and their finned forms) switched on by default. Finned
//! Franken fish are not split into finned and sashimi (HoDoKu neither).
//! Points: 3N+2, finned 3N+3.

use super::complex_fish::{FishKind, find};
use super::finders_by_size;
use crate::Candidates;
use crate::step::Step;
use crate::technique::FindMode;
use crate::technique::catalogue::*;

fn find_basic(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode, size: usize) {
    find(pos, out, mode, (FishKind::Franken, size, false))
}

fn find_finned(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode, size: usize) {
    find(pos, out, mode, (FishKind::Franken, size, true))
}

finders_by_size!(
    "Franken fish of one size.",
    find_basic,
    find_2 = 2,
    find_3 = 3,
    find_4 = 4
);
finders_by_size!(
    "Finned Franken fish of one size.",
    find_finned,
    find_finned_2 = 2,
    find_finned_3 = 3,
    find_finned_4 = 4
);

/// Catalogue entry: Franken X-Wing (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const FRANKEN_X_WING: TechniqueInfo = TechniqueInfo {
    technique: Technique::FrankenXWing, name: "franken-x-wing", names: Names { en: "Franken X-Wing", de: "Franken-X-Wing (Franken-Fisch)" },
    family: Family::Fish, phase: Phase::OnCandidates, points: 8.0, se: None, finder: find_2, text: None,
    hodoku: Hodoku { order: Some(6100), level: HodokuLevel::Unfair, score: 300 },
};

/// Catalogue entry: Finned Franken X-Wing (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const FINNED_FRANKEN_X_WING: TechniqueInfo = TechniqueInfo {
    technique: Technique::FinnedFrankenXWing, name: "finned-franken-x-wing", names: Names { en: "Finned Franken X-Wing", de: "Franken-X-Wing mit Flosse" },
    family: Family::Fish, phase: Phase::OnCandidates, points: 9.0, se: None, finder: find_finned_2, text: None,
    hodoku: Hodoku { order: Some(6700), level: HodokuLevel::Unfair, score: 390 },
};

/// Catalogue entry: Franken Swordfish (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const FRANKEN_SWORDFISH: TechniqueInfo = TechniqueInfo {
    technique: Technique::FrankenSwordfish, name: "franken-swordfish", names: Names { en: "Franken Swordfish", de: "Franken-Swordfish (Franken-Fisch)" },
    family: Family::Fish, phase: Phase::OnCandidates, points: 11.0, se: None, finder: find_3, text: None,
    hodoku: Hodoku { order: Some(6200), level: HodokuLevel::Unfair, score: 350 },
};

/// Catalogue entry: Finned Franken Swordfish (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const FINNED_FRANKEN_SWORDFISH: TechniqueInfo = TechniqueInfo {
    technique: Technique::FinnedFrankenSwordfish, name: "finned-franken-swordfish", names: Names { en: "Finned Franken Swordfish", de: "Franken-Swordfish mit Flosse" },
    family: Family::Fish, phase: Phase::OnCandidates, points: 12.0, se: None, finder: find_finned_3, text: None,
    hodoku: Hodoku { order: Some(6800), level: HodokuLevel::Unfair, score: 410 },
};

/// Catalogue entry: Franken Jellyfish (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const FRANKEN_JELLYFISH: TechniqueInfo = TechniqueInfo {
    technique: Technique::FrankenJellyfish, name: "franken-jellyfish", names: Names { en: "Franken Jellyfish", de: "Franken-Jellyfish (Franken-Fisch)" },
    family: Family::Fish, phase: Phase::OnCandidates, points: 14.0, se: None, finder: find_4, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};

/// Catalogue entry: Finned Franken Jellyfish (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const FINNED_FRANKEN_JELLYFISH: TechniqueInfo = TechniqueInfo {
    technique: Technique::FinnedFrankenJellyfish, name: "finned-franken-jellyfish", names: Names { en: "Finned Franken Jellyfish", de: "Franken-Jellyfish mit Flosse" },
    family: Family::Fish, phase: Phase::OnCandidates, points: 15.0, se: None, finder: find_finned_4, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::step::Detail;
    use crate::techniques::test_util::*;
    use sudoku_core::Variant;

    /// Base and cover houses, fins and eliminations of a step, as
    /// `row 1, box 2 | r1c1 | r2c2-5`.
    pub(crate) fn summary(step: &Step) -> String {
        let houses: Vec<String> = step.houses.iter().map(|h| h.to_string()).collect();
        format!(
            "{} | {} | {}",
            houses.join(", "),
            fins(step),
            eliminations(step)
        )
    }

    pub(crate) fn fins(step: &Step) -> String {
        match step.detail {
            Detail::FinnedFish(crate::FinnedFish { fins, .. })
            | Detail::KrakenFish(crate::KrakenFish { fins, .. }) => fins
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" "),
            _ => String::new(),
        }
    }

    /// A diagonal puzzle of the seed's examples, at the step where its
    /// solution path uses a Franken X-Wing.
    const DIAGONAL: &str =
        ".6.....8.9.....2.....37......4.....8...1.6...5.....9......21...........7.3.....4.";

    #[test]
    fn franken_x_wing_on_the_two_diagonals() {
        let pos = position_with(
            DIAGONAL,
            Variant::Diagonal,
            "r1c1-27 r2c8-6 r2c9-6 r3c3-2 r3c8-6 r4c4-2 r6c6-2 r7c3-67 r7c8-6 r7c9-6 \
             r8c2-2 r8c7-36 r8c8-3 r9c1-27 r9c4-6 r9c5-6 r9c7-6",
        );
        let steps = run(find_2, &pos);
        assert_sound(DIAGONAL, Variant::Diagonal, &steps);
        let first = steps.first().expect("a Franken X-Wing");
        assert_eq!(
            summary(first),
            "main diagonal, anti-diagonal, row 2, box 5 |  | r2c3-7"
        );
        assert_eq!(first.points, 8.0);
    }

    #[test]
    fn franken_x_wing_with_a_box_as_cover() {
        let p = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        let pos = position(
            "4...3.......6..8..........1....5..9..8....6...7.2........1927..5.3....4.9.7.4....",
            Variant::Standard,
        );
        let steps = run(find_2, &pos);
        assert_sound(p, Variant::Standard, &steps);
        let first = steps.first().expect("a Franken X-Wing");
        assert_eq!(
            summary(first),
            "row 8, row 9, column 2, box 9 |  | r1c2-1 r2c2-1 r4c2-1"
        );
    }

    #[test]
    fn finned_franken_x_wing_on_the_two_diagonals() {
        let pos = position_with(
            DIAGONAL,
            Variant::Diagonal,
            "r1c1-27 r2c8-6 r2c9-6 r3c3-2 r3c8-6 r4c4-2 r6c6-2 r7c3-6 r7c8-6 r7c9-6 r8c2-2 \
             r8c7-36 r8c8-3 r9c1-2 r9c7-6",
        );
        let steps = run(find_finned_2, &pos);
        assert_sound(DIAGONAL, Variant::Diagonal, &steps);
        let first = steps.first().expect("a finned Franken X-Wing");
        assert_eq!(
            summary(first),
            "row 2, box 5, column 3, main diagonal | r2c8 r4c6 r6c4 | r7c3-7"
        );
        assert_eq!(first.points, 9.0);
    }

    #[test]
    fn finned_franken_swordfish() {
        let p = "1...5.......2.1.....3.7..6.........962......7.8593.....3..6..8..7....1..5....4.7.";
        let pos = position_with(
            "1...5.......2.1.....3.7..613.......9629.....7.8593..1..3..6..8..7....1..5....4.7.",
            Variant::Standard,
            "r1c2-6 r1c3-6 r1c4-48 r1c6-89 r1c7-38 r1c8-3 r1c9-3 r2c7-8 r3c7-8 r4c4-1 r4c5-1",
        );
        let steps = run(find_finned_3, &pos);
        assert_sound(p, Variant::Standard, &steps);
        let first = steps.first().expect("a finned Franken Swordfish");
        assert_eq!(
            summary(first),
            "row 1, row 9, box 2, column 2, column 5, column 7 | r1c8 r3c6 | r3c7-9"
        );
    }

    #[test]
    fn finned_franken_jellyfish() {
        let p = "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........";
        let pos = position_with(
            "7.8...3.....2.1...5.........4.....263...8.......1...93.9.6....4....7.5...........",
            Variant::Standard,
            "r2c7-8 r3c4-349 r3c6-3469 r3c7-78 r3c8-78 r3c9-78 r4c5-3 r5c2-5 r5c3-5 r5c4-5 \
             r5c6-57 r7c5-3 r7c7-8 r9c5-3 r9c7-8",
        );
        let steps = run(find_finned_4, &pos);
        assert_sound(p, Variant::Standard, &steps);
        let first = steps.first().expect("a finned Franken Jellyfish");
        assert_eq!(
            summary(first),
            "column 1, column 5, column 7, box 1, row 3, row 6, row 7, box 7 | r1c2 r9c5 r9c7 | r9c2-2"
        );
    }

    #[test]
    fn a_fin_on_a_diagonal_stops_the_basic_franken_x_wing() {
        let pos = position_with(
            DIAGONAL,
            Variant::Diagonal,
            "r1c1-27 r2c8-6 r2c9-6 r3c3-2 r3c8-6 r4c4-2 r6c6-2 r7c3-67 r7c8-6 r7c9-6 \
             r8c2-2 r8c7-36 r8c8-3 r9c1-27 r9c4-6 r9c5-6 r9c7-6",
        );
        // r1c1 lies on the main diagonal, outside row 2 and box 5.
        let broken = with_candidate(&pos, "r1c1", 7);
        assert!(
            run(find_2, &broken)
                .iter()
                .all(|s| eliminations(s) != "r2c3-7")
        );
        // With fins allowed the same houses still remove what r1c1 sees.
        for finder in [
            find_2,
            find_3,
            find_4,
            find_finned_2,
            find_finned_3,
            find_finned_4,
        ] {
            assert!(run(finder, &position(&".".repeat(81), Variant::Standard)).is_empty());
        }
    }

    #[test]
    fn fish_kept_per_digit_equal_a_fresh_search() {
        let pos = position(DIAGONAL, Variant::Diagonal);
        let mut hits = 0;
        for finder in [find_2, find_finned_2, find_3, find_finned_3] {
            hits += kept_results_agree(finder, &pos);
        }
        assert!(hits > 0, "the walk meets some fish");
    }
}
