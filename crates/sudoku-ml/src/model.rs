//! Trained models as files: the classifier with everything needed to use it
//! on new puzzles — the classes, the columns it reads and the feature version
//! those columns had — so rating a puzzle with a model needs no training code
//! and a model of another feature set is refused instead of misread.

use crate::data::Dataset;
use crate::forest::{Forest, ForestParams};
use crate::tree::{C45Params, Tree};
use serde::{Deserialize, Serialize};
use std::path::Path;
use sudoku_rate::{FeatureSet, FeatureSpec};

/// The version of the file layout (not of the features).
pub const MODEL_FORMAT: u32 = 1;

/// Which classifier to train.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ModelKind {
    /// A C4.5 decision tree (the thesis' J48).
    #[default]
    C45,
    /// A random forest.
    Forest,
}

impl ModelKind {
    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            ModelKind::C45 => "c45",
            ModelKind::Forest => "forest",
        }
    }
}

/// How to train.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TrainParams {
    /// The classifier.
    pub kind: ModelKind,
    /// C4.5's parameters (used when `kind` is C4.5).
    pub c45: C45Params,
    /// The forest's parameters (used when `kind` is forest).
    pub forest: ForestParams,
}

/// A trained classifier with its parameters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Classifier {
    /// A C4.5 tree.
    C45 {
        /// Its parameters.
        params: C45Params,
        /// The tree.
        tree: Tree,
    },
    /// A random forest.
    Forest {
        /// Its parameters.
        params: ForestParams,
        /// The forest.
        forest: Forest,
    },
}

/// Why a model file cannot be used.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ModelError {
    /// The file cannot be read or written.
    #[error("{path}: {error}")]
    Io {
        /// The file.
        path: String,
        /// The error.
        error: std::io::Error,
    },
    /// The file is not a model of this program.
    #[error("{path}: not a sudoku model file: {reason}")]
    Format {
        /// The file.
        path: String,
        /// Why.
        reason: String,
    },
    /// The model was trained on other features.
    #[error(
        "{path}: the model was trained on feature version {model}, this program extracts {current}; train it again"
    )]
    FeatureVersion {
        /// The file.
        path: String,
        /// The model's feature version.
        model: String,
        /// What this build extracts for the model's feature set.
        current: String,
    },
}

/// A trained model.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Model {
    /// [`MODEL_FORMAT`].
    pub format: u32,
    /// The feature version the model was trained on ([`FeatureSpec::version`]).
    pub feature_version: String,
    /// The feature set's name.
    pub feature_set: String,
    /// The stage's name.
    pub stage: String,
    /// The columns of the feature vector the classifier reads, in its order.
    pub columns: Vec<usize>,
    /// Their names.
    pub column_names: Vec<String>,
    /// The class names, in the classifier's order.
    pub classes: Vec<String>,
    /// The classifier.
    pub classifier: Classifier,
}

impl Model {
    /// Trains on `data` (extracted with `spec`), reading only `columns` when
    /// given (all columns otherwise).
    pub fn train(
        data: &Dataset,
        spec: &FeatureSpec,
        columns: Option<&[usize]>,
        params: &TrainParams,
    ) -> Model {
        let columns: Vec<usize> = match columns {
            Some(c) => c.to_vec(),
            None => (0..data.names.len()).collect(),
        };
        let projected;
        let used = if columns.len() == data.names.len()
            && columns.iter().enumerate().all(|(i, &c)| i == c)
        {
            data
        } else {
            projected = data.project(&columns);
            &projected
        };
        let classes = data.classes.len();
        let classifier = match params.kind {
            ModelKind::C45 => Classifier::C45 {
                params: params.c45,
                tree: Tree::c45(&used.rows, &used.labels, classes, &params.c45),
            },
            ModelKind::Forest => Classifier::Forest {
                params: params.forest,
                forest: Forest::train(&used.rows, &used.labels, classes, &params.forest),
            },
        };
        Model {
            format: MODEL_FORMAT,
            feature_version: spec.version(),
            feature_set: spec.set.name().to_string(),
            stage: spec.stage.name().to_string(),
            column_names: columns.iter().map(|&c| data.names[c].clone()).collect(),
            columns,
            classes: data.classes.clone(),
            classifier,
        }
    }

    /// The features the model needs extracted (checked on loading).
    pub fn spec(&self) -> FeatureSpec {
        FeatureSpec {
            set: self.feature_set.parse().unwrap_or_default(),
            stage: self.stage.parse().unwrap_or_default(),
        }
    }

    /// The class index of a full feature vector (as [`Model::spec`] extracts).
    pub fn predict(&self, row: &[f64]) -> usize {
        let picked: Vec<f64> = self
            .columns
            .iter()
            .map(|&c| row.get(c).copied().unwrap_or(0.0))
            .collect();
        match &self.classifier {
            Classifier::C45 { tree, .. } => tree.predict(&picked),
            Classifier::Forest { forest, .. } => forest.predict(&picked),
        }
    }

    /// The class name of a full feature vector.
    pub fn predict_name(&self, row: &[f64]) -> &str {
        &self.classes[self.predict(row)]
    }

    /// Writes the model as JSON.
    pub fn save(&self, path: &Path) -> Result<(), ModelError> {
        let io = |error| ModelError::Io {
            path: path.display().to_string(),
            error,
        };
        let text = serde_json::to_string(self).map_err(|e| io(e.into()))?;
        std::fs::write(path, text).map_err(io)
    }

    /// Reads a model and checks that this build extracts the features it was
    /// trained on.
    pub fn load(path: &Path) -> Result<Model, ModelError> {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|error| ModelError::Io {
            path: name.clone(),
            error,
        })?;
        Model::from_json(&text, &name)
    }

    /// Parses a model from JSON (`source` names it in errors) and checks it.
    pub fn from_json(text: &str, source: &str) -> Result<Model, ModelError> {
        let model = Model::from_json_unchecked(text, source)?;
        let spec = model.spec_or_format(source)?;
        let current = spec.version();
        if model.feature_version != current {
            return Err(ModelError::FeatureVersion {
                path: source.to_string(),
                model: model.feature_version,
                current,
            });
        }
        model.check_columns(&spec, source)?;
        Ok(model)
    }

    /// Parses a model from JSON without asking whether this build extracts
    /// its features: for printing a model (`sudoku ml show`), which needs
    /// only the model to be consistent in itself. A model saved when the
    /// table set was called "thesis" is read as the table set.
    pub fn from_json_unchecked(text: &str, source: &str) -> Result<Model, ModelError> {
        let format = |reason: String| ModelError::Format {
            path: source.to_string(),
            reason,
        };
        let mut model: Model = serde_json::from_str(text).map_err(|e| format(e.to_string()))?;
        if model.format != MODEL_FORMAT {
            return Err(format(format!(
                "file format {} (this program reads {MODEL_FORMAT})",
                model.format
            )));
        }
        let spec = model.spec_or_format(source)?;
        if spec.set == FeatureSet::Thesis && model.feature_version != spec.version() {
            let table = FeatureSpec {
                set: FeatureSet::Table,
                ..spec
            };
            if table.legacy_version().as_deref() == Some(model.feature_version.as_str()) {
                model.feature_set = table.set.name().to_string();
                model.feature_version = table.version();
            }
        }
        let classes = model.classes.len();
        if classes < 2 || model.column_names.len() != model.columns.len() {
            return Err(format("classes or columns out of range".into()));
        }
        if !model.classifier.is_consistent(model.columns.len(), classes) {
            return Err(format(
                "a tree refers to a column or class it does not have".into(),
            ));
        }
        Ok(model)
    }

    /// Reads a model for printing (see [`Model::from_json_unchecked`]).
    pub fn load_unchecked(path: &Path) -> Result<Model, ModelError> {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|error| ModelError::Io {
            path: name.clone(),
            error,
        })?;
        Model::from_json_unchecked(&text, &name)
    }

    /// Whether this build extracts the features the model was trained on.
    pub fn features_current(&self) -> bool {
        self.spec().version() == self.feature_version
    }

    /// The model's feature set and stage, or a format error naming an
    /// unknown one.
    fn spec_or_format(&self, source: &str) -> Result<FeatureSpec, ModelError> {
        let format = |e: sudoku_rate::features::UnknownName| ModelError::Format {
            path: source.to_string(),
            reason: e.to_string(),
        };
        Ok(FeatureSpec {
            set: self.feature_set.parse().map_err(format)?,
            stage: self.stage.parse().map_err(format)?,
        })
    }

    /// Every column the model reads is one `spec` extracts.
    fn check_columns(&self, spec: &FeatureSpec, source: &str) -> Result<(), ModelError> {
        let width = spec.len();
        if self.columns.iter().any(|&c| c >= width) {
            return Err(ModelError::Format {
                path: source.to_string(),
                reason: "classes or columns out of range".into(),
            });
        }
        Ok(())
    }
}

impl Classifier {
    /// Whether every split reads one of `columns` columns and every leaf has
    /// `classes` counts (so prediction cannot index out of range).
    fn is_consistent(&self, columns: usize, classes: usize) -> bool {
        fn ok(node: &crate::tree::Node, columns: usize, classes: usize) -> bool {
            match node {
                crate::tree::Node::Leaf { counts } => counts.len() == classes,
                crate::tree::Node::Split {
                    feature,
                    counts,
                    left,
                    right,
                    ..
                } => {
                    *feature < columns
                        && counts.len() == classes
                        && ok(left, columns, classes)
                        && ok(right, columns, classes)
                }
            }
        }
        match self {
            Classifier::C45 { tree, .. } => ok(&tree.root, columns, classes),
            Classifier::Forest { forest, .. } => {
                forest.classes == classes
                    && !forest.trees.is_empty()
                    && forest.trees.iter().all(|t| ok(&t.root, columns, classes))
            }
        }
    }
}

impl std::str::FromStr for ModelKind {
    type Err = String;

    fn from_str(s: &str) -> Result<ModelKind, String> {
        match s {
            "c45" => Ok(ModelKind::C45),
            "forest" => Ok(ModelKind::Forest),
            _ => Err(format!("unknown model '{s}' (expected c45 or forest)")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny() -> Dataset {
        Dataset {
            names: vec!["givens.1".into(), "givens.2".into()],
            classes: vec!["Easy".into(), "Hard".into()],
            rows: (0..20).map(|i| vec![f64::from(i), 0.0]).collect(),
            labels: (0..20).map(|i| usize::from(i >= 10)).collect(),
            lines: (1..=20).collect(),
        }
    }

    #[test]
    fn models_of_the_table_set_saved_as_thesis_still_load() {
        let table = FeatureSpec {
            set: FeatureSet::Table,
            ..FeatureSpec::default()
        };
        let model = Model::train(&tiny(), &table, None, &TrainParams::default());
        let mut v = serde_json::to_value(&model).expect("serialises");
        v["feature_set"] = "thesis".into();
        v["feature_version"] = table.legacy_version().expect("table has one").into();
        let back = Model::from_json(&v.to_string(), "old.model").expect("read as the table set");
        assert_eq!(back, model);
        // A thesis model of another version is still refused.
        v["feature_version"] = "1-thesis-all-0000000000000000".into();
        let e = Model::from_json(&v.to_string(), "old.model").unwrap_err();
        assert!(matches!(e, ModelError::FeatureVersion { .. }), "{e}");
        // Printing does not need the features: it reads the same file.
        assert!(Model::from_json_unchecked(&v.to_string(), "old.model").is_ok());
    }

    #[test]
    fn inconsistent_models_are_format_errors() {
        let params = TrainParams {
            c45: C45Params {
                confidence: 0.25,
                min_leaf: 2,
            },
            ..TrainParams::default()
        };
        let model = Model::train(&tiny(), &FeatureSpec::default(), None, &params);
        assert!(matches!(&model.classifier, Classifier::C45 { tree, .. } if tree.size().1 == 2));
        let good = serde_json::to_value(&model).expect("serialises");
        let mut cases = Vec::new();
        let mut v = good.clone();
        v["column_names"] = serde_json::json!(["givens.1"]);
        cases.push(v);
        let mut v = good.clone();
        v["classes"] = serde_json::json!(["Easy"]);
        cases.push(v);
        // The tree splits on its first column; the model now reads none.
        let mut v = good.clone();
        v["columns"] = serde_json::json!([]);
        v["column_names"] = serde_json::json!([]);
        cases.push(v);
        for v in cases {
            let e = Model::from_json_unchecked(&v.to_string(), "m").map(|_| ());
            assert!(matches!(e, Err(ModelError::Format { .. })), "{v}");
        }
        for text in ["", "[]", "{\"format\": 1}", "null"] {
            assert!(Model::from_json_unchecked(text, "m").is_err(), "{text}");
        }
    }
}
