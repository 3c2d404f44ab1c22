//! The solution page, rendered on the server: `GET /explain?p=…&v=…&mode=…&lang=…`
//! answers a whole HTML page — the rating lines, the normalised score, and
//! every step with its points, text and the position it was found in — that
//! curl, a script and a browser without JavaScript read as it is. The page's
//! script (`explain.js`) only enhances it: it draws each step's shapes over
//! its grid from the analysis the page carries as JSON, and puts the
//! server's errors into German.
//!
//! The diagonal solver's own addresses work too, as its users call them with
//! curl: `/explain?PUZZLE` (the whole path), `/explain?PUZZLE_MODE` and
//! `/explain?PUZZLE_MODE_NBEW` (`NBEW`, "nur Bewertung": a short page with
//! the rating lines alone, among them "Normierte Punktzahl (ab 17
//! Ausgangszahlen)"). MODE is the seed's option number — `0` our default,
//! `1000`/`2000` semi-synchronous and `1001`/`2001` pseudo-synchronous (with
//! the simple or all obvious row/column tests and pairs) — or a mode's name.
//! Such a page is German, as the seed's is; `&lang=en` is not part of that
//! form, so `/explain?PUZZLE_0_NBEW_EN` gives it in English.
//!
//! `/explain` without a query is the page's shell (the offline copy the
//! service worker keeps), which builds itself from `GET /api/explain`.

use crate::api::Lang;
use crate::codes::ErrorCode;
use crate::error::ApiError;
use crate::{AppState, Caller};
use axum::extract::{Query, RawQuery, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use std::collections::HashMap;
use std::fmt::Write as _;
use sudoku_analysis::Analysis;
use sudoku_core::{Cell, Grid, HouseKind, Puzzle, Variant};
use sudoku_logic::{DirectMethods, Mode};

/// The page's shell, for an address without a query.
const SHELL: &[u8] = include_bytes!("../assets/explain.html");

/// What a page address asks for.
struct PageRequest {
    puzzle: Grid,
    variant: Variant,
    mode: Mode,
    direct: DirectMethods,
    lang: Lang,
    /// The rating lines alone (the seed's `NBEW`).
    rating_only: bool,
}

/// `GET /explain`: the rendered page (see the module docs).
pub async fn explain_page(
    State(state): State<AppState>,
    caller: Caller,
    RawQuery(raw): RawQuery,
) -> Response {
    let Some(raw) = raw.filter(|q| !q.is_empty()) else {
        return html(StatusCode::OK, SHELL.to_vec());
    };
    let lang_hint = if raw.contains("lang=de") || seed_form(&raw) {
        Lang::De
    } else {
        Lang::En
    };
    let request = match read(&raw) {
        Ok(r) => r,
        Err(e) => return error_page(&e, lang_hint),
    };
    let lang = request.lang;
    let analysed = state
        .heavy(caller, move || {
            let puzzle = Puzzle::new(request.puzzle, request.variant)
                .map_err(|c| ApiError::from(ErrorCode::GivensClash { clash: c.into() }))?;
            let analysis = sudoku_analysis::analyse(
                &puzzle,
                &sudoku_analysis::Request {
                    lang: request.lang,
                    mode: request.mode,
                    direct: request.direct,
                    positions: !request.rating_only,
                    ..sudoku_analysis::Request::default()
                },
            );
            match analysis.status {
                "none" => Err(ApiError::from(ErrorCode::NoSolution)),
                _ => Ok((analysis, request.rating_only, request.mode)),
            }
        })
        .await;
    match analysed {
        Ok(Ok((analysis, rating_only, mode))) => html(
            StatusCode::OK,
            render(&analysis, lang, mode, rating_only).into_bytes(),
        ),
        Ok(Err(e)) | Err(e) => error_page(&e, lang),
    }
}

fn html(status: StatusCode, body: Vec<u8>) -> Response {
    (
        status,
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

/// Whether `raw` is the seed's address form (`PUZZLE`, `PUZZLE_MODE`,
/// `PUZZLE_MODE_NBEW`): no `=`, 81 cells first.
fn seed_form(raw: &str) -> bool {
    !raw.contains('=')
        && raw.len() >= 81
        && raw.as_bytes()[..81]
            .iter()
            .all(|b| b.is_ascii_digit() || *b == b'.')
}

/// Reads the address: the seed's form or the page's parameters.
fn read(raw: &str) -> Result<PageRequest, ApiError> {
    if seed_form(raw) {
        return read_seed(raw);
    }
    let query = Query::<HashMap<String, String>>::try_from_uri(
        &format!("/explain?{raw}")
            .parse()
            .map_err(|_| ErrorCode::BadRequest {
                detail: "the address is not a valid URI".to_string(),
            })?,
    );
    let a = crate::link::address(query, &["p", "v", "mode", "lang"])?;
    Ok(PageRequest {
        puzzle: a.puzzle,
        variant: a.variant,
        mode: a.mode,
        direct: DirectMethods::default(),
        lang: a.lang,
        rating_only: false,
    })
}

/// The seed's `PUZZLE[_MODE[_NBEW]][_EN]` (see the module docs).
fn read_seed(raw: &str) -> Result<PageRequest, ApiError> {
    let (cells, rest) = raw.split_at(81);
    let puzzle = sudoku_trainer::wire::parse_grid(cells)
        .map_err(|detail| ErrorCode::BadRequest { detail })?;
    let mut parts: Vec<&str> = rest.split('_').skip(1).collect();
    if rest.is_empty() {
        parts.clear();
    } else if !rest.starts_with('_') {
        return Err(ErrorCode::PuzzleLength {
            count: raw.split('_').next().map_or(0, |p| p.chars().count()),
        }
        .into());
    }
    let mut lang = Lang::De;
    if parts.last().is_some_and(|p| p.eq_ignore_ascii_case("en")) {
        lang = Lang::En;
        parts.pop();
    }
    let rating_only = parts.last().is_some_and(|p| p.eq_ignore_ascii_case("nbew"));
    if rating_only {
        parts.pop();
    }
    let (mode, direct) = match parts.as_slice() {
        [] | ["0"] => (Mode::NonSynchronous, DirectMethods::default()),
        [code] => seed_mode(code)?,
        [_, extra, ..] => {
            return Err(ErrorCode::BadParameter {
                name: "address",
                value: (*extra).to_string(),
                expected: vec!["NBEW", "EN"],
            }
            .into());
        }
    };
    Ok(PageRequest {
        puzzle,
        variant: Variant::Standard,
        mode,
        direct,
        lang,
        rating_only,
    })
}

/// The seed's option number or a mode's name.
fn seed_mode(code: &str) -> Result<(Mode, DirectMethods), ApiError> {
    let direct = |d: u8| match d {
        b'1' => DirectMethods::Simple,
        b'2' => DirectMethods::All,
        _ => DirectMethods::Singles,
    };
    let b = code.as_bytes();
    Ok(match code {
        "async" => (Mode::NonSynchronous, DirectMethods::default()),
        "sync" => (Mode::Synchronous, DirectMethods::default()),
        "semi" => (Mode::SemiSynchronous, DirectMethods::default()),
        "pseudo" => (Mode::PseudoSynchronous, DirectMethods::default()),
        _ if b.len() == 4 && matches!(b[0], b'0'..=b'2') && &b[1..3] == b"00" => match b[3] {
            b'0' => (Mode::SemiSynchronous, direct(b[0])),
            b'1' => (Mode::PseudoSynchronous, direct(b[0])),
            _ => return Err(bad_mode(code)),
        },
        _ => return Err(bad_mode(code)),
    })
}

fn bad_mode(code: &str) -> ApiError {
    ErrorCode::BadParameter {
        name: "mode",
        value: code.to_string(),
        expected: vec![
            "0", "1000", "2000", "1001", "2001", "async", "sync", "semi", "pseudo",
        ],
    }
    .into()
}

/// Escapes text for HTML.
fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A number as the page writes it: `12`, `12.5`.
fn num(x: f64) -> String {
    let r = (x * 10.0).round() / 10.0 + 0.0;
    if r.fract() == 0.0 {
        format!("{r:.0}")
    } else {
        format!("{r:.1}")
    }
}

/// The page's words in its language.
struct Words {
    title: &'static str,
    back: &'static str,
    print: &'static str,
    puzzle: &'static str,
    total: &'static str,
    normalised: &'static str,
    norm2: &'static str,
    max: &'static str,
    level: &'static str,
    trainer: &'static str,
    steps: &'static str,
    mode: &'static str,
    variant: &'static str,
    unsolved: &'static str,
    bad: &'static str,
    point: &'static str,
    points: &'static str,
}

fn words(lang: Lang) -> Words {
    match lang {
        Lang::De => Words {
            title: "Lösungsweg",
            back: "← Trainer",
            print: "Drucken",
            puzzle: "das Puzzle",
            total: "Punkte",
            normalised: "Normierte Punktzahl (ab 17 Ausgangszahlen)",
            norm2: "2-Norm",
            max: "Maximum",
            level: "Schwierigkeitsgrad",
            trainer: "Schwierigkeitsgrad (Trainer)",
            steps: "Schritte",
            mode: "Modus",
            variant: "Variante",
            unsolved: "Der logische Löser hat dieses Puzzle nicht zu Ende gelöst.",
            bad: "Diese Adresse gibt kein Puzzle zum Erklären:",
            point: "Punkt",
            points: "Punkte",
        },
        Lang::En => Words {
            title: "Solution path",
            back: "← Trainer",
            print: "Print",
            puzzle: "the puzzle",
            total: "Points",
            normalised: "Normalised score (from 17 givens)",
            norm2: "2-norm",
            max: "Maximum",
            level: "Level",
            trainer: "Trainer level",
            steps: "Steps",
            mode: "Mode",
            variant: "Variant",
            unsolved: "The logical solver did not finish this puzzle.",
            bad: "This address does not give a puzzle to explain:",
            point: "point",
            points: "points",
        },
    }
}

fn mode_name(mode: Mode) -> &'static str {
    match mode {
        Mode::NonSynchronous => "async",
        Mode::Synchronous => "sync",
        Mode::SemiSynchronous => "semi",
        Mode::PseudoSynchronous => "pseudo",
    }
}

fn variant_text(name: &str, lang: Lang) -> &'static str {
    match (name, lang) {
        ("diagonal", Lang::De) => "Diagonal-Sudoku",
        ("color", Lang::De) => "Farb-Sudoku",
        ("color-diagonal", Lang::De) => "Farbdiagonal-Sudoku",
        (_, Lang::De) => "Standard-Sudoku",
        ("diagonal", Lang::En) => "diagonal Sudoku",
        ("color", Lang::En) => "color Sudoku",
        ("color-diagonal", Lang::En) => "color-diagonal Sudoku",
        (_, Lang::En) => "standard Sudoku",
    }
}

/// The top of every page, up to `<main>`.
fn head(out: &mut String, lang: Lang, w: &Words, back: &str) {
    let code = match lang {
        Lang::De => "de",
        Lang::En => "en",
    };
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"{code}\">\n<head>\n<meta charset=\"utf-8\">\n\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
<title>Sudoku Trainer — {title}</title>\n\
<link rel=\"icon\" href=\"/favicon.svg\" type=\"image/svg+xml\">\n\
<link rel=\"stylesheet\" href=\"/style.css\">\n</head>\n\
<body class=\"explain-page\" data-rendered=\"server\">\n<header class=\"path-head\">\n\
  <a id=\"back\" href=\"{back}\">{back_text}</a>\n\
  <button type=\"button\" id=\"btn-print-path\">{print}</button>\n</header>\n<main id=\"report\">\n\
  <h1 id=\"title\">{title}</h1>\n",
        title = w.title,
        back = esc(back),
        back_text = w.back,
        print = w.print,
    );
}

/// An error page: the sentence, and the error as JSON for the script (which
/// writes it in German from its code and args).
fn error_page(e: &ApiError, lang: Lang) -> Response {
    let w = words(lang);
    let mut out = String::new();
    head(&mut out, lang, &w, "/");
    let _ = write!(
        out,
        "  <p id=\"status\" class=\"message err\" role=\"status\">{} {}</p>\n</main>\n\
<script type=\"application/json\" id=\"page-error\">{}</script>\n\
<script type=\"module\" src=\"/explain.js\"></script>\n</body>\n</html>\n",
        w.bad,
        esc(&e.code.english()),
        json_in_html(&e.body().to_string()),
    );
    html(e.status(), out.into_bytes())
}

/// JSON safe inside a `<script>` element (no `</`).
fn json_in_html(json: &str) -> String {
    json.replace("</", "<\\/")
}

/// A small grid of `board`, with `candidates` in the empty cells when given,
/// in the markup the page's script draws over (`grid.js`'s `miniGrid`).
fn grid(
    out: &mut String,
    attrs: &str,
    variant: Variant,
    board: &str,
    candidates: Option<&Vec<Vec<u8>>>,
    givens: &str,
) {
    let _ = write!(out, "<div class=\"grid mini\" {attrs}>");
    let (b, g) = (board.as_bytes(), givens.as_bytes());
    // The colour groups, lettered in the order the variant lists them (the
    // page's script letters them alike).
    let groups: Vec<_> = variant
        .houses()
        .iter()
        .filter(|h| h.kind() == HouseKind::Color)
        .collect();
    for cell in Cell::all() {
        let i = cell.index();
        let (row, col) = (i / 9, i % 9);
        let mut class = String::from("cell");
        if col % 3 == 0 && col > 0 {
            class.push_str(" bl");
        }
        if row % 3 == 0 && row > 0 {
            class.push_str(" bt");
        }
        let houses = variant.houses_of(cell);
        if houses.iter().any(|h| h.kind() == HouseKind::Diagonal) {
            class.push_str(" diag");
        }
        let group = groups
            .iter()
            .position(|h| Variant::house_cells(**h).contains(cell))
            .map_or(String::new(), |k| {
                format!(" data-group=\"{}\"", (b'A' + (k % 9) as u8) as char)
            });
        let v = b.get(i).copied().unwrap_or(b'.');
        if v.is_ascii_digit() && v != b'0' {
            class.push_str(if g.get(i) == Some(&v) {
                " given"
            } else {
                " entry"
            });
            let _ = write!(
                out,
                "<div class=\"{class}\"{group} data-cell=\"{i}\">{}</div>",
                v as char
            );
            continue;
        }
        match candidates.and_then(|c| c.get(i)).filter(|c| !c.is_empty()) {
            Some(c) => {
                let _ = write!(
                    out,
                    "<div class=\"{class}\"{group} data-cell=\"{i}\"><div class=\"cands\">"
                );
                for d in 1..=9u8 {
                    if c.contains(&d) {
                        let _ = write!(out, "<span>{d}</span>");
                    } else {
                        out.push_str("<span></span>");
                    }
                }
                out.push_str("</div></div>");
            }
            None => {
                let _ = write!(
                    out,
                    "<div class=\"{class}\"{group} data-cell=\"{i}\"></div>"
                );
            }
        }
    }
    out.push_str("</div>");
}

/// The rendered page of `a` (see the module docs).
fn render(a: &Analysis, lang: Lang, mode: Mode, rating_only: bool) -> String {
    let w = words(lang);
    let givens: String = a.puzzle.clone();
    let variant: Variant = a.variant.parse().unwrap_or(Variant::Standard);
    let back = format!("/?p={}&v={}", a.puzzle, a.variant);
    let mut out = String::new();
    head(&mut out, lang, &w, &back);
    // The status: why the path is not whole, if it is not.
    match (&a.error, a.status) {
        (_, "unique") => {
            out.push_str("  <p id=\"status\" class=\"message\" role=\"status\"></p>\n")
        }
        (Some(e), _) => {
            let _ = writeln!(
                out,
                "  <p id=\"status\" class=\"message\" role=\"status\">{}</p>",
                esc(&capitalised(e))
            );
        }
        (None, _) => {
            let _ = writeln!(
                out,
                "  <p id=\"status\" class=\"message\" role=\"status\">{}</p>",
                w.unsolved
            );
        }
    }
    out.push_str("  <section id=\"summary\">\n    ");
    grid(
        &mut out,
        &format!("id=\"start\" role=\"img\" aria-label=\"{}\"", w.puzzle),
        variant,
        &a.puzzle,
        None,
        &givens,
    );
    out.push_str("\n    <dl id=\"rating\">\n");
    let mut row = |label: &str, value: String| {
        let _ = writeln!(out, "      <dt>{}</dt><dd>{}</dd>", esc(label), esc(&value));
    };
    row(w.variant, variant_text(a.variant, lang).to_string());
    row(w.mode, mode_name(mode).to_string());
    if let Some(r) = &a.rating {
        row(w.total, num(r.points));
        row(w.normalised, num(r.normalised));
        row(w.norm2, num(r.norm2));
        row(w.max, num(r.max));
        row(w.level, r.level_text.to_string());
        row(w.trainer, r.trainer_level_text.clone());
        if let Some(se) = r.se {
            row("Sudoku Explainer", format!("{se:.1}"));
        }
        if let (Some(score), Some(level)) = (r.hodoku_score, r.hodoku_level_text) {
            row("HoDoKu", format!("{level} ({score})"));
        }
    }
    let steps = a.steps.as_deref().unwrap_or_default();
    row(w.steps, steps.len().to_string());
    out.push_str("    </dl>\n  </section>\n");
    if !rating_only {
        out.push_str("  <ol id=\"steps\">\n");
        let positions = a.positions.as_deref().unwrap_or_default();
        for (k, s) in steps.iter().enumerate() {
            let word = if (s.points - 1.0).abs() < 1e-9 {
                w.point
            } else {
                w.points
            };
            let _ = write!(
                out,
                "    <li class=\"path-step\" data-step=\"{k}\">\n      <h2>{} — {} {word}</h2>\n      ",
                esc(s.name),
                num(s.points),
            );
            if let Some(p) = positions.get(k) {
                grid(
                    &mut out,
                    "aria-hidden=\"true\"",
                    variant,
                    &p.board,
                    p.candidates.as_ref(),
                    &givens,
                );
            }
            let _ = write!(out, "\n      <p>{}</p>\n", esc(&s.text));
            if let Some(c) = &s.compact {
                let _ = writeln!(out, "      <p class=\"compact\">{}</p>", esc(c));
            }
            out.push_str("    </li>\n");
        }
        out.push_str("  </ol>\n");
    }
    out.push_str("</main>\n");
    if !rating_only {
        // The steps' drawings for the script (the shapes only: the rest is
        // on the page already).
        let shapes: Vec<&Vec<sudoku_explain::Shape>> = steps.iter().map(|s| &s.shapes).collect();
        let json = serde_json::to_string(&shapes).unwrap_or_else(|_| "[]".to_string());
        let _ = writeln!(
            out,
            "<script type=\"application/json\" id=\"shapes\">{}</script>",
            json_in_html(&json)
        );
    }
    out.push_str("<script type=\"module\" src=\"/explain.js\"></script>\n</body>\n</html>\n");
    out
}

/// The sentence with a capital first letter.
fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seeds_addresses_are_read() {
        let p = "008050000090000400600003000000002050007018600380090071070480000003009825000000040";
        let r = read(&format!("{p}_0_NBEW"))
            .map_err(|e| e.to_string())
            .unwrap();
        assert!(r.rating_only && r.lang == Lang::De && r.mode == Mode::NonSynchronous);
        let r = read(&format!("{p}_2001"))
            .map_err(|e| e.to_string())
            .unwrap();
        assert!(
            !r.rating_only && r.mode == Mode::PseudoSynchronous && r.direct == DirectMethods::All
        );
        let r = read(&format!("{p}_1000_NBEW_EN"))
            .map_err(|e| e.to_string())
            .unwrap();
        assert!(r.rating_only && r.lang == Lang::En && r.direct == DirectMethods::Simple);
        assert_eq!(read(p).map(|r| r.mode).ok(), Some(Mode::NonSynchronous));
        assert!(read(&format!("{p}_7777")).is_err());
        assert!(read(&format!("{p}_0_NBEW_x")).is_err());
        assert!(read(&format!("{p}9")).is_err());
        assert!(read(&format!("p={p}&lang=de")).is_ok());
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(
            esc("<a href=\"x\">&'"),
            "&lt;a href=&quot;x&quot;&gt;&amp;&#39;"
        );
        assert_eq!(
            json_in_html("{\"a\":\"</script>\"}"),
            "{\"a\":\"<\\/script>\"}"
        );
        assert_eq!(num(-0.0), "0");
        assert_eq!(num(12.25), "12.3");
    }
}
