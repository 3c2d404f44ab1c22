//! Four-cell single-digit chains: skyscraper, 2-string kite and turbot fish.
//!
//! A chain `a = b - c = d` of one digit — two strong links (houses where the
//! digit has exactly two candidates) joined by a weak link (`b` and `c` share a
//! house) — proves that `a` or `d` holds the digit: if `a` does not, `b` does, so
//! `c` does not, so `d` does. Every candidate seeing both ends goes. This is the
//! seed's X-chain ("Einzelzahl-Kette") of length 4, so each step scores 4 + 3 = 7
//! points.
//!
//! The general pattern is the *turbot fish*; two shapes have names of their own
//! and are reported by them (the most specific name wins when one elimination set
//! has several chains):
//!
//! * *skyscraper*: both strong links in rows (or both in columns) and `b`, `c` in
//!   one column (row);
//! * *2-string kite*: one strong link in a row, the other in a column, `b` and `c`
//!   in one box that holds neither `a` nor `d`.
//!
//! Any house of the variant may carry a link, so diagonals and colour groups join
//! in; chains using them are turbot fish. Sudoku Explainer rates the whole family
//! "Turbot Fish", 6.6; HoDoKu scores skyscraper 130, 2-string kite 150 and turbot
//! fish 120.

use super::digit_graph::{DigitGraph, cell_set};
use super::{KeptByDigit, by_digit, push_unique};
use crate::Candidates;
use crate::step::{Detail, LinkKind, Step};
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};
use std::cell::RefCell;
use sudoku_core::{Cell, CellSet, Digit, DigitSet, House, HouseKind, Variant};

/// The shapes, most specific first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Shape {
    Skyscraper,
    Kite,
    Turbot,
}

impl Shape {
    fn technique(self) -> Technique {
        match self {
            Shape::Skyscraper => Technique::Skyscraper,
            Shape::Kite => Technique::TwoStringKite,
            Shape::Turbot => Technique::TurbotFish,
        }
    }
}

fn is_line(h: House, kind: HouseKind) -> bool {
    h.kind() == kind
}

fn shape(chain: [Cell; 4], first: House, second: House) -> Shape {
    let [a, b, c, d] = chain;
    for (kind, same) in [
        (HouseKind::Row, b.col() == c.col()),
        (HouseKind::Column, b.row() == c.row()),
    ] {
        if is_line(first, kind) && is_line(second, kind) && same {
            return Shape::Skyscraper;
        }
    }
    let crossed = (is_line(first, HouseKind::Row) && is_line(second, HouseKind::Column))
        || (is_line(first, HouseKind::Column) && is_line(second, HouseKind::Row));
    if crossed && b.boxx() == c.boxx() && a.boxx() != b.boxx() && d.boxx() != c.boxx() {
        return Shape::Kite;
    }
    Shape::Turbot
}

/// The chains of one digit found last: the variant, the digit's candidates
/// and the chains.
type DigitFound = Option<(Variant, CellSet, Vec<(Shape, Step)>)>;

thread_local! {
    /// A digit's chains depend only on the variant and that digit's
    /// candidates; the three table rows (skyscraper, kite, turbot) and the
    /// next steps of a walk, which change few digits, read them from here.
    static BY_DIGIT: RefCell<[DigitFound; 9]> = RefCell::new(Default::default());
}

/// Every four-cell chain with eliminations, one per (digit, eliminations), named
/// by its most specific shape.
fn search(pos: &Candidates) -> Vec<(Shape, Step)> {
    let variant = pos.variant();
    let mut found: Vec<(Shape, Step)> = Vec::new();
    BY_DIGIT.with(|memo| {
        let mut memo = memo.borrow_mut();
        for digit in Digit::ALL {
            let cells = pos.cells_with(digit);
            let slot = &mut memo[digit.index()];
            match slot {
                Some((v, c, chains)) if *v == variant && *c == cells => {
                    found.extend(chains.iter().cloned());
                }
                _ => {
                    let chains = search_digit(pos, digit);
                    found.extend(chains.iter().cloned());
                    *slot = Some((variant, cells, chains));
                }
            }
        }
    });
    found
}

/// The chains of `digit` (a function of the variant and the digit's
/// candidates only).
fn search_digit(pos: &Candidates, digit: Digit) -> Vec<(Shape, Step)> {
    let mut found: Vec<(Shape, Step)> = Vec::new();
    let g = DigitGraph::new(pos, digit);
    if g.links.len() < 2 {
        return found;
    }
    for (i, &(x, y, first)) in g.links.iter().enumerate() {
        for (a, b) in [(x, y), (y, x)] {
            // c must see b; d must share a candidate peer with a.
            let near_b = g.seen(b) & g.nodes;
            let seen_a = g.seen(a);
            for (j, &(u, v, second)) in g.links.iter().enumerate() {
                if i == j {
                    continue;
                }
                for (c, d) in [(u, v), (v, u)] {
                    if c == a || d == a || d == b || !near_b.contains(c) {
                        continue;
                    }
                    let gone = seen_a & g.seen(d);
                    if gone.is_empty() {
                        continue;
                    }
                    let chain = [a, b, c, d];
                    add(&mut found, &g, chain, [first, second], gone);
                }
            }
        }
    }
    found
}

fn add(
    found: &mut Vec<(Shape, Step)>,
    g: &DigitGraph,
    chain: [Cell; 4],
    strong: [House; 2],
    gone: CellSet,
) {
    let shape = shape(chain, strong[0], strong[1]);
    let mut probe = Step::new(shape.technique(), 7.0);
    probe.eliminate_all(g.digit, gone);
    let slot = found
        .iter()
        .position(|(_, s)| s.eliminations == probe.eliminations);
    if slot.is_some_and(|i| found[i].0 <= shape) {
        return;
    }
    let step = chain_step(shape.technique(), g, chain, strong, gone);
    match slot {
        Some(i) => found[i] = (shape, step),
        None => found.push((shape, step)),
    }
}

/// The step of the chain `a = b - c = d` (strong links in `strong`) removing
/// the digit from `gone`.
fn chain_step(
    technique: Technique,
    g: &DigitGraph,
    chain: [Cell; 4],
    strong: [House; 2],
    gone: CellSet,
) -> Step {
    let mut step = Step::new(technique, 7.0);
    step.eliminate_all(g.digit, gone);
    step.cells = cell_set(&chain);
    let weak = g
        .shared_house(chain[1], chain[2])
        .expect("weak link shares a house");
    step.houses = vec![strong[0], weak, strong[1]];
    step.digits = DigitSet::single(g.digit);
    step.links = vec![
        g.link(chain[0], chain[1], LinkKind::Strong),
        g.link(chain[1], chain[2], LinkKind::Weak),
        g.link(chain[2], chain[3], LinkKind::Strong),
    ];
    step.detail = Detail::SingleDigitChain(crate::SingleDigitChain {
        digit: g.digit,
        length: 4,
        closed: false,
    });
    step
}

fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode, want: Shape) {
    for (shape, step) in search(pos) {
        if shape == want {
            out.push(step);
            if mode == FindMode::First {
                return;
            }
        }
    }
}

/// Skyscraper.
pub(crate) fn find_skyscraper(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    find(pos, out, mode, Shape::Skyscraper)
}

/// 2-string kite.
pub(crate) fn find_kite(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    find(pos, out, mode, Shape::Kite)
}

/// Turbot fish (the four-cell chains that are neither skyscraper nor kite).
pub(crate) fn find_turbot(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    find(pos, out, mode, Shape::Turbot)
}

thread_local! {
    static DUALS: RefCell<KeptByDigit> = RefCell::new(Default::default());
}

/// Dual 2-string kites (HoDoKu): two kites of one digit through the same two
/// cells `b`, `c` of a box — one with the row link at `b` and the column
/// link at `c`, the other the other way round — reported as one step with
/// both eliminations when they differ. HoDoKu finds them only with its
/// "duals and siamese" option, off by default.
pub(crate) fn find_dual_kite(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    by_digit(&DUALS, pos, out, mode, dual_kites);
}

/// The dual kites of one digit.
fn dual_kites(pos: &Candidates, digit: Digit) -> Vec<Step> {
    let g = DigitGraph::new(pos, digit);
    let mut hits: Vec<Step> = Vec::new();
    if g.links.len() < 4 {
        return hits;
    }
    // The strong link of `cell` in a line of `kind`, as (partner, house).
    let line_link = |cell: Cell, kind: HouseKind| {
        g.links.iter().find_map(|&(x, y, h)| {
            if h.kind() != kind {
                return None;
            }
            if x == cell {
                Some((y, h))
            } else if y == cell {
                Some((x, h))
            } else {
                None
            }
        })
    };
    // The kite with the row link at `b` and the column link at `c`.
    let kite = |b: Cell, c: Cell| -> Option<Step> {
        let (a, row) = line_link(b, HouseKind::Row)?;
        let (d, column) = line_link(c, HouseKind::Column)?;
        if a.boxx() == b.boxx() || d.boxx() == c.boxx() || a == d {
            return None;
        }
        let gone = g.seen(a) & g.seen(d);
        (!gone.is_empty()).then(|| {
            chain_step(
                Technique::TwoStringKite,
                &g,
                [a, b, c, d],
                [row, column],
                gone,
            )
        })
    };
    for &(region, in_box) in &g.open {
        if region.kind() != HouseKind::Box || in_box.len() < 2 {
            continue;
        }
        for b in in_box.iter() {
            for c in in_box.iter().filter(|&c| c > b) {
                if b.row() == c.row() || b.col() == c.col() {
                    continue;
                }
                let (Some(first), Some(second)) = (kite(b, c), kite(c, b)) else {
                    continue;
                };
                if !both_count(&first, &second) {
                    continue;
                }
                let step = dual_step(Technique::DualTwoStringKite, digit, region, first, second);
                push_unique(&mut hits, 0, step);
            }
        }
    }
    hits
}

/// Whether each of two patterns removes something the other does not (else
/// the pair is no more than one of them).
pub(crate) fn both_count(first: &Step, second: &Step) -> bool {
    let covers = |a: &Step, b: &Step| a.eliminations.iter().all(|e| b.eliminations.contains(e));
    !covers(first, second) && !covers(second, first)
}

/// One step of two single-digit patterns `first` and `second` sharing the
/// box `region`: both eliminations, both patterns.
pub(crate) fn dual_step(
    technique: Technique,
    digit: Digit,
    region: House,
    first: Step,
    second: Step,
) -> Step {
    let mut step = Step::new(technique, technique.info().points);
    step.eliminations = first
        .eliminations
        .iter()
        .chain(&second.eliminations)
        .copied()
        .collect();
    step.eliminations.sort_unstable();
    step.eliminations.dedup();
    step.cells = first.cells | second.cells;
    step.houses = first.houses.clone();
    for &h in &second.houses {
        if !step.houses.contains(&h) {
            step.houses.push(h);
        }
    }
    step.digits = DigitSet::single(digit);
    step.links = first.links.iter().chain(&second.links).copied().collect();
    step.detail = Detail::Dual(crate::Dual {
        digit,
        region,
        parts: vec![first, second],
    });
    step
}

/// Catalogue entry: Skyscraper (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const SKYSCRAPER: TechniqueInfo = TechniqueInfo {
    technique: Technique::Skyscraper, name: "skyscraper", names: Names { en: "Skyscraper", de: "Skyscraper (Einzelzahl-Kette)" },
    family: Family::SingleDigit, phase: Phase::OnCandidates, points: 7.0, se: Some(6.6), finder: find_skyscraper, text: None,
    hodoku: Hodoku { order: Some(3000), level: HodokuLevel::Hard, score: 130 },
};

/// Catalogue entry: 2-String Kite (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const TWO_STRING_KITE: TechniqueInfo = TechniqueInfo {
    technique: Technique::TwoStringKite, name: "two-string-kite", names: Names { en: "2-String Kite", de: "2-String-Kite (Einzelzahl-Kette)" },
    family: Family::SingleDigit, phase: Phase::OnCandidates, points: 7.0, se: Some(6.6), finder: find_kite, text: None,
    hodoku: Hodoku { order: Some(3100), level: HodokuLevel::Hard, score: 150 },
};

/// Catalogue entry: Dual 2-String Kite (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const DUAL_TWO_STRING_KITE: TechniqueInfo = TechniqueInfo {
    technique: Technique::DualTwoStringKite, name: "dual-two-string-kite", names: Names { en: "Dual 2-String Kite", de: "Doppelter Drachen" },
    family: Family::SingleDigit, phase: Phase::OnCandidates, points: 8.0, se: None, finder: find_dual_kite, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};

/// Catalogue entry: Turbot fish (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const TURBOT_FISH: TechniqueInfo = TechniqueInfo {
    technique: Technique::TurbotFish, name: "turbot-fish", names: Names { en: "Turbot fish", de: "Turbot-Fish (Einzelzahl-Kette)" },
    family: Family::SingleDigit, phase: Phase::OnCandidates, points: 7.0, se: Some(6.6), finder: find_turbot, text: None,
    hodoku: Hodoku { order: Some(3120), level: HodokuLevel::Hard, score: 120 },
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_util::*;
    use sudoku_core::Variant;

    const SKYSCRAPER: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1927..5.3....4.9.7.4....";

    fn skyscraper_position() -> Candidates {
        position_with(
            SKYSCRAPER,
            Variant::Standard,
            "r1c2-12 r1c3-59 r2c2-12 r2c3-59 r3c2-2 r3c3-59 r4c2-12 r4c4-4 r4c6-4 r4c7-14 \
             r4c9-4 r5c3-124 r6c3-146 r6c7-1 r7c8-68 r7c9-68 r8c2-6 r8c9-68 r9c2-6 r9c4-8 \
             r9c6-68 r9c7-35 r9c8-1235 r9c9-235",
        )
    }

    #[test]
    fn skyscraper_in_two_columns() {
        let pos = skyscraper_position();
        let steps = run(find_skyscraper, &pos);
        assert_sound(SKYSCRAPER, Variant::Standard, &steps);
        assert_eq!(steps.len(), 1);
        assert_eq!(chain(&steps[0]), "r5c4=r3c4 r3c4-r3c7 r3c7=r6c7");
        assert_eq!(eliminations(&steps[0]), "r5c9-4 r6c6-4");
        assert_eq!(steps[0].points, 7.0);
        assert_eq!(
            steps[0].detail,
            Detail::SingleDigitChain(crate::SingleDigitChain {
                digit: Digit::new(4).unwrap(),
                length: 4,
                closed: false
            })
        );
        // The same eliminations are not reported again under a less specific name.
        assert!(
            run(find_turbot, &pos)
                .iter()
                .all(|s| s.eliminations != steps[0].eliminations)
        );
        let mut after = pos.clone();
        after.apply(&steps[0]).unwrap();
        assert!(run(find_skyscraper, &after).is_empty());
    }

    #[test]
    fn chains_kept_per_digit_equal_a_fresh_search() {
        let pos = skyscraper_position();
        let hits: usize = [find_skyscraper, find_kite, find_turbot]
            .into_iter()
            .map(|finder| kept_results_agree(finder, &pos))
            .sum();
        assert!(hits > 0, "the walk meets some chain");
    }

    #[test]
    fn two_string_kite_through_a_box() {
        let p = "6.9.....8...7.1...4.1.......98.6...4.2.....3..3....5...1.5...7.8...9..........2..";
        let pos = position_with(
            p,
            Variant::Standard,
            "r2c1-5 r2c3-5 r2c5-23 r2c7-3 r2c8-2 r2c9-23 r3c4-238 r3c6-2358 r3c7-69 r3c8-69 \
             r3c9-69 r5c3-57 r5c5-8 r6c3-7 r6c5-8 r7c3-46 r7c5-28 r7c6-2 r8c2-57 r8c3-2346 \
             r9c1-57 r9c2-57 r9c3-346 r9c5-8",
        );
        assert!(run(find_skyscraper, &pos).is_empty());
        let steps = run(find_kite, &pos);
        assert_sound(p, Variant::Standard, &steps);
        assert_eq!(steps.len(), 1);
        assert_eq!(chain(&steps[0]), "r7c6=r7c7 r7c7-r9c8 r9c8=r6c8");
        assert_eq!(eliminations(&steps[0]), "r6c6-8");
        assert_eq!(steps[0].technique, Technique::TwoStringKite);
    }

    #[test]
    fn turbot_fish_with_a_box_link() {
        let p = "2..7391......5..9...1.64..3......8......4..6...9..6..27..5..6...5.67..3...64.3..1";
        let pos = position_with(
            p,
            Variant::Standard,
            "r1c8-5 r1c9-8 r2c2-7 r2c7-7 r2c9-8 r4c1-15 r4c2-7 r4c4-1 r4c5-9 r4c6-12 r4c8-57 \
             r5c1-5 r5c2-37 r5c3-3 r5c6-128 r5c7-57 r6c1-1 r6c2-8 r7c2-2 r7c3-2 r7c5-28 \
             r7c8-8 r7c9-9 r8c1-89 r9c7-29 r9c8-28",
        );
        assert!(run(find_skyscraper, &pos).is_empty());
        assert!(run(find_kite, &pos).is_empty());
        let steps = run(find_turbot, &pos);
        assert_sound(p, Variant::Standard, &steps);
        assert_eq!(steps.len(), 1);
        assert_eq!(chain(&steps[0]), "r4c5=r9c5 r9c5-r9c2 r9c2=r8c3");
        assert_eq!(eliminations(&steps[0]), "r4c3-2");
    }

    const DUAL_KITE: &str =
        "895476132426931..7371.2.94656971.4..2.4659.711.7.4..6.95238761461..947..74.16..9.";

    /// Box 9's 2s lie in r8c8 and r9c7, each on a row and a column strong
    /// link: one kite removes the 2 from r6c4, the other from r4c6.
    #[test]
    fn dual_two_string_kite() {
        let (pos, steps) = sound_hits(find_dual_kite, DUAL_KITE, "");
        assert_eq!(steps.len(), 1);
        assert_eq!(eliminations(&steps[0]), "r4c6-2 r6c4-2");
        let Detail::Dual(crate::Dual { region, parts, .. }) = &steps[0].detail else {
            panic!("{:?}", steps[0].detail)
        };
        assert_eq!(*region, House::boxx(8));
        let chains: Vec<String> = parts.iter().map(chain).collect();
        assert_eq!(
            chains,
            [
                "r8c4=r8c8 r8c8-r9c7 r9c7=r6c7",
                "r9c6=r9c7 r9c7-r8c8 r8c8=r4c8"
            ]
        );
        assert!(
            parts
                .iter()
                .all(|p| p.technique == Technique::TwoStringKite)
        );
        assert_eq!(steps[0].points, 8.0);
        // Each kite alone is a 2-string kite of its own.
        let kites: Vec<String> = run(find_kite, &pos).iter().map(eliminations).collect();
        assert!(kites.contains(&"r6c4-2".to_string()) && kites.contains(&"r4c6-2".to_string()));
    }

    /// The two kites move with the grid (compared as an unordered pair).
    #[test]
    fn dual_kites_move_with_the_grid() {
        transformed_agree(
            find_dual_kite,
            &position(DUAL_KITE, Variant::Standard),
            &dual_key,
        );
    }

    /// With the 2 gone from r4c6 only one of the kites removes something:
    /// no dual.
    #[test]
    fn one_kite_is_no_dual() {
        let mut pos = position(DUAL_KITE, Variant::Standard);
        let (c, d) = (Cell::at(3, 5).expect("cell"), Digit::new(2).expect("digit"));
        pos.eliminate(c, d).expect("written");
        assert!(run(find_dual_kite, &pos).is_empty());
    }

    #[test]
    fn nothing_without_strong_links() {
        let pos = position(&".".repeat(81), Variant::Diagonal);
        for f in [find_skyscraper, find_kite, find_turbot, find_dual_kite] {
            assert!(run(f, &pos).is_empty());
        }
    }

    /// Every hit along real solution paths (top1465 and the seed's variant
    /// puzzles) agrees with the solution.
    #[test]
    fn sound_on_real_positions() {
        crate::techniques::test_util::sound_on_real_positions(&[(
            "dual-two-string-kite",
            find_dual_kite,
        )]);
    }
}
