//! Locked pairs and triples (HoDoKu): a naked pair or triple whose cells lie
//! in the intersection of two houses — a line and a box, or a diagonal and a
//! box — removes its digits from both houses in one step.
//!
//! The same eliminations are two naked subsets to the subset finders (one per
//! house); HoDoKu names and scores the pattern on its own (locked pair 40,
//! locked triple 60, both Medium) and tries it before locked candidates, so it
//! is a table row of its own here. As in HoDoKu the step must remove
//! something from both houses: from the line outside the box and from the box
//! (the rest of the intersection counts for the box). A subset that clears
//! only one house stays a naked pair or triple.
//!
//! Any two houses of the variant that share at least `size` empty cells are
//! tried, so diagonals take part; which one counts as the "box" is read from
//! the house kind, not from the variant. Points: as the naked subset of the
//! same size (the seed's 3N − 4: 2 and 5).

use crate::Candidates;
use crate::step::{Detail, Elimination, Step};
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};
use sudoku_core::{CellSet, DigitSet, House, HouseKind, Variant};

/// Reports the locked subsets of `size` (2 or 3) cells.
fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode, size: usize) {
    let technique = if size == 2 {
        Technique::LockedPair
    } else {
        Technique::LockedTriple
    };
    let houses = pos.variant().houses();
    let empty = pos.empty_cells();
    for (i, &a) in houses.iter().enumerate() {
        for &b in &houses[i + 1..] {
            let both = Variant::house_cells(a) & Variant::house_cells(b) & empty;
            if both.len() < size {
                continue;
            }
            let inter: Vec<_> = both.iter().collect();
            // The line and the region: the box, where one of them is one,
            // takes the eliminations inside the intersection.
            let (line, region) = if a.kind() == HouseKind::Box {
                (b, a)
            } else {
                (a, b)
            };
            for chosen in (0u32..1 << inter.len()).filter(|m| m.count_ones() as usize == size) {
                let cells: CellSet = inter
                    .iter()
                    .enumerate()
                    .filter(|&(k, _)| chosen >> k & 1 == 1)
                    .map(|(_, &c)| c)
                    .collect();
                let digits = cells
                    .iter()
                    .fold(DigitSet::EMPTY, |acc, c| acc | pos.candidates(c));
                if digits.len() != size {
                    continue;
                }
                if let Some(step) = locked_step(pos, technique, (line, region), cells, digits) {
                    out.push(step);
                    if mode == FindMode::First {
                        return;
                    }
                }
            }
        }
    }
}

/// The step of the subset `cells` (holding only `digits`) in `line` and
/// `region`, if it removes something from both houses.
fn locked_step(
    pos: &Candidates,
    technique: Technique,
    (line, region): (House, House),
    cells: CellSet,
    digits: DigitSet,
) -> Option<Step> {
    let line_cells = Variant::house_cells(line);
    let region_cells = Variant::house_cells(region);
    let targets = ((line_cells | region_cells) & pos.empty_cells()) - cells;
    let mut eliminations = Vec::new();
    let (mut in_line, mut in_region) = (false, false);
    for cell in targets.iter() {
        let gone = pos.candidates(cell) & digits;
        if gone.is_empty() {
            continue;
        }
        if region_cells.contains(cell) {
            in_region = true;
        } else {
            in_line = true;
        }
        eliminations.extend(gone.iter().map(|digit| Elimination { cell, digit }));
    }
    if !(in_line && in_region) {
        return None;
    }
    let mut step = Step::new(technique, technique.info().points);
    step.eliminations = eliminations;
    step.cells = cells;
    step.digits = digits;
    step.houses = vec![line, region];
    step.detail = Detail::LockedSubset(LockedSubset {
        line,
        region,
        cells,
        digits,
    });
    Some(step)
}

/// Locked pairs.
pub(crate) fn find_pair(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    find(pos, out, mode, 2);
}

/// Locked triples.
pub(crate) fn find_triple(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    find(pos, out, mode, 3);
}

/// A locked pair or triple (HoDoKu): a naked subset whose `cells` lie in
/// both `line` and `region`, so `digits` go from the rest of both.
#[derive(Clone, Debug, PartialEq)]
pub struct LockedSubset {
    /// The house crossing the region (a line, or a diagonal).
    pub line: House,
    /// The other house holding the cells (a box where there is one).
    pub region: House,
    /// The cells of the subset.
    pub cells: CellSet,
    /// Their candidates, as many as cells.
    pub digits: DigitSet,
}

crate::moved_fields!(LockedSubset { line, region, cells, digits; });

/// Catalogue entry: Locked pair (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const LOCKED_PAIR: TechniqueInfo = TechniqueInfo {
    technique: Technique::LockedPair, name: "locked-pair", names: Names { en: "Locked pair", de: "Verbundenes 2-Tupel" },
    family: Family::Subset, phase: Phase::OnCandidates, points: 2.0, se: None, finder: find_pair, text: None,
    hodoku: Hodoku { order: Some(1000), level: HodokuLevel::Medium, score: 40 },
};

/// Catalogue entry: Locked triple (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const LOCKED_TRIPLE: TechniqueInfo = TechniqueInfo {
    technique: Technique::LockedTriple, name: "locked-triple", names: Names { en: "Locked triple", de: "Verbundenes 3-Tupel" },
    family: Family::Subset, phase: Phase::OnCandidates, points: 5.0, se: None, finder: find_triple, text: None,
    hodoku: Hodoku { order: Some(1100), level: HodokuLevel::Medium, score: 60 },
};

pub(crate) mod told {
    //! This technique's steps told in English and German and drawn, both
    //! from the step struct (see [`crate::describe`]).
    //!
    //! Naked and hidden subsets (the diagonal solver's N-Tupel and versteckte
    //! N-Tupel), named and told by the view the step is scored by.

    use crate::Step;
    use crate::describe::drawing::Drawing;
    use crate::describe::words::{cells, digits, in_house, removal, so};
    use crate::describe::{Describe, Telling};
    use sudoku_core::Lang;
    use sudoku_core::{CellSet, DigitSet, House};

    /// Explains a locked pair or triple: `cells` in both `houses` (line, then
    /// region) hold only `digits`.
    pub(crate) fn locked(
        step: &Step,
        name: &str,
        houses: [House; 2],
        (cells_in, digits_in): (CellSet, DigitSet),
        lang: Lang,
    ) -> Option<String> {
        let then = so(&removal(&step.eliminations, lang), lang);
        let [line, region] = houses.map(|h| in_house(h, lang));
        Some(match lang {
            Lang::En => format!(
                "{name}: {} lie both {line} and {region} and hold only {}; these digits must go there and leave the rest of both houses, {then}",
                cells(cells_in),
                digits(digits_in, lang)
            ),
            Lang::De => format!(
                "{name}: {} liegen sowohl {line} als auch {region} und enthalten nur die Kandidaten {}; diese Zahlen müssen dort stehen und fehlen im Rest beider Gruppen, {then}",
                cells(cells_in),
                digits(digits_in, lang)
            ),
        })
    }

    impl Describe for super::LockedSubset {
        fn text(&self, step: &Step, at: &Telling<'_>) -> Option<String> {
            locked(
                step,
                at.name,
                [self.line, self.region],
                (self.cells, self.digits),
                at.lang,
            )
        }

        fn draw(&self, _step: &Step, out: &mut Drawing) {
            out.pattern(self.cells, self.digits);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_util::*;
    use sudoku_core::{Cell, Digit};

    const P: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1927..5.3....4.9.7.4....";

    fn pair_position() -> Candidates {
        position_with(
            P,
            Variant::Standard,
            "r1c2-12 r1c3-59 r2c2-12 r2c3-59 r3c2-2 r3c3-59 r4c2-12 r4c4-4 r4c6-4 r4c7-4 \
             r4c9-4 r5c3-124 r6c3-146 r7c8-68 r7c9-68 r8c2-6 r9c2-6 r9c7-35 r9c8-1235 r9c9-235",
        )
    }

    /// r9c8, r9c9 hold only 6 and 8 and lie in row 9 and box 9: both digits
    /// go from the rest of both (as two naked pairs, one step).
    #[test]
    fn locked_pair_clears_row_and_box() {
        let pos = pair_position();
        let steps = run(find_pair, &pos);
        assert_sound(P, Variant::Standard, &steps);
        assert_eq!(steps.len(), 1);
        assert_eq!(
            eliminations(&steps[0]),
            "r8c9-6 r8c9-8 r9c4-8 r9c6-6 r9c6-8"
        );
        assert_eq!(
            steps[0].detail,
            Detail::LockedSubset(LockedSubset {
                line: House::row(8),
                region: House::boxx(8),
                cells: [Cell::at(8, 7), Cell::at(8, 8)]
                    .into_iter()
                    .flatten()
                    .collect(),
                digits: [6, 8].into_iter().filter_map(Digit::new).collect(),
            })
        );
        assert_eq!(steps[0].points, 2.0);
        // The naked-pair finder sees the same pattern twice, once per house.
        assert_eq!(run(crate::techniques::naked_subset::find_2, &pos).len(), 2);
    }

    /// Without the box's eliminations the pair clears only row 9: a naked
    /// pair, not a locked one.
    #[test]
    fn a_pair_clearing_one_house_is_not_locked() {
        let mut pos = pair_position();
        let cell = Cell::at(7, 8).expect("r8c9");
        for d in [6, 8].into_iter().filter_map(Digit::new) {
            pos.eliminate(cell, d).expect("written");
        }
        assert!(run(find_pair, &pos).is_empty());
        assert_eq!(run(crate::techniques::naked_subset::find_2, &pos).len(), 1);
    }

    /// At the start, r7c1–r7c3 hold only 4, 6 and 8 (row 7, box 7) and
    /// r8c4–r8c6 only 6, 7 and 8 (row 8, box 8).
    #[test]
    fn locked_triples() {
        let (_, steps) = sound_hits(find_triple, P, "");
        let got: Vec<String> = steps.iter().map(eliminations).collect();
        assert_eq!(
            got,
            [
                "r7c8-6 r7c8-8 r7c9-6 r7c9-8 r8c2-6 r9c2-6",
                "r8c2-6 r8c9-6 r8c9-8 r9c4-8 r9c6-6 r9c6-8"
            ]
        );
        assert!(steps.iter().all(|s| s.technique == Technique::LockedTriple));
    }

    /// Every hit along real solution paths (top1465 and the seed's variant
    /// puzzles) agrees with the solution.
    #[test]
    fn sound_on_real_positions() {
        crate::techniques::test_util::sound_on_real_positions(&[
            ("locked-pair", find_pair),
            ("locked-triple", find_triple),
        ]);
    }
}
