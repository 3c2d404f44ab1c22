//! The text for a step no dedicated renderer explains: a technique or detail
//! added to the logic crate after this crate. It still names the technique and
//! lists every placement and elimination, so nothing is silently dropped.

use crate::{Lang, technique_name, words};
use sudoku_logic::Step;

/// "Name: places 7 in r3c5; removes 4 from r1c2."
pub(crate) fn render(step: &Step, lang: Lang) -> String {
    let name = technique_name(step.technique, lang);
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
    format!("{name}: {}.", parts.join("; "))
}
