//! Text for the trainer's explanation line, in English ([`en`]) and German
//! ([`de`]), rendered from the engine's data and nothing else.
//!
//! The German wording follows the original trainer ("1 notwendig, weil in der
//! Gruppe einzig hier Kandidat", "Widerspruch: Zwei gleiche Singles: 4"; its
//! Single and Hidden Single are the trainer's own terms) in the project's one
//! word per concept, shared with the engine's explanations: Gruppe for any
//! house, Zahl for a digit (the original's "Nummer"), 2-Tupel for a naked pair
//! (its "Nacktes Paar"). Nothing parses these strings; a page that needs
//! structure reads the values themselves.

use crate::eval::{CellReason, Contradiction, Reason};
use crate::level::Level;
use crate::player::Mistake;
use crate::search::{Event, Move, MoveKind};
use crate::trainer::ManualStep;
use sudoku_core::{Cell, CellSet, DigitSet, House, Lang};

/// Something the explanation line can say.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum Subject<'a> {
    /// Why a candidate of the selected cell is necessary or inadmissible.
    Reason(&'a CellReason),
    /// A contradiction.
    Contradiction(&'a Contradiction),
    /// A placement and its reason.
    Move(&'a Move),
    /// A step of the automatic search.
    Event(&'a Event),
    /// A press of the manual Step.
    ManualStep(&'a ManualStep),
    /// A level.
    Level(Level),
    /// A mistake in the player's position (said before any hint).
    Mistake(&'a Mistake),
}

/// The English text.
pub fn en(subject: Subject<'_>) -> String {
    render(subject, Lang::En)
}

/// The German text.
pub fn de(subject: Subject<'_>) -> String {
    render(subject, Lang::De)
}

/// The text of `subject` in `lang`.
pub fn text(subject: Subject<'_>, lang: Lang) -> String {
    render(subject, lang)
}

fn house(h: House, lang: Lang) -> String {
    sudoku_core::house_name(h, lang)
}

fn cells(set: CellSet) -> String {
    set.iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn digits(set: DigitSet) -> String {
    set.iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn reason(d: u8, r: &Reason, lang: Lang) -> String {
    match r {
        Reason::NecessaryNumber {
            house: h,
            cell,
            digit,
        } => {
            let h = house(*h, lang);
            match lang {
                Lang::En => {
                    format!(
                        "{d} inadmissible because of a necessary number: {digit} must go to {cell} ({h})"
                    )
                }
                Lang::De => {
                    format!("{d} unzulässig wegen notwendiger Zahl: {digit} in {cell} ({h})")
                }
            }
        }
        Reason::NakedPair {
            house: h,
            cells: c,
            digits: ds,
        }
        | Reason::HiddenPair {
            house: h,
            cells: c,
            digits: ds,
        } => {
            let naked = matches!(r, Reason::NakedPair { .. });
            let (ds, c, h) = (digits(*ds), cells(*c), house(*h, lang));
            match lang {
                Lang::En => {
                    let pair = if naked { "naked pair" } else { "hidden pair" };
                    format!("{d} inadmissible because of the {pair} ({ds}) in {c} of {h}")
                }
                Lang::De => {
                    let pair = if naked {
                        "2-Tupel"
                    } else {
                        "Verstecktem 2-Tupel"
                    };
                    format!("{d} unzulässig wegen \"{pair}\" ({ds}) in {c} ({h})")
                }
            }
        }
        Reason::Intersection { base, cover, .. } => {
            let (base, cover) = (house(*base, lang), house(*cover, lang));
            match lang {
                Lang::En => {
                    format!(
                        "{d} inadmissible because of an intersection: in {base} the {d} lies only where it meets {cover}"
                    )
                }
                Lang::De => {
                    format!(
                        "{d} unzulässig wegen Überschneidung: in {base} liegt die {d} nur in der Überschneidung mit {cover}"
                    )
                }
            }
        }
    }
}

fn contradiction(contra: &Contradiction, lang: Lang) -> String {
    match contra {
        Contradiction::NoCandidate { cell, .. } => match lang {
            Lang::En => {
                format!("Contradiction: no admissible number in {cell}")
            }
            Lang::De => {
                format!("Widerspruch: Überhaupt keine zulässige Zahl in {cell}")
            }
        },
        Contradiction::TwoNecessary { cell, digits: ds } => {
            let ds = digits(*ds);
            match lang {
                Lang::En => {
                    format!("Contradiction: different necessary numbers {ds} in {cell}")
                }
                Lang::De => {
                    format!(
                        "Widerspruch: Gleichzeitig verschiedene notwendige Zahlen {ds} in {cell}"
                    )
                }
            }
        }
        Contradiction::PlacedTwice {
            cell,
            other,
            digit,
            house: h,
        } => {
            let h = house(*h, lang);
            match lang {
                Lang::En => {
                    format!("Contradiction: {digit} is placed twice in {h} ({other}, {cell})")
                }
                Lang::De => {
                    format!(
                        "Widerspruch: Die Zahl {digit} ist bereits einmal gesetzt in {h} ({other}, {cell})"
                    )
                }
            }
        }
        Contradiction::EqualSingles {
            house: h,
            digit,
            cells: c,
        }
        | Contradiction::EqualNecessary {
            house: h,
            digit,
            cells: c,
        } => {
            let singles = matches!(contra, Contradiction::EqualSingles { .. });
            let (h, c) = (house(*h, lang), cells(*c));
            match lang {
                Lang::En => {
                    let what = if singles {
                        "singles"
                    } else {
                        "necessary numbers"
                    };
                    format!("Contradiction: two equal {what} {digit} in {h} ({c})")
                }
                Lang::De => {
                    let what = if singles {
                        "Singles"
                    } else {
                        "notwendige Zahlen"
                    };
                    format!("Widerspruch: Zwei gleiche {what}: {digit} in {h} ({c})")
                }
            }
        }
        Contradiction::MissingDigit { house: h, digit } => {
            let h = house(*h, lang);
            match lang {
                Lang::En => {
                    format!("Contradiction: {digit} has no place in {h}")
                }
                Lang::De => {
                    format!("Widerspruch: Fehlende Zahl {digit} in {h}")
                }
            }
        }
    }
}

fn move_text(m: &Move, lang: Lang) -> String {
    let (cell, d) = (m.cell, m.digit);
    match (lang, &m.kind) {
        (Lang::En, MoveKind::Necessary { houses, .. }) => format!(
            "{d} in {cell} is necessary: its only place in {}",
            house_list(houses, lang)
        ),
        (Lang::De, MoveKind::Necessary { houses, .. }) => format!(
            "{d} in {cell} notwendig, weil in der Gruppe einzig hier Kandidat ({})",
            house_list(houses, lang)
        ),
        (Lang::En, MoveKind::Single) => format!("{d} in {cell} is a single: the only candidate"),
        (Lang::De, MoveKind::Single) => format!("{d} in {cell} ist ein Single: einziger Kandidat"),
        (Lang::En, MoveKind::HiddenSingle) => {
            format!("{d} in {cell} is a hidden single: every other candidate is inadmissible")
        }
        (Lang::De, MoveKind::HiddenSingle) => {
            format!("{d} in {cell} ist ein Hidden Single: alle anderen Kandidaten sind unzulässig")
        }
        (Lang::En, MoveKind::Guess { options }) => format!(
            "guess {d} in {cell}, a cell with fewest options ({})",
            digits(*options)
        ),
        (Lang::De, MoveKind::Guess { options }) => format!(
            "{d} in {cell} probieren, eine Zelle mit minimaler Optionenmenge ({})",
            digits(*options)
        ),
    }
}

fn house_list(houses: &[House], lang: Lang) -> String {
    houses
        .iter()
        .map(|&h| house(h, lang))
        .collect::<Vec<_>>()
        .join(", ")
}

fn mistake(m: &Mistake, lang: Lang) -> String {
    match (lang, *m) {
        (Lang::En, Mistake::WrongEntry { cell, digit }) => format!(
            "Your entry {digit} in {cell} is wrong: take it back first, since no hint follows from a wrong position."
        ),
        (Lang::De, Mistake::WrongEntry { cell, digit }) => format!(
            "Die Eingabe {digit} in {cell} ist falsch: erst zurücknehmen, aus einer falschen Stellung folgt kein Tipp."
        ),
        (Lang::En, Mistake::LostCandidate { cell, digit }) => format!(
            "Your pencil marks in {cell} have lost {digit}, the cell's solution digit: put it back first."
        ),
        (Lang::De, Mistake::LostCandidate { cell, digit }) => format!(
            "In deinen Notizen in {cell} fehlt die {digit}, die Lösungszahl der Zelle: erst wieder eintragen."
        ),
    }
}

fn undone(cell: Cell, digit: u8, lang: Lang) -> String {
    match lang {
        Lang::En => format!("take back {digit} in {cell}"),
        Lang::De => format!("{digit} in {cell} zurücknehmen"),
    }
}

fn render(subject: Subject<'_>, lang: Lang) -> String {
    match subject {
        Subject::Reason(CellReason::Necessary { digit, house: h }) => match lang {
            Lang::En => format!(
                "{digit} necessary: the only place for {digit} in {}",
                house(*h, lang)
            ),
            Lang::De => format!(
                "{digit} notwendig, weil in der Gruppe einzig hier Kandidat ({})",
                house(*h, lang)
            ),
        },
        Subject::Reason(CellReason::Inadmissible { digit, reason: r }) => {
            reason(digit.get(), r, lang)
        }
        Subject::Contradiction(c) => contradiction(c, lang),
        Subject::Mistake(m) => mistake(m, lang),
        Subject::Move(m) => move_text(m, lang),
        Subject::Event(Event::Placed { mv }) => move_text(mv, lang),
        Subject::Event(Event::Undone {
            cell,
            digit,
            contradiction: c,
        }) => match c {
            Some(c) => format!(
                "{}; {}",
                contradiction(c, lang),
                undone(*cell, digit.get(), lang)
            ),
            None => undone(*cell, digit.get(), lang),
        },
        Subject::Event(Event::Solved { .. }) => match lang {
            Lang::En => "Solved".to_string(),
            Lang::De => "Gelöst".to_string(),
        },
        Subject::Event(Event::Exhausted) => match lang {
            Lang::En => "No further solution found".to_string(),
            Lang::De => "Keine weitere Lösung gefunden".to_string(),
        },
        Subject::ManualStep(ManualStep::Proposed { mv }) => match lang {
            Lang::En => format!("Next: {}", move_text(mv, lang)),
            Lang::De => format!("Nächster Schritt: {}", move_text(mv, lang)),
        },
        Subject::ManualStep(ManualStep::Placed { mv }) => move_text(mv, lang),
        Subject::ManualStep(ManualStep::Contradiction { contradiction: c }) => {
            contradiction(c, lang)
        }
        Subject::ManualStep(ManualStep::NoSolution) => match lang {
            Lang::En => "The entries cannot be completed to a solution".to_string(),
            Lang::De => "Die gesetzten Zahlen lassen keine Lösung zu".to_string(),
        },
        Subject::ManualStep(ManualStep::Solved) => match lang {
            Lang::En => "Solved".to_string(),
            Lang::De => "Gelöst".to_string(),
        },
        Subject::Level(level) => level_name(level, lang).to_string(),
    }
}

fn level_name(level: Level, lang: Lang) -> &'static str {
    match (lang, level) {
        (Lang::En, Level::Easy) => "Easy",
        (Lang::En, Level::Medium) => "Medium",
        (Lang::En, Level::Hard) => "Hard",
        (Lang::En, Level::VeryHard) => "Very hard",
        (Lang::En, Level::ExtremelyHard) => "Extremely hard",
        (Lang::De, Level::Easy) => "Leicht",
        (Lang::De, Level::Medium) => "Mittel",
        (Lang::De, Level::Hard) => "Schwer",
        (Lang::De, Level::VeryHard) => "Sehr schwer",
        (Lang::De, Level::ExtremelyHard) => "Extrem schwer",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::Digit;

    #[test]
    fn seed_wording() {
        let four = Digit::new(4).unwrap();
        let c = Contradiction::EqualSingles {
            house: House::row(4),
            digit: four,
            cells: [Cell::at(4, 0), Cell::at(4, 1)]
                .into_iter()
                .flatten()
                .collect(),
        };
        assert_eq!(
            de(Subject::Contradiction(&c)),
            "Widerspruch: Zwei gleiche Singles: 4 in Zeile 5 (r5c1, r5c2)"
        );
        assert_eq!(
            en(Subject::Contradiction(&c)),
            "Contradiction: two equal singles 4 in row 5 (r5c1, r5c2)"
        );
        assert_eq!(de(Subject::Level(Level::VeryHard)), "Sehr schwer");
        let r = CellReason::Necessary {
            digit: Digit::new(1).unwrap(),
            house: House::boxx(1),
        };
        assert_eq!(
            de(Subject::Reason(&r)),
            "1 notwendig, weil in der Gruppe einzig hier Kandidat (Box 2)"
        );
    }

    /// Second German words for a concept that has one (whole words): Gruppe
    /// for any house, Zeile, Box, Zahl for a digit, 2-Tupel for a naked pair,
    /// Puzzle; and English words that are not the trainer's own terms (Single
    /// and Hidden Single are).
    const NOT_GERMAN: &str = "Haus Häuser Reihe Block Ziffer Lösungsziffer Nummer Nummern Paar \
        Rätsel Sudoku the and of is to number row column box cell digit pair naked hidden \
        necessary inadmissible Contradiction";

    fn not_german(text: &str) -> Vec<&str> {
        text.split(|c: char| !c.is_alphanumeric())
            .filter(|w| NOT_GERMAN.split_whitespace().any(|n| n == *w))
            .collect()
    }

    /// Every kind of text of the explanation line, in German, uses the
    /// project's one word per concept and no English.
    #[test]
    fn german_texts_use_one_word_per_concept() {
        let d = |v| Digit::new(v).unwrap();
        let cell = |r, c| Cell::at(r, c).unwrap();
        let two: CellSet = [cell(0, 0), cell(0, 1)].into_iter().collect();
        let pair: DigitSet = [d(1), d(2)].into_iter().collect();
        let row = House::row(0);
        let reasons = [
            Reason::NecessaryNumber {
                house: row,
                cell: cell(0, 0),
                digit: d(3),
            },
            Reason::NakedPair {
                house: row,
                cells: two,
                digits: pair,
            },
            Reason::HiddenPair {
                house: row,
                cells: two,
                digits: pair,
            },
            Reason::Intersection {
                base: House::boxx(0),
                cover: row,
                cells: two,
            },
        ];
        let contradictions = [
            Contradiction::NoCandidate {
                cell: cell(0, 0),
                candidates: DigitSet::EMPTY,
            },
            Contradiction::TwoNecessary {
                cell: cell(0, 0),
                digits: pair,
            },
            Contradiction::PlacedTwice {
                cell: cell(0, 0),
                other: cell(0, 1),
                digit: d(4),
                house: row,
            },
            Contradiction::EqualSingles {
                house: row,
                digit: d(4),
                cells: two,
            },
            Contradiction::EqualNecessary {
                house: row,
                digit: d(4),
                cells: two,
            },
            Contradiction::MissingDigit {
                house: row,
                digit: d(4),
            },
        ];
        let moves = [
            MoveKind::Necessary {
                houses: vec![row, House::boxx(0)],
                direct: true,
            },
            MoveKind::Single,
            MoveKind::HiddenSingle,
            MoveKind::Guess { options: pair },
        ]
        .map(|kind| Move {
            cell: cell(0, 0),
            digit: d(1),
            kind,
        });
        let mistakes = [
            Mistake::WrongEntry {
                cell: cell(0, 0),
                digit: d(1),
            },
            Mistake::LostCandidate {
                cell: cell(0, 0),
                digit: d(1),
            },
        ];
        let mut texts = Vec::new();
        texts.push(de(Subject::Reason(&CellReason::Necessary {
            digit: d(1),
            house: row,
        })));
        for r in &reasons {
            texts.push(de(Subject::Reason(&CellReason::Inadmissible {
                digit: d(1),
                reason: r.clone(),
            })));
        }
        for c in &contradictions {
            texts.push(de(Subject::Contradiction(c)));
            texts.push(de(Subject::ManualStep(&ManualStep::Contradiction {
                contradiction: c.clone(),
            })));
        }
        for m in &moves {
            texts.push(de(Subject::Move(m)));
            texts.push(de(Subject::ManualStep(&ManualStep::Proposed {
                mv: m.clone(),
            })));
        }
        for m in &mistakes {
            texts.push(de(Subject::Mistake(m)));
        }
        texts.push(de(Subject::ManualStep(&ManualStep::NoSolution)));
        texts.push(de(Subject::Event(&Event::Exhausted)));
        for level in Level::ALL {
            texts.push(de(Subject::Level(level)));
        }
        for text in &texts {
            assert!(
                not_german(text).is_empty(),
                "{:?} in: {text}",
                not_german(text)
            );
        }
        assert!(texts.iter().any(|t| t.contains("notwendiger Zahl")));
        assert!(texts.iter().any(|t| t.contains("\"2-Tupel\"")));
        assert_eq!(not_german("Nummer 4 in the box"), ["Nummer", "the", "box"]);
    }
}
