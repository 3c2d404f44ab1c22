//! Hidden single: a digit that has one place left in a house (any house of the
//! variant: rows, columns, boxes, diagonals, colour groups).
//!
//! Points follow the seed. Without written candidates (its direct method A,
//! cross-hatching) with the limits of its October 2018 revision ("3 nach 4 und
//! 1 nach 2"): 0 when at most 2 digits are missing in the house, else 1 in a
//! box, and in other houses 1 when at most 4 are missing, else 2. On written
//! candidates (E1/E2/E3): 0 when at most 3 digits are missing, else 1. A placement found in several houses is reported once, at its
//! lowest points (ties: first house in house order), so the set of hits does not
//! depend on how the grid is turned.

use super::single_step;
use crate::Candidates;
use crate::step::{Placement, Step};
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};
use sudoku_core::{DigitSet, HouseKind, Variant};

/// Reports every hidden single of `pos`.
pub(crate) fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    let start = out.len();
    for &house in pos.variant().houses() {
        let mask = Variant::house_cells(house);
        let empty = (pos.empty_cells() & mask).len();
        if empty <= 1 {
            continue; // a full house, not a hidden single
        }
        let points = match (pos.is_written(), house.kind()) {
            (true, _) => f64::from(u8::from(empty > 3)),
            (false, _) if empty <= 2 => 0.0,
            (false, HouseKind::Box) => 1.0,
            (false, _) => 1.0 + f64::from(u8::from(empty > 4)),
        };
        for digit in pos.placed_in(house).complement().iter() {
            let places = pos.cells_with(digit) & mask;
            if places.len() != 1 {
                continue;
            }
            let Some(cell) = places.first() else { continue };
            let dup = out[start..]
                .iter_mut()
                .find(|s| s.placements[0] == Placement { cell, digit });
            if let Some(prev) = dup {
                if points < prev.points {
                    *prev = single(cell, digit, house, points, pos.is_written());
                }
                continue;
            }
            out.push(single(cell, digit, house, points, pos.is_written()));
            if mode == FindMode::First {
                return;
            }
        }
    }
}

fn single(
    cell: sudoku_core::Cell,
    digit: sudoku_core::Digit,
    house: sudoku_core::House,
    points: f64,
    on_candidates: bool,
) -> Step {
    single_step(
        Technique::HiddenSingle,
        points,
        cell,
        digit,
        DigitSet::single(digit),
        Some(house),
        on_candidates,
    )
}

/// A single: the house it was found in (`None` for a naked single, which looks
/// at a cell) and whether candidates had been written (the seed's direct
/// methods A/B versus E/F).
#[derive(Clone, Debug, PartialEq)]
pub struct Single {
    /// The house in which the digit has one place, for full house and hidden
    /// single.
    pub house: Option<sudoku_core::House>,
    /// Whether candidates were written when it was found.
    pub on_candidates: bool,
}

crate::moved_fields!(Single { house; on_candidates });

/// Catalogue entry: Hidden single (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const HIDDEN_SINGLE: TechniqueInfo = TechniqueInfo {
    technique: Technique::HiddenSingle, name: "hidden-single", names: Names { en: "Hidden single", de: "Versteckter Single" },
    family: Family::Single, phase: Phase::Any, points: 1.0, se: Some(1.2), finder: find, text: None,
    hodoku: Hodoku { order: Some(300), level: HodokuLevel::Easy, score: 14 },
};

pub(crate) mod told {
    //! This technique's steps told in English and German and drawn, both
    //! from the step struct (see [`crate::describe`]).
    //!
    //! Singles: full house, hidden single and naked single, with or without written
    //! candidates (the diagonal solver's direct methods A/B and E/F).
    //!
    //! Where the position is known, a single says what excludes the rest: a
    //! hidden single names the placed copies of its digit that see the house's
    //! other empty cells (and which cells lost the candidate by earlier steps), a
    //! naked single before candidates names, per house of the cell, the digits
    //! already placed there.

    use crate::describe::drawing::Drawing;
    use crate::describe::words::{and_list, cells, in_house};
    use crate::describe::{Describe, Telling};
    use crate::{Candidates, Step, Technique};
    use sudoku_core::Lang;
    use sudoku_core::{Cell, CellSet, Digit, DigitSet, House, HouseKind, Variant};

    /// Why `d` has no other place in `h` than `cell`: the placed copies of `d`
    /// seeing the other empty cells, and the cells that lost `d` earlier.
    pub(crate) fn hidden_reason(
        pos: &Candidates,
        h: House,
        cell: Cell,
        d: Digit,
        lang: Lang,
    ) -> String {
        let variant = pos.variant();
        let others = (pos.empty_cells() & Variant::house_cells(h)) - CellSet::single(cell);
        if others.is_empty() {
            return String::new();
        }
        let placed: CellSet = Cell::all().filter(|&c| pos.get(c) == Some(d)).collect();
        let mut by = CellSet::EMPTY;
        let mut earlier = CellSet::EMPTY;
        for o in others.iter() {
            match (variant.peers(o) & placed).first() {
                Some(p) => by.insert(p),
                None => earlier.insert(o),
            }
        }
        let mut parts = Vec::new();
        if !by.is_empty() {
            let list: Vec<String> = by.iter().map(|c| c.to_string()).collect();
            let at = and_list(&list, lang);
            parts.push(match (lang, by.len()) {
                (Lang::En, 1) => format!("the {d} in {at} rules out the other cells"),
                (Lang::En, _) => format!("the {d}s in {at} rule out the other cells"),
                (Lang::De, 1) => format!("die {d} in {at} schließt die übrigen Zellen aus"),
                (Lang::De, _) => format!(
                    "die {} in {at} schließen die übrigen Zellen aus",
                    sudoku_core::digit_plural(d, Lang::De)
                ),
            });
        }
        if !earlier.is_empty() {
            parts.push(match (lang, earlier.len()) {
                (Lang::En, _) => format!("{} lost the candidate {d} earlier", cells(earlier)),
                (Lang::De, 1) => {
                    format!("{} hat den Kandidaten {d} schon verloren", cells(earlier))
                }
                (Lang::De, _) => {
                    format!("{} haben den Kandidaten {d} schon verloren", cells(earlier))
                }
            });
        }
        format!(": {}", parts.join("; "))
    }

    /// The digits other than `d` placed in each house of `cell`, each digit under
    /// its first house (row, column, box, then the others).
    pub(crate) fn naked_reason(pos: &Candidates, cell: Cell, d: Digit, lang: Lang) -> String {
        let mut houses = pos.variant().houses_of(cell).to_vec();
        houses.sort_by_key(|h| match h.kind() {
            HouseKind::Row => 0,
            HouseKind::Column => 1,
            HouseKind::Box => 2,
            _ => 3,
        });
        let mut left = DigitSet::ALL - DigitSet::single(d);
        let mut parts = Vec::new();
        for h in houses {
            let here = pos.placed_in(h) & left;
            if here.is_empty() {
                continue;
            }
            left -= here;
            let list: Vec<String> = here.iter().map(|x| x.to_string()).collect();
            parts.push(format!("{} {}", and_list(&list, lang), in_house(h, lang)));
        }
        if parts.is_empty() || !left.is_empty() {
            return String::new();
        }
        format!(" ({})", parts.join("; "))
    }

    /// Explains a single placing one digit.
    pub(crate) fn render(
        step: &Step,
        name: &str,
        house: Option<House>,
        on_candidates: bool,
        before: Option<&Candidates>,
        lang: Lang,
    ) -> Option<String> {
        let p = step.placements.first()?;
        let (cell, d) = (p.cell, p.digit);
        let why = match (before, house) {
            (Some(pos), Some(h)) if step.technique != Technique::FullHouse => {
                hidden_reason(pos, h, cell, d, lang)
            }
            (Some(pos), None) if !on_candidates => naked_reason(pos, cell, d, lang),
            _ => String::new(),
        };
        Some(match (step.technique, house, lang) {
            (Technique::FullHouse, Some(h), Lang::En) => format!(
                "{name}: {cell} is the last empty cell {}, so it takes the missing {d}.",
                in_house(h, lang)
            ),
            (Technique::FullHouse, Some(h), Lang::De) => format!(
                "{name}: {cell} ist die letzte leere Zelle {}, also fehlt dort nur noch die {d}.",
                in_house(h, lang)
            ),
            (_, Some(h), Lang::En) => format!(
                "{name}: {d} has only one place left {}, {cell}{why}.",
                in_house(h, lang)
            ),
            (_, Some(h), Lang::De) => format!(
                "{name}: Die {d} hat {} nur noch einen Platz, {cell}{why}.",
                in_house(h, lang)
            ),
            (_, None, Lang::En) if on_candidates => {
                format!("{name}: {d} is the only candidate left in {cell}.")
            }
            (_, None, Lang::De) if on_candidates => {
                format!("{name}: In {cell} ist nur noch der Kandidat {d} übrig.")
            }
            (_, None, Lang::En) => format!(
                "{name}: every digit but {d} is already placed in a house of {cell}{why}, so {cell} can only hold {d}."
            ),
            (_, None, Lang::De) => format!(
                "{name}: Alle Zahlen außer der {d} stehen schon in einer Gruppe von {cell}{why}, also kann dort nur die {d} stehen."
            ),
        })
    }

    impl Describe for super::Single {
        fn text(&self, step: &Step, at: &Telling<'_>) -> Option<String> {
            render(
                step,
                at.name,
                self.house,
                self.on_candidates,
                at.before,
                at.lang,
            )
        }

        fn draw(&self, _step: &Step, _out: &mut Drawing) {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_util::*;

    const P: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

    #[test]
    fn fires_on_a_hard_puzzle_with_exact_placements() {
        let (_, steps) = sound_hits(find, P, "");
        assert_eq!(placements(&steps), vec!["r9c3=7"]);
    }

    #[test]
    fn finds_singles_in_a_diagonal() {
        // The main diagonal holds 1–7 in r1c1–r7c7; the 9 in r8c1 keeps 9 out of
        // r8c8, so on the diagonal the 9 can only go to r9c9. No row, column or box
        // forces that.
        let mut s = String::new();
        for r in 0..9 {
            for c in 0..9 {
                s.push(match (r, c) {
                    (7, 0) => '9',
                    _ if r == c && r < 7 => (b'1' + r as u8) as char,
                    _ => '.',
                });
            }
        }
        let pos = position(&s, Variant::Diagonal);
        let steps = run(find, &pos);
        let diag = steps
            .iter()
            .find(|s| s.placements[0].cell.index() == 80)
            .expect("r9c9 is a hidden single on the main diagonal");
        assert_eq!(diag.placements[0].digit.get(), 9);
        assert_eq!(diag.houses[0].to_string(), "main diagonal");
        // As a standard Sudoku nothing forces r9c9.
        let pos = position(&s, Variant::Standard);
        assert!(!placements(&run(find, &pos)).contains(&"r9c9=9".to_string()));
    }

    #[test]
    fn does_not_fire_on_an_empty_grid() {
        let pos = position(&".".repeat(81), Variant::ColorDiagonal);
        assert!(run(find, &pos).is_empty());
    }
}
