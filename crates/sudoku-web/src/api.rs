//! The trainer's JSON API over the engine: evaluate, the reasons of a cell, the
//! automatic search (start / step / next solution), check, the manual Step,
//! hint, rate and generate.
//!
//! The server keeps no session: the client holds its position and, while the
//! automatic search runs, the search state (`Search` as JSON), and sends it back
//! with each step. A state from a client is checked with
//! `Search::is_consistent` before use, so memory stays bounded by the request
//! size limit and nothing a client sends can make a step mean something else.
//! Expensive calls (rate, generate, hint, search bursts) run on the blocking
//! pool within a budget and the client's share (see [`crate::limits`]), so
//! that a burst of them cannot starve the cheap ones.

use crate::codes::ErrorCode;
use crate::error::{ApiError, ApiJson};
use crate::{AppState, Caller};
use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::time::{Duration, Instant};
use sudoku_core::{Cell, DigitSet, Grid, Variant};
use sudoku_trainer::explain::{self, Subject};
use sudoku_trainer::{EvalMode, Evaluation, Event, Level, Search, Trainer, evaluate, wire};

/// The most search steps one request may ask for.
pub const MAX_STEPS_PER_CALL: u32 = 5_000;
/// The step budget of the trainer's rating on the server.
pub const RATE_MAX_STEPS: u64 = 400_000;

/// The language of every text: the project's one language tag.
pub use sudoku_core::Lang;

/// The trainer's texts in a language.
pub(crate) trait Texts {
    /// The text of `subject`.
    fn text(self, subject: Subject<'_>) -> String;
}

impl Texts for Lang {
    fn text(self, subject: Subject<'_>) -> String {
        explain::text(subject, self)
    }
}

fn standard() -> Variant {
    Variant::Standard
}

fn empty() -> Grid {
    Grid::EMPTY
}

/// A position as the page holds it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionReq {
    /// The givens.
    #[serde(with = "wire::grid")]
    pub givens: Grid,
    /// The entries (ignored on cells with a given).
    #[serde(default = "empty", with = "wire::grid")]
    pub entries: Grid,
    /// The variant.
    #[serde(default = "standard", with = "wire::variant")]
    pub variant: Variant,
    /// The candidate mode.
    #[serde(default)]
    pub mode: EvalMode,
    /// The language of texts.
    #[serde(default, with = "wire::lang")]
    pub lang: Lang,
    /// The player's own pencil marks: 81 arrays of digits (an empty array:
    /// the cell is not marked yet); `null` or absent when the player keeps
    /// none. Hint and Check read them; the evaluation does not.
    #[serde(default, with = "wire::opt_fields")]
    pub marks: Option<[DigitSet; 81]>,
}

impl PositionReq {
    fn board(&self) -> Grid {
        merge(&self.givens, &self.entries)
    }
}

/// Givens with entries on the cells the givens leave empty.
pub fn merge(givens: &Grid, entries: &Grid) -> Grid {
    sudoku_trainer::board_of(givens, entries)
}

fn cells(set: sudoku_core::CellSet) -> Vec<u8> {
    set.iter().map(|c| c.index() as u8).collect()
}

/// What the page draws for a position: the evaluation as the mode shows it, the
/// contradiction's text and cells.
fn view(eval: Evaluation, lang: Lang) -> Value {
    let display = eval.for_display();
    let contradiction_text = display
        .contradiction
        .as_ref()
        .map(|c| lang.text(Subject::Contradiction(c)));
    let contradiction_cells = display
        .contradiction
        .as_ref()
        .map(|c| cells(c.cells()))
        .unwrap_or_default();
    json!({
        "evaluation": display,
        "contradiction_text": contradiction_text,
        "contradiction_cells": contradiction_cells,
    })
}

/// `POST /api/evaluate`: the position evaluated in its mode.
pub async fn evaluate_handler(ApiJson(req): ApiJson<PositionReq>) -> Json<Value> {
    let eval = evaluate(&req.board(), req.variant, req.mode);
    Json(view(eval, req.lang))
}

/// A cell of a position.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReasonsReq {
    /// The position.
    #[serde(flatten)]
    pub position: PositionReq,
    /// The selected cell.
    #[serde(with = "wire::cell")]
    pub cell: Cell,
}

/// `POST /api/reasons`: why the candidates of one cell are necessary or
/// inadmissible, each with the cells to frame and a text (the page cycles
/// through them on repeated clicks).
pub async fn reasons_handler(ApiJson(req): ApiJson<ReasonsReq>) -> Json<Value> {
    let p = &req.position;
    let eval = evaluate(&p.board(), p.variant, p.mode).for_display();
    let reasons: Vec<Value> = eval
        .reasons_at(req.cell)
        .iter()
        .map(|r| {
            json!({
                "reason": r,
                "highlight": cells(r.highlight()),
                "text": p.lang.text(Subject::Reason(r)),
            })
        })
        .collect();
    Json(json!({ "cell": req.cell.index(), "reasons": reasons }))
}

/// Start of an automatic search.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchStartReq {
    /// The position it starts from.
    #[serde(flatten)]
    pub position: PositionReq,
    /// The seed of the guesses.
    #[serde(default)]
    pub seed: u64,
}

fn search_view(search: &Search, event: Option<&Event>, lang: Lang) -> Value {
    let text = event.map(|e| lang.text(Subject::Event(e)));
    let mut v = view(search.evaluation(), lang);
    if let Value::Object(map) = &mut v {
        map.insert("search".into(), json!(search));
        map.insert("event".into(), json!(event));
        map.insert("text".into(), json!(text));
        map.insert("phase".into(), json!(search.phase()));
        map.insert("steps".into(), json!(search.steps()));
        map.insert("backtrack_runs".into(), json!(search.backtrack_runs()));
        map.insert("solutions".into(), json!(search.solutions()));
        map.insert("board".into(), json!(grid_line(search.board())));
        map.insert("filled".into(), json!(cells(search.filled())));
    }
    v
}

fn grid_line(g: &Grid) -> String {
    g.values()
        .iter()
        .map(|&v| if v == 0 { '.' } else { (b'0' + v) as char })
        .collect()
}

/// `POST /api/search/start`: a new search state (no step done yet).
pub async fn search_start(ApiJson(req): ApiJson<SearchStartReq>) -> Result<Json<Value>, ApiError> {
    let p = &req.position;
    let board = p.board();
    board
        .check(p.variant)
        .map_err(|c| ErrorCode::DigitsClash { clash: c.into() })?;
    let search = Search::new(&board, p.variant, p.mode, req.seed);
    Ok(Json(search_view(&search, None, p.lang)))
}

/// Steps of a search the client holds.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchStepReq {
    /// The state.
    pub search: Search,
    /// How many steps (1 to [`MAX_STEPS_PER_CALL`]); stops early at a solution
    /// or when the search is exhausted.
    #[serde(default = "one")]
    pub steps: u32,
    /// The language of texts.
    #[serde(default, with = "wire::lang")]
    pub lang: Lang,
}

fn one() -> u32 {
    1
}

fn check_search(search: &Search) -> Result<(), ApiError> {
    if !search.is_consistent() {
        return Err(ErrorCode::SearchInconsistent.into());
    }
    Ok(())
}

/// `POST /api/search/step`: one or more steps.
pub async fn search_step(
    State(state): State<AppState>,
    caller: Caller,
    ApiJson(req): ApiJson<SearchStepReq>,
) -> Result<Json<Value>, ApiError> {
    if req.steps == 0 || req.steps > MAX_STEPS_PER_CALL {
        return Err(ErrorCode::StepsOutOfRange {
            steps: req.steps,
            max: MAX_STEPS_PER_CALL,
        }
        .into());
    }
    let mut search = req.search;
    check_search(&search)?;
    let lang = req.lang;
    let n = req.steps;
    let (search, event, contradiction) = state
        .heavy(caller, move || {
            let mut last = None;
            let mut contradiction = None;
            for _ in 0..n {
                let e = search.step();
                if let Event::Undone {
                    contradiction: Some(c),
                    ..
                } = &e
                {
                    contradiction = Some(c.clone());
                }
                let done = matches!(e, Event::Solved { .. } | Event::Exhausted);
                last = Some(e);
                if done {
                    break;
                }
            }
            (search, last, contradiction)
        })
        .await?;
    let mut v = search_view(&search, event.as_ref(), lang);
    if let (Value::Object(map), Some(c)) = (&mut v, contradiction) {
        map.insert(
            "turned_text".into(),
            json!(lang.text(Subject::Contradiction(&c))),
        );
        map.insert("turned_cells".into(), json!(cells(c.cells())));
        map.insert("turned".into(), json!(c));
    }
    Ok(Json(v))
}

/// A search the client holds.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchReq {
    /// The state.
    pub search: Search,
    /// The language of texts.
    #[serde(default, with = "wire::lang")]
    pub lang: Lang,
}

/// `POST /api/search/next`: after a solution, turn backward to look for the
/// next one (the client then steps on).
pub async fn search_next(ApiJson(req): ApiJson<SearchReq>) -> Result<Json<Value>, ApiError> {
    let mut search = req.search;
    check_search(&search)?;
    if !search.next_solution() {
        return Err(ErrorCode::NotAtSolution {
            phase: search.phase(),
        }
        .into());
    }
    Ok(Json(search_view(&search, None, req.lang)))
}

/// Givens and entries to check.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckReq {
    /// The givens.
    #[serde(with = "wire::grid")]
    pub givens: Grid,
    /// The entries.
    #[serde(default = "empty", with = "wire::grid")]
    pub entries: Grid,
    /// The variant.
    #[serde(default = "standard", with = "wire::variant")]
    pub variant: Variant,
    /// The player's pencil marks (see [`PositionReq::marks`]): Check also
    /// names the marks that removed their cell's solution digit.
    #[serde(default, with = "wire::opt_fields")]
    pub marks: Option<[DigitSet; 81]>,
}

/// `POST /api/check`: the wrong entries (and the marks that lost the
/// solution digit).
pub async fn check_handler(ApiJson(req): ApiJson<CheckReq>) -> Result<Json<Value>, ApiError> {
    let report = tokio::task::spawn_blocking(move || {
        sudoku_trainer::check_position(&req.givens, &req.entries, req.marks.as_ref(), req.variant)
    })
    .await
    .map_err(ErrorCode::from)?
    .map_err(ErrorCode::from)?;
    Ok(Json(json!(report)))
}

/// A manual Step on the trainer state the client holds.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ManualReq {
    /// The session (givens, entries, variant, mode, seed, pending proposal).
    pub trainer: Trainer,
    /// The language of texts.
    #[serde(default, with = "wire::lang")]
    pub lang: Lang,
}

/// `POST /api/manual-step`: first call proposes, second call (with the returned
/// `trainer`) sets.
pub async fn manual_step(ApiJson(req): ApiJson<ManualReq>) -> Result<Json<Value>, ApiError> {
    let mut trainer = req.trainer;
    trainer
        .givens()
        .check(trainer.variant())
        .map_err(|c| ErrorCode::GivensClash { clash: c.into() })?;
    let lang = req.lang;
    let (trainer, result) = tokio::task::spawn_blocking(move || {
        let r = trainer.manual_step();
        (trainer, r)
    })
    .await
    .map_err(ErrorCode::from)?;
    let text = lang.text(Subject::ManualStep(&result));
    Ok(Json(json!({
        "result": result,
        "trainer": trainer,
        "text": text,
    })))
}

/// `POST /api/hint`: the next human-style step from the player's position
/// (entries and pencil marks) in three levels — where to look, the pattern,
/// the whole step — each with its text and shapes, in the one wire format
/// (`sudoku_analysis::Hint`, the same as `sudoku hint --format json`). A
/// position that has gone wrong gets `status: "mistake"` naming the wrong
/// entry or the lost candidate instead.
pub async fn hint_handler(
    State(state): State<AppState>,
    caller: Caller,
    ApiJson(req): ApiJson<PositionReq>,
) -> Result<Json<sudoku_analysis::Hint>, ApiError> {
    let PositionReq {
        givens,
        entries,
        variant,
        lang,
        marks,
        ..
    } = req;
    let outcome = state
        .heavy(caller, move || {
            sudoku_trainer::player_hint(&givens, &entries, marks.as_ref(), variant)
        })
        .await?
        .map_err(ErrorCode::from)?;
    let hint = match outcome {
        sudoku_trainer::PlayerHint::Step { hint, position } => match hint.step.as_ref() {
            Some(step) => sudoku_analysis::Hint::step(&givens, variant, step, &position, lang),
            None => sudoku_analysis::Hint::stuck(&givens, variant),
        },
        sudoku_trainer::PlayerHint::Solved => sudoku_analysis::Hint::solved(&givens, variant),
        sudoku_trainer::PlayerHint::Stuck => sudoku_analysis::Hint::stuck(&givens, variant),
        sudoku_trainer::PlayerHint::Mistake(m) => {
            sudoku_analysis::Hint::mistake(&givens, variant, &m, lang)
        }
    };
    Ok(Json(hint))
}

/// What `POST /api/steps` lists: the player's position, and optionally the
/// techniques (`sudoku steps --techniques/--without`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StepsReq {
    /// The position, as for a hint.
    #[serde(flatten)]
    pub position: PositionReq,
    /// The techniques to list, in this order (names or families, comma-separated).
    #[serde(default)]
    pub techniques: Option<String>,
    /// Techniques or families to leave out.
    #[serde(default)]
    pub without: Option<String>,
}

/// `POST /api/steps`: every step available in the player's position,
/// easiest first (HoDoKu's "all steps"), as `sudoku steps --format json`
/// writes them; a position that has gone wrong gets `status: "mistake"`.
pub async fn steps_handler(
    State(state): State<AppState>,
    caller: Caller,
    ApiJson(req): ApiJson<StepsReq>,
) -> Result<Json<sudoku_analysis::wire::StepList>, ApiError> {
    let selection =
        sudoku_logic::Selection::parse(req.techniques.as_deref(), req.without.as_deref()).map_err(
            |e| ErrorCode::BadParameter {
                name: "techniques",
                value: e
                    .to_string()
                    .replace(" in --techniques", "")
                    .replace(" in --without", ""),
                expected: vec!["technique names or families, comma-separated"],
            },
        )?;
    let PositionReq {
        givens,
        entries,
        variant,
        lang,
        marks,
        ..
    } = req.position;
    let list = state
        .heavy(caller, move || {
            sudoku_trainer::player_position(&givens, &entries, marks.as_ref(), variant).map(|p| {
                match p {
                    sudoku_trainer::PlayerPosition::Solved => {
                        sudoku_analysis::wire::StepList::status(&givens, variant, "solved")
                    }
                    sudoku_trainer::PlayerPosition::Mistake(m) => {
                        sudoku_analysis::wire::StepList::mistake(&givens, variant, &m, lang)
                    }
                    sudoku_trainer::PlayerPosition::At(pos, _) => {
                        let steps = sudoku_logic::all_steps(
                            &pos,
                            &selection,
                            sudoku_logic::DirectMethods::All,
                        );
                        sudoku_analysis::wire::StepList::new(&givens, variant, &steps, &pos, lang)
                    }
                }
            })
        })
        .await?
        .map_err(ErrorCode::from)?;
    Ok(Json(list))
}

/// `GET /api/techniques`: every technique's stable name with its display
/// names in English and German, from the one catalogue (`sudoku_logic`), so
/// that a page can name the technique behind a forcing step's implication
/// ("by Hidden pair") without a table of its own.
pub async fn techniques_handler() -> Json<Value> {
    let list: Vec<Value> = sudoku_logic::Technique::all()
        .map(|t| {
            json!({
                "name": t.name(),
                "en": sudoku_explain::technique_name(t, sudoku_explain::Lang::En),
                "de": sudoku_explain::technique_name(t, sudoku_explain::Lang::De),
            })
        })
        .collect();
    Json(json!({ "techniques": list }))
}

/// A text pasted on the page.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ParseReq {
    /// The text: a puzzle or position in any format the command line reads.
    pub text: String,
}

/// `POST /api/parse`: a pasted text in another program's format (a
/// candidate grid, framed or not, a HoDoKu library or `+`-marked line, 81
/// spaced cells, a sukaku line) read by the one reader the command line
/// uses: the givens, the placed digits marked as not given (`entries`), the
/// candidates (`marks`, 81 arrays, or null when the text holds none) and
/// the format's name. The page reads 81-character lines and 9×9 blocks
/// itself and asks here for the rest.
pub async fn parse_handler(ApiJson(req): ApiJson<ParseReq>) -> Result<Json<Value>, ApiError> {
    let parsed =
        sudoku_core::parse_text_located(&req.text).map_err(|e| ErrorCode::TextUnreadable {
            line: e.line,
            position: e.error.position().unwrap_or(0),
            detail: e.to_string(),
        })?;
    let marks = parsed.candidates.map(|c| {
        c.iter()
            .map(|set| set.iter().map(|d| d.get()).collect::<Vec<u8>>())
            .collect::<Vec<_>>()
    });
    Ok(Json(json!({
        "givens": grid_line(&parsed.grid),
        "entries": grid_line(&parsed.entries),
        "marks": marks,
        "format": parsed.format.name(),
    })))
}

/// A puzzle to rate.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RateReq {
    /// The givens.
    #[serde(with = "wire::grid")]
    pub givens: Grid,
    /// The variant.
    #[serde(default = "standard", with = "wire::variant")]
    pub variant: Variant,
    /// The language of texts.
    #[serde(default, with = "wire::lang")]
    pub lang: Lang,
    /// The solver's mode for the points: `async` (the default), `sync`,
    /// `semi` or `pseudo`.
    #[serde(default)]
    pub mode: Option<String>,
}

/// The solver mode named `name` (`async`, `sync`, `semi`, `pseudo`), or the
/// error naming the parameter.
pub(crate) fn mode_named(name: &str) -> Result<sudoku_logic::Mode, ErrorCode> {
    use sudoku_logic::Mode;
    match name {
        "async" => Ok(Mode::NonSynchronous),
        "sync" => Ok(Mode::Synchronous),
        "semi" => Ok(Mode::SemiSynchronous),
        "pseudo" => Ok(Mode::PseudoSynchronous),
        other => Err(ErrorCode::BadParameter {
            name: "mode",
            value: other.to_string(),
            expected: vec!["async", "sync", "semi", "pseudo"],
        }),
    }
}

/// The trainer's level and statistics plus the logical solver's rating.
#[derive(Debug, Serialize)]
pub struct RateView {
    /// The trainer's level (`easy` … `extremely-hard`).
    pub level: Level,
    /// The level in the request's language.
    pub level_text: String,
    /// Exactly one solution.
    pub unique: bool,
    /// Steps of the Lazy search (`null` when the search did not finish
    /// within its budget of [`RATE_MAX_STEPS`]).
    pub steps_lazy: Option<u64>,
    /// Steps of the Strict search (`null` as above).
    pub steps_strict: Option<u64>,
    /// Backtrack runs (`null` as above).
    pub backtrack_runs: Option<u64>,
    /// The logical solver's points (unique puzzles), in `mode`.
    pub points: Option<f64>,
    /// The seed's normalised score: the points as if the puzzle had 17
    /// givens (`points × 64 / (81 − givens)` from 17 givens up).
    pub normalised: Option<f64>,
    /// The solver's mode of the points (`async`, `sync`, `semi`, `pseudo`).
    pub mode: &'static str,
    /// Sudoku Explainer's ER estimate.
    pub se: Option<f64>,
    /// HoDoKu's level estimate.
    pub hodoku: Option<&'static str>,
    /// The logical solver's level word.
    pub rating_level: Option<&'static str>,
}

/// Rates `givens` (both ratings); errors name the reason. The level is the
/// one `sudoku rate` reports (the trainer's, from the same rating); the
/// search statistics are the trainer's full Lazy and Strict runs, left out
/// when those do not finish within [`RATE_MAX_STEPS`].
pub fn rate_puzzle(
    givens: &Grid,
    variant: Variant,
    mode: sudoku_logic::Mode,
    lang: Lang,
) -> Result<RateView, ApiError> {
    // Checked once, solutions counted once (by the rating); the trainer's
    // searches take both as known.
    let puzzle = sudoku_core::Puzzle::new(*givens, variant)
        .map_err(|c| ErrorCode::GivensClash { clash: c.into() })?;
    let options = sudoku_rate::RateOptions {
        mode,
        ..sudoku_rate::RateOptions::default()
    };
    let logic = sudoku_rate::rate_puzzle(&puzzle, &options).map_err(ErrorCode::from)?;
    let level = logic.trainer_level().ok_or(ErrorCode::NoSolution)?;
    let several = matches!(logic, sudoku_rate::Assessment::Multiple);
    let stats = sudoku_trainer::rate_counted(givens, variant, several, 0, RATE_MAX_STEPS).ok();
    let rating = logic.rating();
    let walk = rating.and_then(|x| x.walk.as_ref());
    Ok(RateView {
        level,
        level_text: lang.text(Subject::Level(level)),
        unique: !matches!(logic, sudoku_rate::Assessment::Multiple),
        steps_lazy: stats.as_ref().map(|r| r.steps_lazy),
        steps_strict: stats.as_ref().map(|r| r.steps_strict),
        backtrack_runs: stats.as_ref().map(|r| r.backtrack_runs),
        points: walk.map(|x| (x.points * 100.0).round() / 100.0 + 0.0),
        normalised: walk.map(|x| {
            (sudoku_rate::normalised_points(x.points, givens.filled()) * 100.0).round() / 100.0
                + 0.0
        }),
        mode: match mode {
            sudoku_logic::Mode::NonSynchronous => "async",
            sudoku_logic::Mode::Synchronous => "sync",
            sudoku_logic::Mode::SemiSynchronous => "semi",
            sudoku_logic::Mode::PseudoSynchronous => "pseudo",
        },
        se: rating.and_then(|x| x.se.map(|s| s.er)),
        hodoku: rating.and_then(|x| x.hodoku.map(|h| h.level.name())),
        rating_level: walk.map(|x| x.level.name()),
    })
}

/// `POST /api/rate`: the level (computed when the page enters Solve).
pub async fn rate_handler(
    State(state): State<AppState>,
    caller: Caller,
    ApiJson(req): ApiJson<RateReq>,
) -> Result<Json<RateView>, ApiError> {
    let view = state
        .heavy(caller, move || {
            let mode = mode_named(req.mode.as_deref().unwrap_or("async"))?;
            rate_puzzle(&req.givens, req.variant, mode, req.lang)
        })
        .await??;
    Ok(Json(view))
}

/// What New should make.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GenerateReq {
    /// The trainer level wanted: `easy`, `medium`, `hard` or `very-hard`.
    pub level: String,
    /// The variant.
    #[serde(default = "standard", with = "wire::variant")]
    pub variant: Variant,
    /// A seed; by default one from the clock.
    pub seed: Option<u64>,
    /// The language of texts.
    #[serde(default, with = "wire::lang")]
    pub lang: Lang,
}

/// Generates a puzzle whose trainer level is `wanted`: the generator of
/// `sudoku-gen` makes unique puzzles of that level (the trainer's, as
/// `sudoku gen --level` does). Gives up with a 503 after `limit`, or earlier
/// when its caller's interrupt fires (see `sudoku_core::interrupt`: the
/// request's budget, or the client went away).
pub fn generate_puzzle(
    wanted: Level,
    variant: Variant,
    seed: u64,
    limit: Duration,
) -> Result<Grid, ApiError> {
    use sudoku_gen::Level as G;
    // The generator's levels are the trainer's; its "very easy" and "easy"
    // are both the trainer's Easy (split at 10 points): the player gets one
    // or the other, as the seed picks.
    let sources: &[(G, u32)] = match wanted {
        Level::Easy if seed.is_multiple_of(2) => &[(G::Easy, 1)],
        Level::Easy => &[(G::VeryEasy, 1)],
        Level::Medium => &[(G::Medium, 1)],
        Level::Hard => &[(G::Hard, 1)],
        Level::VeryHard => &[(G::VeryHard, 1)],
        Level::ExtremelyHard => return Err(ErrorCode::GenerateSeveral.into()),
    };
    let start = Instant::now();
    let end = start + limit;
    for (k, &(source, share)) in sources.iter().enumerate() {
        let request = sudoku_gen::Request {
            variant,
            level: Some(source),
            ..sudoku_gen::Request::default()
        };
        let generator =
            sudoku_gen::Generator::new(request).map_err(|e| ErrorCode::Unprocessable {
                detail: e.to_string(),
            })?;
        // A try that is not the last gets 1/share of the budget.
        let deadline = if k + 1 == sources.len() {
            end
        } else {
            start + limit / share
        };
        // The interrupt is asked first: once it has fired it must be seen
        // (and the answer become the gate's out-of-time 503), even when the
        // local limit has passed as well.
        let stop = || sudoku_core::interrupt::requested() || Instant::now() >= deadline;
        let mut tally = sudoku_gen::Tally::default();
        let mut rng = sudoku_gen::rng_for(seed, k as u64);
        if let Some(g) = generator.generate(&mut rng, &mut tally, &stop) {
            return Ok(g.puzzle);
        }
        if sudoku_core::interrupt::requested() {
            break;
        }
    }
    Err(ApiError::from(ErrorCode::GenerateTimeout {
        variant: variant.name(),
        level: wanted.name(),
        seconds: limit.as_secs(),
    })
    .retry_after(1))
}

/// `POST /api/generate`: a new puzzle of the asked level.
pub async fn generate_handler(
    State(state): State<AppState>,
    caller: Caller,
    ApiJson(req): ApiJson<GenerateReq>,
) -> Result<Json<Value>, ApiError> {
    let wanted: Level = req
        .level
        .parse()
        .map_err(|sudoku_trainer::UnknownLevel(level)| ErrorCode::UnknownLevel { level })?;
    let seed = req.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0)
    });
    let variant = req.variant;
    let lang = req.lang;
    let budget = state.gate.limits().budget;
    let puzzle = state
        .heavy(caller, move || {
            generate_puzzle(wanted, variant, seed, budget)
        })
        .await??;
    Ok(Json(json!({
        "givens": grid_line(&puzzle),
        "variant": variant.name(),
        "level": wanted,
        "level_text": lang.text(Subject::Level(wanted)),
        "seed": seed,
    })))
}
