//! Graded hints over more than 4,000 real positions: level 1 always names
//! where to look (one to three houses, never "the whole grid") and never
//! gives the answer away (no digit and no cell outside the technique's name
//! and the houses it names), level 2 shows the pattern but none of the
//! effects, level 3 is the whole step.

use std::path::PathBuf;
use sudoku_core::{Grid, Variant, house_name};
use sudoku_explain::{Lang, Shape, graded, technique_name};
use sudoku_logic::{Candidates, Options, Orientation, solve_logically};

fn data(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Puzzles of every level: HoDoKu's level sets (easy to extreme), the hardest
/// of top1465, and the seed's diagonal examples.
fn puzzles() -> Vec<(Grid, Variant)> {
    let mut out = Vec::new();
    let hodoku = data("hodoku-levels.txt");
    let mut per_level = 0;
    for line in hodoku.lines() {
        let word = line.split_whitespace().next().unwrap_or("");
        if word.len() != 81 {
            per_level = 0;
            continue;
        }
        if per_level < 30
            && let Ok(g) = word.parse()
        {
            out.push((g, Variant::Standard));
            per_level += 1;
        }
    }
    for line in data("top1465.txt").lines().take(20) {
        if let Some(Ok(g)) = line.split_whitespace().next().map(str::parse) {
            out.push((g, Variant::Standard));
        }
    }
    for line in data("seed_examples.tsv").lines().skip(1) {
        let mut f = line.split('\t');
        let (Some(p), Some("diagonal")) = (f.next(), f.next()) else {
            continue;
        };
        if let Ok(g) = p.parse() {
            out.push((g, Variant::Diagonal));
        }
        if out.len() > 190 {
            break;
        }
    }
    out
}

#[test]
fn level_one_never_gives_the_answer_away_and_level_two_shows_no_effect() {
    let mut positions = 0;
    for (grid, variant) in puzzles() {
        let options = Options {
            orientation: Orientation::AsGiven,
            ..Options::default()
        };
        let trace = solve_logically(&grid, variant, &options).expect("valid puzzle");
        let mut pos = Candidates::new(&grid, variant).expect("valid");
        for step in &trace.steps {
            if step.placements.is_empty() && step.eliminations.is_empty() {
                continue;
            }
            for lang in [Lang::En, Lang::De] {
                let g = graded(step, &pos, lang);
                let [l1, l2, l3] = &g.levels;
                if std::env::var_os("GRADED_SHOW").is_some() && lang == Lang::En {
                    eprintln!(
                        "{}\n  {}\n  {}",
                        l1.text,
                        l2.text,
                        l3.text.lines().next().unwrap_or("")
                    );
                }
                assert_eq!(g.name, technique_name(step.technique, lang));
                // Level 1: strip the technique's name and the named houses;
                // nothing numeric may remain.
                let mut rest = l1.text.replace(g.name, "");
                for &h in &l1.houses {
                    rest = rest.replace(&house_name(h, lang), "");
                }
                assert!(
                    !rest.chars().any(|c| c.is_ascii_digit()),
                    "level 1 gives a digit away: {:?} ({:?})",
                    l1.text,
                    step.technique
                );
                assert!(l1.shapes.is_empty() && l1.cells.is_empty());
                assert!(
                    (1..=3).contains(&l1.houses.len())
                        && !l1.text.contains("whole grid")
                        && !l1.text.contains("ganze Gitter"),
                    "level 1 names no region: {:?} ({:?})",
                    l1.text,
                    step.technique
                );
                assert!(l1.placements.is_empty() && l1.eliminations.is_empty());
                // Level 2: no effect drawn, none listed.
                assert!(l2.placements.is_empty() && l2.eliminations.is_empty());
                for s in &l2.shapes {
                    assert!(
                        !matches!(
                            s,
                            Shape::Mark {
                                role: sudoku_explain::MarkRole::Eliminated
                                    | sudoku_explain::MarkRole::Placed,
                                ..
                            } | Shape::Cell {
                                role: sudoku_explain::CellRole::Target,
                                ..
                            }
                        ),
                        "level 2 draws an effect: {s:?}"
                    );
                }
                assert!(l2.text.starts_with(g.name), "{}", l2.text);
                // Level 3: the whole step.
                assert_eq!(l3.placements.len(), step.placements.len());
                assert_eq!(l3.eliminations.len(), step.eliminations.len());
                for e in &step.eliminations {
                    assert!(l3.text.contains(&e.cell.to_string()), "{}", l3.text);
                }
            }
            positions += 1;
            let _ = pos.apply(step);
        }
    }
    eprintln!("{positions} positions, both languages");
    assert!(positions >= 4000, "only {positions} positions");
}
