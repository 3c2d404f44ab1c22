//! The puzzle database against a real SQLite file: round trips, overwrite,
//! delete, sorting by every column, concurrent saves, migrations and damaged rows.

use std::collections::HashSet;
use sudoku_core::{Cell, Digit, DigitSet, Grid, Variant};
use sudoku_store::{
    Column, MAX_MOVES, Progress, Puzzle, SCHEMA_VERSION, Sort, Stats, Status, Store, StoreError,
};
use sudoku_trainer::Level;

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const TEUFLISCH: &str =
    "14...68......5...2....94.6...4...........8.3675...19.....3...1..9......58.....7..";

fn grid(line: &str) -> Grid {
    line.parse().expect("test grid")
}

fn sample(name: &str, line: &str, level: Level, steps: u64) -> Puzzle {
    Puzzle {
        level: Some(level),
        stats: Some(Stats {
            steps_lazy: steps,
            steps_strict: steps / 2,
            backtrack_runs: steps / 10,
        }),
        ..Puzzle::new(name, grid(line), Variant::Standard)
    }
}

fn temp_db() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("nested").join("puzzles.sqlite");
    (dir, path)
}

#[test]
fn save_load_round_trip_survives_reopening() {
    let (_dir, path) = temp_db();
    let mut p = sample("teuflisch-spezial-2", TEUFLISCH, Level::VeryHard, 377);
    p.variant = Variant::ColorDiagonal;
    let c = Cell::at(0, 2).expect("cell");
    p.entries.set(c, Digit::new(7));
    // An entry on a given is not kept.
    p.entries.set(Cell::at(0, 0).expect("cell"), Digit::new(9));
    let id = {
        let mut store = Store::open(&path).expect("open creates the file");
        assert_eq!(store.schema_version().expect("version"), SCHEMA_VERSION);
        let rec = store.save(&p).expect("save");
        assert_eq!(rec.given_count, 23);
        assert_eq!(rec.status, Status::InProgress);
        rec.id
    };
    let store = Store::open(&path).expect("reopen");
    let rec = store.load(&id).expect("load");
    assert_eq!(rec.puzzle.name, "teuflisch-spezial-2");
    assert_eq!(rec.puzzle.variant, Variant::ColorDiagonal);
    assert_eq!(rec.puzzle.givens, grid(TEUFLISCH));
    assert_eq!(rec.puzzle.entries.get(c), Digit::new(7));
    assert_eq!(rec.puzzle.entries.filled(), 1);
    assert_eq!(rec.puzzle.level, Some(Level::VeryHard));
    assert_eq!(rec.puzzle.stats, p.stats);
    assert_eq!(rec.date().len(), 10);
    // The record is JSON for the web layer.
    let json = serde_json::to_value(&rec).expect("json");
    assert_eq!(json["level"], "very-hard");
    assert_eq!(json["variant"], "color-diagonal");
}

#[test]
fn overwrite_and_delete() {
    let mut store = Store::open_in_memory().expect("memory");
    let rec = store
        .save(&sample("first", EASY, Level::Easy, 49))
        .expect("save");
    let other = store
        .save(&sample("second", TEUFLISCH, Level::VeryHard, 300))
        .expect("save");
    let mut changed = rec.puzzle.clone();
    changed.name = "renamed".into();
    changed.entries = sudoku_solve::solve(&changed.givens, Variant::Standard).expect("solvable");
    let after = store.overwrite(&rec.id, &changed).expect("overwrite");
    assert_eq!(after.id, rec.id);
    assert_eq!(after.status, Status::Solved);
    let loaded = store.load(&rec.id).expect("load");
    assert_eq!(loaded.puzzle.name, "renamed");
    assert_eq!(loaded.status, Status::Solved);
    assert_eq!(store.count().expect("count"), 2);
    assert!(matches!(
        store.overwrite("nope", &changed),
        Err(StoreError::NotFound(id)) if id == "nope"
    ));
    store.delete(&rec.id).expect("delete");
    assert!(matches!(store.load(&rec.id), Err(StoreError::NotFound(_))));
    assert!(matches!(
        store.delete(&rec.id),
        Err(StoreError::NotFound(_))
    ));
    assert_eq!(
        store.load(&other.id).expect("untouched").puzzle.name,
        "second"
    );
    let long = Puzzle::new(&"x".repeat(201), grid(EASY), Variant::Standard);
    assert!(matches!(
        store.save(&long),
        Err(StoreError::NameTooLong(201))
    ));
}

#[test]
fn sorting_by_every_column_both_ways() {
    let mut store = Store::open_in_memory().expect("memory");
    let mut puzzles = vec![
        sample("beta", EASY, Level::Medium, 60),
        sample("Alpha", TEUFLISCH, Level::VeryHard, 377),
        sample("gamma", &".".repeat(81), Level::Easy, 81),
        Puzzle::new("delta", grid(EASY), Variant::Diagonal),
    ];
    puzzles[0]
        .entries
        .set(Cell::at(0, 0).expect("cell"), Digit::new(4));
    for p in &puzzles {
        store.save(p).expect("save");
    }
    for column in Column::ALL {
        let up = store
            .list(Sort {
                column,
                descending: false,
            })
            .expect("list");
        let down = store
            .list(Sort {
                column,
                descending: true,
            })
            .expect("list");
        assert_eq!(up.len(), 4);
        let key = |r: &sudoku_store::Record| -> (bool, String) {
            let stats = r.puzzle.stats;
            let num = |v: Option<u64>| (v.is_none(), format!("{:020}", v.unwrap_or(0)));
            match column {
                Column::Id => (false, r.id.clone()),
                Column::Name => (false, r.puzzle.name.to_lowercase()),
                Column::Givens => num(Some(u64::from(r.given_count))),
                Column::Status => (false, format!("{:?}", r.status as u8)),
                Column::StepsLazy => num(stats.map(|s| s.steps_lazy)),
                Column::StepsStrict => num(stats.map(|s| s.steps_strict)),
                Column::Level => num(r.puzzle.level.map(|l| l as u64)),
                Column::BacktrackRuns => num(stats.map(|s| s.backtrack_runs)),
                Column::Date => num(Some(r.saved_at as u64)),
                Column::Variant => (false, r.puzzle.variant.name().to_string()),
            }
        };
        let keys: Vec<_> = up.iter().map(key).collect();
        assert!(keys.windows(2).all(|w| w[0] <= w[1]), "{column}: {keys:?}");
        // Descending: unknown values first, then the largest.
        let keys: Vec<_> = down.iter().map(key).collect();
        assert!(keys.windows(2).all(|w| w[0] >= w[1]), "{column}: {keys:?}");
        let ids_up: HashSet<_> = up.iter().map(|r| r.id.clone()).collect();
        let ids_down: HashSet<_> = down.iter().map(|r| r.id.clone()).collect();
        assert_eq!(ids_up, ids_down);
    }
    let by_name = store
        .list(Sort {
            column: Column::Name,
            descending: false,
        })
        .expect("list");
    let names: Vec<_> = by_name.iter().map(|r| r.puzzle.name.as_str()).collect();
    assert_eq!(names, ["Alpha", "beta", "delta", "gamma"]);
    let by_level = store
        .list(Sort {
            column: Column::Level,
            descending: true,
        })
        .expect("list");
    let levels: Vec<_> = by_level.iter().map(|r| r.puzzle.level).collect();
    assert_eq!(
        levels,
        [
            None,
            Some(Level::VeryHard),
            Some(Level::Medium),
            Some(Level::Easy)
        ]
    );
}

#[test]
fn concurrent_saves_lose_nothing() {
    let (_dir, path) = temp_db();
    Store::open(&path).expect("create");
    let threads: Vec<_> = (0..4)
        .map(|t| {
            let path = path.clone();
            std::thread::spawn(move || {
                let mut store = Store::open(&path).expect("open per thread");
                (0..40)
                    .map(|i| {
                        store
                            .save(&sample(&format!("t{t}-{i}"), EASY, Level::Easy, i))
                            .expect("save")
                            .id
                    })
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    let mut ids = HashSet::new();
    for t in threads {
        for id in t.join().expect("thread") {
            assert!(ids.insert(id), "duplicate id");
        }
    }
    let store = Store::open(&path).expect("reopen");
    assert_eq!(store.count().expect("count"), 160);
    let listed: HashSet<_> = store
        .list(Sort::default())
        .expect("list")
        .into_iter()
        .map(|r| r.id)
        .collect();
    assert_eq!(listed, ids);
}

#[test]
fn a_newer_file_is_refused_and_a_damaged_row_is_named() {
    let (_dir, path) = temp_db();
    let mut store = Store::open(&path).expect("create");
    let good = store
        .save(&sample("good", EASY, Level::Easy, 49))
        .expect("save");
    drop(store);
    let raw = rusqlite::Connection::open(&path).expect("raw");
    raw.execute(
        "INSERT INTO puzzles VALUES ('broken', 'b', 'standard', ?1, ?2, 0, 0, 7, NULL, NULL, NULL, 0, NULL)",
        [&"x".repeat(81), &".".repeat(81)],
    )
    .expect("insert a damaged row");
    drop(raw);
    let store = Store::open(&path).expect("reopen");
    assert_eq!(store.load(&good.id).expect("good row").puzzle.name, "good");
    let err = store.load("broken").expect_err("damaged");
    let text = err.to_string();
    assert!(
        text.contains("'broken'") && text.contains("givens"),
        "{text}"
    );
    assert!(store.list(Sort::default()).is_err());
    drop(store);
    let raw = rusqlite::Connection::open(&path).expect("raw");
    raw.execute_batch("PRAGMA user_version = 99").expect("bump");
    drop(raw);
    assert!(matches!(
        Store::open(&path),
        Err(StoreError::TooNew { found: 99 })
    ));
}

#[test]
fn a_file_that_is_not_a_database_is_refused_with_its_path() {
    let (dir, _) = temp_db();
    let path = dir.path().join("notes.txt");
    std::fs::write(
        &path,
        "this is not SQLite, just some text that is long enough ".repeat(40),
    )
    .expect("write");
    let err = Store::open(&path).expect_err("not a database");
    let text = err.to_string();
    assert!(text.contains("notes.txt"), "{text}");
    // The file is left as it was.
    assert!(
        std::fs::read_to_string(&path)
            .expect("read")
            .starts_with("this is not SQLite")
    );
}

fn progress() -> Progress {
    let mut marks = [DigitSet::EMPTY; 81];
    marks[3] = [1, 4, 7].iter().filter_map(|&d| Digit::new(d)).collect();
    Progress {
        marks,
        elapsed_ms: 83_500,
        undo: vec![
            vec![[3, 1, 0, 0b1001_0010]],
            vec![[4, 0, 0, 5], [3, 1, 146, 18]],
        ],
        redo: vec![vec![[7, 0, 0, 2]]],
    }
}

#[test]
fn progress_round_trips_and_bad_progress_is_refused() {
    let (_dir, path) = temp_db();
    let mut p = sample("with marks", TEUFLISCH, Level::VeryHard, 10);
    p.progress = Some(progress());
    let saved = Store::open(&path).expect("open").save(&p).expect("save");
    let store = Store::open(&path).expect("reopen");
    assert_eq!(
        store.load(&saved.id).expect("load").puzzle.progress,
        Some(progress())
    );
    // Out of bounds: a cell past 80, a mask with bit 0, too many moves.
    let mut store = store;
    for bad in [
        Progress {
            undo: vec![vec![[81, 0, 0, 1]]],
            ..progress()
        },
        Progress {
            undo: vec![vec![[3, 1, 0, 1]]],
            ..progress()
        },
        Progress {
            redo: vec![vec![[3, 0, 0, 1]]; MAX_MOVES + 1],
            ..progress()
        },
        Progress {
            undo: vec![vec![]],
            ..progress()
        },
    ] {
        let mut q = p.clone();
        q.progress = Some(bad);
        let e = store.save(&q).expect_err("refused");
        assert!(matches!(e, StoreError::BadProgress(_)), "{e}");
        let e = store.overwrite(&saved.id, &q).expect_err("refused");
        assert!(matches!(e, StoreError::BadProgress(_)), "{e}");
    }
    assert_eq!(store.count().expect("count"), 1, "nothing half-written");
    // A row damaged from outside is named.
    let raw = rusqlite::Connection::open(&path).expect("raw");
    raw.execute("UPDATE puzzles SET progress = '{\"marks\": 3}'", [])
        .expect("damage");
    let e = store.load(&saved.id).expect_err("bad row");
    assert!(e.to_string().contains("bad progress"), "{e}");
}

#[test]
fn a_version_one_file_is_migrated_and_keeps_its_rows() {
    let (_dir, path) = temp_db();
    std::fs::create_dir_all(path.parent().expect("dir")).expect("mkdir");
    let raw = rusqlite::Connection::open(&path).expect("raw");
    raw.execute_batch(
        "CREATE TABLE puzzles (
            id TEXT PRIMARY KEY NOT NULL, name TEXT NOT NULL, variant TEXT NOT NULL,
            givens TEXT NOT NULL CHECK (length(givens) = 81),
            entries TEXT NOT NULL CHECK (length(entries) = 81),
            given_count INTEGER NOT NULL, status INTEGER NOT NULL, level INTEGER,
            steps_lazy INTEGER, steps_strict INTEGER, backtrack_runs INTEGER,
            saved_at INTEGER NOT NULL);
         PRAGMA user_version = 1;",
    )
    .expect("v1 schema");
    raw.execute(
        "INSERT INTO puzzles VALUES ('old1', 'from v1', 'standard', ?1, ?2, 25, 0, NULL, NULL, NULL, NULL, 1700000000)",
        [TEUFLISCH, &".".repeat(81)],
    )
    .expect("v1 row");
    drop(raw);
    let mut store = Store::open(&path).expect("migrates");
    assert_eq!(store.schema_version().expect("version"), SCHEMA_VERSION);
    let old = store.load("old1").expect("the old row");
    assert_eq!(old.puzzle.name, "from v1");
    assert_eq!(old.puzzle.progress, None);
    let mut p = old.puzzle.clone();
    p.progress = Some(progress());
    store
        .overwrite("old1", &p)
        .expect("overwrite with progress");
    assert_eq!(
        store.load("old1").expect("load").puzzle.progress,
        Some(progress())
    );
}
