//! The finished games of each user (`game_history`, schema 5) on both
//! backends (SQLite, and PostgreSQL when `SUDOKU_TEST_PG` names a server):
//! beyond `MAX_GAMES` a user's oldest games go and nobody else's; a game
//! already kept is not counted again, even within one call.

use sudoku_store::testing::TestDatabase;
use sudoku_store::{GameRecord, MAX_GAMES};

fn game(id: String, at: i64) -> GameRecord {
    GameRecord {
        record: format!("{{\"id\":\"{id}\"}}"),
        id,
        finished_at: at,
    }
}

#[test]
fn beyond_the_limit_a_users_oldest_games_go_and_nobody_elses() {
    for db in TestDatabase::all() {
        let mut store = db.open().expect("open").connect().expect("connect");
        let ann = store.create_user("ann", "ann", "$argon2id$a").expect("ann");
        let bob = store.create_user("bob", "bob", "$argon2id$b").expect("bob");
        store
            .add_games(&bob.id, &[game("old".into(), 1)])
            .expect("bob's");
        let extra = 3;
        let all: Vec<GameRecord> = (0..MAX_GAMES + extra)
            .map(|k| game(format!("g{k}"), 1000 + k))
            .collect();
        for batch in all.chunks(1000) {
            store.add_games(&ann.id, batch).expect("add");
        }
        let kept = store.games(&ann.id).expect("ann's games");
        assert_eq!(kept.len() as i64, MAX_GAMES, "{db:?}");
        assert_eq!(kept[0].id, format!("g{}", MAX_GAMES + extra - 1), "{db:?}");
        let oldest = kept.last().map(|g| g.id.clone());
        assert_eq!(oldest, Some(format!("g{extra}")), "{db:?}: g0-g2 went");
        assert_eq!(store.games(&bob.id).expect("bob's").len(), 1, "{db:?}");
    }
}

#[test]
fn a_game_is_counted_once_even_twice_in_one_call() {
    for db in TestDatabase::all() {
        let mut store = db.open().expect("open").connect().expect("connect");
        let ann = store.create_user("ann", "ann", "$argon2id$a").expect("ann");
        let twice = [game("g1".into(), 5), game("g1".into(), 5)];
        assert_eq!(store.add_games(&ann.id, &twice).expect("add"), 1, "{db:?}");
        assert_eq!(store.add_games(&ann.id, &twice).expect("again"), 0);
        assert_eq!(store.games(&ann.id).expect("games").len(), 1);
    }
}
