//! Unit tests of the renderers: exact texts for real steps of every family in
//! both languages (taken from the traces of real puzzles), and the coverage of
//! the technique table.

use super::*;
use sudoku_core::{Cell, CellSet, Digit, DigitSet, Grid, House, HouseSet, Variant};
use sudoku_logic::{Detail, Family, Options, Placement, SubsetView, TABLE, solve_logically};

/// The solver's default options walking the grid as given (the tests pin
/// texts of one particular path).
fn as_given() -> Options {
    Options {
        orientation: sudoku_logic::Orientation::AsGiven,
        ..Options::default()
    }
}

/// The first step of `technique` in the trace of `puzzle`, with the position it
/// was found in.
fn first(puzzle: &str, technique: Technique) -> (Step, Candidates) {
    let grid: Grid = puzzle.parse().expect("test puzzle");
    let trace = solve_logically(&grid, Variant::Standard, &as_given()).expect("solves");
    let mut pos = Candidates::new(&grid, Variant::Standard).expect("no clash");
    for step in trace.steps {
        if step.technique == technique {
            return (step, pos);
        }
        pos.apply(&step).expect("applies");
    }
    // A technique earlier in the table pre-empts it in this trace.
    found_along(puzzle, technique)
}

/// The first hit of `technique`'s own finder along the trace of `puzzle`,
/// with the position it was found in: for techniques that a technique earlier
/// in the table now pre-empts in this trace.
fn found_along(puzzle: &str, technique: Technique) -> (Step, Candidates) {
    found_along_where(puzzle, technique, |_| true)
}

/// The first hit of `technique`'s own finder along the trace of `puzzle` that
/// satisfies `want`, with the position it was found in.
fn found_along_where(
    puzzle: &str,
    technique: Technique,
    want: impl Fn(&Step) -> bool,
) -> (Step, Candidates) {
    found_along_in(puzzle, technique, false, want)
}

/// [`found_along_where`], the puzzle solved with the uniqueness premise when
/// `unique` (so that the uniqueness techniques may run).
pub(crate) fn found_along_in(
    puzzle: &str,
    technique: Technique,
    unique: bool,
    want: impl Fn(&Step) -> bool,
) -> (Step, Candidates) {
    let grid: Grid = puzzle.parse().expect("test puzzle");
    let options = Options {
        unique,
        ..as_given()
    };
    let trace = solve_logically(&grid, Variant::Standard, &options).expect("solves");
    let mut pos = Candidates::new(&grid, Variant::Standard).expect("no clash");
    pos.assume_unique(unique);
    for step in trace.steps {
        if pos.is_written() {
            let mut hits = Vec::new();
            technique
                .info()
                .find(&pos, &mut hits, sudoku_logic::FindMode::All);
            if let Some(hit) = hits.into_iter().find(|h| want(h)) {
                return (hit, pos);
            }
        }
        pos.apply(&step).expect("applies");
    }
    panic!("no {technique} along the trace of {puzzle}");
}

/// Asserts the English and German texts of the first `technique` step.
fn texts(puzzle: &str, technique: Technique, en: &str, de: &str) {
    let (step, pos) = first(puzzle, technique);
    assert!(covers(&step), "{technique} falls back");
    assert_eq!(render_at(&step, &pos, Lang::En), en);
    assert_eq!(render_at(&step, &pos, Lang::De), de);
}

const P1: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
const P2: &str =
    "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........";

#[test]
fn singles() {
    texts(
        P1,
        Technique::HiddenSingle,
        "Hidden single: 7 has only one place left in box 7, r9c3: the 7s in r6c2 and r7c7 rule out the other cells.",
        "Versteckter Single: Die 7 hat in Box 7 nur noch einen Platz, r9c3: die Siebenen in r6c2 und r7c7 schließen die übrigen Zellen aus.",
    );
    texts(
        P1,
        Technique::NakedSingle,
        "Naked single: 6 is the only candidate left in r3c8.",
        "Nackter Single: In r3c8 ist nur noch der Kandidat 6 übrig.",
    );
    texts(
        P1,
        Technique::FullHouse,
        "Full house: r8c2 is the last empty cell in box 7, so it takes the missing 1.",
        "Letzte fehlende Zahl: r8c2 ist die letzte leere Zelle in Box 7, also fehlt dort nur noch die 1.",
    );
}

#[test]
fn a_direct_naked_single_names_the_placed_digits_by_house() {
    // r3c5 sees 1 and 2 in row 3, 3 and 4 in column 5, 5, 6, 8 and 9 in box 2.
    let grid: Grid =
        "...5.6......8.9...12....................3..........................4............."
            .parse()
            .unwrap();
    let pos = Candidates::new(&grid, Variant::Standard).unwrap();
    let mut step = Step::new(Technique::NakedSingle, 3.0);
    step.placements.push(Placement {
        cell: Cell::at(2, 4).unwrap(),
        digit: Digit::new(7).unwrap(),
    });
    step.detail = Detail::Single(sudoku_logic::Single {
        house: None,
        on_candidates: false,
    });
    assert_eq!(
        render_at(&step, &pos, Lang::En),
        "Naked single: every digit but 7 is already placed in a house of r3c5 (1 and 2 in row 3; 3 and 4 in column 5; 5, 6, 8 and 9 in box 2), so r3c5 can only hold 7."
    );
    assert_eq!(
        render_at(&step, &pos, Lang::De),
        "Nackter Single: Alle Zahlen außer der 7 stehen schon in einer Gruppe von r3c5 (1 und 2 in Zeile 3; 3 und 4 in Spalte 5; 5, 6, 8 und 9 in Box 2), also kann dort nur die 7 stehen."
    );
}

#[test]
fn direct_naked_single_and_diagonal_houses() {
    let mut step = Step::new(Technique::NakedSingle, 3.0);
    let cell = Cell::at(2, 4).unwrap();
    let digit = Digit::new(7).unwrap();
    step.placements.push(Placement { cell, digit });
    step.detail = Detail::Single(sudoku_logic::Single {
        house: None,
        on_candidates: false,
    });
    texts_of(
        &step,
        "Naked single: every digit but 7 is already placed in a house of r3c5, so r3c5 can only hold 7.",
        "Nackter Single: Alle Zahlen außer der 7 stehen schon in einer Gruppe von r3c5, also kann dort nur die 7 stehen.",
    );
    step.technique = Technique::HiddenSingle;
    step.detail = Detail::Single(sudoku_logic::Single {
        house: Some(House::ANTI_DIAGONAL),
        on_candidates: false,
    });
    texts_of(
        &step,
        "Hidden single: 7 has only one place left in the anti-diagonal, r3c5.",
        "Versteckter Single: Die 7 hat in der Nebendiagonale nur noch einen Platz, r3c5.",
    );
}

/// Asserts the texts of the first step of `technique` in the trace of
/// `puzzle` as `variant` (direct steps need the variant's own puzzles).
fn direct_texts(puzzle: &str, variant: Variant, technique: Technique, en: &str, de: &str) {
    let grid: Grid = puzzle.parse().expect("test puzzle");
    let trace = solve_logically(&grid, variant, &as_given()).expect("solves");
    let step = trace
        .steps
        .iter()
        .find(|s| s.technique == technique)
        .unwrap_or_else(|| panic!("no {technique} in {puzzle}"));
    assert!(covers(step));
    assert_eq!(render(step, Lang::En), en);
    assert_eq!(render(step, Lang::De), de);
}

#[test]
fn direct_methods() {
    direct_texts(
        "..3.....2..2.....1..7..2.36..6..3.2...1.4......5....6..3......4.74.8...962.4.7...",
        Variant::Standard,
        Technique::DirectHiddenPair,
        "Direct hidden pair (D3): Because 2 and 6 can only go to r7c7 and r8c7 in column 7 (an obvious pair), 7 has only one place left in box 9, r7c8.",
        "Offensichtliches 2-Tupel (D3): Weil 2 und 6 in Spalte 7 nur in r7c7 und r8c7 stehen können (offensichtliches 2-Tupel), hat die 7 in Box 9 nur noch einen Platz, r7c8.",
    );
    direct_texts(
        "..3.6...2.62.3...1..7..2.367.68.3.252816453973.527..68.3..2.674.743862.962.4.7..3",
        Variant::Standard,
        Technique::DirectPointing,
        "Direct pointing (C2): Because the 8 in box 9 lies in row 9 (r9c7 or r9c8), 8 has only one place left in column 3, r7c3.",
        "Offensichtlicher Zeilen-/Spalten-Test (C2): Weil die 8 in Box 9 in Zeile 9 liegt (r9c7 oder r9c8), hat die 8 in Spalte 3 nur noch einen Platz, r7c3.",
    );
    direct_texts(
        "........6.....6..1.6.5.2.34...6.43953.5...64.4.6.3517.63825741957.46.82324....567",
        Variant::Standard,
        Technique::DirectPointing,
        "Direct pointing (C0): Because the 1 in box 7 lies in column 3 (r8c3 or r9c3) and the 9 in box 7 lies in column 3 (r8c3 or r9c3), r3c3 can only hold 7.",
        "Offensichtlicher Zeilen-/Spalten-Test (C0): Weil die 1 in Box 7 in Spalte 3 liegt (r8c3 oder r9c3) und die 9 in Box 7 in Spalte 3 liegt (r8c3 oder r9c3), kann in r3c3 nur die 7 stehen.",
    );
    direct_texts(
        "....................7..9.457368.......1.6..........614.9...5.....31.......2...5..",
        Variant::Diagonal,
        Technique::DirectClaiming,
        "Direct claiming (C2): Because the 5 in the main diagonal lies in box 1 (r1c1 or r2c2), 5 has only one place left in column 3, r6c3.",
        "Offensichtlicher Box-Test (C2): Weil die 5 in der Hauptdiagonale in Box 1 liegt (r1c1 oder r2c2), hat die 5 in Spalte 3 nur noch einen Platz, r6c3.",
    );
}

#[test]
fn writing_candidates() {
    texts(
        P1,
        Technique::WriteCandidates,
        "Writing candidates: no digit can be placed without candidates any more, so all 249 candidates are written into the 60 empty cells.",
        "Kandidaten anschreiben: Ohne Kandidaten lässt sich keine Zahl mehr setzen, also werden alle 249 Kandidaten in die 60 leeren Zellen geschrieben.",
    );
}

#[test]
fn intersections() {
    texts(
        P1,
        Technique::Pointing,
        "Pointing: in box 7 the 2s all lie in column 2 (r8c2, r9c2), so 2 can be removed from r1c2, r2c2, r3c2, r4c2.",
        "Zeilen-/Spalten-Test: In Box 7 liegen alle Kandidaten 2 in Spalte 2 (r8c2, r9c2), also kann die 2 aus r1c2, r2c2, r3c2, r4c2 gestrichen werden.",
    );
    texts(
        P1,
        Technique::Claiming,
        "Claiming: in row 1 the 7s all lie in box 3 (r1c8, r1c9), so 7 can be removed from r2c8, r3c8.",
        "Box-Test: In Zeile 1 liegen alle Kandidaten 7 in Box 3 (r1c8, r1c9), also kann die 7 aus r2c8, r3c8 gestrichen werden.",
    );
}

#[test]
fn subsets() {
    texts(
        P1,
        Technique::NakedPair,
        "Naked pair: in row 9, r9c2, r9c7 hold only 1 and 2; these digits must go there, so these candidates can be removed: 1 from r9c8; 2 from r9c8, r9c9.",
        "2-Tupel (Doppel): In Zeile 9 enthalten r9c2, r9c7 nur die Kandidaten 1 und 2; diese Zahlen müssen dort stehen, also können diese Kandidaten gestrichen werden: 1 aus r9c8; 2 aus r9c8, r9c9.",
    );
    texts(
        P1,
        Technique::HiddenPair,
        "Hidden pair: in column 3, 5 and 9 fit only into r5c3, r6c3; these cells must take them, so these candidates can be removed: 1 from r5c3, r6c3; 2 from r5c3; 4 from r5c3, r6c3; 6 from r6c3.",
        "Verstecktes 2-Tupel: In Spalte 3 passen 5 und 9 nur in r5c3, r6c3; diese Zellen müssen sie aufnehmen, also können diese Kandidaten gestrichen werden: 1 aus r5c3, r6c3; 2 aus r5c3; 4 aus r5c3, r6c3; 6 aus r6c3.",
    );
}

#[test]
fn fish() {
    texts(
        "008900000026000010300080200902000000000000000480000097000460003090007042000300600",
        Technique::XWing,
        "X-Wing: in rows 3 and 9 the 7s lie only in columns 2 and 8 (r3c2, r3c8, r9c2, r9c8). Columns 2 and 8 therefore get their 7s from these cells, so 7 can be removed from r1c2, r1c8, r4c2, r5c2, r7c2, r7c8.",
        "X-Wing (2×2-Einzelzahl-Gitter): In den Zeilen 3 und 9 liegen die Kandidaten 7 nur in den Spalten 2 und 8 (r3c2, r3c8, r9c2, r9c8). Damit bekommen die Spalten 2 und 8 ihre 7 aus diesen Zellen, also kann die 7 aus r1c2, r1c8, r4c2, r5c2, r7c2, r7c8 gestrichen werden.",
    );
}

#[test]
fn single_digit_chains() {
    texts(
        P1,
        Technique::Skyscraper,
        "Skyscraper on 4: (4)r5c4 = (4)r3c4 - (4)r3c7 = (4)r6c7. If r5c4 is not 4, the chain forces 4 into r6c7; so one end holds 4, and 4 can be removed from every cell that sees both ends: r5c9, r6c6.",
        "Skyscraper (Einzelzahl-Kette) mit der 4: (4)r5c4 = (4)r3c4 - (4)r3c7 = (4)r6c7. Ist r5c4 nicht die 4, zwingt die Kette die 4 nach r6c7; eines der beiden Enden enthält also die 4, und sie kann aus allen Zellen gestrichen werden, die beide Enden sehen: r5c9, r6c6.",
    );
    texts(
        "000370950380000000009000001000036040050000000004007568870010090001000200000065000",
        Technique::EmptyRectangle,
        "Empty rectangle on 2: in box 2 the 2s lie only in row 2 and column 6. A 2 in r5c6 would remove it from r5c8, so the strong link (2)r5c8 = (2)r2c8 in column 8 would put 2 into r2c8; together they would leave box 2 without a 2. So 2 can be removed from r5c6.",
        "Empty Rectangle (leeres Rechteck) mit der 2: In Box 2 liegen die Kandidaten 2 nur in Zeile 2 und Spalte 6. Eine 2 in r5c6 würde sie aus r5c8 entfernen; dann setzt die starke Verbindung (2)r5c8 = (2)r2c8 in Spalte 8 die 2 nach r2c8, und zusammen bliebe in Box 2 kein Platz für die 2. Also kann die 2 aus r5c6 gestrichen werden.",
    );
    texts(
        P1,
        Technique::DigitContradictionChain,
        "Single-digit contradiction chain (type 2XO) on 1, 3 cells: assume 1 in r1c2. Along (1)r1c2 - (1)r8c2 = (1)r8c7 it is then set in r1c2, r8c7, which leaves no place for 1 in row 9. So 1 can be removed from r1c2.",
        "Einzelzahl-Widerspruchs-Kette (Typ 2XO) mit der 1, 3 Zellen: Angenommen, in r1c2 steht die 1. Entlang (1)r1c2 - (1)r8c2 = (1)r8c7 steht sie dann in r1c2, r8c7, und das lässt in Zeile 9 keinen Platz für die 1. Also kann die 1 aus r1c2 gestrichen werden.",
    );
}

#[test]
fn wings() {
    texts(
        ".......71.2.8........5.3...7.9.6.......2..8..1.........3...25..6...1..4..........",
        Technique::XyWing,
        "XY-Wing: the hinge r4c6 holds 5 and 8; the wings r5c5, r8c6 each pair one of them with 9. Whichever digit r4c6 takes, one wing becomes 9, so 9 can be removed from every cell that sees both wings: r6c6, r7c5.",
        "XY-Wing: Die Knickstelle r4c6 enthält 5 und 8, die Flügel r5c5, r8c6 je eine davon zusammen mit der 9. Welche Zahl r4c6 auch bekommt, ein Flügel wird zur 9; also kann die 9 aus allen Zellen gestrichen werden, die beide Flügel sehen: r6c6, r7c5.",
    );
    texts(
        P2,
        Technique::WWing,
        "W-Wing: r4c3 and r9c2 both hold only 5 and 7. In row 6 the 5 has just two places, r6c3 (seeing r4c3) and r6c2 (seeing r9c2). If neither end were 7, both would be 5 and leave no place for the 5 of row 6; so one of them is 7, and 7 can be removed from every cell that sees both: r6c2, r7c3, r9c3.",
        "W-Wing: r4c3 und r9c2 enthalten beide nur 5 und 7. In Zeile 6 hat die 5 nur zwei Plätze, r6c3 (sieht r4c3) und r6c2 (sieht r9c2). Wäre keine der beiden Zellen die 7, wären beide die 5, und in Zeile 6 bliebe kein Platz für die 5; also ist eine von ihnen die 7, und die 7 kann aus allen Zellen gestrichen werden, die beide sehen: r6c2, r7c3, r9c3.",
    );
}

#[test]
fn xy_chains() {
    texts(
        "000370950380000000009000001000036040050000000004007568870010090001000200000065000",
        Technique::XyChain,
        "XY-chain of 6 cells: (9)r5c6 = (1)r5c6 - (1)r5c7 = (3)r5c7 - (3)r3c7 = (8)r3c7 - (8)r3c8 = (3)r3c8 - (3)r8c8 = (8)r8c8 - (8)r8c5 = (9)r8c5. If r5c6 is not 9, the chain forces 9 into r8c5, so 9 can be removed from every cell that sees both ends: r6c5, r8c6.",
        "Goldene Kette aus 6 Zellen: (9)r5c6 = (1)r5c6 - (1)r5c7 = (3)r5c7 - (3)r3c7 = (8)r3c7 - (8)r3c8 = (3)r3c8 - (3)r8c8 = (8)r8c8 - (8)r8c5 = (9)r8c5. Ist r5c6 nicht die 9, zwingt die Kette die 9 nach r8c5; also kann die 9 aus allen Zellen gestrichen werden, die beide Enden sehen: r6c5, r8c6.",
    );
}

#[test]
fn trial_and_error_names_the_contradiction() {
    texts(
        P1,
        Technique::TrialAndError,
        "Trial and error: assume 6 in r8c2. Propagating singles, locked candidates and pairs breaks the position (cost 1): r9c2 would have to hold both 1 and 2. Step by step: If r8c2 is 6, then r8c2 is not 1 (same cell), r8c2 is not 2 (same cell), r9c2 is 1 (hidden single in box 7), r9c2 is not 2 (same cell), so r9c2 is 2 (hidden single in box 7) — a contradiction: r9c2 would be 2 and not 2 at once. So 6 can be removed from r8c2.",
        "Trial&Error: Angenommen, in r8c2 steht die 6. Weiterrechnen mit Singles, Überschneidungen und 2-Tupeln führt zum Widerspruch (Aufwand 1): r9c2 müsste zugleich die 1 und die 2 enthalten. Schritt für Schritt: Wenn r8c2 die 6 ist, folgt der Reihe nach: r8c2 ist nicht die 1 (gleiche Zelle), r8c2 ist nicht die 2 (gleiche Zelle), r9c2 ist die 1 (einziger Platz in Box 7), r9c2 ist nicht die 2 (gleiche Zelle) und r9c2 ist die 2 (einziger Platz in Box 7) — ein Widerspruch: r9c2 wäre zugleich die 2 und nicht die 2. Also kann die 6 aus r8c2 gestrichen werden.",
    );
    // Without the position the step's own tree still walks the refutation.
    let (mut step, _) = first(P1, Technique::TrialAndError);
    assert_eq!(
        render(&step, Lang::En),
        "Trial and error: assume 6 in r8c2. Propagating singles, locked candidates and pairs breaks the position (cost 1). Step by step: If r8c2 is 6, then r8c2 is not 1 (same cell), r8c2 is not 2 (same cell), r9c2 is 1 (hidden single in box 7), r9c2 is not 2 (same cell), so r9c2 is 2 (hidden single in box 7) — a contradiction: r9c2 would be 2 and not 2 at once. So 6 can be removed from r8c2."
    );
    // And without either, the assumption is still named.
    if let sudoku_logic::Detail::Trial(sudoku_logic::TrialAndError { ref mut tree, .. }) =
        step.detail
    {
        *tree = None;
    }
    assert_eq!(
        render(&step, Lang::En),
        "Trial and error: assume 6 in r8c2. Propagating singles, locked candidates and pairs breaks the position (cost 1). So 6 can be removed from r8c2."
    );
}

/// A step of `technique` with the detail its family renders, for the coverage
/// test (real steps of the rarest techniques do not occur in small test sets).
fn synthetic(technique: Technique) -> Step {
    let c = |i| Cell::new(i).unwrap();
    let d = |v| Digit::new(v).unwrap();
    let mut step = Step::new(technique, 1.0);
    step.eliminations.push(sudoku_logic::Elimination {
        cell: c(80),
        digit: d(5),
    });
    let link = |a, b, kind| sudoku_logic::Link {
        from: (c(a), d(5)),
        to: (c(b), d(5)),
        kind,
    };
    step.links = vec![
        link(0, 1, sudoku_logic::LinkKind::Strong),
        link(1, 10, sudoku_logic::LinkKind::Weak),
        link(10, 11, sudoku_logic::LinkKind::Strong),
    ];
    // The base and the cover of every synthetic fish.
    let rows: HouseSet = [House::row(0), House::row(1)].into_iter().collect();
    let columns: HouseSet = [House::column(0), House::column(1)].into_iter().collect();
    let info = technique.info();
    step.detail = match info.family {
        Family::Single => {
            step.placements.push(Placement {
                cell: c(0),
                digit: d(1),
            });
            Detail::Single(sudoku_logic::Single {
                house: Some(House::row(0)),
                on_candidates: true,
            })
        }
        Family::Bookkeeping => Detail::WriteCandidates(sudoku_logic::WriteCandidates { count: 9 }),
        Family::Intersection => Detail::Intersection(sudoku_logic::Intersection {
            base: House::boxx(0),
            cover: House::row(0),
            digit: d(5),
        }),
        Family::Subset if matches!(technique, Technique::LockedPair | Technique::LockedTriple) => {
            Detail::LockedSubset(sudoku_logic::LockedSubset {
                line: House::row(0),
                region: House::boxx(0),
                cells: [c(0), c(1)].into_iter().collect(),
                digits: [d(1), d(2)].into_iter().collect(),
            })
        }
        Family::Subset => Detail::Subset(sudoku_logic::Subset {
            house: House::row(0),
            view: if technique.name().starts_with("naked") {
                SubsetView::Naked
            } else {
                SubsetView::Hidden
            },
            naked_cells: CellSet::single(c(0)),
            naked_digits: DigitSet::single(d(1)),
            hidden_cells: CellSet::single(c(1)),
            hidden_digits: DigitSet::single(d(2)),
        }),
        Family::Fish if technique == Technique::KrakenFish => {
            let node = |cell, on, cause, parents: Vec<usize>| sudoku_logic::ImplicationNode {
                literal: sudoku_logic::Literal {
                    cell: c(cell),
                    digit: d(5),
                    on,
                },
                cause,
                parents,
            };
            Detail::KrakenFish(sudoku_logic::KrakenFish {
                digit: d(5),
                base: rows,
                cover: columns,
                fins: CellSet::single(c(2)),
                target: c(80),
                removed: d(5),
                cover_house: None,
                chains: vec![sudoku_logic::Branch {
                    nodes: vec![
                        node(2, true, sudoku_logic::Cause::Assumption, vec![]),
                        node(
                            80,
                            false,
                            sudoku_logic::Cause::SameHouse(House::MAIN_DIAGONAL),
                            vec![0],
                        ),
                    ],
                    conclusion: vec![1],
                }],
            })
        }
        Family::Fish
            if matches!(
                step.technique.name().split('-').next(),
                Some("finned" | "sashimi")
            ) =>
        {
            Detail::FinnedFish(sudoku_logic::FinnedFish {
                digit: d(5),
                base: rows,
                cover: columns,
                fins: CellSet::single(c(2)),
                sashimi: step.technique.name().starts_with("sashimi"),
            })
        }
        Family::Coloring if technique == Technique::ThreeDMedusa => {
            let mut colors = [[CellSet::EMPTY; 9]; 2];
            colors[0][0] = CellSet::single(c(0));
            colors[1][1] = CellSet::single(c(0));
            colors[1][4] = CellSet::single(c(1));
            Detail::Medusa(sudoku_logic::Medusa {
                colors,
                rule: sudoku_logic::MedusaRule::SeesBothColors,
            })
        }
        Family::Coloring => Detail::Coloring(sudoku_logic::Coloring {
            digit: d(5),
            kind: sudoku_logic::ColoringKind::Trap,
            colors: [CellSet::single(c(0)), CellSet::single(c(1))],
            other: None,
        }),
        Family::Fish => Detail::Fish(sudoku_logic::Fish {
            digit: d(5),
            base: rows,
            cover: columns,
        }),
        Family::Wing if technique == Technique::WWing => Detail::WWing(sudoku_logic::WWing {
            ends: [c(0), c(11)],
            link: [c(1), c(10)],
            house: House::column(1),
            link_digit: d(4),
            digit: d(5),
        }),
        Family::Wing => Detail::Wing(sudoku_logic::Wing {
            hinge: Some(c(0)),
            wings: CellSet::single(c(1)),
            digit: d(5),
        }),
        Family::XyChain => Detail::XyChain(sudoku_logic::XyChain {
            length: 4,
            closed: false,
        }),
        Family::SingleDigit => match technique {
            Technique::EmptyRectangle => Detail::EmptyRectangle(sudoku_logic::EmptyRectangle {
                digit: d(5),
                region: House::boxx(0),
                row: House::row(0),
                column: House::column(0),
            }),
            Technique::DualTwoStringKite => Detail::Dual(sudoku_logic::Dual {
                digit: d(5),
                region: House::boxx(0),
                parts: vec![
                    synthetic(Technique::TwoStringKite),
                    synthetic(Technique::TwoStringKite),
                ],
            }),
            Technique::DualEmptyRectangle => Detail::Dual(sudoku_logic::Dual {
                digit: d(5),
                region: House::boxx(0),
                parts: vec![
                    synthetic(Technique::EmptyRectangle),
                    synthetic(Technique::EmptyRectangle),
                ],
            }),
            Technique::TemplateSet | Technique::TemplateDelete => {
                Detail::Template(sudoku_logic::Template {
                    digit: d(5),
                    templates: 3,
                })
            }
            Technique::DigitContradictionChain => {
                Detail::DigitContradiction(sudoku_logic::DigitContradiction {
                    digit: d(5),
                    length: 3,
                    all_strong: false,
                    house: House::row(2),
                    twice: false,
                })
            }
            _ => Detail::SingleDigitChain(sudoku_logic::SingleDigitChain {
                digit: d(5),
                length: 4,
                closed: technique == Technique::XLoop,
            }),
        },
        Family::Trial => Detail::Trial(sudoku_logic::TrialAndError {
            cell: c(80),
            digit: d(5),
            depth: 2,
            cost: 3,
            tree: None,
        }),
        Family::Direct => {
            step.placements.push(Placement {
                cell: c(0),
                digit: d(1),
            });
            Detail::Direct(sudoku_logic::Direct {
                kind: sudoku_logic::DirectKind::HiddenSingle,
                house: Some(House::row(0)),
                reasons: vec![sudoku_logic::DirectReason::Locked {
                    digit: d(1),
                    base: House::boxx(1),
                    cover: House::row(1),
                    cells: [c(12), c(13)].into_iter().collect(),
                }],
            })
        }
        Family::Chain => Detail::NiceLoop(sudoku_logic::NiceLoop {
            nodes: [(0, 5), (1, 5), (10, 5), (11, 5)]
                .map(|(i, v)| sudoku_logic::ChainNode {
                    cells: CellSet::single(c(i)),
                    digit: d(v),
                })
                .to_vec(),
            kind: sudoku_logic::NiceLoopKind::Chain,
        }),
        Family::Uniqueness if technique == Technique::BugPlusOne => {
            step.placements.push(Placement {
                cell: c(0),
                digit: d(1),
            });
            Detail::Bug(sudoku_logic::Bug {
                cell: c(0),
                digit: d(1),
            })
        }
        Family::Uniqueness => Detail::UniqueRectangle(sudoku_logic::UniqueRectangle {
            kind: match technique {
                Technique::UniqueRectangle1 => sudoku_logic::RectangleKind::Type1,
                Technique::UniqueRectangle2 => sudoku_logic::RectangleKind::Type2,
                Technique::UniqueRectangle3 => sudoku_logic::RectangleKind::Type3,
                Technique::UniqueRectangle4 => sudoku_logic::RectangleKind::Type4,
                Technique::UniqueRectangle5 => sudoku_logic::RectangleKind::Type5,
                Technique::UniqueRectangle6 => sudoku_logic::RectangleKind::Type6,
                Technique::HiddenRectangle => sudoku_logic::RectangleKind::Hidden,
                Technique::AvoidableRectangle1 => sudoku_logic::RectangleKind::Avoidable1,
                _ => sudoku_logic::RectangleKind::Avoidable2,
            },
            corners: [c(0), c(4), c(9), c(13)],
            pair: DigitSet::single(d(1)) | DigitSet::single(d(2)),
            roof: CellSet::single(c(13)),
            extra: DigitSet::single(d(5)),
            link_digit: Some(d(1)),
            house: Some(House::row(1)),
            subset: CellSet::single(c(16)),
            restored: Vec::new(),
        }),
        Family::Als => {
            let set = |cells: &[usize], ds: &[u8]| sudoku_logic::AlsSet {
                house: House::row(0),
                cells: cells.iter().map(|&i| c(i)).collect(),
                digits: ds.iter().map(|&v| d(v)).collect(),
            };
            match technique {
                Technique::SueDeCoq => Detail::SueDeCoq(sudoku_logic::SueDeCoq {
                    line: House::row(0),
                    region: House::boxx(0),
                    cells: [c(0), c(1)].into_iter().collect(),
                    digits: [d(1), d(2), d(3), d(4)].into_iter().collect(),
                    line_cells: CellSet::single(c(5)),
                    line_digits: [d(1), d(2)].into_iter().collect(),
                    region_cells: CellSet::single(c(9)),
                    region_digits: [d(3), d(4)].into_iter().collect(),
                }),
                Technique::DeathBlossom => Detail::DeathBlossom(sudoku_logic::DeathBlossom {
                    stem: c(0),
                    petals: vec![(d(1), set(&[1], &[1, 5])), (d(2), set(&[2], &[2, 5]))],
                    z: d(5),
                }),
                Technique::AlsXz => Detail::AlsChain(sudoku_logic::AlsChain {
                    sets: vec![set(&[1], &[1, 5]), set(&[2], &[1, 5])],
                    rccs: vec![d(1)],
                    z: DigitSet::single(d(5)),
                    doubly: false,
                }),
                Technique::AlsXyWing => Detail::AlsChain(sudoku_logic::AlsChain {
                    sets: vec![set(&[1], &[1, 5]), set(&[2], &[1, 2]), set(&[3], &[2, 5])],
                    rccs: vec![d(1), d(2)],
                    z: DigitSet::single(d(5)),
                    doubly: false,
                }),
                _ => Detail::AlsChain(sudoku_logic::AlsChain {
                    sets: vec![
                        set(&[1], &[1, 5]),
                        set(&[2], &[1, 2]),
                        set(&[3], &[2, 3]),
                        set(&[4], &[3, 5]),
                    ],
                    rccs: vec![d(1), d(2), d(3)],
                    z: DigitSet::single(d(5)),
                    doubly: false,
                }),
            }
        }
        Family::Forcing => {
            use sudoku_logic::{Branch, Cause, Forcing, ForcingKind, ImplicationNode, Literal};
            let lit = |cell, digit, on| Literal {
                cell: c(cell),
                digit: d(digit),
                on,
            };
            let node = |literal, cause, parents: Vec<usize>| ImplicationNode {
                literal,
                cause,
                parents,
            };
            Detail::Forcing(Box::new(Forcing {
                kind: ForcingKind::Contradiction,
                dynamic: false,
                level: 0,
                branches: vec![Branch {
                    nodes: vec![
                        node(lit(0, 1, true), Cause::Assumption, vec![]),
                        node(lit(1, 1, false), Cause::SameHouse(House::row(0)), vec![0]),
                        node(lit(1, 1, true), Cause::NakedSingle, vec![0]),
                    ],
                    conclusion: vec![2, 1],
                }],
                conclusion: lit(0, 1, false),
                nested: vec![],
                se_difficulty: None,
            }))
        }
    };
    step
}

#[test]
fn every_technique_of_the_table_has_names_and_a_renderer() {
    for info in TABLE {
        let t = info.technique;
        for lang in [Lang::En, Lang::De] {
            assert!(
                !technique_name(t, lang).is_empty(),
                "{t} has no {lang} name"
            );
            let step = synthetic(t);
            assert!(covers(&step), "{t} falls back");
            let text = render(&step, lang);
            assert!(
                text.starts_with(technique_name(t, lang)),
                "{t} {lang}: {text}"
            );
        }
    }
}

#[test]
fn the_fallback_names_the_technique_and_the_effects() {
    let mut step = Step::new(Technique::NakedPair, 2.0);
    step.eliminations.push(sudoku_logic::Elimination {
        cell: Cell::new(1).unwrap(),
        digit: Digit::new(4).unwrap(),
    });
    step.placements.push(Placement {
        cell: Cell::new(20).unwrap(),
        digit: Digit::new(7).unwrap(),
    });
    assert!(!covers(&step));
    texts_of(
        &step,
        "Naked pair: places 7 in r3c3; removes 4 from r1c2.",
        "2-Tupel (Doppel): setzt die 7 in r3c3; streicht die 4 aus r1c2.",
    );
}

#[test]
fn languages_parse() {
    assert_eq!("de".parse::<Lang>(), Ok(Lang::De));
    assert_eq!(Lang::En.to_string(), "en");
    assert!("fr".parse::<Lang>().is_err());
}

/// Asserts the English and German texts of `step` (rendered without a position).
fn texts_of(step: &Step, en: &str, de: &str) {
    assert_eq!(render(step, Lang::En), en);
    assert_eq!(render(step, Lang::De), de);
}

/// Asserts both texts of `step` found in `pos`.
fn both(step: &Step, pos: &Candidates, en: &str, de: &str) {
    assert!(covers(step));
    assert_eq!(render_at(step, pos, Lang::En), en);
    assert_eq!(render_at(step, pos, Lang::De), de);
}

/// The position of `grid` (placed digits) in `variant` with candidates
/// written and the eliminations `elims` (`r1c2-47 r9c9-1`) applied.
fn position_with(grid: &str, variant: Variant, elims: &str) -> Candidates {
    let grid: Grid = grid.parse().expect("test grid");
    let mut pos = Candidates::new(&grid, variant).expect("no clash");
    pos.write_candidates();
    for item in elims.split_whitespace() {
        let b = item.as_bytes();
        let cell = Cell::at((b[1] - b'1') as usize, (b[3] - b'1') as usize).expect("cell");
        for &ch in &b[5..] {
            let d = Digit::new(ch - b'0').expect("digit");
            pos.eliminate(cell, d).expect("candidate");
        }
    }
    pos
}

/// The first hit of `technique` in `pos`.
fn hit(pos: &Candidates, technique: Technique) -> Step {
    let mut out = Vec::new();
    technique
        .info()
        .find(pos, &mut out, sudoku_logic::FindMode::First);
    out.into_iter()
        .next()
        .unwrap_or_else(|| panic!("no {technique}"))
}

#[test]
fn franken_mutant_and_kraken_fish() {
    // A Franken X-Wing with a box as cover (top1465, some steps in).
    let pos = position_with(
        "4...3.......6..8..........1....5..9..8....6...7.2........1927..5.3....4.9.7.4....",
        Variant::Standard,
        "",
    );
    let step = hit(&pos, Technique::FrankenXWing);
    both(
        &step,
        &pos,
        "Franken X-Wing: in rows 8 and 9 the 1s lie only in column 2 and box 9 (r8c2, r8c7, r9c2, r9c7, r9c8). Each of rows 8 and 9 holds 1 once, and they share no candidate; column 2 and box 9 therefore get their 1s from these cells, so 1 can be removed from r1c2, r2c2, r4c2.",
        "Franken-X-Wing (Franken-Fisch): In den Zeilen 8 und 9 liegen die Kandidaten 1 nur in Spalte 2 und Box 9 (r8c2, r8c7, r9c2, r9c7, r9c8). Jede dieser Gruppen enthält die 1 genau einmal, ohne gemeinsame Kandidaten, daher bekommen Spalte 2 und Box 9 ihre 1 aus diesen Zellen, also kann die 1 aus r1c2, r2c2, r4c2 gestrichen werden.",
    );
    // On the two diagonals of a diagonal Sudoku (the seed's examples): the
    // German names the diagonals with their article in the right case.
    let pos = position_with(
        ".6.....8.9.....2.....37......4.....8...1.6...5.....9......21...........7.3.....4.",
        Variant::Diagonal,
        "r1c1-27 r2c8-6 r2c9-6 r3c3-2 r3c8-6 r4c4-2 r6c6-2 r7c3-6 r7c8-6 r7c9-6 r8c2-2 \
         r8c7-36 r8c8-3 r9c1-2 r9c7-6",
    );
    let step = hit(&pos, Technique::FinnedFrankenXWing);
    both(
        &step,
        &pos,
        "Finned Franken X-Wing: in row 2 and box 5 the 7s lie only in column 3 and the main diagonal (r2c2, r2c3, r4c4, r6c6), except for the fins r2c8, r4c6, r6c4. If no fin holds 7, column 3 and the main diagonal get their 7s from these cells; if a fin holds it, every cell seeing that fin loses 7. The cells of column 3 and the main diagonal outside row 2 and box 5 that see every fin lose 7 either way, so 7 can be removed from r7c3.",
        "Franken-X-Wing mit Flosse: In Zeile 2 und Box 5 liegen die Kandidaten 7 nur in Spalte 3 und der Hauptdiagonale (r2c2, r2c3, r4c4, r6c6), bis auf die Flossen r2c8, r4c6, r6c4. Steht die 7 in keiner Flosse, bekommen Spalte 3 und die Hauptdiagonale ihre 7 aus diesen Zellen; steht sie in einer Flosse, verliert jede Zelle, die diese Flosse sieht, die 7. Die Zellen von Spalte 3 und der Hauptdiagonale außerhalb von Zeile 2 und Box 5, die jede Flosse sehen, verlieren die 7 also in jedem Fall, also kann die 7 aus r7c3 gestrichen werden.",
    );
    let step = hit(&pos, Technique::FinnedMutantJellyfish);
    both(
        &step,
        &pos,
        "Finned Mutant Jellyfish: in row 1, row 2, column 1 and box 5 the 7s lie only in column 3, column 7, box 4 and the main diagonal (r1c3, r1c7, r2c2, r2c3, r4c1, r4c4, r5c1, r6c6), except for the fins r2c8, r4c6, r6c4, r7c1, r9c1. If no fin holds 7, column 3, column 7, box 4 and the main diagonal get their 7s from these cells; if a fin holds it, every cell seeing that fin loses 7. The cells of column 3, column 7, box 4 and the main diagonal outside row 1, row 2, column 1 and box 5 that see every fin lose 7 either way, so 7 can be removed from r7c3.",
        "Mutanten-Jellyfish mit Flosse: In Zeile 1, Zeile 2, Spalte 1 und Box 5 liegen die Kandidaten 7 nur in Spalte 3, Spalte 7, Box 4 und der Hauptdiagonale (r1c3, r1c7, r2c2, r2c3, r4c1, r4c4, r5c1, r6c6), bis auf die Flossen r2c8, r4c6, r6c4, r7c1, r9c1. Steht die 7 in keiner Flosse, bekommen Spalte 3, Spalte 7, Box 4 und die Hauptdiagonale ihre 7 aus diesen Zellen; steht sie in einer Flosse, verliert jede Zelle, die diese Flosse sieht, die 7. Die Zellen von Spalte 3, Spalte 7, Box 4 und der Hauptdiagonale außerhalb von Zeile 1, Zeile 2, Spalte 1 und Box 5, die jede Flosse sehen, verlieren die 7 also in jedem Fall, also kann die 7 aus r7c3 gestrichen werden.",
    );
    // A Kraken fish (top1465): the fins' chains.
    let pos = position_with(
        "167.5.4.3.241........4..7.1453.1.6.27.25.......62.........8..5.6...4.2.........1.",
        Variant::Standard,
        "r2c1-5 r2c6-89 r2c7-9 r2c9-6 r3c6-9 r5c6-9 r5c8-89 r5c9-4 r6c6-9 r6c8-89 r6c9-4 \
         r7c2-139 r7c6-36 r7c9-79 r8c2-17 r8c3-89 r8c4-7 r8c6-379 r8c9-9 r9c2-389 r9c5-36 \
         r9c6-36 r9c9-789",
    );
    let step = hit(&pos, Technique::KrakenFish);
    both(
        &step,
        &pos,
        "Kraken fish: in rows 1 and 8 the 8s lie only in column 8 and box 2 (r1c4, r1c6, r1c8, r8c8), except for the fins r8c2, r8c9. If no fin holds 8, column 8 and box 2 get their 8s from these cells and r3c8 loses 8. If one of the fins holds it, a chain removes 8 from r3c8 as well: If r8c2 is 8, then r9c3 is not 8 (same box), r3c3 is 8 (hidden single in column 3), so r3c8 is not 8 (same row). If r8c9 is 8, then r8c9 is not 7 (same cell), r6c9 is 7 (hidden single in column 9), r6c9 is not 5 (same cell), r6c7 is 5 (hidden single in box 6), r2c7 is not 5 (same column), r2c7 is 8 (naked single), so r3c8 is not 8 (same box). Either way, 8 can be removed from r3c8.",
        "Kraken-Fisch: In den Zeilen 1 und 8 liegen die Kandidaten 8 nur in Spalte 8 und Box 2 (r1c4, r1c6, r1c8, r8c8), bis auf die Flossen r8c2, r8c9. Steht die 8 in keiner Flosse, bekommen Spalte 8 und Box 2 ihre 8 aus diesen Zellen, und r3c8 verliert die 8. Steht sie in einer der Flossen, entfernt eine Kette die 8 ebenfalls aus r3c8: Wenn r8c2 die 8 ist, folgt der Reihe nach: r9c3 ist nicht die 8 (gleiche Box), r3c3 ist die 8 (einziger Platz in Spalte 3) und r3c8 ist nicht die 8 (gleiche Zeile). Wenn r8c9 die 8 ist, folgt der Reihe nach: r8c9 ist nicht die 7 (gleiche Zelle), r6c9 ist die 7 (einziger Platz in Spalte 9), r6c9 ist nicht die 5 (gleiche Zelle), r6c7 ist die 5 (einziger Platz in Box 6), r2c7 ist nicht die 5 (gleiche Spalte), r2c7 ist die 8 (letzter Kandidat der Zelle) und r3c8 ist nicht die 8 (gleiche Box). In jedem Fall kann die 8 aus r3c8 gestrichen werden.",
    );
}

#[test]
fn loops_and_big_fish() {
    // Since locked pairs have a row of their own, the trace meets this loop
    // on 3 first.
    let (step, pos) = found_along(
        "1...7956.8....2.............61..79..3..1.........6.4....2.9....6.9...14....8...2.",
        Technique::XLoop,
    );
    both(
        &step,
        &pos,
        "X-loop on 3: (3)r7c2 = (3)r9c2 - (3)r9c7 = (3)r2c7 - (3)r3c8 = (3)r7c8 - (3)r7c2 closes a loop of 6 cells, so every weak link is strong as well: each link has 3 in exactly one of its two cells, and 3 can be removed from every other cell that sees both cells of a link: r7c9.",
        "Geschlossene Einzelzahl-Kette mit der 3: (3)r7c2 = (3)r9c2 - (3)r9c7 = (3)r2c7 - (3)r3c8 = (3)r7c8 - (3)r7c2 schließt sich zu einer Schleife aus 6 Zellen, daher ist jede schwache Verbindung auch stark: jede Verbindung hat die 3 in genau einer ihrer beiden Zellen, und die 3 kann aus allen anderen Zellen gestrichen werden, die beide Zellen einer Verbindung sehen: r7c9.",
    );
    let (step, pos) = found_along_where(
        "8.9...3.....7.1...5.........7.....263...9.......1...4..6.2....4....8.5...........",
        Technique::XyChain,
        |s| {
            matches!(
                s.detail,
                Detail::XyChain(sudoku_logic::XyChain { closed: true, .. })
            )
        },
    );
    both(
        &step,
        &pos,
        "XY-chain, closed loop of 4 cells: (4)r9c1 = (1)r9c1 - (1)r9c9 = (2)r9c9 - (2)r9c7 = (6)r9c7 - (6)r9c6 = (4)r9c6 - (4)r9c1. In the loop every cell takes either its first or its second digit; each link digit therefore sits in exactly one of the two cells it joins, so 6 can be removed from r9c5.",
        "Goldene Kette, geschlossen aus 4 Zellen: (4)r9c1 = (1)r9c1 - (1)r9c9 = (2)r9c9 - (2)r9c7 = (6)r9c7 - (6)r9c6 = (4)r9c6 - (4)r9c1. In der Schleife nimmt jede Zelle entweder ihre erste oder ihre zweite Zahl; jede Verbindungszahl steht damit in genau einer der beiden Zellen, die sie verbindet, also kann die 6 aus r9c5 gestrichen werden.",
    );
    let (step, pos) = found_along(
        ".....3...8..2..67..6.......51...2.4.......3..47.5....87..4..8....2.1....6..3..4.5",
        Technique::Jellyfish,
    );
    both(
        &step,
        &pos,
        "Jellyfish: in columns 1, 2, 8 and 9 the 3s lie only in rows 2, 3, 7 and 8 (r2c2, r2c9, r3c1, r3c8, r3c9, r7c2, r7c8, r7c9, r8c1, r8c8, r8c9). Rows 2, 3, 7 and 8 therefore get their 3s from these cells, so 3 can be removed from r2c3, r3c3, r7c3.",
        "Jellyfish (4×4-Einzelzahl-Gitter): In den Spalten 1, 2, 8 und 9 liegen die Kandidaten 3 nur in den Zeilen 2, 3, 7 und 8 (r2c2, r2c9, r3c1, r3c8, r3c9, r7c2, r7c8, r7c9, r8c1, r8c8, r8c9). Damit bekommen die Zeilen 2, 3, 7 und 8 ihre 3 aus diesen Zellen, also kann die 3 aus r2c3, r3c3, r7c3 gestrichen werden.",
    );
}

#[test]
fn more_wings_subsets_and_chains() {
    texts(
        "....3..715..4.2............2..6..4...38.7..............7..8..1.6..5..2...........",
        Technique::XyzWing,
        "XYZ-Wing: the hinge r2c8 holds 3, 6 and 9; the wings r2c2, r2c9 each hold 9 and one other of them. If r2c8 is not 9, one wing is, so one of the three cells holds 9, and 9 can be removed from every cell that sees all three: r2c7.",
        "XYZ-Wing: Die Knickstelle r2c8 enthält 3, 6 und 9, die Flügel r2c2, r2c9 jeweils die 9 und eine weitere davon. Ist r2c8 nicht die 9, ist es ein Flügel; eine der drei Zellen enthält also die 9, und sie kann aus allen Zellen gestrichen werden, die alle drei sehen: r2c7.",
    );
    texts(
        "008003015054000000006008070005060904000000200090305706000096003000200840000030000",
        Technique::WxyzWing,
        "WXYZ-Wing (extended form, no hinge): r6c3, r7c3, r9c3, r9c9 hold only the digits 1, 2, 7 and 9. Every digit but 7 has places that all see each other, so those digits fill at most 3 of the cells and 7 must go into one of its places among them; 7 can be removed from every cell that sees all of those places: r9c1, r9c2.",
        "WXYZ-Wing (erweiterte Form, ohne Knickstelle): r6c3, r7c3, r9c3, r9c9 enthalten zusammen nur die Kandidaten 1, 2, 7 und 9. Außer der 7 sehen sich bei jeder Zahl alle ihre Plätze gegenseitig, diese Zahlen füllen also höchstens 3 der Zellen, und die 7 muss auf einen ihrer Plätze darin; also kann die 7 aus allen Zellen gestrichen werden, die alle diese Plätze sehen: r9c1, r9c2.",
    );
    texts(
        "000002000054000000030104500000460700000001080085009040001700200000000060006090301",
        Technique::XChain,
        "X-chain on 9: (9)r1c4 = (9)r2c4 - (9)r2c9 = (9)r3c8 - (9)r4c8 = (9)r4c1. If r1c4 is not 9, the chain forces 9 into r4c1; so one end holds 9, and 9 can be removed from every cell that sees both ends: r1c1.",
        "Einzelzahl-Kette mit der 9: (9)r1c4 = (9)r2c4 - (9)r2c9 = (9)r3c8 - (9)r4c8 = (9)r4c1. Ist r1c4 nicht die 9, zwingt die Kette die 9 nach r4c1; eines der beiden Enden enthält also die 9, und sie kann aus allen Zellen gestrichen werden, die beide Enden sehen: r1c1.",
    );
    texts(
        ".2.....74.98.1.............7..3.5..6....2.9..1..............83....6.7......4.....",
        Technique::HiddenTriple,
        "Hidden triple: in box 7, 4, 6 and 7 fit only into r7c1, r7c2, r7c3; these cells must take them, so these candidates can be removed: 1 from r7c2, r7c3; 2 from r7c1; 5 from r7c1, r7c2, r7c3; 9 from r7c1.",
        "Verstecktes 3-Tupel: In Box 7 passen 4, 6 und 7 nur in r7c1, r7c2, r7c3; diese Zellen müssen sie aufnehmen, also können diese Kandidaten gestrichen werden: 1 aus r7c2, r7c3; 2 aus r7c1; 5 aus r7c1, r7c2, r7c3; 9 aus r7c1.",
    );
}

#[test]
fn depth_two_trial_names_the_contradiction() {
    texts(
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
        Technique::TrialAndError,
        "Trial and error (depth 2): assume 7 in r8c3. Inside that position, further candidates are refuted by depth-1 trials, a sweep over all of them at a time, until the position breaks (cost 41): 4 has no place left in column 5. So 7 can be removed from r8c3.",
        "Trial&Error (Tiefe 2): Angenommen, in r8c3 steht die 7. In dieser Stellung werden weitere Kandidaten durch Versuche der Tiefe 1 widerlegt, in Durchgängen über alle zugleich, bis die Stellung zusammenbricht (Aufwand 41): die 4 hat in Spalte 5 keinen Platz mehr. Also kann die 7 aus r8c3 gestrichen werden.",
    );
}

#[test]
fn nice_loops_plain_and_grouped() {
    let (step, pos) = found_along(
        "16..938....41..2698.96..371...9...3.9..............192293857416418369527576..1983",
        Technique::NiceLoop,
    );
    both(
        &step,
        &pos,
        "Nice loop / AIC of 1 links: (4)r1c8 = (4)r1c9. If (4)r1c8 is false, the chain makes (4)r1c9 true: at least one end is true, and a candidate that rules out both ends is false, so 4 can be removed from r1c4.",
        "Nice Loop / AIC (Kette) aus 1 Verbindungen: (4)r1c8 = (4)r1c9. Ist (4)r1c8 falsch, macht die Kette (4)r1c9 wahr: mindestens ein Ende ist wahr, und ein Kandidat, der beide Enden ausschließt, ist falsch, also kann die 4 aus r1c4 gestrichen werden.",
    );
    let (step, pos) = found_along(
        "...79..43.4723619......572618...2..947.....5.........1.24....8.7.85.39....98.....",
        Technique::GroupedNiceLoop,
    );
    both(
        &step,
        &pos,
        "Grouped nice loop / AIC of 3 links: (1)r1c3 = (1)r3c3 - (1)r3c45 = (1)r1c6. A group node such as (1)r3c45 is true when 1 is in one of its cells. If (1)r1c3 is false, the chain makes (1)r1c6 true: at least one end is true, and a candidate that rules out both ends is false, so 1 can be removed from r1c2.",
        "Gruppierter Nice Loop / AIC (Kette mit Gruppenknoten) aus 3 Verbindungen: (1)r1c3 = (1)r3c3 - (1)r3c45 = (1)r1c6. Ein Gruppenknoten wie (1)r3c45 ist wahr, wenn die 1 in einer seiner Zellen steht. Ist (1)r1c3 falsch, macht die Kette (1)r1c6 wahr: mindestens ein Ende ist wahr, und ein Kandidat, der beide Enden ausschließt, ist falsch, also kann die 1 aus r1c2 gestrichen werden.",
    );
}

const ALS_XZ: &str =
    "008003015054000000006008070005060904000000200090305706000096003000200840000030000";
const ALS_CHAIN: &str =
    "000002000054000000030104500000460700000001080085009040001700200000000060006090301";
const SUE_DE_COQ: &str =
    "000370950380000000009000001000036040050000000004007568870010090001000200000065000";
const DEATH_BLOSSOM: &str =
    "706004000000005600500002004410000000007100905060070000000300500000000012008000043";

#[test]
fn almost_locked_sets() {
    texts(
        SUE_DE_COQ,
        Technique::SueDeCoq,
        "Sue de Coq: r7c7, r9c7 in the intersection of column 7 and box 9 hold 1, 3, 4, 6, 7 and 8. With r2c7 in column 7 (4 and 6) and r8c8, r9c8, r9c9 in box 9 (1, 3, 7 and 8, no digit in common with the cells of column 7), these 6 cells hold exactly 6 digits, and each digit at most once (its places are all in one of the two houses), so each exactly once. Hence 4 and 6 leave the rest of column 7 and 1, 3, 7 and 8 leave the rest of box 9; so these candidates can be removed: 3 from r8c9; 7 from r8c9.",
        "Sue de Coq: r7c7, r9c7 in der Überschneidung von Spalte 7 und Box 9 enthalten 1, 3, 4, 6, 7 und 8. Mit r2c7 in Spalte 7 (4 und 6) und r8c8, r9c8, r9c9 in Box 9 (1, 3, 7 und 8, keine Zahl gemeinsam mit den Zellen in Spalte 7) enthalten diese 6 Zellen genau 6 Zahlen, jede höchstens einmal (ihre Plätze liegen alle in einer der beiden Gruppen), also jede genau einmal. Damit fehlen 4 und 6 im Rest von Spalte 7 und 1, 3, 7 und 8 im Rest von Box 9; also können diese Kandidaten gestrichen werden: 3 aus r8c9; 7 aus r8c9.",
    );
    texts(
        ALS_XZ,
        Technique::AlsXz,
        "ALS-XZ (doubly linked): the almost locked sets (ALS) A = {r1c2} in row 1 (2 and 7) and B = {r1c1, r2c1, r3c1, r3c2} in box 1 (1, 2, 3, 7 and 9) share two restricted common candidates, 2 and 7: every place of each in A sees every place of it in B. Each RCC lies in at most one of the sets, and each set needs one of them (its cells need all but one of its digits), so A and B are locked sets with one RCC each: every other digit of a set lies in it, and each RCC lies in A or B; so 9 can be removed from r8c1, r9c1.",
        "ALS-XZ (doppelt verbunden): Die ALS (Almost Locked Sets) A = {r1c2} in Zeile 1 (2 und 7) und B = {r1c1, r2c1, r3c1, r3c2} in Box 1 (1, 2, 3, 7 und 9) haben zwei eingeschränkte gemeinsame Kandidaten (RCC), 2 und 7: Jeder Platz der Zahl in A sieht jeden ihrer Plätze in B. Jeder RCC liegt in höchstens einer der Mengen, und jede Menge braucht einen davon (ihre Zellen brauchen alle Zahlen bis auf eine), also sind A und B verbundene Mengen mit je einem RCC: Jede andere Zahl einer Menge liegt in ihr, und jeder RCC liegt in A oder B; also kann die 9 aus r8c1, r9c1 gestrichen werden.",
    );
    texts(
        ALS_XZ,
        Technique::AlsXyWing,
        "ALS-XY-Wing: the pivot C = {r1c1, r1c2, r1c5} in row 1 (2, 4, 7 and 9) is linked to A = {r3c1, r3c2} in row 3 (1, 3 and 9) by the restricted common candidate 9 and to B = {r1c7, r2c7} in column 7 (3, 4 and 6) by 4. If A lacked a digit it shares with B, it would be locked and hold 9; then C would lose 9 and hold 4, so B would lose 4 and hold that digit. Hence 3 lies in A or B, so 3 can be removed from r2c1, r3c7.",
        "ALS-XY-Wing: Die Knickstelle C = {r1c1, r1c2, r1c5} in Zeile 1 (2, 4, 7 und 9) ist mit A = {r3c1, r3c2} in Zeile 3 (1, 3 und 9) durch den eingeschränkten gemeinsamen Kandidaten (RCC) 9 verbunden und mit B = {r1c7, r2c7} in Spalte 7 (3, 4 und 6) durch die 4. Fehlte A eine Zahl, die es mit B teilt, wäre A eine verbundene Menge mit der 9; dann verlöre C die 9 und enthielte die 4, also verlöre B die 4 und enthielte jene Zahl. Damit liegt die 3 in A oder B, also kann die 3 aus r2c1, r3c7 gestrichen werden.",
    );
    texts(
        ALS_CHAIN,
        Technique::AlsXyChain,
        "ALS-XY-chain of 4 almost locked sets (ALS) linked by restricted common candidates: A1 = {r2c4} in row 2 (6 and 9) –6– A2 = {r1c4} in row 1 (6 and 9) –9– A3 = {r2c4} in row 2 (6 and 9) –6– A4 = {r2c9, r3c8} in box 3 (2, 6 and 9). If A1 lacked a digit it shares with A4, it would be locked and hold its RCC to A2; each next set would lose the RCC before it and hold the one after it, and A4 would hold that digit. Hence 9 lies in A1 or A4, so 9 can be removed from r2c7, r2c8.",
        "ALS-XY-Kette aus 4 ALS (Almost Locked Sets), verbunden durch eingeschränkte gemeinsame Kandidaten (RCC): A1 = {r2c4} in Zeile 2 (6 und 9) –6– A2 = {r1c4} in Zeile 1 (6 und 9) –9– A3 = {r2c4} in Zeile 2 (6 und 9) –6– A4 = {r2c9, r3c8} in Box 3 (2, 6 und 9). Fehlte A1 eine Zahl, die es mit A4 teilt, wäre A1 eine verbundene Menge mit dem RCC zu A2; jede weitere Menge verlöre den RCC davor und enthielte den danach, und A4 enthielte jene Zahl. Damit liegt die 9 in A1 oder A4, also kann die 9 aus r2c7, r2c8 gestrichen werden.",
    );
    texts(
        DEATH_BLOSSOM,
        Technique::DeathBlossom,
        "Death blossom: the stem r1c2 holds 2, 3, 8 and 9. For each of them a petal, an almost locked set (ALS), holds it, with all its places of that digit seeing the stem — A = {r2c2, r3c2, r5c2, r7c2, r8c2, r9c2} in column 2 (2, 3, 4, 5, 7, 8 and 9) for 2; B = {r2c2, r3c2, r5c2, r7c2, r8c2, r9c2} in column 2 (2, 3, 4, 5, 7, 8 and 9) for 3; C = {r2c2, r3c2, r5c2, r7c2, r8c2, r9c2} in column 2 (2, 3, 4, 5, 7, 8 and 9) for 8; D = {r2c2, r3c2, r5c2, r7c2, r8c2, r9c2} in column 2 (2, 3, 4, 5, 7, 8 and 9) for 9. Whatever the stem takes, that digit's petal loses it and becomes a locked set, which holds 5. Hence 5 lies in one of the petals, so 5 can be removed from r8c3.",
        "Death Blossom (Todesblüte): Der Stamm r1c2 enthält 2, 3, 8 und 9. Zu jeder davon gibt es ein Blütenblatt, ein ALS (Almost Locked Set), mit dieser Zahl, dessen Plätze der Zahl alle den Stamm sehen — A = {r2c2, r3c2, r5c2, r7c2, r8c2, r9c2} in Spalte 2 (2, 3, 4, 5, 7, 8 und 9) für die 2; B = {r2c2, r3c2, r5c2, r7c2, r8c2, r9c2} in Spalte 2 (2, 3, 4, 5, 7, 8 und 9) für die 3; C = {r2c2, r3c2, r5c2, r7c2, r8c2, r9c2} in Spalte 2 (2, 3, 4, 5, 7, 8 und 9) für die 8; D = {r2c2, r3c2, r5c2, r7c2, r8c2, r9c2} in Spalte 2 (2, 3, 4, 5, 7, 8 und 9) für die 9. Welche Zahl der Stamm auch bekommt, ihr Blütenblatt verliert sie und wird zur verbundenen Menge, die die 5 enthält. Die 5 liegt also in einem der Blütenblätter, also kann die 5 aus r8c3 gestrichen werden.",
    );
}

#[test]
fn fins_and_colours() {
    let cases: [(&str, Technique); 6] = [
        (
            "......934.5..13.68..9.6..........8...264...1.1...5..73...38.4....1..........453..",
            Technique::FinnedXWing,
        ),
        (
            "87...3.......4..262....7....1...9.5.......9.73..48.1......3.5...38..1..........9.",
            Technique::SashimiXWing,
        ),
        (
            "........6.....928...8..3....3...2..7.41.8...3.9......5....37.6.71.........2.48.5.",
            Technique::SimpleColors,
        ),
        (
            ".5.....2.8...1.4.....9..8.........1762..8......3.742....6.29.......4..8......75..",
            Technique::SimpleColors,
        ),
        (
            "..............78.4.6781.3....97..5...513..........8.6...812674........2..9.......",
            Technique::MultiColors,
        ),
        (
            "1..........9..6..3.8.37.1......14..7..1..86.9..86.9...8...............5...69..431",
            Technique::FinnedSwordfish,
        ),
    ];
    for (p, t) in cases {
        let (step, pos) = first(p, t);
        assert!(covers(&step), "{t} falls back");
        let gone: Vec<String> = step
            .eliminations
            .iter()
            .map(|e| e.cell.to_string())
            .collect();
        let (en, de) = (
            render_at(&step, &pos, Lang::En),
            render_at(&step, &pos, Lang::De),
        );
        let (en_word, de_word) = if matches!(step.detail, Detail::FinnedFish(_)) {
            ("fin", "Flosse")
        } else {
            ("colour", "Farbe")
        };
        for (text, lang, word) in [(&en, Lang::En, en_word), (&de, Lang::De, de_word)] {
            assert!(text.starts_with(technique_name(t, lang)), "{text}");
            assert!(text.contains(word), "{text}");
            assert!(gone.iter().all(|c| text.contains(c.as_str())), "{text}");
        }
    }
}

/// The arrows of `shapes` as (from, to, kind) with single-cell endpoints
/// written `(d)rXcY` (groups as their Eureka name).
fn arrows(shapes: &[Shape]) -> Vec<(String, String, sudoku_logic::LinkKind)> {
    shapes
        .iter()
        .filter_map(|s| match s {
            Shape::Arrow { from, to, kind, .. } => Some((
                sudoku_logic::describe::words::chain_node(from),
                sudoku_logic::describe::words::chain_node(to),
                *kind,
            )),
            _ => None,
        })
        .collect()
}

/// The marks of `shapes` with `role`, as `(d)rXcY`.
fn marks(shapes: &[Shape], want: MarkRole) -> Vec<String> {
    shapes
        .iter()
        .filter_map(|s| match s {
            Shape::Mark { cell, digit, role } if *role == want => Some(format!("({digit}){cell}")),
            _ => None,
        })
        .collect()
}

#[test]
fn a_nice_loop_draws_one_arrow_per_link_with_its_kind() {
    use sudoku_logic::LinkKind::{Strong, Weak};
    let (step, pos) = found_along(
        "...79..43.4723619......572618...2..947.....5.........1.24....8.7.85.39....98.....",
        Technique::GroupedNiceLoop,
    );
    let drawn = shapes_at(&step, &pos);
    let s = |a: &str, b: &str, k| (a.to_string(), b.to_string(), k);
    // (1)r1c3 = (1)r3c3 - (1)r3c45 = (1)r1c6
    assert_eq!(
        arrows(&drawn),
        vec![
            s("(1)r1c3", "(1)r3c3", Strong),
            s("(1)r3c3", "(1)r3c45", Weak),
            s("(1)r3c45", "(1)r1c6", Strong),
        ]
    );
    assert_eq!(marks(&drawn, MarkRole::Off), ["(1)r1c3"]);
    assert_eq!(marks(&drawn, MarkRole::On), ["(1)r3c3", "(1)r1c6"]);
    assert_eq!(marks(&drawn, MarkRole::Eliminated), ["(1)r1c2"]);
    assert!(
        drawn.contains(&Shape::Group {
            cells: [Cell::at(2, 3), Cell::at(2, 4)]
                .into_iter()
                .flatten()
                .collect(),
            digit: Digit::new(1).expect("digit"),
        })
    );
    assert!(drawn.contains(&Shape::Cell {
        cell: Cell::at(0, 1).expect("cell"),
        role: CellRole::Target,
    }));
}

#[test]
fn chains_of_links_alternate_off_and_on() {
    use sudoku_logic::LinkKind::{Strong, Weak};
    let (step, pos) = first(
        "000002000054000000030104500000460700000001080085009040001700200000000060006090301",
        Technique::XChain,
    );
    let drawn = shapes_at(&step, &pos);
    // (9)r1c4 = (9)r2c4 - (9)r2c9 = (9)r3c8 - (9)r4c8 = (9)r4c1
    let kinds: Vec<_> = arrows(&drawn).into_iter().map(|a| a.2).collect();
    assert_eq!(kinds, [Strong, Weak, Strong, Weak, Strong]);
    assert_eq!(
        marks(&drawn, MarkRole::Off),
        ["(9)r1c4", "(9)r2c9", "(9)r4c8"]
    );
    assert_eq!(
        marks(&drawn, MarkRole::On),
        ["(9)r2c4", "(9)r3c8", "(9)r4c1"]
    );
    assert_eq!(marks(&drawn, MarkRole::Eliminated), ["(9)r1c1"]);
}

#[test]
fn every_family_draws_its_effects_and_pattern_marks_sit_on_candidates() {
    let puzzles = [P1, P2, ALS_XZ, ALS_CHAIN, SUE_DE_COQ, DEATH_BLOSSOM];
    for p in puzzles {
        let grid: Grid = p.parse().expect("test puzzle");
        let trace = solve_logically(&grid, Variant::Standard, &as_given()).expect("solves");
        let mut pos = Candidates::new(&grid, Variant::Standard).expect("no clash");
        for step in &trace.steps {
            let drawn = shapes_at(step, &pos);
            for e in &step.eliminations {
                assert!(
                    drawn.contains(&Shape::Mark {
                        cell: e.cell,
                        digit: e.digit,
                        role: MarkRole::Eliminated
                    }),
                    "{}: {drawn:?}",
                    step.technique
                );
            }
            for pl in &step.placements {
                assert!(drawn.contains(&Shape::Mark {
                    cell: pl.cell,
                    digit: pl.digit,
                    role: MarkRole::Placed
                }));
            }
            for s in &drawn {
                if let Shape::Mark {
                    cell,
                    digit,
                    role: MarkRole::Pattern | MarkRole::Alt,
                } = s
                {
                    assert!(pos.candidates(*cell).contains(*digit), "{}", step.technique);
                }
            }
            pos.apply(step).expect("applies");
        }
    }
}

#[test]
fn shapes_serialise_with_cells_named() {
    let (step, pos) = first(
        "000002000054000000030104500000460700000001080085009040001700200000000060006090301",
        Technique::XChain,
    );
    let json = serde_json::to_string(&shapes_at(&step, &pos)).expect("serialises");
    assert!(
        json.contains(r#"{"shape":"mark","cell":"r1c4","digit":9,"role":"off"}"#),
        "{json}"
    );
    assert!(
        json.contains(r#"{"shape":"arrow","from":{"cells":["r1c4"],"digit":9},"to":{"cells":["r2c4"],"digit":9},"kind":"strong"}"#),
        "{json}"
    );
    assert!(
        json.contains(r#"{"shape":"cell","cell":"r1c1","role":"target"}"#),
        "{json}"
    );
}

/// The first hit of `technique` at a position of the walks of every 5th
/// top1465 puzzle (unique premise), with the position.
fn first_found(technique: Technique, limit: usize) -> Option<(Step, Candidates)> {
    let text = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/data/top1465.txt"
    ));
    for line in text.lines().step_by(5).take(limit) {
        let grid: Grid = line.trim().parse().ok()?;
        let options = Options {
            unique: true,
            orientation: sudoku_logic::Orientation::AsGiven,
            ..Options::default()
        };
        let trace = solve_logically(&grid, Variant::Standard, &options).ok()?;
        let mut pos = Candidates::new(&grid, Variant::Standard).ok()?;
        pos.assume_unique(true);
        for step in &trace.steps {
            if pos.is_written() {
                let mut out = Vec::new();
                technique
                    .info()
                    .find(&pos, &mut out, sudoku_logic::FindMode::First);
                if let Some(hit) = out.pop() {
                    return Some((hit, pos));
                }
            }
            pos.apply(step).ok()?;
        }
    }
    None
}

#[test]
fn unique_loops_graves_and_aligned_exclusions_have_their_own_texts() {
    for (technique, en_has, de_has) in [
        (
            Technique::UniqueLoop,
            "could be swapped along the loop",
            "entlang der Schleife vertauschen",
        ),
        (
            Technique::QuasiUniqueLoop,
            "every cell of the other parity class (every second cell along the loop), it is given back for the test (",
            "alle Zellen der anderen Paritätsklasse (jede zweite Zelle entlang der Schleife) die jeweilige Zahl enthalten, wird sie für den Test vorübergehend wieder eingetragen (",
        ),
        (
            Technique::BivalueGrave,
            "a position with no or two solutions",
            "eine Stellung mit keiner oder zwei Lösungen",
        ),
        (
            Technique::AlignedPairExclusion,
            "take every combination of digits the 2 cells",
            "jede Kombination von Zahlen, die die 2 Zellen",
        ),
        (
            Technique::AlignedTripletExclusion,
            "take every combination of digits the 3 cells",
            "jede Kombination von Zahlen, die die 3 Zellen",
        ),
    ] {
        let (step, pos) = first_found(technique, 300).unwrap_or_else(|| panic!("no {technique}"));
        assert!(covers(&step), "{technique} falls back");
        let en = render_at(&step, &pos, Lang::En);
        let de = render_at(&step, &pos, Lang::De);
        assert!(en.contains(en_has), "{en}");
        assert!(de.contains(de_has), "{de}");
        for e in &step.eliminations {
            assert!(en.contains(&e.cell.to_string()), "{en}");
        }
    }
}

/// The first hit of `technique` in `pos`.
fn hit_in(pos: &Candidates, technique: Technique) -> Step {
    let mut hits = Vec::new();
    technique
        .info()
        .find(pos, &mut hits, sudoku_logic::FindMode::All);
    hits.into_iter().next().expect("the technique fires")
}

#[test]
fn locked_subsets_and_templates() {
    let (step, pos) = found_along(P1, Technique::LockedPair);
    both(
        &step,
        &pos,
        "Locked pair: r9c8, r9c9 lie both in row 9 and in box 9 and hold only 6 and 8; these digits must go there and leave the rest of both houses, so these candidates can be removed: 6 from r8c9, r9c6; 8 from r8c9, r9c4, r9c6.",
        "Verbundenes 2-Tupel: r9c8, r9c9 liegen sowohl in Zeile 9 als auch in Box 9 und enthalten nur die Kandidaten 6 und 8; diese Zahlen müssen dort stehen und fehlen im Rest beider Gruppen, also können diese Kandidaten gestrichen werden: 6 aus r8c9, r9c6; 8 aus r8c9, r9c4, r9c6.",
    );
    let (step, pos) = found_along(P1, Technique::LockedTriple);
    both(
        &step,
        &pos,
        "Locked triple: r7c1, r7c2, r7c3 lie both in row 7 and in box 7 and hold only 4, 6 and 8; these digits must go there and leave the rest of both houses, so these candidates can be removed: 6 from r7c8, r7c9, r8c2, r9c2; 8 from r7c8, r7c9.",
        "Verbundenes 3-Tupel: r7c1, r7c2, r7c3 liegen sowohl in Zeile 7 als auch in Box 7 und enthalten nur die Kandidaten 4, 6 und 8; diese Zahlen müssen dort stehen und fehlen im Rest beider Gruppen, also können diese Kandidaten gestrichen werden: 6 aus r7c8, r7c9, r8c2, r9c2; 8 aus r7c8, r7c9.",
    );
    let (step, pos) = found_along(P1, Technique::TemplateDelete);
    both(
        &step,
        &pos,
        "Template delete on 1: there are 33 ways to place 1 once in every house that fit the candidates (templates); none of them uses r1c2, r2c2, r4c2, so 1 can be removed from there.",
        "Schablone (löschen) mit der 1: Es gibt 33 Möglichkeiten (Schablonen), die 1 passend zu den Kandidaten einmal in jede Gruppe zu setzen; keine davon benutzt r1c2, r2c2, r4c2, also kann die 1 dort gestrichen werden.",
    );
    let (step, pos) = found_along(P1, Technique::TemplateSet);
    both(
        &step,
        &pos,
        "Template set on 6: there are 5 ways to place 6 once in every house that fit the candidates (templates); every one of them uses r1c2, r9c9, so 6 goes there.",
        "Schablone (setzen) mit der 6: Es gibt 5 Möglichkeiten (Schablonen), die 6 passend zu den Kandidaten einmal in jede Gruppe zu setzen; jede davon benutzt r1c2, r9c9, also kommt die 6 dorthin.",
    );
}

#[test]
fn dual_patterns_tell_both_parts() {
    let pos = position_with(
        "895476132426931..7371.2.94656971.4..2.4659.711.7.4..6.95238761461..947..74.16..9.",
        Variant::Standard,
        "",
    );
    let step = hit_in(&pos, Technique::DualTwoStringKite);
    both(
        &step,
        &pos,
        "Dual 2-String Kite on 2: two patterns through the 2s in box 9 hold at once, each removing candidates of its own. 1) 2-String Kite on 2: (2)r8c4 = (2)r8c8 - (2)r9c7 = (2)r6c7. If r8c4 is not 2, the chain forces 2 into r6c7; so one end holds 2, and 2 can be removed from every cell that sees both ends: r6c4. 2) 2-String Kite on 2: (2)r9c6 = (2)r9c7 - (2)r8c8 = (2)r4c8. If r9c6 is not 2, the chain forces 2 into r4c8; so one end holds 2, and 2 can be removed from every cell that sees both ends: r4c6.",
        "Doppelter Drachen mit der 2: Zwei Muster über die Kandidaten 2 in Box 9 gelten zugleich, jedes streicht eigene Kandidaten. 1) 2-String-Kite (Einzelzahl-Kette) mit der 2: (2)r8c4 = (2)r8c8 - (2)r9c7 = (2)r6c7. Ist r8c4 nicht die 2, zwingt die Kette die 2 nach r6c7; eines der beiden Enden enthält also die 2, und sie kann aus allen Zellen gestrichen werden, die beide Enden sehen: r6c4. 2) 2-String-Kite (Einzelzahl-Kette) mit der 2: (2)r9c6 = (2)r9c7 - (2)r8c8 = (2)r4c8. Ist r9c6 nicht die 2, zwingt die Kette die 2 nach r4c8; eines der beiden Enden enthält also die 2, und sie kann aus allen Zellen gestrichen werden, die beide Enden sehen: r4c6.",
    );
    let drawn = shapes_at(&step, &pos);
    assert_eq!(arrows(&drawn).len(), 6, "both kites drawn");
    let pos = position_with(
        "46.93.527.5.6..839.9....461.34.5.29.28....67..7.2..314846192753513...942927.4.186",
        Variant::Standard,
        "r2c6-17 r3c4-78 r5c3-1",
    );
    let step = hit_in(&pos, Technique::DualEmptyRectangle);
    both(
        &step,
        &pos,
        "Dual empty rectangle on 1: two patterns through the 1s in box 2 hold at once, each removing candidates of its own. 1) Empty rectangle on 1: in box 2 the 1s lie only in row 2 and column 6. A 1 in r4c6 would remove it from r4c1, so the strong link (1)r4c1 = (1)r2c1 in column 1 would put 1 into r2c1; together they would leave box 2 without a 1. So 1 can be removed from r4c6. 2) Empty rectangle on 1: in box 2 the 1s lie only in row 2 and column 6. A 1 in r2c1 would remove it from r4c1, so the strong link (1)r4c1 = (1)r4c6 in row 4 would put 1 into r4c6; together they would leave box 2 without a 1. So 1 can be removed from r2c1.",
        "Doppeltes leeres Rechteck mit der 1: Zwei Muster über die Kandidaten 1 in Box 2 gelten zugleich, jedes streicht eigene Kandidaten. 1) Empty Rectangle (leeres Rechteck) mit der 1: In Box 2 liegen die Kandidaten 1 nur in Zeile 2 und Spalte 6. Eine 1 in r4c6 würde sie aus r4c1 entfernen; dann setzt die starke Verbindung (1)r4c1 = (1)r2c1 in Spalte 1 die 1 nach r2c1, und zusammen bliebe in Box 2 kein Platz für die 1. Also kann die 1 aus r4c6 gestrichen werden. 2) Empty Rectangle (leeres Rechteck) mit der 1: In Box 2 liegen die Kandidaten 1 nur in Zeile 2 und Spalte 6. Eine 1 in r2c1 würde sie aus r4c1 entfernen; dann setzt die starke Verbindung (1)r4c1 = (1)r4c6 in Zeile 4 die 1 nach r4c6, und zusammen bliebe in Box 2 kein Platz für die 1. Also kann die 1 aus r2c1 gestrichen werden.",
    );
}

#[test]
fn medusa_names_its_colours_and_rule() {
    let pos = position_with(
        "..2.5...11......7..6.....8...6.34.....9.1.3.....596.24.81362..7627..5...3.5.7.2..",
        Variant::Standard,
        "r1c1-4 r1c2-34 r1c4-79 r1c6-7 r1c8-69 r2c2-4 r2c4-28 r2c6-8 r2c9-369 r3c1-47 \
         r3c4-249 r3c6-39 r4c7-159 r6c2-7 r8c7-49 r8c9-8",
    );
    let mut hits = Vec::new();
    Technique::ThreeDMedusa
        .info()
        .find(&pos, &mut hits, sudoku_logic::FindMode::All);
    let step = hits
        .into_iter()
        .find(|s| s.eliminations.len() == 1 && s.eliminations[0].cell.to_string() == "r2c7")
        .expect("the path's step");
    both(
        &step,
        &pos,
        "3D Medusa: bivalue cells and conjugate pairs join candidates of several digits into one cluster of two colours, blue (3: r1c6, r3c9, r8c8; 4: r1c8, r3c3; 9: r2c6, r8c9) and green (3: r1c8, r2c6, r3c3, r8c9; 4: r2c3); along every link exactly one end is true, so exactly one colour is true. This uncoloured candidate sees a blue and a green candidate of its digit, one of which is true, so 4 can be removed from r2c7.",
        "3D-Medusa: Bivalente Zellen und konjugierte Paare verbinden Kandidaten mehrerer Zahlen zu einem Verbund mit zwei Farben, Blau (3: r1c6, r3c9, r8c8; 4: r1c8, r3c3; 9: r2c6, r8c9) und Grün (3: r1c8, r2c6, r3c3, r8c9; 4: r2c3); in jeder Verbindung ist genau ein Ende wahr, also ist genau eine Farbe wahr. Dieser ungefärbte Kandidat sieht einen blauen und einen grünen Kandidaten seiner Zahl, von denen einer wahr ist, also kann die 4 aus r2c7 gestrichen werden.",
    );
    // Both colours drawn on their candidates, the removed one marked.
    let drawn = shapes_at(&step, &pos);
    assert_eq!(marks(&drawn, MarkRole::Eliminated), ["(4)r2c7"]);
    assert!(marks(&drawn, MarkRole::Alt).contains(&"(4)r2c3".to_string()));
    assert!(marks(&drawn, MarkRole::Pattern).contains(&"(4)r1c8".to_string()));
}

#[test]
fn kraken_fish_type_2() {
    // A cover house's base candidates and the fin each remove another digit
    // (top1465, the first position).
    let pos = position_with(
        "4...3.......6..8..........1....5..9..8....6...7.2........1927..5.3....4.9.7.4....",
        Variant::Standard,
        "",
    );
    let mut out = Vec::new();
    Technique::KrakenFish
        .info()
        .find(&pos, &mut out, sudoku_logic::FindMode::All);
    let step = out
        .into_iter()
        .find(|s| {
            matches!(
                s.detail,
                Detail::KrakenFish(sudoku_logic::KrakenFish {
                    cover_house: Some(_),
                    ..
                })
            )
        })
        .expect("a Kraken fish of type 2");
    both(
        &step,
        &pos,
        "Kraken fish: in columns 2 and 3 the 5s lie only in row 5 and box 1 (r1c2, r1c3, r2c2, r2c3, r3c2, r3c3, r5c3), except for the fin r6c3. If no fin holds 5, the 5 of row 5 is in r5c3. So one of r5c3, r6c3 holds 5, and from each of them a chain removes 1 from r5c3: If r5c3 is 5, then r5c3 is not 1 (same cell). If r6c3 is 5, then r6c3 is not 9 (same cell), r5c3 is 9 (hidden single in box 4), so r5c3 is not 1 (same cell). Either way, 1 can be removed from r5c3.",
        "Kraken-Fisch: In den Spalten 2 und 3 liegen die Kandidaten 5 nur in Zeile 5 und Box 1 (r1c2, r1c3, r2c2, r2c3, r3c2, r3c3, r5c3), bis auf die Flosse r6c3. Steht die 5 in keiner Flosse, steht sie in Zeile 5 in r5c3. Also enthält eine der Zellen r5c3, r6c3 die 5, und von jeder aus entfernt eine Kette die 1 aus r5c3: Wenn r5c3 die 5 ist, folgt: r5c3 ist nicht die 1 (gleiche Zelle). Wenn r6c3 die 5 ist, folgt der Reihe nach: r6c3 ist nicht die 9 (gleiche Zelle), r5c3 ist die 9 (einziger Platz in Box 4) und r5c3 ist nicht die 1 (gleiche Zelle). In jedem Fall kann die 1 aus r5c3 gestrichen werden.",
    );
}

#[test]
fn unique_loop_with_a_strong_link() {
    // The seed's type 4A read on an eight-cell loop (top1465, every 10th
    // puzzle's path): a strong link of 4 in row 6 settles the second cell
    // with extras.
    let mut pos = position_with(
        "4.1.62...3.....2........8..15.2.6...6......1....9.16...2.7.81.6816529743.7.61....",
        Variant::Standard,
        "r2c3-89 r2c8-57 r2c9-579 r3c1-59 r3c3-9 r3c8-57 r3c9-579 r4c3-34 r4c9-4 r5c2-89 \
         r5c3-34 r5c9-4 r6c2-8 r6c3-34 r6c9-4 r7c3-59 r9c3-59 r9c8-59 r9c9-59",
    );
    pos.assume_unique(true);
    let step = hit(&pos, Technique::UniqueLoopStrongLinks);
    both(
        &step,
        &pos,
        "Unique loop with strong links: the 8 cells r5c2–r5c6–r9c6–r9c3–r7c3–r7c5–r6c5–r6c2 (back to the start), none a given, every house they touch holding two of them. Were they all only 3 and 4, the two digits could be swapped along the loop and the puzzle would have a second solution; it has only one. If r5c6 were 3, the loop's cells would take 3 and 4 in turn: each cell holding only 3 and 4 takes the digit its neighbour does not hold, and r6c5 would be 4, the only place for 4 left in row 6. Every loop cell would then hold only 3 and 4; so 3 can be removed from r5c6.",
        "Ausschluss-Schleife mit starken Verbindungen: die 8 Zellen r5c2–r5c6–r9c6–r9c3–r7c3–r7c5–r6c5–r6c2 (zurück zum Anfang), kein Given darunter, jede berührte Gruppe enthält zwei davon. Enthielten alle nur 3 und 4, ließen sich die beiden Zahlen entlang der Schleife vertauschen und das Puzzle hätte eine zweite Lösung; es hat nur eine. Wäre r5c6 die 3, bekämen die Zellen der Schleife abwechselnd 3 und 4: Jede Zelle mit nur 3 und 4 bekommt die Zahl, die ihr Nachbar nicht hat, und r6c5 wäre die 4, der einzige Platz, der in Zeile 6 für die 4 bleibt. Dann enthielte jede Zelle der Schleife nur 3 und 4; also kann die 3 aus r5c6 gestrichen werden.",
    );
}

#[test]
fn fish_draw_their_base_and_cover_houses() {
    let (step, pos) = first_found(Technique::XWing, 300).expect("an X-Wing in top1465");
    let Detail::Fish(sudoku_logic::Fish { base, cover, .. }) = step.detail else {
        panic!("{:?}", step.detail);
    };
    let drawn = shapes_at(&step, &pos);
    let houses = |want: HouseRole| -> Vec<sudoku_core::House> {
        drawn
            .iter()
            .filter_map(|s| match s {
                Shape::House { house, role } if *role == want => Some(*house),
                _ => None,
            })
            .collect()
    };
    assert_eq!(houses(HouseRole::Base), base.iter().collect::<Vec<_>>());
    assert_eq!(houses(HouseRole::Cover), cover.iter().collect::<Vec<_>>());
    let json = serde_json::to_string(&drawn).expect("serialises");
    let first_base = base.iter().next().expect("a base house");
    assert!(
        json.contains(&format!(
            r#"{{"shape":"house","name":"{first_base}","role":"base","cells":["#
        )),
        "{json}"
    );
}

#[test]
fn almost_locked_sets_are_drawn_as_labelled_sets() {
    let (step, pos) = first(ALS_XZ, Technique::AlsXz);
    let drawn = shapes_at(&step, &pos);
    let labels: Vec<&str> = drawn
        .iter()
        .filter_map(|s| match s {
            Shape::Set { label, .. } => Some(label.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(labels, ["A", "B"]);
    let Detail::AlsChain(sudoku_logic::AlsChain { ref sets, .. }) = step.detail else {
        panic!("{:?}", step.detail);
    };
    for (set, shape) in sets
        .iter()
        .zip(drawn.iter().filter(|s| matches!(s, Shape::Set { .. })))
    {
        assert!(matches!(shape, Shape::Set { cells, .. } if *cells == set.cells));
    }
}

#[test]
fn the_text_names_every_set_by_the_label_the_drawing_gives_it() {
    // One source of labels for both (`als::set_labels`): the pivot of an
    // ALS-XY-wing is C in the text and in the drawing, an ALS-XY-chain's
    // sets are A1…An in both, a death blossom's petals A, B, … in both.
    for t in [
        Technique::AlsXz,
        Technique::AlsXyWing,
        Technique::AlsXyChain,
        Technique::DeathBlossom,
    ] {
        let step = synthetic(t);
        for lang in [Lang::En, Lang::De] {
            let text = render(&step, lang);
            let mut labels = Vec::new();
            for shape in shapes(&step) {
                if let Shape::Set { cells, label } = shape {
                    let first = cells.iter().next().expect("a cell");
                    assert!(
                        text.contains(&format!("{label} = {{{first}")),
                        "{t} {lang}: the drawing's {label} is not named so in: {text}"
                    );
                    labels.push(label);
                }
            }
            assert!(labels.len() >= 2, "{t}: {labels:?}");
            if t == Technique::AlsXyWing {
                assert_eq!(labels, ["A", "C", "B"]);
            }
            if t == Technique::AlsXyChain {
                assert!(
                    labels.iter().all(|l| l.starts_with('A') && l.len() == 2),
                    "{labels:?}"
                );
            }
        }
    }
}

/// Every catalogue entry with a text of its own ([`sudoku_logic::StepText`])
/// has both languages, uses only placeholders the renderer fills, and names
/// each of its groups; the German text carries no English connective.
#[test]
fn catalogue_texts_are_complete_in_both_languages() {
    const KNOWN: [&str; 4] = ["digit", "digits", "houses", "count"];
    let mut with_text = 0;
    for info in TABLE {
        let Some(text) = info.text else { continue };
        with_text += 1;
        for (lang, template) in [("en", text.en), ("de", text.de)] {
            assert!(!template.trim().is_empty(), "{} {lang}", info.name);
            let mut rest = template;
            while let Some(open) = rest.find('{') {
                let close = rest[open..].find('}').expect("closed placeholder") + open;
                let key = &rest[open + 1..close];
                assert!(
                    KNOWN.contains(&key) || key.chars().all(|c| c.is_ascii_lowercase()),
                    "{} {lang}: {{{key}}}",
                    info.name
                );
                rest = &rest[close + 1..];
            }
        }
        for english in [" the ", " of ", " so ", " one ", " cannot "] {
            assert!(!text.de.contains(english), "{}: {english:?}", info.name);
        }
    }
    assert!(with_text > 0, "the broken wing has its text in its entry");
}

/// A broken wing (a technique added through its catalogue entry alone) is
/// explained from its entry's text in both languages, and the text names the
/// same loop cells and guardians the drawing marks.
#[test]
fn a_broken_wing_is_explained_and_drawn_from_the_same_groups() {
    let puzzle =
        "4...3.......6..8..........1....5..9..8....6...7.2........1927..5.3....4.9.7.4....";
    let grid: Grid = puzzle.parse().expect("test puzzle");
    let mut pos = Candidates::new(&grid, Variant::Standard).expect("no clash");
    pos.write_candidates();
    for item in "r1c2-12 r1c3-59 r2c2-12 r2c3-59 r3c2-2 r3c3-59 r4c2-12 r4c4-4 r4c6-4 r4c7-4 \
                 r4c9-4 r5c3-124 r6c3-146 r7c8-8 r7c9-8 r9c7-35 r9c8-35 r9c9-35"
        .split_whitespace()
    {
        let (cell, digits) = item.split_once('-').expect("cell-digits");
        let b = cell.as_bytes();
        let cell = Cell::at(usize::from(b[1] - b'1'), usize::from(b[3] - b'1')).expect("cell");
        for d in digits.bytes() {
            let d = Digit::new(d - b'0').expect("digit");
            pos.eliminate(cell, d).expect("written");
        }
    }
    let mut steps = Vec::new();
    Technique::BrokenWing
        .info()
        .find(&pos, &mut steps, sudoku_logic::FindMode::All);
    let step = steps.first().expect("a broken wing in this position");
    let Detail::Pattern(groups) = &step.detail else {
        panic!("broken wings are patterns: {:?}", step.detail);
    };
    let en = render(step, Lang::En);
    let de = render(step, Lang::De);
    assert!(
        en.starts_with("Broken wing: the 4s of the odd loop "),
        "{en}"
    );
    assert!(
        de.starts_with("Gebrochener Flügel: die 4 der ungeraden Schleife "),
        "{de}"
    );
    assert!(covers(step));
    let drawn = shapes(step);
    for g in groups {
        let listed = words::cells(g.cells);
        assert!(
            en.contains(&listed) && de.contains(&listed),
            "{listed}: {en}"
        );
        let role = match g.role {
            sudoku_logic::GroupRole::Pattern => CellRole::Pattern,
            sudoku_logic::GroupRole::Guardian => CellRole::Fin,
        };
        for cell in g.cells.iter() {
            assert!(
                drawn.contains(&Shape::Cell { cell, role })
                    || drawn.contains(&Shape::Cell {
                        cell,
                        role: CellRole::Target
                    }),
                "{cell} drawn as {role:?}"
            );
        }
    }
    // The transform moves the groups with the grid.
    let t = sudoku_core::Transform::random(Variant::Standard, 7);
    let moved = step.transformed(&t);
    let Detail::Pattern(moved_groups) = &moved.detail else {
        panic!("still a pattern");
    };
    for (a, b) in groups.iter().zip(moved_groups) {
        let want: CellSet = a.cells.iter().map(|c| t.target_of(c)).collect();
        assert_eq!(b.cells, want, "{}", a.name);
    }
}

/// English words German output must not contain (lower-case, whole words):
/// the connectives and the data model's own words.
const ENGLISH: &str = "the and or of is are be can cannot not no to from with that this these \
    which only so if then either both each every one two removed removes places holds hold sees \
    see takes row rows column columns box boxes cell cells digit digits candidate candidates \
    house houses given givens puzzle solution place pair pairs chain loop link links strong weak \
    true false colour colours blue green red yellow type depth cost assume assumed same hidden \
    naked single fin fins Hidden Naked";

/// Second German words for a concept that has one (whole words): the concept's
/// word is Gruppe (any house: row, column, box, diagonal, colour group), Zeile,
/// Box, Zahl (a digit), Given, Puzzle, Stellung, Überschneidung (a line and a
/// box), leere Zelle.
const SECOND_WORDS: &str = "Haus Hauses Häuser Häusern Reihe Reihen Block Blöcke Blöcken Blocks \
    Ziffer Ziffern Nummer Nummern Lösungsziffer Vorgabe Vorgaben vorgegeben Rätsel Sudoku Lage \
    Schnittmenge Schnittmengen Feld Felder Feldern Einheit Einheiten frei freie freien Löser";

/// What in a German `text` is English, a second word for a concept or a
/// placeholder left unfilled (a template's missing key); the German
/// technique names of the catalogue (some deliberately English, "Empty
/// Rectangle", "Remote Pair") are taken out first, and so is the idiom "der
/// Reihe nach" (in turn), which names no row.
fn not_german(text: &str) -> Vec<String> {
    let mut rest = text.replace("der Reihe nach", " ");
    let mut names: Vec<&str> = TABLE.iter().map(|i| i.names.de).collect();
    names.sort_by_key(|n| std::cmp::Reverse(n.len()));
    for name in names {
        rest = rest.replace(name, " ");
    }
    let mut bad: Vec<String> = rest
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| {
            let listed = |list: &str| list.split_whitespace().any(|l| l == *w);
            listed(ENGLISH) || listed(SECOND_WORDS)
        })
        .map(str::to_string)
        .collect();
    // A cell set is written `{r1c2, r1c3}`; a placeholder is a bare name.
    let placeholder = rest.split('{').skip(1).any(|after| {
        after.split_once('}').is_some_and(|(key, _)| {
            !key.is_empty() && key.chars().all(|c| c.is_ascii_lowercase() || c == '_')
        })
    });
    if placeholder {
        bad.push("an unfilled placeholder".to_string());
    }
    bad
}

#[test]
fn the_german_check_finds_english_and_second_words() {
    assert!(
        not_german("Versteckter Single: Die 9 hat in Spalte 3 nur noch einen Platz.").is_empty()
    );
    assert!(
        not_german("Wenn r1c2 die 5 ist, folgt der Reihe nach: r1c3 ist nicht die 5").is_empty()
    );
    assert!(not_german("Empty Rectangle (leeres Rechteck) mit der 4: …").is_empty());
    assert_eq!(
        not_german("so 5 can be removed"),
        ["so", "can", "be", "removed"]
    );
    assert_eq!(not_german("in einem Haus der Reihe 3"), ["Haus", "Reihe"]);
    assert_eq!(not_german("die Ziffer im Rätsel"), ["Ziffer", "Rätsel"]);
    assert_eq!(
        not_german("einer der {guardians}"),
        ["an unfilled placeholder"]
    );
}

/// Every German text of the engine uses the one German word of each concept
/// and no English: the explanations and the graded hints of every step of the
/// paths of every 30th top1465 puzzle and of the seed's colour,
/// colour-diagonal and some diagonal examples (with the uniqueness premise, so
/// the rectangles and loops appear), and a synthetic step of every technique
/// of the table, which reaches the renderers no path here uses.
#[test]
fn german_texts_use_one_word_per_concept_and_no_english() {
    let top = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/data/top1465.txt"
    ));
    let seed = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/data/seed_examples.tsv"
    ));
    let mut puzzles: Vec<(Grid, Variant)> = top
        .lines()
        .step_by(30)
        .filter_map(|l| {
            Some((
                l.split_whitespace().next()?.parse().ok()?,
                Variant::Standard,
            ))
        })
        .collect();
    let mut diagonal = 0;
    for line in seed.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        let (Some(Ok(grid)), Some(Ok(variant))) = (
            f.first().map(|p| p.parse::<Grid>()),
            f.get(1).map(|v| v.parse::<Variant>()),
        ) else {
            continue;
        };
        if variant == Variant::Standard || sudoku_solve::count(&grid, variant, Some(2)) != 1 {
            continue;
        }
        if variant == Variant::Diagonal {
            diagonal += 1;
            if diagonal % 5 != 0 {
                continue;
            }
        }
        puzzles.push((grid, variant));
    }
    assert!(puzzles.len() >= 55, "{} puzzles", puzzles.len());

    let mut bad = std::collections::BTreeSet::new();
    let mut check = |text: &str| {
        let found = not_german(text);
        if !found.is_empty() {
            bad.insert(format!("{found:?} in: {text}"));
        }
    };
    let mut steps = 0;
    let mut seen = std::collections::BTreeSet::new();
    for (grid, variant) in &puzzles {
        let options = Options {
            unique: true,
            ..Options::default()
        };
        let trace = solve_logically(grid, *variant, &options).expect("valid");
        let mut pos = Candidates::new(grid, *variant).expect("no clash");
        for step in &trace.steps {
            check(&render_at(step, &pos, Lang::De));
            for level in graded(step, &pos, Lang::De).levels {
                check(&level.text);
            }
            seen.insert(step.technique);
            steps += 1;
            pos.apply(step).expect("applies");
        }
    }
    for info in TABLE {
        let step = synthetic(info.technique);
        check(&render(&step, Lang::De));
    }
    let bad: Vec<String> = bad.into_iter().collect();
    assert!(
        bad.is_empty(),
        "{} German texts:\n{}",
        bad.len(),
        bad.join("\n")
    );
    assert!(
        steps > 2_000 && seen.len() > 40,
        "{steps} steps, {} techniques",
        seen.len()
    );
    eprintln!(
        "{} puzzles, {steps} steps, {} techniques",
        puzzles.len(),
        seen.len()
    );
}
