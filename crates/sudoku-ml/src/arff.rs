//! Weka's ARFF format, so feature vectors can be checked in Weka as the
//! thesis did (`@relation`, one numeric `@attribute` per feature, the class
//! as a nominal attribute, then `@data`).

use crate::data::Dataset;
use std::io::{self, Write};

/// A name quoted for ARFF when it holds anything but letters, digits and
/// `._-`.
fn quote(name: &str) -> String {
    if !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))
    {
        name.to_string()
    } else {
        format!("'{}'", name.replace('\\', "\\\\").replace('\'', "\\'"))
    }
}

/// Writes `data` as an ARFF file with relation name `relation`.
///
/// ```
/// use sudoku_ml::{write_arff, Dataset};
/// let d = Dataset {
///     names: vec!["givens.1".into()],
///     classes: vec!["Easy".into(), "Very Hard".into()],
///     rows: vec![vec![4.0], vec![2.5]],
///     labels: vec![0, 1],
///     lines: vec![2, 3],
/// };
/// let mut out = Vec::new();
/// write_arff(&mut out, &d, "sudoku").unwrap();
/// let text = String::from_utf8(out).unwrap();
/// assert!(text.contains("@attribute class {Easy,'Very Hard'}"));
/// assert!(text.ends_with("4,Easy\n2.5,'Very Hard'\n"));
/// ```
pub fn write_arff(out: &mut dyn Write, data: &Dataset, relation: &str) -> io::Result<()> {
    writeln!(out, "@relation {}", quote(relation))?;
    writeln!(out)?;
    for name in &data.names {
        writeln!(out, "@attribute {} numeric", quote(name))?;
    }
    let classes: Vec<String> = data.classes.iter().map(|c| quote(c)).collect();
    writeln!(out, "@attribute class {{{}}}", classes.join(","))?;
    writeln!(out)?;
    writeln!(out, "@data")?;
    let mut line = String::new();
    for (row, &label) in data.rows.iter().zip(&data.labels) {
        line.clear();
        for x in row {
            line.push_str(&x.to_string());
            line.push(',');
        }
        line.push_str(&classes[label]);
        writeln!(out, "{line}")?;
    }
    Ok(())
}
