//! The search policy: always the easiest applicable step.
//!
//! Each round walks the technique table from the top and stops at the first row
//! that finds anything (the thesis' "easiest path"). What is applied from that
//! row depends on the [`Mode`], the seed's four ways of solving:
//!
//! * **non-synchronous** (the seed's default): one step — among the row's hits the
//!   one with most eliminations, then fewest points, then the first found;
//! * **synchronous**: every hit of the row, found on the same position and applied
//!   together (a placement found several times is applied once, at its lowest
//!   points);
//! * **semi-synchronous** (the seed's "halb-synchron"): placements — every hit
//!   with the row's lowest points, together; eliminations — among the hits at
//!   most 3 points above the row's cheapest, those with most eliminations, and
//!   of them those with fewest points, together;
//! * **pseudo-synchronous**: the same choice, but only its first step.
//!
//! Then the next round starts again from the top of the table.
//!
//! **Orientation.** Which hit a search meets first depends on how the grid is
//! turned and its digits named, so a path taken "as given" may differ between
//! two copies of one puzzle. By default ([`Orientation::Canonical`]) the solver
//! therefore walks the puzzle's canonical orientation
//! ([`sudoku_core::canonical_orientation`]) and hands every step back moved onto
//! the grid as given ([`Step::transformed`]): every isomorphic copy gets the
//! same path up to the transform, the same points and the same counts, in every
//! mode. [`Orientation::AsGiven`] walks the grid as it is (the seed's own
//! behaviour, whose "8 variants" show that spread).
//!
//! Synchronous rounds leave out what the chaining engine finds (its
//! bidirectional cycles, forcing chains and nets): the seed's synchronous mode
//! has no such methods and they are far too many to take all at once; it keeps
//! trial and error as its last resort.
//!
//! Before candidates are written the seed rewards scarcity: the direct methods
//! are asked how many steps they find (the seed's "gefundene Schritte"): every
//! house in which a digit has one place left (a digit seen in its row and its
//! box counts twice), every cell with one digit left, and every step of the C
//! and D methods the option allows. With only 1, 2 or 3 the step gets 4, 3 or
//! 1 extra points (4, 2, 1 when only the simple C and D methods are on, 2, 1, 0
//! with A and B alone; a single in a row, column or other house — the seed's
//! A1/A2, whose extra points it lowered in 2018 — gets at most 2, 1, 0; never
//! any for a full house or a single in a box, the seed's A3, which anyone
//! sees); with very many — more than 9, or 13 in synchronous and
//! semi-synchronous rounds, which take many at once — its points are halved.
//! The seed halves above 10 and 15, but counts its own way; 9 and 13 fitted
//! its worked examples best with our count (8 and 12 or 10 and 15 moved the
//! median ratio of its diagonal or standard examples out of 0.9–1.1; see the
//! seed-examples test in `sudoku-rate`). The C and D steps are not asked for when the singles
//! alone exceed the limit. The count is kept on the step (`alternatives`).
//!
//! Thinning out rewards scarcity too: when the first row that finds anything
//! on written candidates finds only 1, 2 or 3 steps, each step taken gets 5,
//! 3 or 1 extra points (the seed gives 0–8 there; none in pseudo-synchronous
//! rounds). Measured on the seed's examples: Spearman ρ 0.944 → 0.960
//! (standard), 0.937 → 0.939 (diagonal).

use crate::candidates::Candidates;
use crate::check::Unsound;
use crate::selection::Selection;
use crate::step::Detail;
use crate::step::{Outcome, Step, Trace};
use crate::technique::{Family, FindMode, TABLE, Technique};
use crate::walk::{self, Hit, Limits, Scale};
use sudoku_core::{Conflict, Grid, HouseKind, Transform, Variant};

/// How many hits of a round are applied (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Mode {
    /// One step per round (most eliminations, then fewest points, then first).
    #[default]
    NonSynchronous,
    /// All hits of the round's technique.
    Synchronous,
    /// All of the round's cheapest placements, or all of its best eliminations
    /// (most eliminations within 3 points of the cheapest, then fewest points).
    SemiSynchronous,
    /// The first of what a semi-synchronous round would apply.
    PseudoSynchronous,
}

impl Mode {
    /// Every mode, in the order the CLI lists them.
    pub const ALL: [Mode; 4] = [
        Mode::NonSynchronous,
        Mode::Synchronous,
        Mode::SemiSynchronous,
        Mode::PseudoSynchronous,
    ];

    /// Whether the rows of the chaining engine may be asked.
    fn allows_forcing(self) -> bool {
        self != Mode::Synchronous
    }

    /// The seed's extra points for an elimination step when the first row
    /// that finds anything finds only 1, 2 or 3 steps ("bei sehr wenigen
    /// Treffern Extra-Punkte", 0–8 points when thinning out, none in the
    /// pseudo-synchronous mode): 5, 3 or 1, as for the direct methods.
    fn scarcity_extra(self, hits: usize) -> f64 {
        match (self, hits) {
            (Mode::PseudoSynchronous, _) => 0.0,
            (_, 1) => 5.0,
            (_, 2) => 3.0,
            (_, 3) => 1.0,
            _ => 0.0,
        }
    }

    /// Above this many direct alternatives a direct step's points are halved
    /// (the seed's 10 and 15 scaled to our count; see the module docs).
    fn crowd_limit(self) -> usize {
        match self {
            Mode::NonSynchronous | Mode::PseudoSynchronous => 9,
            Mode::Synchronous | Mode::SemiSynchronous => 13,
        }
    }
}

/// Which grid the solver walks (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Orientation {
    /// The puzzle's canonical orientation, steps moved back: the same path for
    /// every isomorphic copy.
    #[default]
    Canonical,
    /// The grid as given.
    AsGiven,
}

/// Which of the seed's direct methods C (obvious row/column tests) and D
/// (obvious 2-tuples) may place digits before candidates are written (the
/// seed's option; A and B, the singles, always may).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum DirectMethods {
    /// Only A and B.
    Singles,
    /// C and D with one reason each (one locked digit or one obvious pair)
    /// ending in a single in a house.
    Simple,
    /// Every C and D method.
    #[default]
    All,
}

impl DirectMethods {
    /// Whether a step found by a direct row may be used.
    fn allows(self, step: &Step) -> bool {
        match self {
            DirectMethods::All => true,
            DirectMethods::Singles => false,
            DirectMethods::Simple => matches!(
                &step.detail,
                Detail::Direct(crate::Direct { kind: crate::step::DirectKind::HiddenSingle, reasons, .. })
                    if reasons.len() == 1
            ),
        }
    }

    /// The extra points for 1, 2 or 3 alternatives; `single` for a hidden
    /// single (the seed's method A), whose extra points the seed lowered: at
    /// most those of A and B alone. (With every C and D method a lone step
    /// gets 4, as the seed lowered its extra points again in 2019: 5 left one
    /// more standard and one more diagonal example of the seed's farther than
    /// 15 % from its figure.)
    fn extra(self, alternatives: usize, single: bool) -> f64 {
        let table = match (self, single) {
            (DirectMethods::All, false) => [4.0, 3.0, 1.0],
            (DirectMethods::Simple, false) => [4.0, 2.0, 1.0],
            (DirectMethods::Singles, _) | (_, true) => [2.0, 1.0, 0.0],
        };
        match alternatives {
            1..=3 => table[alternatives - 1],
            _ => 0.0,
        }
    }
}

/// Options of [`solve_logically`].
#[derive(Clone, Debug)]
pub struct Options {
    /// How many hits of a round are applied.
    pub mode: Mode,
    /// Which grid is walked (canonical by default).
    pub orientation: Orientation,
    /// Which direct methods C and D may be used.
    pub direct: DirectMethods,
    /// The true solution: when given, every step is checked against it before it
    /// is applied (self-check) and a wrong step ends the solve with an error.
    pub solution: Option<Grid>,
    /// Stop after this many steps (a guard; the default is far above any need).
    pub max_steps: usize,
    /// The puzzle is known to have exactly one solution (checked by an exact
    /// solver): the uniqueness techniques may run (see
    /// [`Candidates::assume_unique`]). Off by default.
    pub unique: bool,
    /// Which techniques the walk may use, in which order (the whole table by
    /// default).
    pub selection: Selection,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            mode: Mode::NonSynchronous,
            orientation: Orientation::Canonical,
            direct: DirectMethods::All,
            solution: None,
            max_steps: 10_000,
            unique: false,
            selection: Selection::table(),
        }
    }
}

/// Why a logical solve could not run or was stopped.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LogicError {
    /// Two givens clash.
    #[error("invalid puzzle: {0}")]
    Invalid(#[from] Conflict),
    /// The self-check found a wrong step.
    #[error(transparent)]
    Unsound(#[from] Unsound),
}

/// The hits of the first technique in table order that finds anything in `pos`,
/// or an empty list when none does. This is the "next step" of a hint.
pub fn next_steps(pos: &Candidates) -> Vec<Step> {
    let mut scale = PointsScale::new(Mode::NonSynchronous, DirectMethods::All, Rule::Row);
    steps_of(walk::round(&mut scale, pos))
}

/// The steps a round of `mode` would apply to `pos` (with the direct methods
/// `direct`), in order, before the direct methods' extra points; empty when no
/// technique applies. The first of them is the hint of that mode.
pub fn next_round(pos: &Candidates, mode: Mode, direct: DirectMethods) -> Vec<Step> {
    next_round_among(pos, mode, direct, &Selection::table())
}

/// As [`next_round`], with only the techniques of `selection` in its order.
pub fn next_round_among(
    pos: &Candidates,
    mode: Mode,
    direct: DirectMethods,
    selection: &Selection,
) -> Vec<Step> {
    let mut scale = PointsScale::new(mode, direct, Rule::Round);
    scale.selection = *selection;
    steps_of(walk::round(&mut scale, pos))
}

/// Every step every technique of `selection` finds in `pos`, easiest first:
/// the techniques in the selection's order (the walk's: the table by
/// default), each with every instance it finds in the order found (HoDoKu's
/// "all steps", Sudoku Explainer's "get all hints"). Points are the
/// technique's own, before the walk's extra points; direct methods other
/// than `direct` allows are left out. The first steps are those
/// [`next_steps`] gives.
pub fn all_steps(pos: &Candidates, selection: &Selection, direct: DirectMethods) -> Vec<Step> {
    let mut out = Vec::new();
    let mut found = Vec::new();
    for row in selection.rows() {
        let info = &TABLE[row];
        if !info.phase.allows(pos.is_written())
            || (direct == DirectMethods::Singles && info.family == Family::Direct)
        {
            continue;
        }
        found.clear();
        info.find(pos, &mut found, FindMode::All);
        if info.family == Family::Direct && direct != DirectMethods::All {
            found.retain(|s| direct.allows(s));
        }
        out.append(&mut found);
    }
    out
}

/// The step a non-synchronous round takes in `pos` from the rows of the table
/// whose technique `allowed` accepts (the first such row with hits, and of its
/// hits the solver's pick: most eliminations, then fewest points, then the
/// first found), before the direct methods' extra points; `None` when none of
/// them finds anything. The ML features' staged paths walk with it.
pub fn next_step_among(pos: &Candidates, allowed: &dyn Fn(Technique) -> bool) -> Option<Step> {
    steps_of(walk::round(&mut PointsScale::among(allowed), pos))
        .into_iter()
        .next()
}

/// What a round of `mode` applies from `hits`, the hits of the first row that
/// finds anything in a position (in the order found), before the direct
/// methods' extra points. `hits` is emptied.
pub fn round_steps(hits: &mut Vec<Step>, mode: Mode) -> Vec<Step> {
    match mode {
        Mode::NonSynchronous => {
            if hits.is_empty() {
                return Vec::new();
            }
            let i = pick(hits);
            vec![hits.swap_remove(i)]
        }
        Mode::Synchronous => synchronous(std::mem::take(hits)),
        Mode::SemiSynchronous => synchronous(semi_synchronous(std::mem::take(hits))),
        Mode::PseudoSynchronous => semi_synchronous(std::mem::take(hits))
            .into_iter()
            .take(1)
            .collect(),
    }
}

/// Whether `t` is found by the chaining engine (its cycles, forcing chains
/// and the forcing family), which synchronous rounds leave out.
fn from_chaining_engine(t: Technique) -> bool {
    matches!(t, Technique::BidirectionalCycle | Technique::ForcingChain)
        || t.info().family == Family::Forcing
}

/// What a round of the points scale hands the walk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rule {
    /// What a round of the walk applies, with the seed's extra points.
    Walk,
    /// What a round of the mode applies, before the extra points (a hint).
    Round,
    /// Every hit of the row (the next steps of a hint).
    Row,
}

/// The seed's points as a [`Scale`]: the technique table in order, the first
/// row that finds anything, and of its hits what the [`Mode`] applies.
/// [`solve_logically`] walks it with the seed's extra points; a hint is one
/// round of it without them.
pub struct PointsScale<'a> {
    mode: Mode,
    direct: DirectMethods,
    rule: Rule,
    /// Only the rows whose technique this accepts (all when `None`).
    allowed: Option<&'a dyn Fn(Technique) -> bool>,
    /// The rows of the table the scale asks, in its order.
    selection: Selection,
    /// The table row whose hits the pick rule gets (the first that found
    /// any).
    row: usize,
    found: Vec<Step>,
}

impl<'a> PointsScale<'a> {
    /// The non-synchronous scale on the rows of the table whose technique
    /// `allowed` accepts, without the direct methods' extra points (the ML
    /// features' staged paths).
    pub fn among(allowed: &'a dyn Fn(Technique) -> bool) -> PointsScale<'a> {
        let mut scale = PointsScale::new(Mode::NonSynchronous, DirectMethods::All, Rule::Round);
        scale.allowed = Some(allowed);
        scale
    }

    fn new(mode: Mode, direct: DirectMethods, rule: Rule) -> PointsScale<'a> {
        PointsScale {
            mode,
            direct,
            rule,
            allowed: None,
            selection: Selection::table(),
            row: 0,
            found: Vec::new(),
        }
    }

    /// The walk's round from the row's `hits`: the mode's choice with the
    /// seed's extra points for scarcity (see the module docs).
    fn priced(&self, pos: &Candidates, mut hits: Vec<Step>) -> Vec<Step> {
        let info = &TABLE[self.row];
        let direct = !pos.is_written() && info.technique != Technique::WriteCandidates;
        let limit = self.mode.crowd_limit();
        let alternatives =
            direct.then(|| direct_alternatives(pos, &hits, self.row, self.direct, limit));
        let found = hits.len();
        let mut round = round_steps(&mut hits, self.mode);
        if pos.is_written() && thins_out(info.family) {
            let extra = self.mode.scarcity_extra(found);
            for step in &mut round {
                step.points += extra;
            }
        }
        if let Some(n) = alternatives {
            for step in &mut round {
                adjust(step, n, limit, self.direct);
            }
        }
        round
    }
}

impl Scale for PointsScale<'_> {
    type Tag = ();

    fn rows(&self) -> usize {
        self.selection.len()
    }

    fn find(&mut self, row: usize, pos: &Candidates, out: &mut Vec<Hit<()>>) {
        let row = self.selection.row(row);
        let info = &TABLE[row];
        if self.allowed.is_some_and(|allowed| !allowed(info.technique))
            || !info.phase.allows(pos.is_written())
            || (!self.mode.allows_forcing() && from_chaining_engine(info.technique))
            || (self.direct == DirectMethods::Singles && info.family == Family::Direct)
        {
            return;
        }
        self.found.clear();
        info.find(pos, &mut self.found, FindMode::All);
        if info.family == Family::Direct && self.direct != DirectMethods::All {
            let direct = self.direct;
            self.found.retain(|s| direct.allows(s));
        }
        self.row = row;
        out.extend(self.found.drain(..).map(hit));
    }

    fn pick(
        &mut self,
        pos: &Candidates,
        hits: &mut Vec<Hit<()>>,
        _next: Option<usize>,
    ) -> Option<Vec<Hit<()>>> {
        let mut steps: Vec<Step> = hits.drain(..).map(|h| h.step).collect();
        let round = match self.rule {
            Rule::Row => steps,
            Rule::Round => round_steps(&mut steps, self.mode),
            Rule::Walk => self.priced(pos, steps),
        };
        Some(round.into_iter().map(hit).collect())
    }
}

/// A step of the points scale as a hit (priced at its points).
fn hit(step: Step) -> Hit<()> {
    Hit {
        price: step.points,
        step,
        tag: (),
    }
}

/// The steps of a round's hits (none when there is no round).
fn steps_of(round: Option<Vec<Hit<()>>>) -> Vec<Step> {
    round
        .unwrap_or_default()
        .into_iter()
        .map(|h| h.step)
        .collect()
}

/// How many steps the direct methods find in `pos` (see the module docs),
/// given the `hits` of table row `row`: every house in which a digit has one
/// place left, every cell with one digit left, and every step of the C and D
/// rows that `direct` allows — those only while the singles do not already
/// exceed `limit` (the step is halved then, whatever they add).
fn direct_alternatives(
    pos: &Candidates,
    hits: &[Step],
    row: usize,
    direct: DirectMethods,
    limit: usize,
) -> usize {
    let mut count = 0;
    for &house in pos.variant().houses() {
        let cells = Variant::house_cells(house);
        for digit in pos.placed_in(house).complement().iter() {
            count += usize::from((pos.cells_with(digit) & cells).len() == 1);
        }
    }
    count += pos
        .empty_cells()
        .iter()
        .filter(|&c| pos.candidates(c).len() == 1)
        .count();
    if count > limit || direct == DirectMethods::Singles {
        return count;
    }
    let mut more = Vec::new();
    for (i, info) in TABLE.iter().enumerate() {
        if info.family != Family::Direct {
            continue;
        }
        if i == row {
            count += hits.len();
            continue;
        }
        more.clear();
        info.find(pos, &mut more, FindMode::All);
        more.retain(|s| direct.allows(s));
        count += more.len();
    }
    count
}

/// Applies the seed's scarcity rule to a direct step (see the module docs).
fn adjust(step: &mut Step, alternatives: usize, limit: usize, direct: DirectMethods) {
    step.alternatives = Some(alternatives);
    if alternatives > limit {
        step.points /= 2.0;
        return;
    }
    let plain = match (&step.detail, step.technique) {
        (_, Technique::FullHouse) => true,
        (Detail::Single(crate::Single { house: Some(h), .. }), Technique::HiddenSingle) => {
            h.kind() == HouseKind::Box
        }
        _ => false,
    };
    if !plain {
        let single = step.technique == Technique::HiddenSingle;
        step.points += direct.extra(alternatives, single);
    }
}

/// Whether steps of `family` thin out candidates (the seed's elimination
/// methods), as opposed to placing singles or writing candidates.
fn thins_out(family: Family) -> bool {
    !matches!(
        family,
        Family::Single | Family::Direct | Family::Bookkeeping
    )
}

/// The index of the step a non-synchronous round applies.
fn pick(hits: &[Step]) -> usize {
    let mut best = 0;
    for (i, s) in hits.iter().enumerate().skip(1) {
        let b = &hits[best];
        let more = s.eliminations.len() > b.eliminations.len();
        let cheaper = s.eliminations.len() == b.eliminations.len() && s.points < b.points;
        if more || cheaper {
            best = i;
        }
    }
    best
}

/// The hits a semi-synchronous round applies, in the order found: placements
/// with the lowest points; or, among eliminations at most 3 points above the
/// cheapest, those with most eliminations and of them the cheapest.
fn semi_synchronous(mut hits: Vec<Step>) -> Vec<Step> {
    let min = hits.iter().map(|s| s.points).fold(f64::INFINITY, f64::min);
    if hits.iter().any(|s| !s.placements.is_empty()) {
        hits.retain(|s| s.points <= min + 1e-9);
        return hits;
    }
    hits.retain(|s| s.points <= min + 3.0 + 1e-9);
    let most = hits.iter().map(|s| s.eliminations.len()).max().unwrap_or(0);
    hits.retain(|s| s.eliminations.len() == most);
    let cheapest = hits.iter().map(|s| s.points).fold(f64::INFINITY, f64::min);
    hits.retain(|s| s.points <= cheapest + 1e-9);
    hits
}

/// Solves `puzzle` as `variant` with the technique table, step by step, and
/// returns the trace. A puzzle may end [`Outcome::Stuck`] when the table has no
/// technique for it; with `options.solution` set, a step contradicting the
/// solution ends the solve with [`LogicError::Unsound`].
///
/// ```
/// use sudoku_core::{Grid, Variant};
/// use sudoku_logic::{solve_logically, Options, Outcome};
/// let p: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///     .parse().unwrap();
/// let trace = solve_logically(&p, Variant::Standard, &Options::default()).unwrap();
/// assert_eq!(trace.outcome, Outcome::Solved);
/// ```
pub fn solve_logically(
    puzzle: &Grid,
    variant: Variant,
    options: &Options,
) -> Result<Trace, LogicError> {
    let mut pos = Candidates::new(puzzle, variant)?;
    pos.assume_unique(options.unique);
    if options.orientation == Orientation::AsGiven {
        return walk(puzzle, pos, options);
    }
    let (canonical, t) = sudoku_core::canonical_orientation(puzzle, variant);
    let back = t.inverse();
    let inner = Options {
        orientation: Orientation::AsGiven,
        solution: options.solution.map(|s| t.apply(&s)),
        ..options.clone()
    };
    let mut moved = Candidates::new(&canonical, variant)?;
    moved.assume_unique(options.unique);
    let trace = walk(&canonical, moved, &inner).map_err(|e| match e {
        LogicError::Unsound(u) => LogicError::Unsound(unsound_back(u, &back)),
        other => other,
    })?;
    // Replay the steps, moved back, on the grid as given.
    let mut steps = Vec::with_capacity(trace.steps.len());
    let mut broken = false;
    for step in &trace.steps {
        let step = step.transformed(&back);
        broken |= pos.apply(&step).is_err();
        steps.push(step);
    }
    let outcome = match trace.outcome {
        Outcome::Contradiction(_) => match pos.contradiction() {
            Some(c) => Outcome::Contradiction(c),
            None => Outcome::Stuck,
        },
        other if broken => pos.contradiction().map_or(other, Outcome::Contradiction),
        other => other,
    };
    Ok(Trace {
        puzzle: *puzzle,
        steps,
        outcome,
        end: pos,
    })
}

/// An unsound step found in the canonical orientation, reported on the grid as
/// given (`back` moves the canonical grid back).
fn unsound_back(u: Unsound, back: &Transform) -> Unsound {
    let digit = |d: sudoku_core::Digit| {
        sudoku_core::Digit::from_index(back.digit_map(d.index()) as usize).unwrap_or(d)
    };
    Unsound {
        cell: back.target_of(u.cell),
        digit: digit(u.digit),
        truth: digit(u.truth),
        ..u
    }
}

/// The walk itself, on `puzzle` as given, from its position `pos`: the one
/// [`walk::walk`] over the points scale.
fn walk(puzzle: &Grid, mut pos: Candidates, options: &Options) -> Result<Trace, LogicError> {
    let mut scale = PointsScale::new(options.mode, options.direct, Rule::Walk);
    scale.selection = options.selection;
    let limits = Limits {
        max_steps: options.max_steps,
        contradictions: true,
        solution: options.solution,
    };
    let walked = walk::walk(&mut scale, &mut pos, &limits)?;
    Ok(Trace {
        puzzle: *puzzle,
        steps: walked.hits.into_iter().map(|h| h.step).collect(),
        outcome: walked.outcome,
        end: pos,
    })
}

/// The steps a synchronous round applies: every hit, placements deduplicated
/// (first the cheapest).
fn synchronous(mut hits: Vec<Step>) -> Vec<Step> {
    hits.sort_by(|a, b| a.points.total_cmp(&b.points));
    let mut placed = sudoku_core::CellSet::EMPTY;
    hits.retain(|s| {
        if s.placements.is_empty() {
            return true;
        }
        let new = s.placements.iter().any(|p| !placed.contains(p.cell));
        for p in &s.placements {
            placed.insert(p.cell);
        }
        new
    });
    hits
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::Violation;
    use crate::technique::Technique;
    use sudoku_core::CellSet;

    const P: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

    fn grid(s: &str) -> Grid {
        s.parse().unwrap()
    }

    #[test]
    fn non_synchronous_takes_the_hit_with_most_eliminations() {
        // After the direct steps and writing candidates, pointing is the first
        // row that fires, with 7 hits; the one taken removes 4 candidates.
        let mut pos = Candidates::new(&grid(P), Variant::Standard).unwrap();
        while !pos.is_written() {
            let hits = next_steps(&pos);
            pos.apply(&hits[pick(&hits)]).unwrap();
        }
        let hits = next_steps(&pos);
        assert_eq!(hits.len(), 7);
        assert!(hits.iter().all(|s| s.technique == Technique::Pointing));
        let best = &hits[pick(&hits)];
        assert_eq!(best.eliminations.len(), 4);
        assert_eq!(best.houses[1].to_string(), "column 2");
    }

    /// The walk of `P` in `mode` with the direct methods `direct`, as given.
    fn rounds(mode: Mode, direct: DirectMethods) -> Trace {
        solve_logically(
            &grid(P),
            Variant::Standard,
            &Options {
                mode,
                direct,
                orientation: Orientation::AsGiven,
                ..Options::default()
            },
        )
        .unwrap()
    }

    #[test]
    fn semi_synchronous_rounds_take_every_cheapest_hit_and_pseudo_the_first() {
        // Many hidden singles at 1 and 2 points.
        let easy =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
        let pos = Candidates::new(&grid(easy), Variant::Standard).unwrap();
        let hits = next_steps(&pos);
        let min = hits.iter().map(|s| s.points).fold(f64::INFINITY, f64::min);
        let cheapest: Vec<&Step> = hits.iter().filter(|s| s.points == min).collect();
        assert!(
            cheapest.len() > 1 && cheapest.len() < hits.len(),
            "{hits:?}"
        );
        let semi = round_steps(&mut hits.clone(), Mode::SemiSynchronous);
        assert_eq!(semi.len(), cheapest.len());
        assert!(semi.iter().all(|s| s.points == min));
        let pseudo = round_steps(&mut hits.clone(), Mode::PseudoSynchronous);
        assert_eq!(pseudo, semi[..1]);
        // Eliminations: most eliminations within 3 points of the cheapest.
        let mut a = Step::new(Technique::Pointing, 3.0);
        a.eliminate_all(
            sudoku_core::Digit::new(1).unwrap(),
            CellSet::single(sudoku_core::Cell::at(0, 0).unwrap()),
        );
        let mut b = Step::new(Technique::Pointing, 6.0);
        let two: CellSet = [0, 1]
            .iter()
            .map(|&c| sudoku_core::Cell::at(1, c).unwrap())
            .collect();
        b.eliminate_all(sudoku_core::Digit::new(2).unwrap(), two);
        let mut c = Step::new(Technique::Pointing, 6.5);
        let three: CellSet = [0, 1, 2]
            .iter()
            .map(|&c| sudoku_core::Cell::at(2, c).unwrap())
            .collect();
        c.eliminate_all(sudoku_core::Digit::new(3).unwrap(), three);
        let semi = round_steps(
            &mut vec![a.clone(), b.clone(), c.clone()],
            Mode::SemiSynchronous,
        );
        assert_eq!(semi, vec![b.clone()], "c is more than 3 points above a");
        let non = round_steps(&mut vec![a, b, c.clone()], Mode::NonSynchronous);
        assert_eq!(non, vec![c], "non-synchronous takes most eliminations");
        // The walks of every mode end solved.
        for mode in Mode::ALL {
            assert!(rounds(mode, DirectMethods::All).is_solved(), "{mode:?}");
        }
    }

    #[test]
    fn the_direct_methods_option_limits_c_and_d() {
        let count = |t: &Trace| {
            t.steps
                .iter()
                .filter(|s| s.technique.info().family == Family::Direct)
                .count()
        };
        let all = rounds(Mode::NonSynchronous, DirectMethods::All);
        let simple = rounds(Mode::NonSynchronous, DirectMethods::Simple);
        let singles = rounds(Mode::NonSynchronous, DirectMethods::Singles);
        assert!(count(&all) > 0);
        assert_eq!(count(&singles), 0);
        for s in simple
            .steps
            .iter()
            .filter(|s| s.technique.info().family == Family::Direct)
        {
            let Detail::Direct(crate::Direct { reasons, .. }) = &s.detail else {
                panic!("{s:?}")
            };
            assert_eq!(reasons.len(), 1);
        }
        // The extra points for a scarce step follow the option.
        for (direct, extra) in [
            (DirectMethods::All, [4.0, 3.0, 1.0]),
            (DirectMethods::Simple, [4.0, 2.0, 1.0]),
            (DirectMethods::Singles, [2.0, 1.0, 0.0]),
        ] {
            for n in 1..=3 {
                let mut step = Step::new(Technique::NakedSingle, 1.0);
                adjust(&mut step, n, 10, direct);
                assert_eq!(step.points, 1.0 + extra[n - 1], "{direct:?} {n}");
            }
        }
    }

    #[test]
    fn synchronous_rounds_apply_each_placement_once() {
        let t = solve_logically(
            &grid(P),
            Variant::Standard,
            &Options {
                mode: Mode::Synchronous,
                ..Options::default()
            },
        )
        .unwrap();
        let mut placed = sudoku_core::CellSet::EMPTY;
        for s in &t.steps {
            for p in &s.placements {
                assert!(!placed.contains(p.cell), "{} placed twice", p.cell);
                placed.insert(p.cell);
            }
        }
        assert_eq!(
            placed,
            grid(P)
                .values()
                .iter()
                .enumerate()
                .filter(|(_, v)| **v == 0)
                .map(|(i, _)| sudoku_core::Cell::new(i).unwrap())
                .filter(|c| t.end.get(*c).is_some())
                .collect()
        );
    }

    #[test]
    fn self_check_names_the_wrong_step() {
        // Against a wrong "solution" (the true one with 1 and 2 swapped) the first
        // step touching a 1 or 2 is reported, by index and technique.
        let truth = sudoku_solve::solve(&grid(P), Variant::Standard).unwrap();
        let wrong: String = truth
            .values()
            .iter()
            .map(|&v| match v {
                1 => '2',
                2 => '1',
                v => (b'0' + v) as char,
            })
            .collect();
        let options = Options {
            solution: Some(grid(&wrong)),
            ..Options::default()
        };
        let err = solve_logically(&grid(P), Variant::Standard, &options).unwrap_err();
        let LogicError::Unsound(u) = err else {
            panic!("{err}")
        };
        assert!(matches!(u.digit.get(), 1 | 2) || matches!(u.truth.get(), 1 | 2));
        match u.violation {
            Violation::WrongPlacement => assert_ne!(u.digit, u.truth),
            Violation::TrueDigitEliminated => assert_eq!(u.digit, u.truth),
        }
        let text = LogicError::Unsound(u.clone()).to_string();
        assert!(text.contains(&format!("step {}", u.index)), "{text}");
        assert!(text.contains(u.technique.name()), "{text}");
        // The true solution passes.
        let options = Options {
            solution: Some(truth),
            ..Options::default()
        };
        assert!(solve_logically(&grid(P), Variant::Standard, &options).is_ok());
    }

    #[test]
    fn bad_puzzles_end_cleanly() {
        let clash = format!("11{}", ".".repeat(79));
        assert!(matches!(
            solve_logically(&grid(&clash), Variant::Standard, &Options::default()),
            Err(LogicError::Invalid(_))
        ));
        // No solution, but no clash among the givens: r1c9 can hold nothing.
        let dead = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
        let t = solve_logically(&grid(&dead), Variant::Standard, &Options::default()).unwrap();
        assert!(
            matches!(t.outcome, Outcome::Contradiction(_)),
            "{:?}",
            t.outcome
        );
        // Many solutions: the solver ends stuck or solved, never panics.
        let t = solve_logically(&Grid::EMPTY, Variant::ColorDiagonal, &Options::default()).unwrap();
        assert_eq!(t.outcome, Outcome::Stuck);
        assert_eq!(t.steps.len(), 1); // writing candidates
    }
}
