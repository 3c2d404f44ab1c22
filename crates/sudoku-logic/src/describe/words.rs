//! The vocabulary shared by every renderer: how houses, cells, digits, lists,
//! chains and removals are written in each language.
//!
//! Renderers build sentences only from these pieces, so a house is called
//! "Zeile 3" or "Hauptdiagonale" the same way everywhere and the chain notation
//! (see the crate docs) has exactly one implementation.

use crate::step::{ChainNode, Elimination, Link, LinkKind};
use sudoku_core::Lang;
use sudoku_core::{Cell, CellSet, Digit, DigitSet, House, HouseKind};

/// A house as a person names it: `row 3`, `main diagonal` / `Zeile 3`,
/// `Hauptdiagonale`.
pub fn house(h: House, lang: Lang) -> String {
    sudoku_core::house_name(h, lang)
}

/// Whether the house's name needs an article ("the main diagonal", "der
/// Hauptdiagonale"): the diagonals are unique and unnumbered.
fn needs_article(h: House) -> bool {
    h.kind() == HouseKind::Diagonal
}

/// "in row 3" / "in the main diagonal"; "in Zeile 3" / "in der Hauptdiagonale".
pub fn in_house(h: House, lang: Lang) -> String {
    match (lang, needs_article(h)) {
        (Lang::En, false) => format!("in {}", house(h, lang)),
        (Lang::En, true) => format!("in the {}", house(h, lang)),
        (Lang::De, false) => format!("in {}", house(h, lang)),
        (Lang::De, true) => format!("in der {}", house(h, lang)),
    }
}

/// A house as the subject or object of a sentence: "row 3" / "the main
/// diagonal"; "Zeile 3" / "die Hauptdiagonale".
pub fn the_house(h: House, lang: Lang) -> String {
    match (lang, needs_article(h)) {
        (_, false) => house(h, lang),
        (Lang::En, true) => format!("the {}", house(h, lang)),
        (Lang::De, true) => format!("die {}", house(h, lang)),
    }
}

/// Several lines of one kind: "rows 2 and 7" / "Zeilen 2 und 7"; mixed kinds
/// are listed one by one.
pub fn lines(houses: &[House], lang: Lang) -> String {
    let kind = houses.first().map(|h| h.kind());
    let same = houses.iter().all(|h| Some(h.kind()) == kind);
    let plural = match (lang, kind) {
        (Lang::En, Some(HouseKind::Row)) => Some("rows"),
        (Lang::En, Some(HouseKind::Column)) => Some("columns"),
        (Lang::En, Some(HouseKind::Box)) => Some("boxes"),
        (Lang::De, Some(HouseKind::Row)) => Some("Zeilen"),
        (Lang::De, Some(HouseKind::Column)) => Some("Spalten"),
        (Lang::De, Some(HouseKind::Box)) => Some("Boxen"),
        _ => None,
    };
    match plural {
        Some(word) if same && houses.len() > 1 => {
            let numbers: Vec<String> = houses
                .iter()
                .map(|h| (h.number() + 1).to_string())
                .collect();
            format!("{word} {}", and_list(&numbers, lang))
        }
        _ => {
            let names: Vec<String> = houses.iter().map(|&h| the_house(h, lang)).collect();
            and_list(&names, lang)
        }
    }
}

/// "a, b and c" / "a, b und c".
pub fn and_list(items: &[String], lang: Lang) -> String {
    let and = match lang {
        Lang::En => " and ",
        Lang::De => " und ",
    };
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{}{and}{last}", rest.join(", ")),
    }
}

/// "4 or 7", "4, 7 or 9" / "4 oder 7".
pub fn or_list(items: &[String], lang: Lang) -> String {
    let or = match lang {
        Lang::En => " or ",
        Lang::De => " oder ",
    };
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{}{or}{last}", rest.join(", ")),
    }
}

/// Cells in reading order, comma-separated: `r6c7, r6c9`.
pub fn cells(set: CellSet) -> String {
    let v: Vec<String> = set.iter().map(|c| c.to_string()).collect();
    v.join(", ")
}

/// Cells in the given order, comma-separated.
pub fn cell_list(list: &[Cell]) -> String {
    let v: Vec<String> = list.iter().map(|c| c.to_string()).collect();
    v.join(", ")
}

/// Digits as a list: "4 and 7" / "4 und 7".
pub fn digits(set: DigitSet, lang: Lang) -> String {
    let v: Vec<String> = set.iter().map(|d| d.to_string()).collect();
    and_list(&v, lang)
}

/// One candidate of a chain in Eureka notation: `(5)r1c2`.
pub fn node((cell, digit): (Cell, Digit)) -> String {
    format!("({digit}){cell}")
}

/// A node in Eureka notation: `(5)r1c2`, a group `(5)r1c23` or `(5)r12c3`.
pub fn chain_node(n: &ChainNode) -> String {
    let d = n.digit;
    let cells: Vec<_> = n.cells.iter().collect();
    match cells.as_slice() {
        [] => format!("({d})"),
        [one] => format!("({d}){one}"),
        [first, ..] if cells.iter().all(|c| c.row() == first.row()) => {
            let cols: String = cells.iter().map(|c| (c.col() + 1).to_string()).collect();
            format!("({d})r{}c{cols}", first.row() + 1)
        }
        [first, ..] if cells.iter().all(|c| c.col() == first.col()) => {
            let rows: String = cells.iter().map(|c| (c.row() + 1).to_string()).collect();
            format!("({d})r{rows}c{}", first.col() + 1)
        }
        _ => {
            let list: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
            format!("({d}){{{}}}", list.join(","))
        }
    }
}

/// A chain in Eureka notation: `(5)r1c2 = (5)r1c7 - (5)r4c7 = (5)r4c1`, strong
/// links `=`, weak links `-`. Where a link does not start at the previous one's
/// end, the new start is written after `…`.
pub fn chain(links: &[Link]) -> String {
    let mut out = String::new();
    let mut at: Option<(Cell, Digit)> = None;
    for link in links {
        if at != Some(link.from) {
            if at.is_some() {
                out.push_str(" … ");
            }
            out.push_str(&node(link.from));
        }
        out.push_str(match link.kind {
            LinkKind::Strong => " = ",
            LinkKind::Weak => " - ",
        });
        out.push_str(&node(link.to));
        at = Some(link.to);
    }
    out
}

/// The removals of a step as the clause after "so" / "also":
/// "5 can be removed from r6c7, r6c9" / "kann die 5 aus r6c7, r6c9 gestrichen
/// werden"; several digits are listed digit by digit.
pub fn removal(elims: &[Elimination], lang: Lang) -> String {
    let by_digit = group(elims);
    match (lang, by_digit.as_slice()) {
        (_, []) => match lang {
            Lang::En => "nothing can be removed".to_string(),
            Lang::De => "kann nichts gestrichen werden".to_string(),
        },
        (Lang::En, [(d, set)]) => format!("{d} can be removed from {}", cells(*set)),
        (Lang::De, [(d, set)]) => format!("kann die {d} aus {} gestrichen werden", cells(*set)),
        (Lang::En, many) => {
            let parts: Vec<String> = many
                .iter()
                .map(|(d, set)| format!("{d} from {}", cells(*set)))
                .collect();
            format!("these candidates can be removed: {}", parts.join("; "))
        }
        (Lang::De, many) => {
            let parts: Vec<String> = many
                .iter()
                .map(|(d, set)| format!("{d} aus {}", cells(*set)))
                .collect();
            format!(
                "können diese Kandidaten gestrichen werden: {}",
                parts.join("; ")
            )
        }
    }
}

/// The eliminated cells per digit, in digit order.
pub fn group(elims: &[Elimination]) -> Vec<(Digit, CellSet)> {
    let mut out: Vec<(Digit, CellSet)> = Vec::new();
    for d in Digit::ALL {
        let set: CellSet = elims
            .iter()
            .filter(|e| e.digit == d)
            .map(|e| e.cell)
            .collect();
        if !set.is_empty() {
            out.push((d, set));
        }
    }
    out
}

/// "so " / "also " joined to a clause, ending the sentence.
pub fn so(clause: &str, lang: Lang) -> String {
    match lang {
        Lang::En => format!("so {clause}."),
        Lang::De => format!("also {clause}."),
    }
}

/// The premise, then the reason and the removals as a sentence of their own:
/// "INTRO Why; so 5 can be removed from r6c7." The uniqueness texts (graves,
/// loops, rectangles) first say why the pattern may not complete, then what
/// completing it would need.
pub fn intro_why_so(intro: &str, why: &str, elims: &[Elimination], lang: Lang) -> String {
    format!(
        "{intro} {}",
        upper_first(&format!("{why}; {}", so(&removal(elims, lang), lang)))
    )
}

/// The text with its first letter upper-case (German sentences starting with
/// "in Box 4", English ones with "columns 3 and 8").
pub fn upper_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The cells of a chain in order: the start of the first link, then the end of
/// every link.
pub fn chain_cells(links: &[Link]) -> Vec<Cell> {
    let mut out: Vec<Cell> = links.first().map(|l| l.from.0).into_iter().collect();
    out.extend(links.iter().map(|l| l.to.0));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::techniques::test_util::{cell, digit};

    #[test]
    fn german_house_names() {
        assert_eq!(house(House::row(2), Lang::De), "Zeile 3");
        assert_eq!(house(House::column(4), Lang::De), "Spalte 5");
        assert_eq!(house(House::boxx(8), Lang::De), "Box 9");
        assert_eq!(
            in_house(House::MAIN_DIAGONAL, Lang::De),
            "in der Hauptdiagonale"
        );
        assert_eq!(house(House::ANTI_DIAGONAL, Lang::De), "Nebendiagonale");
        assert_eq!(house(House::color(3), Lang::De), "Farbgruppe 4");
        assert_eq!(
            in_house(House::MAIN_DIAGONAL, Lang::En),
            "in the main diagonal"
        );
    }

    #[test]
    fn lists_and_lines() {
        assert_eq!(
            lines(&[House::row(1), House::row(6)], Lang::En),
            "rows 2 and 7"
        );
        assert_eq!(
            lines(
                &[House::column(0), House::column(3), House::column(8)],
                Lang::De
            ),
            "Spalten 1, 4 und 9"
        );
        let set: DigitSet = [digit(4), digit(7)].into_iter().collect();
        assert_eq!(digits(set, Lang::De), "4 und 7");
    }

    #[test]
    fn chain_notation() {
        let l = |a: Cell, b: Cell, kind| Link {
            from: (a, digit(5)),
            to: (b, digit(5)),
            kind,
        };
        let links = [
            l(cell(0, 1), cell(0, 6), LinkKind::Strong),
            l(cell(0, 6), cell(3, 6), LinkKind::Weak),
            l(cell(3, 6), cell(3, 0), LinkKind::Strong),
        ];
        assert_eq!(chain(&links), "(5)r1c2 = (5)r1c7 - (5)r4c7 = (5)r4c1");
    }

    #[test]
    fn removals_by_digit() {
        let e = |r, c, d| Elimination {
            cell: cell(r, c),
            digit: digit(d),
        };
        assert_eq!(
            removal(&[e(5, 6, 5), e(5, 8, 5)], Lang::En),
            "5 can be removed from r6c7, r6c9"
        );
        assert_eq!(
            removal(&[e(0, 2, 4), e(0, 2, 7), e(0, 7, 4)], Lang::De),
            "können diese Kandidaten gestrichen werden: 4 aus r1c3, r1c8; 7 aus r1c3"
        );
    }
}
