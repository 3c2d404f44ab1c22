//! Evaluation: stratified k-fold cross-validation, the confusion matrix with
//! accuracy, precision and recall, and the mapping of one labelled scale onto
//! another (the thesis' §3.4).

use crate::data::Dataset;
use crate::model::Model;
use crate::rng::Rng;
use rayon::prelude::*;
use serde::Serialize;

/// The fold (0..k) of every row: each class is shuffled with the seed and
/// dealt to the folds in turn, continuing where the previous class stopped,
/// so every fold has the class proportions of the whole and the fold sizes
/// differ by at most one.
pub fn stratified_folds(labels: &[usize], classes: usize, k: usize, seed: u64) -> Vec<usize> {
    let k = k.max(1);
    let mut fold = vec![0; labels.len()];
    let mut rng = Rng::new(seed);
    let mut next = 0;
    for class in 0..classes {
        let mut members: Vec<usize> = (0..labels.len()).filter(|&i| labels[i] == class).collect();
        rng.shuffle(&mut members);
        for i in members {
            fold[i] = next % k;
            next += 1;
        }
    }
    fold
}

/// Cannot cross-validate.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot split {rows} rows into {folds} folds (need 2 ≤ folds ≤ rows)")]
pub struct FoldError {
    /// The number of rows.
    pub rows: usize,
    /// The number of folds asked for.
    pub folds: usize,
}

/// A confusion matrix: `matrix[actual][predicted]`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Confusion {
    /// The class names.
    pub classes: Vec<String>,
    /// Counts, rows by actual class, columns by predicted class.
    pub matrix: Vec<Vec<u64>>,
}

impl Confusion {
    /// An empty matrix for `classes`.
    pub fn new(classes: &[String]) -> Confusion {
        Confusion {
            classes: classes.to_vec(),
            matrix: vec![vec![0; classes.len()]; classes.len()],
        }
    }

    /// Counts one row.
    pub fn add(&mut self, actual: usize, predicted: usize) {
        self.matrix[actual][predicted] += 1;
    }

    /// All rows counted.
    pub fn total(&self) -> u64 {
        self.matrix.iter().flatten().sum()
    }

    /// The share of rows classified right.
    pub fn accuracy(&self) -> f64 {
        let right: u64 = (0..self.classes.len()).map(|i| self.matrix[i][i]).sum();
        ratio(right, self.total())
    }

    /// Of the rows predicted `class`, the share that are `class`.
    pub fn precision(&self, class: usize) -> f64 {
        let predicted: u64 = self.matrix.iter().map(|r| r[class]).sum();
        ratio(self.matrix[class][class], predicted)
    }

    /// Of the rows of `class`, the share predicted `class`.
    pub fn recall(&self, class: usize) -> f64 {
        ratio(self.matrix[class][class], self.matrix[class].iter().sum())
    }

    /// The harmonic mean of precision and recall.
    pub fn f1(&self, class: usize) -> f64 {
        let (p, r) = (self.precision(class), self.recall(class));
        if p + r == 0.0 {
            0.0
        } else {
            2.0 * p * r / (p + r)
        }
    }
}

fn ratio(a: u64, b: u64) -> f64 {
    if b == 0 { 0.0 } else { a as f64 / b as f64 }
}

/// k-fold cross-validation: for each fold a model is trained by `train` on the
/// other folds and tested on it; the folds run in parallel and the result does
/// not depend on their order.
pub fn cross_validate(
    data: &Dataset,
    folds: usize,
    seed: u64,
    train: impl Fn(&Dataset) -> Model + Sync,
) -> Result<Confusion, FoldError> {
    if folds < 2 || folds > data.len() {
        return Err(FoldError {
            rows: data.len(),
            folds,
        });
    }
    let fold = stratified_folds(&data.labels, data.classes.len(), folds, seed);
    let results: Vec<Vec<(usize, usize)>> = (0..folds)
        .into_par_iter()
        .map(|f| {
            let train_idx: Vec<usize> = (0..data.len()).filter(|&i| fold[i] != f).collect();
            let model = train(&data.subset(&train_idx));
            (0..data.len())
                .filter(|&i| fold[i] == f)
                .map(|i| (data.labels[i], model.predict(&data.rows[i])))
                .collect()
        })
        .collect();
    let mut confusion = Confusion::new(&data.classes);
    for (actual, predicted) in results.into_iter().flatten() {
        confusion.add(actual, predicted);
    }
    Ok(confusion)
}

/// Scale B's puzzles classified on scale A: `matrix[b][a]` counts the
/// puzzles of B's class `b` put into A's class `a`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Mapping {
    /// B's classes (rows).
    pub rows: Vec<String>,
    /// A's classes (columns), in A's order.
    pub columns: Vec<String>,
    /// The counts.
    pub matrix: Vec<Vec<u64>>,
}

impl Mapping {
    /// Classifies `b` (extracted with `model`'s features) with `model`.
    pub fn new(model: &Model, b: &Dataset) -> Mapping {
        let mut matrix = vec![vec![0; model.classes.len()]; b.classes.len()];
        let predicted: Vec<usize> = b.rows.par_iter().map(|r| model.predict(r)).collect();
        for (&actual, p) in b.labels.iter().zip(predicted) {
            matrix[actual][p] += 1;
        }
        Mapping {
            rows: b.classes.clone(),
            columns: model.classes.clone(),
            matrix,
        }
    }

    /// A one-line reading of row `b` (the thesis' §3.4): the class most of
    /// them went to; "between X and Y" (in A's order) when the runner-up has at
    /// least a quarter; "X, tending to Y" when it has more than a tenth.
    pub fn reading(&self, b: usize) -> String {
        let row = &self.matrix[b];
        let total: u64 = row.iter().sum();
        if total == 0 {
            return "no puzzles".to_string();
        }
        let mut order: Vec<usize> = (0..row.len()).collect();
        order.sort_by(|&x, &y| row[y].cmp(&row[x]).then(x.cmp(&y)));
        let (first, second) = (order[0], order.get(1).copied());
        let share = |c: usize| row[c] as f64 / total as f64;
        match second {
            Some(s) if share(s) >= 0.25 => {
                let (lo, hi) = if first < s { (first, s) } else { (s, first) };
                format!("between {} and {}", self.columns[lo], self.columns[hi])
            }
            Some(s) if share(s) > 0.1 => {
                format!("{}, tending to {}", self.columns[first], self.columns[s])
            }
            _ => self.columns[first].clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_are_stratified_balanced_and_seeded() {
        let labels: Vec<usize> = (0..103).map(|i| i % 3).collect();
        let f = stratified_folds(&labels, 3, 10, 42);
        for k in 0..10 {
            let size = f.iter().filter(|&&x| x == k).count();
            assert!((10..=11).contains(&size), "{size}");
            for c in 0..3 {
                let n = (0..103).filter(|&i| f[i] == k && labels[i] == c).count();
                assert!((3..=4).contains(&n), "fold {k} class {c}: {n}");
            }
        }
        assert_eq!(f, stratified_folds(&labels, 3, 10, 42));
        assert_ne!(f, stratified_folds(&labels, 3, 10, 43));
    }

    #[test]
    fn precision_recall_and_accuracy() {
        let classes = ["a".to_string(), "b".into()];
        let mut c = Confusion::new(&classes);
        for (a, p, n) in [(0, 0, 8), (0, 1, 2), (1, 1, 5), (1, 0, 5)] {
            for _ in 0..n {
                c.add(a, p);
            }
        }
        assert_eq!(c.total(), 20);
        assert!((c.accuracy() - 0.65).abs() < 1e-12);
        assert!((c.precision(0) - 8.0 / 13.0).abs() < 1e-12);
        assert!((c.recall(0) - 0.8).abs() < 1e-12);
        assert!((c.recall(1) - 0.5).abs() < 1e-12);
    }

    #[test]
    fn readings_follow_the_thesis_example() {
        // Table 3.1 of the thesis.
        let m = Mapping {
            rows: ["Easy", "Medium", "Hard", "Very Hard"]
                .map(String::from)
                .to_vec(),
            columns: ["Leicht", "Mittel", "Schwer"].map(String::from).to_vec(),
            matrix: vec![
                vec![90, 8, 2],
                vec![50, 40, 10],
                vec![2, 78, 20],
                vec![0, 10, 90],
            ],
        };
        assert_eq!(m.reading(0), "Leicht");
        assert_eq!(m.reading(1), "between Leicht and Mittel");
        assert_eq!(m.reading(2), "Mittel, tending to Schwer");
        assert_eq!(m.reading(3), "Schwer");
    }
}
