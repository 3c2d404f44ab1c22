//! Empty rectangle: a box whose candidates of a digit all lie on one row and one
//! column crossing it, played against a strong link outside the box.
//!
//! Let the digit's candidates in box `B` lie in `row ∪ column` (both crossing
//! `B`), with some off the crossing cell on each arm — otherwise it would be a
//! pointing pattern. Take a strong link `X = Y` (in any house of the variant)
//! with `X` on `row` outside `B`, and a candidate `T` on `column` outside `B`
//! that shares a house with `Y`. If `T` held the digit, `Y` would not, so `X`
//! would; then `X` clears the row arm and `T` the column arm, leaving `B` without
//! the digit. So `T` goes. The same holds with row and column swapped.
//!
//! The pattern needs the cross shape of a box, so only boxes serve as the region
//! (a diagonal or colour group has no such rows and columns); the links around it
//! may be any houses. Points: as a four-cell X-chain, 7. Sudoku Explainer has no
//! own rating (it finds these as turbot fish or forcing X-chains): 6.6. HoDoKu:
//! 120.

use super::digit_graph::DigitGraph;
use super::{KeptByDigit, by_digit, push_unique};
use crate::Candidates;
use crate::step::{Detail, LinkKind, Step};
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};
use std::cell::RefCell;
use sudoku_core::{CellSet, Digit, DigitSet, House, HouseKind, Variant};

thread_local! {
    static KEPT: RefCell<KeptByDigit> = RefCell::new(Default::default());
}

/// Empty rectangles, one step per (digit, eliminations).
pub(crate) fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    by_digit(&KEPT, pos, out, mode, on_digit);
}

/// The empty rectangles of one digit, each set of eliminations once.
fn on_digit(pos: &Candidates, digit: Digit) -> Vec<Step> {
    let mut hits: Vec<Step> = Vec::new();
    for step in rectangles(pos, digit) {
        push_unique(&mut hits, 0, step);
    }
    hits
}

/// Every empty rectangle of one digit, each set of eliminations once per box.
fn rectangles(pos: &Candidates, digit: Digit) -> Vec<Step> {
    let mut out: Vec<Step> = Vec::new();
    let g = DigitGraph::new(pos, digit);
    if g.links.is_empty() {
        return Vec::new();
    }
    for &(region, in_box) in &g.open {
        if region.kind() != HouseKind::Box || in_box.len() < 2 {
            continue;
        }
        let box_cells = Variant::house_cells(region);
        let first = region.cells()[0];
        for r in first.row()..first.row() + 3 {
            for c in first.col()..first.col() + 3 {
                let (row, column) = (House::row(r), House::column(c));
                let (row_cells, col_cells) =
                    (Variant::house_cells(row), Variant::house_cells(column));
                let row_arm = in_box & row_cells;
                let col_arm = in_box & col_cells;
                if !(in_box - row_arm - col_arm).is_empty()
                    || (row_arm - col_arm).is_empty()
                    || (col_arm - row_arm).is_empty()
                {
                    continue;
                }
                // X on one arm's line outside the box, T on the other's.
                for (x_line, t_line) in [(row_cells, col_cells), (col_cells, row_cells)] {
                    for &(p, q, strong) in &g.links {
                        for (x, y) in [(p, q), (q, p)] {
                            if !x_line.contains(x) || box_cells.contains(x) || box_cells.contains(y)
                            {
                                continue;
                            }
                            let gone = g.seen(y) & (t_line - box_cells);
                            if gone.is_empty() {
                                continue;
                            }
                            let mut step = Step::new(Technique::EmptyRectangle, 7.0);
                            step.eliminate_all(digit, gone);
                            if out.iter().any(|s| {
                                s.eliminations == step.eliminations
                                    && matches!(s.detail, Detail::EmptyRectangle(EmptyRectangle { region: r, .. }) if r == region)
                            }) {
                                continue;
                            }
                            step.cells = in_box | CellSet::single(x) | CellSet::single(y);
                            step.houses = vec![region, row, column, strong];
                            step.digits = DigitSet::single(digit);
                            step.links = vec![g.link(y, x, LinkKind::Strong)];
                            step.detail = Detail::EmptyRectangle(EmptyRectangle {
                                digit,
                                region,
                                row,
                                column,
                            });
                            out.push(step);
                        }
                    }
                }
            }
        }
    }
    out
}

thread_local! {
    static DUALS: RefCell<KeptByDigit> = RefCell::new(Default::default());
}

/// Dual empty rectangles (HoDoKu): two empty rectangles of one digit in the
/// same box — the same candidates of the box — with different eliminations,
/// reported as one step with both. HoDoKu finds them only with its "duals
/// and siamese" option, off by default.
pub(crate) fn find_dual(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    by_digit(&DUALS, pos, out, mode, duals_on_digit);
}

/// The dual empty rectangles of one digit.
fn duals_on_digit(pos: &Candidates, digit: Digit) -> Vec<Step> {
    let all = rectangles(pos, digit);
    let region_of = |s: &Step| match s.detail {
        Detail::EmptyRectangle(EmptyRectangle { region, .. }) => Some(region),
        _ => None,
    };
    let mut hits: Vec<Step> = Vec::new();
    for (i, first) in all.iter().enumerate() {
        for second in &all[i + 1..] {
            let Some(region) = region_of(first) else {
                continue;
            };
            if region_of(second) != Some(region) || !super::turbot_fish::both_count(first, second) {
                continue;
            }
            let step = super::turbot_fish::dual_step(
                Technique::DualEmptyRectangle,
                digit,
                region,
                first.clone(),
                second.clone(),
            );
            push_unique(&mut hits, 0, step);
        }
    }
    hits
}

/// Two patterns of one digit found together (HoDoKu's dual 2-string kite
/// and dual empty rectangle): `parts` are the two single steps, sharing
/// the candidates of `digit` in the box `region`; the step removes what
/// both remove.
#[derive(Clone, Debug, PartialEq)]
pub struct Dual {
    /// The digit.
    pub digit: Digit,
    /// The box both patterns pass through.
    pub region: House,
    /// The two single patterns, each a complete step of its own.
    pub parts: Vec<Step>,
}

crate::moved_fields!(Dual { digit, region, parts; });

/// An empty rectangle: the digit's candidates in box `region` all lie in
/// `row` or `column`; with the strong link in `links` they cannot all go.
#[derive(Clone, Debug, PartialEq)]
pub struct EmptyRectangle {
    /// The digit.
    pub digit: Digit,
    /// The box.
    pub region: House,
    /// The row crossing the box that holds part of the candidates.
    pub row: House,
    /// The column crossing the box that holds the rest.
    pub column: House,
}

impl crate::Moved for EmptyRectangle {
    fn moved(&self, t: &sudoku_core::Transform) -> EmptyRectangle {
        // `row` is a row and `column` a column: a transpose swaps them.
        let (mut row, mut column) = (self.row.moved(t), self.column.moved(t));
        if row.kind() == sudoku_core::HouseKind::Column {
            std::mem::swap(&mut row, &mut column);
        }
        EmptyRectangle {
            digit: self.digit.moved(t),
            region: self.region.moved(t),
            row,
            column,
        }
    }
}

/// Catalogue entry: Empty rectangle (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const EMPTY_RECTANGLE: TechniqueInfo = TechniqueInfo {
    technique: Technique::EmptyRectangle, name: "empty-rectangle", names: Names { en: "Empty rectangle", de: "Empty Rectangle (leeres Rechteck)" },
    family: Family::SingleDigit, phase: Phase::OnCandidates, points: 7.0, se: Some(6.6), finder: find, text: None,
    hodoku: Hodoku { order: Some(3170), level: HodokuLevel::Hard, score: 120 },
};

/// Catalogue entry: Dual empty rectangle (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const DUAL_EMPTY_RECTANGLE: TechniqueInfo = TechniqueInfo {
    technique: Technique::DualEmptyRectangle, name: "dual-empty-rectangle", names: Names { en: "Dual empty rectangle", de: "Doppeltes leeres Rechteck" },
    family: Family::SingleDigit, phase: Phase::OnCandidates, points: 8.0, se: None, finder: find_dual, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};

pub(crate) mod told {
    //! This technique's steps told in English and German and drawn, both
    //! from the step struct (see [`crate::describe`]).
    //!
    //! Single-digit patterns: the four-cell chains (skyscraper, 2-string kite,
    //! turbot fish), X-chains and X-loops (the diagonal solver's Einzelzahl-Ketten),
    //! the empty rectangle and the single-digit contradiction chains
    //! (Einzelzahl-Widerspruchs-Ketten, types 1 and 2 with their O/X link string).

    use crate::Step;
    use crate::describe::drawing::Drawing;
    use crate::describe::words::{cells, chain as chain_text, in_house, the_house, upper_first};
    use crate::describe::{Describe, Telling};
    use sudoku_core::Lang;
    use sudoku_core::{CellSet, Digit, House};

    /// Explains an empty rectangle in box `region` with the arms `lines` (row,
    /// column) and the strong link in the step's `links`.
    pub(crate) fn empty_rectangle(
        step: &Step,
        name: &str,
        digit: Digit,
        region: House,
        lines: [House; 2],
        lang: Lang,
    ) -> Option<String> {
        let link = step.links.first()?;
        let (y, x) = (link.from.0, link.to.0);
        let strong = chain_text(&step.links);
        let strong_house = step.houses.get(3).map(|&h| in_house(h, lang));
        let gone: CellSet = step.eliminations.iter().map(|e| e.cell).collect();
        let gone = cells(gone);
        let [row, column] = lines.map(|h| the_house(h, lang));
        let box_in = in_house(region, lang);
        Some(match lang {
            Lang::En => format!(
                "{name} on {digit}: {box_in} the {digit}s lie only in {row} and {column}. A {digit} in {gone} would remove it from {y}, so the strong link {strong}{} would put {digit} into {x}; together they would leave {} without a {digit}. So {digit} can be removed from {gone}.",
                strong_house.map(|h| format!(" {h}")).unwrap_or_default(),
                the_house(region, lang)
            ),
            Lang::De => format!(
                "{name} mit der {digit}: {} liegen die Kandidaten {digit} nur in {row} und {column}. Eine {digit} in {gone} würde sie aus {y} entfernen; dann setzt die starke Verbindung {strong}{} die {digit} nach {x}, und zusammen bliebe {box_in} kein Platz für die {digit}. Also kann die {digit} aus {gone} gestrichen werden.",
                upper_first(&box_in),
                strong_house.map(|h| format!(" {h}")).unwrap_or_default(),
            ),
        })
    }

    /// Explains a dual pattern (dual 2-string kite, dual empty rectangle): an
    /// introduction naming the shared box, then the two single patterns' own
    /// `texts`.
    pub(crate) fn dual(
        name: &str,
        digit: Digit,
        region: House,
        texts: &[String],
        lang: Lang,
    ) -> Option<String> {
        let [first, second] = texts else {
            return None;
        };
        let place = in_house(region, lang);
        Some(match lang {
            Lang::En => format!(
                "{name} on {digit}: two patterns through the {digit}s {place} hold at once, each removing candidates of its own. 1) {first} 2) {second}"
            ),
            Lang::De => format!(
                "{name} mit der {digit}: Zwei Muster über die Kandidaten {digit} {place} gelten zugleich, jedes streicht eigene Kandidaten. 1) {first} 2) {second}"
            ),
        })
    }

    impl Describe for super::EmptyRectangle {
        fn text(&self, step: &Step, at: &Telling<'_>) -> Option<String> {
            empty_rectangle(
                step,
                at.name,
                self.digit,
                self.region,
                [self.row, self.column],
                at.lang,
            )
        }

        fn draw(&self, step: &Step, out: &mut Drawing) {
            out.pattern(step.cells, sudoku_core::DigitSet::single(self.digit));
            out.arrows(&step.links);
        }
    }

    impl Describe for super::Dual {
        /// An introduction, then each pattern told as its own step.
        fn text(&self, _step: &Step, at: &Telling<'_>) -> Option<String> {
            let texts: Vec<String> = self
                .parts
                .iter()
                .map(|p| crate::describe::text(p, None, at.lang))
                .collect();
            dual(at.name, self.digit, self.region, &texts, at.lang)
        }

        /// Both patterns, each drawn as its own step.
        fn draw(&self, _step: &Step, out: &mut Drawing) {
            for part in &self.parts {
                crate::describe::draw_pattern(part, out);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_util::*;

    const P: &str =
        "3.7..4.2....1..8..9............3..9..5.8......4.6...........5.12...7..........6.2";

    #[test]
    fn rectangles_kept_per_digit_equal_a_fresh_search() {
        assert!(
            kept_results_agree(find, &er_position()) > 0,
            "the walk meets some"
        );
    }

    fn er_position() -> Candidates {
        position_with(
            P,
            Variant::Standard,
            "r1c5-9 r2c6-59 r2c8-7 r2c9-3456 r3c6-5 r3c8-37 r4c4-25 r4c6-2 r4c7-2 r4c9-7 \
             r5c3-126 r5c5-9 r5c8-7 r6c3-128 r6c8-7 r7c3-39 r7c4-9 r8c2-9 r8c3-39 r8c4-49 \
             r8c6-9 r8c7-3 r8c8-3 r9c2-1 r9c3-39",
        )
    }

    #[test]
    fn empty_rectangle_in_box_9() {
        let pos = er_position();
        let steps = run(find, &pos);
        assert_sound(P, Variant::Standard, &steps);
        assert_eq!(steps.len(), 1);
        assert_eq!(eliminations(&steps[0]), "r8c6-3");
        assert_eq!(
            steps[0].detail,
            Detail::EmptyRectangle(EmptyRectangle {
                digit: Digit::new(3).unwrap(),
                region: House::boxx(8),
                row: House::row(7),
                column: House::column(7),
            })
        );
        assert_eq!(steps[0].points, 7.0);
    }

    const DUAL: &str =
        "46.93.527.5.6..839.9....461.34.5.29.28....67..7.2..314846192753513...942927.4.186";

    /// Box 2's 1s lie in row 2 and column 6: two strong links give two
    /// empty rectangles, removing the 1 from r4c6 and from r2c1.
    #[test]
    fn dual_empty_rectangle() {
        let (_, steps) = sound_hits(find_dual, DUAL, "r2c6-17 r3c4-78 r5c3-1");
        assert_eq!(steps.len(), 1);
        assert_eq!(eliminations(&steps[0]), "r2c1-1 r4c6-1");
        let Detail::Dual(Dual { region, parts, .. }) = &steps[0].detail else {
            panic!("{:?}", steps[0].detail)
        };
        assert_eq!(*region, House::boxx(1));
        let each: Vec<String> = parts.iter().map(eliminations).collect();
        assert_eq!(each, ["r4c6-1", "r2c1-1"]);
        assert_eq!(steps[0].points, 8.0);
    }

    /// The two rectangles move with the grid (compared as an unordered
    /// pair).
    #[test]
    fn dual_rectangles_move_with_the_grid() {
        let pos = position_with(DUAL, Variant::Standard, "r2c6-17 r3c4-78 r5c3-1");
        transformed_agree(find_dual, &pos, &dual_key);
    }

    /// With r4c6's 1 gone the rectangles have at most one elimination
    /// between them: no dual.
    #[test]
    fn one_rectangle_is_no_dual() {
        let pos = position_with(DUAL, Variant::Standard, "r2c6-17 r3c4-78 r5c3-1 r4c6-1");
        assert!(run(find_dual, &pos).is_empty());
        assert!(run(find, &pos).len() <= 1);
    }

    #[test]
    fn no_empty_rectangle_on_a_single_line() {
        // Without r8c9 the 3s of box 9 lie in column 8 alone: a pointing pattern,
        // not an empty rectangle.
        let mut pos = er_position();
        let (c, d) = (sudoku_core::Cell::at(7, 8).unwrap(), Digit::new(3).unwrap());
        pos.eliminate(c, d).unwrap();
        assert!(run(find, &pos).iter().all(|s| !matches!(
            s.detail,
            Detail::EmptyRectangle(EmptyRectangle { region, .. }) if region == House::boxx(8)
        )));
    }

    /// Every hit along real solution paths (top1465 and the seed's variant
    /// puzzles) agrees with the solution.
    #[test]
    fn sound_on_real_positions() {
        crate::techniques::test_util::sound_on_real_positions(&[(
            "dual-empty-rectangle",
            find_dual,
        )]);
    }
}
