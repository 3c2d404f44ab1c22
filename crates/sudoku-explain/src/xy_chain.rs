//! XY-chains (the diagonal solver's Goldene Kette) and closed XY-loops of
//! bivalue cells.

use crate::Lang;
use crate::words::{chain as chain_text, removal, so};
use sudoku_core::CellSet;
use sudoku_logic::Step;

/// Explains an XY-chain or loop of `length` cells; the step's `links` alternate
/// strong links inside a cell and weak links to the next.
pub(crate) fn render(
    step: &Step,
    name: &str,
    length: usize,
    closed: bool,
    lang: Lang,
) -> Option<String> {
    let path = chain_text(&step.links);
    let (first, a) = step.links.first()?.from;
    let last = step.links.last()?.to.0;
    if closed {
        let then = so(&removal(&step.eliminations, lang), lang);
        return Some(match lang {
            Lang::En => format!(
                "{name}, closed loop of {length} cells: {path}. In the loop every cell takes either its first or its second digit; each link digit therefore sits in exactly one of the two cells it joins, {then}"
            ),
            Lang::De => format!(
                "{name}, geschlossen aus {length} Zellen: {path}. In der Schleife nimmt jede Zelle entweder ihre erste oder ihre zweite Zahl; jede Verbindungszahl steht damit in genau einer der beiden Zellen, die sie verbindet, {then}"
            ),
        });
    }
    let gone: CellSet = step.eliminations.iter().map(|e| e.cell).collect();
    let gone = crate::words::cells(gone);
    Some(match lang {
        Lang::En => format!(
            "{name} of {length} cells: {path}. If {first} is not {a}, the chain forces {a} into {last}, so {a} can be removed from every cell that sees both ends: {gone}."
        ),
        Lang::De => format!(
            "{name} aus {length} Zellen: {path}. Ist {first} nicht die {a}, zwingt die Kette die {a} nach {last}; also kann die {a} aus allen Zellen gestrichen werden, die beide Enden sehen: {gone}."
        ),
    })
}
