//! Every forcing step replayed against its own tree and the exact solver.
//!
//! Forcing steps (chains, nets, nested chains, and trial and error with its
//! tree) are collected along the logical solves of hard puzzles, together
//! with every hint of Sudoku Explainer's cheaper chaining producers at the
//! same positions. For each step:
//!
//! * every node follows from its parents by the rule it names, in the
//!   position before the step (same cell, same house, naked single, hidden
//!   single; a nested technique's node rests on off-nodes of its branch);
//! * a branch whose assumption holds in the exact solver's solution implies
//!   only literals that hold there too, and never reaches a contradiction; a
//!   branch that ends in a contradiction starts from an assumption the
//!   solution refutes;
//! * the conclusion holds in the solution, and the step's eliminations and
//!   placements agree with it.
//!
//! Each forcing technique of the table must be met (and pass) at least once,
//! and must find nothing in a position where no candidate has an
//! alternative.

mod common;

use common::{puzzles, solution};
use std::collections::BTreeSet;
use sudoku_core::{Grid, House, Variant};
use sudoku_logic::{
    Branch, Candidates, Cause, ChainingMode, Detail, FindMode, Forcing, ForcingKind, Literal, Mode,
    Options, Step, Technique, chain_hints, solve_logically,
};

/// The forcing techniques of the table.
const FORCING: [Technique; 10] = [
    Technique::BidirectionalCycle,
    Technique::ForcingChain,
    Technique::NishioForcingChain,
    Technique::CellForcingChain,
    Technique::RegionForcingChain,
    Technique::ContradictionForcingChain,
    Technique::DoubleImplicationChain,
    Technique::DynamicForcingChain,
    Technique::ForcingNet,
    Technique::NestedForcingChain,
];

fn holds(l: Literal, truth: &Grid) -> bool {
    (truth.get(l.cell) == Some(l.digit)) == l.on
}

fn in_house(h: House, l: Literal) -> bool {
    sudoku_core::Variant::house_cells(h).contains(l.cell)
}

/// Checks one branch's nodes against their rules in `pos`.
fn check_rules(pos: &Candidates, b: &Branch, what: &str) {
    for (i, n) in b.nodes.iter().enumerate() {
        let l = n.literal;
        let parents: Vec<Literal> = n.parents.iter().map(|&p| b.nodes[p].literal).collect();
        assert!(
            n.parents.iter().all(|&p| p < i),
            "{what}: node {i} has a later parent"
        );
        let off_parent = |c, d| parents.iter().any(|p| !p.on && p.cell == c && p.digit == d);
        match n.cause {
            Cause::Assumption => assert!(parents.is_empty(), "{what}: assumption {i} has parents"),
            Cause::SameCell => assert!(
                !l.on
                    && parents
                        .iter()
                        .any(|p| p.on && p.cell == l.cell && p.digit != l.digit),
                "{what}: node {i} ({l:?}) is not off by its cell"
            ),
            Cause::SameHouse(h) => assert!(
                !l.on
                    && in_house(h, l)
                    && parents
                        .iter()
                        .any(|p| p.on && p.digit == l.digit && p.cell != l.cell && in_house(h, *p)),
                "{what}: node {i} ({l:?}) is not off by {h}"
            ),
            Cause::NakedSingle => {
                assert!(l.on, "{what}: naked single {i} is off");
                for d in pos.candidates(l.cell).iter() {
                    assert!(
                        d == l.digit || off_parent(l.cell, d),
                        "{what}: naked single {i} ({l:?}) leaves {d} open"
                    );
                }
            }
            Cause::HiddenSingle(h) => {
                assert!(l.on && in_house(h, l), "{what}: hidden single {i} ({l:?})");
                for c in (pos.cells_with(l.digit) & Variant::house_cells(h)).iter() {
                    assert!(
                        c == l.cell || off_parent(c, l.digit),
                        "{what}: hidden single {i} ({l:?}) leaves {c} open in {h}"
                    );
                }
            }
            Cause::Technique { nested, .. } => {
                assert!(!l.on, "{what}: a nested rule turned {i} on");
                assert!(
                    parents.iter().all(|p| !p.on),
                    "{what}: a nested rule's node {i} rests on an on-node"
                );
                assert!(
                    nested.is_none() || !parents.is_empty(),
                    "{what}: nested chain node {i} rests on nothing of the branch"
                );
            }
        }
    }
}

/// Checks a whole tree (and its nested trees' rules) in `pos` against `truth`.
fn check_tree(pos: &Candidates, f: &Forcing, truth: &Grid, what: &str) {
    // A cycle's conclusion is its closing node; its effect is the step's
    // eliminations, checked by the caller.
    if !matches!(f.kind, ForcingKind::Cycle { .. }) {
        assert!(holds(f.conclusion, truth), "{what}: false conclusion");
    }
    for (k, b) in f.branches.iter().enumerate() {
        let what = format!("{what}, branch {k}");
        check_rules(pos, b, &what);
        let Some(first) = b.nodes.first() else {
            panic!("{what}: empty branch");
        };
        if b.is_contradiction() {
            assert!(
                !holds(first.literal, truth),
                "{what}: a true assumption ends in a contradiction"
            );
        } else if holds(first.literal, truth) {
            for n in &b.nodes {
                assert!(
                    holds(n.literal, truth),
                    "{what}: the true assumption {:?} implies {:?}, false in the solution",
                    first.literal,
                    n.literal
                );
            }
        }
    }
}

/// Checks a step's effect and tree.
fn check_step(pos: &Candidates, step: &Step, truth: &Grid, what: &str) -> bool {
    for e in &step.eliminations {
        assert_ne!(
            truth.get(e.cell),
            Some(e.digit),
            "{what}: true digit eliminated"
        );
    }
    for p in &step.placements {
        assert_eq!(truth.get(p.cell), Some(p.digit), "{what}: wrong placement");
    }
    match &step.detail {
        Detail::Forcing(f) => {
            check_tree(pos, f, truth, what);
            true
        }
        Detail::Trial(sudoku_logic::TrialAndError {
            tree: Some(f),
            cell,
            digit,
            ..
        }) => {
            assert_eq!(
                f.conclusion,
                Literal {
                    cell: *cell,
                    digit: *digit,
                    on: false
                },
                "{what}: the tree refutes something else"
            );
            check_tree(pos, f, truth, what);
            true
        }
        _ => false,
    }
}

/// Solves `puzzle` logically and checks every forcing step of the trace (and
/// every hint of the cheaper chaining producers at the first `probes` such
/// positions); adds the techniques met to `seen`. Returns the trees checked.
fn replay(puzzle: &Grid, probes: usize, seen: &mut BTreeSet<Technique>) -> usize {
    let truth = solution(puzzle, Variant::Standard);
    let options = Options {
        mode: Mode::NonSynchronous,
        solution: Some(truth),
        unique: true,
        ..Options::default()
    };
    let trace = solve_logically(puzzle, Variant::Standard, &options).expect("solve");
    let mut pos = Candidates::new(puzzle, Variant::Standard).expect("puzzle");
    pos.assume_unique(true);
    let mut checked = 0;
    let mut probed = 0;
    for (i, step) in trace.steps.iter().enumerate() {
        let what = format!("{puzzle} step {i} ({})", step.technique);
        let forcing = check_step(&pos, step, &truth, &what);
        if forcing {
            checked += 1;
            seen.insert(step.technique);
        }
        // Probe the first position with candidates, every forcing one and
        // every 8th.
        if pos.is_written() && probed < probes && (probed == 0 || forcing || i % 8 == 0) {
            probed += 1;
            for mode in &ChainingMode::SE_ORDER[..4] {
                for h in chain_hints(&pos, *mode) {
                    let what = format!("{what}, {mode:?} hint {}", h.step.technique);
                    assert!(check_step(&pos, &h.step, &truth, &what));
                    seen.insert(h.step.technique);
                    checked += 1;
                }
            }
        }
        pos.apply(step).expect("a checked step applies");
    }
    checked
}

#[test]
fn every_forcing_branch_replays_against_the_solution() {
    let mut seen = BTreeSet::new();
    let mut checked = 0;
    // Hard puzzles of top1465 (trial and error before the forcing chains).
    for p in puzzles("top1465.txt", 6, 97) {
        checked += replay(&p, 4, &mut seen);
    }
    // Two of the hardest known: nets and nested chains.
    for p in puzzles("forum-hardest-11plus.txt", 2, 9_001) {
        checked += replay(&p, 1, &mut seen);
    }
    println!("{checked} forcing trees checked; techniques met: {seen:?}");
    for t in FORCING {
        assert!(seen.contains(&t), "{t} never met in the sample");
    }
}

#[test]
fn trial_and_error_steps_carry_a_sound_tree() {
    // Trial and error on a hard position, asked directly (the table's forcing
    // rows come first in a solve).
    let puzzle = puzzles("forum-hardest-11plus.txt", 1, 1)[0];
    let truth = solution(&puzzle, Variant::Standard);
    let mut pos = Candidates::new(&puzzle, Variant::Standard).expect("puzzle");
    pos.write_candidates();
    pos.assume_unique(true);
    let mut steps = Vec::new();
    Technique::TrialAndError
        .info()
        .find(&pos, &mut steps, FindMode::All);
    assert!(!steps.is_empty());
    let mut trees = 0;
    for s in &steps {
        trees += usize::from(check_step(&pos, s, &truth, "trial"));
    }
    assert_eq!(trees, steps.len(), "every refutation carries its tree");
}

#[test]
fn forcing_techniques_find_nothing_without_alternatives() {
    // A solution grid with three cells emptied: each has one candidate left,
    // so no assumption has an alternative and no forcing step exists.
    let puzzle = puzzles("top1465.txt", 1, 1)[0];
    let truth = solution(&puzzle, Variant::Standard);
    let mut text = truth.to_string().into_bytes();
    for i in [0, 40, 80] {
        text[i] = b'.';
    }
    let grid: Grid = std::str::from_utf8(&text)
        .expect("ascii")
        .parse()
        .expect("grid");
    let mut pos = Candidates::new(&grid, Variant::Standard).expect("grid");
    pos.write_candidates();
    for t in FORCING.into_iter().chain([Technique::TrialAndError]) {
        let mut steps = Vec::new();
        t.info().find(&pos, &mut steps, FindMode::All);
        assert!(steps.is_empty(), "{t} found {:?}", steps.first());
    }
    for mode in ChainingMode::SE_ORDER {
        assert!(chain_hints(&pos, mode).is_empty(), "{mode:?}");
    }
}
