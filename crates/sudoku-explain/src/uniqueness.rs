//! Uniqueness techniques (unique, hidden and avoidable rectangles, BUG+1) and
//! the remote pair. The texts say the premise aloud: these deductions hold
//! because the puzzle has exactly one solution. German in the diagonal
//! solver's words (Zeile, Spalte, Box, Kandidat, Kette).

use crate::Lang;
use crate::words::{and_list, cells, digits, in_house, removal, so, upper_first};
use sudoku_core::{Cell, CellSet, Digit, DigitSet, House};
use sudoku_logic::{Candidates, GraveKind, LoopKind, RectangleKind, Step, UniqueRectangle};

/// The seed's label of a rectangle type ("4B" for HoDoKu's type 4, "7A" for
/// the hidden rectangle).
fn type_label(kind: RectangleKind) -> &'static str {
    match kind {
        RectangleKind::Type1 => "1",
        RectangleKind::Type2 => "2",
        RectangleKind::Type3 => "3",
        RectangleKind::Type4 => "4B",
        RectangleKind::Type5 => "5",
        RectangleKind::Type6 => "6",
        RectangleKind::Hidden => "7A",
        RectangleKind::Type4A => "4A",
        RectangleKind::Type4C => "4C",
        RectangleKind::Type7B => "7B",
        RectangleKind::Type7C => "7C",
        RectangleKind::Type8A => "8A",
        RectangleKind::Type8B => "8B",
        RectangleKind::Type8C => "8C",
        RectangleKind::Avoidable1 | RectangleKind::Avoidable2 => "",
    }
}

/// What a quasi rectangle gives back, and why: "the 5 to r2c3 and r3c7, the
/// 1 to r3c3", solved corners named with their digit.
/// The cells of a quasi pattern and what the digits given back to them had in
/// common: a rectangle's corners and its other diagonal, or a loop's cells
/// and its other parity class.
enum Shape<'a> {
    Rectangle(&'a [Cell]),
    Loop(&'a [Cell]),
}

/// The sentence naming what a quasi rectangle or loop gives back, and which
/// of its cells are solved (they count with their digit).
fn restoration(
    (shape, pair, restored): (Shape<'_>, DigitSet, &[(Cell, Digit)]),
    before: Option<&Candidates>,
    lang: Lang,
) -> String {
    let mut parts = Vec::new();
    for d in pair.iter() {
        let to: CellSet = restored
            .iter()
            .filter(|&&(_, e)| e == d)
            .map(|&(c, _)| c)
            .collect();
        if !to.is_empty() {
            parts.push(match lang {
                Lang::En => format!("the {d} to {}", cells(to)),
                Lang::De => format!("die {d} in {}", cells(to)),
            });
        }
    }
    let members = match shape {
        Shape::Rectangle(c) | Shape::Loop(c) => c,
    };
    let solved: Vec<String> = before
        .map(|pos| {
            members
                .iter()
                .filter_map(|&c| pos.get(c).map(|d| (c, d)))
                .map(|(c, d)| match lang {
                    Lang::En => format!("{c} (solved as {d}, not given)"),
                    Lang::De => format!("{c} (als {d} gelöst, kein Given)"),
                })
                .collect()
        })
        .unwrap_or_default();
    let list = and_list(&parts, lang);
    let n = restored.len();
    let rectangle = matches!(shape, Shape::Rectangle(_));
    match lang {
        Lang::En => {
            let solved = match (solved.is_empty(), rectangle) {
                (true, _) => String::new(),
                (false, true) => format!(
                    " A solved corner counts as holding its digit: {}.",
                    and_list(&solved, lang)
                ),
                (false, false) => format!(
                    " A solved cell counts as holding its digit: {}.",
                    and_list(&solved, lang)
                ),
            };
            let (whose, why) = if rectangle {
                ("its corners", "both corners of the other diagonal")
            } else {
                (
                    "its cells",
                    "every cell of the other parity class (every second cell along the loop)",
                )
            };
            format!(
                "Some pair candidates are missing from {whose}; as each digit below is held by {why}, it is given back for the test ({n} {}): {list}.{solved}",
                if n == 1 { "candidate" } else { "candidates" }
            )
        }
        Lang::De => {
            let solved = match (solved.is_empty(), rectangle) {
                (true, _) => String::new(),
                (false, true) => format!(
                    " Eine gelöste Ecke zählt mit ihrer Zahl: {}.",
                    and_list(&solved, lang)
                ),
                (false, false) => format!(
                    " Eine gelöste Zelle zählt mit ihrer Zahl: {}.",
                    and_list(&solved, lang)
                ),
            };
            let (whose, why) = if rectangle {
                (
                    "In seinen Ecken fehlen",
                    "beide Ecken der anderen Diagonale die jeweilige Zahl enthalten",
                )
            } else {
                (
                    "In ihren Zellen fehlen",
                    "alle Zellen der anderen Paritätsklasse (jede zweite Zelle entlang der Schleife) die jeweilige Zahl enthalten",
                )
            };
            format!(
                "{whose} Kandidaten des Paares; da {why}, wird sie für den Test vorübergehend wieder eingetragen ({n} {}): {list}.{solved}",
                if n == 1 { "Kandidat" } else { "Kandidaten" }
            )
        }
    }
}

/// Explains a unique, hidden or avoidable rectangle.
pub(crate) fn rectangle(
    step: &Step,
    name: &str,
    r: &UniqueRectangle,
    before: Option<&Candidates>,
    lang: Lang,
) -> Option<String> {
    let quasi_name;
    let name = if r.restored.is_empty() {
        name
    } else {
        let word = if lang == Lang::En { "type" } else { "Typ" };
        quasi_name = format!("{name} {word} {}", type_label(r.kind));
        quasi_name.as_str()
    };
    let all: CellSet = r.corners.iter().copied().collect();
    let floor = all - r.roof;
    let (corners, pair, roof, fl) = (
        cells(all),
        digits(r.pair, lang),
        cells(r.roof),
        cells(floor),
    );
    let extra = digits(r.extra, lang);
    let avoidable = matches!(
        r.kind,
        RectangleKind::Avoidable1 | RectangleKind::Avoidable2
    );
    let intro = match (lang, avoidable) {
        (Lang::En, false) => format!(
            "{name}: {corners} form a rectangle in two rows, two columns and two boxes, none of them a given. If they ended up holding only {pair}, the two digits could be swapped and the puzzle would have a second solution; it has only one, so that must not happen."
        ),
        (Lang::De, false) => format!(
            "{name}: {corners} bilden ein Rechteck über zwei Zeilen, zwei Spalten und zwei Boxen, keine davon ist ein Given. Enthielten sie am Ende nur {pair}, ließen sich die beiden Zahlen vertauschen und das Puzzle hätte eine zweite Lösung; es hat nur eine, also darf das nicht eintreten."
        ),
        (Lang::En, true) => format!(
            "{name}: {corners} form a rectangle in two rows, two columns and two boxes; its filled corners were solved, not given. Were its corners {pair} crosswise, the two digits could be swapped and the puzzle would have a second solution; it has only one, so that must not happen."
        ),
        (Lang::De, true) => format!(
            "{name}: {corners} bilden ein Rechteck über zwei Zeilen, zwei Spalten und zwei Boxen; seine gefüllten Ecken wurden gelöst und sind keine Givens. Stünden in den Ecken über Kreuz {pair}, ließen sich die beiden Zahlen vertauschen und das Puzzle hätte eine zweite Lösung; es hat nur eine, also darf das nicht eintreten."
        ),
    };
    let intro = if r.restored.is_empty() {
        intro
    } else {
        let shape = Shape::Rectangle(&r.corners);
        format!(
            "{intro} {}",
            restoration((shape, r.pair, &r.restored), before, lang)
        )
    };
    let link = r.link_digit.map(|d| d.to_string()).unwrap_or_default();
    let other = r
        .link_digit
        .and_then(|u| (r.pair - DigitSet::single(u)).first())
        .map(|d| d.to_string())
        .unwrap_or_default();
    let house = r
        .house
        .map(|h| upper_first(&in_house(h, lang)))
        .unwrap_or_default();
    let [a, _, _, d] = r.corners;
    let why = match (r.kind, lang) {
        (RectangleKind::Type1, Lang::En) => {
            format!("{fl} hold only {pair}, so {roof} must take another digit")
        }
        (RectangleKind::Type1, Lang::De) => {
            format!("{fl} enthalten nur {pair}, also muss {roof} eine andere Zahl bekommen")
        }
        (RectangleKind::Type2 | RectangleKind::Type5, Lang::En) => format!(
            "{fl} hold only {pair} and {roof} only {extra} besides; one of {roof} must be {extra}, which therefore goes from every cell seeing all of them"
        ),
        (RectangleKind::Type2 | RectangleKind::Type5, Lang::De) => format!(
            "{fl} enthalten nur {pair} und {roof} außerdem nur die {extra}; eine von {roof} muss die {extra} sein, die deshalb aus jeder Zelle verschwindet, die alle diese Zellen sieht"
        ),
        (RectangleKind::Type3, Lang::En) => format!(
            "{fl} hold only {pair}, so one of {roof} takes one of its other digits. {house} the two act as one cell holding those: with {} they form a naked subset of {extra}, whose digits go from the rest of the house",
            cells(r.subset)
        ),
        (RectangleKind::Type3, Lang::De) => format!(
            "{fl} enthalten nur {pair}, also bekommt eine von {roof} eine ihrer anderen Zahlen. {house} wirken beide wie eine Zelle mit diesen: mit {} bilden sie ein nacktes Tupel aus {extra}, dessen Zahlen aus dem Rest der Gruppe verschwinden",
            cells(r.subset)
        ),
        (RectangleKind::Type4, Lang::En) => format!(
            "{fl} hold only {pair}. {house} the {link} has only the places {roof}: one of them is {link}, and the other cannot be {other}"
        ),
        (RectangleKind::Type4, Lang::De) => format!(
            "{fl} enthalten nur {pair}. {house} hat die {link} nur die Plätze {roof}: eine davon ist die {link}, und die andere kann nicht die {other} sein"
        ),
        (RectangleKind::Type6, Lang::En) => format!(
            "the diagonal corners {fl} hold only {pair}, and in both rows and both columns of the rectangle the {link} can only be in its corners. Were {roof} the {link}, {fl} would be {other} and the pattern complete; so the {link} is in {fl}"
        ),
        (RectangleKind::Type6, Lang::De) => format!(
            "die diagonalen Ecken {fl} enthalten nur {pair}, und in beiden Zeilen und beiden Spalten des Rechtecks kann die {link} nur in seinen Ecken stehen. Wären {roof} die {link}, wären {fl} die {other} und das Muster vollständig; also steht die {link} in {fl}"
        ),
        (RectangleKind::Hidden, Lang::En) => format!(
            "{a} holds only {pair}, and in the row and the column of {d} the {link} has no place outside the rectangle. Were {d} the {other}, the two corners next to it would be {link} and {a} would be {other}: the pattern; so {d} is not {other}"
        ),
        (RectangleKind::Hidden, Lang::De) => format!(
            "{a} enthält nur {pair}, und in der Zeile und der Spalte von {d} hat die {link} keinen Platz außerhalb des Rechtecks. Wäre {d} die {other}, wären die beiden Nachbarecken die {link} und {a} die {other}: das Muster; also ist {d} nicht die {other}"
        ),
        (RectangleKind::Avoidable1, Lang::En) => format!(
            "three corners are solved; {roof} must not take the digit of its diagonal corner"
        ),
        (RectangleKind::Avoidable1, Lang::De) => format!(
            "drei Ecken sind gelöst; {roof} darf nicht die Zahl seiner diagonalen Ecke bekommen"
        ),
        (RectangleKind::Avoidable2, Lang::En) => format!(
            "two corners are solved; {roof} hold the digit each would need and besides only {extra}, so one of them is {extra}, which goes from every cell seeing both"
        ),
        (RectangleKind::Avoidable2, Lang::De) => format!(
            "zwei Ecken sind gelöst; {roof} enthalten die Zahl, die sie jeweils bräuchten, und sonst nur die {extra}; eine davon ist also die {extra}, die aus jeder Zelle verschwindet, die beide sieht"
        ),
        (kind, lang) => seed_type(kind, r, &pair, lang)?,
    };
    Some(format!(
        "{intro} {}",
        upper_first(&format!(
            "{why}; {}",
            so(&removal(&step.eliminations, lang), lang)
        ))
    ))
}

/// The reason of the seed's types 4A, 4C, 7B, 7C and 8A–8C: the confined
/// digit, where, and the forcing that would complete the pattern. The corners
/// are in the kind's order (see `RectangleKind`); `r.link_digit` is the
/// confined digit u, the step's houses after the first the lines.
fn seed_type(kind: RectangleKind, r: &UniqueRectangle, pair: &str, lang: Lang) -> Option<String> {
    let u = r.link_digit?;
    let v = (r.pair - DigitSet::single(u)).first()?;
    let [p, a, b, d] = r.corners;
    let line = r.house.map(|h| in_house(h, lang)).unwrap_or_default();
    Some(match (kind, lang) {
        (RectangleKind::Type4A, Lang::En) => format!(
            "the floor {p} and its neighbour hold only {pair}, and {line} the {u} can only be in the rectangle. Were {d} the {v}, the floor cell beside it would be the {u}, {p} the {v} and the {u} of that line would be in the roof: the pattern; so {d} is not the {v}"
        ),
        (RectangleKind::Type4A, Lang::De) => format!(
            "die Paar-Zellen {p} und ihre Nachbarin enthalten nur {pair}, und {line} kann die {u} nur im Rechteck stehen. Wäre {d} die {v}, wäre die Paar-Zelle daneben die {u}, {p} die {v} und die {u} dieser Linie stünde in der anderen Zelle mit Zusatzkandidaten: das Muster; also ist {d} nicht die {v}"
        ),
        (RectangleKind::Type4C, Lang::En) => format!(
            "the diagonal corners {p} and {d} hold only {pair}, and {line} the {u} can only be in the rectangle. Were the other extra cell the {u}, {p} would be the {v}, the {u} of that line would be in the rectangle's roof and {d} the {v}: the pattern; so the {u} goes"
        ),
        (RectangleKind::Type4C, Lang::De) => format!(
            "die diagonalen Paar-Zellen {p} und {d} enthalten nur {pair}, und {line} kann die {u} nur im Rechteck stehen. Wäre die andere Zelle mit Zusatzkandidaten die {u}, wäre {p} die {v}, die {u} dieser Linie stünde in der Zelle mit Zusatzkandidaten und {d} wäre die {v}: das Muster; also fällt die {u} weg"
        ),
        (RectangleKind::Type7B, Lang::En) => format!(
            "only {p} holds just {pair}, and in both lines of the rectangle named here the {u} can only be in its corners. Were {d} the {v}, the corner beside it in such a line would be the {u}, {p} the {v} and the corner beside {p} the {u}: the pattern; so {d} is not the {v}"
        ),
        (RectangleKind::Type7B, Lang::De) => format!(
            "nur {p} enthält bloß {pair}, und in beiden hier betrachteten Linien des Rechtecks kann die {u} nur in seinen Ecken stehen. Wäre {d} die {v}, wäre die Ecke neben {d} die {u}, {p} die {v} und die Ecke neben {p} die {u}: das Muster; also ist {d} nicht die {v}"
        ),
        (RectangleKind::Type7C, Lang::En) => format!(
            "the diagonal corners {p} and {d} hold only {pair}, and in the row and the column of {p} the {u} can only be in the rectangle. Were {p} the {v}, {a} and {b} would be the {u} and {d} the {v}: the pattern; so {p} is not the {v}"
        ),
        (RectangleKind::Type7C, Lang::De) => format!(
            "die diagonalen Paar-Zellen {p} und {d} enthalten nur {pair}, und in der Zeile und der Spalte von {p} kann die {u} nur im Rechteck stehen. Wäre {p} die {v}, wären {a} und {b} die {u} und {d} die {v}: das Muster; also ist {p} nicht die {v}"
        ),
        (RectangleKind::Type8A | RectangleKind::Type8B, Lang::En) => format!(
            "only {p} holds just {pair}; the {u} can only be in the rectangle {line}, and the {v} only in the rectangle in the other line named. Were the corner losing the {u} that digit, {p} would be the {v}, its other neighbour the {u} and {d} the {v}: the pattern; so the {u} goes"
        ),
        (RectangleKind::Type8A | RectangleKind::Type8B, Lang::De) => format!(
            "nur {p} enthält bloß {pair}; die {u} kann {line} nur im Rechteck stehen und die {v} in der anderen genannten Linie ebenso. Wäre die Ecke, aus der die {u} gestrichen wird, die {u}, wäre {p} die {v}, seine andere Nachbarecke die {u} und {d} die {v}: das Muster; also fällt die {u} weg"
        ),
        (RectangleKind::Type8C, Lang::En) => format!(
            "only {p} holds just {pair}; in the row of {d} the {u} can only be in the rectangle, in its column the {v}. Were {d} neither, {b} would be the {u} and {a} the {v}, and {p}, seeing both, would have no candidate left; so {d} is the {u} or the {v}"
        ),
        (RectangleKind::Type8C, Lang::De) => format!(
            "nur {p} enthält bloß {pair}; in der Zeile von {d} kann die {u} nur im Rechteck stehen, in seiner Spalte die {v}. Wäre {d} keine der beiden, wäre {b} die {u} und {a} die {v}, und {p}, das beide sieht, hätte keinen Kandidaten mehr; also ist {d} die {u} oder die {v}"
        ),
        _ => return None,
    })
}

/// Explains BUG+1.
pub(crate) fn bug(step: &Step, name: &str, cell: Cell, digit: Digit, lang: Lang) -> Option<String> {
    let others = digits(step.digits - DigitSet::single(digit), lang);
    Some(match lang {
        Lang::En => format!(
            "{name}: every empty cell but {cell} holds two candidates. Without {digit} in {cell}, every digit would have exactly two places in each house it is missing from — a position with no or two solutions (every cell could switch to its other candidate). The puzzle has exactly one, so {cell} is {digit} (not {others})."
        ),
        Lang::De => format!(
            "{name}: Jede leere Zelle außer {cell} enthält zwei Kandidaten. Ohne die {digit} in {cell} hätte jede Zahl in jeder Gruppe, in der sie fehlt, genau zwei Plätze — eine Stellung mit keiner oder zwei Lösungen (jede Zelle könnte zu ihrem anderen Kandidaten wechseln). Das Puzzle hat genau eine, also steht in {cell} die {digit} (nicht {others})."
        ),
    })
}

/// Explains a remote pair.
pub(crate) fn remote_pair(
    step: &Step,
    name: &str,
    pair: DigitSet,
    (even, odd): (CellSet, CellSet),
    lang: Lang,
) -> Option<String> {
    let p = digits(pair, lang);
    let rm = so(&removal(&step.eliminations, lang), lang);
    Some(match lang {
        Lang::En => format!(
            "{name}: {} all hold only {p}, and each sees the next along a chain, so neighbours take different digits: {} take one of them, {} the other. A cell seeing a cell of each group can be neither, {rm}",
            cells(even | odd),
            cells(even),
            cells(odd)
        ),
        Lang::De => format!(
            "{name}: {} enthalten alle nur {p} und sehen sich der Reihe nach wie eine Kette, Nachbarn bekommen also verschiedene Zahlen: {} die eine, {} die andere. Eine Zelle, die aus beiden Teilen je eine Zelle sieht, kann keine der beiden sein, {rm}",
            cells(even | odd),
            cells(even),
            cells(odd)
        ),
    })
}

/// A strong link settling a loop cell: the house, the digit, the cell.
type StrongLink = (House, Digit, Cell);

/// Explains a unique loop (the seed's 6-, 8- and 10-cell Ausschluss-Schleifen
/// and Sudoku Explainer's unique loops) of any type.
pub(crate) fn unique_loop(
    step: &Step,
    name: &str,
    (lp, kind): (&[Cell], LoopKind),
    (pair, extra_cells, digits_): (DigitSet, CellSet, DigitSet),
    (subset, house, links): (CellSet, Option<House>, &[StrongLink]),
    (restored, before): (&[(Cell, Digit)], Option<&Candidates>),
    lang: Lang,
) -> Option<String> {
    if kind == LoopKind::StrongLinks {
        return strong_links(step, name, lp, pair, links, lang);
    }
    let path: Vec<String> = lp.iter().map(|c| c.to_string()).collect();
    let path = path.join("–");
    let n = lp.len();
    let (pair_s, ex, ds) = (
        digits(pair, lang),
        cells(extra_cells),
        digits(digits_, lang),
    );
    let intro = match lang {
        Lang::En => format!(
            "{name} of {n} cells: {path} (back to the start), none a given, every row, column and box it touches holding two of them. Were they all only {pair_s}, the two digits could be swapped along the loop and the puzzle would have a second solution; it has only one."
        ),
        Lang::De => format!(
            "{name} aus {n} Zellen: {path} (zurück zum Anfang), kein Given darunter, jede berührte Gruppe enthält zwei davon. Enthielten alle nur {pair_s}, ließen sich die beiden Zahlen entlang der Schleife vertauschen und das Puzzle hätte eine zweite Lösung; es hat nur eine."
        ),
    };
    let intro = if restored.is_empty() {
        intro
    } else {
        let shape = (Shape::Loop(lp), pair, restored);
        format!("{intro} {}", restoration(shape, before, lang))
    };
    let house = house.map(|h| in_house(h, lang)).unwrap_or_default();
    let why = match (kind, lang) {
        (LoopKind::Type1, Lang::En) => {
            format!("Only {ex} holds more, so it must take one of its other digits")
        }
        (LoopKind::Type1, Lang::De) => {
            format!("Nur {ex} enthält mehr, also bekommt sie eine ihrer anderen Zahlen")
        }
        (LoopKind::Type2, Lang::En) => format!(
            "{ex} hold only {ds} besides, so one of them is {ds}, which goes from every cell seeing all of them"
        ),
        (LoopKind::Type2, Lang::De) => format!(
            "{ex} enthalten außerdem nur die {ds}, eine davon ist also die {ds}, die aus jeder Zelle verschwindet, die alle sieht"
        ),
        (LoopKind::Type3Naked, Lang::En) => format!(
            "One of {ex} takes one of its other digits; {house} the two act as one cell holding those, and with {} they form a naked subset of {ds}, whose digits go from the rest of the house",
            cells(subset)
        ),
        (LoopKind::Type3Naked, Lang::De) => format!(
            "Eine von {ex} bekommt eine ihrer anderen Zahlen; {house} wirken beide wie eine Zelle mit diesen und bilden mit {} ein nacktes Tupel aus {ds}, dessen Zahlen aus dem Rest der Gruppe verschwinden",
            cells(subset)
        ),
        (LoopKind::Type3Hidden, Lang::En) => format!(
            "One of {ex} takes one of its other digits; {house} {ds} then fit only into {} and that cell, a hidden subset whose cells lose every other digit",
            cells(subset)
        ),
        (LoopKind::Type3Hidden, Lang::De) => format!(
            "Eine von {ex} bekommt eine ihrer anderen Zahlen; {house} passen {ds} dann nur in {} und diese Zelle, ein verstecktes Tupel, dessen Zellen alle anderen Zahlen verlieren",
            cells(subset)
        ),
        (_, Lang::En) => format!(
            "{house} the {ds} has no place but {ex}: one of them is {ds}, and then the other cannot hold the other digit of the pair without completing the pattern"
        ),
        (_, Lang::De) => format!(
            "{house} hat die {ds} keinen Platz außer {ex}: Eine davon ist die {ds}, und die andere kann dann die andere Zahl des Paares nicht enthalten, ohne das Muster zu vollenden"
        ),
    };
    Some(format!(
        "{intro} {}",
        upper_first(&format!(
            "{why}; {}",
            so(&removal(&step.eliminations, lang), lang)
        ))
    ))
}

/// Explains a unique loop closed by strong links (the seed's types 4A–8C on
/// a loop): the assumed candidate would settle every loop cell on the pair.
fn strong_links(
    step: &Step,
    name: &str,
    lp: &[Cell],
    pair: DigitSet,
    links: &[StrongLink],
    lang: Lang,
) -> Option<String> {
    let assumed = step.eliminations.first()?;
    let (cell, x) = (assumed.cell, assumed.digit);
    let path: Vec<String> = lp.iter().map(|c| c.to_string()).collect();
    let path = path.join("–");
    let n = lp.len();
    let pair_s = digits(pair, lang);
    let settled: Vec<String> = links
        .iter()
        .map(|&(h, y, c)| match lang {
            Lang::En => format!(
                "{c} would be {y}, the only place for {y} left {}",
                in_house(h, lang)
            ),
            Lang::De => format!(
                "{c} wäre die {y}, der einzige Platz, der {} für die {y} bleibt",
                in_house(h, lang)
            ),
        })
        .collect();
    let settled = and_list(&settled, lang);
    let gone = so(&removal(&step.eliminations, lang), lang);
    Some(match lang {
        Lang::En => format!(
            "{name}: the {n} cells {path} (back to the start), none a given, every house they touch holding two of them. Were they all only {pair_s}, the two digits could be swapped along the loop and the puzzle would have a second solution; it has only one. If {cell} were {x}, the loop's cells would take {pair_s} in turn: each cell holding only {pair_s} takes the digit its neighbour does not hold, and {settled}. Every loop cell would then hold only {pair_s}; {gone}"
        ),
        Lang::De => format!(
            "{name}: die {n} Zellen {path} (zurück zum Anfang), kein Given darunter, jede berührte Gruppe enthält zwei davon. Enthielten alle nur {pair_s}, ließen sich die beiden Zahlen entlang der Schleife vertauschen und das Puzzle hätte eine zweite Lösung; es hat nur eine. Wäre {cell} die {x}, bekämen die Zellen der Schleife abwechselnd {pair_s}: Jede Zelle mit nur {pair_s} bekommt die Zahl, die ihr Nachbar nicht hat, und {settled}. Dann enthielte jede Zelle der Schleife nur {pair_s}; {gone}"
        ),
    })
}

/// Explains a bivalue universal grave of types 1–4.
pub(crate) fn grave(
    step: &Step,
    name: &str,
    kind: GraveKind,
    (extra_cells, extras): (CellSet, DigitSet),
    (subset, digits_, house): (CellSet, DigitSet, Option<House>),
    lang: Lang,
) -> Option<String> {
    let (ex, xs, ds) = (
        cells(extra_cells),
        digits(extras, lang),
        digits(digits_, lang),
    );
    let single = extra_cells.len() == 1 && extras.len() == 1;
    let intro = match lang {
        Lang::En if single => format!(
            "{name}: without the extra candidate {xs} of {ex}, every empty cell would hold two candidates and every digit two places in each house — a position with no or two solutions. The puzzle has one, so the extra candidate is true."
        ),
        Lang::En => format!(
            "{name}: without the extra candidates {xs} of {ex}, every empty cell would hold two candidates and every digit two places in each house — a position with no or two solutions. The puzzle has one, so an extra candidate is true."
        ),
        Lang::De if single => format!(
            "{name}: Ohne den zusätzlichen Kandidaten {xs} in {ex} hätte jede leere Zelle zwei Kandidaten und jede Zahl in jeder Gruppe zwei Plätze — eine Stellung mit keiner oder zwei Lösungen. Das Puzzle hat genau eine, also ist der zusätzliche Kandidat richtig."
        ),
        Lang::De => format!(
            "{name}: Ohne die zusätzlichen Kandidaten {xs} in {ex} hätte jede leere Zelle zwei Kandidaten und jede Zahl in jeder Gruppe zwei Plätze — eine Stellung mit keiner oder zwei Lösungen. Das Puzzle hat genau eine, also ist einer der zusätzlichen Kandidaten richtig."
        ),
    };
    let house = house.map(|h| in_house(h, lang)).unwrap_or_default();
    let why = match (kind, lang) {
        (GraveKind::Type1, Lang::En) => format!("{ex} must take {xs}"),
        (GraveKind::Type1, Lang::De) => format!("{ex} muss die {xs} aufnehmen"),
        (GraveKind::Type2, Lang::En) => {
            format!("one of {ex} is {xs}, which goes from every cell seeing all of them")
        }
        (GraveKind::Type2, Lang::De) => {
            format!("eine von {ex} ist die {xs}, die aus jeder Zelle verschwindet, die alle sieht")
        }
        (GraveKind::Type3, Lang::En) => format!(
            "{house} {ex} act as one cell holding {xs}; with {} they form a naked subset of {ds}, whose digits go from the rest of the house",
            cells(subset)
        ),
        (GraveKind::Type3, Lang::De) => format!(
            "{house} wirken {ex} wie eine Zelle mit {xs}; mit {} bilden sie ein nacktes Tupel aus {ds}, dessen Zahlen aus dem Rest der Gruppe verschwinden",
            cells(subset)
        ),
        (_, Lang::En) => format!(
            "{house} {ex} share the {ds}, which must be in one of them; each keeps its extra or the {ds}, so their other candidates go"
        ),
        (_, Lang::De) => format!(
            "{house} teilen {ex} die {ds}, die in einer davon stehen muss; jede behält ihren Zusatzkandidaten oder die {ds}, also verschwinden ihre übrigen Kandidaten"
        ),
    };
    Some(format!(
        "{intro} {}",
        upper_first(&format!(
            "{why}; {}",
            so(&removal(&step.eliminations, lang), lang)
        ))
    ))
}

#[cfg(test)]
mod tests {
    use crate::{Lang, covers, render_at};
    use sudoku_logic::Technique;

    /// The first step of `technique` found at a position of the trace of
    /// `puzzle` solved with the uniqueness premise, rendered in both languages.
    fn texts(puzzle: &str, technique: Technique) -> (String, String) {
        let (hit, pos) = crate::tests::found_along_in(puzzle, technique, true, |_| true);
        assert!(covers(&hit), "{technique} falls back");
        (
            render_at(&hit, &pos, Lang::En),
            render_at(&hit, &pos, Lang::De),
        )
    }

    // Puzzles of HoDoKu's levels where each technique is taken (found with
    // sudoku-logic's tests/scan.rs `scan_uniqueness`).
    const UR1: &str =
        ".4...23.......4.76..873..........1.........6446..13.2..271.8..........9....3..8..";
    const UR3: &str =
        "5....7.....8...7....784.36..............589...1.9..256..5...491.3.7.4.......15...";
    const BUG: &str =
        "............1..7.658..4.21...........569.1..3.1.83...4.3.....7.9........12...7.35";
    const REMOTE: &str =
        ".....76.49.4..273..7.4....5.....9...6.5...2....2...35...7.8.....5......3.2.96..7.";
    const AR1: &str =
        ".7...6..98..75.........2..3.4...72...875.4....5..2.1...........3.......7..168.3..";

    #[test]
    fn unique_rectangle_type_1() {
        let (en, de) = texts(UR1, Technique::UniqueRectangle1);
        assert_eq!(
            en,
            "Unique rectangle type 1: r2c2, r2c3, r5c2, r5c3 form a rectangle in two rows, two columns and two boxes, none of them a given. If they ended up holding only 1 and 3, the two digits could be swapped and the puzzle would have a second solution; it has only one, so that must not happen. R2c2, r2c3, r5c3 hold only 1 and 3, so r5c2 must take another digit; so these candidates can be removed: 1 from r5c2; 3 from r5c2."
        );
        assert!(
            de.starts_with("Ausschluss-Rechteck Typ 1: r2c2, r2c3, r5c2, r5c3 bilden ein Rechteck"),
            "{de}"
        );
        assert!(
            de.contains("also muss r5c2 eine andere Zahl bekommen"),
            "{de}"
        );
    }

    #[test]
    fn quasi_rectangle_says_what_is_given_back() {
        let (en, de) = texts(
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            Technique::QuasiRectangle,
        );
        assert!(en.starts_with("Quasi unique rectangle type "), "{en}");
        assert!(en.contains("it is given back for the test ("), "{en}");
        assert!(de.starts_with("Quasi-Ausschluss-Rechteck Typ "), "{de}");
        assert!(
            de.contains("wird sie für den Test vorübergehend wieder eingetragen ("),
            "{de}"
        );
    }

    #[test]
    fn unique_rectangle_type_3_names_the_subset() {
        let (en, de) = texts(UR3, Technique::UniqueRectangle3);
        assert!(en.contains("naked subset of"), "{en}");
        assert!(
            en.contains(" the two act as one cell holding those"),
            "{en}"
        );
        assert!(de.contains("nacktes Tupel aus"), "{de}");
    }

    #[test]
    fn bug_plus_one_places_the_digit() {
        let (en, de) = texts(BUG, Technique::BugPlusOne);
        assert!(en.starts_with("BUG+1: every empty cell but r7c5"), "{en}");
        assert!(en.ends_with("so r7c5 is 9 (not 1 and 8)."), "{en}");
        assert!(
            de.ends_with("also steht in r7c5 die 9 (nicht 1 und 8)."),
            "{de}"
        );
    }

    #[test]
    fn remote_pair_names_both_groups() {
        let (en, de) = texts(REMOTE, Technique::RemotePair);
        assert!(en.starts_with("Remote pair: "), "{en}");
        assert!(en.contains("all hold only 1 and 8"), "{en}");
        assert!(de.contains("enthalten alle nur 1 und 8"), "{de}");
    }

    #[test]
    fn avoidable_rectangle_says_the_corners_were_solved() {
        let (en, de) = texts(AR1, Technique::AvoidableRectangle1);
        assert!(en.contains("solved, not given"), "{en}");
        assert!(de.contains("gelöst und sind keine Givens"), "{de}");
    }
}
