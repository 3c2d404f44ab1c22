//! Fuzzes the candidate-state parser of `sudoku hint --candidates`: any text must
//! give 81 candidate sets or an error naming a field, never a panic. Accepted
//! states become positions, whose next step must render in both languages.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_core::{Grid, Variant};
use sudoku_explain::{parse_candidate_fields, render_at, Lang};
use sudoku_logic::{next_steps, Candidates};

/// A few givens, so fields are checked against placed digits too.
const PUZZLE: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(grid) = PUZZLE.parse::<Grid>() else {
        return;
    };
    for variant in [Variant::Standard, Variant::Diagonal] {
        let Ok(fields) = parse_candidate_fields(text, &grid, variant) else {
            continue;
        };
        if let Ok(pos) = Candidates::from_fields(&grid, variant, &fields) {
            if let Some(step) = next_steps(&pos).first() {
                let _ = render_at(step, &pos, Lang::En);
                let _ = render_at(step, &pos, Lang::De);
            }
        }
    }
});
