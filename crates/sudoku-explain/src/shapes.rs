//! What a step looks like on the grid, as data: highlighted cells, marked
//! candidates, link arrows and groups — the drawing counterpart of the text
//! renderers, read from the same [`Step`] fields.
//!
//! A [`Shape`] names cells and digits only; where a candidate sits inside its
//! cell (the page lays candidates out 3×3) and how a role looks (colours,
//! rings, dashes) is the page's business. One function per technique family
//! maps a step to its shapes, next to the text renderer of the same family;
//! [`shapes`] dispatches on the step's [`Detail`]. Every family gets the
//! step's effects (placed and eliminated candidates, the cells they are in);
//! chains add an arrow per link, strong links `strong` and weak ones `weak`,
//! with each chain candidate marked `on` or `off` as the chain's reading
//! assumes it; patterns add their cells and candidates.
//!
//! Shapes serialise (serde) as small JSON objects with a `shape` tag, cells
//! written `r3c5` as everywhere in this crate's output:
//!
//! ```json
//! {"shape":"cell","cell":"r3c5","role":"target"}
//! {"shape":"mark","cell":"r3c5","digit":4,"role":"on"}
//! {"shape":"arrow","from":{"cells":["r3c5"],"digit":4},"to":{"cells":["r3c7"],"digit":4},"kind":"weak"}
//! {"shape":"group","cells":["r1c2","r1c3"],"digit":5}
//! ```
//!
//! ```
//! use sudoku_core::{Grid, Variant};
//! use sudoku_explain::{shapes, Shape};
//! use sudoku_logic::{solve_logically, Options};
//! let p: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
//!     .parse().unwrap();
//! let trace = solve_logically(&p, Variant::Standard, &Options::default()).unwrap();
//! let drawn = shapes(&trace.steps[0]);
//! assert!(drawn.iter().any(|s| matches!(s, Shape::Mark { .. })));
//! ```

use serde::Serialize;
use serde::ser::{SerializeStruct, Serializer};
use sudoku_core::{Cell, CellSet, Digit, DigitSet, House, HouseSet, Variant};
use sudoku_logic::{
    Branch, Candidates, ChainNode, ColoringKind, Detail, DirectReason, Forcing, GroupRole, Link,
    LinkKind, MedusaRule, NiceLoopKind, Step, Trace,
};

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
    fn mark(cell: Cell, digit: Digit, role: MarkRole) -> Shape {
        Shape::Mark { cell, digit, role }
    }

    fn arrow(from: ChainNode, to: ChainNode, kind: LinkKind) -> Shape {
        Shape::Arrow {
            from,
            to,
            kind,
            label: None,
        }
    }
}

fn one(cell: Cell, digit: Digit) -> ChainNode {
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

/// The shapes of `step`, from its data alone. Pattern candidates are drawn
/// where the pattern may hold them; [`shapes_at`] keeps only those that are
/// candidates of the position.
pub fn shapes(step: &Step) -> Vec<Shape> {
    let mut out = Drawing::default();
    family(step, &mut out);
    out.effects(step);
    out.finish(None)
}

/// The shapes of `step` found in `before`: as [`shapes`], without pattern
/// marks on digits that are not candidates there.
pub fn shapes_at(step: &Step, before: &Candidates) -> Vec<Shape> {
    let mut out = Drawing::default();
    family(step, &mut out);
    out.effects(step);
    out.finish(Some(before))
}

/// The shapes of every step of `trace`, replaying it to give each step the
/// position it was found in (as [`crate::explain_trace`] does for the texts).
pub fn trace_shapes(trace: &Trace) -> Vec<Vec<Shape>> {
    let Ok(mut pos) = Candidates::new(&trace.puzzle, trace.end.variant()) else {
        return trace.steps.iter().map(shapes).collect();
    };
    let mut out = Vec::with_capacity(trace.steps.len());
    for step in &trace.steps {
        out.push(shapes_at(step, &pos));
        // As for the texts: a step that does not apply leaves the position
        // as it was; later steps still draw from their own data.
        let _ = pos.apply(step);
    }
    out
}

/// The shapes being collected for one step.
#[derive(Default)]
struct Drawing {
    shapes: Vec<Shape>,
}

impl Drawing {
    fn push(&mut self, shape: Shape) {
        self.shapes.push(shape);
    }

    /// A fish's base and cover houses.
    fn fish_houses(&mut self, base: HouseSet, cover: HouseSet) {
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

    /// A set of a step with its label (the text's, `crate::als::set_labels`).
    fn set(&mut self, cells: CellSet, label: &str) {
        self.push(Shape::Set {
            cells,
            label: label.to_string(),
        });
    }

    fn cells(&mut self, cells: CellSet, role: CellRole) {
        for cell in cells.iter() {
            self.push(Shape::Cell { cell, role });
        }
    }

    fn marks(&mut self, cells: CellSet, digits: DigitSet, role: MarkRole) {
        for cell in cells.iter() {
            for digit in digits.iter() {
                self.push(Shape::mark(cell, digit, role));
            }
        }
    }

    /// Placements and eliminations with the cells they change.
    fn effects(&mut self, step: &Step) {
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

    /// The links of the step as arrows, without marks.
    fn arrows(&mut self, links: &[Link]) {
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
    fn chain(&mut self, links: &[Link], first_on: bool) {
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

    fn value_mark(&mut self, (cell, digit): (Cell, Digit), value: Option<bool>) {
        let role = match value {
            Some(true) => MarkRole::On,
            Some(false) => MarkRole::Off,
            None => MarkRole::Pattern,
        };
        self.push(Shape::mark(cell, digit, role));
    }

    /// Drops repeats and, per candidate, pattern marks that a more telling
    /// role covers; with a position, pattern marks on non-candidates.
    fn finish(self, before: Option<&Candidates>) -> Vec<Shape> {
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
fn conjugate(l: &Link) -> bool {
    (l.from.1 == l.to.1) != (l.from.0 == l.to.0)
}

/// The family's own shapes (the effects are added by the caller).
fn family(step: &Step, out: &mut Drawing) {
    match step.detail {
        Detail::Single(_) | Detail::WriteCandidates(_) | Detail::Bug(_) => {}
        Detail::Direct(sudoku_logic::Direct { ref reasons, .. }) => direct(reasons, out),
        Detail::Fish(sudoku_logic::Fish {
            digit, base, cover, ..
        }) => {
            out.fish_houses(base, cover);
            out.cells(step.cells, CellRole::Pattern);
            out.marks(step.cells, DigitSet::single(digit), MarkRole::Pattern);
            out.arrows(&step.links);
        }
        Detail::Intersection(sudoku_logic::Intersection { digit, .. })
        | Detail::SeesAllPlaces(sudoku_logic::SeesAllPlaces { digit, .. })
        | Detail::EmptyRectangle(sudoku_logic::EmptyRectangle { digit, .. }) => {
            out.cells(step.cells, CellRole::Pattern);
            out.marks(step.cells, DigitSet::single(digit), MarkRole::Pattern);
            out.arrows(&step.links);
        }
        Detail::FinnedFish(sudoku_logic::FinnedFish {
            digit,
            fins,
            base,
            cover,
            ..
        })
        | Detail::KrakenFish(sudoku_logic::KrakenFish {
            digit,
            fins,
            base,
            cover,
            ..
        }) => {
            out.fish_houses(base, cover);
            out.cells(fins, CellRole::Fin);
            out.cells(step.cells, CellRole::Pattern);
            out.marks(
                step.cells | fins,
                DigitSet::single(digit),
                MarkRole::Pattern,
            );
            // A kraken fish also draws the chains from its fins.
            if let Detail::KrakenFish(sudoku_logic::KrakenFish { ref chains, .. }) = step.detail {
                branches(chains, out);
            }
        }
        Detail::Subset(sudoku_logic::Subset {
            view,
            naked_cells,
            naked_digits,
            hidden_cells,
            hidden_digits,
            ..
        }) => {
            let (cells, digits) = match view {
                sudoku_logic::SubsetView::Naked => (naked_cells, naked_digits),
                _ => (hidden_cells, hidden_digits),
            };
            out.cells(cells, CellRole::Pattern);
            out.marks(cells, digits, MarkRole::Pattern);
        }
        Detail::Coloring(sudoku_logic::Coloring {
            digit,
            kind,
            colors,
            other,
        }) => coloring(step, digit, kind, colors, other, out),
        Detail::SingleDigitChain(_) | Detail::XyChain(_) => {
            out.chain(&step.links, false);
        }
        Detail::DigitContradiction(_) => out.chain(&step.links, true),
        Detail::Wing(sudoku_logic::Wing {
            hinge,
            wings,
            digit,
        }) => {
            if let Some(h) = hinge {
                out.cells(CellSet::single(h), CellRole::Hinge);
                out.marks(CellSet::single(h), step.digits, MarkRole::Pattern);
            }
            out.cells(wings, CellRole::Pattern);
            out.marks(wings, step.digits, MarkRole::Pattern);
            out.marks(wings, DigitSet::single(digit), MarkRole::Alt);
        }
        Detail::WWing(sudoku_logic::WWing {
            ends,
            link,
            link_digit,
            digit,
            ..
        }) => {
            let ends: CellSet = ends.into_iter().collect();
            out.cells(ends, CellRole::Pattern);
            out.marks(ends, DigitSet::single(digit), MarkRole::Alt);
            out.marks(ends, DigitSet::single(link_digit), MarkRole::Pattern);
            let [a, b] = link;
            out.push(Shape::arrow(
                one(a, link_digit),
                one(b, link_digit),
                LinkKind::Strong,
            ));
            out.marks(
                link.into_iter().collect(),
                DigitSet::single(link_digit),
                MarkRole::Pattern,
            );
        }
        Detail::UniqueRectangle(sudoku_logic::UniqueRectangle { corners, pair, .. }) => {
            let corners: CellSet = corners.into_iter().collect();
            out.cells(corners, CellRole::Pattern);
            out.marks(corners, pair, MarkRole::Pattern);
            out.arrows(&step.links);
        }
        Detail::RemotePair(sudoku_logic::RemotePair { pair, even, odd }) => {
            out.cells(even | odd, CellRole::Pattern);
            out.marks(even | odd, pair, MarkRole::Pattern);
            out.arrows(&step.links);
        }
        Detail::NiceLoop(sudoku_logic::NiceLoop { ref nodes, kind }) => nice_loop(nodes, kind, out),
        Detail::AlsChain(sudoku_logic::AlsChain {
            ref sets,
            ref rccs,
            z,
            ..
        }) => {
            let labels = crate::als::set_labels(step.technique, sets.len());
            for (set, label) in sets.iter().zip(&labels) {
                out.set(set.cells, label);
                out.cells(set.cells, CellRole::Pattern);
                out.marks(set.cells, set.digits & z, MarkRole::Pattern);
                out.marks(
                    set.cells,
                    set.digits & rccs.iter().copied().collect(),
                    MarkRole::Alt,
                );
            }
        }
        Detail::DeathBlossom(sudoku_logic::DeathBlossom {
            stem,
            ref petals,
            z,
        }) => {
            out.cells(CellSet::single(stem), CellRole::Hinge);
            let labels = crate::als::set_labels(step.technique, petals.len());
            for ((digit, set), label) in petals.iter().zip(&labels) {
                out.set(set.cells, label);
                out.marks(
                    CellSet::single(stem),
                    DigitSet::single(*digit),
                    MarkRole::Alt,
                );
                out.cells(set.cells, CellRole::Pattern);
                out.marks(set.cells, DigitSet::single(*digit), MarkRole::Alt);
                out.marks(set.cells, DigitSet::single(z), MarkRole::Pattern);
            }
        }
        Detail::SueDeCoq(ref s) => {
            out.cells(s.cells | s.line_cells | s.region_cells, CellRole::Pattern);
            out.marks(s.cells, s.digits, MarkRole::Pattern);
            out.marks(s.line_cells, s.line_digits, MarkRole::Pattern);
            out.marks(s.region_cells, s.region_digits, MarkRole::Alt);
        }
        Detail::Forcing(ref f) => forcing(f, out),
        // A refutation with its tree is drawn like a contradiction chain.
        Detail::Trial(sudoku_logic::TrialAndError {
            tree: Some(ref f), ..
        }) => forcing(f, out),
        Detail::Trial(sudoku_logic::TrialAndError { cell, digit, .. }) => {
            out.cells(CellSet::single(cell), CellRole::Hinge);
            out.push(Shape::mark(cell, digit, MarkRole::Assumption));
        }
        Detail::LockedSubset(sudoku_logic::LockedSubset { cells, digits, .. }) => {
            out.cells(cells, CellRole::Pattern);
            out.marks(cells, digits, MarkRole::Pattern);
        }
        Detail::Medusa(sudoku_logic::Medusa { ref colors, rule }) => {
            medusa(step, colors, rule, out)
        }
        // Both patterns, each drawn as its own step.
        Detail::Dual(sudoku_logic::Dual { ref parts, .. }) => {
            for part in parts {
                family(part, out);
            }
        }
        Detail::Template(sudoku_logic::Template { digit, .. }) => {
            out.cells(step.cells, CellRole::Pattern);
            out.marks(step.cells, DigitSet::single(digit), MarkRole::Pattern);
        }
        Detail::Pattern(ref groups) => {
            for g in groups {
                let role = match g.role {
                    GroupRole::Pattern => CellRole::Pattern,
                    GroupRole::Guardian => CellRole::Fin,
                };
                out.cells(g.cells, role);
                out.marks(g.cells, step.digits, MarkRole::Pattern);
            }
            out.arrows(&step.links);
        }
        // Nothing beyond the common fields: the cells and links they have.
        Detail::None
        | Detail::UniqueLoop(_)
        | Detail::BivalueGrave(_)
        | Detail::AlignedExclusion(_) => {
            out.cells(step.cells, CellRole::Pattern);
            out.arrows(&step.links);
        }
    }
}

/// A 3D Medusa step: the two colours as pattern and alternative marks (a
/// colour shown false as off, the other as on), with the links that coloured
/// them.
fn medusa(step: &Step, colors: &[[CellSet; 9]; 2], rule: MedusaRule, out: &mut Drawing) {
    let false_color = match rule {
        MedusaRule::TwiceInCell { color, .. }
        | MedusaRule::TwiceInHouse { color, .. }
        | MedusaRule::CellEmptied { color, .. } => Some(color),
        _ => None,
    };
    let roles = match false_color {
        Some(0) => [MarkRole::Off, MarkRole::On],
        Some(_) => [MarkRole::On, MarkRole::Off],
        None => [MarkRole::Pattern, MarkRole::Alt],
    };
    for (per_digit, role) in colors.iter().zip(roles) {
        for digit in Digit::ALL {
            let cells = per_digit[digit.index()];
            out.cells(cells, CellRole::Pattern);
            out.marks(cells, DigitSet::single(digit), role);
        }
    }
    out.arrows(&step.links);
}

/// A forcing step: per branch, its assumption marked as such, every other
/// node on or off, and an arrow per parent→child edge — solid where the child
/// turns on (a strong inference), dashed where it turns off (a weak one). With
/// several branches the first arrow of each is labelled with its number.
fn forcing(f: &Forcing, out: &mut Drawing) {
    branches(&f.branches, out);
}

/// The nodes and links of implication branches, numbered when there are
/// several.
fn branches(list: &[Branch], out: &mut Drawing) {
    let many = list.len() > 1;
    for (b, branch) in list.iter().enumerate() {
        for (i, node) in branch.nodes.iter().enumerate() {
            let l = node.literal;
            let role = match (i, l.on) {
                (0, _) => MarkRole::Assumption,
                (_, true) => MarkRole::On,
                (_, false) => MarkRole::Off,
            };
            out.push(Shape::mark(l.cell, l.digit, role));
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
                out.push(Shape::Arrow {
                    from: one(a.cell, a.digit),
                    to: one(z.cell, z.digit),
                    kind,
                    label,
                });
            }
        }
    }
}

/// A direct method: the facts it rests on (locked digits as groups, pairs
/// as pattern cells).
fn direct(reasons: &[DirectReason], out: &mut Drawing) {
    for reason in reasons {
        match *reason {
            DirectReason::Locked { digit, cells, .. } => {
                out.push(Shape::Group { cells, digit });
            }
            DirectReason::Pair { digits, cells, .. } => {
                out.cells(cells, CellRole::Pattern);
                out.marks(cells, digits, MarkRole::Pattern);
            }
        }
    }
}

/// Colouring: a wrap's false colour off and the other on; otherwise the two
/// colours of each cluster as pattern and alt. The cluster's strong links as
/// arrows.
fn coloring(
    step: &Step,
    digit: Digit,
    kind: ColoringKind,
    colors: [CellSet; 2],
    other: Option<[CellSet; 2]>,
    out: &mut Drawing,
) {
    let d = DigitSet::single(digit);
    let roles = match kind {
        ColoringKind::Wrap { false_color, .. } | ColoringKind::MultiBoth { false_color } => {
            if false_color == 0 {
                [MarkRole::Off, MarkRole::On]
            } else {
                [MarkRole::On, MarkRole::Off]
            }
        }
        _ => [MarkRole::Pattern, MarkRole::Alt],
    };
    for (cells, role) in colors.into_iter().zip(roles) {
        out.cells(cells, CellRole::Pattern);
        out.marks(cells, d, role);
    }
    if let Some(other) = other {
        for (cells, role) in other.into_iter().zip([MarkRole::Pattern, MarkRole::Alt]) {
            out.cells(cells, CellRole::Pattern);
            out.marks(cells, d, role);
        }
    }
    out.arrows(&step.links);
}

/// A nice loop or AIC: an arrow per link (strong first, then alternating;
/// a continuous loop closes back to its first node), group nodes as groups,
/// and each single candidate marked as the chain reads it — the first node
/// false, so the one after a strong link true, the one after a weak link
/// false.
fn nice_loop(nodes: &[ChainNode], kind: NiceLoopKind, out: &mut Drawing) {
    let closed = kind == NiceLoopKind::Continuous;
    let placement = kind == NiceLoopKind::Placement;
    for (i, node) in nodes.iter().enumerate() {
        if node.is_group() {
            out.push(Shape::Group {
                cells: node.cells,
                digit: node.digit,
            });
        } else if let Some(cell) = node.cells.first() {
            // A placement loop returns to its first node, which the step
            // places: its mark there is the placement.
            if placement && i + 1 == nodes.len() && i > 0 {
                continue;
            }
            let role = if i % 2 == 0 {
                MarkRole::Off
            } else {
                MarkRole::On
            };
            out.push(Shape::mark(cell, node.digit, role));
        }
    }
    for (i, pair) in nodes.windows(2).enumerate() {
        let kind = if i % 2 == 0 {
            LinkKind::Strong
        } else {
            LinkKind::Weak
        };
        out.push(Shape::arrow(pair[0], pair[1], kind));
    }
    if closed && let (Some(&last), Some(&first)) = (nodes.last(), nodes.first()) {
        out.push(Shape::arrow(last, first, LinkKind::Weak));
    }
}
