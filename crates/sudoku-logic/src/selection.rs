//! Which techniques our own walk may use, and in which order: HoDoKu's
//! solver settings as a value.
//!
//! The walk always takes the first row that finds anything, so the order of
//! the rows decides the path as much as the rows themselves. A [`Selection`]
//! is that ordered list of rows of [`TABLE`]; the default is the whole table
//! in its own order. It is read from two lists of names (`--techniques`,
//! `--without` on the command line): a technique's stable name
//! (`x-wing`), or a family (`fish`, or `family:xy-chain` where a family shares
//! its name with a technique), which stands for its members in table order.
//!
//! Writing the candidates is bookkeeping, not a technique a player chooses:
//! a selection always keeps it, after the last technique that runs before
//! candidates are written (unless the list places it itself), so that a list
//! of singles and eliminations still reaches the candidates.
//!
//! The value is `Copy` (a fixed array of row numbers), so the requests that
//! carry it stay plain values.

use crate::technique::{Family, Phase, TABLE, Technique};
use std::fmt;

/// The most rows a selection can hold (the table has fewer).
const CAPACITY: usize = 256;

/// An ordered choice of techniques (see the module docs).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Selection {
    rows: [u8; CAPACITY],
    len: u16,
}

impl Default for Selection {
    fn default() -> Selection {
        Selection::table()
    }
}

impl fmt::Debug for Selection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_table() {
            return f.write_str("Selection(table)");
        }
        f.debug_list()
            .entries(self.techniques().map(|t| t.name()))
            .finish()
    }
}

/// Why a list of technique names was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SelectionError {
    /// A name is neither a technique's nor a family's.
    #[error("unknown technique or family '{name}' in {list}{}", suggestion(.near))]
    Unknown {
        /// The option or list it came from.
        list: &'static str,
        /// The name as given.
        name: String,
        /// The closest known name, if any is close.
        near: Option<&'static str>,
    },
    /// A list is empty, or a name in it is (two commas in a row).
    #[error("empty name in {list}")]
    Empty {
        /// The option or list it came from.
        list: &'static str,
    },
    /// Nothing is left to walk with.
    #[error("no technique left to use")]
    Nothing,
}

fn suggestion(near: &Option<&'static str>) -> String {
    near.map(|n| format!(" (did you mean '{n}'?)"))
        .unwrap_or_default()
}

impl Selection {
    /// The whole table in its own order.
    pub fn table() -> Selection {
        let mut s = Selection {
            rows: [0; CAPACITY],
            len: 0,
        };
        for (i, _) in TABLE.iter().enumerate().take(CAPACITY) {
            s.push(i);
        }
        s
    }

    /// The techniques of `list` in its order (each once, the first mention
    /// counting), or the whole table when `list` is `None`, less those of
    /// `without`. Names are separated by commas; see the module docs for
    /// what a name may be.
    ///
    /// ```
    /// use sudoku_logic::{Selection, Technique};
    /// let s = Selection::parse(Some("x-wing,hidden-single,fish"), Some("swordfish")).unwrap();
    /// let names: Vec<_> = s.techniques().map(|t| t.name()).take(4).collect();
    /// assert_eq!(names, ["x-wing", "hidden-single", "write-candidates", "jellyfish"]);
    /// assert!(!s.contains(Technique::Swordfish));
    /// ```
    pub fn parse(list: Option<&str>, without: Option<&str>) -> Result<Selection, SelectionError> {
        let mut chosen: Vec<usize> = Vec::new();
        match list {
            None => chosen.extend(0..TABLE.len()),
            Some(text) => {
                for name in names(text, "--techniques")? {
                    for row in rows_of(name, "--techniques")? {
                        if !chosen.contains(&row) {
                            chosen.push(row);
                        }
                    }
                }
            }
        }
        if let Some(text) = without {
            let mut dropped = Vec::new();
            for name in names(text, "--without")? {
                dropped.extend(rows_of(name, "--without")?);
            }
            chosen.retain(|row| !dropped.contains(row));
        }
        let write = Technique::WriteCandidates as usize;
        if !chosen.contains(&write) {
            // After the last row that runs before candidates are written:
            // on an unwritten position only those rows are asked, so every
            // one of them gets its turn first, as in the table.
            let at = chosen
                .iter()
                .rposition(|&r| TABLE[r].phase != Phase::OnCandidates)
                .map_or(0, |i| i + 1);
            chosen.insert(at, write);
        }
        if chosen.iter().all(|&r| r == write) {
            return Err(SelectionError::Nothing);
        }
        let mut s = Selection {
            rows: [0; CAPACITY],
            len: 0,
        };
        for row in chosen.into_iter().take(CAPACITY) {
            s.push(row);
        }
        Ok(s)
    }

    fn push(&mut self, row: usize) {
        if let (Ok(byte), Some(slot)) = (u8::try_from(row), self.rows.get_mut(self.len as usize)) {
            *slot = byte;
            self.len += 1;
        }
    }

    /// The rows of [`TABLE`] in the selection's order.
    pub fn rows(&self) -> impl ExactSizeIterator<Item = usize> + '_ {
        self.rows[..self.len as usize].iter().map(|&r| r as usize)
    }

    /// The row at position `i` of the selection.
    pub fn row(&self, i: usize) -> usize {
        self.rows[..self.len as usize]
            .get(i)
            .map_or(0, |&r| r as usize)
    }

    /// How many rows it holds.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether it holds none (never true of a parsed selection).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The techniques in the selection's order.
    pub fn techniques(&self) -> impl Iterator<Item = Technique> + '_ {
        self.rows().map(|r| TABLE[r].technique)
    }

    /// Whether `technique` may be used.
    pub fn contains(&self, technique: Technique) -> bool {
        self.rows().any(|r| r == technique as usize)
    }

    /// Whether this is the whole table in its own order (the default walk).
    pub fn is_table(&self) -> bool {
        self.len() == TABLE.len() && self.rows().enumerate().all(|(i, r)| i == r)
    }
}

/// The names of a comma-separated list, trimmed; an empty one is refused.
fn names<'a>(text: &'a str, list: &'static str) -> Result<Vec<&'a str>, SelectionError> {
    text.split(',')
        .map(str::trim)
        .map(|n| {
            if n.is_empty() {
                Err(SelectionError::Empty { list })
            } else {
                Ok(n)
            }
        })
        .collect()
}

/// Every family, for names and suggestions.
const FAMILIES: [Family; 15] = [
    Family::Single,
    Family::Direct,
    Family::Bookkeeping,
    Family::Intersection,
    Family::Subset,
    Family::Fish,
    Family::Wing,
    Family::XyChain,
    Family::SingleDigit,
    Family::Coloring,
    Family::Trial,
    Family::Chain,
    Family::Uniqueness,
    Family::Forcing,
    Family::Als,
];

/// The table rows a name stands for: one technique, or a family's members.
fn rows_of(name: &str, list: &'static str) -> Result<Vec<usize>, SelectionError> {
    let lower = name.to_ascii_lowercase();
    let family_only = lower.strip_prefix("family:");
    if family_only.is_none()
        && let Ok(t) = lower.parse::<Technique>()
    {
        return Ok(vec![t as usize]);
    }
    let key = family_only.unwrap_or(&lower);
    if let Some(family) = FAMILIES.iter().find(|f| f.name() == key) {
        return Ok(TABLE
            .iter()
            .enumerate()
            .filter(|(_, i)| i.family == *family)
            .map(|(r, _)| r)
            .collect());
    }
    Err(SelectionError::Unknown {
        list,
        name: name.to_string(),
        near: nearest(key),
    })
}

/// The known name closest to `name` by edit distance, if it is close.
fn nearest(name: &str) -> Option<&'static str> {
    TABLE
        .iter()
        .map(|i| i.name)
        .chain(FAMILIES.iter().map(|f| f.name()))
        .map(|known| (distance(name, known), known))
        .filter(|&(d, known)| d <= 2.max(known.len() / 4))
        .min_by_key(|&(d, _)| d)
        .map(|(_, known)| known)
}

/// Levenshtein distance in bytes (names are ASCII).
fn distance(a: &str, b: &str) -> usize {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, &ca) in a.iter().enumerate() {
        let mut diag = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let up = row[j + 1];
            row[j + 1] = (diag + usize::from(ca != cb)).min(row[j] + 1).min(up + 1);
            diag = up;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_is_the_table() {
        let s = Selection::table();
        assert!(s.is_table());
        assert_eq!(s.len(), TABLE.len());
        assert_eq!(Selection::parse(None, None), Ok(s));
    }

    #[test]
    fn order_is_kept_and_duplicates_dropped() {
        let s = Selection::parse(Some("naked-pair, x-wing ,naked-pair"), None).unwrap();
        let t: Vec<_> = s.techniques().collect();
        assert_eq!(
            t,
            [
                Technique::WriteCandidates,
                Technique::NakedPair,
                Technique::XWing
            ]
        );
        let singles_first = Selection::parse(Some("x-wing,naked-single"), None).unwrap();
        let t: Vec<_> = singles_first.techniques().collect();
        assert_eq!(
            t,
            [
                Technique::XWing,
                Technique::NakedSingle,
                Technique::WriteCandidates
            ]
        );
        assert!(!s.is_table());
    }

    #[test]
    fn families_expand_and_without_removes() {
        let s = Selection::parse(None, Some("forcing,trial")).unwrap();
        assert!(!s.contains(Technique::ForcingNet));
        assert!(!s.contains(Technique::TrialAndError));
        assert!(s.contains(Technique::XWing));
        let fam = Selection::parse(Some("family:xy-chain"), None).unwrap();
        assert!(fam.contains(Technique::RemotePair));
        let one = Selection::parse(Some("xy-chain"), None).unwrap();
        assert!(!one.contains(Technique::RemotePair));
    }

    #[test]
    fn bad_names_are_named_with_a_suggestion() {
        let e = Selection::parse(Some("hidden-single,x-wnig"), None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown technique or family 'x-wnig' in --techniques (did you mean 'x-wing'?)"
        );
        assert_eq!(
            Selection::parse(None, Some("a,,b")).unwrap_err(),
            SelectionError::Empty { list: "--without" }
        );
        assert_eq!(
            Selection::parse(Some("write-candidates"), None).unwrap_err(),
            SelectionError::Nothing
        );
        assert!(matches!(
            Selection::parse(Some("zzzzzzzzzzzzzz"), None).unwrap_err(),
            SelectionError::Unknown { near: None, .. }
        ));
    }
}
