//! Candidate evaluation: the trainer's view of one position (SPEC §4).
//!
//! From the placed digits this computes the candidates of every empty cell, then
//! repeatedly finds the *necessary numbers* (a candidate that is the only place for
//! its digit in a house), *singles* (the only candidate of a cell), *hidden singles*
//! in the trainer's sense (a cell with several candidates of which exactly one is
//! not inadmissible) and the *inadmissible candidates* by the four criteria:
//! (1) the digit is a necessary number elsewhere in a shared house — and a
//! necessary number's cell admits no other digit —, (2) a naked
//! pair in a house, (3) a hidden pair in a house, (4) an intersection of two houses
//! (pointing / claiming). Every inadmissible candidate keeps all the reasons found
//! in the pass that made it inadmissible, so a page can highlight the cause and
//! cycle through several.
//!
//! [`EvalMode::Lazy`] stops as soon as a necessary number, single or hidden single
//! is known: it applies one criterion per pass (naked pair, then hidden pair, then
//! intersection — the order of the seed's screenshots) and, once necessary numbers
//! show, only what they exclude (criterion 1, as the seed's lazy screenshots show
//! it). [`EvalMode::StrictPlus`] and [`EvalMode::StrictMinus`] apply all four
//! criteria in every pass until nothing changes; on the seed's "Sehr viel rot"
//! that leaves exactly one option per cell, as its Strict screenshots show. Both check for a [`Contradiction`] at every stage, which is why
//! Strict finds them earlier. Criteria are computed on a snapshot per pass, so the
//! result does not depend on the order in which houses are visited.
//!
//! Everything iterates the variant's house list; no rule knows which variant it
//! runs on.

use crate::wire;
use serde::{Deserialize, Serialize};
use sudoku_core::{Cell, CellSet, Digit, DigitSet, Grid, House, Variant};

/// How much of the evaluation is done and shown (the seed's "Kandidatenauswertung").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EvalMode {
    /// Nothing shown: play as on paper. The automatic search evaluates lazily.
    None,
    /// Evaluate only until the next necessary number, single or hidden single.
    #[default]
    Lazy,
    /// Evaluate fully and show everything.
    StrictPlus,
    /// Evaluate fully; inadmissible candidates are hidden from the display.
    StrictMinus,
}

impl EvalMode {
    /// Whether the evaluation runs to its fixpoint (Strict+ and Strict−).
    pub fn is_strict(self) -> bool {
        matches!(self, EvalMode::StrictPlus | EvalMode::StrictMinus)
    }
}

/// One of the four criteria that make a candidate inadmissible.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Criterion {
    /// The digit is a necessary number in another cell of a shared house.
    NecessaryNumber,
    /// Two cells of a house hold only the same two digits.
    NakedPair,
    /// Two digits of a house are confined to the same two cells.
    HiddenPair,
    /// Within one house the digit lies only where it meets another house.
    Intersection,
}

/// Why one candidate is inadmissible: the criterion and the cells, house and
/// digits that cause it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "criterion", rename_all = "kebab-case")]
pub enum Reason {
    /// `digit` is necessary in `cell`: it excludes `digit` from the cells sharing
    /// `house` with `cell`, and every other digit from `cell` itself (then
    /// `house` is the house that makes it necessary).
    NecessaryNumber {
        /// The house shared by the candidate's cell and `cell`, or for a
        /// candidate of `cell` itself the house that makes `digit` necessary.
        #[serde(with = "wire::house")]
        house: House,
        /// The cell where `digit` is necessary.
        #[serde(with = "wire::cell")]
        cell: Cell,
        /// The necessary digit.
        #[serde(with = "wire::digit")]
        digit: Digit,
    },
    /// `cells` of `house` hold only `digits`, so no other cell of the house may.
    NakedPair {
        /// The house.
        #[serde(with = "wire::house")]
        house: House,
        /// The two cells of the pair.
        #[serde(with = "wire::cell_set")]
        cells: CellSet,
        /// The two digits of the pair.
        #[serde(with = "wire::digit_set")]
        digits: DigitSet,
    },
    /// `digits` can go only into `cells` of `house`, so those cells hold nothing else.
    HiddenPair {
        /// The house.
        #[serde(with = "wire::house")]
        house: House,
        /// The two cells.
        #[serde(with = "wire::cell_set")]
        cells: CellSet,
        /// The two digits confined to them.
        #[serde(with = "wire::digit_set")]
        digits: DigitSet,
    },
    /// In `base` the digit can go only into `cells`, which all lie in `cover`; so
    /// the digit goes nowhere else in `cover`.
    Intersection {
        /// The house whose places for the digit all lie in the intersection.
        #[serde(with = "wire::house")]
        base: House,
        /// The house that loses the digit outside the intersection.
        #[serde(with = "wire::house")]
        cover: House,
        /// The places of the digit in `base`.
        #[serde(with = "wire::cell_set")]
        cells: CellSet,
    },
}

impl Reason {
    /// The criterion.
    pub fn criterion(&self) -> Criterion {
        match self {
            Reason::NecessaryNumber { .. } => Criterion::NecessaryNumber,
            Reason::NakedPair { .. } => Criterion::NakedPair,
            Reason::HiddenPair { .. } => Criterion::HiddenPair,
            Reason::Intersection { .. } => Criterion::Intersection,
        }
    }

    /// The house that causes it (for an intersection, the base house).
    pub fn house(&self) -> House {
        match *self {
            Reason::NecessaryNumber { house, .. }
            | Reason::NakedPair { house, .. }
            | Reason::HiddenPair { house, .. } => house,
            Reason::Intersection { base, .. } => base,
        }
    }

    /// The cells that cause it (the necessary number, the pair, the places in the
    /// base house).
    pub fn cells(&self) -> CellSet {
        match *self {
            Reason::NecessaryNumber { cell, .. } => CellSet::single(cell),
            Reason::NakedPair { cells, .. }
            | Reason::HiddenPair { cells, .. }
            | Reason::Intersection { cells, .. } => cells,
        }
    }

    /// The cells a page frames (dashed) to show the cause: the causing house, and
    /// for an intersection both houses.
    pub fn highlight(&self) -> CellSet {
        match *self {
            Reason::Intersection { base, cover, .. } => {
                Variant::house_cells(base) | Variant::house_cells(cover)
            }
            _ => Variant::house_cells(self.house()),
        }
    }
}

/// An inadmissible candidate with every reason found for it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Inadmissible {
    /// The cell.
    #[serde(with = "wire::cell")]
    pub cell: Cell,
    /// The digit.
    #[serde(with = "wire::digit")]
    pub digit: Digit,
    /// The reasons, in criterion order (at least one).
    pub reasons: Vec<Reason>,
    /// The evaluation pass (1-based) that found it; later passes build on earlier
    /// ones.
    pub pass: u16,
}

/// A necessary number: the only place for its digit in one or more houses.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Necessary {
    /// The cell.
    #[serde(with = "wire::cell")]
    pub cell: Cell,
    /// The digit.
    #[serde(with = "wire::digit")]
    pub digit: Digit,
    /// Every house of the cell in which it is the digit's only place.
    #[serde(with = "wire::houses")]
    pub houses: Vec<House>,
    /// Whether it is necessary among the plain candidates already (no inadmissible
    /// candidate needed to see it).
    pub direct: bool,
}

/// A digit for a cell (a single or hidden single, a placement, a wrong entry).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CellDigit {
    /// The cell.
    #[serde(with = "wire::cell")]
    pub cell: Cell,
    /// The digit.
    #[serde(with = "wire::digit")]
    pub digit: Digit,
}

/// Why the position cannot be completed (the seed's "Widerspruch"). Cell types
/// first, then house types.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Contradiction {
    /// An empty cell without an admissible number; `candidates` are its plain
    /// candidates (all inadmissible), possibly none.
    NoCandidate {
        /// The cell.
        #[serde(with = "wire::cell")]
        cell: Cell,
        /// Its plain candidates, every one inadmissible.
        #[serde(with = "wire::digit_set")]
        candidates: DigitSet,
    },
    /// Two or more different necessary numbers in one cell.
    TwoNecessary {
        /// The cell.
        #[serde(with = "wire::cell")]
        cell: Cell,
        /// The necessary digits.
        #[serde(with = "wire::digit_set")]
        digits: DigitSet,
    },
    /// A digit placed in a cell is placed again in a peer.
    PlacedTwice {
        /// The later cell in reading order.
        #[serde(with = "wire::cell")]
        cell: Cell,
        /// The earlier cell with the same digit.
        #[serde(with = "wire::cell")]
        other: Cell,
        /// The digit.
        #[serde(with = "wire::digit")]
        digit: Digit,
        /// The house they share.
        #[serde(with = "wire::house")]
        house: House,
    },
    /// Two cells of a house have the same single admissible number.
    EqualSingles {
        /// The house.
        #[serde(with = "wire::house")]
        house: House,
        /// The digit.
        #[serde(with = "wire::digit")]
        digit: Digit,
        /// The cells.
        #[serde(with = "wire::cell_set")]
        cells: CellSet,
    },
    /// The same digit is necessary in two cells of a house.
    EqualNecessary {
        /// The house.
        #[serde(with = "wire::house")]
        house: House,
        /// The digit.
        #[serde(with = "wire::digit")]
        digit: Digit,
        /// The cells.
        #[serde(with = "wire::cell_set")]
        cells: CellSet,
    },
    /// A digit is neither placed in a house nor admissible anywhere in it.
    MissingDigit {
        /// The house.
        #[serde(with = "wire::house")]
        house: House,
        /// The digit.
        #[serde(with = "wire::digit")]
        digit: Digit,
    },
}

impl Contradiction {
    /// The cells a page frames in red.
    pub fn cells(&self) -> CellSet {
        match *self {
            Contradiction::NoCandidate { cell, .. } | Contradiction::TwoNecessary { cell, .. } => {
                CellSet::single(cell)
            }
            Contradiction::PlacedTwice { cell, other, .. } => {
                CellSet::single(cell) | CellSet::single(other)
            }
            Contradiction::EqualSingles { cells, .. }
            | Contradiction::EqualNecessary { cells, .. } => cells,
            Contradiction::MissingDigit { house, .. } => Variant::house_cells(house),
        }
    }

    /// The house, for the house types and a digit placed twice.
    pub fn house(&self) -> Option<House> {
        match *self {
            Contradiction::NoCandidate { .. } | Contradiction::TwoNecessary { .. } => None,
            Contradiction::PlacedTwice { house, .. }
            | Contradiction::EqualSingles { house, .. }
            | Contradiction::EqualNecessary { house, .. }
            | Contradiction::MissingDigit { house, .. } => Some(house),
        }
    }
}

/// The evaluation of one position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Evaluation {
    /// The variant.
    #[serde(with = "wire::variant")]
    pub variant: Variant,
    /// The mode it was computed in.
    pub mode: EvalMode,
    /// The placed digits it was computed for.
    #[serde(with = "wire::grid")]
    pub board: Grid,
    /// The plain candidates of each empty cell (empty for a filled cell).
    #[serde(with = "wire::fields")]
    pub candidates: [DigitSet; 81],
    /// The candidates that are not inadmissible (the cell's options).
    #[serde(with = "wire::fields")]
    pub options: [DigitSet; 81],
    /// The necessary numbers, in reading order.
    pub necessary: Vec<Necessary>,
    /// The singles (a cell with one plain candidate), in reading order.
    pub singles: Vec<CellDigit>,
    /// The hidden singles in the trainer's sense (several candidates, one option).
    pub hidden_singles: Vec<CellDigit>,
    /// The inadmissible candidates, in the order found.
    pub inadmissible: Vec<Inadmissible>,
    /// The first contradiction found, if any.
    pub contradiction: Option<Contradiction>,
    /// Whether the evaluation reached its fixpoint (always in Strict; in Lazy
    /// only when no forced number was found on the way).
    pub complete: bool,
    /// The number of criterion passes run.
    pub passes: u16,
}

/// One explanation a page can show for a selected cell: a necessary number or one
/// reason of an inadmissible candidate. A second click shows the next one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum CellReason {
    /// The digit is necessary because it has no other place in `house`.
    Necessary {
        /// The digit.
        #[serde(with = "wire::digit")]
        digit: Digit,
        /// The house.
        #[serde(with = "wire::house")]
        house: House,
    },
    /// The digit is inadmissible for `reason`.
    Inadmissible {
        /// The digit.
        #[serde(with = "wire::digit")]
        digit: Digit,
        /// The reason.
        reason: Reason,
    },
}

impl CellReason {
    /// The cells to frame (dashed) for this explanation.
    pub fn highlight(&self) -> CellSet {
        match self {
            CellReason::Necessary { house, .. } => Variant::house_cells(*house),
            CellReason::Inadmissible { reason, .. } => reason.highlight(),
        }
    }
}

impl Evaluation {
    /// The explanations for `cell`: its necessary number's houses, then every
    /// reason of each inadmissible candidate in digit order.
    pub fn reasons_at(&self, cell: Cell) -> Vec<CellReason> {
        let mut out = Vec::new();
        for n in self.necessary.iter().filter(|n| n.cell == cell) {
            out.extend(n.houses.iter().map(|&house| CellReason::Necessary {
                digit: n.digit,
                house,
            }));
        }
        let mut inad: Vec<&Inadmissible> = self
            .inadmissible
            .iter()
            .filter(|i| i.cell == cell)
            .collect();
        inad.sort_by_key(|i| i.digit);
        for i in inad {
            out.extend(i.reasons.iter().map(|r| CellReason::Inadmissible {
                digit: i.digit,
                reason: r.clone(),
            }));
        }
        out
    }

    /// What a page shows in this evaluation's mode: in None nothing but a digit
    /// placed twice; in Strict− the inadmissible candidates are dropped and only
    /// the options remain as candidates; Lazy and Strict+ show everything.
    pub fn for_display(mut self) -> Evaluation {
        match self.mode {
            EvalMode::None => {
                self.candidates = [DigitSet::EMPTY; 81];
                self.options = [DigitSet::EMPTY; 81];
                self.necessary.clear();
                self.singles.clear();
                self.hidden_singles.clear();
                self.inadmissible.clear();
                if !matches!(self.contradiction, Some(Contradiction::PlacedTwice { .. })) {
                    self.contradiction = None;
                }
            }
            EvalMode::StrictMinus => {
                self.candidates = self.options;
                self.inadmissible.clear();
            }
            EvalMode::Lazy | EvalMode::StrictPlus => {}
        }
        self
    }

    /// Whether every cell holds a digit and nothing contradicts.
    pub fn is_solved(&self) -> bool {
        self.board.is_full() && self.contradiction.is_none()
    }
}

/// Evaluates `board` (givens and entries together) as `variant` in `mode`. Any grid
/// is accepted: clashing digits give a [`Contradiction::PlacedTwice`].
///
/// ```
/// use sudoku_core::{Grid, Variant};
/// use sudoku_trainer::{evaluate, EvalMode};
/// let g: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///     .parse().unwrap();
/// let e = evaluate(&g, Variant::Standard, EvalMode::StrictPlus);
/// assert!(e.contradiction.is_none() && e.complete);
/// assert!(!e.necessary.is_empty());
/// ```
pub fn evaluate(board: &Grid, variant: Variant, mode: EvalMode) -> Evaluation {
    let mut w = Work::new(board, variant);
    w.run(mode.is_strict());
    w.finish(mode)
}

/// A new inadmissible candidate found in a pass, before it is applied.
type Found = (Cell, Digit, Reason);

/// Every two entries of `items` (in order) with the same set: the two cells
/// with the same two options of a naked pair, the two digits with the same two
/// places of a hidden pair.
fn equal_pairs<T: Copy, S: Copy + PartialEq>(
    items: &[(T, S)],
) -> impl Iterator<Item = (T, T, S)> + '_ {
    items.iter().enumerate().flat_map(move |(i, &(a, set))| {
        items[i + 1..]
            .iter()
            .filter(move |&&(_, other)| other == set)
            .map(move |&(b, _)| (a, b, set))
    })
}

struct Work {
    variant: Variant,
    board: Grid,
    empty: CellSet,
    placed: [DigitSet; House::COUNT],
    cands: [DigitSet; 81],
    opts: [DigitSet; 81],
    /// Per digit, the empty cells where it is an option.
    places: [CellSet; 9],
    /// Per digit, the empty cells where it is a plain candidate.
    cand_places: [CellSet; 9],
    inadmissible: Vec<Inadmissible>,
    necessary: Vec<Necessary>,
    singles: Vec<CellDigit>,
    hidden_singles: Vec<CellDigit>,
    contradiction: Option<Contradiction>,
    complete: bool,
    passes: u16,
}

impl Work {
    fn new(board: &Grid, variant: Variant) -> Work {
        let mut placed = [DigitSet::EMPTY; House::COUNT];
        for &h in variant.houses() {
            placed[h.index()] = h.cells().iter().filter_map(|&c| board.get(c)).collect();
        }
        let mut empty = CellSet::EMPTY;
        let mut cands = [DigitSet::EMPTY; 81];
        let mut places = [CellSet::EMPTY; 9];
        for cell in Cell::all() {
            if board.get(cell).is_some() {
                continue;
            }
            empty.insert(cell);
            let mut used = DigitSet::EMPTY;
            for &h in variant.houses_of(cell) {
                used |= placed[h.index()];
            }
            let c = used.complement();
            cands[cell.index()] = c;
            for d in c.iter() {
                places[d.index()].insert(cell);
            }
        }
        Work {
            variant,
            board: *board,
            empty,
            placed,
            cands,
            opts: cands,
            places,
            cand_places: places,
            inadmissible: Vec::new(),
            necessary: Vec::new(),
            singles: Vec::new(),
            hidden_singles: Vec::new(),
            contradiction: None,
            complete: false,
            passes: 0,
        }
    }

    fn run(&mut self, strict: bool) {
        if let Some(c) = self.placed_twice() {
            self.contradiction = Some(c);
            return;
        }
        // Each pass removes at least one of at most 729 candidates, so this ends.
        loop {
            self.basics();
            if self.contradiction.is_some() {
                return;
            }
            if strict {
                let mut found = self.criterion_necessary();
                found.extend(self.criterion_naked_pair());
                found.extend(self.criterion_hidden_pair());
                found.extend(self.criterion_intersection());
                if found.is_empty() {
                    self.complete = true;
                    return;
                }
                self.apply(found);
            } else {
                if !self.necessary.is_empty() {
                    // Show what the necessary numbers exclude (the seed's lazy
                    // screenshots do), then stop at them.
                    let found = self.criterion_necessary();
                    if !found.is_empty() {
                        self.apply(found);
                        self.basics();
                    }
                    return;
                }
                if !self.singles.is_empty() || !self.hidden_singles.is_empty() {
                    return;
                }
                let mut found = self.criterion_naked_pair();
                if found.is_empty() {
                    found = self.criterion_hidden_pair();
                }
                if found.is_empty() {
                    found = self.criterion_intersection();
                }
                if found.is_empty() {
                    self.complete = true;
                    return;
                }
                self.apply(found);
            }
        }
    }

    fn finish(self, mode: EvalMode) -> Evaluation {
        Evaluation {
            variant: self.variant,
            mode,
            board: self.board,
            candidates: self.cands,
            options: self.opts,
            necessary: self.necessary,
            singles: self.singles,
            hidden_singles: self.hidden_singles,
            inadmissible: self.inadmissible,
            contradiction: self.contradiction,
            complete: self.complete,
            passes: self.passes,
        }
    }

    /// The first pair of equal placed digits in a house, in house order.
    fn placed_twice(&self) -> Option<Contradiction> {
        for &house in self.variant.houses() {
            let mut seen: [Option<Cell>; 9] = [None; 9];
            for cell in house.cells() {
                if let Some(d) = self.board.get(cell) {
                    if let Some(other) = seen[d.index()] {
                        return Some(Contradiction::PlacedTwice {
                            cell,
                            other,
                            digit: d,
                            house,
                        });
                    }
                    seen[d.index()] = Some(cell);
                }
            }
        }
        None
    }

    /// Necessary numbers, singles and hidden singles of the current options, and
    /// the first contradiction among them (cell types before house types).
    fn basics(&mut self) {
        self.necessary.clear();
        self.singles.clear();
        self.hidden_singles.clear();
        let mut missing: Option<Contradiction> = None;
        // Index into `necessary` per cell and digit.
        let mut nec_at = [[u16::MAX; 9]; 81];
        for &house in self.variant.houses() {
            let mask = Variant::house_cells(house);
            for d in self.placed[house.index()].complement().iter() {
                let w = self.places[d.index()] & mask;
                match w.len() {
                    0 if missing.is_none() => {
                        missing = Some(Contradiction::MissingDigit { house, digit: d });
                    }
                    1 => {
                        let Some(cell) = w.first() else { continue };
                        let slot = &mut nec_at[cell.index()][d.index()];
                        if *slot == u16::MAX {
                            *slot = self.necessary.len() as u16;
                            let direct = (self.cand_places[d.index()] & mask).len() == 1;
                            self.necessary.push(Necessary {
                                cell,
                                digit: d,
                                houses: vec![house],
                                direct,
                            });
                        } else if let Some(n) = self.necessary.get_mut(*slot as usize) {
                            n.houses.push(house);
                            n.direct |= (self.cand_places[d.index()] & mask).len() == 1;
                        }
                    }
                    _ => {}
                }
            }
        }
        self.necessary.sort_by_key(|n| (n.cell, n.digit));
        for cell in self.empty.iter() {
            let o = self.opts[cell.index()];
            if o.len() == 1 {
                let Some(digit) = o.first() else { continue };
                let cd = CellDigit { cell, digit };
                if self.cands[cell.index()].len() == 1 {
                    self.singles.push(cd);
                } else {
                    self.hidden_singles.push(cd);
                }
            }
        }
        self.contradiction = self.first_contradiction(missing);
    }

    fn first_contradiction(&self, missing: Option<Contradiction>) -> Option<Contradiction> {
        for cell in self.empty.iter() {
            if self.opts[cell.index()].is_empty() {
                return Some(Contradiction::NoCandidate {
                    cell,
                    candidates: self.cands[cell.index()],
                });
            }
        }
        // Necessary numbers are sorted by cell: neighbours share a cell.
        for w in self.necessary.windows(2) {
            if w[0].cell == w[1].cell {
                let digits = self
                    .necessary
                    .iter()
                    .filter(|n| n.cell == w[0].cell)
                    .map(|n| n.digit)
                    .collect();
                return Some(Contradiction::TwoNecessary {
                    cell: w[0].cell,
                    digits,
                });
            }
        }
        let all_singles = || self.singles.iter().chain(&self.hidden_singles);
        for &house in self.variant.houses() {
            let mask = Variant::house_cells(house);
            let mut by_digit = [CellSet::EMPTY; 9];
            for s in all_singles().filter(|s| mask.contains(s.cell)) {
                by_digit[s.digit.index()].insert(s.cell);
            }
            for d in Digit::ALL {
                if by_digit[d.index()].len() >= 2 {
                    return Some(Contradiction::EqualSingles {
                        house,
                        digit: d,
                        cells: by_digit[d.index()],
                    });
                }
            }
        }
        for &house in self.variant.houses() {
            let mask = Variant::house_cells(house);
            let mut by_digit = [CellSet::EMPTY; 9];
            for n in self.necessary.iter().filter(|n| mask.contains(n.cell)) {
                by_digit[n.digit.index()].insert(n.cell);
            }
            for d in Digit::ALL {
                if by_digit[d.index()].len() >= 2 {
                    return Some(Contradiction::EqualNecessary {
                        house,
                        digit: d,
                        cells: by_digit[d.index()],
                    });
                }
            }
        }
        missing
    }

    /// Records as inadmissible, for `reason`, the options of each of `cells`
    /// that `pick` keeps from the cell's options: how a necessary number and
    /// the two pairs clear the cells they decide.
    fn exclude(
        &self,
        out: &mut Vec<Found>,
        cells: CellSet,
        pick: impl Fn(DigitSet) -> DigitSet,
        reason: Reason,
    ) {
        for c in cells.iter() {
            for d in pick(self.opts[c.index()]).iter() {
                out.push((c, d, reason.clone()));
            }
        }
    }

    /// Criterion 1: a necessary number excludes its digit from the other cells of
    /// every house it shares with them.
    fn criterion_necessary(&self) -> Vec<Found> {
        let mut out = Vec::new();
        for n in &self.necessary {
            // The cell must hold the digit, so none of its other options can go
            // there (what turns the seed's "Sehr viel rot" red all over).
            if let Some(&house) = n.houses.first() {
                self.exclude(
                    &mut out,
                    CellSet::single(n.cell),
                    |o| o - DigitSet::single(n.digit),
                    Reason::NecessaryNumber {
                        house,
                        cell: n.cell,
                        digit: n.digit,
                    },
                );
            }
            let hit = self.variant.peers(n.cell) & self.places[n.digit.index()];
            for p in hit.iter() {
                let Some(&house) = self
                    .variant
                    .houses_of(p)
                    .iter()
                    .find(|h| h.contains(n.cell))
                else {
                    continue;
                };
                out.push((
                    p,
                    n.digit,
                    Reason::NecessaryNumber {
                        house,
                        cell: n.cell,
                        digit: n.digit,
                    },
                ));
            }
        }
        out
    }

    /// Criterion 2: two cells of a house with the same two options exclude those
    /// digits from the rest of the house.
    fn criterion_naked_pair(&self) -> Vec<Found> {
        let mut out = Vec::new();
        for &house in self.variant.houses() {
            let open = Variant::house_cells(house) & self.empty;
            let two_options: Vec<(Cell, DigitSet)> = open
                .iter()
                .map(|c| (c, self.opts[c.index()]))
                .filter(|(_, o)| o.len() == 2)
                .collect();
            for (a, b, digits) in equal_pairs(&two_options) {
                let cells = CellSet::single(a) | CellSet::single(b);
                self.exclude(
                    &mut out,
                    open - cells,
                    |o| o & digits,
                    Reason::NakedPair {
                        house,
                        cells,
                        digits,
                    },
                );
            }
        }
        out
    }

    /// Criterion 3: two digits confined to the same two cells of a house exclude
    /// every other option of those cells.
    fn criterion_hidden_pair(&self) -> Vec<Found> {
        let mut out = Vec::new();
        for &house in self.variant.houses() {
            let mask = Variant::house_cells(house);
            let two_places: Vec<(Digit, CellSet)> = self.placed[house.index()]
                .complement()
                .iter()
                .map(|d| (d, self.places[d.index()] & mask))
                .filter(|(_, w)| w.len() == 2)
                .collect();
            for (d1, d2, cells) in equal_pairs(&two_places) {
                let digits = DigitSet::single(d1) | DigitSet::single(d2);
                self.exclude(
                    &mut out,
                    cells,
                    |o| o - digits,
                    Reason::HiddenPair {
                        house,
                        cells,
                        digits,
                    },
                );
            }
        }
        out
    }

    /// Criterion 4: when a digit's places in one house all lie where it meets a
    /// second house, the digit goes nowhere else in the second house.
    fn criterion_intersection(&self) -> Vec<Found> {
        let mut out = Vec::new();
        let houses = self.variant.houses();
        for &base in houses {
            let base_mask = Variant::house_cells(base);
            for &cover in houses {
                if cover == base {
                    continue;
                }
                let inter = base_mask & Variant::house_cells(cover);
                if inter.len() < 2 {
                    continue;
                }
                for d in self.placed[base.index()].complement().iter() {
                    let w = self.places[d.index()] & base_mask;
                    // One place is a necessary number: criterion 1's business.
                    if w.len() < 2 || !w.is_subset(inter) {
                        continue;
                    }
                    let targets =
                        (self.places[d.index()] & Variant::house_cells(cover)) - base_mask;
                    for c in targets.iter() {
                        out.push((
                            c,
                            d,
                            Reason::Intersection {
                                base,
                                cover,
                                cells: w,
                            },
                        ));
                    }
                }
            }
        }
        out
    }

    /// Marks the found candidates inadmissible (one entry per candidate with all
    /// its distinct reasons) and removes them from the options.
    fn apply(&mut self, found: Vec<Found>) {
        self.passes = self.passes.saturating_add(1);
        let first_new = self.inadmissible.len();
        let mut slot = [[u16::MAX; 9]; 81];
        for (cell, digit, reason) in found {
            if !self.opts[cell.index()].contains(digit) {
                continue;
            }
            let s = &mut slot[cell.index()][digit.index()];
            if *s == u16::MAX {
                *s = (self.inadmissible.len() - first_new) as u16;
                self.inadmissible.push(Inadmissible {
                    cell,
                    digit,
                    reasons: vec![reason],
                    pass: self.passes,
                });
            } else if let Some(entry) = self.inadmissible.get_mut(first_new + *s as usize)
                && !entry.reasons.contains(&reason)
            {
                entry.reasons.push(reason);
            }
        }
        for i in &mut self.inadmissible[first_new..] {
            i.reasons.sort_by_key(Reason::criterion_rank);
        }
        for i in &self.inadmissible[first_new..] {
            self.opts[i.cell.index()].remove(i.digit);
            self.places[i.digit.index()].remove(i.cell);
        }
    }
}

impl Reason {
    fn criterion_rank(&self) -> u8 {
        self.criterion() as u8
    }
}
