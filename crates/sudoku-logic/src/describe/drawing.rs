//! What a step looks like on the grid, as data: highlighted cells, marked
//! candidates, link arrows and groups — the drawing counterpart of a step's
//! text, made by the same technique module from the same step data.
//!
//! A [`Shape`] names cells and digits only; where a candidate sits inside its
//! cell (the page lays candidates out 3×3) and how a role looks (colours,
//! rings, dashes) is the page's business. Each step struct draws its own
//! pattern ([`super::Describe::draw`]) into a [`Drawing`]; every step gets its
//! effects (placed and eliminated candidates, the cells they are in) on top.
//! Chains add an arrow per link, strong links `strong` and weak ones `weak`,
//! with each chain candidate marked `on` or `off` as the chain's reading
//! assumes it; patterns add their cells and candidates.
//!
//! Shapes serialise (serde) as small JSON objects with a `shape` tag, cells
//! written `r3c5` as everywhere in the project's output:
//!
//! ```json
//! {"shape":"cell","cell":"r3c5","role":"target"}
//! {"shape":"mark","cell":"r3c5","digit":4,"role":"on"}
//! {"shape":"arrow","from":{"cells":["r3c5"],"digit":4},"to":{"cells":["r3c7"],"digit":4},"kind":"weak"}
//! {"shape":"group","cells":["r1c2","r1c3"],"digit":5}
//! ```

use crate::Candidates;
use crate::implication::Branch;
use crate::step::{ChainNode, Link, LinkKind, Step};
use serde::Serialize;
use serde::ser::{SerializeStruct, Serializer};
use sudoku_core::{Cell, CellSet, Digit, DigitSet, House, HouseSet, Variant};

/// What a highlighted cell is in a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum CellRole {
    /// A cell of the pattern that justifies the step.
    Pattern,
    /// A cell the step changes (a placement or an elimination).
    Target,
    /// A fin of a finned or sashimi fish.
    Fin,
    /// The hinge (pivot, stem) the rest of a pattern hangs on.
    Hinge,
}

/// What a marked candidate is in a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum MarkRole {
    /// True in the reasoning (a chain's or branch's "is").
    On,
    /// False in the reasoning (a chain's or branch's "is not").
    Off,
    /// Removed by the step.
    Eliminated,
    /// Placed by the step.
    Placed,
    /// Assumed at the start of a forcing branch or a trial.
    Assumption,
    /// Part of the pattern, neither true nor false by itself.
    Pattern,
    /// Part of the pattern, the other side of it (the second colour of a
    /// colouring, the linking digit of a set).
    Alt,
}

/// One thing to draw over the grid.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Shape {
    /// A highlighted cell.
    Cell {
        /// The cell.
        cell: Cell,
        /// What it is in the step.
        role: CellRole,
    },
    /// A marked candidate.
    Mark {
        /// The cell.
        cell: Cell,
        /// The candidate digit.
        digit: Digit,
        /// What it is in the step.
        role: MarkRole,
    },
    /// An arrow from one chain node to another: a candidate, or a group of
    /// candidates of one digit (drawn from their middle).
    Arrow {
        /// The node it starts at.
        from: ChainNode,
        /// The node it points to.
        to: ChainNode,
        /// Strong (drawn solid) or weak (dashed).
        kind: LinkKind,
        /// A short label beside the arrow, if any.
        label: Option<String>,
    },
    /// A group node: the candidates of one digit in a few cells, taken together.
    Group {
        /// The cells.
        cells: CellSet,
        /// The digit.
        digit: Digit,
    },
    /// A whole house with its part in the pattern (a fish's base or cover).
    House {
        /// The house.
        house: House,
        /// Base or cover.
        role: HouseRole,
    },
    /// Cells taken together as one set (an almost locked set, a petal),
    /// labelled `A`, `B`, … in the order of the step's sets.
    Set {
        /// The cells.
        cells: CellSet,
        /// The label.
        label: String,
    },
}

/// What a drawn house is in a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum HouseRole {
    /// A base house of a fish: its candidates of the digit are the pattern.
    Base,
    /// A cover house of a fish: it takes the base's candidates, so the rest
    /// of it loses the digit.
    Cover,
}

impl Shape {
    /// A marked candidate.
    pub fn mark(cell: Cell, digit: Digit, role: MarkRole) -> Shape {
        Shape::Mark { cell, digit, role }
    }

    /// An arrow without a label.
    pub fn arrow(from: ChainNode, to: ChainNode, kind: LinkKind) -> Shape {
        Shape::Arrow {
            from,
            to,
            kind,
            label: None,
        }
    }
}

/// The chain node of one candidate.
pub(crate) fn one(cell: Cell, digit: Digit) -> ChainNode {
    ChainNode {
        cells: CellSet::single(cell),
        digit,
    }
}

fn cell_names(cells: CellSet) -> Vec<String> {
    cells.iter().map(|c| c.to_string()).collect()
}

fn kind_name(kind: LinkKind) -> &'static str {
    match kind {
        LinkKind::Strong => "strong",
        LinkKind::Weak => "weak",
    }
}

/// A chain node in JSON: `{"cells":["r1c2"],"digit":5}`.
struct NodeJson<'a>(&'a ChainNode);

impl Serialize for NodeJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Node", 2)?;
        st.serialize_field("cells", &cell_names(self.0.cells))?;
        st.serialize_field("digit", &self.0.digit.get())?;
        st.end()
    }
}

impl Serialize for Shape {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Shape::Cell { cell, role } => {
                let mut st = s.serialize_struct("Shape", 3)?;
                st.serialize_field("shape", "cell")?;
                st.serialize_field("cell", &cell.to_string())?;
                st.serialize_field("role", role)?;
                st.end()
            }
            Shape::Mark { cell, digit, role } => {
                let mut st = s.serialize_struct("Shape", 4)?;
                st.serialize_field("shape", "mark")?;
                st.serialize_field("cell", &cell.to_string())?;
                st.serialize_field("digit", &digit.get())?;
                st.serialize_field("role", role)?;
                st.end()
            }
            Shape::Arrow {
                from,
                to,
                kind,
                label,
            } => {
                let mut st = s.serialize_struct("Shape", 5)?;
                st.serialize_field("shape", "arrow")?;
                st.serialize_field("from", &NodeJson(from))?;
                st.serialize_field("to", &NodeJson(to))?;
                st.serialize_field("kind", kind_name(*kind))?;
                if let Some(label) = label {
                    st.serialize_field("label", label)?;
                }
                st.end()
            }
            Shape::Group { cells, digit } => {
                let mut st = s.serialize_struct("Shape", 3)?;
                st.serialize_field("shape", "group")?;
                st.serialize_field("cells", &cell_names(*cells))?;
                st.serialize_field("digit", &digit.get())?;
                st.end()
            }
            Shape::House { house, role } => {
                let mut st = s.serialize_struct("Shape", 4)?;
                st.serialize_field("shape", "house")?;
                st.serialize_field("name", &house.to_string())?;
                st.serialize_field("role", role)?;
                st.serialize_field("cells", &cell_names(Variant::house_cells(*house)))?;
                st.end()
            }
            Shape::Set { cells, label } => {
                let mut st = s.serialize_struct("Shape", 3)?;
                st.serialize_field("shape", "set")?;
                st.serialize_field("label", label)?;
                st.serialize_field("cells", &cell_names(*cells))?;
                st.end()
            }
        }
    }
}

/// The shapes being collected for one step.
#[derive(Default)]
pub struct Drawing {
    shapes: Vec<Shape>,
}

impl Drawing {
    pub(crate) fn push(&mut self, shape: Shape) {
        self.shapes.push(shape);
    }

    /// A fish's base and cover houses.
    pub(crate) fn fish_houses(&mut self, base: HouseSet, cover: HouseSet) {
        for house in base.iter() {
            self.push(Shape::House {
                house,
                role: HouseRole::Base,
            });
        }
        for house in cover.iter() {
            self.push(Shape::House {
                house,
                role: HouseRole::Cover,
            });
        }
    }

    /// A set of a step with its label (the text's, `crate::techniques::als::set_labels`).
    pub(crate) fn set(&mut self, cells: CellSet, label: &str) {
        self.push(Shape::Set {
            cells,
            label: label.to_string(),
        });
    }

    pub(crate) fn cells(&mut self, cells: CellSet, role: CellRole) {
        for cell in cells.iter() {
            self.push(Shape::Cell { cell, role });
        }
    }

    pub(crate) fn marks(&mut self, cells: CellSet, digits: DigitSet, role: MarkRole) {
        for cell in cells.iter() {
            for digit in digits.iter() {
                self.push(Shape::mark(cell, digit, role));
            }
        }
    }

    /// Placements and eliminations with the cells they change.
    pub(crate) fn effects(&mut self, step: &Step) {
        for p in &step.placements {
            self.push(Shape::Cell {
                cell: p.cell,
                role: CellRole::Target,
            });
            self.push(Shape::mark(p.cell, p.digit, MarkRole::Placed));
        }
        for e in &step.eliminations {
            self.push(Shape::Cell {
                cell: e.cell,
                role: CellRole::Target,
            });
            self.push(Shape::mark(e.cell, e.digit, MarkRole::Eliminated));
        }
    }

    /// `cells` as the pattern with `digits` marked in each: how a pattern
    /// of one digit (intersections, fish, empty rectangles, pincers,
    /// templates) or of a few (subsets, rectangles) shows its cells.
    pub(crate) fn pattern(&mut self, cells: CellSet, digits: DigitSet) {
        self.cells(cells, CellRole::Pattern);
        self.marks(cells, digits, MarkRole::Pattern);
    }

    /// The step's cells as the pattern and its links as arrows: the whole
    /// drawing of a step whose cells and links already say what it is.
    pub(crate) fn pattern_and_links(&mut self, step: &Step) {
        self.cells(step.cells, CellRole::Pattern);
        self.arrows(&step.links);
    }

    /// The links of the step as arrows, without marks.
    pub(crate) fn arrows(&mut self, links: &[Link]) {
        for l in links {
            self.push(Shape::arrow(
                one(l.from.0, l.from.1),
                one(l.to.0, l.to.1),
                l.kind,
            ));
        }
    }

    /// A chain of links read from its first candidate, `first_on` or off:
    /// an arrow per link, and each candidate marked with the value the
    /// reading gives it (after a weak link a true candidate's successor is
    /// false, after a strong link a false one's is true). Where the reading
    /// says nothing (a strong link from a true candidate, a weak one from a
    /// false one) the candidate is marked as pattern.
    pub(crate) fn chain(&mut self, links: &[Link], first_on: bool) {
        let mut at: Option<((Cell, Digit), Option<bool>)> = None;
        for l in links {
            let value = match at {
                Some((end, value)) if end == l.from => value,
                _ => {
                    let start = if at.is_none() { Some(first_on) } else { None };
                    self.value_mark(l.from, start);
                    start
                }
            };
            let next = match (value, l.kind) {
                (Some(true), LinkKind::Weak) => Some(false),
                (Some(false), LinkKind::Strong) => Some(true),
                // A single-digit strong link within a house is a conjugate
                // pair, so it also works as a weak one; a strong link between
                // digits of one cell (XY-chains) likewise.
                (Some(true), LinkKind::Strong) if conjugate(l) => Some(false),
                _ => None,
            };
            self.value_mark(l.to, next);
            self.push(Shape::arrow(
                one(l.from.0, l.from.1),
                one(l.to.0, l.to.1),
                l.kind,
            ));
            at = Some((l.to, next));
        }
    }

    pub(crate) fn value_mark(&mut self, (cell, digit): (Cell, Digit), value: Option<bool>) {
        let role = match value {
            Some(true) => MarkRole::On,
            Some(false) => MarkRole::Off,
            None => MarkRole::Pattern,
        };
        self.push(Shape::mark(cell, digit, role));
    }

    /// The nodes and links of implication branches (forcing chains, a kraken
    /// fish's chains from its fins, a refuted trial): per branch, its
    /// assumption marked as such, every other node on or off, and an arrow
    /// per parent→child edge — solid where the child turns on (a strong
    /// inference), dashed where it turns off (a weak one). With several
    /// branches the first arrow of each is labelled with its number.
    pub(crate) fn branches(&mut self, list: &[Branch]) {
        let many = list.len() > 1;
        for (b, branch) in list.iter().enumerate() {
            for (i, node) in branch.nodes.iter().enumerate() {
                let l = node.literal;
                let role = match (i, l.on) {
                    (0, _) => MarkRole::Assumption,
                    (_, true) => MarkRole::On,
                    (_, false) => MarkRole::Off,
                };
                self.push(Shape::mark(l.cell, l.digit, role));
            }
            let mut labelled = !many;
            for node in &branch.nodes {
                for &p in &node.parents {
                    let Some(parent) = branch.nodes.get(p) else {
                        continue;
                    };
                    let (a, z) = (parent.literal, node.literal);
                    let kind = if z.on {
                        LinkKind::Strong
                    } else {
                        LinkKind::Weak
                    };
                    let label = (!labelled).then(|| (b + 1).to_string());
                    labelled = true;
                    self.push(Shape::Arrow {
                        from: one(a.cell, a.digit),
                        to: one(z.cell, z.digit),
                        kind,
                        label,
                    });
                }
            }
        }
    }

    /// Drops repeats and, per candidate, pattern marks that a more telling
    /// role covers; with a position, pattern marks on non-candidates.
    pub(crate) fn finish(self, before: Option<&Candidates>) -> Vec<Shape> {
        let mut out: Vec<Shape> = Vec::with_capacity(self.shapes.len());
        for shape in self.shapes {
            if out.contains(&shape) {
                continue;
            }
            if let Shape::Mark {
                cell,
                digit,
                role: MarkRole::Pattern | MarkRole::Alt,
            } = shape
            {
                let held = before.is_none_or(|pos| pos.candidates(cell).contains(digit));
                let covered = out.iter().any(|s| {
                    matches!(s, Shape::Mark { cell: c, digit: d, .. } if *c == cell && *d == digit)
                });
                if !held || covered {
                    continue;
                }
            }
            if let Shape::Cell {
                cell,
                role: CellRole::Pattern,
            } = shape
                && out
                    .iter()
                    .any(|s| matches!(s, Shape::Cell { cell: c, .. } if *c == cell))
            {
                continue;
            }
            out.push(shape);
        }
        // A candidate drawn as pattern first and later with a more telling
        // role keeps only the latter; a target cell replaces a pattern one.
        let telling: Vec<(Cell, Digit)> = out
            .iter()
            .filter_map(|s| match s {
                Shape::Mark { cell, digit, role }
                    if !matches!(role, MarkRole::Pattern | MarkRole::Alt) =>
                {
                    Some((*cell, *digit))
                }
                _ => None,
            })
            .collect();
        let targets: Vec<Cell> = out
            .iter()
            .filter_map(|s| match s {
                Shape::Cell {
                    cell,
                    role: CellRole::Target,
                } => Some(*cell),
                _ => None,
            })
            .collect();
        out.retain(|s| match s {
            Shape::Mark {
                cell,
                digit,
                role: MarkRole::Pattern | MarkRole::Alt,
            } => !telling.contains(&(*cell, *digit)),
            Shape::Cell {
                cell,
                role: CellRole::Pattern,
            } => !targets.contains(cell),
            _ => true,
        });
        out
    }
}

/// Whether a strong link also excludes: one digit in two cells (a strong
/// link of a digit in a house) or two digits of one cell.
pub(crate) fn conjugate(l: &Link) -> bool {
    (l.from.1 == l.to.1) != (l.from.0 == l.to.0)
}
