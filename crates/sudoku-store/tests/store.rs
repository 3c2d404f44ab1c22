//! The puzzle database on both backends (a real SQLite file and, when
//! `SUDOKU_TEST_PG` names a server, a real PostgreSQL database): round trips,
//! overwrite, delete, sorting by every column, concurrent saves, scopes,
//! accounts, migrations, damaged rows and refused connections.

use std::collections::HashSet;
use sudoku_core::{Cell, Digit, DigitSet, Grid, Variant};
use sudoku_store::testing::TestDatabase;
use sudoku_store::{
    Column, Database, Location, MAX_MOVES, Progress, Puzzle, SCHEMA_VERSION, Scope, Sort, Stats,
    Status, Store, StoreError,
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
    for db in TestDatabase::all() {
        round_trip(&db);
    }
}

fn round_trip(db: &TestDatabase) {
    let mut p = sample("teuflisch-spezial-2", TEUFLISCH, Level::VeryHard, 377);
    p.variant = Variant::ColorDiagonal;
    let c = Cell::at(0, 2).expect("cell");
    p.entries.set(c, Digit::new(7));
    // An entry on a given is not kept.
    p.entries.set(Cell::at(0, 0).expect("cell"), Digit::new(9));
    let id = {
        let mut store = db.open().expect("open creates").connect().expect("connect");
        assert_eq!(store.schema_version().expect("version"), SCHEMA_VERSION);
        let rec = store.save(&p).expect("save");
        assert_eq!(rec.given_count, 23);
        assert_eq!(rec.status, Status::InProgress);
        rec.id
    };
    let mut store = db.open().expect("reopen").connect().expect("connect");
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
    for db in TestDatabase::all() {
        let mut store = db.open().expect("open").connect().expect("connect");
        overwrite_and_delete_on(&mut store);
    }
    overwrite_and_delete_on(&mut Store::open_in_memory().expect("memory"));
}

fn overwrite_and_delete_on(store: &mut Store) {
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
    for db in TestDatabase::all() {
        let mut store = db.open().expect("open").connect().expect("connect");
        sorting_on(&mut store);
    }
}

fn sorting_on(store: &mut Store) {
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
    for db in TestDatabase::all() {
        concurrent_saves(&db);
    }
}

fn concurrent_saves(db: &TestDatabase) {
    let database = db.open().expect("create");
    let threads: Vec<_> = (0..4)
        .map(|t| {
            // Each thread its own database handle, as separate servers have.
            let location = db.location().clone();
            std::thread::spawn(move || {
                let mut store = Database::open(&location)
                    .expect("open per thread")
                    .connect()
                    .expect("connect");
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
    let mut store = database.connect().expect("connect");
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
        "INSERT INTO puzzles VALUES ('broken', 'b', 'standard', ?1, ?2, 0, 0, 7, NULL, NULL, NULL, 0, NULL, NULL)",
        [&"x".repeat(81), &".".repeat(81)],
    )
    .expect("insert a damaged row");
    drop(raw);
    let mut store = Store::open(&path).expect("reopen");
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
    let mut store = Store::open(&path).expect("reopen");
    assert_eq!(
        store.load(&saved.id).expect("load").puzzle.progress,
        Some(progress())
    );
    // Out of bounds: a cell past 80, a mask with bit 0, too many moves.
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

#[test]
fn a_scope_hides_every_other_owners_puzzles() {
    for db in TestDatabase::all() {
        scopes(&db);
    }
}

fn scopes(db: &TestDatabase) {
    let database = db.open().expect("open");
    let within = |scope: Scope| database.connect().expect("connect").within(scope);
    let mut ann = within(Scope::User("ann".into()));
    let mut bob = within(Scope::User("bob".into()));
    let mut nobody = within(Scope::Unowned);
    let a = ann
        .save(&sample("ann's", EASY, Level::Easy, 49))
        .expect("save");
    let b = bob
        .save(&sample("bob's", TEUFLISCH, Level::VeryHard, 300))
        .expect("save");
    let n = nobody
        .save(&sample("no one's", EASY, Level::Easy, 50))
        .expect("save");
    // Every operation on another owner's id is "not found", and changes nothing.
    for (store, own, others) in [
        (&mut ann, &a, [&b, &n]),
        (&mut bob, &b, [&a, &n]),
        (&mut nobody, &n, [&a, &b]),
    ] {
        assert_eq!(store.count().expect("count"), 1);
        let listed = store.list(Sort::default()).expect("list");
        assert_eq!(listed.len(), 1);
        assert_eq!(listed[0].id, own.id);
        assert_eq!(
            store.load(&own.id).expect("own").puzzle.name,
            own.puzzle.name
        );
        for other in others {
            assert!(matches!(
                store.load(&other.id),
                Err(StoreError::NotFound(_))
            ));
            let mut changed = other.puzzle.clone();
            changed.name = "taken over".into();
            assert!(matches!(
                store.overwrite(&other.id, &changed),
                Err(StoreError::NotFound(_))
            ));
            assert!(matches!(
                store.delete(&other.id),
                Err(StoreError::NotFound(_))
            ));
        }
    }
    let mut all = database.connect().expect("connect");
    assert_eq!(all.count().expect("count"), 3);
    for r in [&a, &b, &n] {
        assert_eq!(
            all.load(&r.id).expect("untouched").puzzle.name,
            r.puzzle.name
        );
    }
    // An owner's own overwrite keeps the owner.
    let mut p = a.puzzle.clone();
    p.name = "ann's, renamed".into();
    ann.overwrite(&a.id, &p).expect("own overwrite");
    assert_eq!(bob.count().expect("count"), 1);
    assert_eq!(
        ann.list(Sort::default()).expect("list")[0].puzzle.name,
        "ann's, renamed"
    );
    ann.delete(&a.id).expect("own delete");
    assert_eq!(all.count().expect("count"), 2);
}

#[test]
fn accounts_and_sessions() {
    for db in TestDatabase::all() {
        let mut store = db.open().expect("open").connect().expect("connect");
        let ann = store
            .create_user("ann", "$argon2id$hash-a")
            .expect("register");
        assert!(matches!(
            store.create_user("ann", "$argon2id$other"),
            Err(StoreError::NameTaken(n)) if n == "ann"
        ));
        let bob = store
            .create_user("bob", "$argon2id$hash-b")
            .expect("register");
        assert_ne!(ann.id, bob.id);
        let (found, hash) = store.user_named("ann").expect("query").expect("ann");
        assert_eq!((found, hash.as_str()), (ann.clone(), "$argon2id$hash-a"));
        assert!(store.user_named("Ann").expect("query").is_none());
        let later = sudoku_store::now() + 3600;
        store
            .create_session("token-hash-1", &ann, "csrf-1", later)
            .expect("session");
        store
            .create_session("token-hash-old", &bob, "csrf-2", sudoku_store::now() - 1)
            .expect("session");
        let s = store.session("token-hash-1").expect("query").expect("live");
        assert_eq!(
            (s.user, s.csrf.as_str(), s.expires_at),
            (ann, "csrf-1", later)
        );
        assert!(
            store.session("token-hash-old").expect("query").is_none(),
            "expired"
        );
        assert!(store.session("nope").expect("query").is_none());
        assert_eq!(store.end_expired_sessions().expect("sweep"), 1);
        store.end_session("token-hash-1").expect("logout");
        assert!(store.session("token-hash-1").expect("query").is_none());
    }
}

#[test]
fn postgres_refuses_a_newer_schema_and_names_a_damaged_row() {
    let Some(db) = TestDatabase::postgres() else {
        return;
    };
    let good = db
        .open()
        .expect("create")
        .connect()
        .expect("connect")
        .save(&sample("good", EASY, Level::Easy, 49))
        .expect("save");
    db.raw_postgres(&format!(
        "INSERT INTO puzzles (id, name, variant, givens, entries, given_count, status, saved_at) \
         VALUES ('broken', 'b', 'standard', '{}', '{}', 0, 7, 0)",
        "x".repeat(81),
        ".".repeat(81)
    ));
    let mut store = db.open().expect("reopen").connect().expect("connect");
    assert_eq!(store.load(&good.id).expect("good row").puzzle.name, "good");
    let text = store.load("broken").expect_err("damaged").to_string();
    assert!(
        text.contains("'broken'") && text.contains("givens"),
        "{text}"
    );
    assert!(store.list(Sort::default()).is_err());
    drop(store);
    db.raw_postgres("UPDATE sudoku_schema SET version = 99");
    assert!(matches!(db.open(), Err(StoreError::TooNew { found: 99 })));
}

#[test]
fn postgres_connection_failures_are_named() {
    let Some(db) = TestDatabase::postgres() else {
        return;
    };
    let Location::Postgres(url) = db.location() else {
        unreachable!("a PostgreSQL test database");
    };
    // A wrong password: the server's refusal, with the password masked.
    let (head, tail) = url.split_once('@').expect("user@host");
    let user = head.rsplit_once(':').map_or(head, |(u, _)| u);
    let wrong: Location = format!("{user}:not-the-password@{tail}")
        .parse()
        .expect("url");
    let text = Database::open(&wrong)
        .expect_err("wrong password")
        .to_string();
    assert!(text.contains("password"), "{text}");
    assert!(!text.contains("not-the-password"), "{text}");
    // Nothing listens on port 1: refused quickly, naming the place.
    let nowhere: Location = "postgres://sudoku:pw@127.0.0.1:1/sudoku"
        .parse()
        .expect("url");
    let text = Database::open(&nowhere)
        .expect_err("unreachable")
        .to_string();
    assert!(
        text.contains("127.0.0.1:1/sudoku") && !text.contains(":pw@"),
        "{text}"
    );
    // A database that does not exist.
    let missing: Location = sudoku_store::testing::with_database(url, "no_such_database")
        .parse()
        .expect("url");
    let text = Database::open(&missing).expect_err("missing").to_string();
    assert!(text.contains("no_such_database"), "{text}");
    // A connection the server ends mid-session is "unavailable" (the web
    // server's 503), and the next connection from the pool works again.
    let database = db.open().expect("open");
    let mut store = database.connect().expect("connect");
    store.count().expect("count");
    db.raw_postgres(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
         WHERE datname = current_database() AND pid <> pg_backend_pid()",
    );
    let e = store.count().expect_err("the connection is gone");
    assert!(matches!(e, StoreError::Unavailable(_)), "{e}");
    drop(store);
    let mut again = database.connect().expect("a fresh connection");
    assert_eq!(again.count().expect("count"), 0);
}

#[test]
fn bad_locations_are_refused_before_connecting() {
    for (value, says) in [
        ("", "empty"),
        ("mysql://u@h/db", "mysql"),
        ("postgres://h/db", "no user"),
        ("postgres://u@h", "no database"),
        ("postgres://u:secret@h:notaport/db", "port"),
    ] {
        let e = value.parse::<Location>().expect_err(value).to_string();
        assert!(e.to_lowercase().contains(says), "{value}: {e}");
        assert!(!e.contains("secret"), "{e}");
    }
    assert!(matches!(
        "some/dir/puzzles.sqlite".parse::<Location>(),
        Ok(Location::Sqlite(_))
    ));
}
