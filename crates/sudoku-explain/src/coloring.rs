//! Colouring on one digit (Färbung): Simple Colors (colour wrap and colour
//! trap) and Multi Colors (Farben). The clusters' colours are named blue/green
//! and, for the second cluster of multi colours, red/yellow.

use crate::Lang;
use crate::words::in_house;
use crate::words::{cells, chain, removal, so, upper_first};
use sudoku_core::Digit as D;
use sudoku_core::{CellSet, Digit};
use sudoku_logic::{ColoringKind, MedusaRule, Step};

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
    // Each colour with its cells: "blue (r1c2, r3c4)".
    let coloured = |k: usize, set: CellSet| format!("{} ({})", names[k], cells(set));
    let (a, b) = (coloured(0, colors[0]), coloured(1, colors[1]));
    let clusters = match other {
        None => match lang {
            Lang::En => format!(
                "the strong links {links} split the {digit}s into two colours, {a} and {b}; exactly one colour holds {digit}."
            ),
            Lang::De => format!(
                "die starken Verbindungen {links} teilen die Kandidaten {digit} in zwei Farben, {a} und {b}; genau eine Farbe enthält die {digit}."
            ),
        },
        Some(o) => {
            let (c, d) = (coloured(2, o[0]), coloured(3, o[1]));
            match lang {
                Lang::En => format!(
                    "the strong links {links} form two clusters of {digit}s with the colours {a} and {b}, and {c} and {d}; in each cluster exactly one colour holds {digit}."
                ),
                Lang::De => format!(
                    "die starken Verbindungen {links} bilden zwei Verbünde von Kandidaten {digit} mit den Farben {a} und {b} sowie {c} und {d}; in jedem Verbund enthält genau eine Farbe die {digit}."
                ),
            }
        }
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
            "{} Zellen sehen sowohl {} als auch {} Zellen: wäre {} wahr, hätte der zweite Verbund keine wahre Farbe, {then}",
            upper_first(&adjective(k, lang)),
            adjective(2, lang),
            adjective(3, lang),
            name_of(k)
        ),
    };
    Some(match lang {
        Lang::En => format!("{name} on {digit}: {clusters} {reason}"),
        Lang::De => format!("{name} mit der {digit}: {clusters} {reason}"),
    })
}

/// The candidates of one Medusa colour: `3: r1c2, r4c5; 7: r2c2`.
fn candidates(per_digit: &[CellSet; 9]) -> String {
    D::ALL
        .into_iter()
        .filter(|d| !per_digit[d.index()].is_empty())
        .map(|d| format!("{d}: {}", cells(per_digit[d.index()])))
        .collect::<Vec<_>>()
        .join("; ")
}

/// Explains a 3D Medusa step: the two colours (candidates per colour) and the
/// rule that removes the candidates.
pub(crate) fn medusa(
    step: &Step,
    name: &str,
    colors: &[[CellSet; 9]; 2],
    rule: MedusaRule,
    lang: Lang,
) -> Option<String> {
    let names = color_names(lang);
    let name_of = |k: usize| names.get(k).copied().unwrap_or("?");
    let then = so(&removal(&step.eliminations, lang), lang);
    let gone: CellSet = step.eliminations.iter().map(|e| e.cell).collect();
    let one = gone.len() == 1;
    // One candidate removed, or several (rules 4 and 5 speak of candidates).
    let single = step.eliminations.len() == 1;
    let (blue, green) = (name_of(0), name_of(1));
    let (blue_cands, green_cands) = (candidates(&colors[0]), candidates(&colors[1]));
    let clusters = match lang {
        Lang::En => format!(
            "bivalue cells and conjugate pairs join candidates of several digits into one cluster of two colours, {blue} ({blue_cands}) and {green} ({green_cands}); along every link exactly one end is true, so exactly one colour is true."
        ),
        Lang::De => format!(
            "bivalente Zellen und konjugierte Paare verbinden Kandidaten mehrerer Zahlen zu einem Verbund mit zwei Farben, {blue} ({blue_cands}) und {green} ({green_cands}); in jeder Verbindung ist genau ein Ende wahr, also ist genau eine Farbe wahr."
        ),
    };
    // The uncoloured candidates the rules 4 and 5 remove, as a subject.
    let uncoloured = match (lang, single) {
        (Lang::En, true) => "This uncoloured candidate sees",
        (Lang::En, false) => "Each of these uncoloured candidates sees",
        (Lang::De, true) => "Dieser ungefärbte Kandidat sieht",
        (Lang::De, false) => "Jeder dieser ungefärbten Kandidaten sieht",
    };
    let reason = match rule {
        MedusaRule::TwiceInCell { color, cell } => {
            let false_color = name_of(color);
            match lang {
                Lang::En => format!(
                    "{cell} holds two {false_color} candidates, but a cell takes only one digit: {false_color} is false, {then}"
                ),
                Lang::De => format!(
                    "{cell} enthält zwei {} Kandidaten, eine Zelle nimmt aber nur eine Zahl auf: {false_color} ist falsch, {then}",
                    adjective(color, lang)
                ),
            }
        }
        MedusaRule::TwiceInHouse {
            color,
            digit,
            house,
            cells: [a, b],
        } => {
            let (false_color, there) = (name_of(color), in_house(house, lang));
            match lang {
                Lang::En => format!(
                    "{} would put {digit} into both {a} and {b} {there}: {false_color} is false, {then}",
                    upper_first(false_color)
                ),
                Lang::De => format!(
                    "{false_color} würde die {digit} {there} sowohl nach {a} als auch nach {b} setzen: {false_color} ist falsch, {then}"
                ),
            }
        }
        MedusaRule::CellEmptied { color, cell } => {
            let false_color = name_of(color);
            match lang {
                Lang::En => format!(
                    "Every candidate of {cell} sees a {false_color} candidate of its digit: if {false_color} were true, {cell} would be left empty. So {false_color} is false, {then}"
                ),
                Lang::De => format!(
                    "Jeder Kandidat von {cell} sieht einen {}n Kandidaten seiner Zahl: wäre {false_color} wahr, bliebe {cell} leer. {false_color} ist also falsch, {then}",
                    adjective(color, lang)
                ),
            }
        }
        MedusaRule::TwoColorsInCell => {
            let gone = cells(gone);
            match lang {
                Lang::En => format!(
                    "{gone} {} a candidate of each colour, one of which is true; {} no other digit, {then}",
                    if one { "holds" } else { "hold" },
                    if one { "it takes" } else { "they take" }
                ),
                Lang::De => format!(
                    "{gone} {} einen Kandidaten jeder Farbe, von denen einer wahr ist, und {} daher keine andere Zahl auf, {then}",
                    if one { "enthält" } else { "enthalten" },
                    if one { "nimmt" } else { "nehmen" }
                ),
            }
        }
        MedusaRule::SeesBothColors => match lang {
            Lang::En => format!(
                "{uncoloured} a {blue} and a {green} candidate of its digit, one of which is true, {then}"
            ),
            Lang::De => format!(
                "{uncoloured} einen {}n und einen {}n Kandidaten seiner Zahl, von denen einer wahr ist, {then}",
                adjective(0, lang),
                adjective(1, lang)
            ),
        },
        MedusaRule::ColorAndCell => match lang {
            Lang::En => format!(
                "{uncoloured} one colour on its digit and shares its cell with a candidate of the other colour: whichever colour is true rules it out, {then}"
            ),
            Lang::De => format!(
                "{uncoloured} eine Farbe auf seiner Zahl und teilt seine Zelle mit einem Kandidaten der anderen Farbe: welche Farbe auch wahr ist, sie schließt ihn aus, {then}"
            ),
        },
    };
    Some(match lang {
        Lang::En => format!("{name}: {clusters} {reason}"),
        Lang::De => format!("{name}: {} {reason}", upper_first(&clusters)),
    })
}
