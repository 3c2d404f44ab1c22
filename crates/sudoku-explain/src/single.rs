//! Singles: full house, hidden single and naked single, with or without written
//! candidates (the diagonal solver's direct methods A/B and E/F).
//!
//! Where the position is known, a single says what excludes the rest: a
//! hidden single names the placed copies of its digit that see the house's
//! other empty cells (and which cells lost the candidate by earlier steps), a
//! naked single before candidates names, per house of the cell, the digits
//! already placed there.

use crate::Lang;
use crate::words::{and_list, cells, in_house};
use sudoku_core::{Cell, CellSet, Digit, DigitSet, House, HouseKind, Variant};
use sudoku_logic::{Candidates, Step, Technique};

/// The German plural of a digit's name ("die Neunen").
fn plural_de(d: Digit) -> &'static str {
    [
        "Einsen", "Zweien", "Dreien", "Vieren", "Fünfen", "Sechsen", "Siebenen", "Achten", "Neunen",
    ][d.index()]
}

/// Why `d` has no other place in `h` than `cell`: the placed copies of `d`
/// seeing the other empty cells, and the cells that lost `d` earlier.
fn hidden_reason(pos: &Candidates, h: House, cell: Cell, d: Digit, lang: Lang) -> String {
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
                plural_de(d)
            ),
        });
    }
    if !earlier.is_empty() {
        parts.push(match (lang, earlier.len()) {
            (Lang::En, _) => format!("{} lost the candidate {d} earlier", cells(earlier)),
            (Lang::De, 1) => format!("{} hat den Kandidaten {d} schon verloren", cells(earlier)),
            (Lang::De, _) => format!("{} haben den Kandidaten {d} schon verloren", cells(earlier)),
        });
    }
    format!(": {}", parts.join("; "))
}

/// The digits other than `d` placed in each house of `cell`, each digit under
/// its first house (row, column, box, then the others).
fn naked_reason(pos: &Candidates, cell: Cell, d: Digit, lang: Lang) -> String {
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
