//! Grammar of the rendered steps: every step of the paths of real puzzles
//! (top1465 and the seed's diagonal examples, with the uniqueness premise so
//! the rectangles appear) is rendered in both languages and checked against
//! known bad forms — a single cell followed by a plural verb ("r8c7 sehen
//! beide", "r1c2 see both") — and, in German, against the forms the seed's
//! words replace ("Nacktes Paar" for its 2-Tupel, "fast verbundene Menge" for
//! ALS, "Angel" for Knickstelle).

use std::path::PathBuf;
use sudoku_core::{Grid, Variant};
use sudoku_explain::{Lang, explain_trace};
use sudoku_logic::{ColoringKind, Detail, Options, solve_logically};

fn data(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data")
        .join(name);
    std::fs::read_to_string(&path).expect("shared data next to the repository")
}

fn puzzles() -> Vec<(Grid, Variant)> {
    let mut out: Vec<(Grid, Variant)> = data("top1465.txt")
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter_map(|p| p.parse().ok())
        .step_by(7)
        .take(120)
        .map(|g| (g, Variant::Standard))
        .collect();
    for line in data("seed_examples.tsv").lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        if f.get(1) == Some(&"diagonal")
            && let Ok(g) = f[0].parse::<Grid>()
            && sudoku_solve::count(&g, Variant::Diagonal, Some(2)) == 1
        {
            out.push((g, Variant::Diagonal));
        }
    }
    out
}

/// German forms the seed's words replace (the glossary's list,
/// `src/glossary.rs`): no rendered step may use them.
const DRIFTED_GERMAN: &[&str] = &[
    "Eindeutigkeits-Rechteck",
    "Nacktes Paar",
    "Nacktes Tripel",
    "fast verbundene",
    "Angel ",
];

/// Whether `word` (without trailing punctuation) names one cell, `r3c5`.
fn is_cell(word: &str) -> bool {
    let w = word.trim_end_matches([',', '.', ';', ':']);
    let b = w.as_bytes();
    b.len() == 4 && b[0] == b'r' && b[2] == b'c' && b[1].is_ascii_digit() && b[3].is_ascii_digit()
}

/// The known bad forms in `text`: a lone cell (not the end of a list)
/// followed by a plural verb.
fn bad_forms(text: &str) -> Vec<String> {
    const PLURAL: [&str; 6] = ["sehen", "see", "können", "enthalten", "hold", "sind"];
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut bad = Vec::new();
    for i in 1..words.len() {
        if !PLURAL.contains(&words[i]) || !is_cell(words[i - 1]) || words[i - 1].ends_with(',') {
            continue;
        }
        let listed = i >= 2
            && (words[i - 2].ends_with(',')
                || matches!(words[i - 2], "and" | "und" | "or" | "oder"));
        if !listed {
            bad.push(format!("{} {}", words[i - 1], words[i]));
        }
    }
    bad
}

#[test]
fn the_bad_form_check_catches_what_it_should() {
    assert_eq!(bad_forms("r8c7 sehen beide"), ["r8c7 sehen"]);
    assert_eq!(bad_forms("So r1c2 see both."), ["r1c2 see"]);
    assert!(bad_forms("r1c2, r8c7 sehen beide").is_empty());
    assert!(bad_forms("r1c2 and r8c7 see both").is_empty());
    assert!(bad_forms("r8c7 sieht beide").is_empty());
}

#[test]
fn rendered_steps_agree_in_number_in_both_languages() {
    let mut steps = 0;
    let mut wraps = 0;
    for (grid, variant) in puzzles() {
        let options = Options {
            unique: true,
            ..Options::default()
        };
        let trace = solve_logically(&grid, variant, &options).expect("valid");
        for lang in [Lang::En, Lang::De] {
            for (step, text) in trace.steps.iter().zip(explain_trace(&trace, lang)) {
                let bad = bad_forms(&text);
                assert!(bad.is_empty(), "{bad:?} in: {text}");
                if lang == Lang::De {
                    for drift in DRIFTED_GERMAN {
                        assert!(!text.contains(drift), "{drift:?} in: {text}");
                    }
                }
                // A colour wrap names the two cells that see each other.
                if let Detail::Coloring(sudoku_logic::Coloring {
                    kind: ColoringKind::Wrap { clash: [x, y], .. },
                    ..
                }) = step.detail
                {
                    assert!(
                        text.contains(&format!("{x}")) && text.contains(&format!("{y}")),
                        "{text}"
                    );
                    wraps += 1;
                }
                steps += 1;
            }
        }
    }
    assert!(steps > 10_000, "only {steps} steps rendered");
    eprintln!("{steps} texts, {wraps} colour wraps");
}
