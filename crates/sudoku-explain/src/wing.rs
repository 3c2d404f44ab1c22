//! Wings: XY-wing, XYZ-wing, WXYZ-wing (standard and extended) and W-wing. The
//! German texts use the diagonal solver's words: Knickstelle (hinge), Flügel
//! (wing), starke Verbindung (strong link).

use crate::Lang;
use crate::glossary::{Term, term};
use crate::words::{cells, digits, in_house, the_house, upper_first};
use sudoku_core::{Cell, CellSet, Digit, DigitSet, House};
use sudoku_logic::{Step, Technique};

/// Explains an XY-, XYZ- or WXYZ-wing eliminating `z`.
pub(crate) fn render(
    step: &Step,
    name: &str,
    hinge: Option<Cell>,
    wings: CellSet,
    z: Digit,
    lang: Lang,
) -> Option<String> {
    let gone: CellSet = step.eliminations.iter().map(|e| e.cell).collect();
    let gone = cells(gone);
    let others = step.digits - DigitSet::single(z);
    let ws = cells(wings);
    let hinge_word = term(Term::Hinge, lang);
    Some(match (step.technique, hinge, lang) {
        (Technique::XyWing, Some(h), Lang::En) => format!(
            "{name}: the {hinge_word} {h} holds {}; the wings {ws} each pair one of them with {z}. Whichever digit {h} takes, one wing becomes {z}, so {z} can be removed from every cell that sees both wings: {gone}.",
            digits(others, lang)
        ),
        (Technique::XyWing, Some(h), Lang::De) => format!(
            "{name}: Die {hinge_word} {h} enthält {}, die Flügel {ws} je eine davon zusammen mit der {z}. Welche Zahl {h} auch bekommt, ein Flügel wird zur {z}; also kann die {z} aus allen Zellen gestrichen werden, die beide Flügel sehen: {gone}.",
            digits(others, lang)
        ),
        (Technique::XyzWing, Some(h), Lang::En) => format!(
            "{name}: the {hinge_word} {h} holds {}; the wings {ws} each hold {z} and one other of them. If {h} is not {z}, one wing is, so one of the three cells holds {z}, and {z} can be removed from every cell that sees all three: {gone}.",
            digits(step.digits, lang)
        ),
        (Technique::XyzWing, Some(h), Lang::De) => format!(
            "{name}: Die {hinge_word} {h} enthält {}, die Flügel {ws} jeweils die {z} und eine weitere davon. Ist {h} nicht die {z}, ist es ein Flügel; eine der drei Zellen enthält also die {z}, und sie kann aus allen Zellen gestrichen werden, die alle drei sehen: {gone}.",
            digits(step.digits, lang)
        ),
        (_, _, Lang::En) => {
            let form = match hinge {
                Some(h) => format!(" ({hinge_word} {h})"),
                None => format!(" (extended form, no {hinge_word})"),
            };
            let pattern = wings | hinge.map_or(CellSet::EMPTY, CellSet::single);
            format!(
                "{name}{form}: {} hold only the digits {}. Every digit but {z} has places that all see each other, so those digits fill at most {} of the cells and {z} must go into one of its places among them; {z} can be removed from every cell that sees all of those places: {gone}.",
                cells(pattern),
                digits(step.digits, lang),
                others.len()
            )
        }
        (_, _, Lang::De) => {
            let form = match hinge {
                Some(h) => format!(" ({hinge_word} {h})"),
                None => format!(" (erweiterte Form, ohne {hinge_word})"),
            };
            let pattern = wings | hinge.map_or(CellSet::EMPTY, CellSet::single);
            format!(
                "{name}{form}: {} enthalten zusammen nur die Kandidaten {}. Außer der {z} sehen sich bei jeder Zahl alle ihre Plätze gegenseitig, diese Zahlen füllen also höchstens {} der Zellen, und die {z} muss auf einen ihrer Plätze darin; also kann die {z} aus allen Zellen gestrichen werden, die alle diese Plätze sehen: {gone}.",
                cells(pattern),
                digits(step.digits, lang),
                others.len()
            )
        }
    })
}

/// Explains a W-wing: `ends` hold `x` and `y`; the strong link on `x` in `house`
/// runs between `link`.
pub(crate) fn w_wing(
    step: &Step,
    name: &str,
    ends: [Cell; 2],
    link: [Cell; 2],
    house: House,
    (x, y): (Digit, Digit),
    lang: Lang,
) -> Option<String> {
    let gone: CellSet = step.eliminations.iter().map(|e| e.cell).collect();
    let gone = cells(gone);
    let [a, b] = ends;
    let [l1, l2] = link;
    let place = in_house(house, lang);
    Some(match lang {
        Lang::En => format!(
            "{name}: {a} and {b} both hold only {x} and {y}. {} the {x} has just two places, {l1} (seeing {a}) and {l2} (seeing {b}). If neither end were {y}, both would be {x} and leave no place for the {x} of {}; so one of them is {y}, and {y} can be removed from every cell that sees both: {gone}.",
            upper_first(&place),
            the_house(house, lang)
        ),
        Lang::De => format!(
            "{name}: {a} und {b} enthalten beide nur {x} und {y}. {} hat die {x} nur zwei Plätze, {l1} (sieht {a}) und {l2} (sieht {b}). Wäre keine der beiden Zellen die {y}, wären beide die {x}, und {place} bliebe kein Platz für die {x}; also ist eine von ihnen die {y}, und die {y} kann aus allen Zellen gestrichen werden, die beide sehen: {gone}.",
            upper_first(&place)
        ),
    })
}
