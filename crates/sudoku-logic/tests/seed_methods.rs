//! The seed's example for each of its methods: every row of
//! `seed_examples.tsv` whose text names a method (a diagonal pincer, a
//! unique rectangle type 2, a 6-loop, an X-Wing as "2*2-Einzelzahl-Gitter",
//! a contradiction chain, …) is solved with that method.
//!
//! "Solved with" means: our path (default options) uses the method, or —
//! where our table takes a cheaper or different step first, as the seed's
//! order differs from ours — the method finds something at some position of
//! our path. Which of the two holds is frozen per row, so a change that
//! drops a method from a path it used fails here by name.

mod common;

use common::data_dir;
use sudoku_core::{Grid, Variant};
use sudoku_logic::{Candidates, FindMode, Options, Technique, solve_logically};

/// How a row's method shows.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Seen {
    /// A step of our path uses it.
    InPath,
    /// It fires at a position of our path, which takes something else.
    Fires,
}

use Seen::{Fires, InPath};
use Technique as T;

/// Line of `seed_examples.tsv` (1-based, header = 1), the seed's words, the
/// techniques that are that method in our catalogue (any one will do) and
/// how it shows.
const ROWS: &[(usize, &str, &[Technique], Seen)] = &[
    (11, "2 Widerspruchs-Ketten", &[T::NiceLoop], InPath),
    (14, "Diagonal-Zange Typ 1", &[T::DiagonalPincer1], InPath),
    (15, "Diagonal-Zange Typ 2", &[T::DiagonalPincer2], InPath),
    (
        16,
        "Zahl x nur in einer Zeile in beiden Diagonalen",
        &[T::DiagonalCenterTest],
        InPath,
    ),
    (
        17,
        "Zahl x zweimal in Diagonale y",
        &[T::DiagonalPairTest],
        InPath,
    ),
    (
        18,
        "Einzelzahl-Widerspruchs-Kette Typ 1 (Länge 3)",
        &[T::DigitContradictionChain],
        Fires,
    ),
    (
        19,
        "Einzelzahl-Widerspruchs-Kette Typ 2XO (Länge 3)",
        &[T::DigitContradictionChain],
        InPath,
    ),
    (
        20,
        "Einzelzahl-Widerspruchs-Kette Typ 1 (Länge 5)",
        &[T::DigitContradictionChain],
        Fires,
    ),
    (
        21,
        "Einzelzahl-Widerspruchs-Kette Typ 2OOXO (Länge 5)",
        &[T::DigitContradictionChain],
        Fires,
    ),
    (
        22,
        "viele Einzelzahl-Widerspruchs-Ketten",
        &[T::DigitContradictionChain],
        InPath,
    ),
    (
        23,
        "Einzelzahl-Widerspruchs-Kette Typ 1",
        &[T::DigitContradictionChain],
        Fires,
    ),
    (
        23,
        "Einzelzahl-Kette (Länge 4)",
        &[T::XChain, T::TurbotFish, T::Skyscraper, T::TwoStringKite],
        InPath,
    ),
    (
        24,
        "Einzelzahl-Widerspruchs-Kette Typ 1",
        &[T::DigitContradictionChain],
        Fires,
    ),
    (
        24,
        "Einzelzahl-Kette (Länge 4)",
        &[T::XChain, T::TurbotFish, T::Skyscraper, T::TwoStringKite],
        InPath,
    ),
    (
        25,
        "Ausschluss-Rechteck Typ 2",
        &[T::UniqueRectangle2],
        Fires,
    ),
    (26, "6er-Ausschluss-Schleife Typ 1", &[T::UniqueLoop], Fires),
    (
        34,
        "1 Diagonalen-Test",
        &[
            T::DiagonalCenterTest,
            T::DiagonalPincer1,
            T::DiagonalPincer2,
            T::DiagonalPairTest,
        ],
        InPath,
    ),
    (
        35,
        "4 N-Tupel",
        &[
            T::NakedPair,
            T::NakedTriple,
            T::NakedQuad,
            T::HiddenPair,
            T::HiddenTriple,
            T::HiddenQuad,
        ],
        InPath,
    ),
    (36, "7 Goldene Ketten", &[T::XyChain, T::RemotePair], InPath),
    (37, "3 (W)XYZ-Wings", &[T::XyzWing, T::WxyzWing], Fires),
    (
        38,
        "2 Ausschluss-Ketten",
        &[
            T::UniqueRectangle1,
            T::UniqueRectangle2,
            T::UniqueRectangle4,
            T::UniqueRectangle4A,
            T::UniqueRectangle4C,
            T::UniqueRectangle7B,
            T::UniqueLoop,
        ],
        Fires,
    ),
    (
        39,
        "9 Einzelzahl-Ketten",
        &[
            T::XChain,
            T::XLoop,
            T::Skyscraper,
            T::TwoStringKite,
            T::TurbotFish,
            T::EmptyRectangle,
        ],
        InPath,
    ),
    (40, "5 Goldene Ketten", &[T::XyChain, T::RemotePair], InPath),
    (
        67,
        "Setzende Alternativ-Kette",
        &[T::NiceLoop, T::GroupedNiceLoop],
        InPath,
    ),
    (
        68,
        "Reduzierende Alternativ-Kette",
        &[T::NiceLoop, T::GroupedNiceLoop],
        InPath,
    ),
    (
        69,
        "beide Typen von Alternativ-Ketten",
        &[T::NiceLoop, T::GroupedNiceLoop],
        Fires,
    ),
    (
        70,
        "Einfache Widerspruchs-Kette",
        &[T::NiceLoop, T::GroupedNiceLoop],
        InPath,
    ),
    (
        71,
        "Geschlossene Folgerungs-Kette",
        &[T::NiceLoop, T::GroupedNiceLoop],
        InPath,
    ),
    (
        72,
        "Einfache Widerspruchs-Kette",
        &[T::NiceLoop, T::GroupedNiceLoop],
        InPath,
    ),
    (
        73,
        "Geschlossene Folgerungs-Kette",
        &[T::NiceLoop, T::GroupedNiceLoop],
        InPath,
    ),
    (
        74,
        "alle Ketten-Typen",
        &[T::NiceLoop, T::GroupedNiceLoop],
        InPath,
    ),
    (102, "XYZ-Wing", &[T::XyzWing], InPath),
    (103, "2*2-Einzelzahl-Gitter", &[T::XWing], InPath),
    (104, "3*3-Einzelzahl-Gitter", &[T::Swordfish], InPath),
    (105, "4*4-Einzelzahl-Gitter", &[T::Jellyfish], InPath),
    (
        106,
        "2 Einfache bzw. Erweiterte Widerspruchs-Ketten",
        &[T::NiceLoop, T::GroupedNiceLoop],
        InPath,
    ),
    (
        107,
        "13 wirkende Widerspruchs-Ketten",
        &[T::NiceLoop, T::GroupedNiceLoop],
        Fires,
    ),
];

/// The puzzle and variant of line `line` of the seed's examples.
fn example(text: &str, line: usize) -> (Grid, Variant) {
    let row = text
        .lines()
        .nth(line - 1)
        .unwrap_or_else(|| panic!("line {line} missing"));
    let mut cols = row.split('\t');
    let puzzle: Grid = cols
        .next()
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("line {line}: no puzzle"));
    let variant: Variant = cols
        .next()
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("line {line}: no variant"));
    (puzzle, variant)
}

/// How `methods` show on the path of `puzzle`, if at all.
fn seen(puzzle: &Grid, variant: Variant, methods: &[Technique]) -> Option<Seen> {
    let options = Options {
        unique: true,
        ..Options::default()
    };
    let trace = solve_logically(puzzle, variant, &options).expect("solves");
    if trace.steps.iter().any(|s| methods.contains(&s.technique)) {
        return Some(InPath);
    }
    let mut pos = Candidates::new(puzzle, variant).expect("no clash");
    pos.assume_unique(true);
    for step in &trace.steps {
        if pos.is_written() {
            for &m in methods {
                let mut out = Vec::new();
                m.info().find(&pos, &mut out, FindMode::First);
                if !out.is_empty() {
                    return Some(Fires);
                }
            }
        }
        pos.apply(step).expect("applies");
    }
    None
}

#[test]
fn every_named_method_solves_its_example() {
    let text = std::fs::read_to_string(data_dir().join("seed_examples.tsv")).expect("data set");
    let mut wrong = Vec::new();
    for &(line, words, methods, expected) in ROWS {
        let (puzzle, variant) = example(&text, line);
        assert_eq!(
            sudoku_solve::count(&puzzle, variant, Some(2)),
            1,
            "line {line}"
        );
        let got = seen(&puzzle, variant, methods);
        println!("line {line:>3} {words:<50} {got:?}");
        if got != Some(expected) {
            wrong.push(format!(
                "line {line} ({words}): expected {expected:?}, got {got:?}"
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_six_loop_example_has_a_six_cell_loop() {
    let text = std::fs::read_to_string(data_dir().join("seed_examples.tsv")).expect("data set");
    let (puzzle, variant) = example(&text, 26);
    let trace = solve_logically(&puzzle, variant, &Options::default()).expect("solves");
    let mut pos = Candidates::new(&puzzle, variant).expect("no clash");
    pos.assume_unique(true);
    let mut lengths = Vec::new();
    for step in &trace.steps {
        if pos.is_written() {
            let mut out = Vec::new();
            T::UniqueLoop.info().find(&pos, &mut out, FindMode::All);
            for s in &out {
                if let sudoku_logic::Detail::UniqueLoop(sudoku_logic::UniqueLoop {
                    cells, ..
                }) = &s.detail
                {
                    lengths.push(cells.len());
                }
            }
        }
        pos.apply(step).expect("applies");
    }
    assert!(lengths.contains(&6), "{lengths:?}");
}
