//! End-to-end tests of the `sudoku` binary: every test runs the built executable as
//! a user would and compares whole outputs, so a failure shows what a user would
//! see. Puzzles are easy ones (HoDoKu "Easy", 21–29 givens) so the suite stays fast
//! whatever solver sits behind the API.

mod common;

use common::{BIN, NO_SOLUTION, assert_exit, run, spawn, stderr, stdout, temp_file};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};
use sudoku_core::{Grid, Variant};

/// HoDoKu "Easy" puzzles and their solutions.
const EASY: [(&str, &str); 3] = [
    (
        "900630000000409700070005030321000000000000007000000050003000610050080043806140000",
        "915637284238419765674825139321574896589361427467298351743952618152786943896143572",
    ),
    (
        "000000072640000001900070300508000400090730000000005100000040000000080900073029060",
        "385914672647352891921876345568291437194738256732465189259643718416587923873129564",
    ),
    (
        "005370200006208000040010000050000000000000103000096000000030019007020056800000740",
        "985374261716258934243619587159743628674582193328196475562437819497821356831965742",
    ),
];

/// 30,619 solutions as standard Sudoku, exactly one as every other variant.
const VARIANT_PUZZLE: &str =
    "000490062000000017130005000000000070360700490000000000600000900800000000002300700";
/// Its one solution as diagonal, colour and colour-diagonal Sudoku.
const VARIANT_SOLUTION: &str =
    "758491362924683517136275849249836175361752498587914623613527984875149236492368751";

/// Asserts the whole text, showing a line-by-line diff on failure.
#[track_caller]
fn assert_text(actual: &str, expected: &str) {
    if actual == expected {
        return;
    }
    let a: Vec<&str> = actual.lines().collect();
    let e: Vec<&str> = expected.lines().collect();
    let mut diff = String::new();
    for i in 0..a.len().max(e.len()) {
        match (e.get(i), a.get(i)) {
            (Some(x), Some(y)) if x == y => diff += &format!("  {:>4} {x}\n", i + 1),
            (x, y) => {
                if let Some(x) = x {
                    diff += &format!("- {:>4} {x}\n", i + 1);
                }
                if let Some(y) = y {
                    diff += &format!("+ {:>4} {y}\n", i + 1);
                }
            }
        }
    }
    if a.len() == e.len() {
        diff += "(lines equal; trailing newline or whitespace differs)\n";
    }
    panic!("output differs (- expected, + actual):\n{diff}");
}

fn lines(items: &[&str]) -> String {
    items.iter().map(|l| format!("{l}\n")).collect()
}

/// The HoDoKu "Easy" puzzles from the shared data set, or the three above when it
/// is not there.
fn easy_puzzles(n: usize) -> Vec<String> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/data/hodoku-levels.txt"
    );
    let from_file: Vec<String> = std::fs::read_to_string(path)
        .map(|text| {
            text.lines()
                .skip_while(|l| l.trim() != "Easy")
                .skip(1)
                .take_while(|l| l.len() >= 81)
                .take(n)
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default();
    if from_file.len() == n {
        from_file
    } else {
        EASY.iter()
            .cycle()
            .take(n)
            .map(|(p, _)| p.to_string())
            .collect()
    }
}

#[track_caller]
fn assert_solves(solution: &str, puzzle: &str, variant: Variant) {
    let s: Grid = solution.parse().expect("solution parses");
    let p: Grid = puzzle.parse().expect("puzzle parses");
    assert!(
        s.is_solution_of(&p, variant),
        "{solution} does not solve {puzzle}"
    );
}

// ---------------------------------------------------------------- solve formats

#[test]
fn solve_line_prints_one_solution_per_puzzle() {
    let input = lines(&EASY.map(|(p, _)| p));
    let out = run(&["solve"], input.as_bytes());
    assert_text(&stdout(&out), &lines(&EASY.map(|(_, s)| s)));
    assert_exit(&out, 0);
    assert_eq!(stderr(&out), "");
}

#[test]
fn solve_grid_separates_puzzles_by_a_blank_line() {
    let out = run(
        &["solve", "--format", "grid", EASY[0].0, "12", NO_SOLUTION],
        b"",
    );
    let expected = "\
9 1 5 | 6 3 7 | 2 8 4
2 3 8 | 4 1 9 | 7 6 5
6 7 4 | 8 2 5 | 1 3 9
------+-------+------
3 2 1 | 5 7 4 | 8 9 6
5 8 9 | 3 6 1 | 4 2 7
4 6 7 | 2 9 8 | 3 5 1
------+-------+------
7 4 3 | 9 5 2 | 6 1 8
1 5 2 | 7 8 6 | 9 4 3
8 9 6 | 1 4 3 | 5 7 2

invalid: argument \"12\" is not a puzzle (expected 81 cells, found 2) and not a file either

none
";
    assert_text(&stdout(&out), expected);
    assert_exit(&out, 1);
}

#[test]
fn solve_json_has_every_field() {
    let input = format!(
        "# header\n{}\n{VARIANT_PUZZLE}\n{NO_SOLUTION}\nxyz?\n",
        EASY[0].0
    );
    let out = run(&["solve", "--format", "json"], input.as_bytes());
    let text = stdout(&out);
    let rows: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    assert_eq!(rows.len(), 4, "{text}");
    for row in &rows {
        for key in [
            "input", "line", "puzzle", "variant", "status", "solution", "count", "error",
        ] {
            assert!(row.get(key).is_some(), "missing {key} in {row}");
        }
        assert_eq!(row["input"], "-");
        assert_eq!(row["variant"], "standard");
    }
    assert_eq!(rows[0]["line"], 2);
    assert_eq!(rows[0]["puzzle"], EASY[0].0);
    assert_eq!(rows[0]["status"], "unique");
    assert_eq!(rows[0]["solution"], EASY[0].1);
    assert_eq!(rows[0]["count"], 1);
    assert_eq!(rows[0]["error"], serde_json::Value::Null);

    assert_eq!(rows[1]["status"], "multiple");
    assert_eq!(rows[1]["count"], 2);
    let first = rows[1]["solution"].as_str().expect("a first solution");
    assert_solves(first, VARIANT_PUZZLE, Variant::Standard);

    assert_eq!(rows[2]["status"], "none");
    assert_eq!(rows[2]["count"], 0);
    assert_eq!(rows[2]["solution"], serde_json::Value::Null);

    assert_eq!(rows[3]["line"], 5);
    assert_eq!(rows[3]["status"], "invalid");
    assert_eq!(rows[3]["error"], "line 5: character '?' at position 4");
    assert_eq!(rows[3]["count"], serde_json::Value::Null);
    assert_exit(&out, 1);
}

#[test]
fn solve_line_prints_first_solution_of_multiple() {
    let out = run(&["solve", VARIANT_PUZZLE], b"");
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 1);
    assert_solves(text.trim_end(), VARIANT_PUZZLE, Variant::Standard);
    assert_exit(&out, 0);
}

#[test]
fn letters_in_letters_out() {
    let to_letters = |s: &str| -> String {
        s.chars()
            .map(|c| match c {
                '1'..='9' => char::from(b'A' + (c as u8 - b'1')),
                _ => '.',
            })
            .collect()
    };
    let puzzle = to_letters(EASY[1].0);
    let out = run(&["solve", &puzzle], b"");
    assert_text(&stdout(&out), &lines(&[&to_letters(EASY[1].1)]));
    let out = run(&["solve", "--format", "json", &puzzle], b"");
    let row: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    assert_eq!(row["solution"], to_letters(EASY[1].1));
    assert_eq!(row["puzzle"], puzzle);
    let out = run(&["solve", "--format", "grid", &puzzle], b"");
    let first_row = stdout(&out).lines().next().map(str::to_string);
    // 385 914 672 in letters
    assert_eq!(first_row.as_deref(), Some("C H E | I A D | F G B"));
}

// ---------------------------------------------------------------- count

#[test]
fn count_without_limit() {
    let out = run(
        &[
            "count",
            "000000089406009200000630000000000050000004000001720030010000008075000000032070060",
            "000000003007000009063007000000026800400000000000009200000240010180000040070100060",
            EASY[2].0,
            NO_SOLUTION,
        ],
        b"",
    );
    assert_text(&stdout(&out), "3\n127\n1\n0\n");
    assert_exit(&out, 1);
}

#[test]
fn count_with_limit_caps_the_number() {
    let out = run(&["count", "--limit", "100", VARIANT_PUZZLE, EASY[0].0], b"");
    assert_text(&stdout(&out), "100\n1\n");
    assert_exit(&out, 0);
}

#[test]
fn count_json_status_stays_exact_under_limit_1() {
    let out = run(
        &[
            "count",
            "--limit",
            "1",
            "--format",
            "json",
            VARIANT_PUZZLE,
            EASY[0].0,
        ],
        b"",
    );
    let rows: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(rows[0]["status"], "multiple");
    assert_eq!(rows[0]["count"], 1);
    assert_solves(
        rows[0]["solution"].as_str().expect("solution"),
        VARIANT_PUZZLE,
        Variant::Standard,
    );
    assert_eq!(rows[1]["status"], "unique");
    assert_eq!(rows[1]["solution"], EASY[0].1);
    assert_eq!(rows[1]["input"], "arg");
    assert_exit(&out, 0);
}

#[test]
fn count_invalid_line_is_one_line() {
    let input = format!("{}\n{}?\n", EASY[0].0, &EASY[0].0[..80]);
    let out = run(&["count"], input.as_bytes());
    assert_text(
        &stdout(&out),
        "1\ninvalid: line 2: character '?' at position 81\n",
    );
    assert_exit(&out, 1);
}

// ---------------------------------------------------------------- variants

#[test]
fn variants_make_the_puzzle_unique() {
    for variant in ["diagonal", "x", "color", "dg", "color-diagonal"] {
        let out = run(&["count", "--variant", variant, VARIANT_PUZZLE], b"");
        assert_text(&stdout(&out), "1\n");
        let out = run(&["solve", "--variant", variant, VARIANT_PUZZLE], b"");
        assert_text(&stdout(&out), &lines(&[VARIANT_SOLUTION]));
        assert_exit(&out, 0);
    }
    let out = run(
        &[
            "solve",
            "--variant",
            "x",
            "--format",
            "json",
            VARIANT_PUZZLE,
        ],
        b"",
    );
    let row: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    assert_eq!(row["variant"], "diagonal");
    assert_eq!(row["status"], "unique");
}

#[test]
fn diagonal_count_of_readme_puzzle() {
    let out = run(
        &[
            "count",
            "--variant",
            "diagonal",
            "010000000002000304050092080008070000003000100000030600070000010804000900000000020",
        ],
        b"",
    );
    assert_text(&stdout(&out), "5\n");
}

#[test]
fn duplicate_on_a_diagonal_is_invalid_only_for_diagonal_variants() {
    // r1c1 and r9c9 both 5: fine as standard, a clash on the main diagonal.
    let mut cells = [b'0'; 81];
    cells[0] = b'5';
    cells[80] = b'5';
    let puzzle = String::from_utf8(cells.to_vec()).expect("ASCII");
    let out = run(&["count", "--limit", "1", &puzzle], b"");
    assert_text(&stdout(&out), "1\n");
    let out = run(&["count", "--variant", "x", &puzzle], b"");
    assert_text(
        &stdout(&out),
        "invalid: two 5s in main diagonal (r1c1, r9c9)\n",
    );
    assert_exit(&out, 1);
}

// ---------------------------------------------------------------- inputs

#[test]
fn stdin_dash_file_and_puzzle_string_in_argument_order() {
    let file = temp_file("inputs.txt", lines(&[EASY[1].0]).as_bytes());
    let file = file.to_str().expect("UTF-8 path");
    let out = run(
        &["solve", EASY[0].0, file, "-", EASY[2].0],
        lines(&[EASY[2].0]).as_bytes(),
    );
    assert_text(
        &stdout(&out),
        &lines(&[EASY[0].1, EASY[1].1, EASY[2].1, EASY[2].1]),
    );
    assert_exit(&out, 0);

    let out = run(&["solve", "--format", "json", file], b"");
    let row: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    assert_eq!(row["input"], file);
}

#[test]
fn no_input_reads_stdin() {
    let out = run(&["count"], lines(&[EASY[0].0, EASY[1].0]).as_bytes());
    assert_text(&stdout(&out), "1\n1\n");
}

#[test]
fn comments_blank_lines_and_blocks() {
    let [r1, r2, r3, r4, r5, r6, r7, r8, r9] =
        std::array::from_fn(|r| &EASY[1].0[r * 9..r * 9 + 9]);
    let input = format!(
        "# a comment\n\n   \n{}  name and rating\n# another\n\n{r1}\n{r2}\n{r3}\n{r4}\n{r5}\n{r6}\n{r7}\n{r8}\n{r9}\n\n{}\n",
        EASY[0].0, EASY[2].0
    );
    let out = run(&["solve", "--format", "json"], input.as_bytes());
    let rows: Vec<(u64, String)> = stdout(&out)
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("JSON");
            (
                v["line"].as_u64().expect("line"),
                v["solution"].as_str().expect("solution").to_string(),
            )
        })
        .collect();
    assert_eq!(
        rows,
        vec![
            (4, EASY[0].1.to_string()),
            (7, EASY[1].1.to_string()),
            (17, EASY[2].1.to_string()),
        ]
    );
}

#[test]
fn mistyped_file_name_says_it_is_not_a_file_either() {
    let out = run(&["solve", "puzles.txt"], b"");
    assert_text(
        &stdout(&out),
        "invalid: argument \"puzles.txt\" is not a puzzle (expected 81 cells, found 10) and not a file either\n",
    );
    assert_exit(&out, 1);
}

#[test]
fn empty_argument_still_gets_its_line() {
    let out = run(&["count", "", EASY[0].0], b"");
    assert_text(
        &stdout(&out),
        "invalid: argument \"\" is not a puzzle (empty input) and not a file either\n1\n",
    );
}

// ---------------------------------------------------------------- garbage

#[test]
fn garbage_lines_are_reported_and_the_batch_goes_on() {
    let dup = format!(
        "{}{}",
        &EASY[0].0[..7],
        &EASY[0].0[7..].replacen('0', "9", 1)
    );
    let input = lines(&[
        EASY[0].0,
        "123",
        &format!("{}!{}", &EASY[1].0[..22], &EASY[1].0[23..]),
        &dup,
        "",
        &format!("{}{}", EASY[2].0, "1"),
        EASY[2].0,
    ]);
    let out = run(&["solve"], input.as_bytes());
    assert_text(
        &stdout(&out),
        &lines(&[
            EASY[0].1,
            "invalid: line 2: expected 81 cells, found 3",
            "invalid: line 3: character '!' at position 23",
            "invalid: line 4: two 9s in row 1 (r1c1, r1c8)",
            "invalid: line 6: expected 81 cells, found 82",
            EASY[2].1,
        ]),
    );
    assert_exit(&out, 1);
    assert_eq!(stderr(&out), "");
}

#[test]
fn binary_junk_never_panics() {
    // xorshift: deterministic bytes, including NUL, CR, LF and invalid UTF-8.
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut junk: Vec<u8> = (0..200_000)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 24) as u8
        })
        .collect();
    junk.extend_from_slice(format!("\n{}\n", EASY[0].0).as_bytes());
    for format in ["line", "json"] {
        let out = run(&["solve", "--format", format], &junk);
        assert_exit(&out, 1);
        assert_eq!(stderr(&out), "");
        let text = stdout(&out);
        let all: Vec<&str> = text.lines().collect();
        let (last, rest) = all.split_last().expect("some output");
        assert!(rest.len() > 100, "junk produced {} lines", rest.len());
        if format == "line" {
            assert_eq!(*last, EASY[0].1);
            assert!(rest.iter().all(|l| l.starts_with("invalid: line ")));
        } else {
            for l in rest {
                let v: serde_json::Value = serde_json::from_str(l).expect("JSON");
                assert_eq!(v["status"], "invalid");
            }
        }
    }
}

#[test]
fn ten_megabyte_line_is_one_invalid_line() {
    let mut input = vec![b'1'; 10 << 20];
    input.push(b'\n');
    input.extend_from_slice(lines(&[EASY[0].0]).as_bytes());
    let out = run(&["solve"], &input);
    assert_text(
        &stdout(&out),
        &lines(&[
            "invalid: line 1: line too long (more than 65536 bytes)",
            EASY[0].1,
        ]),
    );
    assert_exit(&out, 1);
}

// ---------------------------------------------------------------- order and jobs

#[test]
fn order_is_kept_with_two_jobs() {
    let mut puzzles = easy_puzzles(400);
    // Invalid lines sprinkled in, so a reordering would show.
    for i in (0..puzzles.len()).step_by(37) {
        puzzles[i] = format!("bad{i}");
    }
    let input = lines(&puzzles.iter().map(String::as_str).collect::<Vec<_>>());
    let two = run(&["solve", "--jobs", "2"], input.as_bytes());
    let one = run(&["solve", "--jobs", "1"], input.as_bytes());
    assert_text(&stdout(&two), &stdout(&one));
    let text = stdout(&two);
    let answers: Vec<&str> = text.lines().collect();
    assert_eq!(answers.len(), puzzles.len());
    for (i, (puzzle, answer)) in puzzles.iter().zip(&answers).enumerate() {
        if puzzle.starts_with("bad") {
            assert_eq!(
                *answer,
                format!(
                    "invalid: line {}: expected 81 cells, found {}",
                    i + 1,
                    puzzle.len()
                )
            );
        } else {
            assert_solves(answer, puzzle, Variant::Standard);
        }
    }
}

#[test]
fn count_order_is_kept_with_two_jobs() {
    let puzzles = [VARIANT_PUZZLE, EASY[0].0, NO_SOLUTION, "?"].repeat(100);
    let input = lines(&puzzles);
    let out = run(&["count", "--jobs", "2", "--limit", "7"], input.as_bytes());
    let expected = lines(&[
        "7",
        "1",
        "0",
        "invalid: line 4: character '?' at position 1",
    ]);
    let expected: String = (0..100)
        .map(|i| expected.replace("line 4:", &format!("line {}:", 4 * i + 4)))
        .collect();
    assert_text(&stdout(&out), &expected);
}

// ---------------------------------------------------------------- exit codes

#[test]
fn exit_codes() {
    assert_exit(&run(&["solve", EASY[0].0], b""), 0);
    assert_exit(&run(&["solve", NO_SOLUTION], b""), 1);
    assert_exit(&run(&["count", "oops"], b""), 1);
    for args in [
        &["solve", "--variant", "hex", EASY[0].0][..],
        &["solve", "--format", "xml"],
        &["count", "--format", "grid"],
        &["count", "--limit", "0"],
        &["solve", "--jobs", "0"],
        &["frobnicate"],
        &[],
    ] {
        let out = run(args, b"");
        assert_exit(&out, 2);
        assert_eq!(stdout(&out), "", "{args:?}");
    }
}

#[test]
fn unreadable_input_is_a_usage_error_naming_the_path() {
    let dir = env!("CARGO_TARGET_TMPDIR");
    let out = run(&["solve", EASY[0].0, dir], b"");
    assert_exit(&out, 2);
    // Reported before any work is done.
    assert_eq!(stdout(&out), "");
    assert_text(
        &stderr(&out),
        &format!("sudoku: error: {dir}: is a directory, not a file of puzzles\n"),
    );
}

#[test]
fn help_documents_formats_and_exit_status() {
    for cmd in ["solve", "count"] {
        let out = run(&[cmd, "--help"], b"");
        assert_exit(&out, 0);
        let text = stdout(&out);
        for needle in [
            "--format",
            "--variant",
            "--jobs",
            "EXIT STATUS",
            "invalid: <reason>",
        ] {
            assert!(
                text.contains(needle),
                "{cmd} --help lacks {needle}:\n{text}"
            );
        }
    }
}

// ---------------------------------------------------------------- broken pipe

/// `sudoku solve big.txt | head -1` used to be the classic way to get a panic
/// ("failed printing to stdout: Broken pipe") from a Rust CLI.
#[test]
fn broken_pipe_exits_quietly() {
    let puzzles = easy_puzzles(400);
    let mut big = String::new();
    for _ in 0..50 {
        for p in &puzzles {
            big.push_str(p);
            big.push('\n');
        }
    }
    let file = temp_file("broken-pipe.txt", big.as_bytes());
    for jobs in ["1", "2"] {
        let mut child = Command::new(BIN)
            .args(["solve", "--format", "json", "--jobs", jobs])
            .arg(&file)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start sudoku");
        let mut out = BufReader::new(child.stdout.take().expect("piped"));
        let mut first = String::new();
        out.read_line(&mut first).expect("one line");
        assert!(first.contains("\"status\":\"unique\""), "{first}");
        drop(out);
        let mut err = String::new();
        child
            .stderr
            .take()
            .expect("piped")
            .read_to_string(&mut err)
            .expect("stderr");
        let status = child.wait().expect("wait");
        assert_eq!(err, "", "stderr after a broken pipe");
        assert!(
            status.success(),
            "exit status after a broken pipe: {status}"
        );
    }
}

// ---------------------------------------------------------------- streaming

/// Guards against the pipelined writer holding finished answers back until the
/// next chunk is full or stdin closes: `producer | sudoku solve | consumer` and a
/// person typing puzzles must get each answer as soon as it exists.
#[test]
fn answer_comes_before_stdin_closes() {
    for jobs in ["1", "2"] {
        let mut child = spawn(&["solve", "--jobs", jobs], Stdio::piped());
        let mut stdin = child.stdin.take().expect("piped");
        let mut out = BufReader::new(child.stdout.take().expect("piped"));
        let (tx, rx) = std::sync::mpsc::channel();
        let reader = std::thread::spawn(move || {
            for _ in 0..2 {
                let mut line = String::new();
                out.read_line(&mut line).expect("read answer");
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        let timeout = std::time::Duration::from_secs(20);
        for (puzzle, solution) in &EASY[..2] {
            writeln!(stdin, "{puzzle}").expect("write puzzle");
            stdin.flush().expect("flush");
            let answer = rx.recv_timeout(timeout);
            if answer.is_err() {
                let _ = child.kill();
            }
            assert_eq!(
                answer.expect("answer while stdin is still open").trim_end(),
                *solution,
                "--jobs {jobs}"
            );
        }
        drop(stdin);
        assert!(child.wait().expect("wait").success());
        reader.join().expect("reader");
    }
}

/// `--jobs 1` must not start a thread pool: only the main thread and the reader.
#[cfg(target_os = "linux")]
#[test]
fn jobs_1_starts_no_thread_pool() {
    for (jobs, threads) in [("1", 2), ("3", 5)] {
        let mut child = spawn(&["solve", "--jobs", jobs], Stdio::null());
        let mut stdin = child.stdin.take().expect("piped");
        let mut out = BufReader::new(child.stdout.take().expect("piped"));
        writeln!(stdin, "{}", EASY[0].0).expect("write puzzle");
        stdin.flush().expect("flush");
        let mut line = String::new();
        // Answered while stdin stays open (see answer_comes_before_stdin_closes).
        out.read_line(&mut line).expect("answer");
        let tasks = std::fs::read_dir(format!("/proc/{}/task", child.id()))
            .expect("task list")
            .count();
        drop(stdin);
        assert!(child.wait().expect("wait").success());
        assert_eq!(tasks, threads, "threads with --jobs {jobs}");
    }
}

/// `solve --format line` stops at the first solution while the JSON formats also
/// look for a second one: a puzzle with many solutions must still show the same
/// first solution everywhere.
#[test]
fn first_solution_is_the_same_in_every_format() {
    let line = stdout(&run(&["solve", VARIANT_PUZZLE], b""));
    let from_json = |args: &[&str]| -> String {
        let v: serde_json::Value = serde_json::from_str(&stdout(&run(args, b""))).expect("JSON");
        format!("{}\n", v["solution"].as_str().expect("solution"))
    };
    assert_text(
        &from_json(&["solve", "--format", "json", VARIANT_PUZZLE]),
        &line,
    );
    assert_text(
        &from_json(&["count", "--format", "json", "--limit", "5", VARIANT_PUZZLE]),
        &line,
    );
}

// ---------------------------------------------------------------- --first-line

/// A file with every kind of line a piece of a larger file may start with: a
/// comment, a blank line, puzzles, a puzzle with a trailing field, bad lines.
fn mixed_input() -> String {
    lines(&[
        "# three easy puzzles and some trouble",
        EASY[0].0,
        "123",
        "",
        &format!("{} name", EASY[1].0),
        &format!("{}!{}", &EASY[2].0[..22], &EASY[2].0[23..]),
        EASY[2].0,
        NO_SOLUTION,
    ])
}

#[test]
fn first_line_shifts_line_numbers_in_output_and_errors() {
    let input = lines(&[EASY[0].0, "123", "", &format!("{}!", &EASY[1].0[..80])]);
    let out = run(&["solve", "--first-line", "1001"], input.as_bytes());
    assert_text(
        &stdout(&out),
        &lines(&[
            EASY[0].1,
            "invalid: line 1002: expected 81 cells, found 3",
            "invalid: line 1004: character '!' at position 81",
        ]),
    );
    assert_exit(&out, 1);
    assert_eq!(stderr(&out), "");

    let out = run(
        &["count", "--format", "json", "--first-line", "41", "-"],
        input.as_bytes(),
    );
    let rows = common::json_lines(&out);
    let numbers: Vec<_> = rows.iter().map(|r| r["line"].clone()).collect();
    assert_eq!(numbers, [41, 42, 44]);
    assert_eq!(
        rows[1]["error"], "line 42: expected 81 cells, found 3",
        "{rows:?}"
    );

    // A file is numbered the same way; a puzzle argument has no line to shift.
    let file = temp_file("first-line.txt", &input);
    let file = file.to_str().expect("UTF-8 path");
    let out = run(&["solve", "--first-line", "7", file, "oops"], b"");
    assert_text(
        &stdout(&out),
        &lines(&[
            EASY[0].1,
            "invalid: line 8: expected 81 cells, found 3",
            "invalid: line 10: character '!' at position 81",
            "invalid: argument \"oops\" is not a puzzle (expected 81 cells, found 4) and not a file either",
        ]),
    );
}

#[test]
fn first_line_pieces_concatenate_to_the_whole_output() {
    let input = mixed_input();
    let all: Vec<&str> = input.lines().collect();
    for args in [
        &["solve"][..],
        &["solve", "--format", "grid"],
        &["solve", "--format", "json"],
        &["count", "--limit", "2"],
        &["rate"],
        &["rate", "--format", "json"],
        &["explain", "--format", "json"],
        &["explain"],
        // Its random paths are seeded by line number: the whole file's numbers.
        &[
            "minimize",
            "--format",
            "tsv",
            "--all-paths",
            "3",
            "--seed",
            "5",
        ],
    ] {
        let whole = run(args, input.as_bytes());
        // Cut after every line but the first (a first piece of comments alone
        // would leave nothing for the next one to be separated from).
        for cut in 2..all.len() {
            let (a, b) = all.split_at(cut);
            let first = run(args, lines(a));
            let line = (cut + 1).to_string();
            let rest_args: Vec<&str> = args
                .iter()
                .copied()
                .chain(["--first-line", &line])
                .collect();
            let rest = run(&rest_args, lines(b));
            assert_text(
                &format!("{}{}", stdout(&first), stdout(&rest)),
                &stdout(&whole),
            );
            // The exit status of the whole is the worse of the pieces'.
            let worst = first.status.code().max(rest.status.code());
            assert_eq!(worst, whole.status.code(), "{args:?} cut at {cut}");
        }
    }
}

#[test]
fn first_line_zero_or_not_a_number_is_a_usage_error() {
    for (value, reason) in [
        ("0", "line numbers start at 1, so N must be 1 or more"),
        ("-3", "'-3' is not a line number (1 or more)"),
        ("x", "'x' is not a line number (1 or more)"),
    ] {
        for cmd in ["solve", "count", "rate", "explain", "minimize"] {
            let out = run(&[cmd, &format!("--first-line={value}"), EASY[0].0], b"");
            assert_exit(&out, 2);
            assert_eq!(stdout(&out), "", "{cmd} {value}");
            let err = stderr(&out);
            assert!(
                err.contains(&format!(
                    "invalid value '{value}' for '--first-line <N>': {reason}"
                )),
                "{cmd} {value}: {err}"
            );
        }
    }
}
