//! Forcing steps of real hard puzzles (top1465) explained from their
//! implication trees: both languages name every node of every branch with its
//! literal, end with the conclusion, and have a compact Eureka form; a couple
//! of texts are pinned exactly.

use std::path::PathBuf;
use sudoku_core::{Grid, Variant};
use sudoku_explain::{Lang, Shape, compact, covers, render, shapes, technique_name};
use sudoku_logic::{Detail, Options, Step, Trace, solve_logically};

/// The solver's default options walking the grid as given (the tests pin
/// texts of one particular path).
fn as_given() -> Options {
    Options {
        orientation: sudoku_logic::Orientation::AsGiven,
        ..Options::default()
    }
}

fn top1465(n: usize) -> Vec<Grid> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/top1465.txt");
    let text = std::fs::read_to_string(&path).expect("top1465.txt next to the repository");
    text.lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter_map(|p| p.parse().ok())
        .take(n)
        .collect()
}

/// The forcing steps of the traces of the first `n` puzzles.
fn forcing_steps(n: usize) -> Vec<(usize, Step)> {
    let mut out = Vec::new();
    for (i, grid) in top1465(n).iter().enumerate() {
        let trace = solve_logically(grid, Variant::Standard, &as_given()).expect("valid");
        out.extend(
            trace
                .steps
                .into_iter()
                .filter(|s| matches!(s.detail, Detail::Forcing(_)))
                .map(|s| (i, s)),
        );
    }
    out
}

/// Checks the English and German texts of `step` and its compact chain.
fn assert_told(step: &Step, en: &str, de: &str, chain: &str) {
    assert_eq!(render(step, Lang::En), en);
    assert_eq!(render(step, Lang::De), de);
    assert_eq!(compact(step).as_deref(), Some(chain));
}

/// The first step of `technique` in the trace of puzzle `index` of top1465.
fn first_of(index: usize, technique: &str) -> Step {
    first_where(index, technique, |_| true)
}

/// As [`first_of`]; when the trace has no such step, the first hit of the
/// technique's finder along the trace that satisfies `want`.
fn first_where(index: usize, technique: &str, want: impl Fn(&Step) -> bool) -> Step {
    let grid = top1465(index + 1).pop().expect("puzzle");
    let trace = solve_logically(&grid, Variant::Standard, &as_given()).expect("valid");
    if let Some(step) = trace.steps.iter().find(|s| s.technique.name() == technique) {
        return step.clone();
    }
    // A technique earlier in the table pre-empts it in this trace (template
    // delete takes every single-digit Nishio refutation).
    hit_along(&grid, &trace, technique, want)
}

/// The first hit of `technique`'s own finder along `trace` of `grid` that
/// satisfies `want`.
fn hit_along(grid: &Grid, trace: &Trace, technique: &str, want: impl Fn(&Step) -> bool) -> Step {
    let t: sudoku_logic::Technique = technique.parse().expect("technique name");
    let mut pos = sudoku_logic::Candidates::new(grid, Variant::Standard).expect("no clash");
    for step in &trace.steps {
        if pos.is_written() {
            let mut hits = Vec::new();
            t.info().find(&pos, &mut hits, sudoku_logic::FindMode::All);
            if let Some(hit) = hits.into_iter().find(|h| want(h)) {
                return hit;
            }
        }
        pos.apply(step).expect("applies");
    }
    panic!("no {technique} along the trace")
}

#[test]
fn a_region_forcing_chain_reads_branch_by_branch() {
    let step = first_of(1, "region-forcing-chain");
    assert_told(
        &step,
        "Region forcing chain: In row 2, 5 goes into r2c5, r2c8 or r2c9. If r2c5 is 5, then r4c5 is not 5 (same column), r4c5 is 9 (naked single), r4c1 is not 9 (same row), r2c1 is 9 (hidden single in column 1), so r2c9 is not 9 (same row). If r2c8 is 5, then r2c8 is not 8 (same cell), r2c9 is 8 (hidden single in box 3), so r2c9 is not 9 (same cell) either. If r2c9 is 5, then r2c9 is not 9 (same cell) either. In all 3 cases: r2c9 is not 9.",
        "Gruppen-Alternativkette: In Zeile 2 steht die 5 in r2c5, r2c8 oder r2c9. Wenn r2c5 die 5 ist, folgt der Reihe nach: r4c5 ist nicht die 5 (gleiche Spalte), r4c5 ist die 9 (letzter Kandidat der Zelle), r4c1 ist nicht die 9 (gleiche Zeile), r2c1 ist die 9 (einziger Platz in Spalte 1) und r2c9 ist nicht die 9 (gleiche Zeile). Wenn r2c8 die 5 ist, folgt der Reihe nach: r2c8 ist nicht die 8 (gleiche Zelle), r2c9 ist die 8 (einziger Platz in Box 3) und r2c9 ist nicht die 9 (gleiche Zelle), wie im ersten Fall. Wenn r2c9 die 5 ist, folgt: r2c9 ist nicht die 9 (gleiche Zelle), wie im ersten Fall. In allen 3 Fällen: r2c9 ist nicht die 9.",
        "(5)r2c5 - (5)r4c5 = (9)r4c5 - (9)r4c1 = (9)r2c1 - (9)r2c9; (5)r2c8 - (8)r2c8 = (8)r2c9 - (9)r2c9; (5)r2c9 - (9)r2c9",
    );
}

/// The first hit of `technique`'s own finder along the trace of puzzle
/// `index` of top1465 whose tree has at least `nodes` nodes: for techniques
/// that a row earlier in the table (the Kraken fish before the forcing
/// chains) pre-empts in the trace.
fn found_along(index: usize, technique: &str, nodes: usize) -> Step {
    let grid = top1465(index + 1).pop().expect("puzzle");
    let trace = solve_logically(&grid, Variant::Standard, &as_given()).expect("valid");
    hit_along(
        &grid,
        &trace,
        technique,
        |s| matches!(&s.detail, Detail::Forcing(f) if f.nodes().count() >= nodes),
    )
}

#[test]
fn a_nishio_chain_names_the_clashing_facts() {
    let step = found_along(1, "nishio-forcing-chain", 14);
    assert_told(
        &step,
        "Nishio forcing chain: If r9c2 is 2, then r7c1 is not 2 (same box), r8c1 is not 2 (same box), r9c1 is not 2 (same box), r9c5 is not 2 (same row), r9c7 is not 2 (same row), r1c2 is not 2 (same column), r6c1 is 2 (hidden single in column 1), r6c5 is not 2 (same row), r1c9 is 2 (hidden single in row 1), r3c7 is not 2 (same box), r7c5 is 2 (hidden single in column 5), r7c7 is not 2 (same row), so r7c7 is 2 (hidden single in column 7) — a contradiction: r7c7 would be 2 and not 2 at once. So the assumption is false: r9c2 is not 2.",
        "Nishio-Kette: Wenn r9c2 die 2 ist, folgt der Reihe nach: r7c1 ist nicht die 2 (gleiche Box), r8c1 ist nicht die 2 (gleiche Box), r9c1 ist nicht die 2 (gleiche Box), r9c5 ist nicht die 2 (gleiche Zeile), r9c7 ist nicht die 2 (gleiche Zeile), r1c2 ist nicht die 2 (gleiche Spalte), r6c1 ist die 2 (einziger Platz in Spalte 1), r6c5 ist nicht die 2 (gleiche Zeile), r1c9 ist die 2 (einziger Platz in Zeile 1), r3c7 ist nicht die 2 (gleiche Box), r7c5 ist die 2 (einziger Platz in Spalte 5), r7c7 ist nicht die 2 (gleiche Zeile) und r7c7 ist die 2 (einziger Platz in Spalte 7) — ein Widerspruch: r7c7 wäre zugleich die 2 und nicht die 2. Die Annahme ist also falsch: r9c2 ist nicht die 2.",
        "(2)r9c2 - (2)r1c2 = (2)r1c9 - (2)r3c7 = (2)r7c7 … -(2)r7c7",
    );
}

#[test]
fn every_node_of_every_tree_is_in_the_text_and_on_the_grid() {
    let steps = forcing_steps(40);
    assert!(steps.len() > 20, "forcing steps fire on top1465");
    for (i, step) in &steps {
        let Detail::Forcing(f) = &step.detail else {
            unreachable!("filtered")
        };
        assert!(covers(step), "#{i} {} falls back", step.technique);
        assert!(compact(step).is_some());
        let drawn = shapes(step);
        for lang in [Lang::En, Lang::De] {
            let text = render(step, lang);
            assert!(
                text.starts_with(technique_name(step.technique, lang)),
                "{text}"
            );
            assert!(text.ends_with('.'), "{text}");
            for node in f.nodes() {
                let l = node.literal;
                // German names the assumption in a subordinate clause.
                let (said, sub) = match (lang, l.on) {
                    (Lang::En, true) => (format!("{} is {}", l.cell, l.digit), String::new()),
                    (Lang::En, false) => (format!("{} is not {}", l.cell, l.digit), String::new()),
                    (_, true) => (
                        format!("{} ist die {}", l.cell, l.digit),
                        format!("{} die {} ist", l.cell, l.digit),
                    ),
                    (_, false) => (
                        format!("{} ist nicht die {}", l.cell, l.digit),
                        format!("{} nicht die {} ist", l.cell, l.digit),
                    ),
                };
                let said = if text.contains(&said) || sub.is_empty() {
                    said
                } else {
                    sub
                };
                assert!(text.contains(&said), "#{i}: {said} missing in {text}");
            }
        }
        for branch in &f.branches {
            for (k, node) in branch.nodes.iter().enumerate() {
                let l = node.literal;
                assert!(
                    drawn.iter().any(|s| matches!(s, Shape::Mark { cell, digit, .. } if *cell == l.cell && *digit == l.digit)),
                    "#{i}: no mark for node {k}"
                );
                for &p in &node.parents {
                    let a = branch.nodes[p].literal;
                    assert!(
                        drawn
                            .iter()
                            .any(|s| matches!(s, Shape::Arrow { from, to, .. }
                            if from.cells.first() == Some(a.cell) && from.digit == a.digit
                                && to.cells.first() == Some(l.cell) && to.digit == l.digit)),
                        "#{i}: no arrow into node {k}"
                    );
                }
            }
        }
    }
}
