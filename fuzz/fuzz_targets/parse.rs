//! Fuzzes every parser entry point: single lines, whole texts and the batch reader
//! with the other programs' formats (candidate grids, library and sukaku lines).
//! Any input must give a puzzle or an error, never a panic; a parsed puzzle must
//! print back to a line that parses to the same grid, a parsed position to a
//! candidate grid that reads back the same, and its validity check and
//! uniqueness check must not panic either.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_core::{DigitSet, PuzzleReader, Variant, parse_line_bytes, parse_text, pm_grid};

fuzz_target!(|data: &[u8]| {
    if let Ok(p) = parse_line_bytes(data) {
        let line = p.grid.to_line(p.notation, '.');
        let again = parse_line_bytes(line.as_bytes()).expect("printed line parses");
        assert_eq!(again.grid, p.grid);
        let _ = p.grid.check(Variant::Diagonal);
    }
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = parse_text(text);
    }
    let mut last_line = 0;
    for item in PuzzleReader::new(data) {
        let item = item.expect("reading from memory cannot fail");
        assert!(item.line > last_line, "line numbers increase");
        last_line = item.line;
        if let Ok(p) = item.result {
            let sets = p.candidates.unwrap_or([DigitSet::ALL; 81]);
            let again = parse_text(&pm_grid(&p.grid, &p.entries, &sets, true))
                .expect("a written candidate grid parses");
            // An empty cell left with one candidate (by a library line's
            // deletions) reads back as placed: the grid says no more.
            let single = sudoku_core::Cell::all().any(|c| {
                p.grid.get(c).is_none() && p.entries.get(c).is_none() && sets[c.index()].len() == 1
            });
            if !single {
                assert_eq!((again.grid, again.entries), (p.grid, p.entries));
            }
            if p.grid.filled() >= 30 {
                let _ = sudoku_solve::uniqueness(&p.grid, Variant::Standard);
            }
        }
    }
});
