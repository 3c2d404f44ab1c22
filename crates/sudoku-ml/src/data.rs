//! Labelled puzzles and their feature vectors.
//!
//! The thesis' file format: one puzzle per line (81 cells, `0` or `.` for an
//! empty one); a line that does not start with a digit or `.` is a class name
//! and labels the puzzle lines after it, until the next class line. Blank
//! lines and lines starting with `#` are skipped. Every error names the line.

use rayon::prelude::*;
use sudoku_core::{Grid, Variant};
use sudoku_rate::{FeatureError, FeatureSpec};

/// Why a labelled file or its vectors cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DataError {
    /// A puzzle line that does not parse.
    #[error("{source_name}:{line}: not a puzzle: {reason}")]
    BadPuzzle {
        /// The file.
        source_name: String,
        /// 1-based line number.
        line: usize,
        /// Why.
        reason: String,
    },
    /// A puzzle line before any class line.
    #[error("{source_name}:{line}: puzzle without a label (put a class-name line before it)")]
    Unlabelled {
        /// The file.
        source_name: String,
        /// 1-based line number.
        line: usize,
    },
    /// A class line with no puzzle after it.
    #[error("{source_name}:{line}: class '{class}' has no puzzles")]
    EmptyClass {
        /// The file.
        source_name: String,
        /// 1-based line number of the class line.
        line: usize,
        /// The class.
        class: String,
    },
    /// No puzzle at all.
    #[error("{source_name}: no labelled puzzles")]
    Empty {
        /// The file.
        source_name: String,
    },
    /// A class the model does not know.
    #[error("{source_name}:{line}: class '{class}' is not one of the model's classes ({known})")]
    UnknownClass {
        /// The file.
        source_name: String,
        /// 1-based line number of the class line.
        line: usize,
        /// The class.
        class: String,
        /// The model's classes, comma-separated.
        known: String,
    },
    /// A puzzle without a feature vector (clash, no or several solutions).
    #[error("{source_name}:{line}: {error}")]
    Features {
        /// The file.
        source_name: String,
        /// 1-based line number.
        line: usize,
        /// Why.
        error: FeatureError,
    },
    /// Fewer than two classes where a classifier needs them.
    #[error("{source_name}: a classifier needs at least two classes, found {found}")]
    TooFewClasses {
        /// The file.
        source_name: String,
        /// How many there are.
        found: usize,
    },
}

/// One puzzle of a labelled file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LabelledPuzzle {
    /// 1-based line number.
    pub line: usize,
    /// The puzzle.
    pub grid: Grid,
    /// Index into [`Labelled::classes`].
    pub class: usize,
}

/// A labelled file: class names in order of first appearance, and puzzles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Labelled {
    /// Where it came from (for messages).
    pub source: String,
    /// The class names.
    pub classes: Vec<String>,
    /// The line of each class's first class line.
    pub class_lines: Vec<usize>,
    /// The puzzles in file order.
    pub puzzles: Vec<LabelledPuzzle>,
}

impl Labelled {
    /// Reads the thesis' format from `text`; `source` names it in errors.
    ///
    /// ```
    /// use sudoku_ml::Labelled;
    /// let text = "Easy\n..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n";
    /// let l = Labelled::parse(text, "easy.txt").unwrap();
    /// assert_eq!(l.classes, ["Easy"]);
    /// assert_eq!(l.puzzles[0].line, 2);
    /// ```
    pub fn parse(text: &str, source: &str) -> Result<Labelled, DataError> {
        let mut out = Labelled {
            source: source.to_string(),
            classes: Vec::new(),
            class_lines: Vec::new(),
            puzzles: Vec::new(),
        };
        // The current class, its line, and whether a puzzle followed it.
        let mut current: Option<(usize, usize, bool)> = None;
        let empty_class = |(class, line, used): (usize, usize, bool), out: &Labelled| {
            (!used).then(|| DataError::EmptyClass {
                source_name: source.to_string(),
                line,
                class: out.classes[class].clone(),
            })
        };
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let t = raw.trim();
            if t.is_empty() || t.starts_with('#') {
                continue;
            }
            let first = t.chars().next().unwrap_or(' ');
            if first.is_ascii_digit() || first == '.' {
                let Some((class, _, used)) = current.as_mut() else {
                    return Err(DataError::Unlabelled {
                        source_name: source.to_string(),
                        line,
                    });
                };
                let grid: Grid = t.parse().map_err(|e| DataError::BadPuzzle {
                    source_name: source.to_string(),
                    line,
                    reason: format!("{e}"),
                })?;
                *used = true;
                out.puzzles.push(LabelledPuzzle {
                    line,
                    grid,
                    class: *class,
                });
            } else {
                if let Some(e) = current.and_then(|c| empty_class(c, &out)) {
                    return Err(e);
                }
                let class = match out.classes.iter().position(|c| c == t) {
                    Some(k) => k,
                    None => {
                        out.classes.push(t.to_string());
                        out.class_lines.push(line);
                        out.classes.len() - 1
                    }
                };
                current = Some((class, line, false));
            }
        }
        if let Some(e) = current.and_then(|c| empty_class(c, &out)) {
            return Err(e);
        }
        if out.puzzles.is_empty() {
            return Err(DataError::Empty {
                source_name: source.to_string(),
            });
        }
        Ok(out)
    }

    /// Leaves out the puzzles that also occur in `other` (the same grid) and
    /// returns how many: a scale mapped onto another must not be classified
    /// by a model that saw its puzzles (the shared data's `se-bands.txt` is
    /// drawn from `hodoku-levels.txt`).
    pub fn remove_shared(&mut self, other: &Labelled) -> usize {
        let theirs: std::collections::HashSet<Grid> =
            other.puzzles.iter().map(|p| p.grid).collect();
        let before = self.puzzles.len();
        self.puzzles.retain(|p| !theirs.contains(&p.grid));
        before - self.puzzles.len()
    }

    /// Renumbers the classes to `known` (a model's), failing on a class it
    /// does not have.
    pub fn align_to(&mut self, known: &[String]) -> Result<(), DataError> {
        let mut map = Vec::with_capacity(self.classes.len());
        for (class, &line) in self.classes.iter().zip(&self.class_lines) {
            match known.iter().position(|k| k == class) {
                Some(k) => map.push(k),
                None => {
                    return Err(DataError::UnknownClass {
                        source_name: self.source.clone(),
                        line,
                        class: class.clone(),
                        known: known.join(", "),
                    });
                }
            }
        }
        for p in &mut self.puzzles {
            p.class = map[p.class];
        }
        self.class_lines = known
            .iter()
            .map(|k| {
                self.classes
                    .iter()
                    .position(|c| c == k)
                    .map_or(0, |i| self.class_lines[i])
            })
            .collect();
        self.classes = known.to_vec();
        Ok(())
    }
}

/// Feature vectors with their classes.
#[derive(Clone, Debug, PartialEq)]
pub struct Dataset {
    /// Column names.
    pub names: Vec<String>,
    /// Class names.
    pub classes: Vec<String>,
    /// One row per puzzle.
    pub rows: Vec<Vec<f64>>,
    /// The class of each row.
    pub labels: Vec<usize>,
    /// The source line of each row.
    pub lines: Vec<usize>,
}

impl Dataset {
    /// The vectors of every puzzle of `labelled`, computed in parallel (on
    /// the current rayon pool) and kept in file order. The first failing
    /// puzzle in file order is reported.
    pub fn extract(
        labelled: &Labelled,
        spec: &FeatureSpec,
        variant: Variant,
    ) -> Result<Dataset, DataError> {
        let rows: Vec<Result<Vec<f64>, FeatureError>> = labelled
            .puzzles
            .par_iter()
            .with_min_len(8)
            .map(|p| spec.extract(&p.grid, variant))
            .collect();
        let mut out = Dataset {
            names: spec.names(),
            classes: labelled.classes.clone(),
            rows: Vec::with_capacity(rows.len()),
            labels: labelled.puzzles.iter().map(|p| p.class).collect(),
            lines: labelled.puzzles.iter().map(|p| p.line).collect(),
        };
        for (row, p) in rows.into_iter().zip(&labelled.puzzles) {
            out.rows.push(row.map_err(|error| DataError::Features {
                source_name: labelled.source.clone(),
                line: p.line,
                error,
            })?);
        }
        Ok(out)
    }

    /// The number of rows.
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// Whether there are no rows.
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// The rows at `indices`, in that order.
    pub fn subset(&self, indices: &[usize]) -> Dataset {
        Dataset {
            names: self.names.clone(),
            classes: self.classes.clone(),
            rows: indices.iter().map(|&i| self.rows[i].clone()).collect(),
            labels: indices.iter().map(|&i| self.labels[i]).collect(),
            lines: indices.iter().map(|&i| self.lines[i]).collect(),
        }
    }

    /// Only the columns `columns`, in that order.
    pub fn project(&self, columns: &[usize]) -> Dataset {
        Dataset {
            names: columns.iter().map(|&c| self.names[c].clone()).collect(),
            classes: self.classes.clone(),
            rows: self
                .rows
                .iter()
                .map(|r| columns.iter().map(|&c| r[c]).collect())
                .collect(),
            labels: self.labels.clone(),
            lines: self.lines.clone(),
        }
    }

    /// How many rows each class has.
    pub fn class_counts(&self) -> Vec<usize> {
        let mut counts = vec![0; self.classes.len()];
        for &l in &self.labels {
            counts[l] += 1;
        }
        counts
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    #[test]
    fn class_lines_label_the_puzzles_after_them() {
        let text = format!("# comment\nEasy\n{P}\n\n{P}\nHard\n{P}\nEasy\n{P}\n");
        let l = Labelled::parse(&text, "f").expect("valid");
        assert_eq!(l.classes, ["Easy", "Hard"]);
        let got: Vec<(usize, usize)> = l.puzzles.iter().map(|p| (p.line, p.class)).collect();
        assert_eq!(got, [(3, 0), (5, 0), (7, 1), (9, 0)]);
    }

    #[test]
    fn errors_name_the_line() {
        let e = |t: &str| Labelled::parse(t, "f.txt").unwrap_err().to_string();
        assert_eq!(
            e(&format!("{P}\n")),
            "f.txt:1: puzzle without a label (put a class-name line before it)"
        );
        assert!(e("Easy\n12x\n").starts_with("f.txt:2: not a puzzle:"));
        assert_eq!(
            e(&format!("Easy\nHard\n{P}\n")),
            "f.txt:1: class 'Easy' has no puzzles"
        );
        assert_eq!(
            e(&format!("Easy\n{P}\nHard\n")),
            "f.txt:3: class 'Hard' has no puzzles"
        );
        assert_eq!(e("\n# nothing\n"), "f.txt: no labelled puzzles");
    }

    #[test]
    fn shared_puzzles_are_left_out() {
        let q = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        let mut a = Labelled::parse(&format!("Easy\n{P}\nHard\n{q}\n"), "a").expect("valid");
        let b = Labelled::parse(&format!("Band\n{q}\n"), "b").expect("valid");
        assert_eq!(a.remove_shared(&b), 1);
        assert_eq!(a.puzzles.len(), 1);
        assert_eq!(a.puzzles[0].line, 2);
        assert_eq!(a.classes, ["Easy", "Hard"]);
    }

    #[test]
    fn aligning_to_a_models_classes() {
        let mut l = Labelled::parse(&format!("Hard\n{P}\nEasy\n{P}\n"), "f").expect("valid");
        let known = ["Easy".to_string(), "Medium".into(), "Hard".into()];
        l.align_to(&known).expect("known classes");
        assert_eq!(
            l.puzzles.iter().map(|p| p.class).collect::<Vec<_>>(),
            [2, 0]
        );
        let mut l = Labelled::parse(&format!("Fiendish\n{P}\n"), "f").expect("valid");
        let e = l.align_to(&known).unwrap_err().to_string();
        assert_eq!(
            e,
            "f:1: class 'Fiendish' is not one of the model's classes (Easy, Medium, Hard)"
        );
    }

    #[test]
    fn extraction_reports_the_first_bad_puzzle_by_line() {
        let multiple =
            "000490062000000017130005000000000070360700490000000000600000900800000000002300700";
        let clash = format!("11{}", ".".repeat(79));
        let text = format!("Easy\n{P}\n{multiple}\n{clash}\n");
        let l = Labelled::parse(&text, "f").expect("parses");
        let e = Dataset::extract(&l, &FeatureSpec::default(), Variant::Standard)
            .unwrap_err()
            .to_string();
        assert_eq!(e, "f:3: the puzzle has several solutions");
        let l = Labelled::parse(&format!("Easy\n{P}\n{P}\n"), "f").expect("parses");
        let d = Dataset::extract(&l, &FeatureSpec::default(), Variant::Standard).expect("valid");
        assert_eq!(d.len(), 2);
        assert_eq!(d.rows[0], d.rows[1]);
        assert_eq!(d.project(&[0, 9]).rows[0], vec![d.rows[0][0], d.rows[0][9]]);
    }
}
