//! The estimate on HoDoKu's scale: its score (the sum of its per-technique
//! scores along its own solving path) and its five levels.
//!
//! HoDoKu tries techniques in a fixed order (singles, locked candidates, pairs
//! and triples, quads, fish, single-digit patterns, wings, chains, and the
//! forcing chains/nets and brute force of its Extreme level), applies one step
//! of the first that works — of a technique's steps the one that deletes the
//! most candidates, chains of any length up to its limits — and starts again
//! from the top. That path is the one walk of every scale
//! ([`sudoku_logic::walk`]) over HoDoKu's order of our finders (the
//! `Hodoku` scale below), naked singles before hidden singles as HoDoKu
//! does, which matters for the score (4 against 14 points per placement), and
//! every step counts. The path depends on how the grid is turned (which single
//! comes first, how ties between equal steps are broken), as HoDoKu's does:
//! the grid is walked as given (HoDoKu's figure for it) unless the caller
//! turns it into its canonical orientation first (`--orientation canonical`).
//! Once the walk needs trial and error (HoDoKu's forcing chains, Extreme
//! whatever follows) the rest goes in rounds with one non-single step counted
//! per round: the score of such a puzzle is an estimate past that point, and
//! rating hard puzzles is 12 % faster.
//!
//! Scores are HoDoKu's defaults (the `hodoku` column of the technique table);
//! where HoDoKu has no such technique: locked candidates between two non-box
//! houses 50 like its locked candidates; naked and hidden subsets of five or
//! more cells (which HoDoKu finds as the complementary smaller subset) 150;
//! the single-digit contradiction chain 260 like an X-chain; trial and error
//! stands for what HoDoKu needs instead: a refutation at depth 1 is a forcing
//! chain (500, Extreme), depth 2 a forcing net (700, Extreme). Nice loops and
//! AICs are real techniques now (5600/5650, 280/300, Unfair); before they were,
//! a short depth-1 refutation stood in for them (280, Unfair).
//!
//! Each technique also has a level (HoDoKu's `DifficultyType`): singles Easy;
//! locked candidates, naked and hidden pairs and triples Medium; fish, quads,
//! XY-, XYZ- and W-wings and single-digit patterns (skyscraper, kite, turbot
//! fish, empty rectangle) Hard; chains (X-chains and loops, XY-chains,
//! contradiction chains), the WXYZ-wing and subsets above four Unfair; trial
//! and error as above. Sue de Coq and the almost-locked-set techniques
//! (ALS-XZ, ALS-XY-wing, ALS-XY-chain) are Unfair at HoDoKu's own index and
//! score; death blossom is left out, as HoDoKu's solver has it switched off.
//! The level of a puzzle is that of its score, raised to the level of its
//! hardest step.
//!
//! Finned and sashimi fish and simple and multi colours have HoDoKu's own
//! numbers, scores and levels (finned/sashimi X-Wing and the colours Hard,
//! the bigger finned fish Unfair). Of the Franken, mutant, Kraken and big
//! (5–7) fish only those HoDoKu switches on by default take part in the walk:
//! the Franken X-Wing and Swordfish and their finned forms (Unfair, 300/350
//! and 390/410 at indices 6100/6200 and 6700/6800).
//!
//! Tuning on `hodoku-levels.txt` (figures in BENCHMARKS.md), each change kept
//! because it raised the accuracy: counting one step per round for
//! non-singles (`from_steps`; 74.8 % → 80.4 %), short trial and error as
//! Unfair (→ 82.1 %), the WXYZ-wing as Unfair — HoDoKu 2.2.4 has no WXYZ-wing
//! and needs a chain for those eliminations (→ 87.3 %), nice loops and AICs
//! (87.0 % → 88.2 % on all 4,000), after which every trial is Extreme again
//! (88.18 % with short trials as Unfair, 88.23 % without). Part 2 of the
//! techniques (uniqueness, finned fish, colours, grouped loops, ALS, Sue de
//! Coq) → 92.1 %. The walk of one step at a time, each step counted (it had
//! been all hits of a round, one counted per round): 93.7 %; taking the step
//! that deletes the most candidates, chains of every length: 96.0 % in the
//! file's own orientation, 95.3 % in canonical form; locked pairs and
//! triples: 95.4 %; nice loops up to 20 links instead of 10: 96.6 %; locked
//! pairs and triples as table rows of their own (`LockedPair`, `LockedTriple`,
//! 1000/1100, 40/60 points, Medium) found as HoDoKu finds them — a naked pair
//! or triple in a box and a line that removes candidates from both houses
//! (one that clears only one house stays a naked subset, at 1300/1400):
//! 96.8 %. The dual 2-string kite and dual empty rectangle, 3D Medusa and
//! templates are left out of the walk: HoDoKu's default configuration has
//! none of them (duals need its "duals and siamese" option; Medusa it lacks;
//! template set/delete are switched off).

use sudoku_core::{Cell, CellSet, Digit, Grid, Variant};
use sudoku_logic::walk::{self, Hit, Scale};
use sudoku_logic::{
    Candidates, Detail, Family, FindMode, HodokuLevel, LogicError, Outcome, Step, TABLE, Technique,
};

/// A puzzle's estimate on HoDoKu's scale.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HodokuEstimate {
    /// The sum of the step scores along HoDoKu's path.
    pub score: u32,
    /// The level: by score, never below the hardest step's.
    pub level: HodokuLevel,
}

/// HoDoKu's order of `t` (its catalogue entry's [`sudoku_logic::Hodoku`]),
/// infinite where HoDoKu's walk leaves it out.
fn rank(t: Technique) -> f64 {
    t.info().hodoku.order.map_or(f64::INFINITY, f64::from)
}

/// HoDoKu's score of one step: its technique's, but trial and error scores
/// by its depth (500 at depth 1, 700 deeper).
pub(crate) fn step_score(step: &Step) -> u32 {
    match &step.detail {
        Detail::Trial(sudoku_logic::TrialAndError { depth, .. }) => match depth {
            1 => 500,
            _ => 700,
        },
        _ => step.technique.info().hodoku.score,
    }
}

/// HoDoKu's level of a step.
pub fn step_level(step: &Step) -> HodokuLevel {
    technique_level(step.technique)
}

/// HoDoKu's level of a technique (its catalogue entry's).
pub fn technique_level(t: Technique) -> HodokuLevel {
    t.info().hodoku.level
}

/// HoDoKu's order as a [`Scale`]: the table's rows it has, cheapest first;
/// of the first row's hits the one first in [`hodoku_order`]. After a trial
/// and error step the pick rule turns to rounds (see the module docs): every
/// hit of the cheapest rows at once, the first non-single one counted.
struct Hodoku {
    /// HoDoKu's rank and the table index of each row, in walking order.
    rows: Vec<(f64, usize)>,
    /// Whether the walk has reached trial and error (rounds from then on).
    rounds: bool,
    found: Vec<Step>,
}

impl Hodoku {
    fn new() -> Hodoku {
        let mut rows: Vec<(f64, usize)> = TABLE
            .iter()
            .enumerate()
            .filter(|(_, info)| info.phase.allows(true))
            .map(|(i, info)| (rank(info.technique), i))
            // HoDoKu's walk leaves out what HoDoKu does not have.
            .filter(|(rank, _)| rank.is_finite())
            .collect();
        rows.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        Hodoku {
            rows,
            rounds: false,
            found: Vec::new(),
        }
    }

    /// Whether HoDoKu knows `step` in this form: its uniqueness test 3 uses
    /// naked subsets of up to four cells with the roof (our finder goes on to
    /// the seed's quasi-7-tuples).
    fn knows(step: &Step) -> bool {
        !matches!(
            step.detail,
            Detail::UniqueRectangle(sudoku_logic::UniqueRectangle { kind: sudoku_logic::RectangleKind::Type3, subset, .. })
                if subset.len() > 3
        )
    }
}

/// What the walk keeps about a HoDoKu step: whether it counts for the score
/// (in rounds only the first non-single step of a round does).
type Counted = bool;

impl Scale for Hodoku {
    type Tag = Counted;

    fn rows(&self) -> usize {
        self.rows.len()
    }

    fn find(&mut self, row: usize, pos: &Candidates, out: &mut Vec<Hit<Counted>>) {
        let (rank, i) = self.rows[row];
        let info = &TABLE[i];
        // One step at a time: the first single, chains of every length. In
        // rounds: every hit.
        let mode = if info.technique == Technique::TrialAndError || self.rounds {
            FindMode::All
        } else if info.family == Family::Single {
            FindMode::First
        } else {
            FindMode::AllLengths
        };
        self.found.clear();
        info.find(pos, &mut self.found, mode);
        out.extend(self.found.drain(..).filter(Self::knows).map(|step| Hit {
            step,
            price: rank,
            tag: true,
        }));
    }

    fn pick(
        &mut self,
        pos: &Candidates,
        hits: &mut Vec<Hit<Counted>>,
        next: Option<usize>,
    ) -> Option<Vec<Hit<Counted>>> {
        if !self.rounds {
            // Only this row found anything.
            let best = hits
                .iter()
                .enumerate()
                .min_by_key(|(_, h)| hodoku_order(&h.step, pos))
                .map(|(i, _)| i)?;
            let hit = hits.swap_remove(best);
            // HoDoKu needed a forcing chain: the level is Extreme whatever
            // follows, and walking the rest one step at a time (every finder
            // again after each step) was a third of the time of rating hard
            // puzzles. The rest goes in rounds, one non-single step counted
            // per round.
            self.rounds = hit.step.technique == Technique::TrialAndError;
            return Some(vec![hit]);
        }
        let best = hits.iter().map(|h| h.price).fold(f64::INFINITY, f64::min);
        if next.is_some_and(|n| self.rows[n].0 <= best + 1e-9) {
            return None;
        }
        let mut placed = CellSet::EMPTY;
        let mut counted = false;
        let mut round = Vec::new();
        for mut hit in hits.drain(..).filter(|h| h.price <= best + 1e-9) {
            let step = &hit.step;
            if !step.placements.is_empty()
                && step.placements.iter().all(|p| placed.contains(p.cell))
            {
                continue;
            }
            for p in &step.placements {
                placed.insert(p.cell);
            }
            let single = step.technique.info().family == Family::Single;
            hit.tag = single || !counted;
            counted |= !single;
            round.push(hit);
        }
        Some(round)
    }
}

/// At most this many steps (a guard; real paths have well under 1,000).
const MAX_STEPS: usize = 10_000;

/// HoDoKu's order of the steps of one technique (its steps' natural order):
/// the most deleted candidates first, then the lower sum of `10 × cell + digit`
/// over them, then the shorter chain. A placement deletes the cell's other
/// candidates, as HoDoKu writes a chain that sets a digit.
pub(crate) fn hodoku_order(s: &Step, pos: &Candidates) -> (i64, i64, usize) {
    let key = |cell: Cell, digit: Digit| 10 * cell.index() as i64 + i64::from(digit.get());
    let mut deleted = s.eliminations.len() as i64;
    let mut sum: i64 = s.eliminations.iter().map(|e| key(e.cell, e.digit)).sum();
    for p in &s.placements {
        for d in pos.candidates(p.cell).iter().filter(|&d| d != p.digit) {
            deleted += 1;
            sum += key(p.cell, d);
        }
    }
    (-deleted, sum, s.links.len())
}

/// The score and level of a path: the sum of its steps' scores, and the level
/// of that score raised to the level of the hardest step.
pub(crate) fn from_steps<'a>(steps: impl IntoIterator<Item = &'a Step>) -> HodokuEstimate {
    let mut score = 0u32;
    let mut hardest = HodokuLevel::Easy;
    for s in steps {
        hardest = hardest.max(step_level(s));
        score = score.saturating_add(step_score(s));
    }
    HodokuEstimate {
        score,
        level: HodokuLevel::from_score(score).max(hardest),
    }
}

/// Walks HoDoKu's path and scores it. `None` when it does not solve the
/// puzzle. The uniqueness techniques run only when the exact solver finds
/// one solution.
pub fn estimate(puzzle: &Grid, variant: Variant) -> Result<Option<HodokuEstimate>, LogicError> {
    crate::with_uniqueness(puzzle, variant, estimate_with)
}

/// [`estimate`] for a puzzle whose uniqueness is known (`unique`: it has one
/// solution).
pub(crate) fn estimate_with(
    puzzle: &Grid,
    variant: Variant,
    unique: bool,
) -> Result<Option<HodokuEstimate>, LogicError> {
    Ok(path_with(puzzle, variant, unique)?.map(|steps| from_steps(&steps)))
}

/// HoDoKu's path of `puzzle` as given; `None` when it does not solve the
/// puzzle. The path depends on how the grid is turned and labelled (which
/// single comes first, how ties between equal steps are broken), as HoDoKu's
/// does: [`crate::rate`] hands it the grid as given by default (HoDoKu's
/// figure for that grid) or its canonical orientation (the same figure for
/// every isomorph).
pub(crate) fn path_with(
    puzzle: &Grid,
    variant: Variant,
    unique: bool,
) -> Result<Option<Vec<Step>>, LogicError> {
    let (walked, _) = walk::walk_written(&mut Hodoku::new(), puzzle, variant, unique, MAX_STEPS)?;
    Ok((walked.outcome == Outcome::Solved).then(|| {
        walked
            .hits
            .into_iter()
            .filter(|h| h.tag)
            .map(|h| h.step)
            .collect()
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_logic::Elimination;

    fn elims(list: &[(usize, u8)]) -> Step {
        let mut s = Step::new(Technique::XyChain, 7.0);
        for &(c, d) in list {
            s.eliminations.push(Elimination {
                cell: Cell::new(c).expect("cell"),
                digit: Digit::new(d).expect("digit"),
            });
        }
        s
    }

    #[test]
    fn hodoku_order_takes_most_deletions_then_lowest_index_sum() {
        let pos = Candidates::new(&Grid::EMPTY, Variant::Standard).expect("empty grid");
        let one = elims(&[(3, 1)]);
        let two_late = elims(&[(70, 5), (80, 5)]);
        let two_early = elims(&[(10, 5), (20, 5)]);
        let mut hits = [&one, &two_late, &two_early];
        hits.sort_by_key(|s| hodoku_order(s, &pos));
        assert_eq!(hits, [&two_early, &two_late, &one]);
    }

    /// Every step of HoDoKu's walk — chains of every length, locked subsets,
    /// forcing chains — agrees with the solution, on every 20th puzzle of
    /// `hodoku-levels.txt` (all five levels) and the top1465 sample.
    #[test]
    fn every_step_of_the_walk_is_sound() {
        let data = |name: &str| {
            let path = format!("{}/../../../shared/data/{name}", env!("CARGO_MANIFEST_DIR"));
            std::fs::read_to_string(path).expect("shared data set")
        };
        let levels = data("hodoku-levels.txt");
        let top = data("top1465.txt");
        let puzzles = levels
            .lines()
            .filter(|l| l.starts_with(|c: char| c.is_ascii_digit() || c == '.'))
            .step_by(20)
            .chain(top.lines().step_by(100));
        let mut steps_seen = 0;
        for line in puzzles {
            let grid: Grid = line[..81].parse().expect("valid puzzle");
            let solution = sudoku_solve::solve(&grid, Variant::Standard).expect("solvable");
            let steps = path_with(&grid, Variant::Standard, true)
                .expect("valid")
                .expect("solved");
            for s in &steps {
                steps_seen += 1;
                for e in &s.eliminations {
                    assert_ne!(solution.get(e.cell), Some(e.digit), "{line}: {s:?}");
                }
                for p in &s.placements {
                    assert_eq!(solution.get(p.cell), Some(p.digit), "{line}: {s:?}");
                }
            }
        }
        assert!(steps_seen > 10_000, "{steps_seen} steps");
    }

    /// The HoDoKu paths of the Medium puzzles of `hodoku-levels.txt` take
    /// locked pairs and triples: one box and one line, sound eliminations of
    /// the subset's digits from cells seeing the whole subset, both houses
    /// merged into one step at HoDoKu's score.
    #[test]
    fn locked_subsets_are_sound_and_merge_both_houses() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../shared/data/hodoku-levels.txt"
        );
        let text = std::fs::read_to_string(path).expect("shared data set");
        let puzzles = text
            .lines()
            .skip_while(|l| l.trim() != "Medium")
            .skip(1)
            .take(150);
        let (mut locked, mut both) = (0, 0);
        for line in puzzles {
            let grid: Grid = line.trim().parse().expect("valid puzzle");
            let solution = sudoku_solve::solve(&grid, Variant::Standard).expect("solvable");
            let steps = path_with(&grid, Variant::Standard, true)
                .expect("valid")
                .expect("solved");
            for s in steps
                .iter()
                .filter(|s| matches!(s.technique, Technique::LockedPair | Technique::LockedTriple))
            {
                locked += 1;
                assert_eq!(step_score(s), if s.cells.len() == 2 { 40 } else { 60 });
                let digits: Vec<_> = s.cells.iter().map(|c| solution.get(c)).collect();
                let mut houses = 0u8;
                for e in &s.eliminations {
                    assert_ne!(solution.get(e.cell), Some(e.digit), "{line}");
                    assert!(digits.contains(&Some(e.digit)), "{line}");
                    assert!(
                        s.cells
                            .iter()
                            .all(|c| Variant::Standard.peers(c).contains(e.cell))
                    );
                    let first = s.cells.iter().next().expect("cells");
                    houses |= if e.cell.boxx() == first.boxx() { 1 } else { 2 };
                }
                both += usize::from(houses == 3);
            }
        }
        assert!(locked > 0, "no locked subset on the sample");
        assert_eq!(both, locked, "every locked subset clears both houses");
    }

    #[test]
    fn level_is_never_below_the_hardest_step() {
        let single = Step::new(Technique::HiddenSingle, 1.0);
        let wing = Step::new(Technique::XyWing, 6.0);
        let e = from_steps([&single, &single, &wing]);
        assert_eq!(e.score, 14 + 14 + 160);
        assert_eq!(e.level, HodokuLevel::Hard);
        let many: Vec<Step> = vec![single.clone(); 60];
        let e = from_steps(&many);
        assert_eq!(e.score, 840);
        assert_eq!(e.level, HodokuLevel::Medium);
    }

    #[test]
    fn singles_come_before_eliminations_and_chains_after_wings() {
        assert!(rank(Technique::NakedSingle) < rank(Technique::HiddenSingle));
        assert!(rank(Technique::HiddenSingle) < rank(Technique::Pointing));
        assert!(rank(Technique::XyzWing) < rank(Technique::XChain));
        assert!(rank(Technique::XyChain) < rank(Technique::TrialAndError));
        assert!(rank(Technique::XyChain) < rank(Technique::NiceLoop));
        assert!(rank(Technique::NiceLoop) < rank(Technique::GroupedNiceLoop));
        assert!(rank(Technique::GroupedNiceLoop) < rank(Technique::TrialAndError));
        assert!(rank(Technique::SueDeCoq) < rank(Technique::AlsXz));
        assert!(rank(Technique::AlsXz) < rank(Technique::AlsXyWing));
        assert!(rank(Technique::AlsXyWing) < rank(Technique::AlsXyChain));
        assert!(rank(Technique::AlsXyChain) < rank(Technique::TrialAndError));
        assert!(rank(Technique::DeathBlossom).is_infinite());
        assert_eq!(technique_level(Technique::AlsXz), HodokuLevel::Unfair);
    }

    /// Only the fish HoDoKu switches on by default take part in its walk,
    /// scored by the table's HoDoKu column.
    #[test]
    fn hodokus_default_fish_only() {
        use Technique as T;
        let on = [
            (T::FrankenXWing, 300),
            (T::FrankenSwordfish, 350),
            (T::FinnedFrankenXWing, 390),
            (T::FinnedFrankenSwordfish, 410),
        ];
        for (t, score) in on {
            assert!(rank(T::AlsXyChain) < rank(t) && rank(t) < rank(T::TrialAndError));
            assert_eq!(t.info().hodoku.score, score);
            assert_eq!(technique_level(t), HodokuLevel::Unfair);
        }
        // The basic, finned and sashimi fish up to size 4 take part too; every
        // other fish (Franken Jellyfish, mutant, 5–7 and Kraken fish) is
        // switched off in HoDoKu's default configuration.
        for t in Technique::all().filter(|t| t.info().family == sudoku_logic::Family::Fish) {
            let basic = t.name().ends_with("x-wing")
                || t.name().ends_with("swordfish")
                || t.name().ends_with("jellyfish");
            let on_walk = on.iter().any(|(u, _)| *u == t)
                || (basic && !t.name().contains("franken") && !t.name().contains("mutant"));
            assert_eq!(rank(t).is_finite(), on_walk, "{t}");
        }
        assert_eq!(technique_level(T::KrakenFish), HodokuLevel::Extreme);
        assert_eq!(technique_level(T::MutantXWing), HodokuLevel::Extreme);
    }
}
