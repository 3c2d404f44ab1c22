//! The formats of other programs (candidate grids, HoDoKu library lines,
//! `+`-marked lines, spaced cells, sukaku lines): every writer's output reads
//! back to the same position on the 1,301 puzzles of `data/se-serate-1301.tsv`,
//! the styles people paste read as they mean, bad input is named by line and
//! position, and no input makes the reader panic.

use proptest::prelude::*;
use sudoku_core::{
    Cell, Digit, DigitSet, Format, Grid, ParseError, Parsed, PuzzleReader, Variant, library_line,
    parse_text, parse_text_located, plus_line, pm_grid, spaced_line, sukaku_line,
};

const P: &str = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

fn puzzles() -> Vec<Grid> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/se-serate-1301.tsv");
    let text = std::fs::read_to_string(path).expect("data/se-serate-1301.tsv");
    text.lines()
        .skip(1)
        .filter_map(|l| l.split('\t').next())
        .map(|p| p.parse().expect("a puzzle"))
        .collect()
}

/// A position made from `givens`: a few empty cells filled with one of their
/// candidates (as the player's entries), and candidates thinned so that every
/// empty cell keeps at least two (one would read back as a placed digit).
fn position(givens: &Grid, seed: usize) -> (Grid, [DigitSet; 81]) {
    let mut entries = Grid::EMPTY;
    let mut board = *givens;
    for (k, cell) in Cell::all().enumerate() {
        if board.get(cell).is_none() && (k * 7 + seed).is_multiple_of(11) {
            let cands = board.candidates(Variant::Standard, cell);
            if let Some(d) = cands.iter().nth((k + seed) % cands.len().max(1)) {
                entries.set(cell, Some(d));
                board.set(cell, Some(d));
            }
        }
    }
    let mut sets = [DigitSet::EMPTY; 81];
    for (k, cell) in Cell::all().enumerate() {
        if board.get(cell).is_none() {
            let mut set = board.candidates(Variant::Standard, cell);
            for d in set.iter().collect::<Vec<_>>() {
                if set.len() > 2 && (k + d.index() * 3 + seed).is_multiple_of(5) {
                    set.remove(d);
                }
            }
            // A cell the entries left with one candidate (or none) keeps two
            // digits, so that it reads back as an empty cell.
            if set.len() < 2 {
                set = DigitSet::ALL;
            }
            sets[cell.index()] = set;
        }
    }
    (entries, sets)
}

fn read(text: &str) -> Parsed {
    match parse_text_located(text) {
        Ok(p) => p,
        Err(e) => panic!("{e}\n{text}"),
    }
}

/// The candidates of the empty cells, as a comparable value.
fn open_sets(p: &Parsed) -> Vec<DigitSet> {
    let c = p.candidates.expect("candidates");
    Cell::all()
        .filter(|&cell| p.grid.get(cell).is_none() && p.entries.get(cell).is_none())
        .map(|cell| c[cell.index()])
        .collect()
}

fn expected_sets(givens: &Grid, entries: &Grid, sets: &[DigitSet; 81]) -> Vec<DigitSet> {
    Cell::all()
        .filter(|&cell| givens.get(cell).is_none() && entries.get(cell).is_none())
        .map(|cell| sets[cell.index()])
        .collect()
}

fn merged(givens: &Grid, entries: &Grid) -> Grid {
    let mut out = *givens;
    for cell in Cell::all() {
        if out.get(cell).is_none() {
            out.set(cell, entries.get(cell));
        }
    }
    out
}

#[test]
fn every_format_round_trips_on_1301_puzzles() {
    let all = puzzles();
    assert!(all.len() >= 1000, "{} puzzles", all.len());
    for (i, givens) in all.iter().enumerate() {
        let (entries, sets) = position(givens, i);
        let board = merged(givens, &entries);

        // Candidate grid, entries marked with `+`: everything comes back apart.
        let p = read(&pm_grid(givens, &entries, &sets, true));
        assert_eq!(p.format, Format::Candidates);
        assert_eq!((p.grid, p.entries), (*givens, entries), "pm +, puzzle {i}");
        assert_eq!(open_sets(&p), expected_sets(givens, &entries, &sets));

        // As HoDoKu prints it (no marks): every placed digit is a given.
        let p = read(&pm_grid(givens, &entries, &sets, false));
        assert_eq!((p.grid, p.entries), (board, Grid::EMPTY), "pm, puzzle {i}");
        assert_eq!(open_sets(&p), expected_sets(givens, &entries, &sets));

        // The same cells on one line (the frameless form of `--candidates`).
        let line: Vec<String> = Cell::all()
            .map(|c| match board.get(c) {
                Some(d) => d.to_string(),
                None => sets[c.index()].to_string(),
            })
            .collect();
        let p = read(&line.join(" "));
        assert_eq!(p.grid, board, "one-line pm, puzzle {i}");
        assert_eq!(open_sets(&p), expected_sets(givens, &entries, &sets));

        // HoDoKu's library line: givens, entries, and the deleted candidates
        // (read back as "all but the deleted", which the placed digits'
        // peers narrow to the written candidates).
        let p = read(&library_line(givens, &entries, &sets, Variant::Standard));
        assert_eq!(p.format, Format::HodokuLibrary);
        assert_eq!(
            (p.grid, p.entries),
            (*givens, entries),
            "library, puzzle {i}"
        );
        let narrowed: Vec<DigitSet> = match p.candidates {
            Some(c) => Cell::all()
                .filter(|&cell| board.get(cell).is_none())
                .map(|cell| c[cell.index()] & board.candidates(Variant::Standard, cell))
                .collect(),
            None => Cell::all()
                .filter(|&cell| board.get(cell).is_none())
                .map(|cell| board.candidates(Variant::Standard, cell))
                .collect(),
        };
        let normal: Vec<DigitSet> = Cell::all()
            .filter(|&cell| board.get(cell).is_none())
            .map(|cell| sets[cell.index()] & board.candidates(Variant::Standard, cell))
            .collect();
        assert_eq!(narrowed, normal, "library candidates, puzzle {i}");

        // `+`-marked cells.
        let p = read(&plus_line(givens, &entries));
        let plain = entries == Grid::EMPTY;
        assert_eq!(p.format == Format::PlusMarked, !plain, "puzzle {i}");
        assert_eq!((p.grid, p.entries), (*givens, entries), "plus, puzzle {i}");

        // 81 spaced cells.
        let p = read(&spaced_line(givens));
        assert_eq!(p.format, Format::Spaced);
        assert_eq!(p.grid, *givens, "spaced, puzzle {i}");

        // Sukaku: the placed digits are the givens.
        let p = read(&sukaku_line(givens, &entries, &sets));
        assert_eq!(p.format, Format::Sukaku);
        assert_eq!(p.grid, board, "sukaku, puzzle {i}");
        assert_eq!(open_sets(&p), expected_sets(givens, &entries, &sets));
    }
}

#[test]
fn original_formats_keep_their_format_and_meaning() {
    let g: Grid = P.parse().unwrap();
    let p = read(P);
    assert_eq!((p.format, p.grid, p.candidates), (Format::Line, g, None));
    let p = read(&g.to_pretty());
    assert_eq!((p.format, p.grid), (Format::Block, g));
    // `+` between cells of a 9×9 block stays a separator there.
    let block: String = (0..9)
        .map(|r| format!("+{}\n", &P[r * 9..r * 9 + 9]))
        .collect();
    assert_eq!(read(&block).grid, g);
}

/// A HoDoKu-style framed grid (written here by hand in the style HoDoKu,
/// Simple Sudoku and SudokuWiki print).
const FRAMED: &str = "\
.----------------.----------------.------------------.
| 6    19   2    | 3    19   5    | 4     8     7    |
| 578  19   4    | 28   67   1679 | 3     159   1259 |
| 578  3    57   | 28   4    179  | 19    6     1259 |
:----------------+----------------+------------------:
| 3    *678 568  |*17   2    179  | 1679  159   4    |
| 57   4    1    | 6    379  8    | 2     3579  359  |
| 9    2    67   | 4    5    137  | 167   137   8    |
:----------------+----------------+------------------:
| 2    5    #367 |*17   8    1367 | 179   4     139  |
| 4    *67  9    | 5    1367 2    | 8     137   13   |
| 1    *78  378  | 9    37   4    | 5     2     6    |
'----------------'----------------'------------------'
";

#[test]
fn framed_candidate_grids_of_every_style() {
    let p = read(FRAMED);
    assert_eq!(p.format, Format::Candidates);
    assert_eq!(
        p.grid.to_string(),
        "6.23.5487..4...3...3..4..6.3...2...4.416.82..92.45...825..8..4.4.95.28..1..9.4526"
    );
    let c = p.candidates.unwrap();
    let set = |s: &str| -> DigitSet {
        s.bytes()
            .filter_map(|b| Digit::new(b - b'0'))
            .collect::<DigitSet>()
    };
    assert_eq!(c[Cell::at(3, 1).unwrap().index()], set("678"));
    assert_eq!(c[Cell::at(6, 2).unwrap().index()], set("367"));
    // The other frame styles of the same grid.
    let plus_style = FRAMED.replace(['.', '\'', ':'], "+");
    assert_eq!(read(&plus_style).grid, p.grid);
    let star_style = FRAMED
        .lines()
        .map(|l| {
            if l.contains("---") {
                if l.starts_with(':') {
                    "|-----------------+-----------------+-----------------|".to_string()
                } else {
                    "*-----------------------------------------------------*".to_string()
                }
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    assert_eq!(read(&star_style).grid, p.grid);
    let frameless: String = FRAMED
        .lines()
        .filter(|l| !l.contains("---"))
        .map(|l| l.replace(['|', '*', '#'], " ") + "\n")
        .collect();
    assert_eq!(read(&frameless).grid, p.grid);
    assert_eq!(read(&frameless).candidates, Some(c));
}

#[test]
fn hodoku_formats_of_values_only_and_givens() {
    // HoDoKu's "values only, formatted": single characters in its frame.
    let g: Grid = P.parse().unwrap();
    let framed = pm_grid(&g, &Grid::EMPTY, &[DigitSet::EMPTY; 81], false);
    assert!(framed.contains("| 4  .  . | .  3  . |"), "{framed}");
    let p = read(&framed);
    assert_eq!(p.grid, g);
    // A library line with a placed digit and two deletions.
    let line = format!(":0000:x:+4{}:513 613::", &P[1..]);
    let p = read(&line);
    assert_eq!(p.grid.get(Cell::at(0, 0).unwrap()), None);
    assert_eq!(p.entries.get(Cell::at(0, 0).unwrap()), Digit::new(4));
    let c = p.candidates.unwrap();
    assert!(!c[2].contains(Digit::new(5).unwrap()));
    assert!(!c[2].contains(Digit::new(6).unwrap()));
    assert!(c[2].contains(Digit::new(7).unwrap()));
}

#[test]
fn errors_name_line_and_position() {
    let bad = FRAMED.replace("| 57   4 ", "| 5x   4 ");
    let e = parse_text_located(&bad).unwrap_err();
    assert_eq!(e.line, 7);
    assert_eq!(
        e.to_string(),
        "line 7: r5c1: \"5x\" at position 3 is not a group of candidate digits 1-9"
    );
    let e = parse_text_located(&FRAMED.replace("| 57   4 ", "| 577  4 ")).unwrap_err();
    assert!(matches!(e.error, ParseError::BadCell { .. }), "{e}");
    // A row with eight cells in a candidate grid.
    let short = FRAMED.replace("| 4    *67  9    |", "| 4    *67       |");
    let e = parse_text_located(&short).unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 11: row 8 of the grid has 8 cells, expected 9"
    );
    // Library lines.
    let e = parse_text_located(&format!(":0000:x:{P}:513 6x3::")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 1: deleted candidate \"6x3\" at position 95 is not <digit><row><column>"
    );
    let e = parse_text_located(&format!(":0000:x:{}:::", &P[..80])).unwrap_err();
    assert_eq!(e.error, ParseError::WrongLength { found: 80 });
    // `+` before a blank.
    let e = parse_text_located(&format!("+.{}", &P[1..])).unwrap_err();
    assert_eq!(e.to_string(), "line 1: character '.' at position 2");
    // Sukaku: a cell without candidates, a digit out of its place.
    let g: Grid = P.parse().unwrap();
    let line = sukaku_line(&g, &Grid::EMPTY, &[DigitSet::ALL; 81]);
    let empty = format!("{}.........{}", &line[..18], &line[27..]);
    assert_eq!(
        parse_text_located(&empty).unwrap_err().to_string(),
        "line 1: r1c3: no candidate at position 19"
    );
    let moved = format!("{}21{}", &line[..9], &line[11..]);
    assert_eq!(
        parse_text_located(&moved).unwrap_err().to_string(),
        "line 1: character '2' at position 10"
    );
    // Spaced cells name the column of the bad cell.
    let spaced = spaced_line(&g).replacen('.', "?", 1);
    assert_eq!(
        parse_text_located(&spaced).unwrap_err().to_string(),
        "line 1: character '?' at position 3"
    );
}

#[test]
fn a_batch_mixes_formats_and_counts_lines() {
    let g: Grid = P.parse().unwrap();
    let text = format!(
        "# a comment\n{P}\n{FRAMED}\n{}\n{}\n",
        plus_line(&g, &Grid::EMPTY),
        spaced_line(&g)
    );
    let items: Vec<_> = PuzzleReader::new(text.as_bytes())
        .map(|r| r.unwrap())
        .collect();
    let lines: Vec<usize> = items.iter().map(|i| i.line).collect();
    assert_eq!(lines, vec![2, 4, 17, 18]);
    assert!(items.iter().all(|i| i.result.is_ok()));
    assert_eq!(items[1].text.len(), 81);
}

/// Strings made of the characters the formats use, so that the property
/// test reaches deep into every parser rather than failing on the first byte.
fn format_text() -> impl Strategy<Value = String> {
    let piece = prop::sample::select(vec![
        "1",
        "5",
        "9",
        "19",
        "578",
        "123456789",
        ".",
        "0",
        "+",
        "+7",
        "*",
        "#",
        "-",
        "|",
        " ",
        "  ",
        "\n",
        ":",
        "'",
        ".---.",
        ":---+---:",
        "x",
        "A",
        ":0000:x:",
        "513 ",
        "\r\n",
    ]);
    prop::collection::vec(piece, 0..400).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    #[test]
    fn the_reader_never_panics(text in format_text(), bytes in prop::collection::vec(any::<u8>(), 0..900)) {
        for input in [text.as_bytes(), &bytes[..]] {
            let mut last = 0;
            for item in PuzzleReader::new(input) {
                let item = item.unwrap();
                prop_assert!(item.line > last);
                last = item.line;
                if let Ok(p) = item.result {
                    // Whatever reads writes back and reads again the same.
                    let sets = p.candidates.unwrap_or([DigitSet::ALL; 81]);
                    let again = parse_text(&pm_grid(&p.grid, &p.entries, &sets, true)).unwrap();
                    // An empty cell with one candidate left reads back as placed.
                    let single = Cell::all().any(|c| {
                        p.grid.get(c).is_none() && p.entries.get(c).is_none() && sets[c.index()].len() == 1
                    });
                    if !single {
                        prop_assert_eq!(again.grid, p.grid);
                        prop_assert_eq!(again.entries, p.entries);
                    }
                }
            }
        }
        let _ = parse_text_located(&text);
    }

    #[test]
    fn mutated_writer_output_never_panics(seed in 0usize..1000, at in 0usize..2000, ch in any::<char>()) {
        let g: Grid = P.parse().unwrap();
        let (entries, sets) = position(&g, seed);
        for text in [
            pm_grid(&g, &entries, &sets, true),
            library_line(&g, &entries, &sets, Variant::Standard),
            sukaku_line(&g, &entries, &sets),
            spaced_line(&g),
            plus_line(&g, &entries),
        ] {
            let mut chars: Vec<char> = text.chars().collect();
            if !chars.is_empty() {
                let i = at % chars.len();
                chars[i] = ch;
            }
            let text: String = chars.into_iter().collect();
            let _ = parse_text_located(&text);
        }
    }
}
