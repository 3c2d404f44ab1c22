//! The named level scales a rating is reported on: the diagonal solver's text
//! level (from points) and HoDoKu's five levels (from its score). (The
//! trainer's five levels are the trainer's own, `sudoku_trainer::Level`.) Each has an English name (the one
//! used in TSV and JSON output) and a German one.

use std::fmt;
#[cfg(test)]
use sudoku_logic::HodokuLevel;

/// The diagonal solver's text level, chosen by the total points.
///
/// The seed prints examples only, no thresholds: 21–32.5 points "very easy",
/// 41.5–62 "easy", 72–110 "somewhat difficult", 111.5 and more "quite
/// difficult", and it calls puzzles of more than 240 points "really difficult".
/// The boundaries below sit in the gaps between those examples (the middle of
/// each gap, the 240 of the seed for the last one), so every example of the seed
/// gets its printed level:
///
/// | points | level |
/// | --- | --- |
/// | < 37 | very easy (sehr einfach) |
/// | 37 – < 67 | easy (einfach) |
/// | 67 – < 111 | somewhat difficult (schon etwas schwierig) |
/// | 111 – < 240 | quite difficult (recht schwierig) |
/// | ≥ 240 | really difficult (wirklich schwierig) |
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SeedLevel {
    /// Fewer than 37 points.
    VeryEasy,
    /// 37 to under 67 points.
    Easy,
    /// 67 to under 111 points.
    SomewhatDifficult,
    /// 111 to under 240 points.
    QuiteDifficult,
    /// 240 points and more.
    ReallyDifficult,
}

impl SeedLevel {
    /// Lower bounds of the levels above [`SeedLevel::VeryEasy`], in order.
    pub const THRESHOLDS: [f64; 4] = [37.0, 67.0, 111.0, 240.0];

    /// The level of `points` total points.
    ///
    /// ```
    /// use sudoku_rate::SeedLevel;
    /// assert_eq!(SeedLevel::from_points(32.5), SeedLevel::VeryEasy);
    /// assert_eq!(SeedLevel::from_points(111.5), SeedLevel::QuiteDifficult);
    /// ```
    pub fn from_points(points: f64) -> SeedLevel {
        let above = Self::THRESHOLDS.iter().filter(|&&t| points >= t).count();
        [
            SeedLevel::VeryEasy,
            SeedLevel::Easy,
            SeedLevel::SomewhatDifficult,
            SeedLevel::QuiteDifficult,
            SeedLevel::ReallyDifficult,
        ][above]
    }

    /// English name, as written in reports.
    pub fn name(self) -> &'static str {
        match self {
            SeedLevel::VeryEasy => "very easy",
            SeedLevel::Easy => "easy",
            SeedLevel::SomewhatDifficult => "somewhat difficult",
            SeedLevel::QuiteDifficult => "quite difficult",
            SeedLevel::ReallyDifficult => "really difficult",
        }
    }

    /// German name, as in the seed.
    pub fn name_de(self) -> &'static str {
        match self {
            SeedLevel::VeryEasy => "sehr einfach",
            SeedLevel::Easy => "einfach",
            SeedLevel::SomewhatDifficult => "schon etwas schwierig",
            SeedLevel::QuiteDifficult => "recht schwierig",
            SeedLevel::ReallyDifficult => "wirklich schwierig",
        }
    }
}

macro_rules! display_by_name {
    ($($t:ty),*) => {$(
        impl fmt::Display for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }
    )*};
}
display_by_name!(SeedLevel);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_examples_get_their_printed_level() {
        for p in [21.0, 23.0, 32.5] {
            assert_eq!(SeedLevel::from_points(p), SeedLevel::VeryEasy, "{p}");
        }
        for p in [41.5, 57.0, 62.0] {
            assert_eq!(SeedLevel::from_points(p), SeedLevel::Easy, "{p}");
        }
        for p in [72.0, 97.0, 110.0] {
            assert_eq!(
                SeedLevel::from_points(p),
                SeedLevel::SomewhatDifficult,
                "{p}"
            );
        }
        for p in [111.5, 165.0, 234.0] {
            assert_eq!(SeedLevel::from_points(p), SeedLevel::QuiteDifficult, "{p}");
        }
        assert_eq!(SeedLevel::from_points(240.0), SeedLevel::ReallyDifficult);
        assert_eq!(SeedLevel::from_points(0.0), SeedLevel::VeryEasy);
    }

    #[test]
    fn hodoku_score_bounds_are_inclusive() {
        let cases = [
            (0, HodokuLevel::Easy),
            (800, HodokuLevel::Easy),
            (801, HodokuLevel::Medium),
            (1000, HodokuLevel::Medium),
            (1001, HodokuLevel::Hard),
            (1600, HodokuLevel::Hard),
            (1601, HodokuLevel::Unfair),
            (1800, HodokuLevel::Unfair),
            (1801, HodokuLevel::Extreme),
        ];
        for (score, level) in cases {
            assert_eq!(HodokuLevel::from_score(score), level, "{score}");
        }
        assert_eq!("unfair".parse(), Ok(HodokuLevel::Unfair));
        assert!("Diabolical".parse::<HodokuLevel>().is_err());
    }

    #[test]
    fn names_are_distinct_in_both_languages() {
        let en: std::collections::HashSet<_> =
            HodokuLevel::ALL.iter().map(|l| l.name_de()).collect();
        assert_eq!(en.len(), 5);
        assert_eq!(SeedLevel::ReallyDifficult.name_de(), "wirklich schwierig");
    }
}
