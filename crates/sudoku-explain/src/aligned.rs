//! Aligned pair and triplet exclusion (Sudoku Explainer's APE/ATE): the
//! digit combinations the base cells could take together are tried against
//! the cells that see all of them; the text names both groups and says which
//! candidates no surviving combination uses.

use crate::Lang;
use crate::words::{cells, removal, so};
use sudoku_core::{Cell, CellSet};
use sudoku_logic::Step;

/// Explains an aligned pair or triplet exclusion on `base` with `excluders`.
pub(crate) fn render(
    step: &Step,
    name: &str,
    base: &[Cell],
    excluders: CellSet,
    lang: Lang,
) -> Option<String> {
    let base_set: CellSet = base.iter().copied().collect();
    let (b, x) = (cells(base_set), cells(excluders));
    let then = so(&removal(&step.eliminations, lang), lang);
    let one = excluders.len() == 1;
    Some(match lang {
        Lang::En => format!(
            "{name}: take every combination of digits the {} cells {b} could hold together. One that repeats a digit in a house they share is impossible, and so is one that takes every candidate of {x}, {} all of them; no combination left puts these digits there, {then}",
            base.len(),
            if one { "which sees" } else { "each seeing" }
        ),
        Lang::De => format!(
            "{name}: Man nehme jede Kombination von Zahlen, die die {} Zellen {b} zusammen enthalten könnten. Unmöglich ist eine, die eine Zahl in einer gemeinsamen Gruppe wiederholt, und eine, die {x} alle Kandidaten nimmt ({}); keine verbleibende Kombination setzt diese Zahlen dorthin, {then}",
            base.len(),
            if one {
                "die Zelle sieht alle"
            } else {
                "jede dieser Zellen sieht alle"
            }
        ),
    })
}
