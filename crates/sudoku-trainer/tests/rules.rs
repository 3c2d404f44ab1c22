//! Every rule of SPEC §4 on real positions: the seed's "teuflisch-spezial-2"
//! (rebuilt from its screenshots: 23 givens, level "Sehr schwer") and positions
//! where the trainer's own search met each kind of contradiction on top1465.

mod common;

use common::{TEUFLISCH, cell, cells, digit, digits, grid};
use sudoku_core::{Cell, CellSet, DigitSet, Grid, House, Variant};
use sudoku_trainer::{
    CellReason, Contradiction, Criterion, EvalMode, Evaluation, Reason, evaluate,
};

fn reasons(e: &Evaluation, c: Cell, d: u8) -> Vec<Reason> {
    e.inadmissible
        .iter()
        .find(|i| i.cell == c && i.digit == digit(d))
        .map(|i| i.reasons.clone())
        .unwrap_or_default()
}

#[test]
fn candidates_exclude_every_placed_peer() {
    let g = grid(TEUFLISCH);
    let e = evaluate(&g, Variant::Standard, EvalMode::Lazy);
    // From the seed's screenshot: r1c3 2 3 5 7 9, r2c1 3 6 9, r9c4 2 4 5 6 9 (plus 1).
    assert_eq!(e.candidates[cell(1, 3).index()], digits(&[2, 3, 5, 7, 9]));
    assert_eq!(e.candidates[cell(2, 1).index()], digits(&[3, 6, 9]));
    assert_eq!(
        e.candidates[cell(9, 4).index()],
        digits(&[1, 2, 4, 5, 6, 9])
    );
    assert!(e.candidates[cell(1, 1).index()].is_empty());
    // Diagonal Sudoku: r1c3 also sees the anti-diagonal? No, but r3c3 sees the
    // main diagonal with the 1 in r1c1.
    let d = evaluate(&g, Variant::Diagonal, EvalMode::Lazy);
    assert!(!d.candidates[cell(3, 3).index()].contains(digit(1)));
    assert!(!d.candidates[cell(2, 2).index()].contains(digit(1)));
}

#[test]
fn hidden_pair_naked_pair_and_intersection_in_the_seed_position() {
    let g = grid(TEUFLISCH);
    // Lazy applies one criterion per pass (naked pair, hidden pair, intersection
    // in that order), the order of the seed's screenshots; Strict applies all
    // four at once and finds some of these candidates by an intersection first.
    let e = evaluate(&g, Variant::Standard, EvalMode::Lazy);
    assert!(e.contradiction.is_none());
    // Criterion 3: 1 and 8 go only into r2c4 and r3c4 in box 2 (the seed's
    // "verstecktes Paar (1, 8)"), so the 7 of r2c4 and the 2 and 7 of r3c4 go.
    let hidden = Reason::HiddenPair {
        house: House::boxx(1),
        cells: cells(&[(2, 4), (3, 4)]),
        digits: digits(&[1, 8]),
    };
    assert_eq!(reasons(&e, cell(2, 4), 7), vec![hidden.clone()]);
    assert_eq!(reasons(&e, cell(3, 4), 2), vec![hidden.clone()]);
    assert_eq!(hidden.criterion(), Criterion::HiddenPair);
    assert_eq!(hidden.cells(), cells(&[(2, 4), (3, 4)]));
    // Criterion 2: that pair is then naked in column 4 and takes 1 and 8 from
    // the rest of the column.
    let naked = Reason::NakedPair {
        house: House::column(3),
        cells: cells(&[(2, 4), (3, 4)]),
        digits: digits(&[1, 8]),
    };
    assert_eq!(reasons(&e, cell(8, 4), 8), vec![naked.clone()]);
    assert_eq!(reasons(&e, cell(9, 4), 1), vec![naked.clone()]);
    assert_eq!(naked.highlight(), Variant::house_cells(House::column(3)));
    // Criterion 4: in row 5 the 7 lies only in box 5, so box 5 loses it elsewhere
    // (the seed's "Überschneidung").
    let r = reasons(&e, cell(4, 4), 7);
    assert!(r.contains(&Reason::Intersection {
        base: House::row(4),
        cover: House::boxx(4),
        cells: cells(&[(5, 4), (5, 5)]),
    }));
    // Several reasons of one candidate are all kept, for cycling on clicks.
    assert!(r.len() >= 2, "{r:?}");
    let cycle = e.reasons_at(cell(4, 4));
    assert!(cycle.len() >= 2);
    assert!(
        cycle
            .iter()
            .all(|c| matches!(c, CellReason::Inadmissible { .. }))
    );
    // No cell is left with one option: the seed's solver has to guess here.
    assert!(e.necessary.is_empty() && e.singles.is_empty() && e.hidden_singles.is_empty());
    assert!(e.complete);
}

#[test]
fn lazy_stops_at_the_first_criterion_that_finds_something() {
    let g = grid(TEUFLISCH);
    let lazy = evaluate(&g, Variant::Standard, EvalMode::Lazy);
    let strict = evaluate(&g, Variant::Standard, EvalMode::StrictPlus);
    // Nothing forced here, so Lazy runs to the fixpoint too and agrees.
    assert!(lazy.complete);
    assert_eq!(lazy.options, strict.options);
    // With a necessary number in sight Lazy stops at once.
    let mut g1 = g;
    g1.set(cell(2, 4), Some(digit(8)));
    let lazy = evaluate(&g1, Variant::Standard, EvalMode::Lazy);
    let strict = evaluate(&g1, Variant::Standard, EvalMode::StrictPlus);
    assert!(!lazy.complete);
    assert!(lazy.inadmissible.len() < strict.inadmissible.len());
    // 8 is the wrong digit for r2c4 (the solution has 1): Strict sees it at once,
    // Lazy not yet — why Strict needs fewer steps.
    let solution = sudoku_solve::solve(&g, Variant::Standard).expect("solvable");
    assert_eq!(solution.get(cell(2, 4)), Some(digit(1)));
    assert_eq!(lazy.contradiction, None);
    assert!(strict.contradiction.is_some());
    assert!(lazy.inadmissible.iter().all(|i| {
        i.reasons
            .iter()
            .all(|r| r.criterion() == Criterion::NecessaryNumber)
    }));
}

#[test]
fn necessary_number_and_criterion_one() {
    // The seed's first step: 8 in r2c4. Now 1 has one place left in box 2, r3c4
    // (the green 1), and the 1s in row 3 are red "wegen notwendiger Nummer".
    let mut g = grid(TEUFLISCH);
    g.set(cell(2, 4), Some(digit(8)));
    let e = evaluate(&g, Variant::Standard, EvalMode::Lazy);
    let n = e
        .necessary
        .iter()
        .find(|n| n.cell == cell(3, 4) && n.digit == digit(1))
        .expect("1 necessary in r3c4");
    assert!(n.houses.contains(&House::boxx(1)));
    assert!(n.direct);
    for c in [cell(3, 7), cell(3, 9)] {
        let r = reasons(&e, c, 1);
        assert!(
            r.contains(&Reason::NecessaryNumber {
                house: House::row(2),
                cell: cell(3, 4),
                digit: digit(1),
            }),
            "{c}: {r:?}"
        );
        assert!(
            r.iter()
                .all(|r| r.criterion() == Criterion::NecessaryNumber)
        );
    }
    let why = e.reasons_at(cell(3, 4));
    assert!(why.contains(&CellReason::Necessary {
        digit: digit(1),
        house: House::boxx(1),
    }));
    // Necessary, not a single: r3c4 still has the plain candidates 1, 2 and 7.
    assert_eq!(e.candidates[cell(3, 4).index()], digits(&[1, 2, 7]));
    assert!(!e.singles.iter().any(|s| s.cell == cell(3, 4)));
}

#[test]
fn singles_and_hidden_singles_in_the_trainers_sense() {
    // Strict on the seed position after 8 in r2c4 and 1 in r3c4: every forced
    // cell is either a single (one plain candidate) or a hidden single (several
    // candidates, one not inadmissible).
    let mut g = grid(TEUFLISCH);
    g.set(cell(2, 4), Some(digit(8)));
    g.set(cell(3, 4), Some(digit(1)));
    let e = evaluate(&g, Variant::Standard, EvalMode::StrictPlus);
    for s in &e.singles {
        assert_eq!(e.candidates[s.cell.index()], DigitSet::single(s.digit));
    }
    for h in &e.hidden_singles {
        assert!(e.candidates[h.cell.index()].len() > 1);
        assert_eq!(e.options[h.cell.index()], DigitSet::single(h.digit));
    }
    assert!(!e.singles.is_empty() || !e.hidden_singles.is_empty() || !e.necessary.is_empty());
}

fn contradiction(line: &str, mode: EvalMode) -> Contradiction {
    evaluate(&grid(line), Variant::Standard, mode)
        .contradiction
        .expect("a contradiction")
}

#[test]
fn contradiction_digit_placed_twice() {
    let mut g = grid(TEUFLISCH);
    g.set(cell(1, 3), Some(digit(1)));
    let e = evaluate(&g, Variant::Standard, EvalMode::None);
    assert_eq!(
        e.contradiction,
        Some(Contradiction::PlacedTwice {
            cell: cell(1, 3),
            other: cell(1, 1),
            digit: digit(1),
            house: House::row(0),
        })
    );
    // It is the one contradiction the None mode still shows.
    assert!(e.for_display().contradiction.is_some());
}

#[test]
fn contradiction_cell_without_candidate() {
    // Met by the Lazy search on top1465: r4c7 has no candidate left… in Lazy
    // one plain candidate (1) is inadmissible.
    let c = contradiction(
        "659432718283751...471689352.9836..24.2481..3..3692458.912546873867293..53451782..",
        EvalMode::Lazy,
    );
    assert!(matches!(c, Contradiction::NoCandidate { .. }), "{c:?}");
    // A cell whose row holds 1–8 and whose column holds the 9: no candidate at all.
    let c = contradiction(
        "12345678.........9...............................................................",
        EvalMode::Lazy,
    );
    assert_eq!(
        c,
        Contradiction::NoCandidate {
            cell: cell(1, 9),
            candidates: DigitSet::EMPTY,
        }
    );
    assert_eq!(c.cells(), CellSet::single(cell(1, 9)));
}

#[test]
fn contradiction_two_different_necessary_numbers() {
    let c = contradiction(
        "827...415954281637361754298248..7.51.9341..62.16.2..8468957.143175...8..432.9.57.",
        EvalMode::Lazy,
    );
    assert_eq!(
        c,
        Contradiction::TwoNecessary {
            cell: Cell::new(75).expect("cell"),
            digits: digits(&[1, 8]),
        }
    );
}

#[test]
fn contradiction_two_equal_singles() {
    let c = contradiction(
        "598613..212654798337492816561.894.2784237..967..26...49374862514.1752.39...139..8",
        EvalMode::Lazy,
    );
    assert_eq!(
        c,
        Contradiction::EqualSingles {
            house: House::row(5),
            digit: digit(5),
            cells: cells(&[(6, 2), (6, 6)]),
        }
    );
    assert_eq!(c.house(), Some(House::row(5)));
}

#[test]
fn contradiction_two_equal_necessary_numbers() {
    let c = contradiction(
        "167859423.24173.6.53.4267.14539186727.2564.39..6237.4.341782.566.53412.727.6.5.14",
        EvalMode::Lazy,
    );
    assert_eq!(
        c,
        Contradiction::EqualNecessary {
            house: House::row(2),
            digit: digit(9),
            cells: cells(&[(3, 3), (3, 8)]),
        }
    );
}

#[test]
fn contradiction_digit_without_place() {
    let c = contradiction(
        "7.85..3.....2.17585..7.86..9413578263..4891758751..4931976.5284.8.97.5...5.8..9.7",
        EvalMode::Lazy,
    );
    assert_eq!(
        c,
        Contradiction::MissingDigit {
            house: House::column(5),
            digit: digit(3),
        }
    );
    assert_eq!(c.cells(), Variant::house_cells(House::column(5)));
}

#[test]
fn strict_sees_contradictions_lazy_overlooks() {
    // The Strict search turned back here on top1465; Lazy sees nothing yet.
    let line = "7..9534863..6219576958741238493126.52.6.853.453..692.84532978619671385.21..54.7..";
    let strict = contradiction(line, EvalMode::StrictPlus);
    assert!(
        matches!(strict, Contradiction::NoCandidate { .. }),
        "{strict:?}"
    );
}

#[test]
fn display_modes() {
    let g = grid(TEUFLISCH);
    let plus = evaluate(&g, Variant::Standard, EvalMode::StrictPlus).for_display();
    let minus = evaluate(&g, Variant::Standard, EvalMode::StrictMinus).for_display();
    let none = evaluate(&g, Variant::Standard, EvalMode::None).for_display();
    assert!(!plus.inadmissible.is_empty());
    assert!(minus.inadmissible.is_empty());
    assert_eq!(minus.candidates, plus.options);
    assert!(none.candidates.iter().all(|c| c.is_empty()));
}

#[test]
fn variants_use_their_houses() {
    // A digit whose only place in the main diagonal is r5c5 is necessary in
    // diagonal Sudoku but not in standard Sudoku.
    let mut g = Grid::EMPTY;
    for (i, v) in [(1, 1), (2, 2), (3, 3), (7, 6), (8, 7), (9, 8)] {
        g.set(cell(i, i), Some(digit(v)));
    }
    let std = evaluate(&g, Variant::Standard, EvalMode::StrictPlus);
    let diag = evaluate(&g, Variant::Diagonal, EvalMode::StrictPlus);
    let on_diagonal = |e: &Evaluation| {
        e.necessary
            .iter()
            .any(|n| n.houses.contains(&House::MAIN_DIAGONAL))
    };
    assert!(!on_diagonal(&std));
    // 1, 2, 3, 6, 7, 8 sit on the main diagonal; 4, 5, 9 share r4c4–r6c6.
    assert_eq!(diag.candidates[cell(5, 5).index()], digits(&[4, 5, 9]));
    assert!(std.candidates[cell(5, 5).index()].len() > 3);
}

/// The seed's "Sehr viel rot" (25 givens, level "Schwer"), rebuilt from its
/// Strict+ screenshot: "in allen Zellen [ist] nur noch eine Nummer zulässig" —
/// the full evaluation leaves one option per empty cell, which is the solution
/// shown in the Strict− screenshot.
#[test]
fn strict_evaluation_of_sehr_viel_rot_leaves_the_solution() {
    let puzzle =
        grid("..1.4.5..6..3.1.8..9.......73..6.92.....5.8.........3..69......3.4....591.....37.");
    let solution =
        grid("821647593657391482493582761738164925946253817512978634269735148374816259185429376");
    assert_eq!(puzzle.filled(), 25);
    let e = evaluate(&puzzle, Variant::Standard, EvalMode::StrictPlus);
    assert_eq!(e.contradiction, None);
    for c in Cell::all().filter(|&c| puzzle.get(c).is_none()) {
        assert_eq!(
            e.options[c.index()],
            DigitSet::single(solution.get(c).expect("full")),
            "{c}"
        );
    }
    // Strict− shows exactly that: the options as the only candidates.
    let minus = evaluate(&puzzle, Variant::Standard, EvalMode::StrictMinus).for_display();
    assert!(minus.candidates.iter().all(|c| c.len() <= 1));
    // Screenshot details: r1c1 has the plain candidates 2 and 8, r4c3 5 and 8.
    assert_eq!(e.candidates[cell(1, 1).index()], digits(&[2, 8]));
    assert_eq!(e.candidates[cell(4, 3).index()], digits(&[5, 8]));
    let level = sudoku_trainer::rate(&puzzle, Variant::Standard, 0, 100_000)
        .expect("rated")
        .level;
    assert_eq!(level, sudoku_trainer::Level::Hard);
}
