//! Choosing C4.5's C (pruning confidence) and M (minimum leaf size) by
//! cross-validation over a grid, as the thesis' §5.1 did (it found C 0.1,
//! M 30 on its data).
//!
//! Every pair of the grid is scored by the same stratified k-fold
//! cross-validation ([`stratified_folds`] with the seed, so each pair sees the
//! same folds and the accuracies compare). The grown tree of a fold does not
//! depend on C, only its pruning does, so a fold's tree is grown once per M
//! and pruned once per C: the grid costs one growth per (fold, M). The
//! (fold, M) tasks run in parallel and only whole counts are added up, so
//! the table is the same for any number of threads.

use crate::data::Dataset;
use crate::eval::{FoldError, stratified_folds};
use crate::tree::{C45Params, Tree};
use rayon::prelude::*;
use serde::Serialize;

/// The accuracy of every (C, M) pair of a grid.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Tuning {
    /// The confidences, in the order given (rows of the table).
    pub confidences: Vec<f64>,
    /// The minimum leaf sizes, in the order given (columns of the table).
    pub min_leaves: Vec<usize>,
    /// Rows classified right, `correct[c][m]`.
    pub correct: Vec<Vec<u64>>,
    /// All rows (each is tested once per pair).
    pub rows: u64,
    /// The number of folds.
    pub folds: usize,
    /// The seed of the folds.
    pub seed: u64,
}

impl Tuning {
    /// The accuracy of pair (`c`, `m`) (indices into the grid).
    pub fn accuracy(&self, c: usize, m: usize) -> f64 {
        if self.rows == 0 {
            0.0
        } else {
            self.correct[c][m] as f64 / self.rows as f64
        }
    }

    /// The best pair as indices (`c`, `m`): the most rows right; among equals
    /// the larger M and then the smaller C, the smaller tree (both prune
    /// more).
    pub fn best(&self) -> (usize, usize) {
        let mut best = (0, 0);
        for c in 0..self.confidences.len() {
            for m in 0..self.min_leaves.len() {
                let (bc, bm) = best;
                let (here, there) = (self.correct[c][m], self.correct[bc][bm]);
                let simpler = self.min_leaves[m] > self.min_leaves[bm]
                    || (self.min_leaves[m] == self.min_leaves[bm]
                        && self.confidences[c] < self.confidences[bc]);
                if here > there || (here == there && simpler) {
                    best = (c, m);
                }
            }
        }
        best
    }

    /// The best pair's parameters.
    pub fn best_params(&self) -> C45Params {
        let (c, m) = self.best();
        C45Params {
            confidence: self.confidences[c],
            min_leaf: self.min_leaves[m],
        }
    }
}

/// Scores every pair of `confidences` × `min_leaves` by `folds`-fold
/// stratified cross-validation seeded `seed` (the same folds as
/// [`cross_validate`](crate::cross_validate) with that seed). An empty grid
/// axis gives an empty table.
pub fn tune_c45(
    data: &Dataset,
    folds: usize,
    seed: u64,
    confidences: &[f64],
    min_leaves: &[usize],
) -> Result<Tuning, FoldError> {
    if folds < 2 || folds > data.len() {
        return Err(FoldError {
            rows: data.len(),
            folds,
        });
    }
    let classes = data.classes.len();
    let fold = stratified_folds(&data.labels, classes, folds, seed);
    let tasks: Vec<(usize, usize)> = (0..folds)
        .flat_map(|f| (0..min_leaves.len()).map(move |m| (f, m)))
        .collect();
    // Per task: rows right for every C, in grid order.
    let results: Vec<(usize, Vec<u64>)> = tasks
        .par_iter()
        .map(|&(f, m)| {
            let train_idx: Vec<usize> = (0..data.len()).filter(|&i| fold[i] != f).collect();
            let train = data.subset(&train_idx);
            let grown = Tree::c45_unpruned(&train.rows, &train.labels, classes, min_leaves[m]);
            let right = confidences
                .iter()
                .map(|&c| {
                    let tree = grown.pruned(c);
                    (0..data.len())
                        .filter(|&i| fold[i] == f && tree.predict(&data.rows[i]) == data.labels[i])
                        .count() as u64
                })
                .collect();
            (m, right)
        })
        .collect();
    let mut correct = vec![vec![0u64; min_leaves.len()]; confidences.len()];
    for (m, right) in results {
        for (c, r) in right.into_iter().enumerate() {
            correct[c][m] += r;
        }
    }
    Ok(Tuning {
        confidences: confidences.to_vec(),
        min_leaves: min_leaves.to_vec(),
        correct,
        rows: data.len() as u64,
        folds,
        seed,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Model, ModelKind, TrainParams};
    use crate::rng::Rng;
    use sudoku_rate::FeatureSpec;

    /// The class is `a > 50`, flipped where `b ≥ 90`: a small M can split
    /// off that tenth of each side, M = 40 cannot.
    fn stripes() -> Dataset {
        let mut rng = Rng::new(11);
        let mut rows = Vec::new();
        let mut labels = Vec::new();
        for _ in 0..400 {
            let (a, b) = (rng.below(100), rng.below(100));
            rows.push(vec![a as f64, b as f64]);
            labels.push(usize::from((a > 50) != (b >= 90)));
        }
        Dataset {
            names: vec!["a".into(), "b".into()],
            classes: vec!["a".into(), "b".into()],
            lines: (1..=rows.len()).collect(),
            rows,
            labels,
        }
    }

    #[test]
    fn the_clearly_better_setting_wins_and_the_table_is_cross_validation() {
        let data = stripes();
        let cs = [0.1, 0.25];
        let ms = [2, 40];
        let t = tune_c45(&data, 5, 3, &cs, &ms).expect("folds fit");
        assert_eq!(t.rows, 400);
        let (c, m) = t.best();
        assert_eq!(ms[m], 2, "{t:?}");
        assert!(t.accuracy(c, m) > 0.97, "{t:?}");
        assert!(t.accuracy(0, 1) < 0.93, "{t:?}");
        // Each cell is what cross-validating that pair gives.
        for (ci, &confidence) in cs.iter().enumerate() {
            for (mi, &min_leaf) in ms.iter().enumerate() {
                let params = TrainParams {
                    kind: ModelKind::C45,
                    c45: C45Params {
                        confidence,
                        min_leaf,
                    },
                    ..TrainParams::default()
                };
                let spec = FeatureSpec::default();
                let confusion =
                    crate::cross_validate(&data, 5, 3, |d| Model::train(d, &spec, None, &params))
                        .expect("folds fit");
                assert_eq!(
                    t.accuracy(ci, mi),
                    confusion.accuracy(),
                    "C {confidence} M {min_leaf}"
                );
            }
        }
    }

    #[test]
    fn ties_go_to_the_smaller_tree_and_bad_folds_are_refused() {
        let t = Tuning {
            confidences: vec![0.1, 0.25],
            min_leaves: vec![2, 30],
            correct: vec![vec![9, 9], vec![9, 9]],
            rows: 10,
            folds: 2,
            seed: 1,
        };
        assert_eq!(t.best(), (0, 1));
        assert_eq!(
            t.best_params(),
            C45Params {
                confidence: 0.1,
                min_leaf: 30
            }
        );
        assert!(tune_c45(&stripes(), 1, 1, &[0.25], &[2]).is_err());
    }
}
