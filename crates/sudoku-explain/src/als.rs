//! Almost locked sets: ALS-XZ (singly and doubly linked), ALS-XY-wing,
//! ALS-XY-chain, death blossom, and Sue de Coq. The German texts say "fast
//! verbundene Menge (ALS)" for an almost locked set, "verbundene Menge" for a
//! locked set and "eingeschränkter gemeinsamer Kandidat (RCC)" for a
//! restricted common candidate.

use crate::Lang;
use crate::glossary::{Term, term};
use crate::words::{cells, digits, in_house, removal, so, the_house};
use sudoku_core::{Cell, Digit, DigitSet, House, HouseKind};
use sudoku_logic::{AlsSet, Step, SueDeCoq, Technique};

/// The labels of a step's sets, in the order of its `sets` (or a death
/// blossom's `petals`): the text names each set by its label and the drawing
/// writes the same label beside it (`crate::shapes`), so the two cannot
/// disagree. An ALS-XY-wing's sets are wing, pivot, wing: A, C, B (the pivot
/// C in the middle, as the text tells it); an ALS-XY-chain's are A1 … An;
/// every other step's A, B, C, …
pub(crate) fn set_labels(technique: Technique, n: usize) -> Vec<String> {
    let letter = |k: usize| char::from(b'A' + (k % 26) as u8).to_string();
    match technique {
        Technique::AlsXyWing if n == 3 => vec!["A".into(), "C".into(), "B".into()],
        Technique::AlsXyChain => (1..=n).map(|k| format!("A{k}")).collect(),
        _ => (0..n).map(letter).collect(),
    }
}

/// One set: `{r1c1, r1c5} in row 1 (3, 7 and 8)`.
fn set(s: &AlsSet, lang: Lang) -> String {
    format!(
        "{{{}}} {} ({})",
        cells(s.cells),
        in_house(s.house, lang),
        digits(s.digits, lang)
    )
}

/// "3 lies" / "each of 3 and 7 lies" ; "liegt die 3" / "liegt jede der
/// Zahlen 3 und 7".
fn z_subject(z: DigitSet, lang: Lang) -> String {
    match (lang, z.len()) {
        (Lang::En, 1) => format!("{z_} lies", z_ = digits(z, lang)),
        (Lang::En, _) => format!("each of {} lies", digits(z, lang)),
        (Lang::De, 1) => format!("liegt die {}", digits(z, lang)),
        (Lang::De, _) => format!("liegt jede der Zahlen {}", digits(z, lang)),
    }
}

/// Explains an ALS-XZ, ALS-XY-wing or ALS-XY-chain.
pub(crate) fn chain(
    step: &Step,
    name: &str,
    sets: &[AlsSet],
    rccs: &[Digit],
    z: DigitSet,
    doubly: bool,
    lang: Lang,
) -> Option<String> {
    let then = so(&removal(&step.eliminations, lang), lang);
    let als = term(Term::AlsPlural, lang);
    let pivot = term(Term::Pivot, lang);
    match (step.technique, sets, rccs) {
        (Technique::AlsXz, [a, b], [x1, x2]) if doubly => Some(match lang {
            Lang::En => format!(
                "{name} (doubly linked): the {als} A = {} and B = {} share two restricted common candidates, {x1} and {x2}: every place of each in A sees every place of it in B. Each RCC lies in at most one of the sets, and each set needs one of them (its cells need all but one of its digits), so A and B are locked sets with one RCC each: every other digit of a set lies in it, and each RCC lies in A or B; {then}",
                set(a, lang),
                set(b, lang)
            ),
            Lang::De => format!(
                "{name} (doppelt verbunden): Die {als} A = {} und B = {} haben zwei eingeschränkte gemeinsame Kandidaten (RCC), {x1} und {x2}: Jeder Platz der Zahl in A sieht jeden ihrer Plätze in B. Jeder RCC liegt in höchstens einer der Mengen, und jede Menge braucht einen davon (ihre Zellen brauchen alle Zahlen bis auf eine), also sind A und B verbundene Mengen mit je einem RCC: Jede andere Zahl einer Menge liegt in ihr, und jeder RCC liegt in A oder B; {then}",
                set(a, lang),
                set(b, lang)
            ),
        }),
        (Technique::AlsXz, [a, b], [x]) => Some(match lang {
            Lang::En => format!(
                "{name}: the {als} A = {} and B = {} share the restricted common candidate {x}: every {x} of A sees every {x} of B, so at most one of them holds {x}, and the other becomes a locked set holding all its other digits. Hence {} in A or B, {then}",
                set(a, lang),
                set(b, lang),
                z_subject(z, lang)
            ),
            Lang::De => format!(
                "{name}: Die {als} A = {} und B = {} haben den eingeschränkten gemeinsamen Kandidaten (RCC) {x}: Jede {x} in A sieht jede {x} in B, höchstens eine der Mengen enthält also die {x}, und die andere wird zur verbundenen Menge mit allen ihren übrigen Zahlen. Damit {} in A oder B, {then}",
                set(a, lang),
                set(b, lang),
                z_subject(z, lang)
            ),
        }),
        (Technique::AlsXyWing, [a, c, b], [x, y]) => Some(match lang {
            Lang::En => format!(
                "{name}: the {pivot} C = {} is linked to A = {} by the restricted common candidate {x} and to B = {} by {y}. If A lacked a digit it shares with B, it would be locked and hold {x}; then C would lose {x} and hold {y}, so B would lose {y} and hold that digit. Hence {} in A or B, {then}",
                set(c, lang),
                set(a, lang),
                set(b, lang),
                z_subject(z, lang)
            ),
            Lang::De => format!(
                "{name}: Die {pivot} C = {} ist mit A = {} durch den eingeschränkten gemeinsamen Kandidaten (RCC) {x} verbunden und mit B = {} durch die {y}. Fehlte A eine Zahl, die es mit B teilt, wäre A eine verbundene Menge mit der {x}; dann verlöre C die {x} und enthielte die {y}, also verlöre B die {y} und enthielte jene Zahl. Damit {} in A oder B, {then}",
                set(c, lang),
                set(a, lang),
                set(b, lang),
                z_subject(z, lang)
            ),
        }),
        (Technique::AlsXyChain, [first, ..], _) if rccs.len() + 1 == sets.len() => {
            let labels = set_labels(step.technique, sets.len());
            let mut path = format!("{} = {}", labels[0], set(first, lang));
            for ((s, x), label) in sets[1..].iter().zip(rccs).zip(&labels[1..]) {
                path.push_str(&format!(" –{x}– {label} = {}", set(s, lang)));
            }
            let n = sets.len();
            Some(match lang {
                Lang::En => format!(
                    "{name} of {n} {als} linked by restricted common candidates: {path}. If A1 lacked a digit it shares with A{n}, it would be locked and hold its RCC to A2; each next set would lose the RCC before it and hold the one after it, and A{n} would hold that digit. Hence {} in A1 or A{n}, {then}",
                    z_subject(z, lang)
                ),
                Lang::De => format!(
                    "{name} aus {n} {als}, verbunden durch eingeschränkte gemeinsame Kandidaten (RCC): {path}. Fehlte A1 eine Zahl, die es mit A{n} teilt, wäre A1 eine verbundene Menge mit dem RCC zu A2; jede weitere Menge verlöre den RCC davor und enthielte den danach, und A{n} enthielte jene Zahl. Damit {} in A1 oder A{n}, {then}",
                    z_subject(z, lang)
                ),
            })
        }
        _ => None,
    }
}

/// Explains a death blossom.
pub(crate) fn death_blossom(
    step: &Step,
    name: &str,
    stem: Cell,
    petals: &[(Digit, AlsSet)],
    z: Digit,
    lang: Lang,
) -> Option<String> {
    let stem_digits: DigitSet = petals.iter().map(|p| p.0).collect();
    let labels = set_labels(step.technique, petals.len());
    let list: Vec<String> = petals
        .iter()
        .zip(&labels)
        .map(|((d, s), label)| match lang {
            Lang::De => format!("{label} = {} für die {d}", set(s, lang)),
            Lang::En => format!("{label} = {} for {d}", set(s, lang)),
        })
        .collect();
    let list = list.join("; ");
    let then = so(&removal(&step.eliminations, lang), lang);
    let als = term(Term::Als, lang);
    Some(match lang {
        Lang::En => format!(
            "{name}: the stem {stem} holds {}. For each of them a petal, an {als}, holds it, with all its places of that digit seeing the stem — {list}. Whatever the stem takes, that digit's petal loses it and becomes a locked set, which holds {z}. Hence {z} lies in one of the petals, {then}",
            digits(stem_digits, lang)
        ),
        Lang::De => format!(
            "{name}: Der Stamm {stem} enthält {}. Zu jeder davon gibt es ein Blütenblatt, ein {als}, mit dieser Zahl, dessen Plätze der Zahl alle den Stamm sehen — {list}. Welche Zahl der Stamm auch bekommt, ihr Blütenblatt verliert sie und wird zur verbundenen Menge, die die {z} enthält. Die {z} liegt also in einem der Blütenblätter, {then}",
            digits(stem_digits, lang)
        ),
    })
}

/// "the rest of row 3" / "im Rest von Zeile 3".
fn rest_of(h: House, lang: Lang) -> String {
    match (lang, h.kind()) {
        (Lang::En, _) => format!("the rest of {}", the_house(h, lang)),
        (Lang::De, HouseKind::Diagonal) => format!("im Rest der {}", crate::words::house(h, lang)),
        (Lang::De, _) => format!("im Rest von {}", crate::words::house(h, lang)),
    }
}

/// Explains a Sue de Coq.
pub(crate) fn sue_de_coq(step: &Step, name: &str, s: &SueDeCoq, lang: Lang) -> Option<String> {
    let all = s.digits | s.line_digits | s.region_digits;
    let n = s.cells.len() + s.line_cells.len() + s.region_cells.len();
    let then = so(&removal(&step.eliminations, lang), lang);
    let (lh, rh) = (s.line, s.region);
    let core = cells(s.cells);
    let v = digits(s.digits, lang);
    let (line_cells, line_in, line_digits) = (
        cells(s.line_cells),
        in_house(lh, lang),
        digits(s.line_digits, lang),
    );
    let (region_cells, region_in, region_digits) = (
        cells(s.region_cells),
        in_house(rh, lang),
        digits(s.region_digits, lang),
    );
    let (line_rest, region_rest) = (rest_of(lh, lang), rest_of(rh, lang));
    // What the rest of each house loses: every digit but the other part's.
    let (line_loses, region_loses) = (
        digits(all - s.region_digits, lang),
        digits(all - s.line_digits, lang),
    );
    Some(match lang {
        Lang::En => {
            let (lh, rh) = (the_house(lh, lang), the_house(rh, lang));
            format!(
                "{name}: {core} in the intersection of {lh} and {rh} hold {v}. With {line_cells} {line_in} ({line_digits}) and {region_cells} {region_in} ({region_digits}, no digit in common with the cells of {lh}), these {n} cells hold exactly {n} digits, and each digit at most once (its places are all in one of the two houses), so each exactly once. Hence {line_loses} leave {line_rest} and {region_loses} leave {region_rest}; {then}"
            )
        }
        Lang::De => {
            let (lh, rh) = (crate::words::house(lh, lang), crate::words::house(rh, lang));
            format!(
                "{name}: {core} in der Überschneidung von {lh} und {rh} enthalten {v}. Mit {line_cells} {line_in} ({line_digits}) und {region_cells} {region_in} ({region_digits}, keine Zahl gemeinsam mit den Zellen {line_in}) enthalten diese {n} Zellen genau {n} Zahlen, jede höchstens einmal (ihre Plätze liegen alle in einer der beiden Gruppen), also jede genau einmal. Damit fehlen {line_loses} {line_rest} und {region_loses} {region_rest}; {then}"
            )
        }
    })
}
