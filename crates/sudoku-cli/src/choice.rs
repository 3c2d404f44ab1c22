//! `--techniques LIST` and `--without LIST`: which techniques our own walk
//! may use and in which order, on every command that walks (`explain`,
//! `rate`, `hint`, `steps`, `gen`), as HoDoKu's solver settings choose them.
//!
//! Each list is checked on its own when the command line is read (an unknown
//! name is a usage error naming it, with the closest known name); the two
//! together once more before any work, since `--without` may take away
//! everything `--techniques` gave.

use sudoku_logic::Selection;

/// The two options, flattened into a command's arguments.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct TechniqueArgs {
    /// The techniques our own walk may use, in this order: comma-separated
    /// stable names (`hidden-single,naked-pair,x-wing`, as `explain --format
    /// json` writes them) or families (single, direct, intersection, subset,
    /// fish, wing, xy-chain, single-digit, coloring, chain, uniqueness,
    /// forcing, als, trial; `family:xy-chain` where a technique has the
    /// name). Writing candidates is always kept. Only our own walk changes
    /// (points, levels, texts, hints); Sudoku Explainer's and HoDoKu's walks
    /// keep their tables. Default: the whole table.
    #[arg(long, value_name = "LIST", value_parser = techniques_parser)]
    pub techniques: Option<String>,

    /// Techniques or families our own walk must not use (comma-separated),
    /// e.g. `--without forcing,trial`.
    #[arg(long, value_name = "LIST", value_parser = without_parser)]
    pub without: Option<String>,
}

impl TechniqueArgs {
    /// The selection of both lists; an error when nothing is left.
    pub fn selection(&self) -> Result<Selection, sudoku_logic::SelectionError> {
        Selection::parse(self.techniques.as_deref(), self.without.as_deref())
    }

    /// The selection, or the whole table when the lists were refused (the
    /// command checked them with [`TechniqueArgs::selection`] before).
    pub fn chosen(&self) -> Selection {
        self.selection().unwrap_or_default()
    }
}

fn techniques_parser(s: &str) -> Result<String, String> {
    Selection::parse(Some(s), None)
        .map(|_| s.to_string())
        .map_err(|e| e.to_string())
}

fn without_parser(s: &str) -> Result<String, String> {
    Selection::parse(None, Some(s))
        .map(|_| s.to_string())
        .map_err(|e| e.to_string())
}
