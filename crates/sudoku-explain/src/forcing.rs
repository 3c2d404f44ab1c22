//! Forcing steps (forcing chains and nets, Nishio, cell and region forcing
//! chains, verity, dynamic and nested chains, and trial and error when it
//! carries its tree) as a learner reads them: each branch from its assumption,
//! every implication with its reason, in the order the tree derived them —
//! "If r3c5 is 4, then r3c7 is not 4 (same row), so r9c7 is 4 (hidden single
//! in column 7), …" — then what all branches agree on, or the two clashing
//! facts of a contradiction.
//!
//! [`compact`] writes the same proof in Eureka notation, one line per branch
//! along the first parent of each node back from the branch's conclusion.

use crate::Lang;
use crate::words::{in_house, removal, so};
use sudoku_core::{House, HouseKind};
use sudoku_logic::{Branch, Cause, Forcing, ForcingKind, ImplicationNode, Literal, Step};

/// "r3c5 is 4" / "r3c5 is not 4"; "r3c5 ist 4" / "r3c5 ist nicht 4".
fn literal(l: Literal, lang: Lang) -> String {
    match (lang, l.on) {
        (Lang::En, true) => format!("{} is {}", l.cell, l.digit),
        (Lang::En, false) => format!("{} is not {}", l.cell, l.digit),
        (Lang::De, true) => format!("{} ist die {}", l.cell, l.digit),
        (Lang::De, false) => format!("{} ist nicht die {}", l.cell, l.digit),
    }
}

/// The literal as a German subordinate clause after "Wenn": "r3c5 die 4 ist".
fn literal_de_sub(l: Literal) -> String {
    if l.on {
        format!("{} die {} ist", l.cell, l.digit)
    } else {
        format!("{} nicht die {} ist", l.cell, l.digit)
    }
}

/// The kind of a house as a noun after "same" / "gleiche".
fn kind_word(h: House, lang: Lang) -> &'static str {
    match (lang, h.kind()) {
        (Lang::En, HouseKind::Row) => "row",
        (Lang::En, HouseKind::Column) => "column",
        (Lang::En, HouseKind::Box) => "box",
        (Lang::En, HouseKind::Diagonal) => "diagonal",
        (Lang::En, _) => "colour group",
        (Lang::De, HouseKind::Row) => "Zeile",
        (Lang::De, HouseKind::Column) => "Spalte",
        (Lang::De, HouseKind::Box) => "Box",
        (Lang::De, HouseKind::Diagonal) => "Diagonale",
        (Lang::De, _) => "Farbgruppe",
    }
}

/// The reason of a node, in parentheses: "(same row)", "(hidden single in
/// column 7)" / "(gleiche Zeile)", "(einziger Platz in Spalte 7)".
fn reason(cause: Cause, lang: Lang) -> String {
    let text = match (cause, lang) {
        (Cause::Assumption, Lang::En) => "assumed".to_string(),
        (Cause::Assumption, Lang::De) => "angenommen".to_string(),
        (Cause::SameCell, Lang::En) => "same cell".to_string(),
        (Cause::SameCell, Lang::De) => "gleiche Zelle".to_string(),
        (Cause::SameHouse(h), Lang::En) => format!("same {}", kind_word(h, lang)),
        (Cause::SameHouse(h), Lang::De) => format!("gleiche {}", kind_word(h, lang)),
        (Cause::NakedSingle, Lang::En) => "naked single".to_string(),
        (Cause::NakedSingle, Lang::De) => "letzter Kandidat der Zelle".to_string(),
        (Cause::HiddenSingle(h), Lang::En) => format!("hidden single {}", in_house(h, lang)),
        (Cause::HiddenSingle(h), Lang::De) => {
            format!("einziger Platz {}", in_house(h, lang))
        }
        (Cause::Technique { technique, .. }, Lang::En) => {
            format!("by {}", crate::technique_name(technique, lang))
        }
        (Cause::Technique { technique, .. }, Lang::De) => {
            format!("durch {}", crate::technique_name(technique, lang))
        }
    };
    format!("({text})")
}

/// One node with its reason: "r3c7 is not 4 (same row)".
fn implication(n: &ImplicationNode, lang: Lang) -> String {
    format!("{} {}", literal(n.literal, lang), reason(n.cause, lang))
}

/// One branch: "If r3c5 is 4, then r3c7 is not 4 (same row), …, so r9c1 is
/// not 2 (same column)"; a contradiction ends naming the two clashing facts.
/// `again` adds "either" / "ebenfalls" to the last implication (later
/// branches of a multi-branch step).
pub(crate) fn branch(b: &Branch, again: bool, lang: Lang) -> Option<String> {
    let first = b.nodes.first()?;
    let steps: Vec<String> = b.nodes[1..].iter().map(|n| implication(n, lang)).collect();
    let mut text = match (lang, steps.as_slice()) {
        (Lang::En, []) => format!("If {}", literal(first.literal, lang)),
        (Lang::En, [only]) => format!("If {}, then {only}", literal(first.literal, lang)),
        (Lang::En, [init @ .., last]) => format!(
            "If {}, then {}, so {last}",
            literal(first.literal, lang),
            init.join(", ")
        ),
        // German keeps main-clause order in the list after the colon.
        (Lang::De, []) => format!("Wenn {}", literal_de_sub(first.literal)),
        (Lang::De, [only]) => format!("Wenn {}, folgt: {only}", literal_de_sub(first.literal)),
        (Lang::De, [init @ .., last]) => format!(
            "Wenn {}, folgt der Reihe nach: {} und {last}",
            literal_de_sub(first.literal),
            init.join(", ")
        ),
    };
    if again && !b.is_contradiction() {
        text.push_str(match lang {
            Lang::En => " either",
            Lang::De => ", wie im ersten Fall",
        });
    }
    if let [on, off] = b.conclusion[..]
        && let (Some(on), Some(off)) = (b.nodes.get(on), b.nodes.get(off))
    {
        let (a, z) = (on.literal, off.literal);
        let same = a.cell == z.cell && a.digit == z.digit;
        text.push_str(&match (lang, same) {
            (Lang::En, true) => format!(
                " — a contradiction: {} would be {} and not {} at once",
                a.cell, a.digit, a.digit
            ),
            (Lang::De, true) => format!(
                " — ein Widerspruch: {} wäre zugleich die {} und nicht die {}",
                a.cell, a.digit, a.digit
            ),
            (Lang::En, false) => format!(
                " — a contradiction: {} and {} at once",
                literal(a, lang),
                literal(z, lang)
            ),
            (Lang::De, false) => format!(
                " — ein Widerspruch: {} und zugleich {}",
                literal(a, lang),
                literal(z, lang)
            ),
        });
    }
    Some(text)
}

/// "in both cases" / "in all 3 cases"; German alike.
fn cases(n: usize, lang: Lang) -> String {
    match (lang, n) {
        (Lang::En, 2) => "in both cases".to_string(),
        (Lang::En, n) => format!("in all {n} cases"),
        (Lang::De, 2) => "in beiden Fällen".to_string(),
        (Lang::De, n) => format!("in allen {n} Fällen"),
    }
}

/// Explains a forcing step from its tree.
pub(crate) fn render(step: &Step, name: &str, f: &Forcing, lang: Lang) -> Option<String> {
    let n = f.branches.len();
    let intro = match (f.kind, lang) {
        (ForcingKind::Cell { cell }, _) => {
            let digits: Vec<String> = f
                .branches
                .iter()
                .filter_map(|b| b.assumption().map(|l| l.digit.to_string()))
                .collect();
            match lang {
                Lang::En => format!(" {cell} holds {}.", crate::words::or_list(&digits, lang)),
                Lang::De => format!(
                    " {cell} enthält die {}.",
                    crate::words::or_list(&digits, lang)
                ),
            }
        }
        (ForcingKind::Region { house, digit }, _) => {
            let places: Vec<String> = f
                .branches
                .iter()
                .filter_map(|b| b.assumption().map(|l| l.cell.to_string()))
                .collect();
            match lang {
                Lang::En => format!(
                    " {}, {digit} goes into {}.",
                    upper(&in_house(house, lang)),
                    crate::words::or_list(&places, lang)
                ),
                Lang::De => format!(
                    " {} steht die {digit} in {}.",
                    upper(&in_house(house, lang)),
                    crate::words::or_list(&places, lang)
                ),
            }
        }
        (ForcingKind::DoubleImplication, _) => {
            match f.branches.first().and_then(Branch::assumption) {
                Some(l) => {
                    let (on, off) = (
                        literal(Literal { on: true, ..l }, lang),
                        literal(Literal { on: false, ..l }, lang),
                    );
                    match lang {
                        Lang::En => format!(" Either {on} or {off}."),
                        Lang::De => format!(" Entweder {on} oder {off}."),
                    }
                }
                None => String::new(),
            }
        }
        _ => String::new(),
    };
    let mut parts = Vec::with_capacity(n);
    for (i, b) in f.branches.iter().enumerate() {
        parts.push(branch(b, i > 0, lang)?);
    }
    let body = parts.join(". ");
    let conclusion = literal(f.conclusion, lang);
    let end = match f.kind {
        _ if n > 1 => format!("{}: {conclusion}.", upper(&cases(n, lang))),
        ForcingKind::Contradiction => match lang {
            Lang::En => format!("So the assumption is false: {conclusion}."),
            Lang::De => format!("Die Annahme ist also falsch: {conclusion}."),
        },
        ForcingKind::Chain { .. } => match lang {
            Lang::En => format!("The assumption refutes itself: {conclusion}."),
            Lang::De => format!("Die Annahme widerlegt sich selbst: {conclusion}."),
        },
        // One branch of a cycle (the other kinds have several branches).
        ForcingKind::Cycle { .. }
        | ForcingKind::DoubleImplication
        | ForcingKind::Cell { .. }
        | ForcingKind::Region { .. } => match lang {
            Lang::En => format!(
                "The loop closes, {}",
                so(&removal(&step.eliminations, lang), lang)
            ),
            Lang::De => format!(
                "Die Schleife schließt sich, {}",
                so(&removal(&step.eliminations, lang), lang)
            ),
        },
    };
    Some(format!("{name}:{intro} {body}. {end}"))
}

fn upper(s: &str) -> String {
    crate::words::upper_first(s)
}

/// A literal in Eureka notation: `(4)r3c5` on, `-(4)r3c5` off... written as
/// the chain's node; the link before it says on (`=`) or off (`-`).
fn eureka_node(l: Literal) -> String {
    format!("({}){}", l.digit, l.cell)
}

/// The main line of a branch: from its (first) conclusion node back along
/// first parents to the assumption, in Eureka notation — a node reached by
/// turning off is joined with ` - `, one turned on with ` = `.
fn line(b: &Branch) -> Option<String> {
    let mut at = *b.conclusion.first()?;
    let mut path = vec![at];
    while let Some(&p) = b.nodes.get(at)?.parents.first() {
        if p >= at {
            break;
        }
        path.push(p);
        at = p;
    }
    path.reverse();
    let mut out = String::new();
    for (k, &i) in path.iter().enumerate() {
        let node = b.nodes.get(i)?;
        if k > 0 {
            out.push_str(if node.literal.on { " = " } else { " - " });
        } else if !node.literal.on {
            out.push('-');
        }
        out.push_str(&eureka_node(node.literal));
    }
    if let [_, off] = b.conclusion[..]
        && let Some(n) = b.nodes.get(off)
    {
        out.push_str(&format!(" … -{}", eureka_node(n.literal)));
    }
    Some(out)
}

/// The compact form of a forcing step: one Eureka line per branch, joined
/// with `; ` (`None` for other steps).
pub fn compact(step: &Step) -> Option<String> {
    let sudoku_logic::Detail::Forcing(ref f) = step.detail else {
        return None;
    };
    let lines: Option<Vec<String>> = f.branches.iter().map(line).collect();
    Some(lines?.join("; "))
}
