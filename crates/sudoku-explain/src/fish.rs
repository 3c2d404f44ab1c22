//! Basic fish on one digit (the diagonal solver's Einzelzahl-Gitter): X-Wing,
//! Swordfish, Jellyfish.

use crate::Lang;
use crate::words::{cells, lines, removal, so, upper_first};
use sudoku_core::{Digit, House, HouseSet};
use sudoku_logic::Step;

/// Explains a fish with base lines `base` and cover lines `cover`.
pub(crate) fn render(
    step: &Step,
    name: &str,
    digit: Digit,
    base: HouseSet,
    cover: HouseSet,
    lang: Lang,
) -> Option<String> {
    let base: Vec<House> = base.iter().collect();
    let cover: Vec<House> = cover.iter().collect();
    let (base, cover) = (lines(&base, lang), lines(&cover, lang));
    let then = so(&removal(&step.eliminations, lang), lang);
    let pattern = cells(step.cells);
    Some(match lang {
        Lang::En => format!(
            "{name}: in {base} the {digit}s lie only in {cover} ({pattern}). {} therefore get their {digit}s from these cells, {then}",
            upper_first(&cover)
        ),
        Lang::De => format!(
            "{name}: In den {base} liegen die Kandidaten {digit} nur in den {cover} ({pattern}). Damit bekommen die {cover} ihre {digit} aus diesen Zellen, {then}"
        ),
    })
}
