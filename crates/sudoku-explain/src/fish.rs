//! Fish on one digit (the diagonal solver's Einzelzahl-Gitter): basic X-Wing,
//! Swordfish, Jellyfish, and fish with fins (Flossen): finned and sashimi.

use crate::Lang;
use crate::words::{cells, lines, removal, so, upper_first};
use sudoku_core::{CellSet, Digit, House, HouseSet};
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

/// Explains a fish with fins (finned or sashimi): base houses `base`,
/// cover houses `cover`, fins `fins`.
pub(crate) fn finned(
    step: &Step,
    name: &str,
    digit: Digit,
    (base, cover): (HouseSet, HouseSet),
    fins: CellSet,
    sashimi: bool,
    lang: Lang,
) -> Option<String> {
    let base: Vec<House> = base.iter().collect();
    let cover: Vec<House> = cover.iter().collect();
    // "den Zeilen 1 und 7" when the houses are of one kind, else a plain list.
    let article = |houses: &[House]| {
        let kind = houses.first().map(|h| h.kind());
        houses.len() > 1 && houses.iter().all(|h| Some(h.kind()) == kind)
    };
    let de_base = if article(&base) { "den " } else { "" };
    let (de_cover, de_cover_nom) = if article(&cover) {
        ("den ", "die ")
    } else {
        ("", "")
    };
    let (base, cover) = (lines(&base, lang), lines(&cover, lang));
    let then = so(&removal(&step.eliminations, lang), lang);
    let body = cells(step.cells - fins);
    let several = fins.len() > 1;
    let fin_list = cells(fins);
    if fins.is_empty() {
        // No fins (a value the finders do not produce): the basic argument.
        return Some(match lang {
            Lang::En => format!(
                "{name}: in {base} the {digit}s lie only in {cover} ({body}). Each of {base} holds {digit} once, and they share no candidate, so {cover} get their {digit}s from these cells, {then}"
            ),
            Lang::De => format!(
                "{name}: In {de_base}{base} liegen die Kandidaten {digit} nur in {de_cover}{cover} ({body}). Jedes dieser Häuser enthält die {digit} genau einmal, ohne gemeinsame Kandidaten, daher bekommen {de_cover_nom}{cover} ihre {digit} aus diesen Zellen, {then}"
            ),
        });
    }
    Some(match lang {
        Lang::En => {
            let (fin_word, every) = if several {
                ("fins", "every fin")
            } else {
                ("fin", "the fin")
            };
            let sashimi = if sashimi {
                " (sashimi: without the fins one base house would keep a single candidate)"
            } else {
                ""
            };
            format!(
                "{name}: in {base} the {digit}s lie only in {cover} ({body}), except for the {fin_word} {fin_list}{sashimi}. If no fin holds {digit}, {cover} get their {digit}s from these cells; if a fin holds it, every cell seeing that fin loses {digit}. The cells of {cover} outside {base} that see {every} lose {digit} either way, {then}"
            )
        }
        Lang::De => {
            let (fin_word, every) = if several {
                ("die Flossen", "jede Flosse")
            } else {
                ("die Flosse", "die Flosse")
            };
            let sashimi = if sashimi {
                " (Sashimi: ohne die Flossen bliebe in einem Basis-Haus nur ein Kandidat)"
            } else {
                ""
            };
            format!(
                "{name}: In {de_base}{base} liegen die Kandidaten {digit} nur in {de_cover}{cover} ({body}), bis auf {fin_word} {fin_list}{sashimi}. Steht die {digit} in keiner Flosse, bekommen {de_cover_nom}{cover} ihre {digit} aus diesen Zellen; steht sie in einer Flosse, verliert jede Zelle, die diese Flosse sieht, die {digit}. Die Zellen von {cover} außerhalb von {base}, die {every} sehen, verlieren die {digit} also in jedem Fall, {then}"
            )
        }
    })
}
