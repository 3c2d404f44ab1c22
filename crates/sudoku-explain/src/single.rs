//! Singles: full house, hidden single and naked single, with or without written
//! candidates (the diagonal solver's direct methods A/B and E/F).

use crate::Lang;
use crate::words::in_house;
use sudoku_core::House;
use sudoku_logic::{Step, Technique};

/// Explains a single placing one digit.
pub(crate) fn render(
    step: &Step,
    name: &str,
    house: Option<House>,
    on_candidates: bool,
    lang: Lang,
) -> Option<String> {
    let p = step.placements.first()?;
    let (cell, d) = (p.cell, p.digit);
    Some(match (step.technique, house, lang) {
        (Technique::FullHouse, Some(h), Lang::En) => format!(
            "{name}: {cell} is the last empty cell {}, so it takes the missing {d}.",
            in_house(h, lang)
        ),
        (Technique::FullHouse, Some(h), Lang::De) => format!(
            "{name}: {cell} ist die letzte freie Zelle {}, also fehlt dort nur noch die {d}.",
            in_house(h, lang)
        ),
        (_, Some(h), Lang::En) => format!(
            "{name}: {d} has only one place left {}, {cell}.",
            in_house(h, lang)
        ),
        (_, Some(h), Lang::De) => format!(
            "{name}: Die {d} hat {} nur noch einen Platz, {cell}.",
            in_house(h, lang)
        ),
        (_, None, Lang::En) if on_candidates => {
            format!("{name}: {d} is the only candidate left in {cell}.")
        }
        (_, None, Lang::De) if on_candidates => {
            format!("{name}: In {cell} ist nur noch der Kandidat {d} übrig.")
        }
        (_, None, Lang::En) => format!(
            "{name}: every digit but {d} is already placed in a house of {cell}, so {cell} can only hold {d}."
        ),
        (_, None, Lang::De) => format!(
            "{name}: Alle Ziffern außer der {d} stehen schon in einem Haus von {cell}, also kann dort nur die {d} stehen."
        ),
    })
}
