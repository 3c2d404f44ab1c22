//! Colouring on one digit: Simple Colors (trap and wrap) and Multi Colors.
//!
//! The strong links of a digit (houses with exactly two candidates, in any house
//! of the variant: rows, columns, boxes, diagonals, colour groups) join its
//! candidates into *clusters*. Along a strong link exactly one end holds the
//! digit, so each cluster splits into two colours of which exactly one is all
//! true and the other all false.
//!
//! * **Wrap**: two cells of one colour see each other. They cannot both hold the
//!   digit, so that colour is the false one: the digit goes from all its cells.
//! * **Trap**: a cell outside the cluster sees a cell of each colour. One of them
//!   holds the digit, so the cell does not.
//! * **Multi Colors 1**: clusters A and B, with a cell of colour `a` seeing a cell
//!   of colour `b`. Not both colours are true, so the other colour of A or the
//!   other colour of B is: a cell seeing a cell of each of those loses the digit.
//! * **Multi Colors 2**: a colour `a` of cluster A sees a cell of each colour of
//!   cluster B. If `a` were true, B would have no true colour, so `a` is false:
//!   the digit goes from all its cells.
//!
//! "Sees" is the variant's peer relation, so all four hold in every variant.
//! A cluster whose strong links close an odd cycle cannot be coloured (the
//! position has no solution); it is left alone. Points: simple colours 8,
//! multi colours 9. HoDoKu: 150 (Hard) and 200 (Hard).

use super::digit_graph::DigitGraph;
use super::{KeptByDigit, by_digit, push_unique};
use crate::Candidates;
use crate::step::{ColoringKind, Detail, Link, LinkKind, Step};
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};
use std::cell::RefCell;
use sudoku_core::{Cell, CellSet, Digit, DigitSet};

/// A two-coloured cluster of strong links.
struct Cluster {
    /// The two colours.
    colors: [CellSet; 2],
    /// Per colour, the cells seeing one of its cells (peers in the variant).
    seen: [CellSet; 2],
    /// The strong links of the cluster (first < second), each once.
    links: Vec<(Cell, Cell)>,
}

impl Cluster {
    fn cells(&self) -> CellSet {
        self.colors[0] | self.colors[1]
    }
}

/// The clusters of `g` with at least `min` cells, two-coloured; clusters with an
/// odd cycle are left out.
fn clusters(g: &DigitGraph, min: usize) -> Vec<Cluster> {
    let mut done = CellSet::EMPTY;
    let mut out = Vec::new();
    for start in g.nodes.iter() {
        if done.contains(start) {
            continue;
        }
        let mut colors = [CellSet::single(start), CellSet::EMPTY];
        let mut queue = vec![(start, 0usize)];
        let mut odd = false;
        let mut links = Vec::new();
        while let Some((c, col)) = queue.pop() {
            for n in g.strong[c.index()].iter() {
                if c < n {
                    links.push((c, n));
                }
                if colors[col].contains(n) {
                    odd = true;
                } else if !colors[1 - col].contains(n) {
                    colors[1 - col].insert(n);
                    queue.push((n, 1 - col));
                }
            }
        }
        let cells = colors[0] | colors[1];
        done |= cells;
        if odd || cells.len() < min {
            continue;
        }
        let seen = colors.map(|set| {
            set.iter()
                .fold(CellSet::EMPTY, |acc, c| acc | g.variant.peers(c))
        });
        out.push(Cluster {
            colors,
            seen,
            links,
        });
    }
    out
}

/// The strong links of a cluster as step links.
fn cluster_links(g: &DigitGraph, c: &Cluster) -> Vec<Link> {
    c.links
        .iter()
        .map(|&(a, b)| g.link(a, b, LinkKind::Strong))
        .collect()
}

/// Builds a colouring step.
fn step(
    technique: Technique,
    g: &DigitGraph,
    gone: CellSet,
    kind: ColoringKind,
    first: &Cluster,
    second: Option<&Cluster>,
) -> Step {
    let mut step = Step::new(technique, technique.info().points);
    step.eliminate_all(g.digit, gone);
    step.cells = first.cells() | second.map_or(CellSet::EMPTY, Cluster::cells);
    step.digits = DigitSet::single(g.digit);
    step.links = cluster_links(g, first);
    if let Some(s) = second {
        step.links.extend(cluster_links(g, s));
    }
    step.houses = step
        .links
        .iter()
        .filter_map(|l| g.strong_house(l.from.0, l.to.0))
        .collect();
    step.detail = Detail::Coloring(Coloring {
        digit: g.digit,
        kind,
        colors: first.colors,
        other: second.map(|s| s.colors),
    });
    step
}

/// Pushes `step` unless an earlier one of this call removes the same; `true`
/// when the caller should stop.
fn push(out: &mut Vec<Step>, start: usize, step: Step, mode: FindMode) -> bool {
    push_unique(out, start, step) && mode == FindMode::First
}

thread_local! {
    static SIMPLE: RefCell<KeptByDigit> = RefCell::new(Default::default());
    static MULTI: RefCell<KeptByDigit> = RefCell::new(Default::default());
}

/// Simple colours: wraps and traps in one cluster.
pub(crate) fn find_simple(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    by_digit(&SIMPLE, pos, out, mode, simple_on);
}

/// The simple-colour hits of one digit.
fn simple_on(pos: &Candidates, digit: Digit) -> Vec<Step> {
    // The search reports as a finder does, every hit (each set of
    // eliminations once).
    let mut hits: Vec<Step> = Vec::new();
    let (out, start, mode) = (&mut hits, 0, FindMode::All);
    let variant = pos.variant();
    let g = DigitGraph::new(pos, digit);
    if g.links.is_empty() {
        return Vec::new();
    }
    for c in clusters(&g, 2) {
        for (k, &color) in c.colors.iter().enumerate() {
            let clash = color
                .iter()
                .find_map(|x| (variant.peers(x) & color).first().map(|y| [x, y]));
            if let Some(clash) = clash {
                let kind = ColoringKind::Wrap {
                    false_color: k,
                    clash,
                };
                let s = step(Technique::SimpleColors, &g, color, kind, &c, None);
                if push(out, start, s, mode) {
                    return std::mem::take(out);
                }
            }
        }
        let gone = (g.cells & c.seen[0] & c.seen[1]) - c.cells();
        if !gone.is_empty() {
            let s = step(
                Technique::SimpleColors,
                &g,
                gone,
                ColoringKind::Trap,
                &c,
                None,
            );
            if push(out, start, s, mode) {
                return std::mem::take(out);
            }
        }
    }
    hits
}

/// Multi colours: two clusters of one digit played against each other.
pub(crate) fn find_multi(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    by_digit(&MULTI, pos, out, mode, multi_on);
}

/// The multi-colour hits of one digit.
fn multi_on(pos: &Candidates, digit: Digit) -> Vec<Step> {
    // The search reports as a finder does, every hit (each set of
    // eliminations once).
    let mut hits: Vec<Step> = Vec::new();
    let (out, start, mode) = (&mut hits, 0, FindMode::All);
    let g = DigitGraph::new(pos, digit);
    if g.links.len() < 2 {
        return Vec::new();
    }
    let all = clusters(&g, 2);
    for (i, a) in all.iter().enumerate() {
        for (j, b) in all.iter().enumerate() {
            if i == j {
                continue;
            }
            // Type 2: colour ka of A sees both colours of B.
            for ka in 0..2 {
                if !(a.seen[ka] & b.colors[0]).is_empty() && !(a.seen[ka] & b.colors[1]).is_empty()
                {
                    let kind = ColoringKind::MultiBoth { false_color: ka };
                    let s = step(Technique::MultiColors, &g, a.colors[ka], kind, a, Some(b));
                    if push(out, start, s, mode) {
                        return std::mem::take(out);
                    }
                }
            }
            // Type 1 (once per unordered pair): colours ka and kb see each
            // other, so the other colour of A or of B is true.
            if i > j {
                continue;
            }
            for ka in 0..2 {
                for kb in 0..2 {
                    if (a.seen[ka] & b.colors[kb]).is_empty() {
                        continue;
                    }
                    let gone = (g.cells & a.seen[1 - ka] & b.seen[1 - kb]) - a.cells() - b.cells();
                    if gone.is_empty() {
                        continue;
                    }
                    let kind = ColoringKind::MultiSee { seeing: [ka, kb] };
                    let s = step(Technique::MultiColors, &g, gone, kind, a, Some(b));
                    if push(out, start, s, mode) {
                        return std::mem::take(out);
                    }
                }
            }
        }
    }
    hits
}

/// Colouring on one digit: the two colours of a cluster of strong links
/// (exactly one colour is true), and for multi colours the second cluster.
#[derive(Clone, Debug, PartialEq)]
pub struct Coloring {
    /// The digit.
    pub digit: Digit,
    /// Which argument removes the candidates.
    pub kind: ColoringKind,
    /// The two colours of the (first) cluster.
    pub colors: [CellSet; 2],
    /// The two colours of the second cluster (multi colours).
    pub other: Option<[CellSet; 2]>,
}

impl crate::Moved for Coloring {
    fn moved(&self, t: &sudoku_core::Transform) -> Coloring {
        let kind = match self.kind {
            // The clashing cells in cell order.
            ColoringKind::Wrap { false_color, clash } => {
                let mut clash = clash.moved(t);
                clash.sort();
                ColoringKind::Wrap { false_color, clash }
            }
            ColoringKind::Trap => ColoringKind::Trap,
            ColoringKind::MultiSee { seeing } => ColoringKind::MultiSee { seeing },
            ColoringKind::MultiBoth { false_color } => ColoringKind::MultiBoth { false_color },
        };
        Coloring {
            digit: self.digit.moved(t),
            kind,
            colors: self.colors.moved(t),
            other: self.other.moved(t),
        }
    }
}

/// Catalogue entry: Simple colors (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const SIMPLE_COLORS: TechniqueInfo = TechniqueInfo {
    technique: Technique::SimpleColors, name: "simple-colors", names: Names { en: "Simple colors", de: "Einfache Färbung" },
    family: Family::Coloring, phase: Phase::OnCandidates, points: 8.0, se: None, finder: find_simple, text: None,
    hodoku: Hodoku { order: Some(5330), level: HodokuLevel::Hard, score: 150 },
};

/// Catalogue entry: Multi colors (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const MULTI_COLORS: TechniqueInfo = TechniqueInfo {
    technique: Technique::MultiColors, name: "multi-colors", names: Names { en: "Multi colors", de: "Mehrfache Färbung (Multi-Farben)" },
    family: Family::Coloring, phase: Phase::OnCandidates, points: 9.0, se: None, finder: find_multi, text: None,
    hodoku: Hodoku { order: Some(5360), level: HodokuLevel::Hard, score: 200 },
};

pub(crate) mod told {
    //! This technique's steps told in English and German and drawn, both
    //! from the step struct (see [`crate::describe`]).
    //!
    //! Colouring on one digit (Färbung): Simple Colors (colour wrap and colour
    //! trap) and Multi Colors (Farben). The clusters' colours are named blue/green
    //! and, for the second cluster of multi colours, red/yellow.

    use crate::describe::drawing::{CellRole, Drawing, MarkRole};
    use crate::describe::words::{cells, chain, removal, so, upper_first};
    use crate::describe::{Describe, Telling};
    use crate::{ColoringKind, Step};
    use sudoku_core::Digit as D;
    use sudoku_core::DigitSet;
    use sudoku_core::Lang;
    use sudoku_core::{CellSet, Digit};

    /// The colour names as nouns: the first cluster's two, then the second
    /// cluster's two.
    pub(crate) fn color_names(lang: Lang) -> [&'static str; 4] {
        match lang {
            Lang::En => ["blue", "green", "red", "yellow"],
            Lang::De => ["Blau", "Grün", "Rot", "Gelb"],
        }
    }

    /// A colour as an adjective before a plural or feminine noun: "blue" /
    /// "blaue".
    pub(crate) fn adjective(k: usize, lang: Lang) -> String {
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
    pub(crate) fn candidates(per_digit: &[CellSet; 9]) -> String {
        D::ALL
            .into_iter()
            .filter(|d| !per_digit[d.index()].is_empty())
            .map(|d| format!("{d}: {}", cells(per_digit[d.index()])))
            .collect::<Vec<_>>()
            .join("; ")
    }

    impl Describe for super::Coloring {
        fn text(&self, step: &Step, at: &Telling<'_>) -> Option<String> {
            render(
                step,
                at.name,
                self.digit,
                self.kind,
                self.colors,
                self.other,
                at.lang,
            )
        }

        /// A wrap's false colour off and the other on; otherwise the two colours
        /// of each cluster as pattern and alt. The cluster's strong links as
        /// arrows.
        fn draw(&self, step: &Step, out: &mut Drawing) {
            let d = DigitSet::single(self.digit);
            let roles = match self.kind {
                ColoringKind::Wrap { false_color, .. }
                | ColoringKind::MultiBoth { false_color } => {
                    if false_color == 0 {
                        [MarkRole::Off, MarkRole::On]
                    } else {
                        [MarkRole::On, MarkRole::Off]
                    }
                }
                _ => [MarkRole::Pattern, MarkRole::Alt],
            };
            for (cells, role) in self.colors.into_iter().zip(roles) {
                out.cells(cells, CellRole::Pattern);
                out.marks(cells, d, role);
            }
            if let Some(other) = self.other {
                for (cells, role) in other.into_iter().zip([MarkRole::Pattern, MarkRole::Alt]) {
                    out.cells(cells, CellRole::Pattern);
                    out.marks(cells, d, role);
                }
            }
            out.arrows(&step.links);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_util::*;
    use sudoku_core::Variant;

    fn kind(step: &Step) -> ColoringKind {
        match step.detail {
            Detail::Coloring(Coloring { kind, .. }) => kind,
            _ => panic!("not colouring: {:?}", step.detail),
        }
    }

    const TRAP: &str =
        "...8....6..3..928...8..3...536..28.724178569389736..25.8..37.6271...6..8362.4875.";

    /// The position of the colour trap below.
    fn trap_position() -> Candidates {
        position_with(
            TRAP,
            Variant::Standard,
            "r1c3-5 r1c5-1 r1c7-149 r1c8-14 r2c4-14 r3c1-9 r3c4-1 r3c7-4 r3c8-4 r4c4-1",
        )
    }

    #[test]
    fn colours_kept_per_digit_equal_a_fresh_search() {
        let pos = trap_position();
        let hits = kept_results_agree(find_simple, &pos) + kept_results_agree(find_multi, &pos);
        assert!(hits > 0, "the walk meets some colouring");
    }

    #[test]
    fn colour_trap() {
        let (p, pos) = (TRAP, trap_position());
        let steps = run(find_simple, &pos);
        assert_sound(p, Variant::Standard, &steps);
        assert_eq!(steps.len(), 1);
        assert_eq!(eliminations(&steps[0]), "r3c1-1");
        assert_eq!(kind(&steps[0]), ColoringKind::Trap);
        // The cluster: its strong links and both colours.
        assert!(steps[0].links.iter().all(|l| l.kind == LinkKind::Strong));
        assert_eq!(steps[0].cells.len(), 7);
        assert_eq!(steps[0].points, 8.0);
    }

    #[test]
    fn colour_wrap_and_trap() {
        let p = ".5.4.8.2.8..71.4.....95.8.....29..17627.8......3.742.8..6.29.......4..8......75..";
        let pos = position_with(
            p,
            Variant::Standard,
            "r1c7-36 r4c6-5 r5c6-3 r6c1-5 r6c4-1 r6c8-9 r7c1-7 r8c4-6 r8c6-36 r9c8-6 r9c9-6",
        );
        let steps = run(find_simple, &pos);
        assert_sound(p, Variant::Standard, &steps);
        assert_eq!(steps.len(), 2);
        assert_eq!(
            eliminations(&steps[0]),
            "r1c9-6 r4c7-6 r6c4-6 r8c9-6 r9c5-6"
        );
        assert!(matches!(
            kind(&steps[0]),
            ColoringKind::Wrap { false_color: 1, .. }
        ));
        assert_eq!(eliminations(&steps[1]), "r2c8-6 r3c8-6");
        assert_eq!(kind(&steps[1]), ColoringKind::Trap);
    }

    #[test]
    fn multi_colours_type_1() {
        let p = ".......76.2.6.7814.6781.3....97.15...513....7.....8.61538126749....8..2..9..7....";
        let pos = position_with(
            p,
            Variant::Standard,
            "r1c1-349 r1c2-4 r1c6-3 r3c6-5 r4c1-3 r8c1-6 r8c4-4 r8c6-4 r9c1-46 r9c3-4",
        );
        assert!(run(find_simple, &pos).is_empty());
        let steps = run(find_multi, &pos);
        assert_sound(p, Variant::Standard, &steps);
        assert_eq!(steps.len(), 1);
        assert_eq!(eliminations(&steps[0]), "r6c1-2 r6c3-2");
        assert_eq!(kind(&steps[0]), ColoringKind::MultiSee { seeing: [0, 0] });
        assert_eq!(steps[0].points, 9.0);
    }

    #[test]
    fn colour_wrap_along_a_diagonal() {
        let p = ".......................9.457368.......1.6...........14.9...5.....31.......2...5..";
        let grid =
            "5............5......7..9.457368...5.941562.....5..3614.98..54...531......72...5..";
        let pos = position_with(
            grid,
            Variant::Diagonal,
            "r1c6-4 r1c7-23 r1c8-23 r1c9-1 r2c1-146 r2c6-14 r2c7-23 r2c8-29 r2c9-123 r3c1-16 \
             r3c7-1 r4c5-9 r7c8-7 r7c9-2 r8c5-478 r8c7-29 r8c9-29 r9c6-4 r9c8-9",
        );
        let steps = run(find_simple, &pos);
        assert_sound(p, Variant::Diagonal, &steps);
        assert_eq!(
            eliminations(&steps[0]),
            "r1c6-1 r1c7-1 r2c2-1 r4c5-1 r7c9-1 r9c1-1"
        );
        assert!(matches!(
            kind(&steps[0]),
            ColoringKind::Wrap { false_color: 0, .. }
        ));
        // The cluster uses strong links along a diagonal.
        assert!(
            steps[0]
                .houses
                .iter()
                .any(|h| h.kind() == sudoku_core::HouseKind::Diagonal)
        );
    }

    #[test]
    fn nothing_without_strong_links() {
        let pos = position(&".".repeat(81), Variant::Standard);
        assert!(run(find_simple, &pos).is_empty());
        assert!(run(find_multi, &pos).is_empty());
    }
}
