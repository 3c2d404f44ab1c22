//! Direct pointing and direct claiming: singles found without written candidates
//! by digits locked to part of a house (the seed's method C, its "obvious
//! row/column tests").
//!
//! *Direct pointing* (C1/C2/C3, C5/C6 on diagonals, C0): a box's digit is
//! confined to one of its lines although its place there is unknown, so the
//! digit is out of the rest of that line; a chain of such facts may follow.
//! What they leave is a hidden single in a house or a naked single in a cell.
//! Points as in the seed: a hidden single in a line scores 1 or 2 (1–3 or more
//! empty cells left after taking away the cells the reasons occupy), in a box
//! 1; a naked single 3–7 (by empty peers minus reasons, 1–4, 5–8, …); plus 2
//! per reason.
//!
//! *Direct claiming*: the same with facts running from a line (or any other
//! house) into a box. The seed's C7 is its plainest form — a box's digit locked
//! to one row and to one column by placed digits alone must sit at their
//! crossing (6–10 points by the empty cells of that row and column). Any other
//! chain with such facts is scored like C plus 1 per claiming reason (the seed
//! rates its box test one point above its row/column test).

use super::direct::{
    Facts, Single, cheapest, derive, hidden_base, is_pointing, naked_base, push_steps,
};
use crate::Candidates;
use crate::step::{DirectKind, DirectReason, Step};
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};
use sudoku_core::{CellSet, HouseKind, Variant};

/// Reports the singles direct pointing leaves in `pos`.
pub(crate) fn find_pointing(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    find(pos, out, mode, Facts::Pointing)
}

/// Reports the singles direct claiming leaves in `pos` (those that need a
/// fact other than pointing).
pub(crate) fn find_claiming(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    find(pos, out, mode, Facts::Locked)
}

fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode, facts: Facts) {
    let Some(derivation) = derive(pos, facts) else {
        return;
    };
    let pointing_only = facts == Facts::Pointing;
    // The claiming row skips what pointing alone proves: the pointing row,
    // which comes first, reports that.
    let mut skip = Vec::new();
    if !pointing_only {
        for single in derivation.singles() {
            if single
                .proofs
                .iter()
                .any(|p| derivation.reasons(p).iter().all(is_pointing))
            {
                skip.push((single.cell, single.digit));
            }
        }
    }
    let hits = cheapest(&derivation, |single, reasons| {
        if skip.contains(&(single.cell, single.digit)) {
            return None;
        }
        Some(score(pos, single, reasons))
    });
    let technique = if pointing_only {
        Technique::DirectPointing
    } else {
        Technique::DirectClaiming
    };
    push_steps(technique, hits, out, mode);
}

/// The seed's points of a single with these reasons.
fn score(pos: &Candidates, single: &Single, reasons: &[DirectReason]) -> (DirectKind, f64) {
    let n = reasons.len();
    let claims = reasons.iter().filter(|r| !is_pointing(r)).count();
    match single.house {
        Some(house) if is_crossing(house, reasons) => {
            let seen = (pos.empty_cells() & reasons_lines(reasons)).len();
            let points = match seen {
                0..=5 => 6.0,
                6..=8 => 7.0,
                9..=11 => 8.0,
                12..=14 => 9.0,
                _ => 10.0,
            };
            (DirectKind::Crossing, points)
        }
        Some(house) => {
            let base = hidden_base(pos, house, reasons, 1.0);
            (
                DirectKind::HiddenSingle,
                base + 2.0 * n as f64 + claims as f64,
            )
        }
        None => {
            let base = naked_base(pos, single.cell, n, 4, 7);
            (
                DirectKind::NakedSingle,
                base + 2.0 * n as f64 + claims as f64,
            )
        }
    }
}

/// The seed's C7: a hidden single in a box from exactly two facts, a row and a
/// column each claiming the box for the digit, both resting on placed digits
/// only (two facts in the first round never rest on others).
fn is_crossing(house: sudoku_core::House, reasons: &[DirectReason]) -> bool {
    if house.kind() != HouseKind::Box || reasons.len() != 2 {
        return false;
    }
    let kinds: Vec<HouseKind> = reasons
        .iter()
        .filter_map(|r| match *r {
            DirectReason::Locked { base, cover, .. } if cover == house => Some(base.kind()),
            _ => None,
        })
        .collect();
    kinds.contains(&HouseKind::Row) && kinds.contains(&HouseKind::Column)
}

/// The cells of the bases of the reasons (the row and column of a crossing).
fn reasons_lines(reasons: &[DirectReason]) -> CellSet {
    reasons
        .iter()
        .map(|r| match *r {
            DirectReason::Locked { base, .. } => Variant::house_cells(base),
            DirectReason::Pair { house, .. } => Variant::house_cells(house),
        })
        .fold(CellSet::EMPTY, |a, b| a | b)
}

/// Catalogue entry: Direct pointing (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const DIRECT_POINTING: TechniqueInfo = TechniqueInfo {
    technique: Technique::DirectPointing, name: "direct-pointing", names: Names { en: "Direct pointing", de: "Offensichtlicher Zeilen-/Spalten-Test" },
    family: Family::Direct, phase: Phase::Direct, points: 3.0, se: Some(1.7), finder: find_pointing, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};

/// Catalogue entry: Direct claiming (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const DIRECT_CLAIMING: TechniqueInfo = TechniqueInfo {
    technique: Technique::DirectClaiming, name: "direct-claiming", names: Names { en: "Direct claiming", de: "Offensichtlicher Box-Test" },
    family: Family::Direct, phase: Phase::Direct, points: 4.0, se: Some(1.9), finder: find_claiming, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::direct::Derivation;
    use crate::techniques::test_util::*;

    // Positions from solving 17-clue puzzles (found with tests/scan.rs).
    const POINTING: &str =
        "..3.6...2.62.3...1..7..2.367.68.3.252816453973.527..68.3..2.674.743862.962.4.7..3";
    const CLAIMING: &str =
        "..7..1........7..11.2..3.7....1.4257.1.7.6...7....861.....1.78..748..19.861.79..3";
    const NAKED: &str =
        "........6.....6..1.6.5.2.34...6.43953.5...64.4.6.3517.63825741957.46.82324....567";

    #[test]
    fn direct_pointing_leaves_a_hidden_single_in_a_column() {
        // The 8 of box 9 lies in row 9 (r9c7 or r9c8), so column 3's 8 has
        // only r7c3 left: the seed's C2, 1 + 2 × 1 reason.
        let (pos, s) = direct_hit(find_pointing, POINTING, "r7c3=8");
        assert_eq!(s.technique, Technique::DirectPointing);
        assert_eq!(s.points, 3.0);
        let reasons = hidden_single_reasons(&s, "column 3");
        assert_eq!(reasons.len(), 1);
        let DirectReason::Locked {
            digit, base, cover, ..
        } = reasons[0]
        else {
            panic!("{reasons:?}")
        };
        assert_eq!(
            (digit.get(), base.to_string(), cover.to_string()),
            (8, "box 9".into(), "row 9".into())
        );
        assert!(!plain_singles(&pos).contains(&"r7c3=8".to_string()));
    }

    #[test]
    fn direct_pointing_leaves_a_naked_single() {
        // Box 7 keeps its 1 and its 9 in column 3 (r8c3/r9c3), so r3c3 can
        // only be 7: the seed's C0 with two reasons.
        let (pos, s) = direct_hit(find_pointing, NAKED, "r3c3=7");
        let crate::Direct { kind, reasons, .. } = direct_detail(&s);
        assert_eq!(*kind, DirectKind::NakedSingle);
        assert_eq!(reasons.len(), 2);
        assert!(reasons.iter().all(is_pointing));
        // 3–7 by empty peers less reasons, plus 2 per reason.
        let empty_peers = (pos.variant().peers(s.placements[0].cell) & pos.empty_cells()).len();
        let base = (3 + (empty_peers - 2).saturating_sub(1) / 4).min(7) as f64;
        assert_eq!(s.points, base + 4.0);
        assert!(!plain_singles(&pos).contains(&"r3c3=7".to_string()));
    }

    #[test]
    fn direct_claiming_needs_a_line_locked_into_a_box() {
        // Column 6's 2 can only be in box 8 (r7c6 or r8c6), so row 9's 2 has
        // only r9c8 left. Pointing alone does not find it.
        let (pos, s) = direct_hit(find_claiming, CLAIMING, "r9c8=2");
        assert_eq!(s.technique, Technique::DirectClaiming);
        let crate::Direct { reasons, .. } = direct_detail(&s);
        assert!(reasons.iter().any(|r| !is_pointing(r)));
        let pointing = placements(&run(find_pointing, &pos));
        assert!(!pointing.contains(&"r9c8=2".to_string()));
        // Claiming never repeats what pointing alone proves.
        let claiming = placements(&run(find_claiming, &pos));
        for p in &pointing {
            assert!(!claiming.contains(p), "{p}");
        }
    }

    #[test]
    fn a_crossing_of_two_claims_is_the_seeds_c7() {
        // Row 2's 9 cannot leave box 1 (9s in columns 4, 5, 7, 8; r2c6 and
        // r2c9 filled), nor can column 2's (9s in rows 4, 5, 7, 8; r6c2 and
        // r9c2 filled): box 1's 9 sits at their crossing r2c2, though box 1
        // itself has no 9 anywhere near (built by hand after the seed's C7).
        let givens = [
            (4, 4, 9),
            (5, 7, 9),
            (7, 5, 9),
            (8, 8, 9),
            (2, 6, 1),
            (2, 9, 2),
            (6, 2, 3),
            (9, 2, 4),
        ];
        let (pos, st) = forced_direct_hit(find_claiming, &givens, "r2c2=9");
        // The cheapest view: column 2's 9 is in box 1, so row 2's 9 has only
        // r2c2 left (a C1 with one claim: 2 + 2 + 1).
        let crate::Direct { kind, reasons, .. } = direct_detail(&st);
        assert_eq!(
            (*kind, reasons.len(), st.points),
            (DirectKind::HiddenSingle, 1, 5.0)
        );
        // In box 1 it takes both claims: the crossing, 6–10 by the empty cells
        // of row 2 and column 2 (7 + 7 − 1 = 13 → 9).
        let derivation = Derivation::run(&pos, Facts::Locked);
        let in_box = derivation
            .singles()
            .into_iter()
            .find(|s| s.house.is_some_and(|h| h.kind() == HouseKind::Box) && s.cell.index() == 10)
            .expect("r2c2 is a single in box 1");
        let reasons = derivation.reasons(&in_box.proofs[0]);
        assert_eq!(score(&pos, &in_box, &reasons), (DirectKind::Crossing, 9.0));
        assert!(!placements(&run(find_pointing, &pos)).contains(&"r2c2=9".to_string()));
    }

    #[test]
    fn does_not_fire_on_written_candidates_or_an_empty_grid() {
        assert_direct_silent(POINTING, &[find_pointing, find_claiming]);
    }
}
