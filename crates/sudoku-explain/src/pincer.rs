//! The seed's diagonal tests and pincers (and the colour pincer): a cell sees
//! every place of a digit in a house, each through some house of its own, so
//! whichever place takes the digit, the cell cannot.

use crate::Lang;
use crate::words::{and_list, in_house, removal, so, the_house, upper_first};
use sudoku_core::{Cell, CellSet, Digit, House};
use sudoku_logic::Step;

/// Explains that `cell` sees the `places` of `digit` in `house` through `via`.
pub(crate) fn render(
    step: &Step,
    name: &str,
    (digit, house): (Digit, House),
    places: CellSet,
    cell: Cell,
    via: &[House],
    lang: Lang,
) -> Option<String> {
    let seen: Vec<String> = places
        .iter()
        .zip(via)
        .map(|(p, h)| match lang {
            Lang::En => format!("{p} through {}", the_house(*h, lang)),
            Lang::De => format!("{p} über {}", the_house(*h, lang)),
        })
        .collect();
    let then = so(&removal(&step.eliminations, lang), lang);
    let place_list = and_list(
        &places.iter().map(|p| p.to_string()).collect::<Vec<_>>(),
        lang,
    );
    Some(match lang {
        Lang::En => format!(
            "{name}: {} the {digit} can only go into {place_list}. {cell} sees {}: wherever the {digit} goes, {cell} sees it, {then}",
            in_house(house, lang),
            and_list(&seen, lang),
        ),
        Lang::De => format!(
            "{name}: {} kann die {digit} nur in {place_list} stehen. {cell} sieht {}: wo auch immer die {digit} steht, {cell} sieht sie, {then}",
            upper_first(&in_house(house, lang)),
            and_list(&seen, lang),
        ),
    })
}
