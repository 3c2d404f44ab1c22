//! User names as people see them, so that nobody can register a name that
//! looks like someone else's. A name is taken in Unicode's compatibility form
//! (NFKC: a fullwidth `ａｎｎ` is `ann`, a Roman numeral `Ⅱ` is `II`), must be
//! 1 to [`MAX_NAME`] letters, digits, `-`, `_` or `.` of one writing system
//! (Unicode's "highly restrictive" level: a Latin name with a Cyrillic `а`
//! inside is refused), and is told apart from the others by its **key**: its
//! lower case reduced to Unicode's confusable skeleton (UTS #39), so `Ann`,
//! `ann` and `аnn` with a Cyrillic `а` share one key, and only the first to
//! register has it. Logging in finds the user by the key too.

use crate::codes::ErrorCode;
use crate::error::ApiError;
use unicode_normalization::UnicodeNormalization;
use unicode_security::{RestrictionLevel, RestrictionLevelDetection};

/// The longest name accepted, in characters.
pub const MAX_NAME: usize = 40;

/// A name as stored and shown (NFKC), and its key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Name {
    pub shown: String,
    pub key: String,
}

/// The key of any text given as a name (whether or not it is a valid one):
/// what login attempts are counted and users found by.
pub(crate) fn key_of(given: &str) -> String {
    let shown: String = given.nfkc().collect();
    let lower = shown.to_lowercase();
    unicode_security::skeleton(&lower).collect::<String>()
}

/// Checks a name to register (see the module documentation).
pub(crate) fn checked(given: &str) -> Result<Name, ApiError> {
    let shown: String = given.nfkc().collect();
    let n = shown.chars().count();
    let bad = || ApiError::from(ErrorCode::BadName { max: MAX_NAME });
    if n == 0
        || n > MAX_NAME
        || !shown
            .chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == '_' || c == '.')
        || !shown
            .as_str()
            .check_restriction_level(RestrictionLevel::HighlyRestrictive)
    {
        return Err(bad());
    }
    Ok(Name {
        key: key_of(&shown),
        shown,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_shown_in_compatibility_form() {
        assert_eq!(checked("ａｎｎ").expect("fullwidth").shown, "ann");
        assert_eq!(checked("Karl\u{2161}").expect("numeral").shown, "KarlII");
        assert_eq!(checked("Jürgen").expect("umlaut").shown, "Jürgen");
        assert_eq!(
            checked("anna-lena_1.b").expect("marks").shown,
            "anna-lena_1.b"
        );
        assert_eq!(checked("Дмитрий").expect("Cyrillic").shown, "Дмитрий");
        assert_eq!(checked("山田").expect("Han").shown, "山田");
    }

    #[test]
    fn lookalikes_share_a_key() {
        let ann = key_of("ann");
        for same in ["Ann", "ANN", "ａｎｎ", "\u{430}nn"] {
            assert_eq!(key_of(same), ann, "{same}");
        }
        assert_eq!(key_of("KarlII"), key_of("Karl\u{2161}"));
        assert_ne!(key_of("anne"), ann);
    }

    #[test]
    fn bad_names_are_refused() {
        for bad in [
            "",
            "a b",
            "x;y",
            &"n".repeat(41),
            // Latin with a Cyrillic a inside.
            "p\u{430}ypal",
            "nul\u{0}l",
            "zero\u{200b}width",
        ] {
            assert!(checked(bad).is_err(), "{bad:?}");
        }
    }
}
