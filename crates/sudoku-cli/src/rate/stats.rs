//! `rate --stats`: how often each technique is used over all the puzzles'
//! solving paths, and the seed's six groups of elimination methods — the
//! frequency lists the diagonal solver's author publishes for his collection.
//!
//! The rows are folded in as they stream past (a count per technique and per
//! status), so a file of any size is summarised in constant memory; nothing of
//! a path is kept after its row.

use super::RateRow;
use crate::output;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::io::{self, Write};
use sudoku_logic::{Family, Technique};
use sudoku_rate::Assessment;

/// The seed's six groups of elimination methods ("Methoden-Gruppen"), with
/// the families of our table in each.
const GROUPS: [(&str, &[Family]); 6] = [
    (
        "row/column/box tests (locked candidates)",
        &[Family::Intersection],
    ),
    (
        "single-digit chains, fish and colouring",
        &[Family::SingleDigit, Family::Fish, Family::Coloring],
    ),
    (
        "XY-chains (golden chains) and wings",
        &[Family::XyChain, Family::Wing],
    ),
    ("naked and hidden subsets", &[Family::Subset]),
    (
        "AICs, nice loops, forcing chains and nets",
        &[Family::Chain, Family::Forcing],
    ),
    ("unique rectangles and loops", &[Family::Uniqueness]),
];

/// Where a family's steps are counted in the group summary.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Slot {
    /// Placements and writing candidates: not an elimination method.
    Placement,
    /// One of the seed's six groups (index into [`GROUPS`]).
    Group(usize),
    /// Elimination methods the seed's groups do not name.
    Other,
}

fn slot(family: Family) -> Slot {
    match family {
        Family::Single | Family::Direct | Family::Bookkeeping => Slot::Placement,
        Family::Intersection => Slot::Group(0),
        Family::SingleDigit | Family::Fish | Family::Coloring => Slot::Group(1),
        Family::XyChain | Family::Wing => Slot::Group(2),
        Family::Subset => Slot::Group(3),
        Family::Chain | Family::Forcing => Slot::Group(4),
        Family::Uniqueness => Slot::Group(5),
        Family::Als | Family::Trial => Slot::Other,
    }
}

/// Steps and puzzles of one technique or group.
#[derive(Clone, Copy, Default)]
struct Use {
    steps: u64,
    puzzles: u64,
}

/// The running totals of a `--stats` run.
#[derive(Default)]
pub(crate) struct Stats {
    /// Rows per status (`unique`, `multiple`, `none`, `invalid`, `unsolved`).
    statuses: BTreeMap<&'static str, u64>,
    /// Puzzles with a path (rated, or unsolved with the path as far as it went).
    paths: u64,
    steps: u64,
    techniques: BTreeMap<Technique, Use>,
    groups: [Use; 6],
    other: Use,
}

impl Stats {
    /// Folds in one row.
    pub(crate) fn add(&mut self, row: &RateRow) {
        *self.statuses.entry(row.status()).or_default() += 1;
        let Some(walk) = row
            .result
            .as_ref()
            .ok()
            .and_then(Assessment::rating)
            .and_then(|r| r.walk.as_ref())
        else {
            return;
        };
        self.paths += 1;
        let mut groups = [0u64; 6];
        let mut other = 0u64;
        for &(t, n) in &walk.techniques {
            let n = n as u64;
            self.steps += n;
            let u = self.techniques.entry(t).or_default();
            u.steps += n;
            u.puzzles += 1;
            match slot(t.info().family) {
                Slot::Placement => {}
                Slot::Group(g) => groups[g] += n,
                Slot::Other => other += n,
            }
        }
        for (total, n) in self.groups.iter_mut().zip(groups) {
            total.steps += n;
            total.puzzles += u64::from(n > 0);
        }
        self.other.steps += other;
        self.other.puzzles += u64::from(other > 0);
    }

    fn puzzles(&self) -> u64 {
        self.statuses.values().sum()
    }

    /// The techniques used, most steps first (ties in table order).
    fn ranked(&self) -> Vec<(Technique, Use)> {
        let mut v: Vec<(Technique, Use)> = self.techniques.iter().map(|(t, u)| (*t, *u)).collect();
        v.sort_by(|a, b| b.1.steps.cmp(&a.1.steps).then(a.0.cmp(&b.0)));
        v
    }

    /// Steps of the elimination methods (the groups' base).
    fn elimination_steps(&self) -> u64 {
        self.groups.iter().map(|g| g.steps).sum::<u64>() + self.other.steps
    }

    /// The summary as text tables.
    pub(crate) fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        let statuses: Vec<String> = ["unique", "unsolved", "multiple", "none", "invalid"]
            .iter()
            .map(|s| format!("{s} {}", self.statuses.get(s).copied().unwrap_or(0)))
            .collect();
        writeln!(out, "puzzles: {} ({})", self.puzzles(), statuses.join(", "))?;
        writeln!(out, "steps: {} on {} solving paths", self.steps, self.paths)?;
        writeln!(out)?;
        let width = self
            .techniques
            .keys()
            .map(|t| t.name().len())
            .max()
            .unwrap_or(0)
            .max("technique".len());
        writeln!(
            out,
            "{:<width$}  {:>10}  {:>7}  {:>8}  {:>9}",
            "technique", "steps", "share %", "puzzles", "puzzles %"
        )?;
        for (t, u) in self.ranked() {
            writeln!(
                out,
                "{:<width$}  {:>10}  {:>7}  {:>8}  {:>9}",
                t.name(),
                u.steps,
                pct(u.steps, self.steps),
                u.puzzles,
                pct(u.puzzles, self.paths)
            )?;
        }
        let base = self.elimination_steps();
        writeln!(out)?;
        writeln!(
            out,
            "the seed's six groups of elimination methods ({base} elimination steps):"
        )?;
        let width = GROUPS
            .iter()
            .map(|(name, _)| name.len() + 3)
            .max()
            .unwrap_or(0);
        writeln!(
            out,
            "{:<width$}  {:>10}  {:>7}  {:>8}",
            "group", "steps", "share %", "puzzles"
        )?;
        for (i, ((name, _), u)) in GROUPS.iter().zip(&self.groups).enumerate() {
            let label = format!("{}. {name}", i + 1);
            writeln!(
                out,
                "{label:<width$}  {:>10}  {:>7}  {:>8}",
                u.steps,
                pct(u.steps, base),
                u.puzzles
            )?;
        }
        writeln!(
            out,
            "{:<width$}  {:>10}  {:>7}  {:>8}",
            "-  other (ALS, trial and error)",
            self.other.steps,
            pct(self.other.steps, base),
            self.other.puzzles
        )
    }

    /// The summary as one JSON object.
    pub(crate) fn write_json(&self, out: &mut dyn Write) -> io::Result<()> {
        let base = self.elimination_steps();
        let techniques: Vec<Value> = self
            .ranked()
            .into_iter()
            .map(|(t, u)| {
                json!({
                    "technique": t.name(),
                    "family": t.info().family.name(),
                    "steps": u.steps,
                    "share": share(u.steps, self.steps),
                    "puzzles": u.puzzles,
                    "puzzle_share": share(u.puzzles, self.paths),
                })
            })
            .collect();
        let mut groups: Vec<Value> = GROUPS
            .iter()
            .zip(&self.groups)
            .enumerate()
            .map(|(i, ((name, families), u))| {
                json!({
                    "group": i + 1,
                    "name": name,
                    "families": families.iter().map(|f| f.name()).collect::<Vec<_>>(),
                    "steps": u.steps,
                    "share": share(u.steps, base),
                    "puzzles": u.puzzles,
                })
            })
            .collect();
        groups.push(json!({
            "group": null,
            "name": "other",
            "families": [Family::Als.name(), Family::Trial.name()],
            "steps": self.other.steps,
            "share": share(self.other.steps, base),
            "puzzles": self.other.puzzles,
        }));
        let value = json!({
            "puzzles": self.puzzles(),
            "statuses": self.statuses,
            "paths": self.paths,
            "steps": self.steps,
            "techniques": techniques,
            "elimination_steps": base,
            "groups": groups,
        });
        output::json_line(out, &value)
    }
}

/// `part` of `whole` in percent, as a JSON number with two decimals (0 when
/// `whole` is 0).
fn share(part: u64, whole: u64) -> Value {
    if whole == 0 {
        return json!(0.0);
    }
    json!((part as f64 * 10_000.0 / whole as f64).round() / 100.0)
}

/// `part` of `whole` in percent with one decimal, for the text table.
fn pct(part: u64, whole: u64) -> String {
    if whole == 0 {
        return "0.0".to_string();
    }
    format!("{:.1}", part as f64 * 100.0 / whole as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_family_has_a_place_and_the_groups_list_theirs() {
        for t in Technique::all() {
            let f = t.info().family;
            if let Slot::Group(g) = slot(f) {
                assert!(GROUPS[g].1.contains(&f), "{}", f.name());
            }
        }
        for (g, (_, families)) in GROUPS.iter().enumerate() {
            assert!(families.iter().all(|&f| slot(f) == Slot::Group(g)));
        }
    }

    #[test]
    fn shares() {
        assert_eq!(pct(1, 3), "33.3");
        assert_eq!(pct(0, 0), "0.0");
        assert_eq!(share(1, 3), json!(33.33));
    }
}
