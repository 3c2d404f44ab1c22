//! The direct methods before candidates are written (the diagonal solver's C
//! and D): the facts used, in the order they build on each other, then the
//! single they leave. The seed's code (C3, D0, …) follows the name.

use crate::Lang;
use crate::words::{and_list, cells, digits, in_house};
use sudoku_core::{CellSet, House, HouseKind};
use sudoku_logic::{DirectKind, DirectReason, Step, Technique};

/// The seed's code of a direct step: C or D, then 1/2/3 for a single in a
/// row/column/box, 5/6 on the main/anti-diagonal, 4 in a colour group, 0 for a
/// naked single, 7 for a crossing, 8 for the rectangle.
pub(crate) fn seed_code(step: &Step, kind: DirectKind, house: Option<House>) -> String {
    let letter = match step.technique {
        Technique::DirectPointing | Technique::DirectClaiming => 'C',
        _ => 'D',
    };
    let number = match (kind, house.map(|h| (h.kind(), h.number()))) {
        (DirectKind::HiddenSingle, Some((HouseKind::Row, _))) => 1,
        (DirectKind::HiddenSingle, Some((HouseKind::Column, _))) => 2,
        (DirectKind::HiddenSingle, Some((HouseKind::Box, _))) => 3,
        (DirectKind::HiddenSingle, Some((HouseKind::Diagonal, 0))) => 5,
        (DirectKind::HiddenSingle, Some((HouseKind::Diagonal, _))) => 6,
        (DirectKind::HiddenSingle, _) => 4,
        (DirectKind::Crossing | DirectKind::PairCrossing, _) => 7,
        (DirectKind::Rectangle, _) => 8,
        _ => 0,
    };
    format!("{letter}{number}")
}

/// One fact in words.
fn reason(r: &DirectReason, lang: Lang) -> String {
    let or = |set: CellSet| {
        let v: Vec<String> = set.iter().map(|c| c.to_string()).collect();
        match lang {
            Lang::En => v.join(" or "),
            Lang::De => v.join(" oder "),
        }
    };
    match (*r, lang) {
        (
            DirectReason::Locked {
                digit,
                base,
                cover,
                cells: at,
            },
            Lang::En,
        ) => format!(
            "the {digit} {} lies {} ({})",
            in_house(base, lang),
            in_house(cover, lang),
            or(at)
        ),
        (
            DirectReason::Locked {
                digit,
                base,
                cover,
                cells: at,
            },
            Lang::De,
        ) => format!(
            "die {digit} {} {} liegt ({})",
            in_house(base, lang),
            in_house(cover, lang),
            or(at)
        ),
        (
            DirectReason::Pair {
                house,
                digits: ds,
                cells: at,
            },
            Lang::En,
        ) => format!(
            "{} can only go to {} {} (an obvious pair)",
            digits(ds, lang),
            and_list(&at.iter().map(|c| c.to_string()).collect::<Vec<_>>(), lang),
            in_house(house, lang)
        ),
        (
            DirectReason::Pair {
                house,
                digits: ds,
                cells: at,
            },
            Lang::De,
        ) => format!(
            "{} {} nur in {} stehen können (offensichtliches 2-Tupel)",
            digits(ds, lang),
            in_house(house, lang),
            and_list(&at.iter().map(|c| c.to_string()).collect::<Vec<_>>(), lang)
        ),
    }
}

/// Explains a direct step.
pub(crate) fn render(
    step: &Step,
    name: &str,
    kind: DirectKind,
    house: Option<House>,
    reasons: &[DirectReason],
    lang: Lang,
) -> Option<String> {
    let p = step.placements.first()?;
    let (cell, d) = (p.cell, p.digit);
    let code = seed_code(step, kind, house);
    let because: Vec<String> = reasons.iter().map(|r| reason(r, lang)).collect();
    let because = match lang {
        Lang::En => format!("Because {}", and_list(&because, lang)),
        Lang::De => format!("Weil {}", and_list(&because, lang)),
    };
    let rectangle = step.cells;
    let end = match (kind, house, lang) {
        (DirectKind::HiddenSingle, Some(h), Lang::En) => {
            format!("{d} has only one place left {}, {cell}", in_house(h, lang))
        }
        (DirectKind::HiddenSingle, Some(h), Lang::De) => {
            format!(
                "hat die {d} {} nur noch einen Platz, {cell}",
                in_house(h, lang)
            )
        }
        (DirectKind::Crossing, Some(h), Lang::En) => format!(
            "the {d} {} sits where both meet, at {cell}",
            in_house(h, lang)
        ),
        (DirectKind::Crossing, Some(h), Lang::De) => format!(
            "steht die {d} {} am Kreuzungspunkt {cell}",
            in_house(h, lang)
        ),
        (DirectKind::PairCrossing, _, Lang::En) => {
            format!("{cell} lies in both pairs and holds their common digit {d}")
        }
        (DirectKind::PairCrossing, _, Lang::De) => {
            format!("liegt {cell} in beiden Paaren und enthält deren gemeinsame Zahl {d}")
        }
        (DirectKind::Rectangle, _, Lang::En) => format!(
            "the pair's digits in {cell} would let {} swap them (two solutions), so {cell} holds {d}",
            cells(rectangle)
        ),
        (DirectKind::Rectangle, _, Lang::De) => format!(
            "könnten mit einer Zahl des Paares in {cell} die Zellen {} sie tauschen (zwei Lösungen), also steht dort die {d}",
            cells(rectangle)
        ),
        (_, _, Lang::En) => format!("{cell} can only hold {d}"),
        (_, _, Lang::De) => format!("kann in {cell} nur die {d} stehen"),
    };
    Some(match lang {
        Lang::En => format!("{name} ({code}): {because}, {end}."),
        Lang::De => format!("{name} ({code}): {because}, {end}."),
    })
}
