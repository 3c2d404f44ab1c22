//! Naked and hidden subsets (the diagonal solver's N-Tupel and versteckte
//! N-Tupel), named and told by the view the step is scored by.

use crate::Lang;
use crate::words::{cells, digits, in_house, removal, so, upper_first};
use sudoku_core::{CellSet, DigitSet, House};
use sudoku_logic::{Step, Subset, SubsetView};

/// Explains a subset in `house`, in the naked or the hidden view.
pub(crate) fn render(step: &Step, name: &str, s: &Subset, lang: Lang) -> Option<String> {
    let (house, view) = (s.house, s.view);
    let naked = (s.naked_cells, s.naked_digits);
    let hidden = (s.hidden_cells, s.hidden_digits);
    let then = so(&removal(&step.eliminations, lang), lang);
    let place = in_house(house, lang);
    Some(match (view, lang) {
        (SubsetView::Naked, Lang::En) => format!(
            "{name}: {place}, {} hold only {}; these digits must go there, {then}",
            cells(naked.0),
            digits(naked.1, lang)
        ),
        (SubsetView::Naked, Lang::De) => format!(
            "{name}: {} enthalten {} nur die Kandidaten {}; diese Zahlen müssen dort stehen, {then}",
            upper_first(&place),
            cells(naked.0),
            digits(naked.1, lang)
        ),
        (SubsetView::Hidden, Lang::En) => format!(
            "{name}: {place}, {} fit only into {}; these cells must take them, {then}",
            digits(hidden.1, lang),
            cells(hidden.0)
        ),
        (SubsetView::Hidden, Lang::De) => format!(
            "{name}: {} passen {} nur in {}; diese Zellen müssen sie aufnehmen, {then}",
            upper_first(&place),
            digits(hidden.1, lang),
            cells(hidden.0)
        ),
    })
}

/// Explains a locked pair or triple: `cells` in both `houses` (line, then
/// region) hold only `digits`.
pub(crate) fn locked(
    step: &Step,
    name: &str,
    houses: [House; 2],
    (cells_in, digits_in): (CellSet, DigitSet),
    lang: Lang,
) -> Option<String> {
    let then = so(&removal(&step.eliminations, lang), lang);
    let [line, region] = houses.map(|h| in_house(h, lang));
    Some(match lang {
        Lang::En => format!(
            "{name}: {} lie both {line} and {region} and hold only {}; these digits must go there and leave the rest of both houses, {then}",
            cells(cells_in),
            digits(digits_in, lang)
        ),
        Lang::De => format!(
            "{name}: {} liegen sowohl {line} als auch {region} und enthalten nur die Kandidaten {}; diese Zahlen müssen dort stehen und fehlen im Rest beider Gruppen, {then}",
            cells(cells_in),
            digits(digits_in, lang)
        ),
    })
}
