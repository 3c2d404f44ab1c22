//! A random forest of our own randomised trees: each tree is grown on a
//! bootstrap sample (drawn with repeats, as many rows as the training set) and
//! tries a random subset of the features at each node; the forest averages the
//! class distributions of the leaves the row reaches.
//!
//! Tree `i` draws from its own generator derived from (seed, i), and trees are
//! grown in parallel but collected in order, so the forest is the same for a
//! seed whatever the number of threads.

use crate::rng::Rng;
use crate::tree::Tree;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

/// The forest's parameters.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct ForestParams {
    /// Number of trees.
    pub trees: usize,
    /// Features tried per node; 0 means the square root of their number.
    pub features_per_node: usize,
    /// Minimum rows per leaf.
    pub min_leaf: usize,
    /// Seed of the bootstrap samples and feature choices.
    pub seed: u64,
}

impl Default for ForestParams {
    fn default() -> ForestParams {
        ForestParams {
            trees: 100,
            features_per_node: 0,
            min_leaf: 1,
            seed: 1,
        }
    }
}

/// A trained forest.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Forest {
    /// The trees.
    pub trees: Vec<Tree>,
    /// The number of classes.
    pub classes: usize,
}

impl Forest {
    /// Trains a forest on `rows` with classes `labels` (each below `classes`).
    pub fn train(
        rows: &[Vec<f64>],
        labels: &[usize],
        classes: usize,
        params: &ForestParams,
    ) -> Forest {
        let features = rows.first().map_or(0, Vec::len);
        let per_node = match params.features_per_node {
            0 => ((features as f64).sqrt().round() as usize).max(1),
            k => k.min(features.max(1)),
        };
        let n = rows.len();
        let trees = (0..params.trees.max(1))
            .into_par_iter()
            .map(|t| {
                let mut rng = Rng::derive(params.seed, t as u64);
                let mut sample: Vec<usize> = (0..n).map(|_| rng.below(n)).collect();
                Tree::random(
                    rows,
                    labels,
                    classes,
                    &mut sample,
                    per_node,
                    params.min_leaf,
                    rng,
                )
            })
            .collect();
        Forest { trees, classes }
    }

    /// The averaged class distribution of `row`.
    pub fn distribution(&self, row: &[f64]) -> Vec<f64> {
        let mut sum = vec![0.0; self.classes];
        for t in &self.trees {
            for (s, p) in sum.iter_mut().zip(t.distribution(row)) {
                *s += p;
            }
        }
        let n = self.trees.len().max(1) as f64;
        sum.iter_mut().for_each(|s| *s /= n);
        sum
    }

    /// The most probable class of `row` (the first on ties).
    pub fn predict(&self, row: &[f64]) -> usize {
        let d = self.distribution(row);
        let mut best = 0;
        for (i, &p) in d.iter().enumerate() {
            if p > d[best] {
                best = i;
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn separable_classes_and_determinism() {
        let mut rng = Rng::new(9);
        let mut rows = Vec::new();
        let mut labels = Vec::new();
        for _ in 0..300 {
            let a = rng.below(100) as f64;
            let b = rng.below(100) as f64;
            rows.push(vec![a, b, rng.below(3) as f64]);
            labels.push(usize::from(a + b > 100.0));
        }
        let params = ForestParams {
            trees: 20,
            ..ForestParams::default()
        };
        let f = Forest::train(&rows, &labels, 2, &params);
        let right = rows
            .iter()
            .zip(&labels)
            .filter(|(r, l)| f.predict(r) == **l)
            .count();
        assert!(right >= 290, "{right}");
        assert_eq!(f, Forest::train(&rows, &labels, 2, &params));
        let other = Forest::train(&rows, &labels, 2, &ForestParams { seed: 2, ..params });
        assert_ne!(f, other);
    }
}
