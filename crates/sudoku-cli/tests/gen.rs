//! End-to-end tests of `sudoku gen`, `minimize`, `unavoidable` and `print`: the
//! binary as a user runs it, its answers checked by the other subcommands
//! (`count` for uniqueness, `rate` for the requested level), so a generator
//! that lies about uniqueness or difficulty fails here.

mod common;

use common::{EASY, assert_exit, run, stderr, stdout, temp_file};

/// The puzzles of a `gen` run in line format.
fn puzzles(args: &[&str]) -> Vec<String> {
    let out = run(args, "");
    assert_exit(&out, 0);
    stdout(&out).lines().map(str::to_string).collect()
}

/// Solution counts (capped at 2) of `puzzles` as `variant`, by `sudoku count`.
fn counts(puzzles: &[String], variant: &str) -> Vec<String> {
    let out = run(
        &["count", "--limit", "2", "--variant", variant],
        puzzles.join("\n"),
    );
    assert_exit(&out, 0);
    stdout(&out).lines().map(str::to_string).collect()
}

/// `sudoku rate --format json` of `puzzles`.
fn ratings(puzzles: &[String]) -> Vec<serde_json::Value> {
    let out = run(&["rate", "--format", "json"], puzzles.join("\n"));
    assert_exit(&out, 0);
    common::json_lines(&out)
}

fn clues(p: &str) -> usize {
    p.chars()
        .filter(|c| c.is_ascii_digit() && *c != '0')
        .count()
}

#[test]
fn puzzles_are_unique_in_every_variant_and_reproducible() {
    for variant in ["standard", "diagonal", "color", "color-diagonal"] {
        let args = [
            "gen",
            "--count",
            "3",
            "--seed",
            "11",
            "--variant",
            variant,
            "--jobs",
            "2",
        ];
        let ps = puzzles(&args);
        assert_eq!(ps.len(), 3, "{variant}");
        assert!(ps.iter().all(|p| p.len() == 81));
        assert_eq!(counts(&ps, variant), vec!["1"; 3], "{variant}");
        // Same seed, one thread: the same puzzles.
        let mut one = args.to_vec();
        one[8] = "1";
        assert_eq!(puzzles(&one), ps, "{variant}");
    }
}

#[test]
fn levels_rate_into_the_requested_band() {
    for (level, trainer) in [
        ("very-easy", "easy"),
        ("easy", "easy"),
        ("medium", "medium"),
        ("hard", "hard"),
        // The trainer's very hard: its search must guess (AI Escargot's
        // level), which `rate`, the trainer page and the database all report.
        ("very-hard", "very-hard"),
    ] {
        let ps = puzzles(&["gen", "--count", "3", "--seed", "5", "--level", level]);
        for r in ratings(&ps) {
            assert_eq!(r["status"], "unique", "{level}: {r}");
            assert_eq!(r["trainer_level"], trainer, "{level}: {r}");
            if level == "very-easy" {
                assert!(r["points"].as_f64().is_some_and(|p| p < 10.0), "{r}");
            }
            if level == "easy" {
                assert!(r["points"].as_f64().is_some_and(|p| p >= 10.0), "{r}");
            }
        }
    }
}

#[test]
fn scales_and_required_techniques_are_met() {
    let ps = puzzles(&["gen", "--count", "2", "--seed", "3", "--se", "7.0.."]);
    for r in ratings(&ps) {
        assert!(r["se"].as_f64().is_some_and(|se| se >= 7.0), "{r}");
    }
    let ps = puzzles(&["gen", "--count", "2", "--seed", "4", "--points", "150..300"]);
    for r in ratings(&ps) {
        let p = r["points"].as_f64().unwrap_or(0.0);
        assert!((150.0..=300.0).contains(&p), "{r}");
    }
    let ps = puzzles(&[
        "gen",
        "--seed",
        "6",
        "--require",
        "x-wing",
        "--level",
        "hard",
    ]);
    for r in ratings(&ps) {
        assert!(
            r["techniques"]["x-wing"].as_u64().is_some_and(|n| n > 0),
            "{r}"
        );
        assert_eq!(r["trainer_level"], "hard");
    }
    let ps = puzzles(&["gen", "--seed", "7", "--hodoku-level", "medium"]);
    for r in ratings(&ps) {
        assert_eq!(r["hodoku_level"], "Medium", "{r}");
    }
}

#[test]
fn rows_are_those_of_rate() {
    let out = run(
        &["gen", "--count", "2", "--seed", "9", "--format", "tsv"],
        "",
    );
    assert_exit(&out, 0);
    let text = stdout(&out);
    let rated = run(&["rate"], "");
    let header = stdout(&rated);
    assert_eq!(text.lines().next(), header.lines().next());
    assert_eq!(text.lines().count(), 3);
    let out = run(&["gen", "--seed", "9", "--format", "json"], "");
    let rows = common::json_lines(&out);
    assert_eq!(rows[0]["status"], "unique");
    assert_eq!(rows[0]["input"], "gen");
}

#[test]
fn clue_counts_symmetry_and_minimality() {
    let ps = puzzles(&["gen", "--count", "2", "--seed", "1", "--clues", "22"]);
    assert!(ps.iter().all(|p| clues(p) == 22), "{ps:?}");
    assert_eq!(counts(&ps, "standard"), vec!["1"; 2]);

    let ps = puzzles(&["gen", "--count", "2", "--seed", "2", "--symmetry", "rot180"]);
    for p in &ps {
        let b = p.as_bytes();
        for i in 0..81 {
            assert_eq!(b[i] == b'.', b[80 - i] == b'.', "{p}");
        }
    }
    assert_eq!(counts(&ps, "standard"), vec!["1"; 2]);

    // Minimal: minimize finds every given necessary.
    let ps = puzzles(&[
        "gen",
        "--count",
        "2",
        "--seed",
        "8",
        "--minimal",
        "--variant",
        "diagonal",
    ]);
    let out = run(&["minimize", "--variant", "diagonal"], ps.join("\n"));
    assert_exit(&out, 0);
    for line in stdout(&out).lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(f[2], "unique");
        assert_eq!(f[3], f[4], "givens == necessary: {line}");
        assert_eq!(f[3], f[6], "already minimal: {line}");
    }
}

#[test]
fn impossible_requests_fail_fast_with_a_reason() {
    let cases: [(&[&str], &str); 6] = [
        (&["gen", "--clues", "10"], "fewer than 17 clues"),
        (
            &["gen", "--level", "easy", "--require", "xy-chain"],
            "never need xy-chain",
        ),
        (&["gen", "--clues", "30..20"], "30 is above 20"),
        (&["gen", "--points", "50..20"], "50 is above 20"),
        (&["gen", "--clues", "22", "--symmetry", "rot90"], "orbit"),
        (&["gen", "--level", "medium", "--se", "7.."], "singles"),
    ];
    for (args, reason) in cases {
        let out = run(args, "");
        assert_exit(&out, 2);
        assert!(stderr(&out).contains(reason), "{args:?}: {}", stderr(&out));
        assert!(stdout(&out).is_empty());
    }
}

#[test]
fn timeout_reports_how_far_it_got() {
    let out = run(
        &[
            "gen",
            "--count",
            "100000",
            "--level",
            "hard",
            "--timeout",
            "0.3",
            "--seed",
            "1",
        ],
        "",
    );
    assert_exit(&out, 1);
    let err = stderr(&out);
    assert!(err.contains("stopped by --timeout"), "{err}");
    assert!(err.contains("of 100000 puzzles"), "{err}");
    // What was found is still written, and unique.
    let ps: Vec<String> = stdout(&out).lines().map(str::to_string).collect();
    assert!(!ps.is_empty());
    assert!(counts(&ps, "standard").iter().all(|c| c == "1"));
}

#[test]
fn minimize_reports_necessary_givens_and_paths() {
    let out = run(&["minimize", "--all-paths", "20", "--seed", "1", EASY], "");
    assert_exit(&out, 0);
    let text = stdout(&out);
    let row: Vec<&str> = text.lines().nth(1).expect("one row").split('\t').collect();
    assert_eq!(row[2], "unique");
    assert_eq!(row[3], "32");
    let minimal = row[5].to_string();
    assert_eq!(clues(&minimal).to_string(), row[6]);
    let total: usize = row[8]
        .split(',')
        .map(|kv| {
            kv.split(':')
                .nth(1)
                .and_then(|n| n.parse::<usize>().ok())
                .unwrap_or(0)
        })
        .sum();
    assert_eq!(total, 20);
    assert_eq!(counts(&[minimal], "standard"), vec!["1"]);

    let out = run(&["minimize", &".".repeat(81)], "");
    assert_exit(&out, 1);
    assert!(stdout(&out).contains("multiple"));
}

#[test]
fn unavoidable_sets_really_are() {
    let grid = "123456789456789123789123456214365897365897214897214365531642978642978531978531642";
    let out = run(&["unavoidable", grid], "");
    assert_exit(&out, 0);
    let text = stdout(&out);
    let rows: Vec<Vec<&str>> = text
        .lines()
        .skip(1)
        .map(|l| l.split('\t').collect())
        .collect();
    assert!(rows.iter().any(|r| r[2] == "4"));
    assert!(rows.iter().any(|r| r[2] == "6"));
    // Emptying any listed set leaves several solutions.
    let holed: Vec<String> = rows
        .iter()
        .map(|r| {
            let mut g: Vec<u8> = grid.bytes().collect();
            for cell in r[3].split(',') {
                let b = cell.as_bytes();
                let (row, col) = ((b[1] - b'1') as usize, (b[3] - b'1') as usize);
                g[row * 9 + col] = b'.';
            }
            String::from_utf8(g).unwrap_or_default()
        })
        .collect();
    assert!(counts(&holed, "standard").iter().all(|c| c == "2"));

    let out = run(&["unavoidable", &".".repeat(81)], "");
    assert_exit(&out, 1);
    assert!(stdout(&out).contains("more than one solution"));
}

/// The text of every string shown by `Tj` in an uncompressed PDF: literal
/// `(...)` strings (unescaped) and hexadecimal `<...>` ones (decoded).
fn pdf_strings(pdf: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(pdf);
    let mut out = Vec::new();
    for line in text.lines() {
        let Some(body) = line.strip_suffix(" Tj") else {
            continue;
        };
        if let Some(hex) = body.strip_prefix('<').and_then(|b| b.strip_suffix('>')) {
            let bytes: Vec<u8> = (0..hex.len() / 2)
                .filter_map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).ok())
                .collect();
            out.push(String::from_utf8_lossy(&bytes).into_owned());
        } else if let Some(lit) = body.strip_prefix('(').and_then(|b| b.strip_suffix(')')) {
            out.push(
                lit.replace("\\(", "(")
                    .replace("\\)", ")")
                    .replace("\\\\", "\\"),
            );
        }
    }
    out
}

#[test]
fn print_writes_a_pdf_with_titles_and_solutions() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let input = temp_file("print-input.txt", format!("{EASY}\nnot a puzzle\n{EASY}\n"));
    let pdf = dir.join("print-test.pdf");
    let _ = std::fs::remove_file(&pdf);
    let out = std::process::Command::new(common::BIN)
        .args(["print", "--solutions", "--per-page", "1", "--pdf"])
        .arg(&pdf)
        .arg(&input)
        .env("SUDOKU_PDF_UNCOMPRESSED", "1")
        .output()
        .expect("run sudoku print");
    // One line is not a puzzle: reported, left out, the rest printed.
    assert_exit(&out, 1);
    assert!(stderr(&out).contains("left out"), "{}", stderr(&out));
    let bytes = std::fs::read(&pdf).expect("PDF written");
    assert!(bytes.starts_with(b"%PDF"));
    let strings = pdf_strings(&bytes);
    assert!(
        strings
            .iter()
            .any(|s| s.starts_with("#1 (line 1)") && s.contains("level easy")),
        "{strings:?}"
    );
    assert!(
        strings.iter().any(|s| s.starts_with("#2 (line 3)")),
        "{strings:?}"
    );
    assert!(
        strings.iter().any(|s| s.starts_with("Solution: #2")),
        "{strings:?}"
    );
    // Two puzzle pages, two solution pages.
    let text = String::from_utf8_lossy(&bytes);
    assert_eq!(
        text.matches("/Type /Page\n").count() + text.matches("/Type/Page/").count(),
        4
    );

    // With poppler's tools installed, the file must also render and extract.
    if let Ok(o) = std::process::Command::new("pdftotext")
        .arg(&pdf)
        .arg("-")
        .output()
        && o.status.success()
    {
        let t = String::from_utf8_lossy(&o.stdout);
        assert!(t.contains("#1 (line 1)"), "{t}");
    }
    if let Ok(o) = std::process::Command::new("pdftoppm")
        .args(["-png", "-r", "30", "-f", "1", "-l", "1"])
        .arg(&pdf)
        .arg(dir.join("print-test"))
        .output()
    {
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
}

#[test]
fn gen_pdf_prints_what_it_generates() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let pdf = dir.join("gen-test.pdf");
    let out = std::process::Command::new(common::BIN)
        .args([
            "gen",
            "--count",
            "6",
            "--seed",
            "2",
            "--level",
            "hard",
            "--per-page",
            "6",
            "--pdf",
        ])
        .arg(&pdf)
        .env("SUDOKU_PDF_UNCOMPRESSED", "1")
        .output()
        .expect("run sudoku gen");
    assert_exit(&out, 0);
    assert_eq!(stdout(&out).lines().count(), 6);
    let strings = pdf_strings(&std::fs::read(&pdf).expect("PDF written"));
    for i in 1..=6 {
        let id = format!("#{i} (seed 2)");
        assert!(
            strings
                .iter()
                .any(|s| s.starts_with(&id) && s.contains("level hard")),
            "{strings:?}"
        );
    }
    let out = run(&["gen", "--per-page", "5", "--pdf", "x.pdf"], "");
    assert_exit(&out, 2);
    assert!(stderr(&out).contains("1, 4 or 6"));
}

#[test]
fn low_clue_counts_are_exact_and_unique() {
    for (variant, n, seed) in [("standard", "21", "2"), ("diagonal", "15", "3")] {
        let args = [
            "gen",
            "--count",
            "2",
            "--seed",
            seed,
            "--variant",
            variant,
            "--clues",
            n,
            "--jobs",
            "2",
        ];
        let ps = puzzles(&args);
        assert_eq!(ps.len(), 2, "{variant}");
        assert!(
            ps.iter().all(|p| clues(p).to_string() == n),
            "{variant}: {ps:?}"
        );
        assert_eq!(counts(&ps, variant), vec!["1"; 2], "{variant}");
        // The walk (diagonal 15; the standard walk is tested in sudoku-gen,
        // where it runs optimized) and the fresh grids are driven by the seed
        // alone: one thread gives the same.
        let mut one = args.to_vec();
        one[10] = "1";
        assert_eq!(puzzles(&one), ps, "{variant}");
    }
}

#[test]
fn an_unlikely_low_count_stops_at_the_timeout_with_the_walks_report() {
    let out = run(
        &["gen", "--clues", "17", "--timeout", "0.5", "--seed", "1"],
        "",
    );
    assert_exit(&out, 1);
    let err = stderr(&out);
    assert!(err.contains("stopped by --timeout"), "{err}");
    assert!(err.contains("low-clue walks reached"), "{err}");
    assert!(err.contains("(seed 1)"), "{err}");
}

#[test]
fn gen_first_line_continues_the_seeds_sequence() {
    let whole = puzzles(&["gen", "--count", "5", "--seed", "21", "--jobs", "2"]);
    assert_eq!(whole.len(), 5);
    let mut pieces = puzzles(&["gen", "--count", "2", "--seed", "21"]);
    pieces.extend(puzzles(&[
        "gen",
        "--count",
        "3",
        "--seed",
        "21",
        "--first-line",
        "3",
        "--jobs",
        "1",
    ]));
    assert_eq!(pieces, whole);
    // Another seed gives other puzzles, so the equality above is no accident.
    assert_ne!(
        puzzles(&["gen", "--count", "3", "--seed", "22", "--first-line", "3"]),
        whole[2..]
    );

    // TSV: the header only on the piece that starts at line 1, rows numbered
    // as in the whole run.
    let tsv = |args: &[&str]| {
        let out = run(args, "");
        assert_exit(&out, 0);
        stdout(&out)
    };
    let whole = tsv(&["gen", "--count", "3", "--seed", "4", "--format", "tsv"]);
    let head = tsv(&["gen", "--count", "1", "--seed", "4", "--format", "tsv"]);
    let tail = tsv(&[
        "gen",
        "--count",
        "2",
        "--seed",
        "4",
        "--format",
        "tsv",
        "--first-line",
        "2",
    ]);
    assert!(tail.starts_with("2\t"), "{tail}");
    assert_eq!(format!("{head}{tail}"), whole);
}

#[test]
fn gen_first_line_needs_a_seed_and_a_line_number() {
    let out = run(&["gen", "--count", "2", "--first-line", "5"], "");
    assert_exit(&out, 2);
    assert_eq!(stdout(&out), "");
    assert_eq!(
        stderr(&out),
        "sudoku: error: --first-line 5 continues the sequence of puzzles of a seed: give that --seed\n"
    );
    let out = run(&["gen", "--seed", "1", "--first-line", "0"], "");
    assert_exit(&out, 2);
    assert!(
        stderr(&out).contains("line numbers start at 1"),
        "{}",
        stderr(&out)
    );
}
