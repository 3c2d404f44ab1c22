//! The one language tag of the whole project, and the words every layer
//! shares for the data model itself: the engine's explanations, the trainer's
//! texts, the command line, the server and the page all name a language by
//! [`Lang`] and a house by [`house_name`], so "Zeile 3" is never "Reihe 3"
//! somewhere else. (German follows the seeds: Zeile, Spalte, Box,
//! Hauptdiagonale, Nebendiagonale, Farbgruppe.)

use crate::{House, HouseKind};
use std::fmt;
use std::str::FromStr;

/// A language the project writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// German, in the seeds' vocabulary (Zeile, Spalte, Box, Kandidat, Paar,
    /// Tripel, Goldene Kette, …).
    De,
}

impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::De];

    /// The language code: `en` or `de`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// The language code given is not one the project writes.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown language '{0}' (expected en or de)")]
pub struct UnknownLang(pub String);

impl FromStr for Lang {
    type Err = UnknownLang;

    fn from_str(s: &str) -> Result<Lang, UnknownLang> {
        match s {
            "en" => Ok(Lang::En),
            "de" => Ok(Lang::De),
            _ => Err(UnknownLang(s.to_string())),
        }
    }
}

/// A house as a person names it: `row 3`, `main diagonal` / `Zeile 3`,
/// `Hauptdiagonale`.
///
/// ```
/// use sudoku_core::{House, Lang, house_name};
/// assert_eq!(house_name(House::row(2), Lang::De), "Zeile 3");
/// assert_eq!(house_name(House::boxx(4), Lang::De), "Box 5");
/// ```
pub fn house_name(h: House, lang: Lang) -> String {
    match lang {
        Lang::En => h.to_string(),
        Lang::De => match h.kind() {
            HouseKind::Row => format!("Zeile {}", h.number() + 1),
            HouseKind::Column => format!("Spalte {}", h.number() + 1),
            HouseKind::Box => format!("Box {}", h.number() + 1),
            HouseKind::Diagonal if h.number() == 0 => "Hauptdiagonale".to_string(),
            HouseKind::Diagonal => "Nebendiagonale".to_string(),
            HouseKind::Color => format!("Farbgruppe {}", h.number() + 1),
        },
    }
}

/// A digit in the plural, as a sentence names several of it: "5s" /
/// "Fünfen" (German spells the digits' nouns out, as the seeds do).
///
/// ```
/// use sudoku_core::{Digit, Lang, digit_plural};
/// let five = Digit::new(5).unwrap();
/// assert_eq!(digit_plural(five, Lang::En), "5s");
/// assert_eq!(digit_plural(five, Lang::De), "Fünfen");
/// ```
pub fn digit_plural(d: crate::Digit, lang: Lang) -> String {
    match lang {
        Lang::En => format!("{d}s"),
        Lang::De => [
            "Einsen", "Zweien", "Dreien", "Vieren", "Fünfen", "Sechsen", "Siebenen", "Achten",
            "Neunen",
        ][d.index()]
        .to_string(),
    }
}
