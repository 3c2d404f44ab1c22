//! Chain hints as the engine reports them: the effect, Sudoku Explainer's
//! difficulty, complexity and sort key, and the step with its implication
//! trees; plus SE's ordering and the conversion of arena nodes into the
//! public [`Forcing`] data.

use super::engine::{Chain, Marks, RawCause, unkey};
use crate::implication::{Branch, Cause, Forcing, ForcingKind, ImplicationNode, Literal};
use crate::step::{Detail, Elimination, Placement, Step};
use crate::technique::Technique;
use sudoku_core::{Cell, CellSet, Digit, DigitSet, House};

/// One hint of a chaining producer, with what Sudoku Explainer would say of it.
#[derive(Clone, Debug, PartialEq)]
pub struct ChainHint {
    /// The step: technique, placements, eliminations and
    /// [`Detail::Forcing`] with the trees.
    pub step: Step,
    /// SE's difficulty (base of the producer and kind, plus the length
    /// increment for the complexity).
    pub se_difficulty: f64,
    /// SE's complexity: the sum over the hint's chains of their distinct
    /// literals (plus nested chains' complexities).
    pub se_complexity: usize,
    /// SE's tie-break among hints of equal difficulty and complexity:
    /// 1 double implication, 2 X-chain/X-cycle, 3 Y-cycle, 4 XY-chain/cycle,
    /// 5 cell, 6 region, 7 contradiction.
    pub se_sort_key: u8,
}

/// SE's length increment: 0.1 for every rung of the ladder 4, 6, 8, 12, 16,
/// 24, 32, 48, 64, … that `complexity − 2` exceeds. Added the way SE adds it
/// (repeated 0.1 steps), so the value compares bit for bit.
pub fn se_length_increment(complexity: usize) -> f64 {
    let length = complexity as i64 - 2;
    let mut added = 0.0;
    let mut ceil: i64 = 4;
    let mut odd = false;
    while length > ceil {
        added += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// SE's complexity of a hint whose chains end in `targets`: the distinct
/// literals of each chain, plus the complexity of every nested chain hint
/// the chains use (each distinct one once).
pub(crate) fn complexity(marks: &mut Marks, targets: &[(&Chain, u32)]) -> usize {
    let mut total = 0;
    let mut used: Vec<&ChainHint> = Vec::new();
    for &(chain, t) in targets {
        total += marks.ancestors(chain, t);
        for &n in &marks.nested {
            let h: &ChainHint = &chain.nested[n as usize];
            if !used.iter().any(|u| u.step == h.step) {
                used.push(h);
                total += h.se_complexity;
            }
        }
    }
    total
}

/// The sort key of a hint in SE's order: difficulty, complexity, sort key;
/// ties keep the order of discovery.
pub(crate) fn order_key(h: &ChainHint) -> (f64, usize, u8) {
    (h.se_difficulty, h.se_complexity, h.se_sort_key)
}

/// Whether `a` comes strictly before `b` in SE's order.
pub(crate) fn before(a: (f64, usize, u8), b: (f64, usize, u8)) -> bool {
    if a.0 != b.0 {
        return a.0 < b.0;
    }
    if a.1 != b.1 {
        return a.1 < b.1;
    }
    a.2 < b.2
}

/// The effect of a hint as SE compares hints (its removable candidates),
/// sorted: candidate indices `cell * 9 + digit`.
pub(crate) type Removable = Vec<u16>;

/// The removable candidates of a target literal: its own candidate when off,
/// the cell's other candidates when on.
pub(crate) fn removable_of(orig_cells: &[u16; 81], k: usize) -> Removable {
    let (c, d, on) = unkey(k);
    if on {
        (0..9)
            .filter(|&e| e != d && orig_cells[c] >> e & 1 != 0)
            .map(|e| (c * 9 + e) as u16)
            .collect()
    } else {
        vec![(c * 9 + d) as u16]
    }
}

fn cell(c: usize) -> Cell {
    Cell::new(c).unwrap_or_else(|| unreachable!("cell index {c} < 81"))
}

fn digit(d: usize) -> Digit {
    Digit::from_index(d).unwrap_or_else(|| unreachable!("digit index {d} < 9"))
}

pub(crate) fn literal(k: usize) -> Literal {
    let (c, d, on) = unkey(k);
    Literal {
        cell: cell(c),
        digit: digit(d),
        on,
    }
}

fn house(h: u8) -> House {
    House::new(h as usize).unwrap_or_else(|| unreachable!("house index {h} < 38"))
}

/// The public cause of a node; `copied` is where its nested hint (if any)
/// went in the hint's list.
fn cause(chain: &Chain, raw: RawCause, on: bool, copied: Option<usize>) -> Cause {
    match raw {
        RawCause::Advanced { rule, nested }
            if rule == super::advanced::CHAIN && nested != super::engine::NONE =>
        {
            Cause::Technique {
                technique: chain.nested[nested as usize].step.technique,
                nested: copied,
            }
        }
        RawCause::Assumption => Cause::Assumption,
        RawCause::Cell if on => Cause::NakedSingle,
        RawCause::Cell => Cause::SameCell,
        RawCause::House(h) if on => Cause::HiddenSingle(house(h)),
        RawCause::House(h) => Cause::SameHouse(house(h)),
        RawCause::Advanced { rule, .. } => Cause::Technique {
            technique: super::advanced::technique_of(rule),
            nested: copied,
        },
    }
}

/// Scratch space of [`branch`], kept per thread: per node of a chain, the
/// call that last kept it (`stamp`) and where it went (`at`). A chain of a
/// nested dynamic run has thousands of nodes of which a branch keeps a few
/// dozen; two vectors the size of the chain per branch cost about 3 % of
/// the time of rating the hardest puzzles (BENCHMARKS.md, issue 33).
#[derive(Default)]
struct BranchScratch {
    stamp: Vec<u32>,
    at: Vec<u32>,
    generation: u32,
    todo: Vec<u32>,
    kept: Vec<u32>,
}

thread_local! {
    static BRANCH_SCRATCH: std::cell::RefCell<BranchScratch> =
        std::cell::RefCell::new(BranchScratch::default());
}

/// The branch of `chain` holding `targets` and their ancestors, nodes in
/// derivation order, the targets as the conclusion. The nested hints of the
/// chain that the branch uses are appended to `nested` (in the order the
/// branch first uses them) and its nodes refer to them there; the chain's
/// other nested hints are not copied (a nested search finds thousands, and a
/// copy of them all per branch took hundreds of megabytes on the hardest
/// puzzles).
pub(crate) fn branch(chain: &Chain, targets: &[u32], nested: &mut Vec<Forcing>) -> Branch {
    BRANCH_SCRATCH.with(|scratch| {
        let mut scratch = scratch.borrow_mut();
        let BranchScratch {
            stamp,
            at,
            generation,
            todo,
            kept,
        } = &mut *scratch;
        if stamp.len() < chain.nodes.len() {
            stamp.resize(chain.nodes.len(), 0);
            at.resize(chain.nodes.len(), 0);
        }
        *generation = generation.wrapping_add(1);
        if *generation == 0 {
            stamp.iter_mut().for_each(|s| *s = 0);
            *generation = 1;
        }
        let now = *generation;
        todo.clear();
        kept.clear();
        todo.extend_from_slice(targets);
        while let Some(n) = todo.pop() {
            if std::mem::replace(&mut stamp[n as usize], now) == now {
                continue;
            }
            kept.push(n);
            todo.extend_from_slice(chain.parents_of(n));
        }
        // Derivation order: a node comes after its parents.
        kept.sort_unstable();
        for (j, &n) in kept.iter().enumerate() {
            at[n as usize] = j as u32;
        }
        let mut nodes = Vec::with_capacity(kept.len());
        // The chain's nested hints copied so far by this branch, and where.
        let mut copied_at: Vec<(u32, usize)> = Vec::new();
        for &i in kept.iter() {
            let node = &chain.nodes[i as usize];
            let k = node.key as usize;
            let copied = match node.cause {
                RawCause::Advanced { nested: m, .. } if m != super::engine::NONE => {
                    // The removals of one nested hint are many nodes.
                    Some(match copied_at.iter().find(|&&(j, _)| j == m) {
                        Some(&(_, at)) => at,
                        None => {
                            let at = copy_nested(chain, m as usize, nested);
                            copied_at.push((m, at));
                            at
                        }
                    })
                }
                _ => None,
            };
            nodes.push(ImplicationNode {
                literal: literal(k),
                cause: cause(chain, node.cause, k & 1 == 1, copied),
                parents: chain
                    .parents_of(i)
                    .iter()
                    .map(|&p| at[p as usize] as usize)
                    .collect(),
            });
        }
        Branch {
            nodes,
            conclusion: targets.iter().map(|&t| at[t as usize] as usize).collect(),
        }
    })
}

/// The index in `nested` of a copy of the chain's nested hint `m`, copied
/// now unless an equal one is there (another branch's).
fn copy_nested(chain: &Chain, m: usize, nested: &mut Vec<Forcing>) -> usize {
    let forcing = match &chain.nested[m].step.detail {
        Detail::Forcing(f) => f,
        _ => unreachable!("nested chain hints carry their forcing detail"),
    };
    if let Some(i) = nested.iter().position(|f| f == &**forcing) {
        return i;
    }
    nested.push((**forcing).clone());
    nested.len() - 1
}

/// Builds the public hint.
#[allow(clippy::too_many_arguments)]
pub(crate) fn make(
    technique: Technique,
    kind: ForcingKind,
    dynamic: bool,
    level: u8,
    branches: Vec<Branch>,
    nested: Vec<Forcing>,
    conclusion: Literal,
    removable: &Removable,
    se_difficulty: f64,
    se_complexity: usize,
    se_sort_key: u8,
) -> ChainHint {
    let mut step = Step::new(technique, technique.info().points);
    set_eliminations(&mut step, removable);
    if conclusion.on
        && !matches!(kind, ForcingKind::Cycle { .. })
        && removable
            .iter()
            .all(|&r| r as usize / 9 == conclusion.cell.index())
    {
        step.placements.push(Placement {
            cell: conclusion.cell,
            digit: conclusion.digit,
        });
    }
    let mut cells = CellSet::EMPTY;
    let mut digits = DigitSet::EMPTY;
    for b in &branches {
        for n in &b.nodes {
            cells.insert(n.literal.cell);
            digits.insert(n.literal.digit);
        }
    }
    step.cells = cells;
    step.digits = digits;
    // Our points are the table's base alone: which of several proofs of the
    // same conclusion the search meets first depends on the grid's
    // orientation, so a length bonus would give isomorphs different ratings
    // (the synchronous metamorphic tests). SE's difficulty keeps its bonus.
    step.detail = Detail::Forcing(Box::new(Forcing {
        kind,
        dynamic,
        level,
        branches,
        conclusion,
        nested,
        se_difficulty: Some(se_difficulty),
    }));
    ChainHint {
        step,
        se_difficulty,
        se_complexity,
        se_sort_key,
    }
}

/// Sets the step's eliminations to the candidates of `removable`.
fn set_eliminations(step: &mut Step, removable: &Removable) {
    step.eliminations.clear();
    for &r in removable {
        let (c, d) = (r as usize / 9, r as usize % 9);
        step.eliminations.push(Elimination {
            cell: cell(c),
            digit: digit(d),
        });
    }
    step.eliminations.sort_unstable();
}

/// The key of the literal a forcing chain (not a cycle) concludes on, whose
/// effect — the cell's other candidates — depends on more of the board than
/// the chain itself reads.
pub(crate) fn on_conclusion(h: &ChainHint) -> Option<usize> {
    match &h.step.detail {
        Detail::Forcing(f) if f.conclusion.on && matches!(f.kind, ForcingKind::Chain { .. }) => {
            Some(super::engine::key(
                f.conclusion.cell.index(),
                f.conclusion.digit.index(),
                true,
            ))
        }
        _ => None,
    }
}

/// `h` with the effect `removable` instead of its own (a forcing chain found
/// in another position that reads the same: see [`on_conclusion`]).
pub(crate) fn with_removable(h: &ChainHint, removable: &Removable) -> ChainHint {
    let mut h = h.clone();
    set_eliminations(&mut h.step, removable);
    h
}

/// Collects hints: all of them in SE's order, or only the first.
///
/// With all of them, equal effects are reported once (the first in SE's
/// order), and that is decided as the hints arrive: a hint whose removable
/// candidates an earlier one has already is kept only if it comes strictly
/// before it in SE's order, and replaces it. So a position with thousands of
/// chains to the same few eliminations holds one tree per elimination, not
/// thousands (the hardest puzzles' nested chains took gigabytes otherwise);
/// the result is the same as keeping them all, sorting and dropping repeats.
pub(crate) struct Sink {
    pub(crate) all: bool,
    /// The kept hints, with their effect and the order they arrived in.
    hints: Vec<(ChainHint, Removable, usize)>,
    /// Where the hint of each effect is in `hints` (all-hints mode).
    by_effect: crate::fast_hash::FastMap<Removable, usize>,
    /// How many hints were offered (kept or not).
    pub(crate) offered: usize,
    /// Marks for ancestor counts.
    pub(crate) marks: Marks,
    /// Stop after the first hint found (for "is there anything" questions).
    pub(crate) any: bool,
}

impl Sink {
    pub(crate) fn new(all: bool) -> Sink {
        Sink {
            all,
            hints: Vec::new(),
            by_effect: crate::fast_hash::FastMap::default(),
            offered: 0,
            marks: Marks::new(),
            any: false,
        }
    }

    /// Whether a hint with this order key would be kept (in first-only mode,
    /// only one strictly before the best so far).
    pub(crate) fn wants(&self, k: (f64, usize, u8)) -> bool {
        self.all
            || self
                .hints
                .first()
                .is_none_or(|(h, _, _)| before(k, order_key(h)))
    }

    /// In all-hints mode, whether a hint with this order key and effect
    /// would be dropped for the one of the same effect kept already (not
    /// strictly after it in SE's order); it is then counted as offered, as
    /// [`Sink::offer`] would count it, and its proof need not be built.
    pub(crate) fn redundant(&mut self, k: (f64, usize, u8), removable: &Removable) -> bool {
        if !self.all {
            return false;
        }
        match self.by_effect.get(removable) {
            Some(&i) if !before(k, order_key(&self.hints[i].0)) => {
                self.offered += 1;
                true
            }
            _ => false,
        }
    }

    /// In all-hints mode, whether every hint with this effect and an order
    /// key `least` or later would be dropped for the one kept already (see
    /// [`Sink::redundant`]): a search that can only find such hints need not
    /// run.
    pub(crate) fn covered(&self, least: (f64, usize, u8), removable: &Removable) -> bool {
        self.all
            && self
                .by_effect
                .get(removable)
                .is_some_and(|&i| !before(least, order_key(&self.hints[i].0)))
    }

    pub(crate) fn offer(&mut self, h: ChainHint, removable: Removable) {
        let seq = self.offered;
        self.offered += 1;
        if self.all {
            match self.by_effect.get(&removable) {
                Some(&i) => {
                    if before(order_key(&h), order_key(&self.hints[i].0)) {
                        self.hints[i] = (h, removable, seq);
                    }
                }
                None => {
                    self.by_effect.insert(removable.clone(), self.hints.len());
                    self.hints.push((h, removable, seq));
                }
            }
        } else if self.wants(order_key(&h)) {
            self.hints.clear();
            self.hints.push((h, removable, seq));
        }
    }

    /// The kept hints in the order they arrived, each with its effect and
    /// its arrival number (how many hints were offered before it), leaving
    /// the sink empty; for all-hints mode, where what is kept does not
    /// depend on hints offered later except through equal effects.
    pub(crate) fn drain_arrivals(&mut self) -> Vec<(ChainHint, Removable, usize)> {
        self.by_effect.clear();
        let mut kept = std::mem::take(&mut self.hints);
        kept.sort_by_key(|k| k.2);
        kept
    }

    /// Whether the caller may stop searching.
    pub(crate) fn done(&self) -> bool {
        self.any && !self.hints.is_empty()
    }

    /// The hints in SE's order (ties keep the order they arrived in), equal
    /// effects reported once (the first).
    pub(crate) fn finish(mut self) -> Vec<ChainHint> {
        self.hints.sort_by(|a, b| {
            let (x, y) = (order_key(&a.0), order_key(&b.0));
            x.0.total_cmp(&y.0)
                .then(x.1.cmp(&y.1))
                .then(x.2.cmp(&y.2))
                .then(a.2.cmp(&b.2))
        });
        self.hints.into_iter().map(|(h, _, _)| h).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chaining::{ChainingMode, chain_hints};
    use sudoku_core::{Grid, Variant};

    /// `redundant` says yes exactly when `offer` would drop the hint for
    /// the one of the same effect kept already (an equal key keeps the
    /// first), counts it as offered as `offer` would, and never answers
    /// yes in first-hint mode.
    #[test]
    fn redundant_and_covered_hints_are_those_offer_would_drop() {
        let grid: Grid =
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
                .parse()
                .expect("a puzzle");
        let mut pos = crate::Candidates::new(&grid, Variant::Standard).expect("a position");
        pos.write_candidates();
        let h = chain_hints(&pos, ChainingMode::Dynamic)
            .into_iter()
            .next()
            .expect("a dynamic chain");
        let effect: Removable = h
            .step
            .eliminations
            .iter()
            .map(|e| (e.cell.index() * 9 + e.digit.index()) as u16)
            .collect();
        let (d, c, k) = order_key(&h);
        let mut sink = Sink::new(true);
        assert!(!sink.redundant((d, c, k), &effect), "nothing kept yet");
        sink.offer(h.clone(), effect.clone());
        assert!(
            sink.redundant((d, c, k), &effect),
            "an equal key keeps the first"
        );
        assert!(sink.redundant((d + 0.1, c, k), &effect));
        assert!(sink.redundant((d, c + 1, k), &effect));
        assert!(
            !sink.redundant((d - 0.1, c, k), &effect),
            "a better one replaces it"
        );
        assert!(!sink.redundant((d, c, k), &vec![0]), "another effect");
        assert_eq!(sink.offered, 4, "counted as offered");
        // `covered` answers as `redundant` would for the least key, without
        // counting.
        assert!(sink.covered((d, c, k), &effect));
        assert!(sink.covered((d, c + 1, k), &effect));
        assert!(!sink.covered((d - 0.1, c, k), &effect));
        assert!(!sink.covered((d, c, k), &vec![0]));
        assert_eq!(sink.offered, 4, "not counted");
        let mut first = Sink::new(false);
        first.offer(h, effect.clone());
        assert!(!first.redundant((d + 0.1, c, k), &effect));
        assert!(!first.covered((d + 0.1, c, k), &effect), "first-hint mode");
    }
}
