//! `sudoku db` end to end: import with names and levels, bad lines named, export
//! in every format and back, sorted listings, and an import killed mid-write that
//! leaves a readable file with whole batches only.

mod common;

use common::{BIN, EASY, HARD, assert_exit, run, stderr, stdout};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use sudoku_store::testing::TestDatabase;
use sudoku_store::{Sort, Store};

const TEUFLISCH: &str =
    "14...68......5...2....94.6...4...........8.3675...19.....3...1..9......58.....7..";

fn db_args<'a>(db: &'a Path, rest: &[&'a str]) -> Vec<&'a str> {
    let mut v = vec!["db", "--db", db.to_str().expect("utf-8 temp path")];
    v.extend_from_slice(rest);
    v
}

fn setup() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("puzzles.sqlite");
    (dir, db)
}

#[test]
fn import_names_levels_and_bad_lines() {
    let (dir, db) = setup();
    let file = dir.path().join("collection.txt");
    let text = format!(
        "givens\tname\tlevel\n# a comment\n{EASY}\n{TEUFLISCH}\tteuflisch-spezial-2\tSehr schwer\n\n{}\n{HARD}\tx\tfiendish\n{HARD}\ttop1\n",
        &EASY[..80]
    );
    std::fs::write(&file, text).expect("write");
    let out = run(&db_args(&db, &["import", file.to_str().expect("path")]), "");
    assert_eq!(
        out.status.code(),
        Some(1),
        "bad lines make the exit status 1"
    );
    let err = stderr(&out);
    assert!(err.contains("collection.txt: line 6: "), "{err}");
    assert!(
        err.contains("collection.txt: line 7: unknown level 'fiendish'"),
        "{err}"
    );
    assert!(
        stdout(&out).starts_with("imported 3 puzzles"),
        "{}",
        stdout(&out)
    );

    let mut store = Store::open(&db).expect("open");
    let records = store.list(Sort::default()).expect("list");
    let by_name = |n: &str| {
        records
            .iter()
            .find(|r| r.puzzle.name == n)
            .unwrap_or_else(|| panic!("{n} imported"))
    };
    let t = by_name("teuflisch-spezial-2");
    assert_eq!(t.puzzle.level, Some(sudoku_trainer::Level::VeryHard));
    assert!(t.puzzle.stats.is_some());
    let easy = by_name("collection.txt:3");
    assert_eq!(easy.puzzle.level, Some(sudoku_trainer::Level::Easy));
    assert_eq!(easy.given_count, 32);
    assert!(by_name("top1").puzzle.stats.is_some());
}

/// Unique as diagonal Sudoku (30,619 solutions as standard).
const DIAG_UNIQUE: &str =
    "000490062000000017130005000000000070360700490000000000600000900800000000002300700";
/// Five solutions as diagonal Sudoku.
const DIAG_FIVE: &str =
    "010000000002000304050092080008070000003000100000030600070000010804000900000000020";

fn dots(line: &str) -> String {
    line.replace('0', ".")
}

#[test]
fn export_formats_round_trip_and_sort() {
    let (dir, db) = setup();
    let input = format!("{DIAG_UNIQUE}\tb-unique\n{DIAG_FIVE}\ta-five\n");
    let out = run(
        &db_args(&db, &["import", "-", "--variant", "diagonal"]),
        input,
    );
    assert!(out.status.success(), "{}", stderr(&out));

    let lines = stdout(&run(&db_args(&db, &["export", "--sort", "name"]), ""));
    assert_eq!(
        lines,
        format!("{}\n{}\n", dots(DIAG_FIVE), dots(DIAG_UNIQUE))
    );
    let desc = stdout(&run(
        &db_args(&db, &["export", "--sort", "name", "--desc"]),
        "",
    ));
    assert_eq!(
        desc,
        format!("{}\n{}\n", dots(DIAG_UNIQUE), dots(DIAG_FIVE))
    );

    let tsv = stdout(&run(
        &db_args(&db, &["export", "--format", "tsv", "--sort", "givens"]),
        "",
    ));
    let rows: Vec<Vec<&str>> = tsv.lines().map(|l| l.split('\t').collect()).collect();
    assert_eq!(rows.len(), 3);
    assert!(rows.iter().all(|r| r.len() == 12));
    assert_eq!(rows[0][..3], ["givens", "name", "level"]);
    assert_eq!(rows[1][4], "diagonal");
    let givens: Vec<u32> = rows[1..]
        .iter()
        .map(|r| r[6].parse().expect("given count"))
        .collect();
    assert!(givens[0] <= givens[1], "{givens:?}");
    let level_of = |name: &str| {
        rows.iter()
            .find(|r| r[1] == name)
            .map(|r| r[2].to_string())
            .unwrap_or_default()
    };
    assert_eq!(level_of("a-five"), "extremely-hard");
    assert_ne!(level_of("b-unique"), "extremely-hard");

    let json = stdout(&run(&db_args(&db, &["export", "--format", "json"]), ""));
    assert_eq!(json.lines().count(), 2);
    for line in json.lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("JSON line");
        assert_eq!(v["variant"], "diagonal");
        assert!(v["id"].is_string() && v["date"].is_string());
    }

    // The TSV export imports into a fresh database with names and levels.
    let tsv_file = dir.path().join("export.tsv");
    std::fs::write(&tsv_file, &tsv).expect("write");
    let db2 = dir.path().join("second.sqlite");
    let out = run(
        &db_args(
            &db2,
            &[
                "import",
                tsv_file.to_str().expect("path"),
                "--variant",
                "diagonal",
                "--no-rate",
            ],
        ),
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let a = Store::open(&db)
        .expect("a")
        .list(Sort::default())
        .expect("list");
    let b = Store::open(&db2)
        .expect("b")
        .list(Sort::default())
        .expect("list");
    let key = |r: &sudoku_store::Record| (r.puzzle.name.clone(), r.puzzle.givens, r.puzzle.level);
    let mut ka: Vec<_> = a.iter().map(key).collect();
    let mut kb: Vec<_> = b.iter().map(key).collect();
    ka.sort();
    kb.sort();
    assert_eq!(ka, kb);

    let table = stdout(&run(
        &db_args(&db, &["list", "--sort", "level", "--desc"]),
        "",
    ));
    let body: Vec<&str> = table.lines().collect();
    assert!(body[0].starts_with("id"), "{table}");
    assert!(body[1].contains("a-five"), "{table}");
    assert!(body[2].contains("b-unique"), "{table}");
}

#[test]
fn usage_errors_are_named() {
    let (dir, db) = setup();
    let out = run(&db_args(&db, &["list", "--sort", "colour"]), "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("unknown column 'colour'"),
        "{}",
        stderr(&out)
    );
    let missing = dir.path().join("missing.txt");
    let out = run(
        &db_args(&db, &["import", missing.to_str().expect("path")]),
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("cannot open"), "{}", stderr(&out));
    // A directory where the database file should be.
    let out = run(&db_args(dir.path(), &["list"]), "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("cannot open the puzzle database"),
        "{}",
        stderr(&out)
    );
}

/// Issue 36: a file with a NUL line imported nothing on PostgreSQL (the
/// server refused the whole batch, exit 2) while SQLite imported the rest.
/// Now both name every bad line — a NUL in the name or in the puzzle, bytes
/// that are not UTF-8, a puzzle too short — skip it, import the rest and
/// exit with 1, with the same words on both.
#[test]
fn bad_lines_with_nul_are_skipped_alike_on_sqlite_and_postgres() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("nul.txt");
    let mut text = Vec::new();
    text.extend_from_slice(format!("{EASY}\n{EASY}\tna\0me\n\0{}\n", &EASY[1..]).as_bytes());
    text.extend_from_slice(b"\xff\xfe");
    text.extend_from_slice(format!("{EASY}\n{}\n{TEUFLISCH}\tteuflisch\n", &EASY[..80]).as_bytes());
    std::fs::write(&file, text).expect("write");
    let mut seen = Vec::new();
    for db in TestDatabase::all() {
        let target = match db.location() {
            sudoku_store::Location::Sqlite(path) => {
                path.to_str().expect("utf-8 temp path").to_string()
            }
            sudoku_store::Location::Postgres(url) => url.clone(),
        };
        let out = run(
            &[
                "db",
                "--db",
                &target,
                "import",
                file.to_str().expect("path"),
            ],
            "",
        );
        assert_exit(&out, 1);
        assert_eq!(
            stdout(&out),
            format!(
                "imported 2 puzzles into {}\nskipped 4 bad lines\n",
                db.location()
            )
        );
        let err = stderr(&out);
        assert!(!err.contains('\0'), "{err:?}");
        let mut names: Vec<String> = db
            .open()
            .expect("open")
            .connect()
            .expect("connect")
            .list(Sort::default())
            .expect("list")
            .into_iter()
            .map(|r| r.puzzle.name)
            .collect();
        names.sort();
        assert_eq!(names, ["nul.txt:1", "teuflisch"], "{db:?}");
        seen.push(err);
    }
    let nul = "a NUL character (U+0000) in the line";
    let first = &seen[0];
    for line in [
        format!("sudoku: nul.txt: line 2: {nul}\n"),
        format!("sudoku: nul.txt: line 3: {nul}\n"),
        "sudoku: nul.txt: line 4: not UTF-8 text\n".to_string(),
        "sudoku: nul.txt: line 5: ".to_string(),
    ] {
        assert!(first.contains(&line), "{line:?} in {first}");
    }
    assert_eq!(first.lines().count(), 4, "{first}");
    for other in &seen[1..] {
        assert_eq!(other, first, "the same words on both backends");
    }
}

/// Kills an import while it writes and reopens the file: it opens, every row
/// reads back whole, only whole batches (transactions) are there, and importing
/// again works.
#[test]
fn an_import_killed_mid_write_leaves_a_consistent_file() {
    let (dir, db) = setup();
    let big = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/17-clue.txt");
    let mut child = Command::new(BIN)
        .args(db_args(&db, &["import", big.to_str().expect("path")]))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start import");
    // Wait until some batches are committed, then kill it in the middle.
    let start = Instant::now();
    loop {
        std::thread::sleep(Duration::from_millis(50));
        let rows = Store::open(&db)
            .ok()
            .and_then(|mut s| s.count().ok())
            .unwrap_or(0);
        if rows >= 512 || start.elapsed() > Duration::from_secs(60) {
            break;
        }
    }
    child.kill().expect("kill the import");
    let status = child.wait().expect("reap");
    assert!(
        !status.success(),
        "the import was still running when killed"
    );

    let mut store = Store::open(&db).expect("reopens after the kill");
    let rows = store.count().expect("count");
    assert!(rows >= 512, "{rows}");
    assert!(rows < 49_158, "killed before the end");
    assert_eq!(
        rows % sudoku_cli_batch() as u64,
        0,
        "only whole batches: {rows}"
    );
    let records = store.list(Sort::default()).expect("every row reads back");
    assert!(
        records
            .iter()
            .all(|r| r.puzzle.givens.filled() == 17 && r.puzzle.stats.is_some())
    );
    drop(store);

    let small = dir.path().join("one.txt");
    std::fs::write(&small, format!("{EASY}\n")).expect("write");
    let out = run(
        &db_args(&db, &["import", small.to_str().expect("path")]),
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        Store::open(&db).expect("open").count().expect("count"),
        rows + 1
    );
}

/// The import's rows per transaction (`db::IMPORT_BATCH` in the binary).
fn sudoku_cli_batch() -> usize {
    256
}
