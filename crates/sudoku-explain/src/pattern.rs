//! The text of a [`Detail::Pattern`](sudoku_logic::Detail::Pattern) step: the
//! technique's own template from its catalogue entry, filled from the step's
//! data. A technique added this way needs no renderer here; its groups are
//! named in the text exactly as the drawing names them.

use crate::{Lang, words};
use sudoku_core::Digit;
use sudoku_logic::{PatternGroup, Step, StepText};

/// "Name: <the template, filled>, so <the effect>."
pub(crate) fn render(
    step: &Step,
    name: &str,
    text: StepText,
    groups: &[PatternGroup],
    lang: Lang,
) -> String {
    let template = match lang {
        Lang::En => text.en,
        Lang::De => text.de,
    };
    let body = fill(template, step, groups, lang);
    let mut effects: Vec<String> = step
        .placements
        .iter()
        .map(|p| match lang {
            Lang::En => format!("{} must be {}", p.cell, p.digit),
            Lang::De => format!("muss in {} die {} stehen", p.cell, p.digit),
        })
        .collect();
    if !step.eliminations.is_empty() || effects.is_empty() {
        effects.push(words::removal(&step.eliminations, lang));
    }
    let effect = match lang {
        Lang::En => effects.join(" and "),
        Lang::De => effects.join(" und "),
    };
    format!("{name}: {body}; {}", words::so(&effect, lang))
}

/// `template` with every `{placeholder}` replaced; an unknown placeholder is
/// kept as written (the catalogue test rules that out).
pub(crate) fn fill(template: &str, step: &Step, groups: &[PatternGroup], lang: Lang) -> String {
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
        match value(key, step, groups, lang) {
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
pub(crate) fn value(key: &str, step: &Step, groups: &[PatternGroup], lang: Lang) -> Option<String> {
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
