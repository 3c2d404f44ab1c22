//! Colouring on one digit (Färbung): Simple Colors (colour wrap and colour
//! trap) and Multi Colors (Farben). The clusters' colours are named blue/green
//! and, for the second cluster of multi colours, red/yellow.

use crate::Lang;
use crate::words::{cells, chain, removal, so, upper_first};
use sudoku_core::{CellSet, Digit};
use sudoku_logic::{ColoringKind, Step};

/// The colour names as nouns: the first cluster's two, then the second
/// cluster's two.
fn color_names(lang: Lang) -> [&'static str; 4] {
    match lang {
        Lang::En => ["blue", "green", "red", "yellow"],
        Lang::De => ["Blau", "Grün", "Rot", "Gelb"],
    }
}

/// A colour as an adjective before a plural or feminine noun: "blue" /
/// "blaue".
fn adjective(k: usize, lang: Lang) -> String {
    let name = color_names(lang).get(k).copied().unwrap_or("?");
    match lang {
        Lang::En => name.to_string(),
        Lang::De => format!("{}e", name.to_lowercase()),
    }
}

/// Explains a colouring step: `colors` are the first cluster's two colours,
/// `other` the second cluster's (multi colours).
pub(crate) fn render(
    step: &Step,
    name: &str,
    digit: Digit,
    kind: ColoringKind,
    colors: [CellSet; 2],
    other: Option<[CellSet; 2]>,
    lang: Lang,
) -> Option<String> {
    let names = color_names(lang);
    let links = chain(&step.links);
    let then = so(&removal(&step.eliminations, lang), lang);
    let gone: CellSet = step.eliminations.iter().map(|e| e.cell).collect();
    // One cell sees, several see (both languages agree in number).
    let one = gone.len() == 1;
    let gone = cells(gone);
    let clusters = match (other, lang) {
        (None, Lang::En) => format!(
            "the strong links {links} split the {digit}s into two colours, {} ({}) and {} ({}); exactly one colour holds {digit}.",
            names[0],
            cells(colors[0]),
            names[1],
            cells(colors[1])
        ),
        (None, Lang::De) => format!(
            "die starken Verbindungen {links} teilen die Kandidaten {digit} in zwei Farben, {} ({}) und {} ({}); genau eine Farbe enthält die {digit}.",
            names[0],
            cells(colors[0]),
            names[1],
            cells(colors[1])
        ),
        (Some(o), Lang::En) => format!(
            "the strong links {links} form two clusters of {digit}s with the colours {} ({}) and {} ({}), and {} ({}) and {} ({}); in each cluster exactly one colour holds {digit}.",
            names[0],
            cells(colors[0]),
            names[1],
            cells(colors[1]),
            names[2],
            cells(o[0]),
            names[3],
            cells(o[1])
        ),
        (Some(o), Lang::De) => format!(
            "die starken Verbindungen {links} bilden zwei Gruppen von Kandidaten {digit} mit den Farben {} ({}) und {} ({}) sowie {} ({}) und {} ({}); in jeder Gruppe enthält genau eine Farbe die {digit}.",
            names[0],
            cells(colors[0]),
            names[1],
            cells(colors[1]),
            names[2],
            cells(o[0]),
            names[3],
            cells(o[1])
        ),
    };
    let name_of = |k: usize| names.get(k).copied().unwrap_or("?");
    let reason = match (kind, lang) {
        (
            ColoringKind::Wrap {
                false_color: k,
                clash: [x, y],
            },
            Lang::En,
        ) => format!(
            "Two {} cells, {x} and {y}, see each other, so {} cannot be the true colour, {then}",
            name_of(k),
            name_of(k)
        ),
        (
            ColoringKind::Wrap {
                false_color: k,
                clash: [x, y],
            },
            Lang::De,
        ) => format!(
            "Zwei {} Zellen, {x} und {y}, sehen sich, also kann {} nicht die wahre Farbe sein, {then}",
            adjective(k, lang),
            name_of(k)
        ),
        (ColoringKind::Trap, Lang::En) if one => {
            format!("{gone} sees a cell of each colour and cannot hold {digit}, {then}")
        }
        (ColoringKind::Trap, Lang::En) => {
            format!("{gone} see a cell of each colour and cannot hold {digit}, {then}")
        }
        (ColoringKind::Trap, Lang::De) if one => format!(
            "{gone} sieht eine Zelle jeder Farbe und kann die {digit} nicht enthalten, {then}"
        ),
        (ColoringKind::Trap, Lang::De) => format!(
            "{gone} sehen eine Zelle jeder Farbe und können die {digit} nicht enthalten, {then}"
        ),
        (ColoringKind::MultiSee { seeing: [a, b] }, Lang::En) => format!(
            "A {} cell sees a {} cell, so not both colours are true: {} or {} holds {digit}. {gone} {} both, {then}",
            name_of(a),
            name_of(b + 2),
            name_of(1 - a),
            name_of(3 - b),
            if one { "sees" } else { "see" }
        ),
        (ColoringKind::MultiSee { seeing: [a, b] }, Lang::De) => format!(
            "Eine {} Zelle sieht eine {} Zelle, also sind nicht beide Farben wahr: {} oder {} enthält die {digit}. {gone} {} beide, {then}",
            adjective(a, lang),
            adjective(b + 2, lang),
            name_of(1 - a),
            name_of(3 - b),
            if one { "sieht" } else { "sehen" }
        ),
        (ColoringKind::MultiBoth { false_color: k }, Lang::En) => format!(
            "{} cells see both {} and {} cells: if {} were true, the second cluster would have no true colour, {then}",
            upper_first(name_of(k)),
            name_of(2),
            name_of(3),
            name_of(k)
        ),
        (ColoringKind::MultiBoth { false_color: k }, Lang::De) => format!(
            "{} Zellen sehen sowohl {} als auch {} Zellen: wäre {} wahr, hätte die zweite Gruppe keine wahre Farbe, {then}",
            upper_first(&adjective(k, lang)),
            adjective(2, lang),
            adjective(3, lang),
            name_of(k)
        ),
        // A kind added to the logic crate later: the effect still reads.
        (_, _) => then.clone(),
    };
    Some(match lang {
        Lang::En => format!("{name} on {digit}: {clusters} {reason}"),
        Lang::De => format!("{name} mit der {digit}: {clusters} {reason}"),
    })
}
