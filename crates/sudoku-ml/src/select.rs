//! Ranking features by how often C4.5 uses them (the thesis' §5.4): many
//! trees are trained on random stratified subsamples of the data and every
//! split node counts for its feature. Features that carry information about
//! the classes appear in many trees.

use crate::data::Dataset;
use crate::rng::Rng;
use crate::tree::{C45Params, Tree};
use rayon::prelude::*;
use serde::Serialize;

/// One feature's count.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FeatureRank {
    /// Its column.
    pub index: usize,
    /// Its name.
    pub name: String,
    /// Split nodes on it, over all runs.
    pub count: u64,
    /// In how many of the runs' trees it appears at all.
    pub trees: u64,
}

/// Trains `runs` C4.5 trees, each on `fraction` of every class drawn without
/// repeats (seeded per run), and ranks the features by split count (then by
/// number of trees, then by column). Features never used are left out.
pub fn rank_features(
    data: &Dataset,
    runs: usize,
    fraction: f64,
    seed: u64,
    params: &C45Params,
) -> Vec<FeatureRank> {
    let by_class: Vec<Vec<usize>> = (0..data.classes.len())
        .map(|c| (0..data.len()).filter(|&i| data.labels[i] == c).collect())
        .collect();
    let fraction = fraction.clamp(0.0, 1.0);
    let per_run: Vec<Vec<u64>> = (0..runs)
        .into_par_iter()
        .map(|run| {
            let mut rng = Rng::derive(seed, run as u64);
            let mut sample = Vec::new();
            for members in &by_class {
                let mut m = members.clone();
                rng.shuffle(&mut m);
                let take = ((m.len() as f64 * fraction).round() as usize).clamp(1, m.len().max(1));
                sample.extend(m.into_iter().take(take));
            }
            sample.sort_unstable();
            let sub = data.subset(&sample);
            let tree = Tree::c45(&sub.rows, &sub.labels, data.classes.len(), params);
            let mut counts = vec![0u64; data.names.len()];
            tree.visit_splits(|f| counts[f] += 1);
            counts
        })
        .collect();
    let mut ranks: Vec<FeatureRank> = data
        .names
        .iter()
        .enumerate()
        .map(|(index, name)| FeatureRank {
            index,
            name: name.clone(),
            count: per_run.iter().map(|c| c[index]).sum(),
            trees: per_run.iter().filter(|c| c[index] > 0).count() as u64,
        })
        .filter(|r| r.count > 0)
        .collect();
    ranks.sort_by(|a, b| {
        b.count
            .cmp(&a.count)
            .then(b.trees.cmp(&a.trees))
            .then(a.index.cmp(&b.index))
    });
    ranks
}
