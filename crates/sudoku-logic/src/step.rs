//! Deductions as data: a [`Step`] says what a technique found, why it holds and
//! what it is worth; a [`Trace`] is the path from the givens to the end.
//!
//! Nothing here renders text. Explanations (any language), hints, ratings, the ML
//! features and the browser replay all read these values; the justification fields
//! (`cells`, `houses`, `digits`, `links`, `detail`) carry everything a renderer
//! needs without re-running the technique.

use crate::candidates::{Candidates, Contradiction};
use crate::implication::Forcing;
use crate::technique::Technique;
use sudoku_core::{Cell, CellSet, Digit, DigitSet, Grid, House};

/// A digit placed in a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Placement {
    /// The cell.
    pub cell: Cell,
    /// The digit.
    pub digit: Digit,
}

/// A candidate removed from a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Elimination {
    /// The cell.
    pub cell: Cell,
    /// The digit removed from its candidates.
    pub digit: Digit,
}

/// The kind of inference between two candidates of a chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LinkKind {
    /// At least one of the two is true ("if not A then B").
    Strong,
    /// At most one of the two is true ("if A then not B").
    Weak,
}

/// One link of a chain, from one candidate to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Link {
    /// The candidate the link starts from.
    pub from: (Cell, Digit),
    /// The candidate it leads to.
    pub to: (Cell, Digit),
    /// Strong or weak.
    pub kind: LinkKind,
}

/// A node of a nice loop: one candidate, or (grouped) the candidates of one
/// digit in two or three cells of a line∩box intersection, true when the digit
/// is in one of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChainNode {
    /// The cells (one for a plain candidate).
    pub cells: CellSet,
    /// The digit.
    pub digit: Digit,
}

impl ChainNode {
    /// Whether the node is a group of cells rather than one candidate.
    pub fn is_group(&self) -> bool {
        self.cells.len() > 1
    }
}

/// What a nice loop concludes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NiceLoopKind {
    /// An AIC (a discontinuous nice loop with two weak links at the gap): it
    /// starts and ends with a strong link, so its first or its last node is
    /// true; every candidate weakly linked to both ends goes.
    Chain,
    /// A discontinuous nice loop with two strong links at its gap: if its
    /// first node were false it would be true, so it is true.
    Placement,
    /// A continuous nice loop: the chain's last node is weakly linked back to
    /// its first, so each weak link holds exactly one true node and every
    /// candidate weakly linked to both nodes of a weak link goes.
    Continuous,
}

/// Which of the two equivalent views of a subset a step is named and scored by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SubsetView {
    /// N cells holding only N digits.
    Naked,
    /// M digits confined to M cells.
    Hidden,
}

/// A fact a direct method uses without written candidates: the seed's "(z)"
/// marks of its obvious row/column tests and its obvious pairs. Each holds
/// although the exact places are still unknown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DirectReason {
    /// The places of `digit` in `base` all lie in `base ∩ cover` (`cells`), so
    /// the digit is not in the rest of `cover`. With `base` a box this is the
    /// seed's obvious row/column test (direct pointing); with `cover` a box it
    /// is a line claiming the box.
    Locked {
        /// The digit.
        digit: Digit,
        /// The house whose places of the digit are all in the intersection.
        base: House,
        /// The house the digit is kept out of, outside the intersection.
        cover: House,
        /// The places of the digit in `base` (all in the intersection).
        cells: CellSet,
    },
    /// The two `digits` have the same two places `cells` in `house` (the seed's
    /// obvious 2-tuple, a hidden pair seen without candidates): the two cells
    /// hold these digits and nothing else.
    Pair {
        /// The house.
        house: House,
        /// The two digits.
        digits: DigitSet,
        /// The two cells.
        cells: CellSet,
    },
}

/// How a direct method ends in a placement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DirectKind {
    /// The digit has one place left in a house (the seed's C1–C3, C5, C6 and
    /// D1–D3, D5, D6).
    HiddenSingle,
    /// The cell has one digit left (C0, D0).
    NakedSingle,
    /// A box's digit is locked to one row and to one column: it goes to their
    /// crossing (C7).
    Crossing,
    /// The cell belongs to two different obvious pairs: it holds their common
    /// digit (D7).
    PairCrossing,
    /// Three corners of a rectangle hold the same obvious pair; either of its
    /// digits in the fourth corner would allow two solutions (D8).
    Rectangle,
}

/// An almost locked set (ALS) as a step shows it: `cells.len()` empty cells of
/// `house` holding `digits.len() == cells.len() + 1` candidates together.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AlsSet {
    /// A house holding all its cells.
    pub house: House,
    /// Its cells.
    pub cells: CellSet,
    /// Their candidates together (one more than cells).
    pub digits: DigitSet,
}

/// Technique-specific structure beyond the common fields of a [`Step`].
///
/// Each variant holds the named struct its technique's module defines beside
/// the finder (e.g. [`crate::SueDeCoq`] in `techniques/sue_de_coq.rs`), with
/// the meaning of every field and how a grid transform moves it
/// ([`crate::Moved`]); a family of techniques shares one (the singles,
/// subsets, fish, wings, …).
#[derive(Clone, Debug, PartialEq)]
pub enum Detail {
    /// Nothing beyond the common fields.
    None,
    /// Single (its data: [`crate::Single`]).
    Single(crate::Single),
    /// WriteCandidates (its data: [`crate::WriteCandidates`]).
    WriteCandidates(crate::WriteCandidates),
    /// Intersection (its data: [`crate::Intersection`]).
    Intersection(crate::Intersection),
    /// Subset (its data: [`crate::Subset`]).
    Subset(crate::Subset),
    /// Fish (its data: [`crate::Fish`]).
    Fish(crate::Fish),
    /// SingleDigitChain (its data: [`crate::SingleDigitChain`]).
    SingleDigitChain(crate::SingleDigitChain),
    /// EmptyRectangle (its data: [`crate::EmptyRectangle`]).
    EmptyRectangle(crate::EmptyRectangle),
    /// DigitContradiction (its data: [`crate::DigitContradiction`]).
    DigitContradiction(crate::DigitContradiction),
    /// Wing (its data: [`crate::Wing`]).
    Wing(crate::Wing),
    /// WWing (its data: [`crate::WWing`]).
    WWing(crate::WWing),
    /// XyChain (its data: [`crate::XyChain`]).
    XyChain(crate::XyChain),
    /// Direct (its data: [`crate::Direct`]).
    Direct(crate::Direct),
    /// Trial (its data: [`crate::TrialAndError`]).
    Trial(crate::TrialAndError),
    /// UniqueRectangle (its data: [`crate::UniqueRectangle`]).
    UniqueRectangle(crate::UniqueRectangle),
    /// Bug (its data: [`crate::Bug`]).
    Bug(crate::Bug),
    /// RemotePair (its data: [`crate::RemotePair`]).
    RemotePair(crate::RemotePair),
    /// NiceLoop (its data: [`crate::NiceLoop`]).
    NiceLoop(crate::NiceLoop),
    /// AlsChain (its data: [`crate::AlsChain`]).
    AlsChain(crate::AlsChain),
    /// DeathBlossom (its data: [`crate::DeathBlossom`]).
    DeathBlossom(crate::DeathBlossom),
    /// Sue de Coq (its data: [`crate::SueDeCoq`]).
    SueDeCoq(crate::SueDeCoq),
    /// FinnedFish (its data: [`crate::FinnedFish`]).
    FinnedFish(crate::FinnedFish),
    /// KrakenFish (its data: [`crate::KrakenFish`]).
    KrakenFish(crate::KrakenFish),
    /// UniqueLoop (its data: [`crate::UniqueLoop`]).
    UniqueLoop(crate::UniqueLoop),
    /// BivalueGrave (its data: [`crate::BivalueGrave`]).
    BivalueGrave(crate::BivalueGrave),
    /// AlignedExclusion (its data: [`crate::AlignedExclusion`]).
    AlignedExclusion(crate::AlignedExclusion),
    /// SeesAllPlaces (its data: [`crate::SeesAllPlaces`]).
    SeesAllPlaces(crate::SeesAllPlaces),
    /// A forcing step (forcing chains and cycles, Nishio, verity, cell and
    /// region forcing chains, dynamic and nested chains): its implication
    /// trees, every node with its cause and parents (see [`Forcing`]).
    Forcing(Box<Forcing>),
    /// Coloring (its data: [`crate::Coloring`]).
    Coloring(crate::Coloring),
    /// Medusa (its data: [`crate::Medusa`]).
    Medusa(crate::Medusa),
    /// Dual (its data: [`crate::Dual`]).
    Dual(crate::Dual),
    /// Template (its data: [`crate::Template`]).
    Template(crate::Template),
    /// A step told as labelled groups of cells beside the step's own cells,
    /// houses, digits and links: the form of a technique whose catalogue
    /// entry carries its text ([`TechniqueInfo::text`](crate::TechniqueInfo)).
    /// The explanation fills that template from these groups and the drawing
    /// marks the same groups, so text and drawing cannot disagree.
    Pattern(Vec<PatternGroup>),
    /// LockedSubset (its data: [`crate::LockedSubset`]).
    LockedSubset(crate::LockedSubset),
}

/// The rule of a 3D Medusa step (SudokuWiki's numbering; colours are indices
/// 0/1 into [`Detail::Medusa`]'s `colors`). Rules 1, 2 and 6 show a colour
/// false, which removes all its candidates; rules 3–5 remove uncoloured
/// candidates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MedusaRule {
    /// Rule 1: `cell` holds two candidates of colour `color`.
    TwiceInCell {
        /// The colour shown false.
        color: usize,
        /// The cell.
        cell: Cell,
    },
    /// Rule 2: colour `color` puts `digit` into two `cells` of `house`.
    TwiceInHouse {
        /// The colour shown false.
        color: usize,
        /// The digit.
        digit: Digit,
        /// The house.
        house: House,
        /// The two cells (in cell order).
        cells: [Cell; 2],
    },
    /// Rule 3: a cell holding both colours keeps only them.
    TwoColorsInCell,
    /// Rule 4: an uncoloured candidate sees both colours of its digit.
    SeesBothColors,
    /// Rule 5: an uncoloured candidate sees one colour of its digit and
    /// shares its cell with a candidate of the other colour.
    ColorAndCell,
    /// Rule 6: every candidate of the uncoloured `cell` sees colour `color`
    /// of its digit, so that colour would empty the cell.
    CellEmptied {
        /// The colour shown false.
        color: usize,
        /// The cell.
        cell: Cell,
    },
}

/// Which use of a unique loop a step makes (Sudoku Explainer's types).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LoopKind {
    /// One loop cell holds more than the pair: the pair goes from it.
    Type1,
    /// The extra cells share one extra digit: it goes from every cell seeing
    /// all of them.
    Type2,
    /// Two extra cells in one house: their extras with other cells of the
    /// house form a naked subset.
    Type3Naked,
    /// Two extra cells in one house: the pair with other digits is confined to
    /// one of them and other cells of the house (a hidden subset).
    Type3Hidden,
    /// Two extra cells in one house where one pair digit has no other place:
    /// the other pair digit goes from both.
    Type4,
    /// The seed's rectangle types 4A–8C on a loop: the removed candidate, if
    /// true, would settle every loop cell on the pair — cells holding only
    /// the pair following their neighbours, cells with extras by one or two
    /// strong links of the pair's digits.
    StrongLinks,
}

/// The kind of a bivalue-universal-grave step (Sudoku Explainer's types).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GraveKind {
    /// One cell holds the extra digits: its other candidates go.
    Type1,
    /// Several cells share one extra digit: it goes from every cell seeing
    /// all of them.
    Type2,
    /// The extras of the cells, in one house, form a naked subset with other
    /// cells of the house.
    Type3,
    /// Two cells in one house share one non-extra digit that must be in one of
    /// them: their other non-extra digits go.
    Type4,
}

/// The argument of a colouring step (see [`Detail::Coloring`]; colours are
/// indices 0/1 into its `colors` and `other`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ColoringKind {
    /// Simple colours: two cells of colour `false_color` see each other, so the
    /// colour is false.
    Wrap {
        /// The colour removed.
        false_color: usize,
        /// Two cells of that colour that see each other (the first in cell
        /// order and the first it sees).
        clash: [Cell; 2],
    },
    /// Simple colours: the removed cells see a cell of each colour.
    Trap,
    /// Multi colours: colour `seeing[0]` of the first cluster sees colour
    /// `seeing[1]` of the second, so one of the two other colours is true; the
    /// removed cells see both of those.
    MultiSee {
        /// The colours (first cluster, second cluster) that see each other.
        seeing: [usize; 2],
    },
    /// Multi colours: colour `false_color` of the first cluster sees both
    /// colours of the second, so it is false.
    MultiBoth {
        /// The colour of the first cluster removed.
        false_color: usize,
    },
}

/// The kind of a unique-rectangle step (HoDoKu's uniqueness tests 1–6, hidden
/// rectangle, avoidable rectangles 1 and 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RectangleKind {
    /// Three bivalue corners: the pair goes from the fourth.
    Type1,
    /// Two roof cells in a line with one common extra digit.
    Type2,
    /// The roof's extras form a naked subset with other cells of a house.
    Type3,
    /// A strong link on one pair digit joins the roof cells.
    Type4,
    /// One common extra digit in two diagonal or three roof cells.
    Type5,
    /// Strong links on one pair digit along both rows and both columns.
    Type6,
    /// One bivalue corner and strong links on one pair digit at the opposite
    /// corner.
    Hidden,
    /// Three corners solved (not given): the fourth cannot take the digit that
    /// completes the pattern.
    Avoidable1,
    /// Two corners solved (not given), the other two hold their needed digit
    /// and one common extra.
    Avoidable2,
    /// The seed's 4A: floor in a line; a pair digit `u` confined to a floor
    /// and a roof cell of a crossing line; the other pair digit goes from the
    /// other roof cell. Corners start at that floor cell.
    Type4A,
    /// The seed's 4C: diagonal floor; `u` confined to a floor and a roof cell
    /// of a line goes from the other roof cell. Corners start at that floor
    /// cell.
    Type4C,
    /// The seed's 7B: one bivalue corner (first); `u` confined to the
    /// rectangle in both rows or both columns; the other pair digit goes from
    /// the opposite corner.
    Type7B,
    /// The seed's 7C: diagonal floor; `u` confined to the rectangle in the row
    /// and column of the first corner, which therefore loses the other digit.
    Type7C,
    /// The seed's 8A: one bivalue corner (first); `u` confined in its line,
    /// the other pair digit in the parallel line; `u` goes from the corner
    /// next to the first in the crossing direction.
    Type8A,
    /// The seed's 8B: one bivalue corner (first); `u` confined in its line,
    /// the other pair digit in the crossing line through the partner; `u` goes
    /// from the fourth corner's other neighbour.
    Type8B,
    /// The seed's 8C: one bivalue corner (first); the pair digits confined in
    /// the two lines through the opposite corner, whose extras go.
    Type8C,
}

/// A named group of cells in a [`Detail::Pattern`] step: the name is the
/// placeholder its template uses (`{guardians}`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternGroup {
    /// The placeholder name, e.g. `guardians`.
    pub name: &'static str,
    /// What the group is in the reasoning (how it is drawn).
    pub role: GroupRole,
    /// Its cells.
    pub cells: CellSet,
}

/// What a group of a [`Detail::Pattern`] step is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GroupRole {
    /// Cells of the pattern itself.
    Pattern,
    /// Cells of which one must be true when the pattern alone would be
    /// impossible (a fish's fins, a broken wing's guardians).
    Guardian,
}

/// One deduction: technique, effect, justification and points.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// The technique that found it.
    pub technique: Technique,
    /// Digits it places.
    pub placements: Vec<Placement>,
    /// Candidates it removes, sorted by cell then digit.
    pub eliminations: Vec<Elimination>,
    /// The cells forming the pattern.
    pub cells: CellSet,
    /// The houses the reasoning uses (roles per technique; see `detail`).
    pub houses: Vec<House>,
    /// The digits the reasoning is about.
    pub digits: DigitSet,
    /// Chain links, for chain techniques.
    pub links: Vec<Link>,
    /// Technique-specific structure.
    pub detail: Detail,
    /// Points on the diagonal solver's scale, final (including the adjustment
    /// for the number of alternatives, when there is one).
    pub points: f64,
    /// Before candidates are written: how many different placements the direct
    /// methods offered in the position the step was taken from. The seed adds
    /// extra points when there are only 1–3 and halves the points when there
    /// are very many (see the solver). `None` after candidates are written.
    pub alternatives: Option<usize>,
}

impl Step {
    /// An empty step of `technique` worth `points`; finders fill in the rest.
    pub fn new(technique: Technique, points: f64) -> Step {
        Step {
            technique,
            placements: Vec::new(),
            eliminations: Vec::new(),
            cells: CellSet::EMPTY,
            houses: Vec::new(),
            digits: DigitSet::EMPTY,
            links: Vec::new(),
            detail: Detail::None,
            points,
            alternatives: None,
        }
    }

    /// Sets the eliminations from the cells losing each digit, sorted by cell then
    /// digit.
    pub(crate) fn eliminate_all(&mut self, digit: Digit, cells: CellSet) {
        self.eliminations
            .extend(cells.iter().map(|cell| Elimination { cell, digit }));
        // Mostly one digit's cells, in order already.
        if !self.eliminations.is_sorted() {
            self.eliminations.sort_unstable();
        }
    }
}

/// How a logical solve ended.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Outcome {
    /// Every cell is filled.
    Solved,
    /// No technique of the table applies any more.
    Stuck,
    /// The position cannot be completed (only for puzzles without a solution).
    Contradiction(Contradiction),
    /// The step limit of the options was reached.
    StepLimit,
    /// The walk gave up because its interrupt fired (see
    /// `sudoku_core::interrupt`); the trace is incomplete.
    Interrupted,
}

/// The path of a logical solve: the steps in order and how it ended.
#[derive(Clone, Debug)]
pub struct Trace {
    /// The puzzle.
    pub puzzle: Grid,
    /// The steps from the givens on, in the order applied.
    pub steps: Vec<Step>,
    /// How it ended.
    pub outcome: Outcome,
    /// The final position.
    pub end: Candidates,
}

impl Trace {
    /// Whether the puzzle was solved.
    pub fn is_solved(&self) -> bool {
        self.outcome == Outcome::Solved
    }

    /// The sum of the points of all steps (`0.0`, not `-0.0`, without steps:
    /// `f64`'s `Sum` starts at `-0.0`, which prints as "-0").
    pub fn total_points(&self) -> f64 {
        self.steps.iter().fold(0.0, |a, s| a + s.points)
    }

    /// How often each technique was used, in table order, leaving out those never
    /// used.
    pub fn technique_counts(&self) -> Vec<(Technique, usize)> {
        crate::technique::TABLE
            .iter()
            .map(|info| {
                let n = self
                    .steps
                    .iter()
                    .filter(|s| s.technique == info.technique)
                    .count();
                (info.technique, n)
            })
            .filter(|&(_, n)| n > 0)
            .collect()
    }
}
