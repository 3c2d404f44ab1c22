//! The glossary: the terms every explanation uses, in English and in the
//! diagonal solver seed's German, in one place.
//!
//! The German follows the seed's own words rather than translations of the
//! English community terms: a naked pair is a *2-Tupel* (its *Doppel*), a
//! subset of N cells an *N-Tupel*; an almost locked set stays an *ALS*; the
//! middle cell of a wing is the *Knickstelle*; a unique rectangle is an
//! *Ausschluss-Rechteck*, a unique loop an *Ausschluss-Schleife*; candidates
//! are *Kandidaten* (the seed also says *Reste* for a cell's list). Renderers
//! ask [`term`] instead of spelling these out, so one edit here changes every
//! text, and a test keeps the drifted forms out of all of them.
//!
//! Every concept has one German word, shared with the trainer's texts: a house
//! of any kind is a *Gruppe* (the trainer seed's common term for rows, columns
//! and boxes; a colour group keeps its own *Farbgruppe*), a digit a *Zahl*, a
//! given a *Given*, the puzzle the *Puzzle*, a position a *Stellung*, a line
//! meeting a box an *Überschneidung*, a cell without digit a *leere Zelle*,
//! and a colouring's cluster a *Verbund*. The test
//! `german_texts_use_one_word_per_concept_and_no_english` (`tests.rs`) renders
//! real paths and fails on a second word or on English.

use sudoku_core::Lang;

/// A term of the explanations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Term {
    /// A set of N cells holding N digits together ("2-Tupel").
    Tuple,
    /// An almost locked set: N cells with N + 1 digits.
    Als,
    /// Several almost locked sets.
    AlsPlural,
    /// The cell in the middle of a wing, linked to both wings.
    Hinge,
    /// The set in the middle of an ALS-XY-wing, linked to both others.
    Pivot,
    /// A restricted common candidate of two almost locked sets.
    Rcc,
    /// A unique rectangle.
    UniqueRectangle,
    /// A unique loop.
    UniqueLoop,
}

/// Every term with its English and German form.
pub const TERMS: &[(Term, &str, &str)] = &[
    (Term::Tuple, "subset", "Tupel"),
    (
        Term::Als,
        "almost locked set (ALS)",
        "ALS (Almost Locked Set)",
    ),
    (
        Term::AlsPlural,
        "almost locked sets (ALS)",
        "ALS (Almost Locked Sets)",
    ),
    (Term::Hinge, "hinge", "Knickstelle"),
    (Term::Pivot, "pivot", "Knickstelle"),
    (
        Term::Rcc,
        "restricted common candidate",
        "eingeschränkter gemeinsamer Kandidat (RCC)",
    ),
    (
        Term::UniqueRectangle,
        "unique rectangle",
        "Ausschluss-Rechteck",
    ),
    (Term::UniqueLoop, "unique loop", "Ausschluss-Schleife"),
];

/// `t` in `lang`.
pub fn term(t: Term, lang: Lang) -> &'static str {
    TERMS
        .iter()
        .find(|(k, _, _)| *k == t)
        .map(|&(_, en, de)| if lang == Lang::En { en } else { de })
        .unwrap_or("")
}

/// The name of an N-subset (the technique names of the catalogue are checked
/// against it): German as the seed writes it: "2-Tupel",
/// "3-Tupel", …; English "pair", "triple", "quad", "quint", … .
#[cfg(test)]
pub fn tuple(n: usize, lang: Lang) -> String {
    match lang {
        Lang::De => format!("{n}-{}", term(Term::Tuple, lang)),
        Lang::En => match n {
            2 => "pair".to_string(),
            3 => "triple".to_string(),
            4 => "quad".to_string(),
            5 => "quint".to_string(),
            6 => "sextuple".to_string(),
            7 => "septuple".to_string(),
            _ => format!("{n}-subset"),
        },
    }
}

/// Forms the German texts must not use: the drift the seed's words replace
/// (checked on the names here, on every rendered step in `tests/agreement.rs`).
#[cfg(test)]
pub const NOT_GERMAN: &[&str] = &[
    "Eindeutigkeits-Rechteck",
    "Nacktes Paar",
    "Nacktes Tripel",
    "fast verbundene",
    "Angel ",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_term_has_both_forms() {
        for &(t, en, de) in TERMS {
            assert!(!en.is_empty() && !de.is_empty(), "{t:?}");
            assert_eq!(term(t, Lang::En), en);
            assert_eq!(term(t, Lang::De), de);
        }
        assert_eq!(tuple(2, Lang::De), "2-Tupel");
        assert_eq!(tuple(3, Lang::En), "triple");
    }

    #[test]
    fn technique_names_use_the_glossary() {
        use crate::Technique as T;
        let de = |t: T| t.info().names.de;
        for (t, n) in [
            (T::NakedPair, 2),
            (T::NakedTriple, 3),
            (T::NakedQuad, 4),
            (T::NakedQuint, 5),
        ] {
            assert!(de(t).starts_with(&tuple(n, Lang::De)), "{}", de(t));
        }
        for (t, n) in [(T::HiddenPair, 2), (T::HiddenTriple, 3), (T::HiddenQuad, 4)] {
            assert!(de(t).contains(&tuple(n, Lang::De)), "{}", de(t));
        }
        for t in [
            T::UniqueRectangle1,
            T::UniqueRectangle4C,
            T::UniqueRectangle8C,
            T::QuasiRectangle,
        ] {
            assert!(
                de(t).contains(term(Term::UniqueRectangle, Lang::De)),
                "{}",
                de(t)
            );
        }
        assert!(de(T::UniqueLoop).contains(term(Term::UniqueLoop, Lang::De)));
        for info in crate::TABLE {
            for bad in NOT_GERMAN {
                assert!(!de(info.technique).contains(bad), "{}", de(info.technique));
            }
        }
    }

    #[test]
    fn no_term_is_a_drifted_form() {
        for &(_, _, de) in TERMS {
            for bad in NOT_GERMAN {
                assert!(!de.contains(bad), "{de}");
            }
        }
    }
}
