//! The diagonal solver's normalised score, "Normierte Punktzahl (ab 17
//! Ausgangszahlen)": the points of a puzzle as if it had 17 givens.
//!
//! The seed names the line (its users grep it out of the rating-only page)
//! but not the formula, so this is our reading of it, stated here once. A
//! path's points grow with the cells it has to fill: singles are counted per
//! cell, writing the candidates per candidate, and a puzzle with more givens
//! has fewer cells left. The seed also shows that more givens do not make a
//! puzzle easier in kind, only shorter ("Anzahl Ausgangszahlen" and
//! difficulty are unrelated). So the score scales the points to the 64 empty
//! cells of a 17-given puzzle: `points × 64 / (81 − givens)`. "ab 17": from
//! 17 givens up; a variant puzzle with fewer (diagonal and colour puzzles go
//! down to 11 or 12) keeps its points as they are.

/// The normalised score of `points` earned on a puzzle with `givens` givens.
///
/// ```
/// use sudoku_rate::normalised_points;
/// assert_eq!(normalised_points(100.0, 17), 100.0);
/// assert_eq!(normalised_points(100.0, 33), 100.0 * 64.0 / 48.0);
/// assert_eq!(normalised_points(100.0, 12), 100.0);
/// ```
pub fn normalised_points(points: f64, givens: usize) -> f64 {
    let open = 81 - givens.clamp(17, 80);
    // +0.0: never "-0" for a solved grid.
    points * 64.0 / open as f64 + 0.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn more_givens_raise_the_score_and_nothing_breaks() {
        assert!(normalised_points(50.0, 30) > normalised_points(50.0, 25));
        assert_eq!(normalised_points(0.0, 81), 0.0);
        assert!(normalised_points(-0.0, 40).is_sign_positive());
        assert_eq!(normalised_points(10.0, 80), 640.0);
    }
}
