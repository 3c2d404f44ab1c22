//! Explanations of logical solving steps, in English and German.
//!
//! The logic crate produces [`Step`] values — technique, placements,
//! eliminations and the cells, houses, digits and links that justify them. This
//! crate renders that data as text and nothing else: no downstream code parses
//! what it writes. One module per technique family renders the family's
//! [`Detail`] variant, so a new technique family is one more small renderer and
//! one more arm in [`render`]'s `match`.
//!
//! * [`render`] explains one step from its data alone.
//! * [`render_at`] does the same with the position before the step, which lets
//!   trial and error name the contradiction its assumption runs into.
//! * [`explain_trace`] replays a whole [`Trace`] and explains every step.
//! * [`shapes`] (and [`shapes_at`]) draw one step: cells, marked candidates,
//!   link arrows and groups as data for a page's overlay.
//! * [`technique_name`] is the display name of a technique in a language.
//! * [`parse_candidate_fields`] reads a candidate state from outside (a
//!   trainer's pencil marks, 81 fields of digits) for hints on it.
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

mod aligned;
mod als;
mod bookkeeping;
mod coloring;
mod direct;
mod fallback;
mod fields;
mod fish;
mod forcing;
mod glossary;
mod graded;
mod intersection;
mod names;
mod nice_loop;
mod pattern;
mod pincer;
mod shapes;
mod single;
mod single_digit;
mod subset;
mod trial;
mod uniqueness;
mod wing;
mod words;
mod xy_chain;

pub use fields::{FieldsError, parse_candidate_fields};
pub use forcing::compact;
pub use graded::{GradedHint, HintLevel, graded};
pub use shapes::{CellRole, HouseRole, MarkRole, Shape, shapes, shapes_at, trace_shapes};

use sudoku_logic::{Candidates, Detail, Step, Technique, Trace};

/// The language of an explanation: the project's one language tag.
pub use sudoku_core::{Lang, UnknownLang};

/// The display name of `technique` in `lang`: "Hidden single" / "Versteckter
/// Single". A technique newer than this crate gets its stable kebab-case name.
pub fn technique_name(technique: Technique, lang: Lang) -> &'static str {
    names::known(technique, lang).unwrap_or_else(|| technique.name())
}

/// A house's name in `lang`: "row 3" / "Zeile 3", "box 5" / "Box 5".
pub fn house_name(house: sudoku_core::House, lang: Lang) -> String {
    words::house(house, lang)
}

/// The display name of one of Sudoku Explainer's rules by its stable key
/// (`sudoku_rate::SeRule::key`, e.g. `direct-hidden-triplet`), in `lang`; the
/// key itself for a rule this crate does not know.
pub fn se_rule_name(key: &str, lang: Lang) -> &str {
    names::se_rule(key, lang).unwrap_or(key)
}

/// Explains `step` from its data alone.
///
/// Every [`Detail`] variant of the logic crate has its own renderer; a variant
/// added later (or [`Detail::None`]) gets a plain text that still names the
/// technique and lists what it places and removes ([`covers`] says which case
/// applies).
pub fn render(step: &Step, lang: Lang) -> String {
    specific(step, None, lang).unwrap_or_else(|| fallback::render(step, lang))
}

/// Explains `step` as [`render`] does, with `before`, the position the step was
/// found in: trial and error then names the contradiction its assumption leads
/// to.
pub fn render_at(step: &Step, before: &Candidates, lang: Lang) -> String {
    specific(step, Some(before), lang).unwrap_or_else(|| fallback::render(step, lang))
}

/// Whether a renderer of its own explains `step` (else [`render`] falls back to
/// naming the technique and listing the effects).
pub fn covers(step: &Step) -> bool {
    specific(step, None, Lang::En).is_some()
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

/// The text of a dedicated renderer, or `None` when only the fallback can
/// explain the step.
fn specific(step: &Step, before: Option<&Candidates>, lang: Lang) -> Option<String> {
    let name = names::known(step.technique, lang)?;
    match step.detail {
        Detail::Pattern(ref groups) => Some(pattern::render(
            step,
            name,
            step.technique.info().text?,
            groups,
            lang,
        )),
        Detail::Single(sudoku_logic::Single {
            house,
            on_candidates,
        }) => single::render(step, name, house, on_candidates, before, lang),
        Detail::WriteCandidates(sudoku_logic::WriteCandidates { count }) => {
            bookkeeping::render(step, name, count, lang)
        }
        Detail::Intersection(sudoku_logic::Intersection { base, cover, digit }) => {
            intersection::render(step, name, base, cover, digit, lang)
        }
        Detail::Subset(ref s) => subset::render(step, name, s, lang),
        Detail::Fish(sudoku_logic::Fish { digit, base, cover }) => {
            fish::render(step, name, digit, base, cover, lang)
        }
        Detail::FinnedFish(sudoku_logic::FinnedFish {
            digit,
            base,
            cover,
            fins,
            sashimi,
        }) => fish::finned(step, name, digit, (base, cover), fins, sashimi, lang),
        Detail::KrakenFish(ref k) => fish::kraken(step, name, k, lang),
        Detail::Coloring(sudoku_logic::Coloring {
            digit,
            kind,
            colors,
            other,
        }) => coloring::render(step, name, digit, kind, colors, other, lang),
        Detail::SingleDigitChain(sudoku_logic::SingleDigitChain {
            digit,
            length,
            closed,
        }) => single_digit::chain(step, name, digit, length, closed, lang),
        Detail::EmptyRectangle(sudoku_logic::EmptyRectangle {
            digit,
            region,
            row,
            column,
        }) => single_digit::empty_rectangle(step, name, digit, region, [row, column], lang),
        Detail::DigitContradiction(ref c) => single_digit::contradiction(step, name, c, lang),
        Detail::Wing(sudoku_logic::Wing {
            hinge,
            wings,
            digit,
        }) => wing::render(step, name, hinge, wings, digit, lang),
        Detail::WWing(sudoku_logic::WWing {
            ends,
            link,
            house,
            link_digit,
            digit,
        }) => wing::w_wing(step, name, ends, link, house, (link_digit, digit), lang),
        Detail::XyChain(sudoku_logic::XyChain { length, closed }) => {
            xy_chain::render(step, name, length, closed, lang)
        }
        Detail::Trial(sudoku_logic::TrialAndError {
            cell,
            digit,
            depth,
            cost,
            ref tree,
        }) => trial::render(
            step,
            name,
            (cell, digit),
            (depth, cost),
            tree.as_deref(),
            before,
            lang,
        ),
        Detail::Direct(sudoku_logic::Direct {
            kind,
            house,
            ref reasons,
        }) => direct::render(step, name, kind, house, reasons, lang),
        Detail::NiceLoop(sudoku_logic::NiceLoop { ref nodes, kind }) => {
            nice_loop::render(step, name, nodes, kind, lang)
        }
        Detail::UniqueRectangle(ref r) => uniqueness::rectangle(step, name, r, before, lang),
        Detail::Bug(sudoku_logic::Bug { cell, digit }) => {
            uniqueness::bug(step, name, cell, digit, lang)
        }
        Detail::UniqueLoop(sudoku_logic::UniqueLoop {
            kind,
            ref cells,
            pair,
            extra_cells,
            digits,
            subset,
            house,
            ref restored,
            ref links,
        }) => uniqueness::unique_loop(
            step,
            name,
            (cells, kind),
            (pair, extra_cells, digits),
            (subset, house, links),
            (restored, before),
            lang,
        ),
        Detail::BivalueGrave(sudoku_logic::BivalueGrave {
            kind,
            cells,
            extras,
            subset,
            digits,
            house,
        }) => uniqueness::grave(
            step,
            name,
            kind,
            (cells, extras),
            (subset, digits, house),
            lang,
        ),
        Detail::AlignedExclusion(sudoku_logic::AlignedExclusion {
            ref cells,
            excluders,
        }) => aligned::render(step, name, cells, excluders, lang),
        Detail::RemotePair(sudoku_logic::RemotePair { pair, even, odd }) => {
            uniqueness::remote_pair(step, name, pair, (even, odd), lang)
        }
        Detail::AlsChain(sudoku_logic::AlsChain {
            ref sets,
            ref rccs,
            z,
            doubly,
        }) => als::chain(step, name, sets, rccs, z, doubly, lang),
        Detail::DeathBlossom(sudoku_logic::DeathBlossom {
            stem,
            ref petals,
            z,
        }) => als::death_blossom(step, name, stem, petals, z, lang),
        Detail::SueDeCoq(ref s) => als::sue_de_coq(step, name, s, lang),
        Detail::Forcing(ref f) => forcing::render(step, name, f, lang),
        Detail::SeesAllPlaces(sudoku_logic::SeesAllPlaces {
            digit,
            house,
            places,
            cell,
            ref via,
        }) => pincer::render(step, name, (digit, house), places, cell, via, lang),
        Detail::LockedSubset(sudoku_logic::LockedSubset {
            line,
            region,
            cells,
            digits,
        }) => subset::locked(step, name, [line, region], (cells, digits), lang),
        Detail::Medusa(sudoku_logic::Medusa { colors, rule }) => {
            coloring::medusa(step, name, &colors, rule, lang)
        }
        Detail::Dual(sudoku_logic::Dual {
            digit,
            region,
            ref parts,
        }) => {
            let texts: Vec<String> = parts.iter().map(|p| render(p, lang)).collect();
            single_digit::dual(name, digit, region, &texts, lang)
        }
        Detail::Template(sudoku_logic::Template { digit, templates }) => {
            single_digit::template(step, name, digit, templates, lang)
        }
        // Nothing beyond the common fields: only the fallback can say more.
        Detail::None => None,
    }
}

#[cfg(test)]
mod tests;
