//! Single-digit patterns: the four-cell chains (skyscraper, 2-string kite,
//! turbot fish), X-chains and X-loops (the diagonal solver's Einzelzahl-Ketten),
//! the empty rectangle and the single-digit contradiction chains
//! (Einzelzahl-Widerspruchs-Ketten, types 1 and 2 with their O/X link string).

use crate::Lang;
use crate::words::{
    cell_list, cells, chain as chain_text, chain_cells, in_house, the_house, upper_first,
};
use sudoku_core::{CellSet, Digit, House};
use sudoku_logic::{DigitContradiction, LinkKind, Step};

/// Explains a single-digit chain or closed loop; `links` of the step hold it in
/// order.
pub(crate) fn chain(
    step: &Step,
    name: &str,
    digit: Digit,
    length: usize,
    closed: bool,
    lang: Lang,
) -> Option<String> {
    let path = chain_text(&step.links);
    let order = chain_cells(&step.links);
    let (first, last) = (order.first()?, order.last()?);
    let gone: CellSet = step.eliminations.iter().map(|e| e.cell).collect();
    let gone = cells(gone);
    Some(match (closed, lang) {
        (false, Lang::En) => format!(
            "{name} on {digit}: {path}. If {first} is not {digit}, the chain forces {digit} into {last}; so one end holds {digit}, and {digit} can be removed from every cell that sees both ends: {gone}."
        ),
        (false, Lang::De) => format!(
            "{name} mit der {digit}: {path}. Ist {first} nicht die {digit}, zwingt die Kette die {digit} nach {last}; eines der beiden Enden enthält also die {digit}, und sie kann aus allen Zellen gestrichen werden, die beide Enden sehen: {gone}."
        ),
        (true, Lang::En) => format!(
            "{name} on {digit}: {path} closes a loop of {length} cells, so every weak link is strong as well: each link has {digit} in exactly one of its two cells, and {digit} can be removed from every other cell that sees both cells of a link: {gone}."
        ),
        (true, Lang::De) => format!(
            "{name} mit der {digit}: {path} schließt sich zu einer Schleife aus {length} Zellen, daher ist jede schwache Verbindung auch stark: jede Verbindung hat die {digit} in genau einer ihrer beiden Zellen, und die {digit} kann aus allen anderen Zellen gestrichen werden, die beide Zellen einer Verbindung sehen: {gone}."
        ),
    })
}

/// Explains an empty rectangle in box `region` with the arms `lines` (row,
/// column) and the strong link in the step's `links`.
pub(crate) fn empty_rectangle(
    step: &Step,
    name: &str,
    digit: Digit,
    region: House,
    lines: [House; 2],
    lang: Lang,
) -> Option<String> {
    let link = step.links.first()?;
    let (y, x) = (link.from.0, link.to.0);
    let strong = chain_text(&step.links);
    let strong_house = step.houses.get(3).map(|&h| in_house(h, lang));
    let gone: CellSet = step.eliminations.iter().map(|e| e.cell).collect();
    let gone = cells(gone);
    let [row, column] = lines.map(|h| the_house(h, lang));
    let box_in = in_house(region, lang);
    Some(match lang {
        Lang::En => format!(
            "{name} on {digit}: {box_in} the {digit}s lie only in {row} and {column}. A {digit} in {gone} would remove it from {y}, so the strong link {strong}{} would put {digit} into {x}; together they would leave {} without a {digit}. So {digit} can be removed from {gone}.",
            strong_house.map(|h| format!(" {h}")).unwrap_or_default(),
            the_house(region, lang)
        ),
        Lang::De => format!(
            "{name} mit der {digit}: {} liegen die Kandidaten {digit} nur in {row} und {column}. Eine {digit} in {gone} würde sie aus {y} entfernen; dann setzt die starke Verbindung {strong}{} die {digit} nach {x}, und zusammen bliebe {box_in} kein Platz für die {digit}. Also kann die {digit} aus {gone} gestrichen werden.",
            upper_first(&box_in),
            strong_house.map(|h| format!(" {h}")).unwrap_or_default(),
        ),
    })
}

/// Explains a single-digit contradiction chain: the digit set in every odd cell
/// breaks `house`.
pub(crate) fn contradiction(
    step: &Step,
    name: &str,
    c: &DigitContradiction,
    lang: Lang,
) -> Option<String> {
    let &DigitContradiction {
        digit,
        length,
        all_strong,
        house,
        twice,
    } = c;
    let order = chain_cells(&step.links);
    let start = *order.first()?;
    let set: Vec<_> = order.iter().copied().step_by(2).collect();
    // The seed's type: 1, or 2 followed by every link, O strong and X weak.
    let kind = if all_strong {
        "1".to_string()
    } else {
        let marks: String = step
            .links
            .iter()
            .map(|l| match l.kind {
                LinkKind::Strong => 'O',
                LinkKind::Weak => 'X',
            })
            .collect();
        format!("2{marks}")
    };
    let path = chain_text(&step.links);
    let gone: CellSet = step.eliminations.iter().map(|e| e.cell).collect();
    let several = gone.len() > 1;
    let gone = cells(gone);
    let place = in_house(house, lang);
    Some(match lang {
        Lang::En => {
            let broken = if twice {
                format!("puts {digit} twice {place}")
            } else {
                format!("leaves no place for {digit} {place}")
            };
            let more = if several {
                " The same argument starts from each of them."
            } else {
                ""
            };
            format!(
                "{name} (type {kind}) on {digit}, {length} cells: assume {digit} in {start}. Along {path} it is then set in {}, which {broken}. So {digit} can be removed from {gone}.{more}",
                cell_list(&set)
            )
        }
        Lang::De => {
            let broken = if twice {
                format!("setzt die {digit} zweimal {place}")
            } else {
                format!("lässt {place} keinen Platz für die {digit}")
            };
            let more = if several {
                " Derselbe Schluss gilt von jeder dieser Zellen aus."
            } else {
                ""
            };
            format!(
                "{name} (Typ {kind}) mit der {digit}, {length} Zellen: Angenommen, in {start} steht die {digit}. Entlang {path} steht sie dann in {}, und das {broken}. Also kann die {digit} aus {gone} gestrichen werden.{more}",
                cell_list(&set)
            )
        }
    })
}

/// Explains a dual pattern (dual 2-string kite, dual empty rectangle): an
/// introduction naming the shared box, then the two single patterns' own
/// `texts`.
pub(crate) fn dual(
    name: &str,
    digit: Digit,
    region: House,
    texts: &[String],
    lang: Lang,
) -> Option<String> {
    let [first, second] = texts else {
        return None;
    };
    let place = in_house(region, lang);
    Some(match lang {
        Lang::En => format!(
            "{name} on {digit}: two patterns through the {digit}s {place} hold at once, each removing candidates of its own. 1) {first} 2) {second}"
        ),
        Lang::De => format!(
            "{name} mit der {digit}: Zwei Muster über die Kandidaten {digit} {place} gelten zugleich, jedes streicht eigene Kandidaten. 1) {first} 2) {second}"
        ),
    })
}

/// Explains a template step: of the `templates` layouts of `digit` that fit
/// the candidates, all use the placed cells, none the eliminated ones.
pub(crate) fn template(
    step: &Step,
    name: &str,
    digit: Digit,
    templates: usize,
    lang: Lang,
) -> Option<String> {
    let placed: CellSet = step.placements.iter().map(|p| p.cell).collect();
    let gone: CellSet = step.eliminations.iter().map(|e| e.cell).collect();
    let one = templates == 1;
    let intro = match (lang, one) {
        (Lang::En, true) => format!(
            "{name} on {digit}: there is only one way to place {digit} once in every house that fits the candidates (a template)"
        ),
        (Lang::En, false) => format!(
            "{name} on {digit}: there are {templates} ways to place {digit} once in every house that fit the candidates (templates)"
        ),
        (Lang::De, true) => format!(
            "{name} mit der {digit}: Es gibt nur eine Möglichkeit (Schablone), die {digit} passend zu den Kandidaten einmal in jede Gruppe zu setzen"
        ),
        (Lang::De, false) => format!(
            "{name} mit der {digit}: Es gibt {templates} Möglichkeiten (Schablonen), die {digit} passend zu den Kandidaten einmal in jede Gruppe zu setzen"
        ),
    };
    let reason = match (lang, one, placed.is_empty()) {
        (Lang::En, true, false) => format!("it uses {}, so {digit} goes there.", cells(placed)),
        (Lang::En, false, false) => format!(
            "every one of them uses {}, so {digit} goes there.",
            cells(placed)
        ),
        (Lang::En, true, true) => format!(
            "it does not use {}, so {digit} can be removed from there.",
            cells(gone)
        ),
        (Lang::En, false, true) => format!(
            "none of them uses {}, so {digit} can be removed from there.",
            cells(gone)
        ),
        (Lang::De, true, false) => format!(
            "sie benutzt {}, also kommt die {digit} dorthin.",
            cells(placed)
        ),
        (Lang::De, false, false) => format!(
            "jede davon benutzt {}, also kommt die {digit} dorthin.",
            cells(placed)
        ),
        (Lang::De, true, true) => format!(
            "sie benutzt {} nicht, also kann die {digit} dort gestrichen werden.",
            cells(gone)
        ),
        (Lang::De, false, true) => format!(
            "keine davon benutzt {}, also kann die {digit} dort gestrichen werden.",
            cells(gone)
        ),
    };
    Some(format!("{intro}; {reason}"))
}
