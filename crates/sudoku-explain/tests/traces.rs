//! Every step of the traces of real hard puzzles (the first 50 of top1465)
//! renders in both languages through a dedicated renderer, never the fallback.

use std::path::PathBuf;
use sudoku_core::{Grid, Variant};
use sudoku_explain::{Lang, covers, explain_trace, technique_name};
use sudoku_logic::{Options, solve_logically};

fn top1465() -> Vec<Grid> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/top1465.txt");
    let text = std::fs::read_to_string(&path).expect("top1465.txt next to the repository");
    text.lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter_map(|p| p.parse().ok())
        .take(50)
        .collect()
}

#[test]
fn top1465_traces_render_without_fallback_in_both_languages() {
    let puzzles = top1465();
    assert_eq!(puzzles.len(), 50);
    let mut steps = 0;
    for grid in &puzzles {
        let trace = solve_logically(
            grid,
            Variant::Standard,
            &Options {
                orientation: sudoku_logic::Orientation::AsGiven,
                ..Options::default()
            },
        )
        .expect("valid");
        assert!(trace.is_solved());
        for step in &trace.steps {
            assert!(covers(step), "{:?} falls back", step.detail);
        }
        for lang in [Lang::En, Lang::De] {
            let texts = explain_trace(&trace, lang);
            assert_eq!(texts.len(), trace.steps.len());
            for (step, text) in trace.steps.iter().zip(&texts) {
                assert!(
                    text.starts_with(technique_name(step.technique, lang)),
                    "{text}"
                );
                assert!(text.ends_with('.'), "{text}");
                // Every placed and eliminated cell is named.
                for p in &step.placements {
                    assert!(text.contains(&p.cell.to_string()), "{text}");
                }
                for e in &step.eliminations {
                    assert!(text.contains(&e.cell.to_string()), "{text}");
                }
            }
        }
        steps += trace.steps.len();
    }
    assert!(steps > 1000, "{steps} steps");
}
