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
