//! Fish on one digit (the diagonal solver's Einzelzahl-Gitter): basic X-Wing
//! to Leviathan, fish with fins (Flossen): finned and sashimi, Franken and
//! mutant fish (base and cover mixing lines with other houses), and Kraken
//! fish (fins answered by chains).

use crate::Lang;
use crate::words::{cells, in_house, lines, or_list, removal, so, the_house, upper_first};
use sudoku_core::{CellSet, Digit, House, HouseKind, HouseSet, Variant};
use sudoku_logic::{KrakenFish, Step};

/// Whether the houses are two or more of one kind of line or box (written
/// "rows 1 and 7" / "den Zeilen 1 und 7").
fn one_kind(houses: &[House]) -> bool {
    let kind = houses.first().map(|h| h.kind());
    houses.len() > 1
        && houses.iter().all(|h| Some(h.kind()) == kind)
        && matches!(
            kind,
            Some(HouseKind::Row | HouseKind::Column | HouseKind::Box)
        )
}

/// German house lists without a leading article: "Zeilen 1 und 7" for one
/// kind, else one by one, a diagonal with its article in the case asked
/// ("der Hauptdiagonale" in the dative, "die Hauptdiagonale" as subject).
fn de_list(houses: &[House], dative: bool) -> String {
    if one_kind(houses) {
        return lines(houses, Lang::De);
    }
    let items: Vec<String> = houses
        .iter()
        .map(|&h| {
            let name = crate::words::house(h, Lang::De);
            match (h.kind(), dative) {
                (HouseKind::Diagonal, true) => format!("der {name}"),
                (HouseKind::Diagonal, false) => format!("die {name}"),
                _ => name,
            }
        })
        .collect();
    crate::words::and_list(&items, Lang::De)
}

/// Explains a fish with base lines `base` and cover lines `cover`.
pub(crate) fn render(
    step: &Step,
    name: &str,
    digit: Digit,
    base: HouseSet,
    cover: HouseSet,
    lang: Lang,
) -> Option<String> {
    let (b, c): (Vec<House>, Vec<House>) = (base.iter().collect(), cover.iter().collect());
    if !(one_kind(&b) && one_kind(&c)) {
        // Franken and mutant fish: the wording that names each house.
        return finned(
            step,
            name,
            digit,
            (base, cover),
            CellSet::EMPTY,
            false,
            lang,
        );
    }
    let (base, cover) = (lines(&b, lang), lines(&c, lang));
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
    let de_base = if one_kind(&base) { "den " } else { "" };
    let (de_cover, de_cover_nom) = if one_kind(&cover) {
        ("den ", "die ")
    } else {
        ("", "")
    };
    let (base, cover, cover_nom) = match lang {
        Lang::En => (lines(&base, lang), lines(&cover, lang), lines(&cover, lang)),
        Lang::De => (
            de_list(&base, true),
            de_list(&cover, true),
            de_list(&cover, false),
        ),
    };
    let then = so(&removal(&step.eliminations, lang), lang);
    let body = cells(step.cells - fins);
    let several = fins.len() > 1;
    let fin_list = cells(fins);
    if fins.is_empty() {
        // No fins (Franken and mutant fish): the basic argument, naming
        // every house.
        return Some(match lang {
            Lang::En => format!(
                "{name}: in {base} the {digit}s lie only in {cover} ({body}). Each of {base} holds {digit} once, and they share no candidate; {cover} therefore get their {digit}s from these cells, {then}"
            ),
            Lang::De => format!(
                "{name}: In {de_base}{base} liegen die Kandidaten {digit} nur in {de_cover}{cover} ({body}). Jede dieser Gruppen enthält die {digit} genau einmal, ohne gemeinsame Kandidaten, daher bekommen {de_cover_nom}{cover_nom} ihre {digit} aus diesen Zellen, {then}"
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
                " (Sashimi: ohne die Flossen bliebe in einer Basis-Gruppe nur ein Kandidat)"
            } else {
                ""
            };
            format!(
                "{name}: In {de_base}{base} liegen die Kandidaten {digit} nur in {de_cover}{cover} ({body}), bis auf {fin_word} {fin_list}{sashimi}. Steht die {digit} in keiner Flosse, bekommen {de_cover_nom}{cover_nom} ihre {digit} aus diesen Zellen; steht sie in einer Flosse, verliert jede Zelle, die diese Flosse sieht, die {digit}. Die Zellen von {cover} außerhalb von {base}, die {every} sehen, verlieren die {digit} also in jedem Fall, {then}"
            )
        }
    })
}

/// Explains a Kraken fish: the fish with its fins, then per starting cell
/// (the fins for type 1; the cover house's base candidates and the fins for
/// type 2) the chain that removes `removed` from `target`.
pub(crate) fn kraken(step: &Step, name: &str, k: &KrakenFish, lang: Lang) -> Option<String> {
    let &KrakenFish {
        digit,
        base,
        cover,
        fins,
        target,
        removed,
        cover_house,
        ref chains,
    } = k;
    let base: Vec<House> = base.iter().collect();
    let cover: Vec<House> = cover.iter().collect();
    let gone = removal(&step.eliminations, lang);
    let body = cells(step.cells - fins);
    let fin_list = cells(fins);
    let several = fins.len() > 1;
    let mut proofs = Vec::with_capacity(chains.len());
    for b in chains {
        proofs.push(crate::forcing::branch(b, false, lang)?);
    }
    // One sentence per starting cell.
    let proofs = proofs.join(". ");
    // Type 2: where the cover house takes the digit, and every start.
    let type_2 = cover_house.map(|h| {
        let places: Vec<String> = ((step.cells - fins) & Variant::house_cells(h))
            .iter()
            .map(|c| c.to_string())
            .collect();
        let starts = cells((step.cells & Variant::house_cells(h)) | fins);
        (h, or_list(&places, lang), starts)
    });
    Some(match lang {
        Lang::En => {
            let (base, cover) = (lines(&base, lang), lines(&cover, lang));
            let (fin_word, a_fin) = if several {
                ("fins", "one of the fins")
            } else {
                ("fin", "the fin")
            };
            let fish = format!(
                "{name}: in {base} the {digit}s lie only in {cover} ({body}), except for the {fin_word} {fin_list}."
            );
            match type_2 {
                None => format!(
                    "{fish} If no fin holds {digit}, {cover} get their {digit}s from these cells and {target} loses {digit}. If {a_fin} holds it, a chain removes {digit} from {target} as well: {proofs}. Either way, {gone}."
                ),
                Some((h, places, starts)) => {
                    let h = the_house(h, lang);
                    format!(
                        "{fish} If no fin holds {digit}, the {digit} of {h} is in {places}. So one of {starts} holds {digit}, and from each of them a chain removes {removed} from {target}: {proofs}. Either way, {gone}."
                    )
                }
            }
        }
        Lang::De => {
            let de_base = if one_kind(&base) { "den " } else { "" };
            let (de_cover, de_cover_nom) = if one_kind(&cover) {
                ("den ", "die ")
            } else {
                ("", "")
            };
            let (base, cover, cover_nom) = (
                de_list(&base, true),
                de_list(&cover, true),
                de_list(&cover, false),
            );
            let (fin_word, a_fin) = if several {
                ("die Flossen", "einer der Flossen")
            } else {
                ("die Flosse", "der Flosse")
            };
            let fish = format!(
                "{name}: In {de_base}{base} liegen die Kandidaten {digit} nur in {de_cover}{cover} ({body}), bis auf {fin_word} {fin_list}."
            );
            match type_2 {
                None => format!(
                    "{fish} Steht die {digit} in keiner Flosse, bekommen {de_cover_nom}{cover_nom} ihre {digit} aus diesen Zellen, und {target} verliert die {digit}. Steht sie in {a_fin}, entfernt eine Kette die {digit} ebenfalls aus {target}: {proofs}. In jedem Fall {gone}."
                ),
                Some((h, places, starts)) => {
                    let h = in_house(h, lang);
                    format!(
                        "{fish} Steht die {digit} in keiner Flosse, steht sie {h} in {places}. Also enthält eine der Zellen {starts} die {digit}, und von jeder aus entfernt eine Kette die {removed} aus {target}: {proofs}. In jedem Fall {gone}."
                    )
                }
            }
        }
    })
}
