//! WXYZ-wing, standard and extended (the seed's "erweiterter WXYZ-Wing").
//!
//! Four empty cells whose candidates together are exactly four digits. A digit is
//! *restricted* when all its places among the four cells see each other, so it
//! takes at most one of them. If three digits are restricted, they fill at most
//! three of the four cells, and the fourth, non-restricted digit `z` must go into
//! one of its places in the pattern: `z` leaves every cell that sees all of them.
//!
//! The seed's *standard* form has a hinge holding all four digits that sees three
//! bivalue wings, each with `z` (the XYZ-wing with one wing more); every other
//! pattern obeying the rule above is the *extended* form, which the seed finds
//! far more often. Points: 10 standard, 11 extended (seed). Sudoku Explainer has
//! no WXYZ-wing; we rate it 4.6, continuing XY-wing 4.2 and XYZ-wing 4.4 in steps
//! of 0.2. HoDoKu has no WXYZ-wing either and finds the pattern as an ALS-XZ
//! (a bivalue cell and a three-cell almost locked set), so we use ALS-XZ's 300.

use super::wing_step;
use crate::Candidates;
use crate::step::Step;
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};
use sudoku_core::{Cell, CellSet, Digit, DigitSet, Variant};

/// Points of the extended form.
const EXTENDED_POINTS: f64 = 11.0;

/// Reports every WXYZ-wing with an elimination, once per set of four cells.
pub(crate) fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    let pool: Vec<(Cell, u16)> = pos
        .empty_cells()
        .iter()
        .map(|c| (c, pos.candidates(c).bits()))
        .filter(|&(_, m)| (2..=4).contains(&m.count_ones()))
        .collect();
    let mut cells: Vec<(Cell, u16)> = Vec::with_capacity(pool.len());
    for digits in 0u16..(1 << 9) {
        if digits.count_ones() != 4 {
            continue;
        }
        cells.clear();
        cells.extend(pool.iter().filter(|&&(_, m)| m & !digits == 0));
        if cells.len() < 4 {
            continue;
        }
        // `rest[i]`: the digits of cells i and after. Four cells holding
        // the four digits between them take every digit from the chosen
        // cells or the ones still to come.
        let mut rest = [0u16; 82];
        for i in (0..cells.len()).rev() {
            rest[i] = rest[i + 1] | cells[i].1;
        }
        if rest[0] != digits {
            continue;
        }
        let mut chosen = [0usize; 4];
        let ctx = Pool {
            cells: &cells,
            rest: &rest,
            digits,
        };
        if search(pos, &ctx, &mut chosen, 0, 0, 0, 0, out, mode) {
            return;
        }
    }
}

/// The cells within one set of four digits.
struct Pool<'a> {
    /// The cells and their candidates (as masks).
    cells: &'a [(Cell, u16)],
    /// Per index, the digits of that cell and the ones after it.
    rest: &'a [u16],
    /// The four digits.
    digits: u16,
}

/// Chooses the `depth`-th cell after index `start`; returns `true` to stop.
/// `bad` holds the non-restricted digits of the cells chosen so far, `union`
/// their digits.
#[allow(clippy::too_many_arguments)]
fn search(
    pos: &Candidates,
    pool: &Pool<'_>,
    chosen: &mut [usize; 4],
    depth: usize,
    start: usize,
    bad: u16,
    union: u16,
    out: &mut Vec<Step>,
    mode: FindMode,
) -> bool {
    let cells = pool.cells;
    if depth == 4 {
        return report(pos, cells, pool.digits, chosen, bad, out) && mode == FindMode::First;
    }
    // No choice from here on can hold the four digits.
    if union | pool.rest[start] != pool.digits {
        return false;
    }
    let variant = pos.variant();
    for i in start..cells.len() + depth + 1 - 4 {
        chosen[depth] = i;
        // Prune as soon as two digits are non-restricted among the cells so far.
        let bad = bad | unrestricted_with(variant, cells, &chosen[..depth], i);
        if bad.count_ones() > 1 {
            continue;
        }
        let union = union | cells[i].1;
        if search(pos, pool, chosen, depth + 1, i + 1, bad, union, out, mode) {
            return true;
        }
    }
    false
}

/// The digits (as a mask) that cell `i` shares with a cell of `chosen` it does
/// not see: the digits that adding `i` makes non-restricted.
fn unrestricted_with(variant: Variant, cells: &[(Cell, u16)], chosen: &[usize], i: usize) -> u16 {
    let (a, ma) = cells[i];
    let peers = variant.peers(a);
    let mut bad = 0u16;
    for &j in chosen {
        let (b, mb) = cells[j];
        if !peers.contains(b) {
            bad |= ma & mb;
        }
    }
    bad
}

/// Builds the step of a complete choice; returns whether one was reported.
fn report(
    pos: &Candidates,
    cells: &[(Cell, u16)],
    digits: u16,
    chosen: &[usize; 4],
    bad: u16,
    out: &mut Vec<Step>,
) -> bool {
    let variant = pos.variant();
    let union = chosen.iter().fold(0u16, |u, &i| u | cells[i].1);
    if union != digits || bad.count_ones() != 1 {
        return false;
    }
    let Some(z) = DigitSet::from_bits(bad).first() else {
        return false;
    };
    let pattern: CellSet = chosen.iter().map(|&i| cells[i].0).collect();
    let holders = pattern & pos.cells_with(z);
    let mut gone = pos.cells_with(z) - pattern;
    for c in holders.iter() {
        gone &= variant.peers(c);
    }
    if gone.is_empty() {
        return false;
    }
    let hinge = standard_hinge(pos, pattern, z);
    let technique = Technique::WxyzWing;
    let points = if hinge.is_some() {
        technique.info().points
    } else {
        EXTENDED_POINTS
    };
    out.push(wing_step(
        technique,
        points,
        z,
        gone,
        DigitSet::from_bits(digits),
        hinge,
        hinge.map_or(pattern, |h| pattern - CellSet::single(h)),
    ));
    true
}

/// The hinge of the standard form: a cell with all four digits that sees the other
/// three, which are bivalue and hold `z`.
fn standard_hinge(pos: &Candidates, pattern: CellSet, z: Digit) -> Option<Cell> {
    pattern.iter().find(|&h| {
        let wings = pattern - CellSet::single(h);
        pos.candidates(h).len() == 4
            && wings.is_subset(pos.variant().peers(h))
            && wings.iter().all(|w| {
                let c = pos.candidates(w);
                c.len() == 2 && c.contains(z)
            })
    })
}

/// Catalogue entry: WXYZ-Wing (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const WXYZ_WING: TechniqueInfo = TechniqueInfo {
    technique: Technique::WxyzWing, name: "wxyz-wing", names: Names { en: "WXYZ-Wing", de: "WXYZ-Wing" },
    family: Family::Wing, phase: Phase::OnCandidates, points: 10.0, se: Some(4.6), finder: find, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 300 },
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::step::Detail;
    use crate::techniques::test_util::*;

    const P: &str =
        ".4..1.2.....3.9.7..1...2......43.6..8......5.4..28....735..8......6.439.964..3...";
    const E: &str = "r1c3-368 r1c6-5 r2c1-5 r2c3-6 r2c7-48 r2c9-8 r3c3-368 r4c3-79 r4c6-1 \
                     r4c8-1 r4c9-1 r5c2-9 r5c3-1279 r5c4-1 r5c6-7 r5c7-9 r5c9-19 r6c3-179 \
                     r7c9-1 r8c5-2 r8c9-128";

    #[test]
    fn extended_wxyz_wing_on_7() {
        let cells = r#"{"r4c1", "r4c3", "r4c6", "r5c2"}"#;
        let gone = "r4c2-7 r5c4-7 r5c5-7";
        let step = the_one_step(find, P, E, cells, gone, EXTENDED_POINTS);
        assert!(
            matches!(step.detail, Detail::Wing(crate::Wing { hinge: None, digit, .. }) if digit.get() == 7)
        );
    }

    #[test]
    fn no_wxyz_wing_with_a_fifth_digit() {
        // 9 back in r4c3 gives the four cells five digits.
        let pos = position_with(P, Variant::Standard, E);
        let cells = run(find, &pos)[0].cells;
        assert!(!run(find, &pos)[0].digits.contains(Digit::new(9).unwrap()));
        let pos = with_candidate(&pos, "r4c3", 9);
        assert!(run(find, &pos).iter().all(|s| s.cells != cells));
        assert!(run(find, &position(&".".repeat(81), Variant::Standard)).is_empty());
    }
}
