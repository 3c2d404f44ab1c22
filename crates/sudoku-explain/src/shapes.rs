//! What a step looks like on the grid, as data: the shapes its technique's
//! module draws from the step's fields ([`sudoku_logic::Describe::draw`]),
//! with the step's effects, for one step or a whole trace. [`Shape`] and its
//! roles are described (and serialised) in `sudoku_logic::describe::drawing`.
//!
//! ```
//! use sudoku_core::{Grid, Variant};
//! use sudoku_explain::{shapes, Shape};
//! use sudoku_logic::{solve_logically, Options};
//! let p: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
//!     .parse().unwrap();
//! let trace = solve_logically(&p, Variant::Standard, &Options::default()).unwrap();
//! let drawn = shapes(&trace.steps[0]);
//! assert!(drawn.iter().any(|s| matches!(s, Shape::Mark { .. })));
//! ```

use sudoku_logic::{Candidates, Shape, Step, Trace};

/// The shapes of `step`, from its data alone. Pattern candidates are drawn
/// where the pattern may hold them; [`shapes_at`] keeps only those that are
/// candidates of the position.
pub fn shapes(step: &Step) -> Vec<Shape> {
    sudoku_logic::describe::shapes(step, None)
}

/// The shapes of `step` found in `before`: as [`shapes`], without pattern
/// marks on digits that are not candidates there.
pub fn shapes_at(step: &Step, before: &Candidates) -> Vec<Shape> {
    sudoku_logic::describe::shapes(step, Some(before))
}

/// The shapes of every step of `trace`, replaying it to give each step the
/// position it was found in (as [`crate::explain_trace`] does for the texts).
pub fn trace_shapes(trace: &Trace) -> Vec<Vec<Shape>> {
    let Ok(mut pos) = Candidates::new(&trace.puzzle, trace.end.variant()) else {
        return trace.steps.iter().map(shapes).collect();
    };
    let mut out = Vec::with_capacity(trace.steps.len());
    for step in &trace.steps {
        out.push(shapes_at(step, &pos));
        // As for the texts: a step that does not apply leaves the position
        // as it was; later steps still draw from their own data.
        let _ = pos.apply(step);
    }
    out
}
