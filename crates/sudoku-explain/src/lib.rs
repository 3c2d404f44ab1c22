//! Explanations of logical solving steps, in English and German.
//!
//! The logic crate produces [`Step`] values — technique, placements,
//! eliminations and the cells, houses, digits and links that justify them —
//! and each technique's module tells its own steps in words and shapes
//! ([`sudoku_logic::Describe`], beside the finder, from the same data). This
//! crate is the explaining layer over that: whole traces replayed position
//! by position, graded hints for a learner, and a trainer's own candidate
//! fields read back for hints on them. Nothing downstream parses what it
//! writes.
//!
//! * [`render`] explains one step from its data alone.
//! * [`render_at`] does the same with the position before the step, which lets
//!   trial and error name the contradiction its assumption runs into.
//! * [`explain_trace`] replays a whole [`Trace`] and explains every step.
//! * [`shapes`] (and [`shapes_at`]) draw one step: cells, marked candidates,
//!   link arrows and groups as data for a page's overlay.
//! * [`technique_name`] is the display name of a technique in a language (from
//!   its catalogue entry).
//! * [`parse_candidate_fields`] reads a candidate state from outside (a
//!   trainer's pencil marks, 81 fields of digits) for hints on it;
//!   [`candidate_fields`] writes the full state of a grid in that format.
//!
//! # Notation
//!
//! Cells are written `r<row>c<column>`, 1-based (`r3c5`), in both languages.
//! Chains use Eureka notation: a candidate is `(digit)cell`, e.g. `(5)r1c2`; a
//! **strong** link ("at least one of the two is true") is written ` = `, a
//! **weak** link ("at most one of the two is true") ` - `. A single-digit chain
//! reads `(5)r1c2 = (5)r1c7 - (5)r4c7 = (5)r4c1`; an XY-chain alternates strong
//! links inside a cell with weak links between cells:
//! `(2)r1c2 = (7)r1c2 - (7)r1c7 = (3)r1c7 - …`. A group node (the candidates of
//! one digit in two or three cells of a line∩box intersection, in grouped nice
//! loops) is written with the cells' row and columns merged: `(5)r1c23`,
//! `(5)r12c3`.
//!
//! ```
//! use sudoku_core::{Grid, Variant};
//! use sudoku_explain::{render, Lang};
//! use sudoku_logic::{solve_logically, Options};
//! let p: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
//!     .parse().unwrap();
//! let trace = solve_logically(&p, Variant::Standard, &Options::default()).unwrap();
//! let text = render(&trace.steps[0], Lang::De);
//! assert!(text.starts_with("Letzte fehlende Zahl") || text.starts_with("Versteckter Single"));
//! ```
#![warn(missing_docs)]

mod fields;
mod graded;
mod se_names;
mod shapes;

pub use fields::{FieldsError, candidate_fields, parse_candidate_fields};
pub use graded::{GradedHint, HintLevel, graded};
pub use shapes::{shapes, shapes_at, trace_shapes};
pub use sudoku_logic::describe::compact;
pub use sudoku_logic::{CellRole, HouseRole, MarkRole, Shape};

use sudoku_logic::describe::words;
use sudoku_logic::{Candidates, Step, Technique, Trace};

/// The language of an explanation: the project's one language tag.
pub use sudoku_core::{Lang, UnknownLang};

/// The display name of `technique` in `lang`: "Hidden single" / "Versteckter
/// Single", from its catalogue entry.
pub fn technique_name(technique: Technique, lang: Lang) -> &'static str {
    sudoku_logic::describe::technique_name(technique, lang)
}

/// A house's name in `lang`: "row 3" / "Zeile 3", "box 5" / "Box 5".
pub fn house_name(house: sudoku_core::House, lang: Lang) -> String {
    words::house(house, lang)
}

/// The display name of one of Sudoku Explainer's rules by its stable key
/// (`sudoku_rate::SeRule::key`, e.g. `direct-hidden-triplet`), in `lang`; the
/// key itself for a rule this crate does not know.
pub fn se_rule_name(key: &str, lang: Lang) -> &str {
    se_names::se_rule(key, lang).unwrap_or(key)
}

/// Explains `step` from its data alone: the text its technique's module
/// tells ([`sudoku_logic::Describe`]); a step without data of its own
/// ([`sudoku_logic::Detail::None`]) gets a plain text that still names the
/// technique and lists what it places and removes ([`covers`] says which case
/// applies).
pub fn render(step: &Step, lang: Lang) -> String {
    sudoku_logic::describe::text(step, None, lang)
}

/// Explains `step` as [`render`] does, with `before`, the position the step was
/// found in: trial and error then names the contradiction its assumption leads
/// to.
pub fn render_at(step: &Step, before: &Candidates, lang: Lang) -> String {
    sudoku_logic::describe::text(step, Some(before), lang)
}

/// Whether the step's technique tells it (else [`render`] falls back to
/// naming the technique and listing the effects).
pub fn covers(step: &Step) -> bool {
    sudoku_logic::describe::told_by_its_technique(step)
}

/// Explains every step of `trace`, replaying it to give each step the position
/// it was found in.
pub fn explain_trace(trace: &Trace, lang: Lang) -> Vec<String> {
    let mut texts = Vec::with_capacity(trace.steps.len());
    let Ok(mut pos) = Candidates::new(&trace.puzzle, trace.end.variant()) else {
        // A trace exists only for puzzles whose givens do not clash; without the
        // position the steps still explain themselves.
        return trace.steps.iter().map(|s| render(s, lang)).collect();
    };
    for step in &trace.steps {
        texts.push(render_at(step, &pos, lang));
        // A synchronous round on a puzzle without solution may not apply; the
        // texts of later steps then lack only the trial contradictions.
        let _ = pos.apply(step);
    }
    texts
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_uniqueness;
