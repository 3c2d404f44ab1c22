//! Decision trees on numeric features: C4.5 as the thesis used it (Weka's J48)
//! and the unpruned randomised trees of the forest, grown by one routine.
//!
//! **C4.5** ([`C45Params`]): at each node every feature is tried; for a
//! feature the threshold `x ≤ t` (t a training value) with the best
//! information gain is taken, the gain is reduced by `log2(split points)/n`
//! (Quinlan's correction for numeric features, as J48 does), and among the
//! features whose gain is at least the average gain the one with the best gain
//! ratio wins. A split needs at least `M` rows in each branch, and at larger
//! nodes at least min(25, 10 % of the node's rows per class) as in C4.5. A
//! node with fewer than 2·M rows, or of one class, is a leaf. The grown tree is
//! first collapsed (subtrees that do not classify the training rows better
//! than a leaf) and then pruned bottom-up: a subtree becomes a leaf when the
//! leaf's pessimistic error — the upper limit of the binomial confidence
//! interval at confidence C (Weka's `Stats.addErrs`) — is at most the sum of
//! its branches' plus 0.1. J48's subtree raising is not done: trees may keep
//! a branch that raising would have merged, which only matters with small M.
//!
//! **Random trees** (for the forest): information gain without correction,
//! at each node a random subset of the features (features that are constant
//! at the node are skipped and not counted), leaves at one row or one class,
//! no pruning.

use crate::rng::Rng;
use serde::{Deserialize, Serialize};

/// Nodes deeper than this become leaves: a model file nests two JSON levels per
/// tree level, and JSON readers (serde_json among them) refuse more than 128.
pub const MAX_DEPTH: usize = 50;

/// C4.5's parameters (the thesis found C = 0.1, M = 30 best).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct C45Params {
    /// Confidence for pruning, in (0, 0.5]; smaller prunes more.
    pub confidence: f64,
    /// Minimum number of rows in each branch of a split.
    pub min_leaf: usize,
}

impl Default for C45Params {
    fn default() -> C45Params {
        C45Params {
            confidence: 0.1,
            min_leaf: 30,
        }
    }
}

/// A node of a tree.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Node {
    /// A leaf with the training rows per class that reached it.
    Leaf {
        /// Rows per class.
        counts: Vec<u32>,
    },
    /// `feature ≤ threshold` goes left, else right.
    Split {
        /// The column.
        feature: usize,
        /// The threshold.
        threshold: f64,
        /// Training rows per class at this node.
        counts: Vec<u32>,
        /// The branch for `≤`.
        left: Box<Node>,
        /// The branch for `>`.
        right: Box<Node>,
    },
}

impl Node {
    fn counts(&self) -> &[u32] {
        match self {
            Node::Leaf { counts } | Node::Split { counts, .. } => counts,
        }
    }

    /// The leaf `row` reaches.
    fn leaf(&self, row: &[f64]) -> &[u32] {
        let mut node = self;
        loop {
            match node {
                Node::Leaf { counts } => return counts,
                Node::Split {
                    feature,
                    threshold,
                    left,
                    right,
                    ..
                } => {
                    node = if row[*feature] <= *threshold {
                        left
                    } else {
                        right
                    };
                }
            }
        }
    }

    fn visit_splits(&self, f: &mut impl FnMut(usize)) {
        if let Node::Split {
            feature,
            left,
            right,
            ..
        } = self
        {
            f(*feature);
            left.visit_splits(f);
            right.visit_splits(f);
        }
    }

    fn size(&self) -> (usize, usize) {
        match self {
            Node::Leaf { .. } => (1, 1),
            Node::Split { left, right, .. } => {
                let (a, b) = left.size();
                let (c, d) = right.size();
                (a + c + 1, b + d)
            }
        }
    }
}

/// A trained tree.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tree {
    /// The root.
    pub root: Node,
}

impl Tree {
    /// Grows and prunes a C4.5 tree on `rows` with classes `labels` (each
    /// below `classes`).
    pub fn c45(rows: &[Vec<f64>], labels: &[usize], classes: usize, params: &C45Params) -> Tree {
        Tree::c45_unpruned(rows, labels, classes, params.min_leaf).pruned(params.confidence)
    }

    /// The C4.5 tree before pruning (grown with minimum leaf size `min_leaf`
    /// and collapsed): it does not depend on the confidence, so a grid search
    /// grows it once per M and prunes it once per C.
    pub(crate) fn c45_unpruned(
        rows: &[Vec<f64>],
        labels: &[usize],
        classes: usize,
        min_leaf: usize,
    ) -> Tree {
        let mut g = Grower {
            rows,
            labels,
            classes,
            min_leaf: min_leaf.max(1),
            c45: true,
            per_node: None,
            rng: Rng::new(0),
        };
        let mut idx: Vec<usize> = (0..rows.len()).collect();
        let mut root = g.grow(&mut idx, 0);
        collapse(&mut root);
        Tree { root }
    }

    /// This tree pruned with confidence `confidence` (C4.5's pessimistic
    /// subtree replacement).
    pub(crate) fn pruned(&self, confidence: f64) -> Tree {
        let mut root = self.root.clone();
        prune(&mut root, confidence);
        Tree { root }
    }

    /// Grows an unpruned random tree on the rows `sample` (with repeats), trying
    /// `per_node` features at each node.
    pub(crate) fn random(
        rows: &[Vec<f64>],
        labels: &[usize],
        classes: usize,
        sample: &mut Vec<usize>,
        per_node: usize,
        min_leaf: usize,
        rng: Rng,
    ) -> Tree {
        let mut g = Grower {
            rows,
            labels,
            classes,
            min_leaf: min_leaf.max(1),
            c45: false,
            per_node: Some(per_node.max(1)),
            rng,
        };
        Tree {
            root: g.grow(sample, 0),
        }
    }

    /// The class of `row`: the largest count of its leaf (the first on ties).
    pub fn predict(&self, row: &[f64]) -> usize {
        argmax(self.root.leaf(row))
    }

    /// The class distribution of `row`'s leaf (fractions summing to 1).
    pub fn distribution(&self, row: &[f64]) -> Vec<f64> {
        let counts = self.root.leaf(row);
        let n: u32 = counts.iter().sum();
        counts
            .iter()
            .map(|&c| {
                if n == 0 {
                    0.0
                } else {
                    f64::from(c) / f64::from(n)
                }
            })
            .collect()
    }

    /// Calls `f` with the feature of every split node.
    pub fn visit_splits(&self, mut f: impl FnMut(usize)) {
        self.root.visit_splits(&mut f);
    }

    /// The number of nodes and of leaves.
    pub fn size(&self) -> (usize, usize) {
        self.root.size()
    }
}

pub(crate) fn argmax(values: &[u32]) -> usize {
    let mut best = 0;
    for (i, &v) in values.iter().enumerate() {
        if v > values[best] {
            best = i;
        }
    }
    best
}

/// Σ c·log2 c over the counts.
fn nlogn(counts: &[u32]) -> f64 {
    counts
        .iter()
        .filter(|&&c| c > 0)
        .map(|&c| f64::from(c) * f64::from(c).log2())
        .sum()
}

/// Entropy × n of a distribution with total `n`.
fn info(counts: &[u32], n: f64) -> f64 {
    if n <= 0.0 {
        0.0
    } else {
        n * n.log2() - nlogn(counts)
    }
}

struct Candidate {
    feature: usize,
    threshold: f64,
    gain: f64,
    ratio: f64,
}

struct Grower<'a> {
    rows: &'a [Vec<f64>],
    labels: &'a [usize],
    classes: usize,
    min_leaf: usize,
    c45: bool,
    per_node: Option<usize>,
    rng: Rng,
}

impl Grower<'_> {
    fn counts(&self, idx: &[usize]) -> Vec<u32> {
        let mut counts = vec![0u32; self.classes];
        for &i in idx {
            counts[self.labels[i]] += 1;
        }
        counts
    }

    fn grow(&mut self, idx: &mut Vec<usize>, depth: usize) -> Node {
        let counts = self.counts(idx);
        let n = idx.len();
        let pure = counts.iter().filter(|&&c| c > 0).count() <= 1;
        if pure || n < 2 * self.min_leaf || depth >= MAX_DEPTH {
            return Node::Leaf { counts };
        }
        let Some(best) = self.best_split(idx, &counts) else {
            return Node::Leaf { counts };
        };
        let (mut left, mut right): (Vec<usize>, Vec<usize>) = idx
            .iter()
            .partition(|&&i| self.rows[i][best.feature] <= best.threshold);
        idx.clear();
        idx.shrink_to_fit();
        let l = self.grow(&mut left, depth + 1);
        let r = self.grow(&mut right, depth + 1);
        Node::Split {
            feature: best.feature,
            threshold: best.threshold,
            counts,
            left: Box::new(l),
            right: Box::new(r),
        }
    }

    fn best_split(&mut self, idx: &[usize], counts: &[u32]) -> Option<Candidate> {
        let n = idx.len();
        let min_split = if self.c45 {
            let c45 = (0.1 * n as f64 / self.classes as f64).clamp(1.0, 25.0) as usize;
            self.min_leaf.max(c45)
        } else {
            self.min_leaf
        };
        let total_info = info(counts, n as f64);
        let features = self.rows[0].len();
        let mut order: Vec<usize> = (0..features).collect();
        if self.per_node.is_some() {
            self.rng.shuffle(&mut order);
        }
        let mut pairs: Vec<(f64, usize)> = Vec::with_capacity(n);
        let mut found: Vec<Candidate> = Vec::new();
        let mut tried = 0;
        for f in order {
            if self.per_node.is_some_and(|k| tried >= k) {
                break;
            }
            let first = self.rows[idx[0]][f];
            if idx.iter().all(|&i| self.rows[i][f] == first) {
                continue;
            }
            tried += 1;
            pairs.clear();
            pairs.extend(idx.iter().map(|&i| (self.rows[i][f], self.labels[i])));
            pairs.sort_unstable_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
            if let Some(c) = self.split_on(f, &pairs, counts, total_info, min_split) {
                found.push(c);
            }
        }
        if found.is_empty() {
            return None;
        }
        if !self.c45 {
            return found
                .into_iter()
                .reduce(|a, b| if b.gain > a.gain { b } else { a })
                .filter(|c| c.gain > 0.0);
        }
        let average = found.iter().map(|c| c.gain).sum::<f64>() / found.len() as f64;
        found
            .into_iter()
            .filter(|c| c.gain > 0.0 && c.gain >= average - 1e-3)
            .reduce(|a, b| if b.ratio > a.ratio { b } else { a })
    }

    /// The best threshold of one feature (`pairs` sorted by value).
    fn split_on(
        &self,
        feature: usize,
        pairs: &[(f64, usize)],
        counts: &[u32],
        total_info: f64,
        min_split: usize,
    ) -> Option<Candidate> {
        let n = pairs.len();
        let nf = n as f64;
        let mut left = vec![0u32; self.classes];
        let mut right = counts.to_vec();
        let mut best: Option<(f64, usize)> = None;
        let mut points = 0usize;
        for i in 0..n - 1 {
            let class = pairs[i].1;
            left[class] += 1;
            right[class] -= 1;
            if pairs[i].0 == pairs[i + 1].0 {
                continue;
            }
            let nl = i + 1;
            let nr = n - nl;
            if nl < min_split || nr < min_split {
                continue;
            }
            points += 1;
            let remaining = info(&left, nl as f64) + info(&right, nr as f64);
            let gain = (total_info - remaining) / nf;
            if best.is_none_or(|(g, _)| gain > g + 1e-12) {
                best = Some((gain, i));
            }
        }
        let (mut gain, i) = best?;
        let split_info = (info(&[i as u32 + 1, (n - i - 1) as u32], nf)) / nf;
        if self.c45 {
            gain -= (points as f64).log2() / nf;
        }
        Some(Candidate {
            feature,
            threshold: pairs[i].0,
            gain,
            ratio: if split_info > 0.0 {
                gain / split_info
            } else {
                0.0
            },
        })
    }
}

/// Training errors of `node` as a subtree.
fn training_errors(node: &Node) -> u32 {
    match node {
        Node::Leaf { counts } => counts.iter().sum::<u32>() - counts[argmax(counts)],
        Node::Split { left, right, .. } => training_errors(left) + training_errors(right),
    }
}

/// Turns into leaves the subtrees that classify their training rows no better
/// than one leaf would (J48's collapse).
fn collapse(node: &mut Node) {
    if let Node::Split {
        left,
        right,
        counts,
        ..
    } = node
    {
        let as_leaf = counts.iter().sum::<u32>() - counts[argmax(counts)];
        let as_tree = training_errors(left) + training_errors(right);
        if as_tree + 1 > as_leaf {
            // Not strictly better (errors are whole numbers).
            *node = Node::Leaf {
                counts: counts.clone(),
            };
        } else {
            collapse(left);
            collapse(right);
        }
    }
}

/// Pessimistic pruning (subtree replacement); returns the estimated errors.
fn prune(node: &mut Node, confidence: f64) -> f64 {
    let leaf_errors = {
        let counts = node.counts();
        let n = f64::from(counts.iter().sum::<u32>());
        let e = n - f64::from(counts[argmax(counts)]);
        e + add_errors(n, e, confidence)
    };
    match node {
        Node::Leaf { .. } => leaf_errors,
        Node::Split {
            left,
            right,
            counts,
            ..
        } => {
            let tree_errors = prune(left, confidence) + prune(right, confidence);
            if leaf_errors <= tree_errors + 0.1 {
                *node = Node::Leaf {
                    counts: counts.clone(),
                };
                leaf_errors
            } else {
                tree_errors
            }
        }
    }
}

/// The extra errors to add to `e` observed errors in `n` rows for the upper
/// limit of the binomial confidence interval at `cf` (C4.5's estimate).
pub(crate) fn add_errors(n: f64, e: f64, cf: f64) -> f64 {
    if n <= 0.0 {
        return 0.0;
    }
    if e < 1.0 {
        let base = n * (1.0 - cf.powf(1.0 / n));
        if e == 0.0 {
            return base;
        }
        return base + e * (add_errors(n, 1.0, cf) - base);
    }
    if e + 0.5 >= n {
        return (n - e).max(0.0);
    }
    let z = normal_inverse(1.0 - cf);
    let f = (e + 0.5) / n;
    let r = (f + z * z / (2.0 * n) + z * (f / n - f * f / n + z * z / (4.0 * n * n)).sqrt())
        / (1.0 + z * z / n);
    r * n - e
}

/// The standard normal quantile of `p` in (0, 1) (Acklam's rational
/// approximation, relative error below 1.2e-9).
pub(crate) fn normal_inverse(p: f64) -> f64 {
    const A: [f64; 6] = [
        -3.969683028665376e1,
        2.209460984245205e2,
        -2.759285104469687e2,
        1.38357751867269e2,
        -3.066479806614716e1,
        2.506628277459239,
    ];
    const B: [f64; 5] = [
        -5.447609879822406e1,
        1.615858368580409e2,
        -1.556989798598866e2,
        6.680131188771972e1,
        -1.328068155288572e1,
    ];
    const C: [f64; 6] = [
        -7.784894002430293e-3,
        -3.223964580411365e-1,
        -2.400758277161838,
        -2.549732539343734,
        4.374664141464968,
        2.938163982698783,
    ];
    const D: [f64; 4] = [
        7.784695709041462e-3,
        3.224671290700398e-1,
        2.445134137142996,
        3.754408661907416,
    ];
    const LOW: f64 = 0.02425;
    let tail = |q: f64| {
        (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5])
            / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1.0)
    };
    if p < LOW {
        tail((-2.0 * p.ln()).sqrt())
    } else if p > 1.0 - LOW {
        -tail((-2.0 * (1.0 - p).ln()).sqrt())
    } else {
        let q = p - 0.5;
        let r = q * q;
        (((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q
            / (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normal_quantiles() {
        for (p, z) in [
            (0.5, 0.0),
            (0.75, 0.674_489_75),
            (0.9, 1.281_551_566),
            (0.975, 1.959_963_985),
            (0.995, 2.575_829_304),
            (0.01, -2.326_347_874),
        ] {
            assert!((normal_inverse(p) - z).abs() < 1e-6, "{p}");
        }
    }

    #[test]
    fn pessimistic_errors_of_c45() {
        // Quinlan's book: a leaf of 6 rows without errors at CF 0.25 counts
        // 6 · U(0, 6) = 6 · 0.206 = 1.24 errors.
        assert!((add_errors(6.0, 0.0, 0.25) - 1.24).abs() < 0.01);
        // 16 rows with 1 error: U = 0.157 → 2.51 errors in all.
        assert!((1.0 + add_errors(16.0, 1.0, 0.25) - 2.51).abs() < 0.05);
        // Fewer errors are never estimated worse, and a lower confidence adds more.
        assert!(add_errors(100.0, 10.0, 0.1) > add_errors(100.0, 10.0, 0.25));
    }

    /// Two informative features and one of noise.
    fn toy(n: usize) -> (Vec<Vec<f64>>, Vec<usize>) {
        let mut rng = Rng::new(5);
        let mut rows = Vec::new();
        let mut labels = Vec::new();
        for _ in 0..n {
            let a = rng.below(100) as f64;
            let b = rng.below(100) as f64;
            let noise = rng.below(100) as f64;
            let class = usize::from(a > 50.0) + usize::from(b > 70.0);
            rows.push(vec![noise, a, b]);
            labels.push(class);
        }
        (rows, labels)
    }

    #[test]
    fn c45_finds_the_thresholds_and_ignores_noise() {
        let (rows, labels) = toy(600);
        let tree = Tree::c45(&rows, &labels, 3, &C45Params::default());
        let mut used = Vec::new();
        tree.visit_splits(|f| used.push(f));
        assert!(used.contains(&1) && used.contains(&2), "{used:?}");
        assert!(!used.contains(&0), "{used:?}");
        let right = rows
            .iter()
            .zip(&labels)
            .filter(|(r, l)| tree.predict(r) == **l)
            .count();
        assert!(right >= 590, "{right}");
        // M is respected: no leaf below M rows.
        fn leaves(n: &Node, out: &mut Vec<u32>) {
            match n {
                Node::Leaf { counts } => out.push(counts.iter().sum()),
                Node::Split { left, right, .. } => {
                    leaves(left, out);
                    leaves(right, out);
                }
            }
        }
        let mut sizes = Vec::new();
        leaves(&tree.root, &mut sizes);
        assert!(sizes.iter().all(|&s| s >= 30), "{sizes:?}");
    }

    #[test]
    fn heavier_pruning_gives_smaller_trees() {
        let (rows, mut labels) = toy(600);
        // Label noise: every 7th row gets a wrong class.
        for l in labels.iter_mut().step_by(7) {
            *l = (*l + 1) % 3;
        }
        let small = Tree::c45(
            &rows,
            &labels,
            3,
            &C45Params {
                confidence: 0.01,
                min_leaf: 2,
            },
        );
        let large = Tree::c45(
            &rows,
            &labels,
            3,
            &C45Params {
                confidence: 0.5,
                min_leaf: 2,
            },
        );
        assert!(
            small.size().0 <= large.size().0,
            "{:?} {:?}",
            small.size(),
            large.size()
        );
    }

    fn depth(n: &Node) -> usize {
        match n {
            Node::Leaf { .. } => 0,
            Node::Split { left, right, .. } => 1 + depth(left).max(depth(right)),
        }
    }

    #[test]
    fn trees_stay_within_the_depth_a_model_file_can_hold() {
        // Alternating classes along one feature: leaves of one row each.
        let rows: Vec<Vec<f64>> = (0..400).map(|i| vec![f64::from(i)]).collect();
        let labels: Vec<usize> = (0..400).map(|i| i % 2).collect();
        let mut sample: Vec<usize> = (0..400).collect();
        let tree = Tree::random(&rows, &labels, 2, &mut sample, 1, 1, Rng::new(1));
        assert!(depth(&tree.root) <= MAX_DEPTH);
        // A chain of MAX_DEPTH splits still reads back.
        let mut node = Node::Leaf { counts: vec![1, 0] };
        for i in 0..MAX_DEPTH {
            node = Node::Split {
                feature: 0,
                threshold: i as f64,
                counts: vec![1, 1],
                left: Box::new(Node::Leaf { counts: vec![0, 1] }),
                right: Box::new(node),
            };
        }
        let deep = Tree { root: node };
        assert_eq!(depth(&deep.root), MAX_DEPTH);
        let json = serde_json::to_string(&deep).expect("serialises");
        let back: Tree = serde_json::from_str(&json).expect("within the nesting limit");
        assert_eq!(back, deep);
    }

    #[test]
    fn one_class_is_one_leaf() {
        let rows = vec![vec![1.0], vec![2.0], vec![3.0]];
        let tree = Tree::c45(&rows, &[1, 1, 1], 2, &C45Params::default());
        assert_eq!(tree.size(), (1, 1));
        assert_eq!(tree.predict(&[5.0]), 1);
    }
}
