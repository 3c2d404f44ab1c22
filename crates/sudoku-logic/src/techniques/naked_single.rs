//! Naked single: a cell with one candidate left.
//!
//! Points follow the seed. Without written candidates (its B0, where a person must
//! look at every peer): 2 for 1–4 empty peers, 3 for 5–8, 4 for 9–12, and one
//! more per further 4 (only diagonal and colour variants get there) — the
//! seed's "B0: 4 bis 2 Punkte" of its December 2016 revision, one below the
//! 3–5 of its older description, which put the easy examples' points 1.2–1.4
//! times the seed's (see the seed-examples test). On written
//! candidates (F0): 0 or 1 "by 1–6 / 7–9 missing digits"; the seed does not say
//! in which house it counts them, so we take the cell's least empty house (the one
//! a person would check it in).

use super::single_step;
use crate::Candidates;
use crate::step::Step;
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};
use sudoku_core::Variant;

/// Reports every naked single of `pos`.
pub(crate) fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    let variant = pos.variant();
    for cell in pos.empty_cells().iter() {
        let cands = pos.candidates(cell);
        if cands.len() != 1 {
            continue;
        }
        let Some(digit) = cands.first() else { continue };
        let points = if pos.is_written() {
            let least = variant
                .houses_of(cell)
                .iter()
                .map(|&h| (pos.empty_cells() & Variant::house_cells(h)).len())
                .min()
                .unwrap_or(0);
            f64::from(u8::from(least > 6))
        } else {
            let seen = (variant.peers(cell) & pos.empty_cells()).len();
            2.0 + (seen.saturating_sub(1) / 4) as f64
        };
        out.push(single_step(
            Technique::NakedSingle,
            points,
            cell,
            digit,
            cands,
            None,
            pos.is_written(),
        ));
        if mode == FindMode::First {
            return;
        }
    }
}

/// Catalogue entry: Naked single (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const NAKED_SINGLE: TechniqueInfo = TechniqueInfo {
    technique: Technique::NakedSingle, name: "naked-single", names: Names { en: "Naked single", de: "Nackter Single" },
    family: Family::Single, phase: Phase::Any, points: 1.0, se: Some(2.3), finder: find, text: None,
    hodoku: Hodoku { order: Some(200), level: HodokuLevel::Easy, score: 4 },
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_util::*;

    #[test]
    fn fires_where_peers_leave_one_digit() {
        // r1c1 sees 2–5 in row 1 and 6–9 in column 1; 1 could still go elsewhere
        // in its row, column and box, so it is no hidden single.
        let s = ".2345....6........7........8........9............................................";
        let pos = position(s, Variant::Standard);
        let steps = run(find, &pos);
        assert_eq!(placements(&steps), vec!["r1c1=1"]);
        assert_eq!(steps[0].points, 0.0);
        // Without written candidates it is the seed's B0: 12 empty peers, 4 points.
        let direct = Candidates::new(pos.grid(), Variant::Standard).unwrap();
        let steps = run(find, &direct);
        assert_eq!(placements(&steps), vec!["r1c1=1"]);
        assert_eq!(steps[0].points, 4.0);
        assert!(run(crate::techniques::hidden_single::find, &pos).is_empty());
    }

    #[test]
    fn does_not_fire_on_an_empty_grid() {
        let pos = position(&".".repeat(81), Variant::Standard);
        assert!(run(find, &pos).is_empty());
    }
}
