//! The forcing-chain engine: implications between candidates followed from an
//! assumption, with every implication's cause and parents kept, and the
//! conclusions Sudoku Explainer (SE) 1.2.1 draws from them — cycles, forcing
//! chains, Nishio, double implication (verity), cell and region forcing
//! chains, static and dynamic, with SE's difficulty, complexity and order.
//!
//! It is house-generic: a variant is its list of houses, so the same code
//! serves standard, diagonal, colour and colour-diagonal Sudoku. For the
//! standard variant it follows SE's rules and visiting order exactly, because
//! SE's rating applies the first hint of the first producer that finds any,
//! and which hint is first decides the path.
//!
//! * `board.rs` — the candidate bits the engine works on, houses in SE's order;
//! * `engine.rs` — propagation into an arena of nodes (static or dynamic);
//! * `fixpoint.rs` — what a dynamic run reaches, order-free and tree-less;
//! * `unary.rs` — the "Forcing Chains & Cycles" producer (static walks);
//! * `multiple.rs` — Nishio, multiple, dynamic and nested producers;
//! * `reach.rs` — static reachability, to skip walks that cannot conclude;
//! * `advanced.rs` — the nested rules of the higher levels;
//! * `new_links.rs` — whether a nested static search can rest on its run;
//! * `hint.rs` — hints, SE's difficulty and order, and the trees as data.
//!
//! The public entry points are [`chain_hints`], [`first_chain_hint`] and
//! [`se_difficulty`]; the techniques of the table call [`find_with`].

mod advanced;
mod board;
mod engine;
mod fixpoint;
mod hint;
mod multiple;
mod new_links;
mod reach;
mod unary;

pub use hint::{ChainHint, se_length_increment};

use crate::Candidates;
use crate::implication::{Forcing, ForcingKind, Literal};
use crate::step::{Detail, Step};
use crate::technique::Technique;
use board::{Board, Geometry};
use engine::Chain;
use hint::Sink;
pub(crate) use multiple::{Config, Kinds};
use sudoku_core::{Cell, Digit};

/// One of Sudoku Explainer's chaining producers, in the order its solver
/// tries them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChainingMode {
    /// "Forcing Chains & Cycles": X-, Y- and XY-cycles (6.5/7.0) and forcing
    /// X- and XY-chains (6.6/7.0), static.
    ForcingChainsAndCycles,
    /// "Nishio Forcing Chains" (7.5): dynamic contradictions over
    /// single-digit links.
    Nishio,
    /// "Multiple Forcing Chains" (8.0): static cell and region forcing chains.
    Multiple,
    /// "Dynamic Forcing Chains" (8.5): contradictions, double implications,
    /// cell and region forcing chains, dynamic.
    Dynamic,
    /// "Dynamic Forcing Chains (+)" (9.0): dynamic chains that also use
    /// locked candidates, hidden and naked pairs and X-wings.
    DynamicPlus,
    /// Nested forcing chains of level 2 to 5 (9.5, 10.0, 10.5, 11.0): level 2
    /// nests static forcing chains, 3 also cell and region forcing chains, 4
    /// dynamic forcing chains, 5 also level-2 nested chains.
    Nested(u8),
}

impl ChainingMode {
    /// SE's producers in the order its solver tries them.
    pub const SE_ORDER: [ChainingMode; 9] = [
        ChainingMode::ForcingChainsAndCycles,
        ChainingMode::Nishio,
        ChainingMode::Multiple,
        ChainingMode::Dynamic,
        ChainingMode::DynamicPlus,
        ChainingMode::Nested(2),
        ChainingMode::Nested(3),
        ChainingMode::Nested(4),
        ChainingMode::Nested(5),
    ];

    fn config(self) -> Option<Config> {
        use Technique as T;
        let (multiple, dynamic, nishio, level, techniques) = match self {
            ChainingMode::ForcingChainsAndCycles => return None,
            ChainingMode::Nishio => (false, true, true, 0, [T::NishioForcingChain; 4]),
            ChainingMode::Multiple => (
                true,
                false,
                false,
                0,
                [
                    T::CellForcingChain,
                    T::CellForcingChain,
                    T::CellForcingChain,
                    T::RegionForcingChain,
                ],
            ),
            ChainingMode::Dynamic => (
                true,
                true,
                false,
                0,
                [
                    T::ContradictionForcingChain,
                    T::DoubleImplicationChain,
                    T::DynamicForcingChain,
                    T::DynamicForcingChain,
                ],
            ),
            ChainingMode::DynamicPlus => (true, true, false, 1, [T::ForcingNet; 4]),
            ChainingMode::Nested(l) => (true, true, false, l.max(2), [T::NestedForcingChain; 4]),
        };
        Some(Config {
            multiple,
            dynamic,
            nishio,
            level,
            kinds: Kinds::ALL,
            techniques,
        })
    }
}

/// Every hint of SE's producer `mode` in `pos`, in SE's order (difficulty,
/// then complexity, then kind; ties in the order found), hints with the same
/// effect reported once. `pos` should have its candidates written.
///
/// ```
/// use sudoku_core::{Grid, Variant};
/// use sudoku_logic::{Candidates, ChainingMode, chain_hints};
/// let grid: Grid = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
///     .parse().unwrap();
/// let mut pos = Candidates::new(&grid, Variant::Standard).unwrap();
/// pos.write_candidates();
/// let hints = chain_hints(&pos, ChainingMode::Dynamic);
/// assert!(hints.windows(2).all(|w| w[0].se_difficulty <= w[1].se_difficulty));
/// ```
pub fn chain_hints(pos: &Candidates, mode: ChainingMode) -> Vec<ChainHint> {
    run(pos, mode, true, false)
}

/// The first hint of SE's producer `mode` in `pos` (the one SE's rating
/// applies), or `None`. Cheaper than [`chain_hints`]: trees are built only
/// for hints that beat the best so far.
pub fn first_chain_hint(pos: &Candidates, mode: ChainingMode) -> Option<ChainHint> {
    run(pos, mode, false, false).into_iter().next()
}

fn run(pos: &Candidates, mode: ChainingMode, all: bool, any: bool) -> Vec<ChainHint> {
    let geo = Geometry::of(pos.variant());
    let board = Board::of(pos);
    let mut sink = Sink::new(all);
    sink.any = any;
    match mode.config() {
        None => {
            let mut buf = multiple::Buffers::take();
            unary::find(&geo, &board, &mut sink, buf.spare());
            buf.give();
        }
        Some(cfg) => {
            let mut buf = multiple::Buffers::take();
            multiple::find(&geo, &board, &cfg, &mut sink, &mut buf);
            buf.give();
        }
    }
    sink.finish()
}

/// The hints of a configured producer (for the techniques of the table):
/// all of them in SE's order, or only the best one when `all` is false.
pub(crate) fn find_with(pos: &Candidates, cfg: &Config, all: bool) -> Vec<ChainHint> {
    let geo = Geometry::of(pos.variant());
    let board = Board::of(pos);
    let mut sink = Sink::new(all);
    let mut buf = multiple::Buffers::take();
    multiple::find(&geo, &board, cfg, &mut sink, &mut buf);
    buf.give();
    sink.finish()
}

/// Unary hints kept with the houses, board and `all` they were found for.
type KeptUnary = Option<(Vec<u8>, Board, bool, Vec<ChainHint>)>;

thread_local! {
    /// The unary producer's hints for the last position asked on this thread
    /// (its houses, board and whether all hints were wanted): the table's
    /// bidirectional cycles and forcing chains ask for them one after the
    /// other in the same position.
    static UNARY: std::cell::RefCell<KeptUnary> = const { std::cell::RefCell::new(None) };
}

/// The static unary producer's hints (cycles and forcing chains).
pub(crate) fn find_unary(pos: &Candidates, all: bool) -> Vec<ChainHint> {
    let geo = Geometry::of(pos.variant());
    let board = Board::of(pos);
    let kept = UNARY.with(|u| {
        u.borrow().as_ref().and_then(|(houses, b, a, hints)| {
            (*houses == geo.houses && *b == board && *a == all).then(|| hints.clone())
        })
    });
    if let Some(hints) = kept {
        return hints;
    }
    let mut sink = Sink::new(all);
    let mut buf = multiple::Buffers::take();
    unary::find(&geo, &board, &mut sink, buf.spare());
    buf.give();
    let hints = sink.finish();
    UNARY.with(|u| *u.borrow_mut() = Some((geo.houses.clone(), board, all, hints.clone())));
    hints
}

/// The refutation of `digit` in `cell` as a contradiction tree: dynamic
/// propagation from the assumption with the nested rules of level 1 (locked
/// candidates, pairs, X-wings), else — on puzzles found unique, where nested
/// searches stay affordable — of levels 2 to 4; `None` when none of them
/// breaks the assumption (or it is not a candidate).
pub(crate) fn refutation(pos: &Candidates, cell: Cell, digit: Digit) -> Option<Forcing> {
    let geo = Geometry::of(pos.variant());
    let board = Board::of(pos);
    let (c, d) = (cell.index(), digit.index());
    if board.cells[c] >> d & 1 == 0 {
        return None;
    }
    let mut chain = Chain::new();
    let top = if pos.unique_assumed() { 4 } else { 1 };
    for level in 1..=top {
        let rules = engine::Rules {
            dynamic: true,
            y_links: true,
            level,
        };
        let mut eng = engine::Engine::new(&geo, board, rules);
        if let Some((a, b)) = eng.run(&mut chain, c, d, true) {
            let mut nested = Vec::new();
            let br = hint::branch(&chain, &[a, b], &mut nested);
            return Some(Forcing {
                kind: ForcingKind::Contradiction,
                dynamic: true,
                level,
                branches: vec![br],
                conclusion: Literal {
                    cell,
                    digit,
                    on: false,
                },
                nested,
                se_difficulty: None,
            });
        }
    }
    None
}

/// The static implications of one assumption, "`cell` holds `digit`",
/// propagated over cell and single-digit links (the links of an alternating
/// inference chain; no dynamic or nested rules), kept to read what they
/// clear and to prove it. Kraken fish prove their fins' (and cover
/// candidates') side with these.
pub(crate) struct Implications(Chain, Vec<u32>);

impl Implications {
    /// The implications of "`cell` holds `digit`"; `None` when it is no
    /// candidate.
    pub(crate) fn of(pos: &Candidates, (cell, digit): (Cell, Digit)) -> Option<Implications> {
        let geo = Geometry::of(pos.variant());
        let board = Board::of(pos);
        let (c, d) = (cell.index(), digit.index());
        if board.cells[c] >> d & 1 == 0 {
            return None;
        }
        let rules = engine::Rules {
            dynamic: false,
            y_links: true,
            level: 0,
        };
        let mut chain = Chain::new();
        let mut eng = engine::Engine::new(&geo, board, rules);
        // A clash only ends the run early: what was derived before it still
        // follows from the assumption.
        let _ = eng.run(&mut chain, c, d, true);
        Some(Implications(chain, Vec::new()))
    }

    /// Per digit, the cells the assumption clears of it.
    pub(crate) fn offs(&self) -> [sudoku_core::CellSet; 9] {
        let mut offs = [sudoku_core::CellSet::EMPTY; 9];
        for n in &self.0.nodes {
            let (c, e, on) = engine::unkey(n.key as usize);
            if let (false, Some(cell), Some(slot)) = (on, Cell::new(c), offs.get_mut(e)) {
                slot.insert(cell);
            }
        }
        offs
    }

    /// How many implications the branch to "`target` does not hold
    /// `removed`" takes (its nodes); `None` when it is not reached. Counts
    /// are kept per conclusion: a Kraken search asks the same ones often.
    pub(crate) fn branch_length(&mut self, (target, removed): (Cell, Digit)) -> Option<usize> {
        let n = self
            .0
            .get(engine::key(target.index(), removed.index(), false))?;
        if self.1.is_empty() {
            self.1 = vec![0; self.0.nodes.len()];
        }
        if let Some(&known) = self.1.get(n as usize)
            && known > 0
        {
            return Some(known as usize);
        }
        let mut seen = vec![false; self.0.nodes.len()];
        let mut todo = vec![n];
        let mut count = 0;
        while let Some(n) = todo.pop() {
            if let Some(s) = seen.get_mut(n as usize)
                && !std::mem::replace(s, true)
            {
                count += 1;
                todo.extend_from_slice(self.0.parents_of(n));
            }
        }
        if let Some(slot) = self.1.get_mut(n as usize) {
            *slot = count;
        }
        Some(count as usize)
    }

    /// The branch from the assumption to "`target` does not hold
    /// `removed`", its conclusion node; `None` when it is not reached.
    pub(crate) fn branch_to(
        &self,
        (target, removed): (Cell, Digit),
    ) -> Option<crate::implication::Branch> {
        let n = self
            .0
            .get(engine::key(target.index(), removed.index(), false))?;
        let mut nested = Vec::new();
        Some(hint::branch(&self.0, &[n], &mut nested))
    }
}

/// SE's difficulty of a forcing step found by this engine (`None` for other
/// steps).
pub fn se_difficulty(step: &Step) -> Option<f64> {
    match &step.detail {
        Detail::Forcing(f) => f.se_difficulty,
        _ => None,
    }
}

/// A table finder over a configured producer: appends the steps of the
/// hints of `technique` (all of them in SE's order, or the first).
#[allow(clippy::too_many_arguments)]
pub(crate) fn find_steps(
    pos: &Candidates,
    out: &mut Vec<Step>,
    mode: crate::technique::FindMode,
    technique: Technique,
    dynamic: bool,
    nishio: bool,
    level: u8,
    kinds: Kinds,
) {
    let cfg = Config {
        multiple: !nishio,
        dynamic,
        nishio,
        level,
        kinds,
        techniques: [technique; 4],
    };
    let all = mode != crate::technique::FindMode::First;
    push(find_with(pos, &cfg, all), technique, out);
}

/// Appends the steps of the hints of `technique`.
pub(crate) fn push(hints: Vec<ChainHint>, technique: Technique, out: &mut Vec<Step>) {
    out.extend(
        hints
            .into_iter()
            .filter(|h| h.step.technique == technique)
            .map(|h| h.step),
    );
}
