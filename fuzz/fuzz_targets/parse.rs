//! Fuzzes every parser entry point: single lines, whole texts and the batch reader.
//! Any input must give a puzzle or an error, never a panic; a parsed puzzle must
//! print back to a line that parses to the same grid, and its validity check and
//! uniqueness check must not panic either.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_core::{parse_line_bytes, parse_text, PuzzleReader, Variant};

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
            if p.grid.filled() >= 30 {
                let _ = sudoku_solve::uniqueness(&p.grid, Variant::Standard);
            }
        }
    }
});
