//! A development tool, not a test: finds, for every technique, the first position
//! in the data sets where it fires and prints it in the form the unit tests freeze
//! (`position_with(puzzle, variant, eliminations)`). Run with
//! `cargo test -p sudoku-logic --test scan -- --ignored --nocapture`.

mod common;

use common::{puzzles, seed_variant_puzzles, with_seed_variants};
use sudoku_core::{Cell, Grid, Variant};
use sudoku_logic::{Candidates, FindMode, Options, TABLE, Technique, solve_logically};

fn describe(pos: &Candidates) -> (String, String) {
    let grid: String = pos
        .grid()
        .values()
        .iter()
        .map(|&v| (b'0' + v) as char)
        .collect();
    let fresh = Candidates::new(pos.grid(), pos.variant()).expect("consistent");
    let mut elims = Vec::new();
    for c in Cell::all() {
        let gone = fresh.candidates(c) - pos.candidates(c);
        if !gone.is_empty() {
            elims.push(format!("{c}-{gone}"));
        }
    }
    (grid.replace('0', "."), elims.join(" "))
}

/// Prints the position `pos` where `technique` fires, under the line
/// `== HEADER`, in the unit tests' form, with every hit of the technique there
/// (its detail, eliminations `r1c2-5` and placements `r1c2=5`).
fn print_example(pos: &Candidates, technique: Technique, header: &str) {
    let (g, e) = describe(pos);
    let mut all = Vec::new();
    technique.info().find(pos, &mut all, FindMode::All);
    println!("== {header}");
    println!("   grid {g}\n   elims {e}");
    for s in &all {
        let el: Vec<String> = s
            .eliminations
            .iter()
            .map(|x| format!("{}-{}", x.cell, x.digit))
            .chain(
                s.placements
                    .iter()
                    .map(|p| format!("{}={}", p.cell, p.digit)),
            )
            .collect();
        println!("   hit {:?} -> {}", s.detail, el.join(" "));
    }
}

#[test]
#[ignore]
fn scan_for_examples() {
    let set = with_seed_variants(puzzles("top1465.txt", usize::MAX, 1));
    let mut found: Vec<Technique> = Vec::new();
    for (puzzle, variant) in &set {
        for mode in [
            sudoku_logic::Mode::NonSynchronous,
            sudoku_logic::Mode::Synchronous,
        ] {
            let options = Options {
                mode,
                // The data sets' puzzles have one solution each.
                unique: true,
                ..Options::default()
            };
            let trace = solve_logically(puzzle, *variant, &options).expect("valid");
            let mut pos = Candidates::new(puzzle, *variant).expect("valid");
            for step in &trace.steps {
                if !found.contains(&step.technique) && pos.is_written() {
                    found.push(step.technique);
                    print_example(
                        &pos,
                        step.technique,
                        &format!("{} ({variant}) from {puzzle}", step.technique),
                    );
                }
                pos.apply(step).expect("applies");
            }
        }
    }
    let missing: Vec<_> = TABLE
        .iter()
        .filter(|i| !found.contains(&i.technique))
        .map(|i| i.name)
        .collect();
    println!("never fired: {missing:?}");
}

/// Like `scan_for_examples`, for the direct methods: the first position where
/// each kind of direct single is taken, with its reasons. Run with
/// `cargo test -p sudoku-logic --test scan scan_direct -- --ignored --nocapture`.
#[test]
#[ignore]
fn scan_direct() {
    let mut set: Vec<(Grid, Variant)> = puzzles("17-clue.txt", 3000, 7)
        .into_iter()
        .map(|p| (p, Variant::Standard))
        .collect();
    set.extend(seed_variant_puzzles());
    let mut found: Vec<String> = Vec::new();
    for (puzzle, variant) in &set {
        let trace = solve_logically(
            puzzle,
            *variant,
            &Options {
                unique: true,
                ..Options::default()
            },
        )
        .expect("valid");
        let mut pos = Candidates::new(puzzle, *variant).expect("valid");
        for step in &trace.steps {
            if let sudoku_logic::Detail::Direct(sudoku_logic::Direct {
                kind,
                house,
                reasons,
            }) = &step.detail
            {
                let key = format!("{} {kind:?} {variant}", step.technique);
                if !found.contains(&key) {
                    found.push(key.clone());
                    let (g, _) = describe(&pos);
                    println!(
                        "== {key}: {}={} in {house:?}, {} points, {:?} alternatives",
                        step.placements[0].cell,
                        step.placements[0].digit,
                        step.points,
                        step.alternatives
                    );
                    println!("   grid {g}");
                    for r in reasons {
                        println!("   reason {r:?}");
                    }
                }
            }
            pos.apply(step).expect("applies");
        }
    }
}

/// Like `scan_for_examples`, for the uniqueness techniques and the remote pair
/// on HoDoKu's levels (where its Hard class uses them): up to three positions
/// per technique. Run with
/// `cargo test --release -p sudoku-logic --test scan scan_uniqueness -- --ignored --nocapture`.
#[test]
#[ignore]
fn scan_uniqueness() {
    let set = puzzles("hodoku-levels.txt", usize::MAX, 1);
    let wanted = |t: Technique| {
        t.info().family == sudoku_logic::Family::Uniqueness || t == Technique::RemotePair
    };
    let mut found: Vec<(Technique, usize)> = Vec::new();
    for puzzle in &set {
        let options = Options {
            unique: true,
            ..Options::default()
        };
        let trace = solve_logically(puzzle, Variant::Standard, &options).expect("valid");
        let mut pos = Candidates::new(puzzle, Variant::Standard).expect("valid");
        pos.assume_unique(true);
        for step in &trace.steps {
            let seen = found.iter().position(|(t, _)| *t == step.technique);
            let count = seen.map_or(0, |i| found[i].1);
            if wanted(step.technique) && count < 3 {
                match seen {
                    Some(i) => found[i].1 += 1,
                    None => found.push((step.technique, 1)),
                }
                print_example(
                    &pos,
                    step.technique,
                    &format!("{} from {puzzle}", step.technique),
                );
            }
            pos.apply(step).expect("applies");
        }
    }
    println!("found: {found:?}");
}
