//! Bookkeeping: writing all candidates, the step from the direct methods to
//! pencil marks (the diagonal solver charges it 40 % of the candidates written).

use crate::Lang;
use sudoku_logic::Step;

/// Explains writing `count` candidates into the step's cells.
pub(crate) fn render(step: &Step, name: &str, count: usize, lang: Lang) -> Option<String> {
    let empty = step.cells.len();
    Some(match lang {
        Lang::En => format!(
            "{name}: no digit can be placed without candidates any more, so all {count} candidates are written into the {empty} empty cells."
        ),
        Lang::De => format!(
            "{name}: Ohne Kandidaten lässt sich keine Zahl mehr setzen, also werden alle {count} Kandidaten in die {empty} leeren Zellen geschrieben."
        ),
    })
}
