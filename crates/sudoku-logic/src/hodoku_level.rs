//! HoDoKu's five levels: a technique's catalogue entry names the level of a
//! step of it ([`crate::Hodoku`]), and the rating turns a path's score into a
//! puzzle's level.

use std::fmt;

/// HoDoKu's five levels. A puzzle's level is the one of its score (Easy ≤ 800,
/// Medium ≤ 1000, Hard ≤ 1600, Unfair ≤ 1800, Extreme above) but never below
/// the level of its hardest step (`sudoku_rate::hodoku`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum HodokuLevel {
    /// Score ≤ 800; singles only.
    Easy,
    /// Score ≤ 1000; up to locked candidates, pairs and triples.
    Medium,
    /// Score ≤ 1600; fish, quads, wings, single-digit patterns.
    Hard,
    /// Score ≤ 1800; chains.
    Unfair,
    /// Above; trial and error.
    Extreme,
}

impl HodokuLevel {
    /// Every level, easiest first.
    pub const ALL: [HodokuLevel; 5] = [
        HodokuLevel::Easy,
        HodokuLevel::Medium,
        HodokuLevel::Hard,
        HodokuLevel::Unfair,
        HodokuLevel::Extreme,
    ];

    /// Highest score of each level below [`HodokuLevel::Extreme`].
    pub const MAX_SCORE: [u32; 4] = [800, 1000, 1600, 1800];

    /// The level of `score` alone.
    ///
    /// ```
    /// use sudoku_logic::HodokuLevel;
    /// assert_eq!(HodokuLevel::from_score(800), HodokuLevel::Easy);
    /// assert_eq!(HodokuLevel::from_score(801), HodokuLevel::Medium);
    /// ```
    pub fn from_score(score: u32) -> HodokuLevel {
        let above = Self::MAX_SCORE.iter().filter(|&&m| score > m).count();
        Self::ALL[above]
    }

    /// HoDoKu's (English) name.
    pub fn name(self) -> &'static str {
        match self {
            HodokuLevel::Easy => "Easy",
            HodokuLevel::Medium => "Medium",
            HodokuLevel::Hard => "Hard",
            HodokuLevel::Unfair => "Unfair",
            HodokuLevel::Extreme => "Extreme",
        }
    }

    /// HoDoKu's German name.
    pub fn name_de(self) -> &'static str {
        match self {
            HodokuLevel::Easy => "Leicht",
            HodokuLevel::Medium => "Mittel",
            HodokuLevel::Hard => "Schwer",
            HodokuLevel::Unfair => "Unfair",
            HodokuLevel::Extreme => "Extrem",
        }
    }
}

impl std::str::FromStr for HodokuLevel {
    type Err = UnknownHodokuLevel;

    fn from_str(s: &str) -> Result<HodokuLevel, UnknownHodokuLevel> {
        Self::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownHodokuLevel(s.to_string()))
    }
}

/// A name that is not one of HoDoKu's levels.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown level '{0}' (expected Easy, Medium, Hard, Unfair or Extreme)")]
pub struct UnknownHodokuLevel(pub String);

impl fmt::Display for HodokuLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
