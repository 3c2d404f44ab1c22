//! The neighbourhood of a unique puzzle: the unique puzzles one or two clue
//! changes away, the moves the forum's hardest lists were searched with.
//!
//! A **{-1+1}** neighbour drops one given and adds one clue (in another cell
//! or the same cell with another digit); a **{-2+2}** neighbour drops two and
//! adds two. Hard puzzles cluster: the neighbours of a puzzle rated 11 are
//! rated near 11 far more often than random puzzles are, which is why the
//! forum's lists of the hardest puzzles grew by exploring neighbourhoods.
//!
//! Trying every addition with the exact solver would cost one uniqueness
//! check per cell and digit. Instead the solutions of the puzzle with the
//! givens dropped are enumerated once (up to a cap): a clue that only one of
//! them has makes that one the only solution, and a pair of clues that only
//! one of them has in common does the same. Both clues of a pair must be
//! needed (neither alone is shared by one solution only), or the neighbour
//! would not be minimal. Whether the rest of the neighbour is minimal is left
//! to the caller ([`crate::is_minimal`]), after its cheaper duplicate test.

use crate::Rng;
use rand::seq::SliceRandom;
use sudoku_core::{Grid, Variant};

/// Solutions enumerated for one set of dropped givens at most; a set whose
/// drop leaves more is passed over (its neighbours are few and costly).
const CAP: usize = 3000;

/// The neighbours of one unique standard puzzle, produced lazily: the
/// {-1+1} moves first (each dropped given in a random order), then the
/// {-2+2} moves (each pair of dropped givens in a random order), the
/// neighbours of one drop shuffled.
pub(crate) struct Neighbours {
    values: [u8; 81],
    /// The sets of givens to drop, in the order they are tried.
    drops: Vec<(usize, Option<usize>)>,
    next: usize,
    pending: Vec<[u8; 81]>,
    /// Whether to go on to the {-2+2} moves after the {-1+1} ones.
    pairs: bool,
    paired: bool,
}

impl Neighbours {
    /// The neighbours of `puzzle` (unique; standard Sudoku), in an order drawn
    /// from `rng`. With `pairs` false only the {-1+1} moves are made.
    pub(crate) fn new(puzzle: &Grid, pairs: bool, rng: &mut Rng) -> Neighbours {
        let values = *puzzle.values();
        let mut drops: Vec<(usize, Option<usize>)> = (0..81)
            .filter(|&i| values[i] != 0)
            .map(|i| (i, None))
            .collect();
        drops.shuffle(rng);
        Neighbours {
            values,
            drops,
            next: 0,
            pending: Vec::new(),
            pairs,
            paired: false,
        }
    }

    /// The next neighbour (unique, not necessarily minimal), or `None` when
    /// the neighbourhood is exhausted.
    pub(crate) fn next(&mut self, rng: &mut Rng) -> Option<[u8; 81]> {
        loop {
            if let Some(v) = self.pending.pop() {
                return Some(v);
            }
            if self.next == self.drops.len() {
                if !self.pairs || self.paired {
                    return None;
                }
                self.paired = true;
                let givens: Vec<usize> = (0..81).filter(|&i| self.values[i] != 0).collect();
                let mut pairs: Vec<(usize, Option<usize>)> = givens
                    .iter()
                    .enumerate()
                    .flat_map(|(k, &a)| givens[k + 1..].iter().map(move |&b| (a, Some(b))))
                    .collect();
                pairs.shuffle(rng);
                self.drops = pairs;
                self.next = 0;
                continue;
            }
            let drop = self.drops[self.next];
            self.next += 1;
            self.pending = match drop {
                (a, None) => one_change(&self.values, a),
                (a, Some(b)) => two_changes(&self.values, a, b),
            };
            self.pending.shuffle(rng);
        }
    }

    /// Whether the {-2+2} moves have begun.
    pub(crate) fn in_pairs(&self) -> bool {
        self.paired
    }
}

/// The solutions of `sub`, or `None` beyond [`CAP`].
fn solutions(sub: &[u8; 81]) -> Option<Vec<[u8; 81]>> {
    let grid = Grid::from_values(*sub)?;
    let mut all = Vec::new();
    for s in sudoku_solve::Solutions::new(&grid, Variant::Standard) {
        if all.len() == CAP {
            return None;
        }
        all.push(*s.values());
    }
    Some(all)
}

/// How many of `sols` have digit `d` in cell `c`: `counts[c][d]`.
fn counts<'a>(sols: impl Iterator<Item = &'a [u8; 81]>) -> Vec<[u32; 10]> {
    let mut counts = vec![[0u32; 10]; 81];
    for s in sols {
        for (c, &d) in s.iter().enumerate() {
            counts[c][usize::from(d)] += 1;
        }
    }
    counts
}

/// The {-1+1} neighbours that drop the given in cell `a`.
fn one_change(values: &[u8; 81], a: usize) -> Vec<[u8; 81]> {
    let mut sub = *values;
    sub[a] = 0;
    let Some(sols) = solutions(&sub) else {
        return Vec::new();
    };
    let counts = counts(sols.iter());
    let mut out = Vec::new();
    for c in (0..81).filter(|&c| sub[c] == 0) {
        for d in 1..=9u8 {
            if counts[c][usize::from(d)] == 1 && !(c == a && d == values[a]) {
                let mut v = sub;
                v[c] = d;
                out.push(v);
            }
        }
    }
    out
}

/// The {-2+2} neighbours that drop the givens in cells `a` and `b`: two clues
/// that one solution alone has in common, each shared by several solutions.
/// Pairs that put back one of the dropped givens are {-1+1} neighbours and
/// left out.
fn two_changes(values: &[u8; 81], a: usize, b: usize) -> Vec<[u8; 81]> {
    let mut sub = *values;
    sub[a] = 0;
    sub[b] = 0;
    let Some(sols) = solutions(&sub) else {
        return Vec::new();
    };
    let n = sols.len() as u32;
    let all = counts(sols.iter());
    let original = |c: usize, d: u8| (c == a || c == b) && values[c] == d;
    let empty: Vec<usize> = (0..81).filter(|&c| sub[c] == 0).collect();
    let mut out = Vec::new();
    for (k, &c1) in empty.iter().enumerate() {
        for d1 in 1..=9u8 {
            let shared = all[c1][usize::from(d1)];
            // One solution: a {-2+1} move (fewer clues), not a neighbour;
            // all of them: the clue decides nothing.
            if shared < 2 || shared == n || original(c1, d1) {
                continue;
            }
            let within = counts(sols.iter().filter(|s| s[c1] == d1));
            for &c2 in &empty[k + 1..] {
                for d2 in 1..=9u8 {
                    if within[c2][usize::from(d2)] == 1
                        && all[c2][usize::from(d2)] >= 2
                        && !original(c2, d2)
                    {
                        let mut v = sub;
                        v[c1] = d1;
                        v[c2] = d2;
                        out.push(v);
                    }
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng_for;

    /// A minimal puzzle rated 11.x by Sudoku Explainer (forum-hardest-11plus).
    const HARD: &str =
        "98.7..6..5...8..7...7..4...32.........94...8.....1...2.9...31....68...5.....9...7";

    fn changed(a: &[u8; 81], b: &[u8; 81]) -> (usize, usize) {
        let dropped = (0..81).filter(|&i| a[i] != 0 && a[i] != b[i]).count();
        let added = (0..81).filter(|&i| b[i] != 0 && a[i] != b[i]).count();
        (dropped, added)
    }

    #[test]
    fn every_neighbour_is_unique_and_one_or_two_changes_away() {
        let p: Grid = HARD.parse().expect("puzzle");
        let mut rng = rng_for(1, 0);
        let mut n = Neighbours::new(&p, true, &mut rng);
        let (mut ones, mut twos) = (0, 0);
        while let Some(v) = n.next(&mut rng) {
            let g = Grid::from_values(v).expect("values");
            let (dropped, added) = changed(p.values(), &v);
            assert_eq!(dropped, added);
            match (dropped, n.in_pairs()) {
                (1, false) => ones += 1,
                (2, true) => twos += 1,
                other => panic!("unexpected move {other:?}"),
            }
            if (ones + twos) % 7 == 0 {
                assert_eq!(sudoku_solve::count(&g, Variant::Standard, Some(2)), 1);
            }
            if twos > 300 {
                break;
            }
        }
        assert!(ones > 10 && twos > 300, "{ones} {twos}");
    }
}
