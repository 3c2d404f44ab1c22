//! The seed's worked examples (`seed_examples.tsv`): our points next to the
//! seed's, and Spearman's rank correlation between them.
//!
//! Printed by `cargo test -p sudoku-rate --test seed_examples -- --nocapture`
//! and recorded in BENCHMARKS.md. No exact match is expected (the seed has
//! techniques we do not, and some of its figures are for its other modes); the
//! assert is a loose sanity bound only, so the test fails for a broken rater,
//! not for a tuning change.

mod common;

use common::{data, spearman};
use sudoku_core::{Variant, parse_line};
use sudoku_rate::{RateOptions, SeedLevel, rate};
use sudoku_solve::Uniqueness;

/// The seed's text level where the context names it ("Sehr einfach lösbar
/// (23 Punkte)"), else `None`. Case-sensitive: "gar nicht so einfach lösbar"
/// is no level.
fn stated_level(context: &str) -> Option<SeedLevel> {
    [
        ("Sehr einfach lösbar", SeedLevel::VeryEasy),
        ("Einfach lösbar", SeedLevel::Easy),
        ("Schon etwas schwierig lösbar", SeedLevel::SomewhatDifficult),
        ("Recht schwierig lösbar", SeedLevel::QuiteDifficult),
        ("Wirklich schwierig lösbar", SeedLevel::ReallyDifficult),
    ]
    .into_iter()
    .find(|(w, _)| context.contains(w))
    .map(|(_, l)| l)
}

/// Whether `context` gives a range of points ("4-6 Punkte"), which the
/// seed uses for a technique, never for a puzzle's rating.
fn is_point_range(context: &str) -> bool {
    context.split(" Punkte").any(|before| {
        let tail: String = before
            .chars()
            .rev()
            .take_while(|c| c.is_ascii_digit() || *c == '-' || *c == '.')
            .collect();
        tail.contains('-') && tail.chars().any(|c| c.is_ascii_digit())
    })
}

struct Row {
    puzzle: String,
    variant: Variant,
    seed: f64,
    ours: f64,
    level: SeedLevel,
    stated: Option<SeedLevel>,
    logic_only: bool,
    techniques: String,
}

#[test]
fn seed_points_rank_correlation() {
    let text = data("seed_examples.tsv");
    let options = RateOptions::default(); // non-synchronous, as the seed's levels
    let mut rows = Vec::new();
    let (mut no_points, mut not_unique) = (0, 0);
    for line in text.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        let (puzzle, variant, points) = (f[0], f[1], f.get(2).copied().unwrap_or(""));
        let context = f.get(4).copied().unwrap_or("");
        let Ok(seed) = points.trim().parse::<f64>() else {
            no_points += 1;
            continue;
        };
        // "(Diagonalen-Tests, 4-6 Punkte): Beispiel …": the figure is a
        // technique's range of points, not the puzzle's rating.
        if is_point_range(context) {
            no_points += 1;
            continue;
        }
        let variant: Variant = variant.parse().expect("variant");
        let grid = parse_line(puzzle).expect("puzzle").grid;
        if !matches!(
            sudoku_solve::uniqueness(&grid, variant),
            Uniqueness::Unique(_)
        ) {
            not_unique += 1;
            continue;
        }
        let assessment = rate(&grid, variant, &options).expect("rate");
        let r = assessment.rating().and_then(|r| r.walk.as_ref());
        let r = r.expect("unique puzzle rated");
        assert!(r.solved, "{puzzle} not solved");
        rows.push(Row {
            puzzle: puzzle.to_string(),
            variant,
            seed,
            ours: r.points,
            level: r.level,
            stated: stated_level(context),
            logic_only: r.logic_only,
            techniques: r
                .techniques
                .iter()
                .map(|(t, n)| format!("{t}×{n}"))
                .collect::<Vec<_>>()
                .join(", "),
        });
    }

    println!(
        "{:<22} {:<14} {:>7} {:>7} {:>6}  {:<20} {:<20} {:<20}",
        "puzzle",
        "variant",
        "seed",
        "ours",
        "ratio",
        "our level",
        "seed level (pts)",
        "seed level (text)"
    );
    for r in &rows {
        println!(
            "{:<22} {:<14} {:>7.1} {:>7.1} {:>6.2}  {:<20} {:<20} {:<20}{}",
            format!("{}…{}", &r.puzzle[..10], &r.puzzle[71..]),
            r.variant.to_string(),
            r.seed,
            r.ours,
            r.ours / r.seed,
            r.level.name(),
            SeedLevel::from_points(r.seed).name(),
            r.stated.map_or("", SeedLevel::name),
            if r.logic_only { "" } else { "  T&E" },
        );
    }

    let rho = |keep: &dyn Fn(&Row) -> bool| {
        let (s, o): (Vec<f64>, Vec<f64>) = rows
            .iter()
            .filter(|r| keep(r))
            .map(|r| (r.seed, r.ours))
            .unzip();
        (s.len(), spearman(&s, &o))
    };
    let (n_all, rho_all) = rho(&|_| true);
    let (n_std, rho_std) = rho(&|r| r.variant == Variant::Standard);
    let (n_diag, rho_diag) = rho(&|r| r.variant == Variant::Diagonal);
    let same_level = rows
        .iter()
        .filter(|r| r.level == SeedLevel::from_points(r.seed))
        .count();
    let stated: Vec<&Row> = rows.iter().filter(|r| r.stated.is_some()).collect();
    let stated_ok = stated.iter().filter(|r| r.stated == Some(r.level)).count();
    println!();
    println!("rows without seed points: {no_points}; not unique in their variant: {not_unique}");
    println!(
        "Spearman rho(seed, ours): overall n={n_all} {rho_all:.3}; standard n={n_std} {rho_std:.3}; diagonal n={n_diag} {rho_diag:.3}"
    );
    println!(
        "same text level as the seed's points: {same_level}/{n_all}; as the stated level: {stated_ok}/{}",
        stated.len()
    );

    let mut worst: Vec<&Row> = rows.iter().collect();
    worst.sort_by(|a, b| {
        (b.ours / b.seed)
            .ln()
            .abs()
            .total_cmp(&(a.ours / a.seed).ln().abs())
    });
    println!("largest disagreements (ratio ours/seed):");
    for r in worst.iter().take(10) {
        println!(
            "  {} {:<14} seed {:>6.1} ours {:>6.1} ({:.2})\n    {}",
            r.puzzle,
            r.variant.to_string(),
            r.seed,
            r.ours,
            r.ours / r.seed,
            r.techniques
        );
    }

    assert!(n_all >= 40, "only {n_all} rated seed examples");
    assert!(
        rho_all > 0.3,
        "rank correlation with the seed's points too low: {rho_all:.3}"
    );
}
