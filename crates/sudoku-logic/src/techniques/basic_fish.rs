//! Basic fish on one digit: X-Wing (2), Swordfish (3), Jellyfish (4),
//! Squirmbag (5), Whale (6), Leviathan (7).
//!
//! If in N base lines (rows, say) every candidate of a digit lies in the same N
//! cover lines (columns), those N placements fill the cover lines, so the digit
//! goes from the cover lines outside the base. Base rows with cover columns and
//! base columns with cover rows are both searched. Only rows and columns are used
//! as lines, in every variant: fish over diagonals or colour groups are not part
//! of the seed's method and would need cover sets that are not parallel lines.
//! Points: 3N.
//!
//! A basic fish of N lines is also one of (open lines − N) lines in the other
//! direction, with the same eliminations: with at most nine open lines a fish
//! of five or more always has a complement of four or fewer, which the table
//! tries first. The big sizes are there for completeness (HoDoKu has them,
//! switched off) and for positions given with pencil marks.

use super::small_unions;
use crate::Candidates;
use crate::step::{Detail, Step};
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};
use sudoku_core::{CellSet, Digit, DigitSet, House, HouseSet, Variant};

fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode, size: usize, technique: Technique) {
    for digit in Digit::ALL {
        let cells = pos.cells_with(digit);
        if cells.is_empty() {
            continue;
        }
        for (lines, base_house, cover_house) in orientations(cells) {
            let lines = &lines;
            // Only lines that still miss the digit take part.
            let mut idx = [0usize; 9];
            let mut masks = [0u16; 9];
            let mut k = 0;
            for (i, &m) in lines.iter().enumerate() {
                if m != 0 {
                    idx[k] = i;
                    masks[k] = m;
                    k += 1;
                }
            }
            if k <= size {
                continue; // every remaining line is in the fish: nothing outside it
            }
            let stop = small_unions(&masks[..k], size, &mut |chosen, union| {
                if union.count_ones() as usize != size {
                    return false;
                }
                let mut base = HouseSet::EMPTY;
                let mut base_cells = CellSet::EMPTY;
                for i in (0..k).filter(|i| chosen >> i & 1 == 1) {
                    let h = base_house(idx[i]);
                    base.insert(h);
                    base_cells |= Variant::house_cells(h);
                }
                let mut cover = HouseSet::EMPTY;
                let mut cover_cells = CellSet::EMPTY;
                for j in (0..9).filter(|j| union >> j & 1 == 1) {
                    let h = cover_house(j);
                    cover.insert(h);
                    cover_cells |= Variant::house_cells(h);
                }
                let gone = cells & (cover_cells - base_cells);
                if gone.is_empty() {
                    return false;
                }
                let mut step = Step::new(technique, technique.info().points);
                step.eliminate_all(digit, gone);
                step.cells = cells & base_cells;
                step.houses = base.iter().chain(cover.iter()).collect();
                step.digits = DigitSet::single(digit);
                step.detail = Detail::Fish(Fish { digit, base, cover });
                out.push(step);
                mode == FindMode::First
            });
            if stop {
                return;
            }
        }
    }
}

/// X-Wing.
pub(crate) fn find_2(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    find(pos, out, mode, 2, Technique::XWing)
}

/// Swordfish.
pub(crate) fn find_3(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    find(pos, out, mode, 3, Technique::Swordfish)
}

/// Jellyfish.
pub(crate) fn find_4(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    find(pos, out, mode, 4, Technique::Jellyfish)
}

/// Squirmbag.
pub(crate) fn find_5(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    find(pos, out, mode, 5, Technique::Squirmbag)
}

/// Whale.
pub(crate) fn find_6(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    find(pos, out, mode, 6, Technique::Whale)
}

/// Leviathan.
pub(crate) fn find_7(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    find(pos, out, mode, 7, Technique::Leviathan)
}

/// How to name a line from its index.
pub(crate) type LineHouse = fn(usize) -> House;

/// The two directions of a fish on the candidates `cells` of one digit: per
/// base line the mask of the cover lines holding a candidate, with how to name
/// base and cover lines (rows as base first, then columns).
pub(crate) fn orientations(cells: CellSet) -> [([u16; 9], LineHouse, LineHouse); 2] {
    let mut by_row = [0u16; 9];
    let mut by_col = [0u16; 9];
    for c in cells.iter() {
        by_row[c.row()] |= 1 << c.col();
        by_col[c.col()] |= 1 << c.row();
    }
    [
        (by_row, House::row, House::column),
        (by_col, House::column, House::row),
    ]
}

/// A fish without fins on one digit: the base houses hold all its
/// candidates within the cover houses. Basic fish use rows and columns;
/// Franken and mutant fish mix in boxes, diagonals and colour groups (base
/// houses share no candidate of the digit).
#[derive(Clone, Debug, PartialEq)]
pub struct Fish {
    /// The digit.
    pub digit: Digit,
    /// The base lines (rows or columns).
    pub base: HouseSet,
    /// The cover lines (the other direction).
    pub cover: HouseSet,
}

crate::moved_fields!(Fish { digit, base, cover; });

/// Catalogue entry: X-Wing (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const X_WING: TechniqueInfo = TechniqueInfo {
    technique: Technique::XWing, name: "x-wing", names: Names { en: "X-Wing", de: "X-Wing (2×2-Einzelzahl-Gitter)" },
    family: Family::Fish, phase: Phase::OnCandidates, points: 6.0, se: Some(3.2), finder: find_2, text: None,
    hodoku: Hodoku { order: Some(2200), level: HodokuLevel::Hard, score: 140 },
};

/// Catalogue entry: Swordfish (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const SWORDFISH: TechniqueInfo = TechniqueInfo {
    technique: Technique::Swordfish, name: "swordfish", names: Names { en: "Swordfish", de: "Swordfish (3×3-Einzelzahl-Gitter)" },
    family: Family::Fish, phase: Phase::OnCandidates, points: 9.0, se: Some(3.8), finder: find_3, text: None,
    hodoku: Hodoku { order: Some(2300), level: HodokuLevel::Hard, score: 150 },
};

/// Catalogue entry: Jellyfish (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const JELLYFISH: TechniqueInfo = TechniqueInfo {
    technique: Technique::Jellyfish, name: "jellyfish", names: Names { en: "Jellyfish", de: "Jellyfish (4×4-Einzelzahl-Gitter)" },
    family: Family::Fish, phase: Phase::OnCandidates, points: 12.0, se: Some(5.2), finder: find_4, text: None,
    hodoku: Hodoku { order: Some(2400), level: HodokuLevel::Hard, score: 160 },
};

/// Catalogue entry: Squirmbag (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const SQUIRMBAG: TechniqueInfo = TechniqueInfo {
    technique: Technique::Squirmbag, name: "squirmbag", names: Names { en: "Squirmbag", de: "Squirmbag (5×5-Einzelzahl-Gitter)" },
    family: Family::Fish, phase: Phase::OnCandidates, points: 15.0, se: None, finder: find_5, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};

/// Catalogue entry: Whale (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const WHALE: TechniqueInfo = TechniqueInfo {
    technique: Technique::Whale, name: "whale", names: Names { en: "Whale", de: "Whale (6×6-Einzelzahl-Gitter)" },
    family: Family::Fish, phase: Phase::OnCandidates, points: 18.0, se: None, finder: find_6, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};

/// Catalogue entry: Leviathan (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const LEVIATHAN: TechniqueInfo = TechniqueInfo {
    technique: Technique::Leviathan, name: "leviathan", names: Names { en: "Leviathan", de: "Leviathan (7×7-Einzelzahl-Gitter)" },
    family: Family::Fish, phase: Phase::OnCandidates, points: 21.0, se: None, finder: find_7, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::techniques::test_util::*;
    use sudoku_core::{Cell, Grid};

    #[test]
    fn x_wing_in_two_columns() {
        let p = ".894......51....72.32......1.7..5.6..467..9....561.7..51..6...79.43..8..2........";
        let pos = position_with(
            p,
            Variant::Standard,
            "r1c5-3 r1c6-3 r1c7-3 r2c6-6 r2c7-3 r3c4-89 r3c5-89 r3c6-89 r3c8-145 r3c9-1456 \
             r4c7-4 r7c7-4 r9c4-89 r9c7-34",
        );
        let steps = run(find_2, &pos);
        assert_sound(p, Variant::Standard, &steps);
        assert_eq!(steps.len(), 1);
        assert_eq!(
            steps[0].detail,
            Detail::Fish(Fish {
                digit: Digit::new(2).unwrap(),
                base: [House::column(3), House::column(6)].into_iter().collect(),
                cover: [House::row(3), House::row(6)].into_iter().collect(),
            })
        );
        assert_eq!(eliminations(&steps[0]), "r4c2-2 r4c5-2 r7c6-2 r7c8-2");
        assert_eq!(steps[0].points, 6.0);
        let mut after = pos.clone();
        after.apply(&steps[0]).unwrap();
        assert!(run(find_2, &after).is_empty());
    }

    #[test]
    fn swordfish_in_three_rows() {
        let p = "....3..715.74.2......7.....2..6..4.7.38.7....7.........7..8..1.6..5.72........7..";
        let pos = position_with(
            p,
            Variant::Standard,
            "r3c1-4 r3c2-24 r3c3-24 r3c7-3 r3c8-35689 r3c9-35689 r4c6-159 r4c8-59 r5c7-5 \
             r6c7-56 r6c8-6 r6c9-6 r7c7-5",
        );
        assert!(run(find_2, &pos).is_empty());
        let steps = run(find_3, &pos);
        assert_sound(p, Variant::Standard, &steps);
        assert_eq!(steps.len(), 1);
        assert_eq!(
            steps[0]
                .houses
                .iter()
                .map(|h| h.to_string())
                .collect::<Vec<_>>(),
            [
                "row 2", "row 4", "row 8", "column 2", "column 3", "column 5"
            ]
        );
        assert_eq!(
            eliminations(&steps[0]),
            "r3c2-1 r3c3-1 r3c5-1 r6c2-1 r6c3-1 r6c5-1 r9c2-1 r9c3-1 r9c5-1"
        );
    }

    /// Jellyfish need nine unsolved lines (otherwise the complementary fish in the
    /// other direction is at most a swordfish and fires first) and never fired on
    /// the data sets, so this position is built: 1 is a candidate only in columns
    /// 1–4 of rows 1–4 and everywhere else.
    fn jellyfish_position() -> Candidates {
        let one = Digit::new(1).unwrap();
        let fields: [DigitSet; 81] = std::array::from_fn(|i| {
            let c = Cell::new(i).unwrap();
            if c.row() < 4 && c.col() >= 4 {
                DigitSet::ALL - DigitSet::single(one)
            } else {
                DigitSet::ALL
            }
        });
        Candidates::from_fields(&Grid::EMPTY, Variant::Standard, &fields).unwrap()
    }

    #[test]
    fn jellyfish_in_four_rows() {
        let pos = jellyfish_position();
        assert!(run(find_2, &pos).is_empty());
        assert!(run(find_3, &pos).is_empty());
        let steps = run(find_4, &pos);
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].eliminations.len(), 5 * 4);
        assert!(
            steps[0]
                .eliminations
                .iter()
                .all(|e| e.cell.row() >= 4 && e.cell.col() < 4)
        );
        assert_eq!(steps[0].points, 12.0);
    }

    #[test]
    fn does_not_fire_without_a_closed_pattern() {
        // Give one base row a candidate outside the cover: no jellyfish any more.
        let mut fields: [DigitSet; 81] =
            std::array::from_fn(|i| jellyfish_position().candidates(Cell::new(i).unwrap()));
        fields[8] = DigitSet::ALL;
        let pos = Candidates::from_fields(&Grid::EMPTY, Variant::Standard, &fields).unwrap();
        assert!(run(find_4, &pos).is_empty());
        assert!(run(find_2, &position(&".".repeat(81), Variant::Standard)).is_empty());
    }

    /// Two top1465 puzzles (`P5`, `P7`) some steps along their solution
    /// paths. The big fish all have a smaller complement here (see the
    /// module docs), which the table finds first, but they are there.
    const P5: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    const P7: &str =
        "......41.9..3.....3...2.....48..7..........52.1.......5..2....6.7....8......9....";

    #[test]
    fn squirmbag_whale_and_leviathan() {
        use crate::techniques::franken_fish::tests::summary;
        let pos = position_with(
            "4...3.......6..8..........1....5..9..8....6...7.2........1927..5.3....4.9.7.4....",
            Variant::Standard,
            "r1c2-12 r1c3-59 r2c2-12 r2c3-59 r3c2-2 r3c3-59 r4c2-12 r4c4-4 r4c6-4 r4c7-4 \
             r4c9-4 r5c3-124 r6c3-146 r7c8-68 r7c9-68 r8c2-6 r9c2-6 r9c7-35 r9c8-1235 r9c9-235",
        );
        let squirmbag = run(find_5, &pos);
        assert_sound(P5, Variant::Standard, &squirmbag);
        assert_eq!(
            summary(&squirmbag[0]),
            "column 1, column 3, column 5, column 6, column 8, row 1, row 2, row 4, row 5, row 6 |  | r4c7-1 r6c7-1"
        );
        assert_eq!(squirmbag[0].points, 15.0);
        let pos = position_with(
            "46..3.......6..8.........61....5..9..8....6...7.2........1927..5.3....4.9.7.4...6",
            Variant::Standard,
            "r1c3-259 r1c4-78 r1c6-579 r1c8-5 r1c9-5 r2c2-123 r2c3-59 r2c6-17 r2c8-27 \
             r2c9-257 r3c2-2 r3c3-59 r3c4-78 r3c6-9 r3c7-2 r4c2-12 r4c4-34 r4c6-34 r4c7-14 \
             r4c9-34 r5c3-124 r5c4-7 r5c9-4 r6c3-146 r6c6-4 r6c7-1 r7c8-8 r7c9-8 r8c9-8 \
             r9c4-8 r9c6-8 r9c7-35 r9c8-1235",
        );
        let whale = run(find_6, &pos);
        assert_sound(P5, Variant::Standard, &whale);
        assert_eq!(
            summary(&whale[0]),
            "column 1, column 3, column 4, column 5, column 6, column 9, row 1, row 3, row 4, row 6, row 7, row 8 |  | r6c8-8"
        );
        let pos = position_with(
            "827..94139..3.....3...2....248..7..........52.15..2...5..2....6.7....8......9....",
            Variant::Standard,
            LEVIATHAN_ELIMS,
        );
        let leviathan = run(find_7, &pos);
        assert_sound(P7, Variant::Standard, &leviathan);
        assert_eq!(
            summary(&leviathan[0]),
            "row 1, row 2, row 3, row 4, row 5, row 6, row 8, column 1, column 2, column 4, column 5, column 6, column 7, column 8 |  | r9c4-6 r9c6-6"
        );
        assert_eq!(leviathan[0].points, 21.0);
        // Seven base rows need two more open rows outside them.
        assert!(run(find_7, &jellyfish_position()).is_empty());
    }

    /// The eliminations of the Leviathan's position.
    pub(crate) const LEVIATHAN_ELIMS: &str = "r2c3-6 r2c5-56 r2c6-56 r2c7-7 r3c3-6 r3c4-56 \
        r3c6-56 r3c7-7 r5c2-6 r5c3-6 r5c4-9 r5c5-3 r5c6-3 r5c7-39 r6c4-48 r6c5-48 r6c8-3679 \
        r6c9-79 r7c3-14 r7c5-3 r7c7-79 r7c8-9 r8c1-6 r8c3-13469 r8c4-5 r8c5-35 r8c6-146 \
        r8c8-4 r8c9-14 r9c1-6 r9c2-6 r9c3-134 r9c4-5 r9c7-7";
}

pub(crate) mod told {
    //! This technique's steps told in English and German and drawn, both
    //! from the step struct (see [`crate::describe`]).
    //!
    //! Fish on one digit (the diagonal solver's Einzelzahl-Gitter): basic X-Wing
    //! to Leviathan, fish with fins (Flossen): finned and sashimi, Franken and
    //! mutant fish (base and cover mixing lines with other houses), and Kraken
    //! fish (fins answered by chains).

    use crate::Step;
    use crate::describe::drawing::Drawing;
    use crate::describe::words::{cells, lines, removal, so, upper_first};
    use crate::describe::{Describe, Telling};
    use crate::techniques::finned_fish::told::finned;
    use sudoku_core::DigitSet;
    use sudoku_core::Lang;
    use sudoku_core::{CellSet, Digit, House, HouseKind, HouseSet};

    /// Whether the houses are two or more of one kind of line or box (written
    /// "rows 1 and 7" / "den Zeilen 1 und 7").
    pub(crate) fn one_kind(houses: &[House]) -> bool {
        let kind = houses.first().map(|h| h.kind());
        houses.len() > 1
            && houses.iter().all(|h| Some(h.kind()) == kind)
            && matches!(
                kind,
                Some(HouseKind::Row | HouseKind::Column | HouseKind::Box)
            )
    }

    /// German house lists without a leading article: "Zeilen 1 und 7" for one
    /// kind, else one by one, a diagonal with its article in the case asked
    /// ("der Hauptdiagonale" in the dative, "die Hauptdiagonale" as subject).
    pub(crate) fn de_list(houses: &[House], dative: bool) -> String {
        if one_kind(houses) {
            return lines(houses, Lang::De);
        }
        let items: Vec<String> = houses
            .iter()
            .map(|&h| {
                let name = crate::describe::words::house(h, Lang::De);
                match (h.kind(), dative) {
                    (HouseKind::Diagonal, true) => format!("der {name}"),
                    (HouseKind::Diagonal, false) => format!("die {name}"),
                    _ => name,
                }
            })
            .collect();
        crate::describe::words::and_list(&items, Lang::De)
    }

    /// Explains a fish with base lines `base` and cover lines `cover`.
    pub(crate) fn render(
        step: &Step,
        name: &str,
        digit: Digit,
        base: HouseSet,
        cover: HouseSet,
        lang: Lang,
    ) -> Option<String> {
        let (b, c): (Vec<House>, Vec<House>) = (base.iter().collect(), cover.iter().collect());
        if !(one_kind(&b) && one_kind(&c)) {
            // Franken and mutant fish: the wording that names each house.
            return finned(
                step,
                name,
                digit,
                (base, cover),
                CellSet::EMPTY,
                false,
                lang,
            );
        }
        let (base, cover) = (lines(&b, lang), lines(&c, lang));
        let then = so(&removal(&step.eliminations, lang), lang);
        let pattern = cells(step.cells);
        Some(match lang {
            Lang::En => format!(
                "{name}: in {base} the {digit}s lie only in {cover} ({pattern}). {} therefore get their {digit}s from these cells, {then}",
                upper_first(&cover)
            ),
            Lang::De => format!(
                "{name}: In den {base} liegen die Kandidaten {digit} nur in den {cover} ({pattern}). Damit bekommen die {cover} ihre {digit} aus diesen Zellen, {then}"
            ),
        })
    }

    impl Describe for super::Fish {
        fn text(&self, step: &Step, at: &Telling<'_>) -> Option<String> {
            render(step, at.name, self.digit, self.base, self.cover, at.lang)
        }

        fn draw(&self, step: &Step, out: &mut Drawing) {
            out.fish_houses(self.base, self.cover);
            out.pattern(step.cells, DigitSet::single(self.digit));
            out.arrows(&step.links);
        }
    }
}
