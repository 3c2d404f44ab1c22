//! Candidate states from outside (a trainer's pencil marks) as text: 81 fields
//! of candidate digits, validated field by field against the givens.
//!
//! # Format
//!
//! Exactly 81 fields in reading order, `r1c1`, `r1c2`, …, `r9c9`. When the
//! text contains a comma, fields are separated by commas (whitespace around
//! them is ignored, so an empty field between two commas is an error);
//! otherwise by runs of whitespace (spaces, tabs, newlines). A field lists the
//! candidate digits `1`–`9` of its cell in any order, e.g. `147`:
//!
//! * on a given cell the field must be exactly the given digit;
//! * on an empty cell it lists the cell's candidates; a single digit is a cell
//!   with one candidate left, not a placement;
//! * no candidate may equal a given in a house of the cell (row, column, box,
//!   and the diagonals or colour groups of the variant).
//!
//! Every error names the field by its cell (`r3c5: empty field …`).

use sudoku_core::{Cell, Digit, DigitSet, Grid, Variant};

/// Why a candidate state text is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FieldsError {
    /// Not 81 fields.
    #[error("expected 81 candidate fields (r1c1 to r9c9), found {found}")]
    Count {
        /// How many there were.
        found: usize,
    },
    /// A field without digits (between two commas).
    #[error("{cell}: empty field (every cell needs a candidate)")]
    Empty {
        /// The field's cell.
        cell: Cell,
    },
    /// A character that is not a digit 1–9.
    #[error("{cell}: {ch:?} is not a digit 1-9")]
    Character {
        /// The field's cell.
        cell: Cell,
        /// The character.
        ch: char,
    },
    /// A given cell whose field is not exactly the given digit.
    #[error("{cell}: the given is {given}, but the field says {field:?}")]
    Given {
        /// The field's cell.
        cell: Cell,
        /// The given digit.
        given: Digit,
        /// The field as written.
        field: String,
    },
    /// A candidate equal to a given in a house of the cell.
    #[error("{cell}: candidate {digit} contradicts the given {digit} in {given_cell}")]
    Clash {
        /// The field's cell.
        cell: Cell,
        /// The candidate.
        digit: Digit,
        /// The cell holding the same digit as a given.
        given_cell: Cell,
    },
}

/// Parses the candidate state `text` (format in the module docs) against the
/// givens of `grid` in `variant`: the candidates of every cell, the given digit
/// alone on given cells.
///
/// ```
/// use sudoku_core::{Grid, Variant};
/// use sudoku_explain::parse_candidate_fields;
/// let grid = Grid::EMPTY;
/// let text = vec!["123456789"; 81].join(",");
/// let fields = parse_candidate_fields(&text, &grid, Variant::Standard).unwrap();
/// assert_eq!(fields[80].len(), 9);
/// let err = parse_candidate_fields("1 2 3", &grid, Variant::Standard).unwrap_err();
/// assert_eq!(err.to_string(), "expected 81 candidate fields (r1c1 to r9c9), found 3");
/// ```
pub fn parse_candidate_fields(
    text: &str,
    grid: &Grid,
    variant: Variant,
) -> Result<[DigitSet; 81], FieldsError> {
    let fields: Vec<&str> = if text.contains(',') {
        text.split(',').map(str::trim).collect()
    } else {
        text.split_whitespace().collect()
    };
    if fields.len() != 81 {
        return Err(FieldsError::Count {
            found: fields.len(),
        });
    }
    let mut out = [DigitSet::EMPTY; 81];
    for (cell, field) in Cell::all().zip(&fields) {
        if field.is_empty() {
            return Err(FieldsError::Empty { cell });
        }
        let mut set = DigitSet::EMPTY;
        for ch in field.chars() {
            let digit = ch
                .to_digit(10)
                .and_then(|v| u8::try_from(v).ok())
                .and_then(Digit::new)
                .ok_or(FieldsError::Character { cell, ch })?;
            set.insert(digit);
        }
        match grid.get(cell) {
            Some(given) if set != DigitSet::single(given) => {
                return Err(FieldsError::Given {
                    cell,
                    given,
                    field: field.to_string(),
                });
            }
            Some(_) => {}
            None => {
                for digit in set.iter() {
                    let clash = variant
                        .peers(cell)
                        .iter()
                        .find(|&p| grid.get(p) == Some(digit));
                    if let Some(given_cell) = clash {
                        return Err(FieldsError::Clash {
                            cell,
                            digit,
                            given_cell,
                        });
                    }
                }
            }
        }
        out[cell.index()] = set;
    }
    Ok(out)
}

/// The fields of the state in which every empty cell of `grid` holds every
/// candidate its givens allow in `variant`, in the format
/// [`parse_candidate_fields`] reads: the state a client starts its pencil
/// marks from, and what it edits before asking for a hint on its own state.
pub fn candidate_fields(grid: &Grid, variant: Variant) -> Vec<String> {
    Cell::all()
        .map(|c| match grid.get(c) {
            Some(d) => d.to_string(),
            None => grid.candidates(variant, c).to_string(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

    #[test]
    fn commas_or_whitespace() {
        let grid: Grid = P.parse().unwrap();
        let fields = candidate_fields(&grid, Variant::Standard);
        let a = parse_candidate_fields(&fields.join(" "), &grid, Variant::Standard).unwrap();
        let b = parse_candidate_fields(&fields.join(" ,\n"), &grid, Variant::Standard).unwrap();
        let c = parse_candidate_fields(&fields.join("\n"), &grid, Variant::Standard).unwrap();
        assert_eq!(a, b);
        assert_eq!(a, c);
        assert_eq!(a[0], DigitSet::single(Digit::new(4).unwrap()));
    }

    #[test]
    fn bad_fields_name_the_cell() {
        let grid: Grid = P.parse().unwrap();
        let mut fields = candidate_fields(&grid, Variant::Standard);
        let err = |f: &[String], sep: &str| {
            parse_candidate_fields(&f.join(sep), &grid, Variant::Standard)
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            err(&fields[..80], " "),
            "expected 81 candidate fields (r1c1 to r9c9), found 80"
        );
        let mut empty = fields.clone();
        empty[22] = String::new();
        assert_eq!(
            err(&empty, ","),
            "r3c5: empty field (every cell needs a candidate)"
        );
        fields[0] = "5".to_string();
        assert_eq!(
            err(&fields, " "),
            "r1c1: the given is 4, but the field says \"5\""
        );
        fields[0] = "4".to_string();
        fields[1] = "124x".to_string();
        assert_eq!(err(&fields, " "), "r1c2: 'x' is not a digit 1-9");
        fields[1] = "1249".to_string();
        assert_eq!(
            err(&fields, " "),
            "r1c2: candidate 4 contradicts the given 4 in r1c1"
        );
    }

    #[test]
    fn diagonal_givens_count_in_the_diagonal_variant() {
        let r1c1 = Cell::at(0, 0).unwrap();
        let mut grid = Grid::EMPTY;
        grid.set(r1c1, Digit::new(1));
        let mut fields = vec!["123456789".to_string(); 81];
        fields[0] = "1".to_string();
        for peer in Variant::Standard.peers(r1c1).iter() {
            fields[peer.index()] = "23456789".to_string();
        }
        let text = fields.join(" ");
        assert!(parse_candidate_fields(&text, &grid, Variant::Standard).is_ok());
        // r4c4 sees r1c1 only through the main diagonal.
        let err = parse_candidate_fields(&text, &grid, Variant::Diagonal).unwrap_err();
        assert_eq!(
            err.to_string(),
            "r4c4: candidate 1 contradicts the given 1 in r1c1"
        );
    }
}
