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
            .create_user("ann", "ann", "$argon2id$hash-a")
            .expect("register");
        assert!(matches!(
            store.create_user("ann", "ann-2", "$argon2id$other"),
            Err(StoreError::NameTaken(n)) if n == "ann"
        ));
        // Another name with the same key (a lookalike) is taken too.
        assert!(matches!(
            store.create_user("ANN", "ann", "$argon2id$other"),
            Err(StoreError::NameTaken(n)) if n == "ANN"
        ));
        assert!(matches!(
            store.create_user("carl", "", "$argon2id$other"),
            Err(StoreError::BadText { .. })
        ));
        let bob = store
            .create_user("bob", "bob", "$argon2id$hash-b")
            .expect("register");
        assert_ne!(ann.id, bob.id);
        let (found, hash) = store.user_named("ann").expect("query").expect("ann");
        assert_eq!((found, hash.as_str()), (ann.clone(), "$argon2id$hash-a"));
        assert!(store.user_named("Ann").expect("query").is_none());
        let (found, hash) = store.user_by_key("bob").expect("query").expect("bob");
        assert_eq!((found, hash.as_str()), (bob.clone(), "$argon2id$hash-b"));
        assert!(store.user_by_key("carl").expect("query").is_none());
        assert!(store.user_by_key("ANN").expect("query").is_none());
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

/// The version 3 schema (before name keys, throttling and idempotency), as
/// each backend had it, to test the migration to version 4.
const V3_SQLITE: &str = "
    CREATE TABLE puzzles (
        id TEXT PRIMARY KEY NOT NULL, name TEXT NOT NULL, variant TEXT NOT NULL,
        givens TEXT NOT NULL CHECK (length(givens) = 81),
        entries TEXT NOT NULL CHECK (length(entries) = 81),
        given_count INTEGER NOT NULL, status INTEGER NOT NULL, level INTEGER,
        steps_lazy INTEGER, steps_strict INTEGER, backtrack_runs INTEGER,
        saved_at INTEGER NOT NULL, progress TEXT, owner TEXT);
    CREATE INDEX puzzles_owner ON puzzles (owner);
    CREATE TABLE users (
        id TEXT PRIMARY KEY NOT NULL, name TEXT NOT NULL UNIQUE,
        password_hash TEXT NOT NULL, created_at INTEGER NOT NULL);
    CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY NOT NULL,
        user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        csrf TEXT NOT NULL, created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL);
    PRAGMA user_version = 3;";

const V3_POSTGRES: &str = "
    CREATE TABLE sudoku_schema (version BIGINT NOT NULL);
    INSERT INTO sudoku_schema (version) VALUES (3);
    CREATE TABLE puzzles (
        id TEXT COLLATE \"C\" PRIMARY KEY NOT NULL, name TEXT COLLATE \"C\" NOT NULL,
        variant TEXT COLLATE \"C\" NOT NULL,
        givens TEXT NOT NULL CHECK (length(givens) = 81),
        entries TEXT NOT NULL CHECK (length(entries) = 81),
        given_count BIGINT NOT NULL, status BIGINT NOT NULL, level BIGINT,
        steps_lazy BIGINT, steps_strict BIGINT, backtrack_runs BIGINT,
        saved_at BIGINT NOT NULL, progress TEXT, owner TEXT COLLATE \"C\");
    CREATE INDEX puzzles_owner ON puzzles (owner);
    CREATE TABLE users (
        id TEXT COLLATE \"C\" PRIMARY KEY NOT NULL, name TEXT COLLATE \"C\" NOT NULL UNIQUE,
        password_hash TEXT NOT NULL, created_at BIGINT NOT NULL);
    CREATE TABLE sessions (
        token_hash TEXT COLLATE \"C\" PRIMARY KEY NOT NULL,
        user_id TEXT COLLATE \"C\" NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        csrf TEXT NOT NULL, created_at BIGINT NOT NULL, expires_at BIGINT NOT NULL);";

/// Users of a version 3 database: two whose names differ only in case (the
/// older keeps the key), and one with a non-ASCII name.
const V3_USERS: &str = "
    INSERT INTO users VALUES ('u2', 'ann', 'hash-new', 200);
    INSERT INTO users VALUES ('u1', 'Ann', 'hash-old', 100);
    INSERT INTO users VALUES ('u3', 'ZOË', 'hash-z', 300);";

#[test]
fn a_version_three_database_gets_name_keys_and_keeps_its_users() {
    for db in TestDatabase::all() {
        match db.location() {
            Location::Sqlite(path) => {
                std::fs::create_dir_all(path.parent().expect("dir")).expect("mkdir");
                let raw = rusqlite::Connection::open(path).expect("raw");
                raw.execute_batch(V3_SQLITE).expect("v3 schema");
                raw.execute_batch(V3_USERS).expect("v3 users");
            }
            Location::Postgres(_) => {
                db.raw_postgres(V3_POSTGRES);
                db.raw_postgres(V3_USERS);
            }
        }
        let mut store = db.open().expect("migrates").connect().expect("connect");
        assert_eq!(store.schema_version().expect("version"), SCHEMA_VERSION);
        let (older, hash) = store.user_by_key("ann").expect("query").expect("a key");
        assert_eq!((older.id.as_str(), hash.as_str()), ("u1", "hash-old"));
        // The newer one has no key but logs in by its exact name.
        let (newer, _) = store.user_named("ann").expect("query").expect("by name");
        assert_eq!(newer.id, "u2");
        // lower() folds ASCII letters only, alike on both backends.
        let (zoe, _) = store.user_by_key("zoË").expect("query").expect("zoë");
        assert_eq!(zoe.name, "ZOË");
        assert!(matches!(
            store.create_user("aNN", "ann", "h"),
            Err(StoreError::NameTaken(_))
        ));
        store.create_user("ben", "ben", "h").expect("a new user");
    }
}

const RULE: sudoku_store::Backoff = sudoku_store::Backoff {
    free: 5,
    window: 3600,
    cap: 8,
};

#[test]
fn login_attempts_back_off_progressively_and_forget() {
    for db in TestDatabase::all() {
        let mut store = db.open().expect("open").connect().expect("connect");
        backoff_on(&mut store);
    }
}

fn backoff_on(store: &mut Store) {
    let t0 = 1_000_000;
    for i in 0..5 {
        assert_eq!(
            store.attempt("ann|1.2.3.4", t0, RULE).expect("db"),
            Ok(()),
            "{i}"
        );
    }
    // The sixth waits a second; refusing it changes nothing.
    assert_eq!(store.attempt("ann|1.2.3.4", t0, RULE).expect("db"), Err(1));
    assert_eq!(store.attempt("ann|1.2.3.4", t0, RULE).expect("db"), Err(1));
    // Another key is not affected.
    assert_eq!(store.attempt("bob|1.2.3.4", t0, RULE).expect("db"), Ok(()));
    // Then each wait doubles, after the last allowed attempt, up to the cap.
    let mut t = t0;
    for wait in [1, 2, 4, 8, 8] {
        assert_eq!(
            store
                .attempt("ann|1.2.3.4", t + wait - 1, RULE)
                .expect("db"),
            Err(1),
            "{wait}"
        );
        if wait > 1 {
            assert_eq!(
                store.attempt("ann|1.2.3.4", t + 1, RULE).expect("db"),
                Err(wait - 1)
            );
        }
        t += wait;
        assert_eq!(
            store.attempt("ann|1.2.3.4", t, RULE).expect("db"),
            Ok(()),
            "{wait}"
        );
        assert_eq!(
            store.attempt("ann|1.2.3.4", t, RULE).expect("db"),
            Err((wait * 2).min(8))
        );
    }
    // After a quiet window, the free attempts are back.
    let later = t + RULE.window;
    for _ in 0..5 {
        assert_eq!(
            store.attempt("ann|1.2.3.4", later, RULE).expect("db"),
            Ok(())
        );
    }
    assert_eq!(
        store.attempt("ann|1.2.3.4", later, RULE).expect("db"),
        Err(1)
    );
    // A successful login clears them at once.
    store.clear_attempts("ann|1.2.3.4").expect("clear");
    for _ in 0..5 {
        assert_eq!(
            store.attempt("ann|1.2.3.4", later, RULE).expect("db"),
            Ok(())
        );
    }
    assert_eq!(
        store.attempt("ann|1.2.3.4", later, RULE).expect("db"),
        Err(1)
    );
    store
        .clear_attempts("never seen")
        .expect("clearing nothing");
    // Pruning drops the counters idle for longer than asked (bob's).
    assert_eq!(store.prune_attempts(later, 60).expect("prune"), 1);
    assert_eq!(store.prune_attempts(later, 60).expect("prune"), 0);
    assert_eq!(
        store.attempt("ann|1.2.3.4", later, RULE).expect("db"),
        Err(1)
    );
    assert_eq!(store.prune_attempts(later + 61, 60).expect("prune"), 1);
    assert_eq!(
        store.attempt("ann|1.2.3.4", later + 61, RULE).expect("db"),
        Ok(())
    );
}

#[test]
fn concurrent_attempts_on_one_key_allow_only_the_free_ones() {
    for db in TestDatabase::all() {
        db.open().expect("create");
        let threads = 8;
        let barrier = std::sync::Arc::new(std::sync::Barrier::new(threads));
        let now = sudoku_store::now();
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                let location = db.location().clone();
                let barrier = barrier.clone();
                std::thread::spawn(move || {
                    // Each thread its own database handle, as separate servers have.
                    let mut store = Database::open(&location)
                        .expect("open per thread")
                        .connect()
                        .expect("connect");
                    barrier.wait();
                    (0..10)
                        .filter(|_| store.attempt("ann", now, RULE).expect("attempt").is_ok())
                        .count()
                })
            })
            .collect();
        let allowed: usize = handles.into_iter().map(|h| h.join().expect("thread")).sum();
        assert_eq!(allowed, RULE.free as usize, "{db:?}");
    }
}

#[test]
fn save_once_saves_a_key_once_per_owner() {
    for db in TestDatabase::all() {
        let database = db.open().expect("open");
        let within = |scope: Scope| database.connect().expect("connect").within(scope);
        let mut ann = within(Scope::User("ann".into()));
        let mut bob = within(Scope::User("bob".into()));
        let mut nobody = within(Scope::Unowned);
        let p = sample("first", EASY, Level::Easy, 49);
        let (first, new) = ann.save_once("key-1", &p).expect("save");
        assert!(new);
        // A retry returns the same puzzle, even with another body.
        let other = sample("retried", TEUFLISCH, Level::VeryHard, 9);
        let (again, new) = ann.save_once("key-1", &other).expect("retry");
        assert!(!new);
        assert_eq!(again, first);
        assert_eq!(ann.count().expect("count"), 1);
        // Keys are per owner.
        let (bobs, new) = bob.save_once("key-1", &p).expect("bob's");
        assert!(new);
        assert_ne!(bobs.id, first.id);
        let (none, new) = nobody.save_once("key-1", &p).expect("nobody's");
        assert!(new);
        let mut all = database.connect().expect("connect");
        let (same, new) = all
            .save_once("key-1", &other)
            .expect("all sees unowned keys");
        assert!(!new);
        assert_eq!(same.id, none.id);
        assert_eq!(all.count().expect("count"), 3);
        // A puzzle deleted since is not found again, nor saved anew.
        ann.delete(&first.id).expect("delete");
        assert!(matches!(
            ann.save_once("key-1", &p),
            Err(StoreError::NotFound(id)) if id == first.id
        ));
        assert_eq!(ann.count().expect("count"), 0);
        // Bad keys, and bad puzzles, are refused before anything is written.
        for bad in [
            "",
            "with space",
            "tab\t",
            "ümlaut",
            &"k".repeat(101),
            "nul\0",
        ] {
            let e = ann.save_once(bad, &p).expect_err(bad);
            assert!(
                matches!(e, StoreError::BadIdempotencyKey(_)),
                "{bad:?}: {e}"
            );
            assert!(e.is_client_error());
            assert!(!e.to_string().contains(bad) || bad.is_empty(), "{e}");
        }
        ann.save_once(&"k".repeat(100), &p).expect("100 characters");
        let long = Puzzle::new(&"x".repeat(201), grid(EASY), Variant::Standard);
        assert!(matches!(
            ann.save_once("key-2", &long),
            Err(StoreError::NameTooLong(201))
        ));
        // The refused save left its key unused.
        assert!(ann.save_once("key-2", &p).expect("save").1);
        // Pruning forgets old keys: a retry then saves anew.
        let now = sudoku_store::now();
        assert_eq!(all.prune_idempotency(now, 3600).expect("prune"), 0);
        assert_eq!(all.prune_idempotency(now + 3601, 3600).expect("prune"), 5);
        let (fresh, new) = bob.save_once("key-1", &p).expect("anew");
        assert!(new);
        assert_ne!(fresh.id, bobs.id);
    }
}

#[test]
fn concurrent_saves_with_one_key_save_one_puzzle() {
    for db in TestDatabase::all() {
        let database = db.open().expect("create");
        let threads = 8;
        let barrier = std::sync::Arc::new(std::sync::Barrier::new(threads));
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let location = db.location().clone();
                let barrier = barrier.clone();
                std::thread::spawn(move || {
                    let mut store = Database::open(&location)
                        .expect("open per thread")
                        .connect()
                        .expect("connect")
                        .within(Scope::User("ann".into()));
                    barrier.wait();
                    (0..5)
                        .map(|k| {
                            let p = sample(&format!("t{t}"), EASY, Level::Easy, 1);
                            store
                                .save_once(&format!("retry-{k}"), &p)
                                .expect("save_once")
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        let results: Vec<_> = handles
            .into_iter()
            .flat_map(|h| h.join().expect("thread"))
            .collect();
        assert_eq!(results.iter().filter(|(_, new)| *new).count(), 5, "{db:?}");
        let ids: HashSet<_> = results.iter().map(|(r, _)| r.id.clone()).collect();
        assert_eq!(ids.len(), 5);
        assert_eq!(
            database.connect().expect("connect").count().expect("count"),
            5
        );
    }
}

#[test]
fn nul_characters_are_refused_alike_on_both_backends() {
    for db in TestDatabase::all() {
        let mut store = db.open().expect("open").connect().expect("connect");
        let saved = store
            .save(&sample("good", EASY, Level::Easy, 1))
            .expect("save");
        let bad = sample("na\0me", EASY, Level::Easy, 1);
        for e in [
            store.save(&bad).expect_err("save"),
            store.overwrite(&saved.id, &bad).expect_err("overwrite"),
            store.save_once("k", &bad).expect_err("save_once"),
            store
                .save_all(&[sample("ok", EASY, Level::Easy, 1), bad.clone()])
                .expect_err("all"),
            store.load("id\0").expect_err("load"),
            store.delete("id\0").expect_err("delete"),
            store.create_user("ann\0", "ann", "h").expect_err("user"),
            store.create_user("ann", "ann\0", "h").expect_err("key"),
            store.user_named("ann\0").expect_err("named"),
            store.user_by_key("ann\0").expect_err("by key"),
            store.session("token\0").expect_err("session"),
            store.attempt("ann\0", 1, RULE).expect_err("attempt"),
        ] {
            assert!(matches!(e, StoreError::BadText { .. }), "{db:?}: {e}");
            assert!(e.is_client_error());
            assert!(e.to_string().contains("NUL"), "{e}");
        }
        assert_eq!(
            bad.check().map_err(|e| e.to_string()),
            Err(
                "the name contains a NUL character (U+0000), which the database cannot keep".into()
            )
        );
        assert_eq!(store.count().expect("count"), 1, "nothing written");
        assert_eq!(store.load(&saved.id).expect("load").puzzle.name, "good");
    }
}

#[test]
fn postgres_lock_and_statement_timeouts_are_unavailable() {
    let Some(db) = TestDatabase::postgres() else {
        return;
    };
    db.open().expect("create");
    let Location::Postgres(url) = db.location() else {
        unreachable!("a PostgreSQL test database");
    };
    // Another client holds the table locked while the store waits.
    let mut holder = postgres::Client::connect(url, postgres::NoTls).expect("connect");
    let mut tx = holder.transaction().expect("begin");
    tx.batch_execute("LOCK TABLE puzzles IN ACCESS EXCLUSIVE MODE")
        .expect("lock");
    for (options, code) in [
        ("-c%20lock_timeout%3D200", "lock"),
        (
            "-c%20lock_timeout%3D0%20-c%20statement_timeout%3D200",
            "statement",
        ),
    ] {
        let location: Location = format!("{url}?options={options}").parse().expect("url");
        let mut store = Database::open(&location)
            .expect("open")
            .connect()
            .expect("connect");
        let e = store.count().expect_err("locked");
        assert!(matches!(e, StoreError::Unavailable(_)), "{code}: {e}");
        assert!(!e.to_string().contains("puzzles"), "the server's text: {e}");
        let e = store
            .save(&sample("waits", EASY, Level::Easy, 1))
            .expect_err("locked");
        assert!(matches!(e, StoreError::Unavailable(_)), "{code}: {e}");
    }
    tx.rollback().expect("unlock");
    let mut store = db.open().expect("open").connect().expect("connect");
    assert_eq!(store.count().expect("count"), 0);
}

#[test]
fn each_user_keeps_their_own_finished_games_once_newest_first() {
    use sudoku_store::GameRecord;
    for db in TestDatabase::all() {
        let mut store = db.open().expect("open").connect().expect("connect");
        let ann = store
            .create_user("ann", "ann", "$argon2id$hash-a")
            .expect("ann");
        let bob = store
            .create_user("bob", "bob", "$argon2id$hash-b")
            .expect("bob");
        let game = |id: &str, at: i64| GameRecord {
            id: id.to_string(),
            finished_at: at,
            record: format!("{{\"id\":\"{id}\"}}"),
        };
        assert_eq!(
            store
                .add_games(&ann.id, &[game("g1", 100), game("g2", 300)])
                .expect("add"),
            2,
            "{db:?}"
        );
        // The same game again (a page syncing twice) is stored once.
        assert_eq!(
            store
                .add_games(&ann.id, &[game("g2", 300), game("g3", 200)])
                .expect("add"),
            1,
            "{db:?}"
        );
        store.add_games(&bob.id, &[game("g1", 50)]).expect("bob");
        let ids = |list: Vec<GameRecord>| list.into_iter().map(|g| g.id).collect::<Vec<_>>();
        assert_eq!(ids(store.games(&ann.id).expect("ann")), ["g2", "g3", "g1"]);
        assert_eq!(ids(store.games(&bob.id).expect("bob")), ["g1"], "{db:?}");
        assert_eq!(store.games("nobody").expect("none"), Vec::new());
    }
}
