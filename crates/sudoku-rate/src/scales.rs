//! Which scales a rating computes: a puzzle's rating is four independent
//! walks (our points, the trainer's search, Sudoku Explainer's and HoDoKu's
//! paths), and a caller who wants one of them should not pay for the others
//! (`sudoku rate --scales se`).

use std::fmt;
use std::str::FromStr;

/// One scale of the rating.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scale {
    /// The seed's points from our own walk (points, norm2, max, text level,
    /// steps, techniques; the 8 copies when asked for).
    Points,
    /// The trainer's level, by the trainer's own search.
    Trainer,
    /// Sudoku Explainer's ER, EP and ED.
    Se,
    /// HoDoKu's score and level.
    Hodoku,
}

impl Scale {
    /// Every scale, in the order of the report's columns.
    pub const ALL: [Scale; 4] = [Scale::Points, Scale::Trainer, Scale::Se, Scale::Hodoku];

    /// The name used on the command line (`points`, `trainer`, `se`, `hodoku`).
    pub fn name(self) -> &'static str {
        match self {
            Scale::Points => "points",
            Scale::Trainer => "trainer",
            Scale::Se => "se",
            Scale::Hodoku => "hodoku",
        }
    }

    fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

/// A set of scales; the default is all of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Scales(u8);

impl Scales {
    /// Every scale.
    pub const ALL: Scales = Scales(0b1111);

    /// No scale (the uniqueness check alone).
    pub const NONE: Scales = Scales(0);

    /// Whether `scale` is in the set.
    pub fn has(self, scale: Scale) -> bool {
        self.0 & scale.bit() != 0
    }

    /// The set with `scale` added.
    #[must_use]
    pub fn with(self, scale: Scale) -> Scales {
        Scales(self.0 | scale.bit())
    }

    /// The scales of the set, in [`Scale::ALL`]'s order.
    pub fn iter(self) -> impl Iterator<Item = Scale> {
        Scale::ALL.into_iter().filter(move |s| self.has(*s))
    }
}

impl Default for Scales {
    fn default() -> Scales {
        Scales::ALL
    }
}

impl FromIterator<Scale> for Scales {
    fn from_iter<I: IntoIterator<Item = Scale>>(iter: I) -> Scales {
        iter.into_iter().fold(Scales::NONE, Scales::with)
    }
}

/// A scale name that is not one of `points`, `trainer`, `se`, `hodoku`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown scale {0:?}: expected a comma-separated list of points, trainer, se, hodoku")]
pub struct UnknownScale(pub String);

impl FromStr for Scale {
    type Err = UnknownScale;
    fn from_str(s: &str) -> Result<Scale, UnknownScale> {
        Scale::ALL
            .into_iter()
            .find(|scale| scale.name() == s.trim())
            .ok_or_else(|| UnknownScale(s.to_string()))
    }
}

/// Parses `se,hodoku`: a comma-separated list, at least one name.
impl FromStr for Scales {
    type Err = UnknownScale;
    fn from_str(s: &str) -> Result<Scales, UnknownScale> {
        let scales = s
            .split(',')
            .map(str::parse)
            .collect::<Result<Scales, _>>()?;
        if scales == Scales::NONE {
            return Err(UnknownScale(s.to_string()));
        }
        Ok(scales)
    }
}

impl fmt::Display for Scales {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.iter().map(Scale::name).collect();
        f.write_str(&names.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_parse_and_print_in_column_order() {
        let s: Scales = "hodoku,se".parse().unwrap();
        assert!(s.has(Scale::Se) && s.has(Scale::Hodoku));
        assert!(!s.has(Scale::Points) && !s.has(Scale::Trainer));
        assert_eq!(s.to_string(), "se,hodoku");
        assert_eq!(Scales::default().to_string(), "points,trainer,se,hodoku");
    }

    #[test]
    fn unknown_or_empty_names_are_errors() {
        assert!("se,serate".parse::<Scales>().is_err());
        assert!("".parse::<Scales>().is_err());
        assert!(",".parse::<Scales>().is_err());
    }
}
