//! What a user asks the generator for, and the checks that refuse impossible
//! requests before any work is done.
//!
//! The levels are the trainer's (SPEC §4, `sudoku_trainer::Level`, decided by
//! the trainer's own search): the seed's generator made "very easy", "easy",
//! "medium" and "hard" fair puzzles (no guessing), and "very hard" ones need
//! the trainer's search to guess. They map onto the rating as follows:
//!
//! | level | trainer level | also |
//! | --- | --- | --- |
//! | very-easy | easy (necessary numbers) | under 10 points (many clues) |
//! | easy | easy (necessary numbers) | 10 points or more |
//! | medium | medium (a naked single is needed) | |
//! | hard | hard (a hidden single by the trainer's criteria, no guessing) | |
//! | very-hard | very hard (the trainer's criteria need backtracking) | |

use std::fmt;
use std::str::FromStr;
use sudoku_core::{Lang, Variant};
use sudoku_logic::{Family, Technique, Trace};
use sudoku_rate::{HodokuLevel, Rating, TrainerLevel};

use crate::symmetry::Symmetry;

/// A difficulty level of the trainer (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// Necessary numbers suffice, under 10 points.
    VeryEasy,
    /// Necessary numbers suffice, 10 points or more.
    Easy,
    /// Needs a naked single, nothing harder.
    Medium,
    /// Needs a hidden single by the trainer's criteria, no guessing.
    Hard,
    /// The trainer's search needs to guess.
    VeryHard,
}

/// Points below which a puzzle of the trainer's Easy counts as very easy.
///
/// Not the seed's 37 between its "very easy" and "easy" text levels
/// ([`SeedLevel::THRESHOLDS`](sudoku_rate::SeedLevel::THRESHOLDS)): since the
/// points were calibrated to the seed's own examples, puzzles that hidden
/// singles solve score 0–4 points with 40–48 clues and about 13–37 when
/// reduced to 22–26 clues, so by the seed's scale almost all of the trainer's
/// Easy is "very easy", and asking for 37 made `gen --level easy` take a
/// minute a puzzle. 10 splits the two kinds: the clue-rich puzzles where every
/// digit is found at a glance, and the reduced ones where hidden singles must
/// be looked for.
pub const VERY_EASY_POINTS: f64 = 10.0;

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 5] = [
        Level::VeryEasy,
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::VeryHard,
    ];

    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Level::VeryEasy => "very-easy",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::VeryHard => "very-hard",
        }
    }

    /// The trainer level a puzzle of this level is rated at.
    pub fn trainer_level(self) -> TrainerLevel {
        match self {
            Level::VeryEasy | Level::Easy => TrainerLevel::Easy,
            Level::Medium => TrainerLevel::Medium,
            Level::Hard => TrainerLevel::Hard,
            Level::VeryHard => TrainerLevel::VeryHard,
        }
    }

    /// Whether `rating` is of this level.
    pub fn contains(self, rating: &Rating) -> bool {
        let Some(walk) = &rating.walk else {
            return false;
        };
        walk.solved
            && rating.trainer_level == Some(self.trainer_level())
            && match self {
                Level::VeryEasy => walk.points < VERY_EASY_POINTS,
                Level::Easy => walk.points >= VERY_EASY_POINTS,
                _ => true,
            }
    }

    /// Whether a puzzle of this level may need `technique` on its path.
    pub fn allows(self, technique: Technique) -> bool {
        let family = technique.info().family;
        match self {
            Level::VeryEasy | Level::Easy => {
                matches!(family, Family::Bookkeeping)
                    || matches!(technique, Technique::FullHouse | Technique::HiddenSingle)
            }
            Level::Medium => matches!(family, Family::Single | Family::Bookkeeping),
            Level::Hard => family != Family::Trial,
            Level::VeryHard => true,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level name that is not one of [`Level::ALL`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown level '{0}' (expected very-easy, easy, medium, hard or very-hard)")]
pub struct UnknownLevel(pub String);

impl FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        let key = s.trim().to_ascii_lowercase().replace(['_', ' '], "-");
        Level::ALL
            .into_iter()
            .find(|l| l.name() == key)
            .ok_or_else(|| UnknownLevel(s.to_string()))
    }
}

/// An inclusive range of numbers, either end open (`7.0..`, `..120`, `40..80`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Band {
    /// The smallest value allowed.
    pub min: Option<f64>,
    /// The largest value allowed.
    pub max: Option<f64>,
}

impl Band {
    /// Whether `x` lies in the band.
    pub fn contains(&self, x: f64) -> bool {
        self.min.is_none_or(|m| x >= m) && self.max.is_none_or(|m| x <= m)
    }
}

impl fmt::Display for Band {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let show = |x: Option<f64>| x.map_or(String::new(), |x| x.to_string());
        write!(f, "{}..{}", show(self.min), show(self.max))
    }
}

impl FromStr for Band {
    type Err = String;

    /// `MIN..MAX`, `MIN..`, `..MAX` or a single number `X` (meaning `X..X`).
    fn from_str(s: &str) -> Result<Band, String> {
        let num = |t: &str| -> Result<Option<f64>, String> {
            let t = t.trim();
            if t.is_empty() {
                return Ok(None);
            }
            match t.parse::<f64>() {
                Ok(x) if x.is_finite() => Ok(Some(x)),
                _ => Err(format!("'{t}' is not a number")),
            }
        };
        let band = match s.split_once("..") {
            Some((a, b)) => Band {
                min: num(a)?,
                max: num(b.trim_start_matches('='))?,
            },
            None => {
                let x = num(s)?.ok_or("empty range (expected MIN..MAX)")?;
                Band {
                    min: Some(x),
                    max: Some(x),
                }
            }
        };
        if let (Some(a), Some(b)) = (band.min, band.max)
            && a > b
        {
            return Err(format!("empty range {s}: {a} is above {b}"));
        }
        Ok(band)
    }
}

/// Why a request cannot be met.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GenError {
    /// The clue range is empty or impossible for the variant.
    #[error("--clues: {0}")]
    Clues(String),
    /// Two parts of the request contradict each other.
    #[error("{0}")]
    Contradiction(String),
    /// The puzzle given for reduction is not unique (or invalid).
    #[error("{0}")]
    NotUnique(String),
}

/// The fewest clues a unique puzzle of `variant` can have, as far as proven: 17
/// for standard Sudoku (McGuire, Tugemann and Civario 2012); for the other
/// variants 8 (with fewer givens two digits are missing and can be swapped).
/// Counts between that and the smallest known puzzles (12 for diagonal and 11
/// for colour Sudoku, as the seed reports) are not refused but are only found
/// with luck.
pub fn min_clues(variant: Variant) -> usize {
    match variant {
        Variant::Standard => 17,
        _ => 8,
    }
}

/// What to generate.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    /// The variant.
    pub variant: Variant,
    /// The symmetry of the clue pattern.
    pub symmetry: Symmetry,
    /// Fewest and most clues (inclusive); `None` for whatever the reduction
    /// gives.
    pub clues: Option<(usize, usize)>,
    /// Every given must be necessary.
    pub minimal: bool,
    /// The trainer level.
    pub level: Option<Level>,
    /// Band of the diagonal solver's total points.
    pub points: Option<Band>,
    /// Band of Sudoku Explainer's rating (ER).
    pub se: Option<Band>,
    /// HoDoKu's level.
    pub hodoku: Option<HodokuLevel>,
    /// Techniques the easiest solving path must use.
    pub require: Vec<Technique>,
    /// The techniques our own walk may use, in their order: a puzzle is
    /// made only when that walk solves it (HoDoKu's generator with its
    /// solver settings). The whole table by default.
    pub selection: sudoku_logic::Selection,
}

impl Default for Request {
    fn default() -> Request {
        Request {
            variant: Variant::Standard,
            symmetry: Symmetry::None,
            clues: None,
            minimal: false,
            level: None,
            points: None,
            se: None,
            hodoku: None,
            require: Vec::new(),
            selection: sudoku_logic::Selection::table(),
        }
    }
}

/// Sudoku Explainer's ratings of the singles: a puzzle rated above this needs
/// more than singles.
const SE_SINGLES_MAX: f64 = 2.3;

impl Request {
    /// Refuses requests that no puzzle can meet, with a message naming the
    /// conflict.
    pub fn validate(&self) -> Result<(), GenError> {
        if let Some((lo, hi)) = self.clues {
            if lo > hi {
                return Err(GenError::Clues(format!("empty range: {lo} is above {hi}")));
            }
            let floor = min_clues(self.variant);
            if hi < floor {
                return Err(GenError::Clues(match self.variant {
                    Variant::Standard => format!(
                        "no standard Sudoku with fewer than 17 clues has a unique solution (asked for at most {hi})"
                    ),
                    v => format!(
                        "no {v} Sudoku with fewer than {floor} clues has a unique solution (asked for at most {hi})"
                    ),
                }));
            }
            if lo > 80 {
                return Err(GenError::Clues(format!(
                    "a puzzle has at most 80 clues (asked for at least {lo})"
                )));
            }
            if !(lo.max(floor)..=hi.min(80)).any(|n| self.symmetry.allows_clue_count(n)) {
                return Err(GenError::Clues(format!(
                    "with {} symmetry the clue count must be a sum of orbit sizes; none lies in {lo}..{hi}",
                    self.symmetry
                )));
            }
        }
        let beyond_singles = self.needs_more_than_singles();
        if let Some(level) = self.level {
            for &t in &self.require {
                if !level.allows(t) {
                    return Err(GenError::Contradiction(format!(
                        "--level {level} puzzles never need {t}; drop --require {t} or choose a harder level"
                    )));
                }
            }
            if level <= Level::Medium && beyond_singles {
                return Err(GenError::Contradiction(format!(
                    "--level {level} puzzles are solved by singles, but the other options ask for more"
                )));
            }
            if let Some(points) = self.points {
                if level == Level::VeryEasy && points.min.is_some_and(|m| m >= VERY_EASY_POINTS) {
                    return Err(GenError::Contradiction(format!(
                        "--level very-easy means fewer than {VERY_EASY_POINTS} points; --points {points} asks for more"
                    )));
                }
                if level == Level::Easy && points.max.is_some_and(|m| m < VERY_EASY_POINTS) {
                    return Err(GenError::Contradiction(format!(
                        "--level easy means {VERY_EASY_POINTS} points or more (fewer is very-easy); --points {points} asks for fewer"
                    )));
                }
            }
            if let Some(h) = self.hodoku
                && level >= Level::Hard
                && h == HodokuLevel::Easy
            {
                return Err(GenError::Contradiction(format!(
                    "--level {level} puzzles need eliminations, HoDoKu level Easy has none"
                )));
            }
            if let Some(se) = self.se
                && level >= Level::Hard
                && se.max.is_some_and(|m| m <= SE_SINGLES_MAX)
            {
                return Err(GenError::Contradiction(format!(
                    "--level {level} puzzles need eliminations, rated above {SE_SINGLES_MAX} by Sudoku Explainer; --se {se} allows singles only"
                )));
            }
        }
        if let Some(h) = self.hodoku
            && h == HodokuLevel::Easy
            && beyond_singles
        {
            return Err(GenError::Contradiction(
                "HoDoKu level Easy means singles only, but the other options ask for more".into(),
            ));
        }
        if let Some(points) = self.points
            && points.max.is_some_and(|m| m < 0.0)
        {
            return Err(GenError::Contradiction(format!(
                "--points {points}: points are never negative"
            )));
        }
        if let Some(se) = self.se
            && (se.max.is_some_and(|m| m < 1.0) || se.min.is_some_and(|m| m > 12.0))
        {
            return Err(GenError::Contradiction(format!(
                "--se {se}: Sudoku Explainer ratings lie between 1.0 and 12"
            )));
        }
        Ok(())
    }

    /// Whether every puzzle meeting the request needs more than singles.
    pub(crate) fn needs_more_than_singles(&self) -> bool {
        self.level.is_some_and(|l| l >= Level::Hard)
            || self
                .se
                .is_some_and(|b| b.min.is_some_and(|m| m > SE_SINGLES_MAX))
            || self.hodoku.is_some_and(|h| h >= HodokuLevel::Hard)
            || self
                .require
                .iter()
                .any(|t| !matches!(t.info().family, Family::Single | Family::Bookkeeping))
    }

    /// Whether the request needs the rating at all (beyond uniqueness).
    pub fn needs_rating(&self) -> bool {
        self.level.is_some()
            || self.points.is_some()
            || self.se.is_some()
            || self.hodoku.is_some()
            || !self.require.is_empty()
            || !self.selection.is_table()
    }

    /// Whether `rating` meets the difficulty part of the request.
    pub fn accepts(&self, rating: &Rating) -> bool {
        let Some(walk) = &rating.walk else {
            return false;
        };
        walk.solved
            && self.level.is_none_or(|l| l.contains(rating))
            && self.points.is_none_or(|b| b.contains(walk.points))
            && self
                .se
                .is_none_or(|b| rating.se.is_some_and(|s| b.contains(s.er)))
            && self
                .hodoku
                .is_none_or(|h| rating.hodoku.is_some_and(|r| r.level == h))
            && self
                .require
                .iter()
                .all(|t| walk.techniques.iter().any(|(u, n)| u == t && *n > 0))
    }

    /// Whether the logical solver's `trace` can meet the request: the parts
    /// read off the trace alone (trainer level, points, required techniques),
    /// checked before the Sudoku Explainer and HoDoKu walks of the full rating.
    /// [`Request::accepts`] on the rating has the last word.
    pub(crate) fn accepts_trace(&self, trace: &Trace) -> bool {
        if !trace.is_solved() {
            return false;
        }
        let points = trace.total_points();
        if let Some(level) = self.level {
            // The trainer level by the trainer's own search (the one
            // definition, which the rating reports too).
            let at = sudoku_trainer::level_of_unique(&trace.puzzle, self.variant);
            let band_ok = match level {
                Level::VeryEasy => points < VERY_EASY_POINTS,
                Level::Easy => points >= VERY_EASY_POINTS,
                _ => true,
            };
            if at != Some(level.trainer_level()) || !band_ok {
                return false;
            }
        }
        if self.points.is_some_and(|b| !b.contains(points)) {
            return false;
        }
        let used = trace.technique_counts();
        self.require
            .iter()
            .all(|t| used.iter().any(|(u, n)| u == t && *n > 0))
    }

    /// A short description for reports (`standard, 22 clues, hard`).
    pub fn describe(&self) -> String {
        self.describe_in(Lang::En)
    }

    /// [`Request::describe`] in `lang`: "standard, 22..24 clues, minimal" /
    /// "standard, 22..24 Givens, minimal". Option values (variant, level,
    /// symmetry, technique names) stay as they are typed.
    pub fn describe_in(&self, lang: Lang) -> String {
        let (clues, needs) = match lang {
            Lang::En => ("clues", "needs"),
            Lang::De => ("Givens", "braucht"),
        };
        let mut parts = vec![self.variant.name().to_string()];
        if let Some((lo, hi)) = self.clues {
            parts.push(if lo == hi {
                format!("{lo} {clues}")
            } else {
                format!("{lo}..{hi} {clues}")
            });
        }
        if self.symmetry != Symmetry::None {
            parts.push(match lang {
                Lang::En => format!("{} symmetry", self.symmetry),
                Lang::De => format!("Symmetrie {}", self.symmetry),
            });
        }
        if self.minimal {
            parts.push("minimal".into());
        }
        if let Some(l) = self.level {
            parts.push(format!("level {l}"));
        }
        if let Some(b) = self.points {
            parts.push(format!("points {b}"));
        }
        if let Some(b) = self.se {
            parts.push(format!("SE {b}"));
        }
        if let Some(h) = self.hodoku {
            parts.push(format!("HoDoKu {h}"));
        }
        for t in &self.require {
            parts.push(format!("{needs} {t}"));
        }
        parts.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_parse() {
        assert_eq!(
            "7.0..".parse(),
            Ok(Band {
                min: Some(7.0),
                max: None
            })
        );
        assert_eq!(
            "..120".parse(),
            Ok(Band {
                min: None,
                max: Some(120.0)
            })
        );
        assert_eq!(
            "40..=80".parse(),
            Ok(Band {
                min: Some(40.0),
                max: Some(80.0)
            })
        );
        assert!("9..3".parse::<Band>().is_err());
        assert!("x..3".parse::<Band>().is_err());
    }

    #[test]
    fn impossible_requests_are_refused() {
        let r = |f: &dyn Fn(&mut Request)| {
            let mut r = Request::default();
            f(&mut r);
            r.validate()
        };
        assert!(r(&|r| r.clues = Some((10, 10))).is_err());
        assert!(r(&|r| r.clues = Some((30, 20))).is_err());
        assert!(r(&|r| r.clues = Some((17, 17))).is_ok());
        assert!(
            r(&|r| {
                r.clues = Some((22, 22));
                r.symmetry = Symmetry::Rot90;
            })
            .is_err()
        );
        assert!(
            r(&|r| {
                r.level = Some(Level::Easy);
                r.require = vec![Technique::XyChain];
            })
            .is_err()
        );
        assert!(
            r(&|r| {
                r.level = Some(Level::Medium);
                r.se = Some(Band {
                    min: Some(7.0),
                    max: None,
                });
            })
            .is_err()
        );
        assert!(
            r(&|r| {
                r.level = Some(Level::Hard);
                r.require = vec![Technique::XWing];
            })
            .is_ok()
        );
        assert!(
            r(&|r| {
                r.level = Some(Level::Easy);
                r.points = Some(Band {
                    min: None,
                    max: Some(8.0),
                });
            })
            .is_err()
        );
        assert_eq!("Very-Easy".parse(), Ok(Level::VeryEasy));
        assert!("trivial".parse::<Level>().is_err());
    }
}
