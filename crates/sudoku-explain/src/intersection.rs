//! Locked candidates between two intersecting houses: pointing (box into line),
//! claiming (line into box) and the other pairs of the variants (diagonals,
//! colour groups) — the diagonal solver's Zeilen-/Spalten-Test and Box-Test.

use crate::Lang;
use crate::words::{cells, in_house, removal, so, upper_first};
use sudoku_core::{Digit, House};
use sudoku_logic::Step;

/// Explains that `digit` in `base` lies only in `base ∩ cover`.
pub(crate) fn render(
    step: &Step,
    name: &str,
    base: House,
    cover: House,
    digit: Digit,
    lang: Lang,
) -> Option<String> {
    let inside = cells(step.cells);
    let then = so(&removal(&step.eliminations, lang), lang);
    Some(match lang {
        Lang::En => format!(
            "{name}: {} the {digit}s all lie {} ({inside}), {then}",
            in_house(base, lang),
            in_house(cover, lang)
        ),
        Lang::De => format!(
            "{name}: {} liegen alle Kandidaten {digit} {} ({inside}), {then}",
            upper_first(&in_house(base, lang)),
            in_house(cover, lang)
        ),
    })
}
