//! Templates (HoDoKu's template set and template delete): a digit's possible
//! final layouts, enumerated.
//!
//! In a solution every digit occupies one cell of every house. A *template*
//! of a digit is such a layout that fits the position: its placed cells, and
//! otherwise only cells where the digit is a candidate, no two of them peers,
//! every house of the variant hit once — rows, columns and boxes, and the
//! diagonals or colour groups where the variant has them. A cell used by
//! every template takes the digit (template set); a candidate used by none
//! goes (template delete).
//!
//! The enumeration walks the rows (every variant has them) with a depth-first
//! search over cell bitsets: a chosen cell blocks its peers, and a branch is
//! cut as soon as a later row or a house still without the digit has no
//! unblocked cell left. What the later rows can hold depends only on which
//! other houses the earlier rows hit, so the search keeps its summary per row
//! and hit set and visits each such state once: it counts the templates
//! without listing them (an open digit has tens of thousands). Everything is
//! read from the variant's house list.
//!
//! One step per digit and kind. Points 12 each, after the ALS family and
//! before aligned exclusion, so the paths that get there change least; HoDoKu
//! has both at 10,000 (Extreme) but switched off in its default configuration
//! (2.2), so the HoDoKu column stays empty.

use crate::Candidates;
use crate::fast_hash::FastMap;
use crate::step::{Detail, Placement, Step};
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};
use sudoku_core::{CellSet, Digit, DigitSet, HouseKind, Variant};

/// What the templates of one digit have in common.
#[derive(Clone, Copy)]
pub(crate) struct Templates {
    /// How many there are.
    pub count: usize,
    /// The cells used by every template.
    pub in_all: CellSet,
    /// The cells used by some template.
    pub in_any: CellSet,
}

/// A digit's templates depend only on the variant, its candidates and its
/// placed cells: the last summary per digit, with what it was computed from.
type Kept = [Option<(Variant, CellSet, CellSet, Templates)>; 9];

thread_local! {
    /// Template set and delete run one after the other on the same position,
    /// and a walk's next step changes few digits: both reuse these.
    static KEPT: std::cell::RefCell<Kept> = const { std::cell::RefCell::new([None; 9]) };
}

/// The templates of `digit` in `pos`, summarised.
pub(crate) fn templates(pos: &Candidates, digit: Digit) -> Templates {
    let variant = pos.variant();
    let grid = pos.grid();
    let placed: CellSet = sudoku_core::Cell::all()
        .filter(|&c| grid.get(c) == Some(digit))
        .collect();
    let cells = pos.cells_with(digit);
    KEPT.with(|kept| {
        let mut kept = kept.borrow_mut();
        let slot = &mut kept[digit.index()];
        match slot {
            Some((v, c, p, t)) if *v == variant && *c == cells && *p == placed => *t,
            _ => {
                let t = enumerate(variant, cells, placed);
                *slot = Some((variant, cells, placed, t));
                t
            }
        }
    })
}

/// Whether any reasoning on `digit` alone (fish of every kind, single-digit
/// chains and loops, broken wings) may remove or place it in `pos`: a
/// template is a way to place the digit that such reasoning cannot rule out,
/// so all it removes lies in no template and all it places in every one.
/// `false` when the templates remove and place nothing.
pub(crate) fn may_change(pos: &Candidates, digit: Digit) -> bool {
    let cells = pos.cells_with(digit);
    if cells.is_empty() {
        return false;
    }
    let t = templates(pos, digit);
    t.count == 0 || !(t.in_all & cells).is_empty() || !(cells - t.in_any).is_empty()
}

/// Counts the templates of a digit with candidates `cells` and placed cells
/// `placed` (see the module text).
fn enumerate(variant: Variant, cells: CellSet, placed: CellSet) -> Templates {
    let open = cells | placed;
    let rows: Vec<CellSet> = variant
        .houses()
        .iter()
        .filter(|h| h.kind() == HouseKind::Row)
        .map(|&h| {
            let row = Variant::house_cells(h);
            // A row where the digit is placed has that one cell.
            if (row & placed).is_empty() {
                row & open
            } else {
                row & placed
            }
        })
        .collect();
    // What the rows from `i` on still offer.
    let mut rest = vec![CellSet::EMPTY; rows.len() + 1];
    for i in (0..rows.len()).rev() {
        rest[i] = rest[i + 1] | rows[i];
    }
    let houses: Vec<CellSet> = variant
        .houses()
        .iter()
        .filter(|h| h.kind() != HouseKind::Row)
        .map(|&h| Variant::house_cells(h))
        .collect();
    // Per cell, the other houses it lies in, as bits of `houses`.
    let mut hits = [0u32; 81];
    for (k, &h) in houses.iter().enumerate() {
        for cell in h.iter() {
            hits[cell.index()] |= 1 << k;
        }
    }
    let peers: Vec<CellSet> = sudoku_core::Cell::all().map(|c| variant.peers(c)).collect();
    let mut search = Search {
        rows: &rows,
        rest: &rest,
        houses: &houses,
        hits: &hits,
        peers: &peers,
        all: (1u64 << houses.len()).wrapping_sub(1) as u32,
        known: FastMap::default(),
    };
    let mut acc = search.go(0, 0, CellSet::EMPTY);
    if acc.count == 0 {
        acc.in_all = CellSet::EMPTY;
    }
    acc
}

/// The depth-first search over the rows. What rows `i..` can still hold
/// depends only on which other houses the rows before already hit (a chosen
/// cell blocks exactly the cells that share one of them), so the summary of
/// the completions is kept per row and hit set: the search visits each such
/// state once instead of once per template prefix.
struct Search<'a> {
    rows: &'a [CellSet],
    rest: &'a [CellSet],
    houses: &'a [CellSet],
    /// Per cell, the houses of `houses` it hits (bits).
    hits: &'a [u32; 81],
    /// Per cell, its peers (the cells a choice of it blocks).
    peers: &'a [CellSet],
    /// Every house of `houses` hit.
    all: u32,
    /// Summaries of the completions, by row and hit set.
    known: FastMap<u64, Templates>,
}

impl Search<'_> {
    /// The completions of rows `i..` after rows `..i` hit the houses `hit`
    /// and so block `blocked`: their count and the cells (of those rows)
    /// used by every one and by some one.
    fn go(&mut self, i: usize, hit: u32, blocked: CellSet) -> Templates {
        if i == self.rows.len() {
            // Every other house is hit at most once by construction; it must
            // be hit (diagonals are not a partition of the grid).
            let count = usize::from(hit == self.all);
            return Templates {
                count,
                in_all: if count > 0 {
                    CellSet::EMPTY
                } else {
                    CellSet::ALL
                },
                in_any: CellSet::EMPTY,
            };
        }
        let key = (i as u64) << 32 | u64::from(hit);
        if let Some(&known) = self.known.get(&key) {
            return known;
        }
        let mut acc = Templates {
            count: 0,
            in_all: CellSet::ALL,
            in_any: CellSet::EMPTY,
        };
        for cell in (self.rows[i] - blocked).iter() {
            let hit = hit | self.hits[cell.index()];
            let blocked = blocked | self.peers[cell.index()];
            let later = self.rest[i + 1] - blocked;
            let dead = self.rows[i + 1..].iter().any(|&r| (r - blocked).is_empty())
                || (self.houses.iter().enumerate())
                    .any(|(k, &h)| hit >> k & 1 == 0 && (h & later).is_empty());
            if dead {
                continue;
            }
            let sub = self.go(i + 1, hit, blocked);
            if sub.count > 0 {
                let one = CellSet::single(cell);
                acc.count += sub.count;
                acc.in_all &= sub.in_all | one;
                acc.in_any |= sub.in_any | one;
            }
        }
        self.known.insert(key, acc);
        acc
    }
}

fn template_step(technique: Technique, digit: Digit, t: &Templates) -> Step {
    let mut step = Step::new(technique, technique.info().points);
    step.digits = DigitSet::single(digit);
    step.cells = t.in_any;
    step.detail = Detail::Template(Template {
        digit,
        templates: t.count,
    });
    step
}

/// Template set: the digit goes into every empty cell all its templates use.
pub(crate) fn find_set(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    for digit in Digit::ALL {
        if pos.cells_with(digit).is_empty() {
            continue;
        }
        let t = templates(pos, digit);
        let set = t.in_all & pos.cells_with(digit);
        if t.count == 0 || set.is_empty() {
            continue;
        }
        let mut step = template_step(Technique::TemplateSet, digit, &t);
        step.placements = set.iter().map(|cell| Placement { cell, digit }).collect();
        out.push(step);
        if mode == FindMode::First {
            return;
        }
    }
}

/// Template delete: the digit goes from every cell no template uses.
pub(crate) fn find_delete(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    for digit in Digit::ALL {
        if pos.cells_with(digit).is_empty() {
            continue;
        }
        let t = templates(pos, digit);
        let gone = pos.cells_with(digit) - t.in_any;
        if t.count == 0 || gone.is_empty() {
            continue;
        }
        let mut step = template_step(Technique::TemplateDelete, digit, &t);
        step.eliminate_all(digit, gone);
        out.push(step);
        if mode == FindMode::First {
            return;
        }
    }
}

/// Templates (HoDoKu's template set and delete): of the `templates` ways
/// to place `digit` once in every house consistent with the candidates,
/// every one uses the placed cells, none the eliminated candidates.
#[derive(Clone, Debug, PartialEq)]
pub struct Template {
    /// The digit.
    pub digit: Digit,
    /// How many templates fit the candidates.
    pub templates: usize,
}

crate::moved_fields!(Template { digit; templates });

/// Catalogue entry: Template set (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const TEMPLATE_SET: TechniqueInfo = TechniqueInfo {
    technique: Technique::TemplateSet, name: "template-set", names: Names { en: "Template set", de: "Schablone (setzen)" },
    family: Family::SingleDigit, phase: Phase::OnCandidates, points: 12.0, se: None, finder: find_set, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};

/// Catalogue entry: Template delete (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const TEMPLATE_DELETE: TechniqueInfo = TechniqueInfo {
    technique: Technique::TemplateDelete, name: "template-delete", names: Names { en: "Template delete", de: "Schablone (löschen)" },
    family: Family::SingleDigit, phase: Phase::OnCandidates, points: 12.0, se: None, finder: find_delete, text: None,
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
    use crate::describe::words::cells;
    use crate::describe::{Describe, Telling};
    use sudoku_core::Lang;
    use sudoku_core::{CellSet, Digit};

    /// Explains a template step: of the `templates` layouts of `digit` that fit
    /// the candidates, all use the placed cells, none the eliminated ones.
    pub(crate) fn template(
        step: &Step,
        name: &str,
        digit: Digit,
        templates: usize,
        lang: Lang,
    ) -> Option<String> {
        let placed: CellSet = step.placements.iter().map(|p| p.cell).collect();
        let gone: CellSet = step.eliminations.iter().map(|e| e.cell).collect();
        let one = templates == 1;
        let intro = match (lang, one) {
            (Lang::En, true) => format!(
                "{name} on {digit}: there is only one way to place {digit} once in every house that fits the candidates (a template)"
            ),
            (Lang::En, false) => format!(
                "{name} on {digit}: there are {templates} ways to place {digit} once in every house that fit the candidates (templates)"
            ),
            (Lang::De, true) => format!(
                "{name} mit der {digit}: Es gibt nur eine Möglichkeit (Schablone), die {digit} passend zu den Kandidaten einmal in jede Gruppe zu setzen"
            ),
            (Lang::De, false) => format!(
                "{name} mit der {digit}: Es gibt {templates} Möglichkeiten (Schablonen), die {digit} passend zu den Kandidaten einmal in jede Gruppe zu setzen"
            ),
        };
        let reason = match (lang, one, placed.is_empty()) {
            (Lang::En, true, false) => format!("it uses {}, so {digit} goes there.", cells(placed)),
            (Lang::En, false, false) => format!(
                "every one of them uses {}, so {digit} goes there.",
                cells(placed)
            ),
            (Lang::En, true, true) => format!(
                "it does not use {}, so {digit} can be removed from there.",
                cells(gone)
            ),
            (Lang::En, false, true) => format!(
                "none of them uses {}, so {digit} can be removed from there.",
                cells(gone)
            ),
            (Lang::De, true, false) => format!(
                "sie benutzt {}, also kommt die {digit} dorthin.",
                cells(placed)
            ),
            (Lang::De, false, false) => format!(
                "jede davon benutzt {}, also kommt die {digit} dorthin.",
                cells(placed)
            ),
            (Lang::De, true, true) => format!(
                "sie benutzt {} nicht, also kann die {digit} dort gestrichen werden.",
                cells(gone)
            ),
            (Lang::De, false, true) => format!(
                "keine davon benutzt {}, also kann die {digit} dort gestrichen werden.",
                cells(gone)
            ),
        };
        Some(format!("{intro}; {reason}"))
    }

    impl Describe for super::Template {
        fn text(&self, step: &Step, at: &Telling<'_>) -> Option<String> {
            template(step, at.name, self.digit, self.templates, at.lang)
        }

        fn draw(&self, step: &Step, out: &mut Drawing) {
            out.pattern(step.cells, sudoku_core::DigitSet::single(self.digit));
        }
    }
}

/// For the single-digit searches that [`may_change`] screens: runs
/// `search` (the unscreened search of one digit, returning how many steps it
/// finds) on every digit at every position of the solution paths of
/// `count` top1465 puzzles (every `stride`-th) and `variants` of the seed's
/// variant examples, and asserts it finds nothing on a digit the templates
/// leave alone. Returns how many digits were left alone and how many steps
/// were found.
#[cfg(test)]
pub(crate) fn screened_digits_find_nothing(
    (count, stride, variants): (usize, usize, usize),
    search: &dyn Fn(&Candidates, Digit) -> usize,
) -> (usize, usize) {
    use crate::techniques::als::hunt;
    use crate::techniques::complex_fish::sweep;
    let (mut skipped, mut found) = (0, 0);
    for (puzzle, variant, _) in &sweep::puzzles(count, stride, variants) {
        hunt::walk(puzzle, *variant, &mut |pos| {
            for digit in Digit::ALL {
                let quiet = !may_change(pos, digit);
                let n = search(pos, digit);
                assert!(!quiet || n == 0, "{puzzle} {variant:?} {digit:?}");
                found += n;
                skipped += usize::from(quiet && !pos.cells_with(digit).is_empty());
            }
            false
        });
    }
    (skipped, found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_util::*;

    const P: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1927..5.3....4.9.7.4....";

    /// At the start of the puzzle: 1s, 2s, 3s, 5s, 8s and 9s that no layout
    /// of their digit uses.
    #[test]
    fn template_delete_at_the_start() {
        let (pos, steps) = sound_hits(find_delete, P, "");
        let got: Vec<String> = steps.iter().map(eliminations).collect();
        assert_eq!(
            got,
            [
                "r1c2-1 r2c2-1 r4c2-1",
                "r1c2-2 r2c2-2 r3c2-2 r4c2-2",
                "r9c7-3 r9c8-3 r9c9-3",
                "r1c3-5 r2c3-5 r3c3-5 r9c7-5 r9c8-5 r9c9-5",
                "r7c8-8 r7c9-8",
                "r1c3-9 r2c3-9 r3c3-9"
            ]
        );
        assert_eq!(
            steps[4].detail,
            Detail::Template(Template {
                digit: Digit::new(8).expect("digit"),
                templates: 28
            })
        );
        // After the deletions every candidate of 8 is in some template.
        let mut after = pos.clone();
        after.apply(&steps[4]).expect("applies");
        let t = templates(&after, Digit::new(8).expect("digit"));
        assert_eq!(t.count, 28);
        assert!(
            after
                .cells_with(Digit::new(8).expect("digit"))
                .is_subset(t.in_any)
        );
    }

    /// Later on the path: every layout of 6 uses r1c2 and r9c9.
    #[test]
    fn template_set() {
        let pos = position_with(
            "4...3.......6..8.........61....5..9..8....6...7.2........1927..5.3....4.9.7.4....",
            Variant::Standard,
            "r1c2-12 r1c3-2569 r1c4-78 r1c6-579 r1c8-5 r1c9-5 r2c2-123 r2c3-59 r2c6-17 \
             r2c8-27 r2c9-257 r3c2-2 r3c3-59 r3c4-78 r3c6-9 r3c7-2 r4c2-12 r4c4-34 r4c6-34 \
             r4c7-14 r4c9-34 r5c3-124 r5c4-7 r5c9-4 r6c3-146 r6c6-4 r6c7-1 r7c8-8 r7c9-68 \
             r8c2-6 r8c9-68 r9c2-6 r9c4-8 r9c6-68 r9c7-35 r9c8-1235 r9c9-235",
        );
        let steps = run(find_set, &pos);
        assert_sound(P, Variant::Standard, &steps);
        assert_eq!(placements(&steps), ["r1c2=6", "r9c9=6"]);
        assert_eq!(steps[0].points, 12.0);
    }

    /// A digit placed nine times has one template, itself, and nothing left
    /// to set or delete; an empty diagonal grid has many templates per digit
    /// and nothing to conclude.
    #[test]
    fn nothing_without_a_conclusion() {
        let solved =
            "123456789456789123789123456214365897365897214897214365531642978642978531978531642";
        let pos = position(solved, Variant::Standard);
        assert!(run(find_set, &pos).is_empty());
        assert!(run(find_delete, &pos).is_empty());
        let empty = position(&".".repeat(81), Variant::Diagonal);
        assert!(run(find_set, &empty).is_empty());
        assert!(run(find_delete, &empty).is_empty());
        let t = templates(&empty, Digit::new(1).expect("digit"));
        assert!(t.count > 0);
        assert!(t.in_all.is_empty());
    }

    /// The templates listed one by one (a plain reference): every way to
    /// take one open cell per row, no two peers, every house hit.
    fn listed(pos: &Candidates, digit: Digit) -> (usize, CellSet, CellSet) {
        fn go(
            pos: &Candidates,
            rows: &[CellSet],
            chosen: Vec<sudoku_core::Cell>,
            out: &mut (usize, CellSet, CellSet),
        ) {
            let Some((&row, later)) = rows.split_first() else {
                let set: CellSet = chosen.iter().copied().collect();
                let variant = pos.variant();
                if variant
                    .houses()
                    .iter()
                    .all(|&h| (Variant::house_cells(h) & set).len() == 1)
                {
                    out.0 += 1;
                    out.1 &= set;
                    out.2 |= set;
                }
                return;
            };
            for cell in row.iter() {
                if chosen
                    .iter()
                    .all(|&c| !pos.variant().peers(c).contains(cell))
                {
                    let mut more = chosen.clone();
                    more.push(cell);
                    go(pos, later, more, out);
                }
            }
        }
        let grid = pos.grid();
        let open = pos.cells_with(digit)
            | sudoku_core::Cell::all()
                .filter(|&c| grid.get(c) == Some(digit))
                .collect::<CellSet>();
        let rows: Vec<CellSet> = (0..9)
            .map(|r| open & Variant::house_cells(sudoku_core::House::row(r)))
            .collect();
        let mut out = (0, CellSet::ALL, CellSet::EMPTY);
        go(pos, &rows, Vec::new(), &mut out);
        if out.0 == 0 {
            out.1 = CellSet::EMPTY;
        }
        out
    }

    /// The counted summary (count, cells in every and in some template)
    /// equals the listed one on the positions of real solution paths, in
    /// all four variants.
    #[test]
    fn counting_equals_listing() {
        use crate::techniques::als::hunt;
        use crate::techniques::complex_fish::sweep;
        let mut compared = 0;
        for (puzzle, variant, _) in &sweep::puzzles(20, 70, 8) {
            hunt::walk(puzzle, *variant, &mut |pos| {
                for digit in Digit::ALL {
                    let t = templates(pos, digit);
                    let want = listed(pos, digit);
                    assert_eq!(
                        (t.count, t.in_all, t.in_any),
                        want,
                        "{puzzle} {variant:?} {digit:?}"
                    );
                    compared += 1;
                }
                false
            });
        }
        assert!(compared > 1000, "{compared}");
    }

    /// Every hit along real solution paths (top1465 and the seed's variant
    /// puzzles) agrees with the solution.
    #[test]
    fn sound_on_real_positions() {
        crate::techniques::test_util::sound_on_real_positions(&[
            ("template-set", find_set),
            ("template-delete", find_delete),
        ]);
    }
}
