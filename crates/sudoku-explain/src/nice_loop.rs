//! Nice loops and alternating inference chains (AICs), plain and grouped: the
//! chain in Eureka notation, group nodes written `(5)r1c23`, and the rule its
//! kind concludes by (one end true; the start true; a continuous loop).

use crate::Lang;
use crate::words::{removal, so};
use sudoku_logic::{ChainNode, NiceLoopKind, Step};

/// A node in Eureka notation: `(5)r1c2`, a group `(5)r1c23` or `(5)r12c3`.
pub(crate) fn node(n: &ChainNode) -> String {
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

/// The chain: nodes joined by ` = ` (strong, first) and ` - ` (weak) in turn;
/// a continuous loop is written back to its first node.
pub(crate) fn path(nodes: &[ChainNode], closed: bool) -> String {
    let mut out = String::new();
    for (i, n) in nodes.iter().enumerate() {
        if i > 0 {
            out.push_str(if i % 2 == 1 { " = " } else { " - " });
        }
        out.push_str(&node(n));
    }
    if closed && let Some(first) = nodes.first() {
        out.push_str(" - ");
        out.push_str(&node(first));
    }
    out
}

/// Explains a nice loop or AIC of `kind` through `nodes`.
pub(crate) fn render(
    step: &Step,
    name: &str,
    nodes: &[ChainNode],
    kind: NiceLoopKind,
    lang: Lang,
) -> Option<String> {
    let (first, last) = (nodes.first()?, nodes.last()?);
    let closed = kind == NiceLoopKind::Continuous;
    let chain = path(nodes, closed);
    let links = nodes.len() - 1 + usize::from(closed);
    let groups = match nodes.iter().find(|n| n.is_group()) {
        Some(g) => {
            let (d, example) = (g.digit, node(g));
            match lang {
                Lang::En => format!(
                    " A group node such as {example} is true when {d} is in one of its cells."
                ),
                Lang::De => format!(
                    " Ein Gruppenknoten wie {example} ist wahr, wenn die {d} in einer seiner Zellen steht."
                ),
            }
        }
        None => String::new(),
    };
    let (a, z) = (node(first), node(last));
    let then = so(&removal(&step.eliminations, lang), lang);
    let text = match (kind, lang) {
        (NiceLoopKind::Placement, _) => {
            let conclusion = match (step.placements.first(), lang) {
                (Some(p), Lang::En) => format!("{} goes into {}.", p.digit, p.cell),
                (Some(p), Lang::De) => format!("die {} kommt nach {}.", p.digit, p.cell),
                (None, _) => then,
            };
            match lang {
                Lang::En => format!(
                    "{name} of {links} links: {chain}.{groups} If {a} were false, the chain would make it true, so it is true: {conclusion}"
                ),
                Lang::De => format!(
                    "{name} aus {links} Verbindungen: {chain}.{groups} Wäre {a} falsch, würde die Kette ihn wahr machen; er ist also wahr: {conclusion}"
                ),
            }
        }
        (NiceLoopKind::Continuous, Lang::En) => format!(
            "{name}, continuous loop of {links} links: {chain}.{groups} The loop closes with a weak link, so each weak link holds exactly one true candidate, and every candidate that rules out both candidates of a weak link is false, {then}"
        ),
        (NiceLoopKind::Continuous, Lang::De) => format!(
            "{name}, geschlossene Schleife aus {links} Verbindungen: {chain}.{groups} Die Schleife schließt sich mit einer schwachen Verbindung, daher ist in jeder schwachen Verbindung genau ein Kandidat wahr, und jeder Kandidat, der beide Kandidaten einer schwachen Verbindung ausschließt, ist falsch, {then}"
        ),
        (_, Lang::En) => format!(
            "{name} of {links} links: {chain}.{groups} If {a} is false, the chain makes {z} true: at least one end is true, and a candidate that rules out both ends is false, {then}"
        ),
        (_, Lang::De) => format!(
            "{name} aus {links} Verbindungen: {chain}.{groups} Ist {a} falsch, macht die Kette {z} wahr: mindestens ein Ende ist wahr, und ein Kandidat, der beide Enden ausschließt, ist falsch, {then}"
        ),
    };
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::{Cell, Digit};

    fn n(cells: &[(usize, usize)], d: u8) -> ChainNode {
        ChainNode {
            cells: cells
                .iter()
                .map(|&(r, c)| Cell::at(r - 1, c - 1).unwrap())
                .collect(),
            digit: Digit::new(d).unwrap(),
        }
    }

    #[test]
    fn group_nodes_in_eureka_notation() {
        assert_eq!(node(&n(&[(1, 2)], 5)), "(5)r1c2");
        assert_eq!(node(&n(&[(1, 2), (1, 3)], 5)), "(5)r1c23");
        assert_eq!(node(&n(&[(4, 7), (6, 7)], 2)), "(2)r46c7");
        let nodes = [
            n(&[(1, 1)], 3),
            n(&[(1, 5)], 3),
            n(&[(1, 5)], 7),
            n(&[(2, 4), (2, 6)], 7),
        ];
        assert_eq!(
            path(&nodes, false),
            "(3)r1c1 = (3)r1c5 - (7)r1c5 = (7)r2c46"
        );
        assert_eq!(
            path(&nodes, true),
            "(3)r1c1 = (3)r1c5 - (7)r1c5 = (7)r2c46 - (3)r1c1"
        );
    }
}
