//! One step told in three stages, for a learner who wants to be nudged before
//! being told: level 1 names the technique and where to look, level 2 shows
//! the cells of the pattern, level 3 is the whole step with its reason and
//! result.
//!
//! Level 1 must not give the answer away: its text holds the technique's name
//! and house names only — no cell, no digit of what the step places or
//! removes (a test over a thousand positions holds it to that). Level 2 shows
//! the pattern (cells, candidates and links the reasoning uses) but none of
//! the step's effects; level 3 adds them. Each level carries the shapes the
//! page draws for it, cut from the step's full drawing ([`crate::shapes_at`]).

use crate::shapes_at;
use crate::{Lang, render_at, technique_name};
use serde::Serialize;
use serde::ser::{SerializeStruct, Serializer};
use sudoku_core::{Cell, CellSet, Digit, DigitSet, House, HouseKind, Variant};
use sudoku_logic::describe::words;
use sudoku_logic::{Candidates, Step};
use sudoku_logic::{CellRole, MarkRole, Shape};

/// A step told at three levels of detail.
#[derive(Clone, Debug, Serialize)]
pub struct GradedHint {
    /// The technique's stable name.
    pub technique: &'static str,
    /// Its display name in the hint's language.
    pub name: &'static str,
    /// Level 1 (where to look), 2 (the pattern) and 3 (the whole step).
    pub levels: [HintLevel; 3],
}

/// What one level of a hint says and shows.
#[derive(Clone, Debug)]
pub struct HintLevel {
    /// 1, 2 or 3.
    pub level: u8,
    /// The text.
    pub text: String,
    /// The houses to frame (level 1: the region to look in).
    pub houses: Vec<House>,
    /// The cells to frame.
    pub cells: CellSet,
    /// The drawing over the grid.
    pub shapes: Vec<Shape>,
    /// Digits placed (level 3 only).
    pub placements: Vec<(Cell, Digit)>,
    /// Candidates removed (level 3 only).
    pub eliminations: Vec<(Cell, Digit)>,
    /// The language, for the house names in JSON.
    lang: Lang,
}

impl Serialize for HintLevel {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct HouseOut {
            name: String,
            cells: Vec<String>,
        }
        #[derive(Serialize)]
        struct Pair {
            cell: String,
            digit: u8,
        }
        let pairs = |v: &[(Cell, Digit)]| -> Vec<Pair> {
            v.iter()
                .map(|&(c, d)| Pair {
                    cell: c.to_string(),
                    digit: d.get(),
                })
                .collect()
        };
        let houses: Vec<HouseOut> = self
            .houses
            .iter()
            .map(|&h| HouseOut {
                name: words::house(h, self.lang),
                cells: h.cells().iter().map(|c| c.to_string()).collect(),
            })
            .collect();
        let cells: Vec<String> = self.cells.iter().map(|c| c.to_string()).collect();
        let mut st = s.serialize_struct("HintLevel", 7)?;
        st.serialize_field("level", &self.level)?;
        st.serialize_field("text", &self.text)?;
        st.serialize_field("houses", &houses)?;
        st.serialize_field("cells", &cells)?;
        st.serialize_field("shapes", &self.shapes)?;
        st.serialize_field("placements", &pairs(&self.placements))?;
        st.serialize_field("eliminations", &pairs(&self.eliminations))?;
        st.end()
    }
}

/// `step`, found in `before`, told at three levels in `lang`.
pub fn graded(step: &Step, before: &Candidates, lang: Lang) -> GradedHint {
    let name = technique_name(step.technique, lang);
    let full = shapes_at(step, before);
    let pattern = pattern_cells(step, &full);
    GradedHint {
        technique: step.technique.name(),
        name,
        levels: [
            level1(step, name, before.variant(), pattern, lang),
            level2(step, name, pattern, &full, lang),
            level3(step, before, pattern, full, lang),
        ],
    }
}

/// The cells the reasoning stands on: the step's pattern cells, else the cells
/// its drawing frames as pattern, fin or hinge, else the cells of its marks
/// that are not its effects.
fn pattern_cells(step: &Step, shapes: &[Shape]) -> CellSet {
    if !step.cells.is_empty() {
        return step.cells;
    }
    let mut framed = CellSet::EMPTY;
    let mut marked = CellSet::EMPTY;
    for s in shapes {
        match s {
            Shape::Cell { cell, role } if *role != CellRole::Target => framed.insert(*cell),
            Shape::Mark { cell, role, .. } if !is_effect(*role) => marked.insert(*cell),
            _ => {}
        }
    }
    if framed.is_empty() { marked } else { framed }
}

fn is_effect(role: MarkRole) -> bool {
    matches!(role, MarkRole::Eliminated | MarkRole::Placed)
}

fn targets(step: &Step) -> CellSet {
    step.placements
        .iter()
        .map(|p| p.cell)
        .chain(step.eliminations.iter().map(|e| e.cell))
        .collect()
}

/// Where level 1 sends the player: the step's own houses if one or two of
/// them hold the whole pattern; else one house that holds it (a row or column
/// before a box, a box before the variant's other houses); else the step's own
/// houses if one or two; else the one or two boxes the pattern spans; else
/// the two or three rows, columns or boxes it lies in; else the three boxes
/// holding most of it (where to start). Only a step without any cell gets no
/// region (no technique makes one).
fn region(step: &Step, variant: Variant, pattern: CellSet) -> Vec<House> {
    let cells = if pattern.is_empty() {
        targets(step)
    } else {
        pattern
    };
    if cells.is_empty() {
        return Vec::new();
    }
    // The houses the reasoning names, when they hold the whole pattern (a
    // hidden single's house, a subset's line).
    if (1..=2).contains(&step.houses.len()) {
        let union = step
            .houses
            .iter()
            .fold(CellSet::EMPTY, |acc, &h| acc | Variant::house_cells(h));
        if cells.is_subset(union) {
            return step.houses.clone();
        }
    }
    let rank = |h: &House| match h.kind() {
        HouseKind::Row | HouseKind::Column => 0,
        HouseKind::Box => 1,
        _ => 2,
    };
    let mut holding: Vec<House> = variant
        .houses()
        .iter()
        .copied()
        .filter(|&h| cells.is_subset(Variant::house_cells(h)))
        .collect();
    holding.sort_by_key(rank);
    if let Some(&h) = holding.first() {
        return vec![h];
    }
    if (1..=2).contains(&step.houses.len()) {
        return step.houses.clone();
    }
    let mut boxes: Vec<usize> = cells.iter().map(|c| c.boxx()).collect();
    boxes.sort_unstable();
    boxes.dedup();
    if boxes.len() <= 2 {
        return boxes.into_iter().map(House::boxx).collect();
    }
    // A pattern spread wider (chains, nets, ALS, fish): the two or three
    // rows, or columns, or boxes it lies in; else the three boxes that hold
    // most of it, where to start. Never the whole grid.
    let mut rows: Vec<usize> = cells.iter().map(|c| c.row()).collect();
    rows.sort_unstable();
    rows.dedup();
    let mut cols: Vec<usize> = cells.iter().map(|c| c.col()).collect();
    cols.sort_unstable();
    cols.dedup();
    if rows.len() <= 3 && rows.len() <= cols.len() {
        return rows.into_iter().map(House::row).collect();
    }
    if cols.len() <= 3 {
        return cols.into_iter().map(House::column).collect();
    }
    if boxes.len() <= 3 {
        return boxes.into_iter().map(House::boxx).collect();
    }
    let mut by_count: Vec<(usize, usize)> = boxes
        .iter()
        .map(|&b| (cells.iter().filter(|c| c.boxx() == b).count(), b))
        .collect();
    by_count.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut most: Vec<usize> = by_count.into_iter().take(3).map(|(_, b)| b).collect();
    most.sort_unstable();
    most.into_iter().map(House::boxx).collect()
}

fn level1(
    step: &Step,
    name: &'static str,
    variant: Variant,
    pattern: CellSet,
    lang: Lang,
) -> HintLevel {
    let houses = region(step, variant, pattern);
    let places = words::and_list(
        &houses
            .iter()
            .map(|&h| words::in_house(h, lang))
            .collect::<Vec<_>>(),
        lang,
    );
    let text = match (lang, houses.is_empty()) {
        (Lang::De, true) => format!("Nächste Technik: {name}. Schau auf das ganze Gitter."),
        (Lang::De, false) => format!("Nächste Technik: {name}. Schau {places}."),
        (Lang::En, true) => format!("Next technique: {name}. Look at the whole grid."),
        (Lang::En, false) => format!("Next technique: {name}. Look {places}."),
    };
    HintLevel {
        level: 1,
        text,
        houses,
        cells: CellSet::EMPTY,
        shapes: Vec::new(),
        placements: Vec::new(),
        eliminations: Vec::new(),
        lang,
    }
}

/// The most cells level 2 lists by name; beyond, it counts them.
const LIST_CELLS: usize = 12;

fn level2(
    step: &Step,
    name: &'static str,
    pattern: CellSet,
    full: &[Shape],
    lang: Lang,
) -> HintLevel {
    let mut shapes: Vec<Shape> = full
        .iter()
        .filter(|s| match s {
            Shape::Cell { role, .. } => *role != CellRole::Target,
            Shape::Mark { role, .. } => !is_effect(*role),
            _ => true,
        })
        .cloned()
        .collect();
    let framed: CellSet = shapes
        .iter()
        .filter_map(|s| match s {
            Shape::Cell { cell, .. } => Some(*cell),
            _ => None,
        })
        .collect();
    for cell in (pattern - framed).iter() {
        shapes.push(Shape::Cell {
            cell,
            role: CellRole::Pattern,
        });
    }
    let places = if pattern.len() <= LIST_CELLS {
        words::cells(pattern)
    } else {
        match lang {
            Lang::De => format!("{} umrandeten Zellen", pattern.len()),
            Lang::En => format!("the {} framed cells", pattern.len()),
        }
    };
    // A placement's digit is its answer; a pattern's digits are its
    // substance: those its drawing marks as the pattern (not the extra
    // digits of its other side, nor what it removes), else the step's.
    let drawn: DigitSet = shapes
        .iter()
        .filter_map(|s| match s {
            Shape::Mark {
                digit,
                role: MarkRole::Pattern | MarkRole::On | MarkRole::Off | MarkRole::Assumption,
                ..
            } => Some(*digit),
            _ => None,
        })
        .collect();
    let own = if drawn.is_empty() { step.digits } else { drawn };
    let about = if step.eliminations.is_empty() || own.is_empty() {
        String::new()
    } else {
        match lang {
            Lang::De => format!(" Es geht um {}.", words::digits(own, lang)),
            Lang::En => format!(" It is about {}.", words::digits(own, lang)),
        }
    };
    let text = match (lang, pattern.is_empty()) {
        (Lang::De, true) => format!("{name}: die Zeichnung zeigt das Muster.{about}"),
        (Lang::De, false) => format!("{name}: schau auf {places}.{about}"),
        (Lang::En, true) => format!("{name}: the drawing shows the pattern.{about}"),
        (Lang::En, false) => format!("{name}: look at {places}.{about}"),
    };
    HintLevel {
        level: 2,
        text,
        houses: Vec::new(),
        cells: pattern,
        shapes,
        placements: Vec::new(),
        eliminations: Vec::new(),
        lang,
    }
}

fn level3(
    step: &Step,
    before: &Candidates,
    pattern: CellSet,
    full: Vec<Shape>,
    lang: Lang,
) -> HintLevel {
    let mut text = render_at(step, before, lang);
    if let Some(compact) = crate::compact(step) {
        text.push('\n');
        text.push_str(&compact);
    }
    HintLevel {
        level: 3,
        text,
        houses: step.houses.clone(),
        cells: pattern | targets(step),
        shapes: full,
        placements: step.placements.iter().map(|p| (p.cell, p.digit)).collect(),
        eliminations: step
            .eliminations
            .iter()
            .map(|e| (e.cell, e.digit))
            .collect(),
        lang,
    }
}
