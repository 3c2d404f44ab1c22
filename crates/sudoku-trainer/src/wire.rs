//! How the data model's index types look in JSON.
//!
//! `sudoku-core` has no serde dependency, so the trainer's state types name these
//! modules in `#[serde(with = ...)]`. The shapes are chosen for a browser: a cell is
//! its index 0..80 (row-major), a digit its value 1–9, a set an array in ascending
//! order, a house an object with its global index, kind, 1-based number and its
//! cells (so a page can highlight it without geometry tables), a grid an
//! 81-character string with `.` for empty cells. Deserialising checks every range
//! and reports the bad value; nothing from outside can panic here.

use serde::de::{Deserializer, Error as _};
use serde::ser::{SerializeStruct, Serializer};
use serde::{Deserialize, Serialize};
use sudoku_core::{Cell, CellSet, Digit, DigitSet, Grid, House, HouseKind};

/// A cell as its index 0..80.
pub mod cell {
    use super::*;

    /// Serialises the cell index.
    pub fn serialize<S: Serializer>(c: &Cell, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(c.index() as u8)
    }

    /// Reads a cell index, rejecting values above 80.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Cell, D::Error> {
        let i = u64::deserialize(d)?;
        usize::try_from(i)
            .ok()
            .and_then(Cell::new)
            .ok_or_else(|| D::Error::custom(format!("cell index {i} is not in 0..=80")))
    }
}

/// A digit as its value 1–9.
pub mod digit {
    use super::*;

    /// Serialises the digit value.
    pub fn serialize<S: Serializer>(d: &Digit, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(d.get())
    }

    /// Reads a digit, rejecting values outside 1–9.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Digit, D::Error> {
        let v = u64::deserialize(d)?;
        u8::try_from(v)
            .ok()
            .and_then(Digit::new)
            .ok_or_else(|| D::Error::custom(format!("digit {v} is not in 1..=9")))
    }
}

/// A digit set as an ascending array of digit values.
pub mod digit_set {
    use super::*;

    /// Serialises the digits in ascending order.
    pub fn serialize<S: Serializer>(set: &DigitSet, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(set.iter().map(|d| d.get()))
    }

    /// Reads an array of digit values.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<DigitSet, D::Error> {
        let values = Vec::<u64>::deserialize(d)?;
        let mut set = DigitSet::EMPTY;
        for v in values {
            let digit = u8::try_from(v)
                .ok()
                .and_then(Digit::new)
                .ok_or_else(|| D::Error::custom(format!("digit {v} is not in 1..=9")))?;
            set.insert(digit);
        }
        Ok(set)
    }
}

/// A cell set as an ascending array of cell indices.
pub mod cell_set {
    use super::*;

    /// Serialises the cell indices in ascending order.
    pub fn serialize<S: Serializer>(set: &CellSet, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(set.iter().map(|c| c.index() as u8))
    }

    /// Reads an array of cell indices.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<CellSet, D::Error> {
        let values = Vec::<u64>::deserialize(d)?;
        let mut set = CellSet::EMPTY;
        for i in values {
            let cell = usize::try_from(i)
                .ok()
                .and_then(Cell::new)
                .ok_or_else(|| D::Error::custom(format!("cell index {i} is not in 0..=80")))?;
            set.insert(cell);
        }
        Ok(set)
    }
}

fn kind_name(kind: HouseKind) -> &'static str {
    match kind {
        HouseKind::Row => "row",
        HouseKind::Column => "column",
        HouseKind::Box => "box",
        HouseKind::Diagonal => "diagonal",
        _ => "color",
    }
}

/// A house as `{"index": 27, "kind": "diagonal", "number": 1, "cells": [0, 10, …]}`;
/// only `index` is read back.
pub mod house {
    use super::*;

    /// Serialises index, kind, 1-based number and cells.
    pub fn serialize<S: Serializer>(h: &House, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("House", 4)?;
        st.serialize_field("index", &(h.index() as u8))?;
        st.serialize_field("kind", kind_name(h.kind()))?;
        st.serialize_field("number", &(h.number() as u8 + 1))?;
        let cells: Vec<u8> = h.cells().iter().map(|c| c.index() as u8).collect();
        st.serialize_field("cells", &cells)?;
        st.end()
    }

    #[derive(Deserialize)]
    struct Raw {
        index: u64,
    }

    /// Reads a house from its `index` (0..37).
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<House, D::Error> {
        let raw = Raw::deserialize(d)?;
        usize::try_from(raw.index)
            .ok()
            .and_then(House::new)
            .ok_or_else(|| D::Error::custom(format!("house index {} is not in 0..=37", raw.index)))
    }
}

/// A list of houses, each as in [`house`].
pub mod houses {
    use super::*;

    #[derive(Serialize, Deserialize)]
    struct W(#[serde(with = "super::house")] House);

    /// Serialises every house.
    pub fn serialize<S: Serializer>(hs: &[House], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(hs.iter().map(|&h| W(h)))
    }

    /// Reads a list of houses.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<House>, D::Error> {
        Ok(Vec::<W>::deserialize(d)?.into_iter().map(|w| w.0).collect())
    }
}

/// A grid as an 81-character string, `.` for an empty cell.
pub mod grid {
    use super::*;

    /// Serialises the grid as one line.
    pub fn serialize<S: Serializer>(g: &Grid, s: S) -> Result<S::Ok, S::Error> {
        let line: String = g
            .values()
            .iter()
            .map(|&v| if v == 0 { '.' } else { (b'0' + v) as char })
            .collect();
        s.serialize_str(&line)
    }

    /// Reads 81 characters, digits 1–9 and `.` or `0` for empty, or a
    /// puzzle in another program's format ([`parse_grid_text`]).
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Grid, D::Error> {
        let text = String::deserialize(d)?;
        parse_grid_text(&text).map_err(D::Error::custom)
    }
}

/// A grid from a client: 81 characters as [`parse_grid`] reads them, or a
/// puzzle in any format the command line reads (a candidate grid, framed or
/// not, whose placed digits are the grid; a HoDoKu library or `+`-marked
/// line, whose givens are; 81 spaced cells; a sukaku line). An error names
/// the line and position.
pub fn parse_grid_text(text: &str) -> Result<Grid, String> {
    if text.chars().count() == 81 {
        return parse_grid(text);
    }
    match sudoku_core::parse_text_located(text) {
        Ok(p) => Ok(p.grid),
        // One line of the wrong length: said as before.
        Err(e)
            if !text.trim().contains('\n')
                && matches!(
                    e.error,
                    sudoku_core::ParseError::WrongLength { .. } | sudoku_core::ParseError::Empty
                ) =>
        {
            parse_grid(text)
        }
        Err(e) => Err(e.to_string()),
    }
}

/// Pencil marks from a client's text: a candidate grid (framed or not), a
/// sukaku line or a HoDoKu library line with deleted candidates; each cell's
/// candidates (a placed cell its digit).
pub fn parse_marks_text(text: &str) -> Result<[DigitSet; 81], String> {
    match sudoku_core::parse_text_located(text) {
        Ok(p) => p.candidates.ok_or_else(|| {
            "the text holds no candidates (a candidate grid, a sukaku line or a library line \
             with deleted candidates is needed)"
                .to_string()
        }),
        Err(e) => Err(e.to_string()),
    }
}

/// Reads an 81-character grid line (digits, `.` or `0`), naming the first bad
/// character and its position.
pub fn parse_grid(text: &str) -> Result<Grid, String> {
    let count = text.chars().count();
    if count != 81 {
        return Err(format!("a grid needs 81 characters, got {count}"));
    }
    let mut values = [0u8; 81];
    for (i, ch) in text.chars().enumerate() {
        values[i] = match ch {
            '.' | '0' => 0,
            '1'..='9' => ch as u8 - b'0',
            _ => {
                return Err(format!(
                    "character {} of the grid is {ch:?}, expected 1-9, 0 or .",
                    i + 1
                ));
            }
        };
    }
    Grid::from_values(values).ok_or_else(|| "grid value above 9".to_string())
}

/// The 81 digit sets of a position (empty for filled cells) as 81 arrays.
pub mod fields {
    use super::*;

    #[derive(Serialize, Deserialize)]
    struct W(#[serde(with = "super::digit_set")] DigitSet);

    /// Serialises 81 arrays of digits.
    pub fn serialize<S: Serializer>(f: &[DigitSet; 81], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(f.iter().map(|&d| W(d)))
    }

    /// Reads exactly 81 arrays of digits.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[DigitSet; 81], D::Error> {
        let v = Vec::<W>::deserialize(d)?;
        if v.len() != 81 {
            return Err(D::Error::custom(format!(
                "expected 81 candidate fields, got {}",
                v.len()
            )));
        }
        let mut out = [DigitSet::EMPTY; 81];
        for (o, w) in out.iter_mut().zip(v) {
            *o = w.0;
        }
        Ok(out)
    }
}

/// Optional pencil marks: `null` (or absent, with `#[serde(default)]`) or 81
/// arrays of digits as [`fields`].
pub mod opt_fields {
    use super::*;

    /// Serialises `null` or 81 arrays of digits.
    pub fn serialize<S: Serializer>(f: &Option<[DigitSet; 81]>, s: S) -> Result<S::Ok, S::Error> {
        match f {
            Some(f) => fields::serialize(f, s),
            None => s.serialize_none(),
        }
    }

    /// Reads `null`, exactly 81 arrays of digits, or a text holding
    /// candidates ([`super::parse_marks_text`]: a candidate grid and the like).
    pub fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Option<[DigitSet; 81]>, D::Error> {
        d.deserialize_option(Marks)
    }

    /// Null, 81 arrays (their own errors: count, digit) or a text.
    struct Marks;

    impl<'de> serde::de::Visitor<'de> for Marks {
        type Value = Option<[DigitSet; 81]>;

        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("null, 81 arrays of digits, or a candidate grid as text")
        }

        fn visit_none<E: serde::de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }

        fn visit_unit<E: serde::de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }

        fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
            d.deserialize_any(Marks)
        }

        fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Self::Value, E> {
            super::parse_marks_text(text).map(Some).map_err(E::custom)
        }

        fn visit_seq<A: serde::de::SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
            super::fields::deserialize(serde::de::value::SeqAccessDeserializer::new(seq)).map(Some)
        }
    }
}

/// A technique by its stable name.
pub mod technique {
    use super::*;
    use sudoku_logic::Technique;

    /// Serialises the kebab-case name.
    pub fn serialize<S: Serializer>(t: &Technique, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(t.name())
    }

    /// Reads a technique name.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Technique, D::Error> {
        let name = String::deserialize(d)?;
        name.parse().map_err(D::Error::custom)
    }
}

/// A variant by its canonical name (`standard`, `diagonal`, `color`,
/// `color-diagonal`; the aliases of `Variant::from_str` are accepted).
pub mod variant {
    use super::*;
    use sudoku_core::Variant;

    /// Serialises the canonical name.
    pub fn serialize<S: Serializer>(v: &Variant, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(v.name())
    }

    /// Reads a variant name.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Variant, D::Error> {
        let name = String::deserialize(d)?;
        name.parse().map_err(D::Error::custom)
    }
}

/// A language as its code, `en` or `de`.
pub mod lang {
    use super::*;
    use sudoku_core::Lang;

    /// Serialises the code.
    pub fn serialize<S: Serializer>(l: &Lang, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(l.code())
    }

    /// Reads a code, naming the bad one.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Lang, D::Error> {
        let code = String::deserialize(d)?;
        code.parse()
            .map_err(|e: sudoku_core::UnknownLang| D::Error::custom(e.to_string()))
    }
}
