//! The proof of a forcing step as data: implication trees.
//!
//! A forcing technique (forcing chain, forcing net, Nishio, verity, nested
//! chains, and trial and error) assumes something, follows what it implies and
//! concludes from where the implications lead. Its [`Step`](crate::Step)
//! carries [`Detail::Forcing`](crate::Detail::Forcing) with a [`Forcing`]
//! value: one [`Branch`] per alternative that was followed, each a list of
//! [`ImplicationNode`]s in the order they were derived, every node naming the
//! rule that forced it ([`Cause`]) and the earlier nodes it rests on
//! (`parents`). A renderer can word or draw every implication from this alone,
//! without re-running anything; a checker can replay it against the solution.
//!
//! # Example
//!
//! A cell forcing chain on r1c1 (candidates 4 and 7) proving r9c1 is not 2
//! has two branches. The first could read
//!
//! | index | literal   | cause                        | parents |
//! |-------|-----------|------------------------------|---------|
//! | 0     | r1c1 = 4  | `Assumption`                 | —       |
//! | 1     | r1c5 ≠ 4  | `SameHouse(row 1)`           | 0       |
//! | 2     | r1c5 = 2  | `NakedSingle`                | 1       |
//! | 3     | r9c5 ≠ 2  | `SameHouse(column 5)`        | 2       |
//! | 4     | r9c1 = 2? | …                            | …       |
//!
//! and so on until a node `r9c1 ≠ 2`, whose index is the branch's
//! `conclusion`. The second branch starts with `r1c1 = 7` and ends in the same
//! literal. Parents always come before their children, so a renderer can walk
//! `nodes` in order; a node of a net (dynamic chain) may have several parents:
//! e.g. a `NakedSingle` node lists the on-node and every off-node that emptied
//! the rest of its cell within the branch.

use crate::technique::Technique;
use sudoku_core::{Cell, Digit, House};

/// A candidate with a truth value: "`cell` holds `digit`" (`on`) or "`cell`
/// does not hold `digit`" (off).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Literal {
    /// The cell.
    pub cell: Cell,
    /// The digit.
    pub digit: Digit,
    /// True: the cell holds the digit; false: it does not.
    pub on: bool,
}

impl Literal {
    /// The literal saying the opposite.
    pub fn negated(self) -> Literal {
        Literal {
            on: !self.on,
            ..self
        }
    }
}

/// Why a node of an implication tree holds, given its parents.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cause {
    /// The branch's assumption (the first node, without parents).
    Assumption,
    /// Off, because the parent puts another digit into the same cell.
    SameCell,
    /// Off, because the parent puts the same digit into a cell of this house.
    SameHouse(House),
    /// On, because every other candidate of the cell is off (the parents: the
    /// off-nodes that emptied it within the branch; the first is the one that
    /// triggered it).
    NakedSingle,
    /// On, because every other place of the digit in this house is off (the
    /// parents as for [`Cause::NakedSingle`]).
    HiddenSingle(House),
    /// Off, because `technique` finds this elimination in the position the
    /// parents leave (a nested deduction: locked candidates, a pair, an X-wing
    /// or a whole forcing chain). `nested` indexes [`Forcing::nested`] when
    /// the deduction is itself a forcing step.
    Technique {
        /// The technique that eliminates it.
        technique: Technique,
        /// The nested forcing step, if it is one.
        nested: Option<usize>,
    },
}

/// One implication: a literal, the rule that forced it and the nodes it rests on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImplicationNode {
    /// What is implied.
    pub literal: Literal,
    /// The rule that forced it.
    pub cause: Cause,
    /// Indices of the parent nodes in the same branch (all smaller than this
    /// node's own index). Empty only for the assumption.
    pub parents: Vec<usize>,
}

/// One line of reasoning: an assumption and what it implies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Branch {
    /// The nodes in derivation order; `nodes[0]` is the assumption.
    pub nodes: Vec<ImplicationNode>,
    /// The node(s) the step concludes from: one node (the common consequence
    /// of a forcing step, or the end of a chain), or two nodes for a
    /// contradiction (the same candidate implied both on and off; the on-node
    /// first).
    pub conclusion: Vec<usize>,
}

impl Branch {
    /// The assumption of the branch.
    pub fn assumption(&self) -> Option<Literal> {
        self.nodes.first().map(|n| n.literal)
    }

    /// Whether the branch ends in a contradiction.
    pub fn is_contradiction(&self) -> bool {
        self.conclusion.len() == 2
    }
}

/// The shape of a forcing argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ForcingKind {
    /// A bidirectional cycle (X-, Y- or XY-cycle): one branch whose last node
    /// is the assumption again; the links alternate, so the candidates seen by
    /// both an on-node and an off-node of the same digit go. `x_links`/`y_links`
    /// say which links it may use.
    Cycle {
        /// Links between places of a digit in a house (single-digit links).
        x_links: bool,
        /// Links inside a cell.
        y_links: bool,
    },
    /// A forcing chain (X- or XY-): one branch from an assumption to its own
    /// negation, so the assumption is false (the conclusion node is the
    /// negation of the assumption).
    Chain {
        /// Links between places of a digit in a house.
        x_links: bool,
        /// Links inside a cell.
        y_links: bool,
    },
    /// A contradiction: one branch whose assumption implies a candidate both
    /// on and off; the assumption is false. Nishio (single-digit links) and
    /// Bowman's Bingo are of this kind, and so is trial and error.
    Contradiction,
    /// A double implication (verity): two branches, the assumption on and the
    /// same candidate off, ending in the same literal.
    DoubleImplication,
    /// A cell forcing chain: one branch per candidate of `cell`, all ending in
    /// the same literal.
    Cell {
        /// The cell whose candidates are assumed.
        cell: Cell,
    },
    /// A region (house) forcing chain: one branch per place of `digit` in
    /// `house`, all ending in the same literal.
    Region {
        /// The house.
        house: House,
        /// The digit.
        digit: Digit,
    },
}

/// The proof of a forcing step (see the module docs).
#[derive(Clone, Debug, PartialEq)]
pub struct Forcing {
    /// The shape of the argument.
    pub kind: ForcingKind,
    /// Whether implications may use what earlier implications of the same
    /// branch removed (a net, Sudoku Explainer's "dynamic" chains).
    pub dynamic: bool,
    /// Nesting level: 0 for plain chains; 1 when locked candidates, pairs and
    /// X-wings may supply implications (SE's "(+)"); 2 and more when whole
    /// forcing chains may (SE's nested forcing chains).
    pub level: u8,
    /// The branches, in the order of their assumptions (cell candidates by
    /// digit, places in a house by cell).
    pub branches: Vec<Branch>,
    /// The literal every branch ends in (for a contradiction and a chain, the
    /// negated assumption).
    pub conclusion: Literal,
    /// Nested forcing steps referred to by [`Cause::Technique`] nodes.
    pub nested: Vec<Forcing>,
    /// Sudoku Explainer's difficulty of the step, where the step is one SE
    /// would report in the same form (standard variant); see
    /// `chaining::se_difficulty`.
    pub se_difficulty: Option<f64>,
}

impl Forcing {
    /// Every node of every branch (for drawing).
    pub fn nodes(&self) -> impl Iterator<Item = &ImplicationNode> {
        self.branches.iter().flat_map(|b| b.nodes.iter())
    }
}

pub(crate) mod told {
    //! This technique's steps told in English and German and drawn, both
    //! from the step struct (see [`crate::describe`]).
    //!
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

    use crate::describe::drawing::Drawing;
    use crate::describe::words::{in_house, removal, so};
    use crate::describe::{Describe, Telling};
    use crate::{Branch, Cause, Forcing, ForcingKind, ImplicationNode, Literal, Step};
    use sudoku_core::Lang;
    use sudoku_core::{House, HouseKind};

    /// "r3c5 is 4" / "r3c5 is not 4"; "r3c5 ist 4" / "r3c5 ist nicht 4".
    pub(crate) fn literal(l: Literal, lang: Lang) -> String {
        match (lang, l.on) {
            (Lang::En, true) => format!("{} is {}", l.cell, l.digit),
            (Lang::En, false) => format!("{} is not {}", l.cell, l.digit),
            (Lang::De, true) => format!("{} ist die {}", l.cell, l.digit),
            (Lang::De, false) => format!("{} ist nicht die {}", l.cell, l.digit),
        }
    }

    /// The literal as a German subordinate clause after "Wenn": "r3c5 die 4 ist".
    pub(crate) fn literal_de_sub(l: Literal) -> String {
        if l.on {
            format!("{} die {} ist", l.cell, l.digit)
        } else {
            format!("{} nicht die {} ist", l.cell, l.digit)
        }
    }

    /// The kind of a house as a noun after "same" / "gleiche".
    pub(crate) fn kind_word(h: House, lang: Lang) -> &'static str {
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
    pub(crate) fn reason(cause: Cause, lang: Lang) -> String {
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
                format!("by {}", crate::describe::technique_name(technique, lang))
            }
            (Cause::Technique { technique, .. }, Lang::De) => {
                format!("durch {}", crate::describe::technique_name(technique, lang))
            }
        };
        format!("({text})")
    }

    /// One node with its reason: "r3c7 is not 4 (same row)".
    pub(crate) fn implication(n: &ImplicationNode, lang: Lang) -> String {
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
    pub(crate) fn cases(n: usize, lang: Lang) -> String {
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
                    Lang::En => format!(
                        " {cell} holds {}.",
                        crate::describe::words::or_list(&digits, lang)
                    ),
                    Lang::De => format!(
                        " {cell} enthält die {}.",
                        crate::describe::words::or_list(&digits, lang)
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
                        crate::describe::words::or_list(&places, lang)
                    ),
                    Lang::De => format!(
                        " {} steht die {digit} in {}.",
                        upper(&in_house(house, lang)),
                        crate::describe::words::or_list(&places, lang)
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

    pub(crate) fn upper(s: &str) -> String {
        crate::describe::words::upper_first(s)
    }

    /// A literal in Eureka notation: `(4)r3c5` on, `-(4)r3c5` off... written as
    /// the chain's node; the link before it says on (`=`) or off (`-`).
    pub(crate) fn eureka_node(l: Literal) -> String {
        format!("({}){}", l.digit, l.cell)
    }

    /// The main line of a branch: from its (first) conclusion node back along
    /// first parents to the assumption, in Eureka notation — a node reached by
    /// turning off is joined with ` - `, one turned on with ` = `.
    pub(crate) fn line(b: &Branch) -> Option<String> {
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
        let crate::Detail::Forcing(ref f) = step.detail else {
            return None;
        };
        let lines: Option<Vec<String>> = f.branches.iter().map(line).collect();
        Some(lines?.join("; "))
    }

    impl Describe for super::Forcing {
        fn text(&self, step: &Step, at: &Telling<'_>) -> Option<String> {
            render(step, at.name, self, at.lang)
        }

        fn draw(&self, _step: &Step, out: &mut Drawing) {
            out.branches(&self.branches);
        }
    }
}
