//! Bivalue universal grave with extras: Sudoku Explainer's BUG types 1–4.
//!
//! A *BUG* — every empty cell with two candidates, every digit with two places
//! in each house it is missing from — never has exactly one solution (see
//! `bug.rs`). When the position would be one without some *extra*
//! candidates, one of those extras is true. Sudoku Explainer finds the extra
//! candidates house by house: a digit with neither 0 nor 2 places in a house
//! whose places hold exactly one cell with three or more candidates makes that
//! candidate an extra. Then:
//!
//! * type 1 — one cell holds the extras: its other candidates go;
//! * type 2 — one extra digit over several cells: it goes from every cell
//!   seeing them all;
//! * type 3 — the cells share a house and their extras, with other cells of
//!   it, form a naked subset: its digits go from the rest of the house;
//! * type 4 — two cells in one house sharing one non-extra digit, which must
//!   be in one of them: their other non-extra digits go.
//!
//! The table's BUG+1 is the placing form of type 1 for a trivalue cell; this
//! finder exists for Sudoku Explainer's walk, which needs its four types and
//! its order (types in the order it reports them, houses box, row, column).
//! Sound only for puzzles known to have one solution.

use crate::Candidates;
use crate::step::{Detail, Elimination, GraveKind, Step};
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};
use crate::techniques::unique_loop::{combinations, kind_rank, ordered_houses};
use sudoku_core::{Cell, CellSet, Digit, DigitSet, House, Variant};

/// The houses of the variant in Sudoku Explainer's order: boxes, rows,
/// columns, then the others.
fn houses_in_order(variant: Variant) -> Vec<House> {
    let mut houses = variant.houses().to_vec();
    houses.sort_by_key(|h| (kind_rank(h.kind()), h.index()));
    houses
}

/// Reports the BUG hits of `pos` in Sudoku Explainer's order.
pub(crate) fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    if !pos.unique_assumed() || !pos.is_written() {
        return;
    }
    let variant = pos.variant();
    let houses = houses_in_order(variant);
    let mut cells: Vec<Cell> = Vec::new();
    let mut extras_of = [DigitSet::EMPTY; 81];
    let mut all_extras = DigitSet::EMPTY;
    let mut common: Option<CellSet> = None;
    for &house in &houses {
        let region = Variant::house_cells(house);
        for d in Digit::ALL {
            let places = pos.cells_with(d) & region;
            if matches!(places.len(), 0 | 2) {
                continue;
            }
            let big: Vec<Cell> = places
                .iter()
                .filter(|&c| pos.candidates(c).len() >= 3)
                .collect();
            match big.as_slice() {
                [] => return,
                [cell] => {
                    let cell = *cell;
                    if !cells.contains(&cell) {
                        cells.push(cell);
                    }
                    extras_of[cell.index()].insert(d);
                    all_extras.insert(d);
                    let peers = variant.peers(cell);
                    let mut c = common.map_or(peers, |c| c & peers);
                    for &b in &cells {
                        c.remove(b);
                    }
                    common = Some(c);
                    if cells.len() > 1 && all_extras.len() > 1 && c.is_empty() {
                        return;
                    }
                }
                // Several candidates cells: another house decides.
                _ => {}
            }
        }
    }
    // Without the extras the position must be a BUG.
    let without = |c: Cell| pos.candidates(c) - extras_of[c.index()];
    if pos.empty_cells().iter().any(|c| without(c).len() != 2) {
        return;
    }
    for &house in &houses {
        let region = Variant::house_cells(house);
        for d in Digit::ALL {
            let n = (pos.cells_with(d) & region)
                .iter()
                .filter(|c| without(*c).contains(d))
                .count();
            if !matches!(n, 0 | 2) {
                return;
            }
        }
    }
    let set: CellSet = cells.iter().copied().collect();
    let common = common.unwrap_or(CellSet::EMPTY);
    let start = out.len();
    if cells.len() == 1 {
        let cell = cells[0];
        let mut s = grave_step(GraveKind::Type1, set, all_extras);
        for d in (pos.candidates(cell) - all_extras).iter() {
            s.eliminations.push(Elimination { cell, digit: d });
        }
        push(out, s);
    } else if all_extras.len() == 1 {
        type_2(pos, set, all_extras, common, out);
        if cells.len() == 2 {
            type_4(pos, &cells, &extras_of, all_extras, out);
        }
    } else if !common.is_empty() {
        if cells.len() == 2 {
            type_4(pos, &cells, &extras_of, all_extras, out);
        }
        type_3(pos, &cells, all_extras, common, out);
    }
    if mode == FindMode::First {
        out.truncate(start + 1.min(out.len() - start));
    }
}

fn grave_step(kind: GraveKind, cells: CellSet, extras: DigitSet) -> Step {
    let t = Technique::BivalueGrave;
    let mut s = Step::new(t, t.info().points);
    s.cells = cells;
    s.digits = extras;
    s.detail = Detail::BivalueGrave(BivalueGrave {
        kind,
        cells,
        extras,
        subset: CellSet::EMPTY,
        digits: DigitSet::EMPTY,
        house: None,
    });
    s
}

fn push(out: &mut Vec<Step>, mut s: Step) {
    if s.eliminations.is_empty() {
        return;
    }
    s.eliminations.sort_unstable();
    s.eliminations.dedup();
    out.push(s);
}

fn type_2(pos: &Candidates, set: CellSet, extras: DigitSet, common: CellSet, out: &mut Vec<Step>) {
    let Some(value) = extras.first() else { return };
    let mut s = grave_step(GraveKind::Type2, set, extras);
    for c in (common & pos.cells_with(value)).iter() {
        s.eliminations.push(Elimination {
            cell: c,
            digit: value,
        });
    }
    push(out, s);
}

/// The houses holding every cell of `cells`, in Sudoku Explainer's order.
fn shared(pos: &Candidates, cells: &[Cell]) -> Vec<House> {
    let Some(&first) = cells.first() else {
        return Vec::new();
    };
    ordered_houses(pos.variant(), first)
        .into_iter()
        .filter(|h| cells.iter().all(|&c| h.contains(c)))
        .collect()
}

fn type_3(
    pos: &Candidates,
    cells: &[Cell],
    extras: DigitSet,
    common: CellSet,
    out: &mut Vec<Step>,
) {
    let set: CellSet = cells.iter().copied().collect();
    for house in shared(pos, cells) {
        let region: Vec<Cell> = (common & Variant::house_cells(house) & pos.empty_cells())
            .iter()
            .collect();
        for degree in 2..=6 {
            if region.len() < degree {
                continue;
            }
            for mask in combinations(degree - 1, region.len()) {
                let chosen: CellSet = region
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| mask & (1 << i) != 0)
                    .map(|(_, &c)| c)
                    .collect();
                let mut union = DigitSet::EMPTY;
                let mut ok = true;
                for c in chosen.iter() {
                    let cands = pos.candidates(c);
                    ok &= cands.len() > 1;
                    union |= cands;
                }
                if !ok || union.len() != degree || extras.len() <= 1 || !extras.is_subset(union) {
                    continue;
                }
                let mut s = grave_step(GraveKind::Type3, set, extras);
                for &c in &region {
                    if chosen.contains(c) || set.contains(c) {
                        continue;
                    }
                    for d in (pos.candidates(c) & union).iter() {
                        s.eliminations.push(Elimination { cell: c, digit: d });
                    }
                }
                if let Detail::BivalueGrave(BivalueGrave {
                    subset,
                    digits,
                    house: h,
                    ..
                }) = &mut s.detail
                {
                    *subset = chosen;
                    *digits = union;
                    *h = Some(house);
                }
                s.houses.push(house);
                push(out, s);
            }
        }
    }
}

fn type_4(
    pos: &Candidates,
    cells: &[Cell],
    extras_of: &[DigitSet; 81],
    extras: DigitSet,
    out: &mut Vec<Step>,
) {
    let (c1, c2) = (cells[0], cells[1]);
    let both = (pos.candidates(c1) & pos.candidates(c2)) - extras;
    if both.len() != 1 {
        return;
    }
    let Some(value) = both.first() else { return };
    let set = CellSet::single(c1) | CellSet::single(c2);
    for house in shared(pos, cells) {
        let mut s = grave_step(GraveKind::Type4, set, extras);
        for c in [c1, c2] {
            let mut gone = pos.candidates(c) - extras_of[c.index()];
            gone.remove(value);
            for d in gone.iter() {
                s.eliminations.push(Elimination { cell: c, digit: d });
            }
        }
        if let Detail::BivalueGrave(BivalueGrave {
            digits, house: h, ..
        }) = &mut s.detail
        {
            *digits = DigitSet::single(value);
            *h = Some(house);
        }
        s.houses.push(house);
        push(out, s);
    }
}

/// A bivalue universal grave with extra candidates (Sudoku Explainer's
/// types 1–4): without the extras of `cells` every empty cell would hold
/// two candidates and every digit two places per house — a position with
/// no or two solutions — so one of the extras is true.
#[derive(Clone, Debug, PartialEq)]
pub struct BivalueGrave {
    /// Which type.
    pub kind: GraveKind,
    /// The cells holding extra candidates.
    pub cells: CellSet,
    /// The extra digits.
    pub extras: DigitSet,
    /// Type 3: the other cells of the naked subset; type 4: empty.
    pub subset: CellSet,
    /// Type 3: the digits of the naked subset; type 4: the locked digit.
    pub digits: DigitSet,
    /// Types 3 and 4: the house used.
    pub house: Option<House>,
}

crate::moved_fields!(BivalueGrave { cells, extras, subset, digits, house; kind });

/// Catalogue entry: Bivalue universal grave (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const BIVALUE_GRAVE: TechniqueInfo = TechniqueInfo {
    technique: Technique::BivalueGrave, name: "bivalue-universal-grave", names: Names { en: "Bivalue universal grave", de: "BUG (bivalenter Friedhof)" },
    family: Family::Uniqueness, phase: Phase::OnCandidates, points: 8.0, se: Some(5.6), finder: find, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};

pub(crate) mod told {
    //! This technique's steps told in English and German and drawn, both
    //! from the step struct (see [`crate::describe`]).
    //!
    //! Uniqueness techniques (unique, hidden and avoidable rectangles, BUG+1) and
    //! the remote pair. The texts say the premise aloud: these deductions hold
    //! because the puzzle has exactly one solution. German in the diagonal
    //! solver's words (Zeile, Spalte, Box, Kandidat, Kette).

    use crate::describe::drawing::Drawing;
    use crate::describe::words::{cells, digits, in_house, intro_why_so};
    use crate::describe::{Describe, Telling};
    use crate::{GraveKind, Step};
    use sudoku_core::Lang;
    use sudoku_core::{CellSet, DigitSet, House};

    /// Explains a bivalue universal grave of types 1–4.
    pub(crate) fn grave(
        step: &Step,
        name: &str,
        kind: GraveKind,
        (extra_cells, extras): (CellSet, DigitSet),
        (subset, digits_, house): (CellSet, DigitSet, Option<House>),
        lang: Lang,
    ) -> Option<String> {
        let (ex, xs, ds) = (
            cells(extra_cells),
            digits(extras, lang),
            digits(digits_, lang),
        );
        let single = extra_cells.len() == 1 && extras.len() == 1;
        let intro = match lang {
            Lang::En if single => format!(
                "{name}: without the extra candidate {xs} of {ex}, every empty cell would hold two candidates and every digit two places in each house — a position with no or two solutions. The puzzle has one, so the extra candidate is true."
            ),
            Lang::En => format!(
                "{name}: without the extra candidates {xs} of {ex}, every empty cell would hold two candidates and every digit two places in each house — a position with no or two solutions. The puzzle has one, so an extra candidate is true."
            ),
            Lang::De if single => format!(
                "{name}: Ohne den zusätzlichen Kandidaten {xs} in {ex} hätte jede leere Zelle zwei Kandidaten und jede Zahl in jeder Gruppe zwei Plätze — eine Stellung mit keiner oder zwei Lösungen. Das Puzzle hat genau eine, also ist der zusätzliche Kandidat richtig."
            ),
            Lang::De => format!(
                "{name}: Ohne die zusätzlichen Kandidaten {xs} in {ex} hätte jede leere Zelle zwei Kandidaten und jede Zahl in jeder Gruppe zwei Plätze — eine Stellung mit keiner oder zwei Lösungen. Das Puzzle hat genau eine, also ist einer der zusätzlichen Kandidaten richtig."
            ),
        };
        let house = house.map(|h| in_house(h, lang)).unwrap_or_default();
        let why = match (kind, lang) {
            (GraveKind::Type1, Lang::En) => format!("{ex} must take {xs}"),
            (GraveKind::Type1, Lang::De) => format!("{ex} muss die {xs} aufnehmen"),
            (GraveKind::Type2, Lang::En) => {
                format!("one of {ex} is {xs}, which goes from every cell seeing all of them")
            }
            (GraveKind::Type2, Lang::De) => {
                format!(
                    "eine von {ex} ist die {xs}, die aus jeder Zelle verschwindet, die alle sieht"
                )
            }
            (GraveKind::Type3, Lang::En) => format!(
                "{house} {ex} act as one cell holding {xs}; with {} they form a naked subset of {ds}, whose digits go from the rest of the house",
                cells(subset)
            ),
            (GraveKind::Type3, Lang::De) => format!(
                "{house} wirken {ex} wie eine Zelle mit {xs}; mit {} bilden sie ein nacktes Tupel aus {ds}, dessen Zahlen aus dem Rest der Gruppe verschwinden",
                cells(subset)
            ),
            (_, Lang::En) => format!(
                "{house} {ex} share the {ds}, which must be in one of them; each keeps its extra or the {ds}, so their other candidates go"
            ),
            (_, Lang::De) => format!(
                "{house} teilen {ex} die {ds}, die in einer davon stehen muss; jede behält ihren Zusatzkandidaten oder die {ds}, also verschwinden ihre übrigen Kandidaten"
            ),
        };
        Some(intro_why_so(&intro, &why, &step.eliminations, lang))
    }

    impl Describe for super::BivalueGrave {
        fn text(&self, step: &Step, at: &Telling<'_>) -> Option<String> {
            grave(
                step,
                at.name,
                self.kind,
                (self.cells, self.extras),
                (self.subset, self.digits, self.house),
                at.lang,
            )
        }

        fn draw(&self, step: &Step, out: &mut Drawing) {
            out.pattern_and_links(step);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_util::*;

    // The BUG+1 position of `bug.rs`: r7c5 holds 2, 5, 9 with 9 the extra.
    use crate::techniques::bug::tests::{E, P};

    #[test]
    fn type_one_keeps_the_extra_digit() {
        let steps = unique_hits(find, P, E);
        assert_eq!(
            steps.iter().map(eliminations).collect::<Vec<_>>(),
            ["r7c5-1 r7c5-8"]
        );
        assert!(matches!(
            steps[0].detail,
            Detail::BivalueGrave(BivalueGrave {
                kind: GraveKind::Type1,
                ..
            })
        ));
    }

    #[test]
    fn nothing_without_the_premise_or_a_grave() {
        assert_needs_premise_and_pattern(find, P, E);
    }
}
