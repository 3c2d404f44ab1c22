//! Naked subsets: N empty cells of a house whose candidates together are only N
//! digits (pair, triple, quad, … up to 7). Those digits go from the house's other
//! cells.
//!
//! Every naked N-subset in a house with E empty cells is also a hidden
//! (E−N)-subset on the other cells, with the same eliminations. The seed scores a
//! naked N-subset 3N−4 and a hidden M-subset 3M+2 and counts the cheaper view
//! ([`naked_view_preferred`]; ties go to the naked view, which is easier to see).
//! Each table row reports only the patterns whose chosen view is its own, so a
//! pattern is found once, under the name and points it is scored by.

use super::{house_cells, small_unions};
use crate::Candidates;
use crate::step::{Detail, Step, SubsetView};
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};
use sudoku_core::{Cell, CellSet, DigitSet, House, Variant};

/// Whether a subset with a naked view of size `naked` and a hidden view of size
/// `hidden` is named and scored as naked.
pub(crate) fn naked_view_preferred(naked: usize, hidden: usize) -> bool {
    3 * naked as i64 - 4 <= 3 * hidden as i64 + 2
}

/// The technique naming a subset of `size` (2 to 7; other sizes are clamped)
/// in `view`: the one table of the twelve subset rows, which a scale walking
/// the subsets of every size and view (Sudoku Explainer's) reads too.
pub fn subset_technique(view: SubsetView, size: usize) -> Technique {
    use Technique as T;
    const NAKED: [Technique; 6] = [
        T::NakedPair,
        T::NakedTriple,
        T::NakedQuad,
        T::NakedQuint,
        T::NakedSextuple,
        T::NakedSeptuple,
    ];
    const HIDDEN: [Technique; 6] = [
        T::HiddenPair,
        T::HiddenTriple,
        T::HiddenQuad,
        T::HiddenQuint,
        T::HiddenSextuple,
        T::HiddenSeptuple,
    ];
    let i = size.clamp(2, 7) - 2;
    match view {
        SubsetView::Naked => NAKED[i],
        SubsetView::Hidden => HIDDEN[i],
    }
}

/// Builds the step of a subset of `house`: `naked_cells` hold only `naked_digits`;
/// `empty` are the house's empty cells. `None` if nothing would be eliminated.
pub(crate) fn subset_step(
    pos: &Candidates,
    house: House,
    empty: CellSet,
    naked_cells: CellSet,
    naked_digits: DigitSet,
    view: SubsetView,
) -> Option<Step> {
    let hidden_cells = empty - naked_cells;
    let mut missing = DigitSet::EMPTY;
    for c in empty.iter() {
        missing |= pos.candidates(c);
    }
    let hidden_digits = missing - naked_digits;
    // By cell, then digit: the order of a step's eliminations.
    let mut eliminations = Vec::new();
    for cell in hidden_cells.iter() {
        for d in (pos.candidates(cell) & naked_digits).iter() {
            eliminations.push(crate::Elimination { cell, digit: d });
        }
    }
    if eliminations.is_empty() {
        return None;
    }
    let size = match view {
        SubsetView::Naked => naked_cells.len(),
        SubsetView::Hidden => hidden_cells.len(),
    };
    let technique = subset_technique(view, size);
    let mut step = Step::new(technique, technique.info().points);
    step.eliminations = eliminations;
    let (cells, digits) = match view {
        SubsetView::Naked => (naked_cells, naked_digits),
        SubsetView::Hidden => (hidden_cells, hidden_digits),
    };
    step.cells = cells;
    step.digits = digits;
    step.houses.push(house);
    step.detail = Detail::Subset(Subset {
        house,
        view,
        naked_cells,
        naked_digits,
        hidden_cells,
        hidden_digits,
    });
    Some(step)
}

/// The empty cells of one house as the subset finders scan it.
pub(crate) struct HouseScan {
    /// Its empty cells in reading order (the first `n` entries count).
    pub cells: [Cell; 9],
    /// The candidates of `cells`.
    pub cands: [DigitSet; 9],
    /// How many cells are empty.
    pub n: usize,
    /// The empty cells as a set.
    pub empty: CellSet,
}

/// The search shared by naked and hidden subsets of `size`. A house is
/// searched only when the complement of a subset there is a real subset too
/// (at least two cells, else it is a single) and `view` is the view scored
/// ([`naked_view_preferred`]). In every such house,
/// `masks` gives the bit masks to combine (`None` skips the house) and a state for
/// `pick`; every choice of `size` masks whose union has exactly `size` bits goes
/// to `pick`, which names the naked cells and digits of the subset (or `None`).
/// The subset's step is reported in `view` if it eliminates anything.
pub(crate) fn find_subsets<S>(
    pos: &Candidates,
    out: &mut Vec<Step>,
    mode: FindMode,
    size: usize,
    view: SubsetView,
    masks: impl Fn(&HouseScan) -> Option<([u16; 9], usize, S)>,
    pick: impl Fn(&HouseScan, &S, u16, u16) -> Option<(CellSet, DigitSet)>,
) {
    let mut cands = [DigitSet::EMPTY; 9];
    for &house in pos.variant().houses() {
        let mut cells = house.cells(); // overwritten with the empty cells
        let n = house_cells(pos, house, &mut cells, &mut cands);
        let (naked, hidden) = match view {
            SubsetView::Naked => (size, n.saturating_sub(size)),
            SubsetView::Hidden => (n.saturating_sub(size), size),
        };
        if n < size + 2 || naked_view_preferred(naked, hidden) != (view == SubsetView::Naked) {
            continue;
        }
        let scan = HouseScan {
            cells,
            cands,
            n,
            empty: pos.empty_cells() & Variant::house_cells(house),
        };
        let Some((masks, k, state)) = masks(&scan) else {
            continue;
        };
        small_unions(&masks[..k], size, &mut |chosen, union| {
            if union.count_ones() as usize != size {
                return false;
            }
            let Some((naked, digits)) = pick(&scan, &state, chosen, union) else {
                return false;
            };
            if let Some(step) = subset_step(pos, house, scan.empty, naked, digits, view) {
                out.push(step);
                return mode == FindMode::First;
            }
            false
        });
        if mode == FindMode::First && !out.is_empty() {
            return;
        }
    }
}

/// Reports every naked subset of `size` whose naked view is the one scored.
fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode, size: usize) {
    find_subsets(
        pos,
        out,
        mode,
        size,
        SubsetView::Naked,
        |h| Some((std::array::from_fn(|i| h.cands[i].bits()), h.n, ())),
        |h, (), chosen, union| {
            let naked: CellSet = (0..h.n)
                .filter(|i| chosen >> i & 1 == 1)
                .map(|i| h.cells[i])
                .collect();
            Some((naked, DigitSet::from_bits(union)))
        },
    );
}

super::finders_by_size!(
    "Reports the naked subsets of this size that are scored as naked.",
    find,
    subsets
);

/// A naked/hidden subset in one house. Both views are given; `view` says which
/// one names and scores the step. Their eliminations are the same.
#[derive(Clone, Debug, PartialEq)]
pub struct Subset {
    /// The house.
    pub house: House,
    /// The view used.
    pub view: SubsetView,
    /// The cells of the naked subset.
    pub naked_cells: CellSet,
    /// The digits of the naked subset.
    pub naked_digits: DigitSet,
    /// The cells of the complementary hidden subset.
    pub hidden_cells: CellSet,
    /// The digits of the complementary hidden subset.
    pub hidden_digits: DigitSet,
}

crate::moved_fields!(Subset { house, naked_cells, naked_digits, hidden_cells, hidden_digits; view });

/// Catalogue entry: Naked pair (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const NAKED_PAIR: TechniqueInfo = TechniqueInfo {
    technique: Technique::NakedPair, name: "naked-pair", names: Names { en: "Naked pair", de: "2-Tupel (Doppel)" },
    family: Family::Subset, phase: Phase::OnCandidates, points: 2.0, se: Some(3.0), finder: find_2, text: None,
    hodoku: Hodoku { order: Some(1300), level: HodokuLevel::Medium, score: 60 },
};

/// Catalogue entry: Naked triple (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const NAKED_TRIPLE: TechniqueInfo = TechniqueInfo {
    technique: Technique::NakedTriple, name: "naked-triple", names: Names { en: "Naked triple", de: "3-Tupel (Tripel)" },
    family: Family::Subset, phase: Phase::OnCandidates, points: 5.0, se: Some(3.6), finder: find_3, text: None,
    hodoku: Hodoku { order: Some(1400), level: HodokuLevel::Medium, score: 80 },
};

/// Catalogue entry: Naked quad (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const NAKED_QUAD: TechniqueInfo = TechniqueInfo {
    technique: Technique::NakedQuad, name: "naked-quad", names: Names { en: "Naked quad", de: "4-Tupel" },
    family: Family::Subset, phase: Phase::OnCandidates, points: 8.0, se: Some(5.0), finder: find_4, text: None,
    hodoku: Hodoku { order: Some(2000), level: HodokuLevel::Hard, score: 120 },
};

/// Catalogue entry: Naked quint (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const NAKED_QUINT: TechniqueInfo = TechniqueInfo {
    technique: Technique::NakedQuint, name: "naked-quint", names: Names { en: "Naked quint", de: "5-Tupel" },
    family: Family::Subset, phase: Phase::OnCandidates, points: 11.0, se: None, finder: find_5, text: None,
    hodoku: Hodoku { order: Some(5560), level: HodokuLevel::Unfair, score: 150 },
};

/// Catalogue entry: Naked sextuple (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const NAKED_SEXTUPLE: TechniqueInfo = TechniqueInfo {
    technique: Technique::NakedSextuple, name: "naked-sextuple", names: Names { en: "Naked sextuple", de: "6-Tupel" },
    family: Family::Subset, phase: Phase::OnCandidates, points: 14.0, se: None, finder: find_6, text: None,
    hodoku: Hodoku { order: Some(5560), level: HodokuLevel::Unfair, score: 150 },
};

/// Catalogue entry: Naked septuple (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const NAKED_SEPTUPLE: TechniqueInfo = TechniqueInfo {
    technique: Technique::NakedSeptuple, name: "naked-septuple", names: Names { en: "Naked septuple", de: "7-Tupel" },
    family: Family::Subset, phase: Phase::OnCandidates, points: 17.0, se: None, finder: find_7, text: None,
    hodoku: Hodoku { order: Some(5560), level: HodokuLevel::Unfair, score: 150 },
};

pub(crate) mod told {
    //! This technique's steps told in English and German and drawn, both
    //! from the step struct (see [`crate::describe`]).
    //!
    //! Naked and hidden subsets (the diagonal solver's N-Tupel and versteckte
    //! N-Tupel), named and told by the view the step is scored by.

    use crate::describe::drawing::Drawing;
    use crate::describe::words::{cells, digits, in_house, removal, so, upper_first};
    use crate::describe::{Describe, Telling};
    use crate::{Step, Subset, SubsetView};
    use sudoku_core::Lang;

    /// Explains a subset in `house`, in the naked or the hidden view.
    pub(crate) fn render(step: &Step, name: &str, s: &Subset, lang: Lang) -> Option<String> {
        let (house, view) = (s.house, s.view);
        let naked = (s.naked_cells, s.naked_digits);
        let hidden = (s.hidden_cells, s.hidden_digits);
        let then = so(&removal(&step.eliminations, lang), lang);
        let place = in_house(house, lang);
        Some(match (view, lang) {
            (SubsetView::Naked, Lang::En) => format!(
                "{name}: {place}, {} hold only {}; these digits must go there, {then}",
                cells(naked.0),
                digits(naked.1, lang)
            ),
            (SubsetView::Naked, Lang::De) => format!(
                "{name}: {} enthalten {} nur die Kandidaten {}; diese Zahlen müssen dort stehen, {then}",
                upper_first(&place),
                cells(naked.0),
                digits(naked.1, lang)
            ),
            (SubsetView::Hidden, Lang::En) => format!(
                "{name}: {place}, {} fit only into {}; these cells must take them, {then}",
                digits(hidden.1, lang),
                cells(hidden.0)
            ),
            (SubsetView::Hidden, Lang::De) => format!(
                "{name}: {} passen {} nur in {}; diese Zellen müssen sie aufnehmen, {then}",
                upper_first(&place),
                digits(hidden.1, lang),
                cells(hidden.0)
            ),
        })
    }

    impl Describe for super::Subset {
        fn text(&self, step: &Step, at: &Telling<'_>) -> Option<String> {
            render(step, at.name, self, at.lang)
        }

        fn draw(&self, _step: &Step, out: &mut Drawing) {
            let (cells, digits) = match self.view {
                SubsetView::Naked => (self.naked_cells, self.naked_digits),
                SubsetView::Hidden => (self.hidden_cells, self.hidden_digits),
            };
            out.pattern(cells, digits);
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    #[test]
    fn cheaper_view_wins() {
        assert!(naked_view_preferred(2, 2)); // 2 vs 8
        assert!(naked_view_preferred(4, 2)); // 8 vs 8: tie goes to naked
        assert!(!naked_view_preferred(5, 2)); // 11 vs 8
        assert!(!naked_view_preferred(6, 3)); // 14 vs 11
        assert!(naked_view_preferred(5, 3)); // 11 vs 11
    }

    use crate::techniques::hidden_subset;
    use crate::techniques::test_util::*;

    /// The one subset `finder` finds in `puzzle` less `elims` (see
    /// [`sound_hits`]), checked to lie in `house` (as `row 9`), to be of
    /// `digits` (as `146`) and to remove `gone` (as [`eliminations`]): what
    /// every subset test of both views asks first. Returns the position and
    /// the step.
    pub(crate) fn one_subset(
        finder: crate::technique::Finder,
        puzzle: &str,
        elims: &str,
        [house, digits, gone]: [&str; 3],
    ) -> (Candidates, Step) {
        let (pos, steps) = sound_hits(finder, puzzle, elims);
        assert_eq!(steps.len(), 1, "{steps:?}");
        let step = steps[0].clone();
        assert_eq!(step.houses[0].to_string(), house);
        assert_eq!(step.digits.to_string(), digits);
        assert_eq!(eliminations(&step), gone);
        (pos, step)
    }

    #[test]
    fn naked_pair_in_a_row() {
        let p = "4...3.......6..8..........1....5..9..8....6...7.2........1927..5.3....4.9.7.4....";
        let (pos, step) = one_subset(
            find_2,
            p,
            "r1c2-12 r1c3-59 r2c2-12 r2c3-59 r3c2-2 r3c3-59 r4c2-12 r4c4-4 r4c6-4 r4c7-4 \
             r4c9-4 r5c3-124 r6c3-146 r7c8-68 r7c9-68 r8c2-6 r8c9-68 r9c2-6 r9c4-8 r9c6-68 \
             r9c7-35 r9c8-35 r9c9-35",
            ["row 9", "12", "r9c8-1 r9c8-2 r9c9-2"],
        );
        assert_eq!(format!("{:?}", step.cells), r#"{"r9c2", "r9c7"}"#);
        assert_eq!(step.points, 2.0);
        // Row 9 has 6 empty cells: the complementary hidden quad is not reported.
        assert!(run(hidden_subset::find_4, &pos).is_empty());
        // And after the eliminations the pair is spent.
        let mut after = pos.clone();
        after.apply(&step).unwrap();
        assert!(run(find_2, &after).is_empty());
    }

    #[test]
    fn naked_triple_in_a_row() {
        let p = "827..94139..3.....3...2....248..7..........52.15..2...5..2....6.7....8......9....";
        let (pos, _) = one_subset(
            find_3,
            p,
            "r2c3-6 r2c5-56 r2c6-56 r2c7-7 r3c3-6 r3c4-56 r3c6-56 r3c7-7 r5c2-6 r5c3-6 r5c4-9 \
             r5c5-3 r5c6-3 r5c7-39 r6c4-48 r6c5-48 r6c8-3679 r6c9-79 r7c3-14 r7c5-3 r7c7-79 \
             r7c8-9 r8c1-6 r8c3-1349 r8c4-5 r8c5-35 r9c1-6 r9c2-6 r9c3-134 r9c4-5 r9c7-7",
            [
                "row 8",
                "146",
                "r8c3-6 r8c6-1 r8c6-4 r8c6-6 r8c8-4 r8c9-1 r8c9-4",
            ],
        );
        assert!(run(find_2, &pos).is_empty());
    }

    #[test]
    fn naked_quad_in_a_column() {
        let p = "8.9...3.....7.1...5.7.......7.....263...9.......1...43.6.2....4....8.5...........";
        let (_, step) = one_subset(
            find_4,
            p,
            "r2c5-6 r2c7-69 r2c8-6 r3c4-346 r3c6-2346 r3c7-89 r3c8-89 r3c9-89 r4c5-3 r5c2-15 \
             r5c3-5 r5c4-5 r5c6-5 r7c5-3 r7c7-9 r8c2-1 r9c2-1 r9c5-3 r9c7-9",
            ["column 7", "1789", "r2c7-8 r3c7-1 r9c7-1 r9c7-7 r9c7-8"],
        );
        assert_eq!(step.points, 8.0);
    }

    #[test]
    fn naked_quint_in_a_column() {
        let p = ".8..1......5....3.......4.....6.5.7.8931..2....73.....27....1.9..67........4.....";
        let (pos, step) = one_subset(
            find_5,
            p,
            "r1c6-29 r1c7-9 r2c5-29 r2c6-29 r2c7-9 r3c5-29 r3c6-29 r4c5-24 r4c9-14 r5c8-4 \
             r5c9-4 r6c1-14 r6c2-124 r6c5-4 r6c6-4 r6c7-56 r6c8-5689 r6c9-568 r8c5-3 r8c6-3 \
             r9c5-3 r9c6-3",
            ["column 6", "34678", "r6c6-8 r8c6-8 r9c6-6 r9c6-8"],
        );
        // Column 6 has 8 empty cells: naked 5 (11 points) ties hidden 3 (11).
        assert_eq!(step.points, 11.0);
        assert!(run(hidden_subset::find_3, &pos).is_empty());
    }
}
