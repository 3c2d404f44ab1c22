//! Feature vectors for learning difficulty scales (SPEC §3.7, the 2014 thesis'
//! chapter 3), read off a solving path.
//!
//! Every set starts with `givens.1` … `givens.9` (how many givens each digit
//! has) and `candidates.1` … `candidates.9` (in how many cells each digit can
//! go at the start), followed by one block of 9 per technique: per digit, how
//! many placements and eliminations of that digit the technique made along the
//! path. Each block of 9 is sorted in descending order (the thesis' §3.3), so
//! `.1` is the largest count of any digit and renaming digits changes nothing.
//!
//! * [`FeatureSet::Thesis`] is the thesis' own vector of 261 = 9 × 29
//!   columns: the two blocks above and one block for each of the 27 methods of
//!   its chapter 2.4, in its order ([`THESIS_TECHNIQUES`], then
//!   `backtracking`). The path is the thesis' Algorithm 1: only those methods,
//!   always the easiest that applies (the first hit it finds), then again from
//!   the easiest; on candidates written from the start, as HoDoKu (which the
//!   thesis solved with) always has them. When no method applies, the
//!   `backtracking` block counts, per digit, the empty cells the solution
//!   fills (the thesis' software entered exactly that instead of running the
//!   search, its §4.1).
//! * [`FeatureSet::Table`] has one block for every row of
//!   [`sudoku_logic::TABLE`] (1,116 columns as the table stands) along our own
//!   easiest path; `write-candidates` counts the candidates it wrote per digit.
//!   The table is iterated, never listed here, so a technique added to the
//!   logic crate gets its block without a change in this module. Before the
//!   thesis set had its own columns this set was called "thesis"; models saved
//!   then are read as this set ([`FeatureSpec::legacy_version`]).
//! * [`FeatureSet::Extended`] appends derived features to the table set, from
//!   the same trace and the ratings of this crate (names in
//!   [`FeatureSpec::names`], meanings at [`EXTENDED_DOC`]): the number of steps
//!   per technique and per family, the HoDoKu level of the steps, the
//!   trial-and-error details, the points and levels, and the HoDoKu estimate
//!   with the make-up of HoDoKu's own path (`hodoku.rs`: one step at a time, as
//!   HoDoKu takes them, scored as HoDoKu scores). That path carries most of
//!   what separates HoDoKu's Hard, Unfair and Extreme (figures in
//!   BENCHMARKS.md); an earlier emulation of it from our own path (Hard-level
//!   rows, uniqueness moves and one AIC per step from the first Unfair-level
//!   position) was dropped once the real walk was there: it cost a quarter of
//!   the extraction time and moved the accuracy by < 0.1.
//!
//! [`FeatureSpec::version`] is derived from the set, the stage and the column
//! names (and so from the technique names), so a model trained on another
//! feature set can be recognised and rejected.
//!
//! The thesis' figure 5.2 adds technique families one at a time and solves
//! with only those: [`Stage`] limits the path to the families up to a stage
//! (the solve then may end stuck, and the vector covers the path so far; the
//! thesis set's `backtracking` block only fills at [`Stage::All`]). The
//! stage limits our own path only: the HoDoKu estimate of the extended set
//! walks HoDoKu's path with every technique, so the stages are meant for the
//! thesis and table sets. Every path is walked on the puzzle's canonical
//! orientation, so isomorphic copies get the same vector. The same vector is
//! computed for every variant: techniques iterate the variant's houses.

use crate::hodoku;
use crate::{HodokuLevel, RateError};
use sudoku_core::{Conflict, Digit, Grid, Variant};
use sudoku_logic::walk::{Hit, Scale};
use sudoku_logic::{
    Candidates, Detail, Family, FindMode, LogicError, Options, Orientation, PointsScale, TABLE,
    Technique, Trace, solve_logically, walk,
};
use sudoku_solve::Uniqueness;

/// Bumped whenever the meaning of a column changes without its name changing;
/// part of [`FeatureSpec::version`].
pub const FEATURE_SCHEMA: u32 = 1;

/// Which columns a vector has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FeatureSet {
    /// Exactly the thesis' 261 features: givens, initial candidates and one
    /// block of 9 for each of its 27 methods, along its own path.
    #[default]
    Thesis,
    /// Givens, initial candidates and one block of 9 per row of our technique
    /// table, along our own easiest path.
    Table,
    /// The table set followed by derived features (see [`EXTENDED_DOC`]).
    Extended,
}

impl FeatureSet {
    /// Every set.
    pub const ALL: [FeatureSet; 3] = [FeatureSet::Thesis, FeatureSet::Table, FeatureSet::Extended];

    /// The name used on the command line and in model files.
    pub fn name(self) -> &'static str {
        match self {
            FeatureSet::Thesis => "thesis",
            FeatureSet::Table => "table",
            FeatureSet::Extended => "extended",
        }
    }
}

/// The methods of the thesis' chapter 2.4 in its order (easiest first), as
/// rows of our table: its vector has one block for each, then one for
/// backtracking. Its "naked subset" and "hidden subset" are three methods
/// each (its CFS list names naked pair, triple and quadruple apart), its fish
/// the three basic ones, its single-digit patterns the four it describes.
pub const THESIS_TECHNIQUES: [Technique; 26] = [
    Technique::FullHouse,
    Technique::NakedSingle,
    Technique::HiddenSingle,
    Technique::Pointing,
    Technique::Claiming,
    Technique::NakedPair,
    Technique::NakedTriple,
    Technique::NakedQuad,
    Technique::HiddenPair,
    Technique::HiddenTriple,
    Technique::HiddenQuad,
    Technique::XWing,
    Technique::Swordfish,
    Technique::Jellyfish,
    Technique::Skyscraper,
    Technique::TwoStringKite,
    Technique::TurbotFish,
    Technique::EmptyRectangle,
    Technique::XyWing,
    Technique::XyzWing,
    Technique::WWing,
    Technique::SueDeCoq,
    Technique::SimpleColors,
    Technique::AlsXz,
    Technique::AlsXyWing,
    Technique::AlsXyChain,
];

/// The name of the thesis set's last block.
pub const BACKTRACKING: &str = "backtracking";

/// How far along the technique families a path may go (the thesis' figure
/// 5.2 adds them in this order). Each stage includes the ones before it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Stage {
    /// No solving: only the givens and the initial candidates.
    Basic,
    /// Full houses, hidden and naked singles (and any other placing row).
    Singles,
    /// Writing candidates and locked candidates.
    Intersections,
    /// Naked and hidden subsets.
    Subsets,
    /// Basic fish.
    Fish,
    /// XY-, XYZ-, WXYZ- and W-wings.
    Wings,
    /// Single-digit patterns and chains.
    SingleDigit,
    /// XY-chains and loops.
    XyChains,
    /// Every technique of the table, trial and error included.
    #[default]
    All,
}

impl Stage {
    /// Every stage, in order.
    pub const ALL: [Stage; 9] = [
        Stage::Basic,
        Stage::Singles,
        Stage::Intersections,
        Stage::Subsets,
        Stage::Fish,
        Stage::Wings,
        Stage::SingleDigit,
        Stage::XyChains,
        Stage::All,
    ];

    /// The name used on the command line and in model files.
    pub fn name(self) -> &'static str {
        match self {
            Stage::Basic => "basic",
            Stage::Singles => "singles",
            Stage::Intersections => "intersections",
            Stage::Subsets => "subsets",
            Stage::Fish => "fish",
            Stage::Wings => "wings",
            Stage::SingleDigit => "single-digit",
            Stage::XyChains => "xy-chains",
            Stage::All => "all",
        }
    }

    /// The first stage whose paths may use `family` (the families beyond the
    /// XY-chains only with [`Stage::All`]).
    pub fn of_family(family: Family) -> Stage {
        match family {
            Family::Single => Stage::Singles,
            Family::Bookkeeping | Family::Intersection => Stage::Intersections,
            Family::Subset => Stage::Subsets,
            Family::Fish => Stage::Fish,
            Family::Wing => Stage::Wings,
            Family::SingleDigit => Stage::SingleDigit,
            Family::XyChain => Stage::XyChains,
            Family::Direct
            | Family::Coloring
            | Family::Trial
            | Family::Chain
            | Family::Uniqueness
            | Family::Forcing
            | Family::Als => Stage::All,
        }
    }

    /// Whether paths of this stage may use `technique`.
    pub fn allows(self, technique: Technique) -> bool {
        Stage::of_family(technique.info().family) <= self
    }
}

/// A name that is not one of a list's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} '{given}' (expected one of: {expected})")]
pub struct UnknownName {
    /// What kind of name it should have been.
    pub what: &'static str,
    /// The name given.
    pub given: String,
    /// The names allowed, comma-separated.
    pub expected: String,
}

impl std::str::FromStr for FeatureSet {
    type Err = UnknownName;

    fn from_str(s: &str) -> Result<FeatureSet, UnknownName> {
        FeatureSet::ALL
            .into_iter()
            .find(|f| f.name() == s)
            .ok_or_else(|| UnknownName {
                what: "feature set",
                given: s.to_string(),
                expected: FeatureSet::ALL.map(FeatureSet::name).join(", "),
            })
    }
}

impl std::str::FromStr for Stage {
    type Err = UnknownName;

    fn from_str(s: &str) -> Result<Stage, UnknownName> {
        Stage::ALL
            .into_iter()
            .find(|f| f.name() == s)
            .ok_or_else(|| UnknownName {
                what: "stage",
                given: s.to_string(),
                expected: Stage::ALL.map(Stage::name).join(", "),
            })
    }
}

/// What to extract: the columns and how far the path may go.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FeatureSpec {
    /// The columns.
    pub set: FeatureSet,
    /// The technique families the path may use.
    pub stage: Stage,
}

/// Why a puzzle has no feature vector.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FeatureError {
    /// Two givens clash.
    #[error("invalid puzzle: {0}")]
    Invalid(#[from] Conflict),
    /// The puzzle has no solution.
    #[error("the puzzle has no solution")]
    NoSolution,
    /// The puzzle has two or more solutions.
    #[error("the puzzle has several solutions")]
    Multiple,
    /// The logical solver or a rating failed.
    #[error(transparent)]
    Rate(#[from] RateError),
}

impl From<LogicError> for FeatureError {
    fn from(e: LogicError) -> FeatureError {
        FeatureError::Rate(e.into())
    }
}

/// The derived columns of [`FeatureSet::Extended`] after the per-technique and
/// per-family ones, with their meaning (a value that does not apply is -1).
pub const EXTENDED_DOC: &[(&str, &str)] = &[
    ("givens", "number of givens"),
    ("candidates", "number of candidates at the start"),
    (
        "written-candidates",
        "candidates when they were written (0: never written)",
    ),
    (
        "placed-before-writing",
        "digits placed before candidates were written",
    ),
    ("steps", "steps of the path (writing candidates included)"),
    ("solved", "1 when the path solved the puzzle, else 0"),
    (
        "points",
        "sum of the step points (the diagonal solver's scale)",
    ),
    ("norm2", "Euclidean norm of the step points"),
    ("max-points", "largest step points"),
    (
        "hardest-technique",
        "table index of the hardest technique used",
    ),
    ("trial.steps", "trial-and-error steps"),
    ("trial.depth2", "trial-and-error steps at depth 2"),
    (
        "trial.short",
        "depth-1 refutations within two propagation rounds",
    ),
    ("trial.max-cost", "largest propagation cost of a trial step"),
    ("trial.cost-sum", "sum of the propagation costs"),
    (
        "hodoku-steps.easy",
        "steps of HoDoKu level Easy on our path",
    ),
    ("hodoku-steps.medium", "steps of HoDoKu level Medium"),
    ("hodoku-steps.hard", "steps of HoDoKu level Hard"),
    ("hodoku-steps.unfair", "steps of HoDoKu level Unfair"),
    ("hodoku-steps.extreme", "steps of HoDoKu level Extreme"),
    (
        "hodoku.own-score",
        "HoDoKu's score summed along our own path",
    ),
    (
        "hodoku.own-level",
        "HoDoKu level of that score and hardest step (0 Easy … 4 Extreme)",
    ),
    ("hodoku.score", "HoDoKu score estimate along HoDoKu's path"),
    (
        "hodoku.level",
        "its level (0 Easy … 4 Extreme, -1 unsolved)",
    ),
    (
        "trainer-level",
        "the trainer's level (0 easy … 3 very hard)",
    ),
    ("seed-level", "the diagonal solver's text level (0 … 4)"),
    (
        "first-unfair.candidates",
        "candidates before the first step of HoDoKu level Unfair or above",
    ),
    ("first-unfair.empty", "empty cells then"),
    (
        "first-trial.candidates",
        "candidates before the first trial-and-error step",
    ),
    ("first-trial.empty", "empty cells then"),
    (
        "unfair.effects",
        "placements and eliminations of steps of level Unfair and above",
    ),
    (
        "hodoku-path.singles-score",
        "HoDoKu's path: score of its singles (-1 unsolved, as the rest)",
    ),
    ("hodoku-path.other-score", "score of its other steps"),
    (
        "hodoku-path.hardest",
        "level of its hardest step (0 Easy … 4 Extreme)",
    ),
    ("hodoku-path.unfair-steps", "its steps of level Unfair"),
    ("hodoku-path.unfair-score", "their score"),
    ("hodoku-path.extreme-steps", "its steps of level Extreme"),
];

/// A family's column name.
fn family_name(family: Family) -> String {
    family.name().to_string()
}

/// The families of the table, in order of first appearance.
fn families() -> Vec<Family> {
    let mut out: Vec<Family> = Vec::new();
    for info in TABLE {
        if !out.contains(&info.family) {
            out.push(info.family);
        }
    }
    out
}

impl FeatureSpec {
    /// The column names, in order.
    pub fn names(&self) -> Vec<String> {
        let mut names = Vec::new();
        for block in ["givens", "candidates"] {
            names.extend((1..=9).map(|k| format!("{block}.{k}")));
        }
        if self.set == FeatureSet::Thesis {
            for t in THESIS_TECHNIQUES {
                names.extend((1..=9).map(|k| format!("{}.{k}", t.name())));
            }
            names.extend((1..=9).map(|k| format!("{BACKTRACKING}.{k}")));
            return names;
        }
        for info in TABLE {
            names.extend((1..=9).map(|k| format!("{}.{k}", info.name)));
        }
        if self.set == FeatureSet::Extended {
            names.extend(TABLE.iter().map(|i| format!("{}.steps", i.name)));
            names.extend(
                families()
                    .into_iter()
                    .map(|f| format!("family.{}.steps", family_name(f))),
            );
            names.extend(EXTENDED_DOC.iter().map(|(n, _)| n.to_string()));
        }
        names
    }

    /// The number of columns.
    pub fn len(&self) -> usize {
        self.names().len()
    }

    /// Never true: every set has the givens and candidates.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// A string naming this exact feature layout: the schema number, the set,
    /// the stage and a hash of every column name (which include the technique
    /// names, so adding, removing or renaming a technique changes it).
    ///
    /// ```
    /// use sudoku_rate::{FeatureSet, FeatureSpec};
    /// let thesis = FeatureSpec::default();
    /// let extended = FeatureSpec { set: FeatureSet::Extended, ..thesis };
    /// assert!(thesis.version().starts_with("1-thesis-all-"));
    /// assert_ne!(thesis.version(), extended.version());
    /// ```
    pub fn version(&self) -> String {
        self.version_named(self.set.name())
    }

    /// The version string that models of this spec saved before the thesis
    /// set had its own 261 columns carry: the table set was then called
    /// "thesis". `None` for the other sets, whose columns did not change.
    ///
    /// ```
    /// use sudoku_rate::{FeatureSet, FeatureSpec};
    /// let table = FeatureSpec { set: FeatureSet::Table, ..FeatureSpec::default() };
    /// let old = table.legacy_version().unwrap();
    /// assert!(old.starts_with("1-thesis-all-"));
    /// assert_ne!(old, FeatureSpec::default().version());
    /// ```
    pub fn legacy_version(&self) -> Option<String> {
        (self.set == FeatureSet::Table).then(|| self.version_named("thesis"))
    }

    fn version_named(&self, set: &str) -> String {
        // FNV-1a, 64 bit: stable across platforms and Rust versions.
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for name in self.names() {
            for b in name.bytes().chain([b'\n']) {
                hash ^= u64::from(b);
                hash = hash.wrapping_mul(0x0100_0000_01b3);
            }
        }
        format!("{FEATURE_SCHEMA}-{set}-{}-{hash:016x}", self.stage.name())
    }

    /// The feature vector of `puzzle`, which must be valid and unique.
    ///
    /// ```
    /// use sudoku_core::{Grid, Variant};
    /// use sudoku_rate::FeatureSpec;
    /// let p: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    ///     .parse().unwrap();
    /// let spec = FeatureSpec::default();
    /// let v = spec.extract(&p, Variant::Standard).unwrap();
    /// assert_eq!(v.len(), spec.len());
    /// assert_eq!(v[..9].iter().sum::<f64>(), 32.0); // givens
    /// ```
    pub fn extract(&self, puzzle: &Grid, variant: Variant) -> Result<Vec<f64>, FeatureError> {
        puzzle.check(variant)?;
        match sudoku_solve::uniqueness(puzzle, variant) {
            Uniqueness::None => return Err(FeatureError::NoSolution),
            Uniqueness::Multiple(_) => return Err(FeatureError::Multiple),
            Uniqueness::Unique(_) => {}
        }
        if self.set == FeatureSet::Thesis {
            let canonical = sudoku_core::canonical_orientation(puzzle, variant).0;
            return self.thesis_vector(&canonical, variant);
        }
        let trace = solve_up_to(puzzle, variant, self.stage)?;
        self.from_trace(&trace, variant)
    }

    /// The thesis set's vector of `puzzle` (valid and unique), along the
    /// thesis' path from `puzzle` as given.
    fn thesis_vector(&self, puzzle: &Grid, variant: Variant) -> Result<Vec<f64>, FeatureError> {
        let solution = match sudoku_solve::uniqueness(puzzle, variant) {
            Uniqueness::None => return Err(FeatureError::NoSolution),
            Uniqueness::Multiple(_) => return Err(FeatureError::Multiple),
            Uniqueness::Unique(s) => s,
        };
        let start = Candidates::new(puzzle, variant)?;
        let mut out = Vec::with_capacity(9 * (3 + THESIS_TECHNIQUES.len()));
        push_basic(&mut out, puzzle, &start);
        let mut scale = ThesisScale {
            rows: (0..THESIS_TECHNIQUES.len())
                .filter(|&i| self.stage.allows(THESIS_TECHNIQUES[i]))
                .collect(),
        };
        let (walked, end) = walk::walk_written(
            &mut scale,
            puzzle,
            variant,
            false,
            walk::Limits::default().max_steps,
        )?;
        let mut counts = [[0u32; 9]; THESIS_TECHNIQUES.len() + 1];
        for hit in &walked.hits {
            let row = &mut counts[hit.tag];
            for p in &hit.step.placements {
                row[p.digit.index()] += 1;
            }
            for e in &hit.step.eliminations {
                row[e.digit.index()] += 1;
            }
        }
        if self.stage == Stage::All && !end.is_solved() {
            let row = &mut counts[THESIS_TECHNIQUES.len()];
            for cell in end.empty_cells().iter() {
                if let Some(d) = solution.get(cell) {
                    row[d.index()] += 1;
                }
            }
        }
        for row in counts {
            push_sorted(&mut out, row);
        }
        Ok(out)
    }

    /// The feature vector of a trace of a unique puzzle (the extended set also
    /// walks HoDoKu's path from `trace.puzzle`).
    ///
    /// The thesis set does not read the trace's steps: it walks the thesis'
    /// own path from `trace.puzzle`.
    pub fn from_trace(&self, trace: &Trace, variant: Variant) -> Result<Vec<f64>, FeatureError> {
        if self.set == FeatureSet::Thesis {
            return self.thesis_vector(&trace.puzzle, variant);
        }
        let mut out = Vec::with_capacity(18 + 9 * TABLE.len());
        let start = Candidates::new(&trace.puzzle, variant)?;
        push_basic(&mut out, &trace.puzzle, &start);

        // Per technique and digit; replay the path for the candidates written.
        let mut counts = vec![[0u32; 9]; TABLE.len()];
        let mut pos = start.clone();
        let mut replay = Replay::default();
        for step in &trace.steps {
            let row = &mut counts[step.technique as usize];
            if matches!(step.detail, Detail::WriteCandidates(_)) {
                for d in Digit::ALL {
                    row[d.index()] += pos.cells_with(d).len() as u32;
                }
                replay.written = pos.candidate_count();
            }
            let level = hodoku::step_level(step);
            if level >= HodokuLevel::Unfair {
                replay.unfair_effects += step.eliminations.len() + step.placements.len();
                if replay.first_unfair.is_none() {
                    replay.first_unfair = Some(pos.clone());
                }
            }
            if matches!(step.detail, Detail::Trial(_)) && replay.first_trial.is_none() {
                replay.first_trial = Some(pos.clone());
            }
            for p in &step.placements {
                row[p.digit.index()] += 1;
                if !pos.is_written() {
                    replay.placed_before += 1;
                }
            }
            for e in &step.eliminations {
                row[e.digit.index()] += 1;
            }
            // A trace of a unique puzzle always applies; a failure only ends
            // the replay (the counts above are already taken).
            if pos.apply(step).is_err() {
                break;
            }
        }
        for row in counts {
            push_sorted(&mut out, row);
        }
        if self.set == FeatureSet::Extended {
            self.extend(&mut out, trace, variant, &start, &replay)?;
        }
        Ok(out)
    }

    fn extend(
        &self,
        out: &mut Vec<f64>,
        trace: &Trace,
        variant: Variant,
        start: &Candidates,
        replay: &Replay,
    ) -> Result<(), FeatureError> {
        let steps = &trace.steps;
        for info in TABLE {
            let n = steps
                .iter()
                .filter(|s| s.technique == info.technique)
                .count();
            out.push(n as f64);
        }
        for family in families() {
            let n = steps
                .iter()
                .filter(|s| s.technique.info().family == family)
                .count();
            out.push(n as f64);
        }
        // Only HoDoKu's walk: Sudoku Explainer's costs about as much again,
        // and without its ER/EP/ED the forest's accuracy on the HoDoKu levels
        // moved by -0.3 points, less than between two seeds (BENCHMARKS.md).
        // `from_trace` is for unique puzzles, so HoDoKu's uniqueness tests may run.
        // In canonical form, so that every isomorph has the same features.
        let canonical = match variant {
            Variant::Standard => sudoku_core::canonical_form(&trace.puzzle).0,
            _ => trace.puzzle,
        };
        let hodoku_path = hodoku::path_with(&canonical, variant, true)?;
        let hodoku_estimate = hodoku_path.as_deref().map(hodoku::from_steps);
        let points: Vec<f64> = steps.iter().map(|s| s.points).collect();
        let total: f64 = points.iter().sum();
        let mut trial = [0f64; 5];
        for s in steps {
            if let Detail::Trial(sudoku_logic::TrialAndError { depth, cost, .. }) = s.detail {
                trial[0] += 1.0;
                trial[1] += f64::from(u8::from(depth >= 2));
                trial[2] += f64::from(u8::from(depth == 1 && cost <= 2));
                trial[3] = trial[3].max(cost as f64);
                trial[4] += cost as f64;
            }
        }
        let mut by_level = [0f64; 5];
        for s in steps {
            by_level[level_index(hodoku::step_level(s))] += 1.0;
        }
        let own = hodoku::from_steps(steps);
        let hardest = steps
            .iter()
            .map(|s| s.technique as usize)
            .max()
            .map_or(-1.0, |i| i as f64);
        let givens = trace.puzzle.filled() as f64;
        let none = -1.0;
        out.extend([
            givens,
            start.candidate_count() as f64,
            replay.written as f64,
            replay.placed_before as f64,
            steps.len() as f64,
            f64::from(u8::from(trace.is_solved())),
            total,
            crate::rating::norm2(&points),
            points.iter().copied().fold(0.0, f64::max),
            hardest,
        ]);
        out.extend(trial);
        out.extend(by_level);
        out.extend([
            f64::from(own.score),
            level_index(own.level) as f64,
            hodoku_estimate.map_or(none, |h| f64::from(h.score)),
            hodoku_estimate.map_or(none, |h| level_index(h.level) as f64),
            family_grade(trace) as f64,
            crate::SeedLevel::from_points(total) as usize as f64,
        ]);
        let at = |p: &Option<Candidates>| match p {
            Some(p) => [p.candidate_count() as f64, p.empty_cells().len() as f64],
            None => [none, none],
        };
        out.extend(at(&replay.first_unfair));
        out.extend(at(&replay.first_trial));
        out.push(replay.unfair_effects as f64);
        match hodoku_path.as_deref() {
            Some(path) => {
                let mut sums = [0f64; 6];
                for s in path {
                    let score = f64::from(hodoku::step_score(s));
                    let level = hodoku::step_level(s);
                    let single = s.technique.info().family == Family::Single;
                    sums[usize::from(!single)] += score;
                    sums[2] = sums[2].max(level_index(level) as f64);
                    if level == HodokuLevel::Unfair {
                        sums[3] += 1.0;
                        sums[4] += score;
                    }
                    sums[5] += f64::from(u8::from(level == HodokuLevel::Extreme));
                }
                out.extend(sums);
            }
            None => out.extend([none; 6]),
        }
        Ok(())
    }
}

/// What replaying the path noted for the extended features.
#[derive(Default)]
struct Replay {
    /// Candidates when they were written.
    written: usize,
    /// Digits placed before that.
    placed_before: usize,
    /// The position before the first step of HoDoKu level Unfair or above.
    first_unfair: Option<Candidates>,
    /// The position before the first trial-and-error step.
    first_trial: Option<Candidates>,
    /// Placements and eliminations of steps of level Unfair and above.
    unfair_effects: usize,
}

fn level_index(level: HodokuLevel) -> usize {
    level as usize
}

/// Appends the givens and initial candidates per digit, each block sorted.
fn push_basic(out: &mut Vec<f64>, puzzle: &Grid, start: &Candidates) {
    let mut givens = [0u32; 9];
    for &v in puzzle.values() {
        if let Some(d) = Digit::new(v) {
            givens[d.index()] += 1;
        }
    }
    let mut initial = [0u32; 9];
    for d in Digit::ALL {
        initial[d.index()] = start.cells_with(d).len() as u32;
    }
    push_sorted(out, givens);
    push_sorted(out, initial);
}

/// The thesis' Algorithm 1 as a scale of the one walk: its methods (those the
/// stage allows, as indices into [`THESIS_TECHNIQUES`]) in its order; the
/// first hit of the first method that finds one is applied, then the walk
/// starts again from the easiest. A hit's tag is its method's index.
struct ThesisScale {
    rows: Vec<usize>,
}

impl Scale for ThesisScale {
    type Tag = usize;

    fn rows(&self) -> usize {
        self.rows.len()
    }

    fn find(&mut self, row: usize, pos: &Candidates, out: &mut Vec<Hit<usize>>) {
        let column = self.rows[row];
        let mut found = Vec::new();
        THESIS_TECHNIQUES[column]
            .info()
            .find(pos, &mut found, FindMode::First);
        out.extend(found.into_iter().take(1).map(|step| Hit {
            step,
            price: 0.0,
            tag: column,
        }));
    }

    fn pick(
        &mut self,
        _pos: &Candidates,
        hits: &mut Vec<Hit<usize>>,
        _next: Option<usize>,
    ) -> Option<Vec<Hit<usize>>> {
        hits.truncate(1);
        Some(std::mem::take(hits))
    }
}

/// Appends `block` sorted in descending order.
fn push_sorted(out: &mut Vec<f64>, mut block: [u32; 9]) {
    block.sort_unstable_by(|a, b| b.cmp(a));
    out.extend(block.iter().map(|&n| f64::from(n)));
}

/// The easiest path of `puzzle` using only the techniques `stage` allows,
/// walked (like the rating) on the puzzle's canonical orientation: the trace's
/// puzzle and steps are that orientation's, so every isomorphic copy gets the
/// same features.
///
/// With [`Stage::All`] this is [`solve_logically`] with default options. For
/// the other stages the same policy runs on the allowed rows of the table
/// (non-synchronous rounds: the first row with hits, and of its hits the one
/// with most eliminations, then fewest points, then the first found), and the
/// path may end [`Outcome::Stuck`](sudoku_logic::Outcome::Stuck).
pub fn solve_up_to(puzzle: &Grid, variant: Variant, stage: Stage) -> Result<Trace, LogicError> {
    puzzle.check(variant)?;
    let canonical = sudoku_core::canonical_orientation(puzzle, variant).0;
    if stage == Stage::All {
        let options = Options {
            orientation: Orientation::AsGiven,
            ..Options::default()
        };
        return solve_logically(&canonical, variant, &options);
    }
    solve_with(&canonical, variant, |t| stage.allows(t))
}

/// The solver's non-synchronous policy on the rows `allowed` accepts.
fn solve_with(
    puzzle: &Grid,
    variant: Variant,
    allowed: impl Fn(Technique) -> bool,
) -> Result<Trace, LogicError> {
    let mut pos = Candidates::new(puzzle, variant)?;
    let limits = walk::Limits {
        contradictions: true,
        ..walk::Limits::default()
    };
    let walked = walk::walk(&mut PointsScale::among(&allowed), &mut pos, &limits)?;
    Ok(Trace {
        puzzle: *puzzle,
        steps: walked.hits.into_iter().map(|h| h.step).collect(),
        outcome: walked.outcome,
        end: pos,
    })
}

/// A coarse grade of the hardest technique family on the path (0 singles
/// only, 1 a naked single, 2 eliminations, 3 trial and error): one of the
/// thesis-style features. Not the trainer's level, which its own search
/// decides (`sudoku_trainer::level_of_unique`).
fn family_grade(trace: &Trace) -> usize {
    let mut grade = 0;
    for s in &trace.steps {
        let here = match s.technique.info().family {
            Family::Trial => 3,
            Family::Single if s.technique == Technique::NakedSingle => 1,
            Family::Single | Family::Bookkeeping => 0,
            _ => 2,
        };
        grade = grade.max(here);
    }
    grade
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::Transform;

    const EASY: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    const HARD: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

    fn grid(s: &str) -> Grid {
        s.parse().expect("test puzzle")
    }

    fn relabel(p: &Grid) -> Grid {
        // 1→9, 2→8, …: a digit permutation.
        let mut values = *p.values();
        for v in values.iter_mut().filter(|v| **v != 0) {
            *v = 10 - *v;
        }
        Grid::from_values(values).expect("digits stay digits")
    }

    #[test]
    fn names_match_the_vector_and_are_unique() {
        for set in FeatureSet::ALL {
            let spec = FeatureSpec {
                set,
                stage: Stage::All,
            };
            let names = spec.names();
            let unique: std::collections::HashSet<&String> = names.iter().collect();
            assert_eq!(unique.len(), names.len());
            let v = spec
                .extract(&grid(HARD), Variant::Standard)
                .expect("unique");
            assert_eq!(v.len(), names.len());
        }
        // The table layout: 2 + one block per technique.
        let table = FeatureSpec {
            set: FeatureSet::Table,
            stage: Stage::All,
        };
        assert_eq!(table.len(), 9 * (2 + TABLE.len()));
    }

    #[test]
    fn the_thesis_vector_has_its_261_named_columns() {
        let names = FeatureSpec::default().names();
        assert_eq!(names.len(), 261);
        assert_eq!(names[0], "givens.1");
        assert_eq!(names[9], "candidates.1");
        assert_eq!(names[18], "full-house.1");
        assert_eq!(names[18 + 9], "naked-single.1");
        assert_eq!(names[18 + 2 * 9], "hidden-single.1");
        assert_eq!(names[252], "backtracking.1");
        assert_eq!(names[260], "backtracking.9");
        // The methods of the thesis' CFS list are among them.
        for n in [
            "pointing.2",
            "naked-quad.1",
            "w-wing.1",
            "two-string-kite.1",
            "als-xy-wing.1",
        ] {
            assert!(names.iter().any(|x| x == n), "{n}");
        }
    }

    /// Every row and column permutation that keeps the bands and stacks, a
    /// transposition and a relabelling at once.
    fn scrambled(p: &Grid) -> Grid {
        let rows = [5, 3, 4, 0, 2, 1, 8, 6, 7];
        let cols = [2, 0, 1, 7, 8, 6, 4, 3, 5];
        let digits = [0, 4, 7, 1, 9, 2, 8, 5, 3, 6];
        let src = p.values();
        let mut values = [0u8; 81];
        for r in 0..9 {
            for c in 0..9 {
                // Transposed: the new row r reads old column cols[r].
                values[r * 9 + c] = digits[usize::from(src[rows[c] * 9 + cols[r]])];
            }
        }
        Grid::from_values(values).expect("digits stay digits")
    }

    #[test]
    fn the_thesis_vector_is_invariant_under_isomorphic_transforms() {
        let spec = FeatureSpec::default();
        for s in [EASY, HARD] {
            let p = grid(s);
            let v = spec.extract(&p, Variant::Standard).expect("unique");
            assert_eq!(v.len(), 261);
            for block in v.chunks(9) {
                assert!(block.windows(2).all(|w| w[0] >= w[1]), "{block:?}");
            }
            assert_eq!(v[..9].iter().sum::<f64>(), p.filled() as f64);
            for q in [relabel(&p), scrambled(&p)] {
                assert_eq!(spec.extract(&q, Variant::Standard).expect("unique"), v);
            }
            for t in Transform::dihedral() {
                let q = t.apply(&p);
                assert_eq!(spec.extract(&q, Variant::Standard).expect("unique"), v);
            }
        }
    }

    #[test]
    fn the_thesis_path_places_every_digit_or_backtracks() {
        let spec = FeatureSpec::default();
        // The easy puzzle falls to singles: no other block, no backtracking.
        let v = spec
            .extract(&grid(EASY), Variant::Standard)
            .expect("unique");
        let singles: f64 = v[18..45].iter().sum();
        assert_eq!(singles, 81.0 - 32.0);
        assert!(v[45..].iter().all(|&x| x == 0.0));
        // The hard one needs more than the thesis' methods: backtracking
        // fills the rest, so placements and backtracked cells cover the
        // empty cells exactly.
        let p = grid(HARD);
        let v = spec.extract(&p, Variant::Standard).expect("unique");
        let backtracked: f64 = v[252..].iter().sum();
        assert!(backtracked > 0.0, "{v:?}");
        // Without backtracking (a stage short of all) the block stays empty.
        let staged = FeatureSpec {
            stage: Stage::XyChains,
            ..spec
        };
        let w = staged.extract(&p, Variant::Standard).expect("unique");
        assert!(w[252..].iter().all(|&x| x == 0.0));
        assert_eq!(w[..18], v[..18]);
    }

    #[test]
    fn blocks_are_sorted_and_count_the_path() {
        let p = grid(HARD);
        let spec = FeatureSpec {
            set: FeatureSet::Table,
            stage: Stage::All,
        };
        let v = spec.extract(&p, Variant::Standard).expect("unique");
        for block in v.chunks(9) {
            assert!(block.windows(2).all(|w| w[0] >= w[1]), "{block:?}");
        }
        assert_eq!(v[..9].iter().sum::<f64>(), p.filled() as f64);
        let trace = solve_up_to(&p, Variant::Standard, Stage::All).expect("valid");
        // Every placement and elimination of the path is counted once (writing
        // candidates counts what it wrote).
        let effects: usize = trace
            .steps
            .iter()
            .filter(|s| s.technique != Technique::WriteCandidates)
            .map(|s| s.placements.len() + s.eliminations.len())
            .sum();
        let w = Technique::WriteCandidates as usize;
        let counted: f64 =
            v[18..].iter().sum::<f64>() - v[18 + 9 * w..18 + 9 * w + 9].iter().sum::<f64>();
        assert_eq!(counted, effects as f64);
    }

    #[test]
    fn digit_names_and_turns_do_not_matter() {
        for s in [EASY, HARD] {
            let p = grid(s);
            let spec = FeatureSpec {
                set: FeatureSet::Extended,
                stage: Stage::All,
            };
            let v = spec.extract(&p, Variant::Standard).expect("unique");
            // Relabelling: the sorted thesis blocks are the same.
            let r = spec
                .extract(&relabel(&p), Variant::Standard)
                .expect("unique");
            let thesis = FeatureSpec::default().len();
            assert_eq!(v[..18], r[..18], "givens and candidates");
            // The path may pick other hits among equals, but the givens and
            // initial candidates are invariant under any symmetry.
            for t in Transform::dihedral() {
                let q = spec
                    .extract(&t.apply(&p), Variant::Standard)
                    .expect("unique");
                assert_eq!(v[..18], q[..18]);
            }
            assert!(v.len() > thesis);
        }
    }

    #[test]
    fn the_replica_of_the_policy_is_the_solvers_and_stages_grow() {
        for p in [grid(EASY), grid(HARD)] {
            let options = Options {
                orientation: Orientation::AsGiven,
                ..Options::default()
            };
            let full = solve_logically(&p, Variant::Standard, &options).expect("valid");
            let ours = solve_with(&p, Variant::Standard, |_| true).expect("valid");
            // The same steps; only the solver adds the seed's extra points
            // for scarce direct steps, which no feature reads.
            let effects = |t: &Trace| {
                t.steps
                    .iter()
                    .map(|s| (s.technique, s.placements.clone(), s.eliminations.clone()))
                    .collect::<Vec<_>>()
            };
            assert_eq!(effects(&full), effects(&ours));
            assert_eq!(full.outcome, ours.outcome);
        }
        let basic = solve_up_to(&grid(HARD), Variant::Standard, Stage::Basic).expect("valid");
        assert!(basic.steps.is_empty());
        assert_eq!(basic.outcome, sudoku_logic::Outcome::Stuck);
        let singles = solve_up_to(&grid(EASY), Variant::Standard, Stage::Singles).expect("valid");
        assert!(singles.is_solved());
        let subsets = solve_up_to(&grid(HARD), Variant::Standard, Stage::Subsets).expect("valid");
        assert!(!subsets.is_solved());
        assert!(
            subsets
                .steps
                .iter()
                .all(|s| Stage::Subsets.allows(s.technique))
        );
    }

    #[test]
    fn every_variant_gets_the_same_layout() {
        let p = grid(
            "000490062000000017130005000000000070360700490000000000600000900800000000002300700",
        );
        let spec = FeatureSpec::default();
        for variant in [Variant::Diagonal, Variant::Color, Variant::ColorDiagonal] {
            let v = spec.extract(&p, variant).expect("unique in these variants");
            assert_eq!(v.len(), spec.len());
        }
        assert_eq!(
            spec.extract(&p, Variant::Standard),
            Err(FeatureError::Multiple)
        );
        let clash = grid(&format!("11{}", ".".repeat(79)));
        assert!(matches!(
            spec.extract(&clash, Variant::Standard),
            Err(FeatureError::Invalid(_))
        ));
    }

    #[test]
    fn versions_differ_by_set_and_stage_and_names_parse() {
        let mut seen = std::collections::HashSet::new();
        for set in FeatureSet::ALL {
            for stage in Stage::ALL {
                assert!(seen.insert(FeatureSpec { set, stage }.version()));
                assert_eq!(stage.name().parse(), Ok(stage));
            }
            assert_eq!(set.name().parse(), Ok(set));
        }
        let e = "everything".parse::<Stage>().unwrap_err().to_string();
        assert!(
            e.contains("unknown stage 'everything'") && e.contains("xy-chains"),
            "{e}"
        );
    }
}
