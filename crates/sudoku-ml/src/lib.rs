//! Learning difficulty scales from labelled puzzles, as the 2014 thesis did
//! (SPEC §3.7), with the classifiers written here rather than in Weka.
//!
//! * [`Labelled`] reads the thesis' file format (a class-name line labels the
//!   puzzle lines after it) and [`Dataset::extract`] turns it into feature
//!   vectors with `sudoku-rate`'s [`FeatureSpec`](sudoku_rate::FeatureSpec),
//!   in parallel and in input order.
//! * [`C45Params`] grows a C4.5 decision tree (gain ratio, minimum leaf size
//!   M, pessimistic pruning with confidence C — Weka's J48 without subtree
//!   raising); [`ForestParams`] a random forest of unpruned trees.
//! * [`cross_validate`] runs stratified k-fold cross-validation with a seed;
//!   [`Confusion`] gives accuracy, per-class precision and recall; [`Mapping`]
//!   classifies one scale's puzzles with a model of another.
//! * [`Model`] is what is saved: the classifier, the classes, the columns and
//!   the feature version it was trained on (a model of another feature set is
//!   refused on loading).
//! * [`write_arff`] exports the vectors for Weka; [`rank_features`] counts how
//!   often each feature appears in trees over resampled trainings and [`cfs`]
//!   chooses a subset by correlation-based feature selection (both the
//!   thesis' §5.4).
//! * [`tune_c45`] scores a grid of C and M by cross-validation (the thesis'
//!   §5.1); [`show_model`] prints a model as Weka prints a J48 tree.
//!
//! Everything random takes a seed: the same seed gives the same folds, trees
//! and numbers, whatever the number of threads.
#![warn(missing_docs)]

mod arff;
mod cfs;
mod data;
mod eval;
mod forest;
mod model;
mod rng;
mod select;
mod show;
mod tree;
mod tune;

pub use arff::write_arff;
pub use cfs::{CfsFeature, CfsParams, CfsSelection, cfs};
pub use data::{DataError, Dataset, Labelled, LabelledPuzzle};
pub use eval::{Confusion, FoldError, Mapping, cross_validate, stratified_folds};
pub use forest::{Forest, ForestParams};
pub use model::{Classifier, MODEL_FORMAT, Model, ModelError, ModelKind, TrainParams};
pub use select::{FeatureRank, rank_features};
pub use show::{show_model, tree_lines};
pub use tree::{C45Params, Node, Tree};
pub use tune::{Tuning, tune_c45};
