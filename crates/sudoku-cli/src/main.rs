//! The `sudoku` binary (work in progress by the CLI task).
fn main() {}
