//! A step in words and on the grid, told by the technique that found it.
//!
//! Every step struct (`Detail::X(X)`) implements [`Describe`] in its own
//! technique module, beside its finder: the EN/DE explanation and the drawing
//! of one technique are read from the same fields (labels, cells, digits),
//! so they cannot disagree and a technique is complete in one file. This
//! module holds only what every technique shares — the trait, the one
//! exhaustive dispatch over [`Detail`], the vocabulary ([`words`],
//! [`glossary`]), the drawing primitives ([`drawing`]) and the plain text for
//! a step without data of its own ([`Detail::None`]).
//!
//! The steps stay data: nothing here runs while solving, and nothing
//! downstream parses a text. `sudoku-explain` adds whole traces, graded hints
//! and a trainer's candidate fields on top of [`text`] and [`shapes`].

pub mod drawing;
pub mod glossary;
pub mod words;

pub use crate::implication::told::compact;

use crate::step::{Detail, GroupRole, PatternGroup, Step};
use crate::{Candidates, Technique};
use drawing::{CellRole, Drawing, MarkRole, Shape};
use sudoku_core::{Digit, Lang};

/// What a step struct tells about its step: the explanation in a language
/// and the pattern's shapes. Implemented by every `Detail` payload in the
/// module of the technique that owns it.
pub trait Describe {
    /// The explanation of `step` (whose detail is `self`) as `at` asks for
    /// it; `None` when the data cannot be told (a malformed step), and the
    /// plain fallback text is used.
    fn text(&self, step: &Step, at: &Telling<'_>) -> Option<String>;

    /// The pattern's own shapes; the step's effects (placed and eliminated
    /// candidates) are added by the caller.
    fn draw(&self, step: &Step, out: &mut Drawing);
}

/// How a text is asked for: in which language, under which display name, and
/// with the position the step was found in when the caller has it.
#[derive(Clone, Copy)]
pub struct Telling<'a> {
    /// The technique's display name in `lang`.
    pub name: &'a str,
    /// The position before the step (trial and error then names the
    /// contradiction its assumption runs into; a rectangle the candidates it
    /// restores).
    pub before: Option<&'a Candidates>,
    /// The language.
    pub lang: Lang,
}

impl Detail {
    /// The step struct that tells this step, `None` for [`Detail::None`].
    /// One line per variant and no catch-all: a new variant does not compile
    /// until its struct can be told and drawn.
    pub fn describer(&self) -> Option<&dyn Describe> {
        Some(match self {
            Detail::None => return None,
            Detail::Single(x) => x,
            Detail::WriteCandidates(x) => x,
            Detail::Intersection(x) => x,
            Detail::Subset(x) => x,
            Detail::Fish(x) => x,
            Detail::FinnedFish(x) => x,
            Detail::KrakenFish(x) => x,
            Detail::Coloring(x) => x,
            Detail::SingleDigitChain(x) => x,
            Detail::EmptyRectangle(x) => x,
            Detail::DigitContradiction(x) => x,
            Detail::Wing(x) => x,
            Detail::WWing(x) => x,
            Detail::XyChain(x) => x,
            Detail::Trial(x) => x,
            Detail::Direct(x) => x,
            Detail::NiceLoop(x) => x,
            Detail::UniqueRectangle(x) => x,
            Detail::Bug(x) => x,
            Detail::UniqueLoop(x) => x,
            Detail::BivalueGrave(x) => x,
            Detail::AlignedExclusion(x) => x,
            Detail::RemotePair(x) => x,
            Detail::AlsChain(x) => x,
            Detail::DeathBlossom(x) => x,
            Detail::SueDeCoq(x) => x,
            Detail::Forcing(x) => &**x,
            Detail::SeesAllPlaces(x) => x,
            Detail::LockedSubset(x) => x,
            Detail::Medusa(x) => x,
            Detail::Dual(x) => x,
            Detail::Template(x) => x,
            Detail::Pattern(x) => x,
        })
    }
}

/// The display name of `technique` in `lang`, from its catalogue entry:
/// "Hidden single" / "Versteckter Single".
pub fn technique_name(technique: Technique, lang: Lang) -> &'static str {
    let names = technique.info().names;
    match lang {
        Lang::En => names.en,
        Lang::De => names.de,
    }
}

fn name(step: &Step, lang: Lang) -> &'static str {
    technique_name(step.technique, lang)
}

/// The explanation of `step` in `lang`; with `before`, the position it was
/// found in, a few techniques say more (see [`Telling::before`]).
pub fn text(step: &Step, before: Option<&Candidates>, lang: Lang) -> String {
    told(step, before, lang).unwrap_or_else(|| fallback(step, lang))
}

/// Whether `step`'s own struct tells it (else [`text`] names the technique
/// and lists the effects).
pub fn told_by_its_technique(step: &Step) -> bool {
    told(step, None, Lang::En).is_some()
}

fn told(step: &Step, before: Option<&Candidates>, lang: Lang) -> Option<String> {
    let at = Telling {
        name: name(step, lang),
        before,
        lang,
    };
    step.detail.describer()?.text(step, &at)
}

/// The shapes of `step`; with `before`, pattern marks on digits that are not
/// candidates there are left out.
pub fn shapes(step: &Step, before: Option<&Candidates>) -> Vec<Shape> {
    let mut out = Drawing::default();
    draw_pattern(step, &mut out);
    out.effects(step);
    out.finish(before)
}

/// The pattern's shapes of `step` (no effects): what its struct draws, and
/// for a step without data its cells and links.
pub(crate) fn draw_pattern(step: &Step, out: &mut Drawing) {
    match step.detail.describer() {
        Some(d) => d.draw(step, out),
        None => {
            out.pattern_and_links(step);
        }
    }
}

/// The text of a step no struct tells: it still names the technique and
/// lists every placement and elimination, so nothing is silently dropped.
/// "Name: places 7 in r3c5; removes 4 from r1c2."
fn fallback(step: &Step, lang: Lang) -> String {
    let mut parts = Vec::new();
    for p in &step.placements {
        parts.push(match lang {
            Lang::En => format!("places {} in {}", p.digit, p.cell),
            Lang::De => format!("setzt die {} in {}", p.digit, p.cell),
        });
    }
    for (d, cells) in words::group(&step.eliminations) {
        parts.push(match lang {
            Lang::En => format!("removes {d} from {}", words::cells(cells)),
            Lang::De => format!("streicht die {d} aus {}", words::cells(cells)),
        });
    }
    if parts.is_empty() {
        parts.push(match lang {
            Lang::En => "changes nothing".to_string(),
            Lang::De => "ändert nichts".to_string(),
        });
    }
    format!("{}: {}.", name(step, lang), parts.join("; "))
}

/// A technique added through its catalogue entry alone ([`Detail::Pattern`]):
/// its text is the entry's [`crate::StepText`] filled from the named groups,
/// its drawing those groups, so both name the same cells.
impl Describe for Vec<PatternGroup> {
    fn text(&self, step: &Step, at: &Telling<'_>) -> Option<String> {
        let template = step.technique.info().text?;
        let template = match at.lang {
            Lang::En => template.en,
            Lang::De => template.de,
        };
        let body = fill(template, step, self, at.lang);
        let mut effects: Vec<String> = step
            .placements
            .iter()
            .map(|p| match at.lang {
                Lang::En => format!("{} must be {}", p.cell, p.digit),
                Lang::De => format!("muss in {} die {} stehen", p.cell, p.digit),
            })
            .collect();
        if !step.eliminations.is_empty() || effects.is_empty() {
            effects.push(words::removal(&step.eliminations, at.lang));
        }
        let effect = match at.lang {
            Lang::En => effects.join(" and "),
            Lang::De => effects.join(" und "),
        };
        Some(format!(
            "{}: {body}; {}",
            at.name,
            words::so(&effect, at.lang)
        ))
    }

    fn draw(&self, step: &Step, out: &mut Drawing) {
        for g in self {
            let role = match g.role {
                GroupRole::Pattern => CellRole::Pattern,
                GroupRole::Guardian => CellRole::Fin,
            };
            out.cells(g.cells, role);
            out.marks(g.cells, step.digits, MarkRole::Pattern);
        }
        out.arrows(&step.links);
    }
}

/// `template` with every `{placeholder}` replaced; an unknown placeholder is
/// kept as written (the catalogue test rules that out).
pub fn fill(template: &str, step: &Step, groups: &[PatternGroup], lang: Lang) -> String {
    let mut out = String::with_capacity(template.len() + 32);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else {
            out.push_str(&rest[open..]);
            return out;
        };
        let key = &after[..close];
        match placeholder(key, step, groups, lang) {
            Some(v) => out.push_str(&v),
            None => {
                out.push('{');
                out.push_str(key);
                out.push('}');
            }
        }
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

/// The text of one placeholder, `None` for an unknown one.
pub fn placeholder(key: &str, step: &Step, groups: &[PatternGroup], lang: Lang) -> Option<String> {
    Some(match key {
        "digit" => step
            .digits
            .iter()
            .next()
            .map_or_else(String::new, |d: Digit| d.to_string()),
        "digits" => words::digits(step.digits, lang),
        "houses" => {
            let names: Vec<String> = step.houses.iter().map(|h| words::house(*h, lang)).collect();
            words::and_list(&names, lang)
        }
        "count" => step.houses.len().to_string(),
        _ => words::cells(groups.iter().find(|g| g.name == key)?.cells),
    })
}
