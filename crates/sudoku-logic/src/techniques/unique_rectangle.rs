//! Unique rectangles (HoDoKu's uniqueness tests 1–6), the hidden rectangle and
//! the avoidable rectangles 1 and 2: one module, one finder per test.
//!
//! Four cells in two rows, two columns and two boxes, none of them a given, form
//! a *deadly pattern* when they end up holding two digits `a`/`b` crosswise: the
//! two digits could be swapped in the four cells and every house would still
//! hold each digit once, so the puzzle would have a second solution. A puzzle
//! with exactly one solution never ends in such a pattern, and each test turns
//! that into eliminations. All of them are therefore sound *only* for puzzles
//! known to have one solution: the finders report nothing unless the position
//! says so ([`Candidates::unique_assumed`]).
//!
//! In variants the swap must keep the variant's extra houses valid too: every
//! house holds none or two corners, two of them in one row or column of the
//! rectangle (a diagonal through two diagonal corners would get the same digit
//! twice after the swap, so such a rectangle is no deadly pattern). The
//! rectangles of each variant are listed once ([`rectangles`]).
//!
//! * **Type 1**: three corners hold exactly `ab`; the fourth cannot take `a`
//!   or `b`.
//! * **Type 2**: two corners in a line hold `ab` (the floor), the two others
//!   (the roof) `ab` plus one common extra `x`: one roof cell is `x`, so `x`
//!   goes from every cell seeing both.
//! * **Type 3**: the roof's extras act as one virtual cell: with k−1 other cells
//!   of a house holding both roof cells they form a naked k-subset, whose digits
//!   go from the rest of the house.
//! * **Type 4**: `a` has in a house only the two roof cells: one of them is
//!   `a`, the other cannot be `b`, so `b` goes from both.
//! * **Type 5**: two diagonal or three roof cells hold `ab` plus the same single
//!   extra `x`: one of them is `x`, which goes from cells seeing them all.
//! * **Type 6**: two diagonal floor corners; `a` has in both rows and both
//!   columns of the rectangle only the corners: were the roof `a`, the floor
//!   would be `b`, so `a` goes from the roof.
//! * **Hidden rectangle**: one corner holds exactly `ab`; in the row and the
//!   column of the opposite corner `b` has only rectangle corners: were the
//!   opposite corner `a`, the two others would be `b` and the first `a`, so `a`
//!   goes from the opposite corner.
//! * **Avoidable rectangle 1**: three corners were *solved* (not given) as
//!   `a`, `b`, `b` crosswise: the fourth cannot take the digit of its diagonal
//!   partner.
//! * **Avoidable rectangle 2**: two corners in a line were solved as `a` and
//!   `b`; the two empty corners hold the digit they would need plus one common
//!   extra `x`: one of them is `x`, which goes from cells seeing both.
//!
//! As HoDoKu allows, a roof cell may miss one of the pair's digits (the pattern
//! is about the solution, not the candidates). Points: 6 for types 1 and
//! avoidable 1, 7 for types 2 and 4 and avoidable 2, 8 for types 3, 5, 6 and
//! the hidden rectangle (wings are 6–10); HoDoKu scores them all 100.

use crate::Candidates;
use crate::step::{Detail, Link, LinkKind, RectangleKind, Step};
use crate::technique::{FindMode, Technique};
use std::sync::OnceLock;
use sudoku_core::{Cell, CellSet, Digit, DigitSet, House, Variant};

super::finders_by_size!(
    "Reports the rectangles of one uniqueness test.",
    find,
    find_type_1 = RectangleKind::Type1,
    find_type_2 = RectangleKind::Type2,
    find_type_3 = RectangleKind::Type3,
    find_type_4 = RectangleKind::Type4,
    find_type_5 = RectangleKind::Type5,
    find_type_6 = RectangleKind::Type6,
    find_hidden = RectangleKind::Hidden,
    find_avoidable_1 = RectangleKind::Avoidable1,
    find_avoidable_2 = RectangleKind::Avoidable2
);

/// The technique of each kind.
fn technique(kind: RectangleKind) -> Technique {
    match kind {
        RectangleKind::Type1 => Technique::UniqueRectangle1,
        RectangleKind::Type2 => Technique::UniqueRectangle2,
        RectangleKind::Type3 => Technique::UniqueRectangle3,
        RectangleKind::Type4 => Technique::UniqueRectangle4,
        RectangleKind::Type5 => Technique::UniqueRectangle5,
        RectangleKind::Type6 => Technique::UniqueRectangle6,
        RectangleKind::Hidden => Technique::HiddenRectangle,
        RectangleKind::Avoidable1 => Technique::AvoidableRectangle1,
        RectangleKind::Avoidable2 => Technique::AvoidableRectangle2,
    }
}

/// The rectangles of `variant` that are deadly patterns, as corners in the
/// order top-left, top-right, bottom-left, bottom-right (so 0/3 and 1/2 are
/// diagonal).
pub(crate) fn rectangles(variant: Variant) -> &'static [[Cell; 4]] {
    static LISTS: [OnceLock<Vec<[Cell; 4]>>; 4] = [
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
    ];
    let slot = match variant {
        Variant::Standard => 0,
        Variant::Diagonal => 1,
        Variant::Color => 2,
        _ => 3,
    };
    LISTS[slot].get_or_init(|| {
        let mut out = Vec::new();
        for r1 in 0..9 {
            for r2 in r1 + 1..9 {
                for c1 in 0..9 {
                    for c2 in c1 + 1..9 {
                        let corners = [(r1, c1), (r1, c2), (r2, c1), (r2, c2)]
                            .map(|(r, c)| Cell::at(r, c).unwrap_or_else(|| unreachable!()));
                        if super::direct_pair::is_rectangle(variant, corners) {
                            out.push(corners);
                        }
                    }
                }
            }
        }
        out
    })
}

/// The corners reordered to start at `corners[first]`: the start, its row
/// partner, its column partner, its diagonal partner.
fn from_corner(corners: [Cell; 4], first: usize) -> [Cell; 4] {
    let order = match first {
        0 => [0, 1, 2, 3],
        1 => [1, 0, 3, 2],
        2 => [2, 3, 0, 1],
        _ => [3, 2, 1, 0],
    };
    order.map(|i| corners[i])
}

/// The cells seeing every cell of `cells` (not in `cells`).
fn seeing_all(variant: Variant, cells: CellSet) -> CellSet {
    let mut common = CellSet::ALL;
    for c in cells.iter() {
        common &= variant.peers(c);
    }
    common - cells
}

/// The finder of one kind.
fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode, kind: RectangleKind) {
    if !pos.unique_assumed() || !pos.is_written() {
        return;
    }
    let start = out.len();
    let avoidable = matches!(kind, RectangleKind::Avoidable1 | RectangleKind::Avoidable2);
    let empty = pos.empty_cells();
    let givens = pos.givens();
    for &corners in rectangles(pos.variant()) {
        let set: CellSet = corners.iter().copied().collect();
        if avoidable {
            if (set & givens).is_empty() && !(set & empty).is_empty() {
                avoidable_at(pos, corners, kind, out);
            }
        } else if set.is_subset(empty) {
            unique_at(pos, corners, kind, out);
        }
        if mode == FindMode::First && out.len() > start {
            out.truncate(start + 1);
            return;
        }
    }
}

/// What the tests of one rectangle and pair share.
struct Rect<'a> {
    pos: &'a Candidates,
    /// Corners, starting at a bivalue one.
    corners: [Cell; 4],
    pair: DigitSet,
    /// Corners holding exactly the pair.
    floor: CellSet,
    /// The others.
    roof: CellSet,
}

impl Rect<'_> {
    fn step(&self, kind: RectangleKind, extra: DigitSet) -> Step {
        let t = technique(kind);
        let mut step = Step::new(t, t.info().points);
        step.cells = self.roof | self.floor;
        step.digits = self.pair | extra;
        step.detail = Detail::UniqueRectangle {
            kind,
            corners: self.corners,
            pair: self.pair,
            roof: self.roof,
            extra,
            link_digit: None,
            house: None,
            subset: CellSet::EMPTY,
        };
        step
    }

    /// The roof's candidates beyond the pair.
    fn extras(&self) -> DigitSet {
        let mut all = DigitSet::EMPTY;
        for c in self.roof.iter() {
            all |= self.pos.candidates(c);
        }
        all - self.pair
    }

    fn set_detail(step: &mut Step, f: impl FnOnce(&mut Option<Digit>, &mut Option<House>, &mut CellSet)) {
        if let Detail::UniqueRectangle {
            link_digit,
            house,
            subset,
            ..
        } = &mut step.detail
        {
            f(link_digit, house, subset);
        }
    }
}

/// The tests 1–6 and the hidden rectangle on one rectangle of empty cells.
fn unique_at(pos: &Candidates, corners: [Cell; 4], kind: RectangleKind, out: &mut Vec<Step>) {
    let mut pairs_seen = DigitSet::EMPTY;
    for (i, &c) in corners.iter().enumerate() {
        let pair = pos.candidates(c);
        if pair.len() != 2 {
            continue;
        }
        if kind != RectangleKind::Hidden {
            // One pass per pair (from its first bivalue corner).
            if pair.is_subset(pairs_seen) {
                continue;
            }
            pairs_seen |= pair;
        }
        let corners = from_corner(corners, i);
        let floor: CellSet = corners
            .iter()
            .copied()
            .filter(|&x| pos.candidates(x) == pair)
            .collect();
        let roof = corners.iter().copied().collect::<CellSet>() - floor;
        // Every roof cell keeps a digit of the pair and has extras.
        if roof
            .iter()
            .any(|x| (pos.candidates(x) & pair).is_empty())
        {
            continue;
        }
        let r = Rect {
            pos,
            corners,
            pair,
            floor,
            roof,
        };
        match kind {
            RectangleKind::Type1 => type_1(&r, out),
            RectangleKind::Type2 | RectangleKind::Type5 => type_2_5(&r, kind, out),
            RectangleKind::Type3 => type_3(&r, out),
            RectangleKind::Type4 => type_4(&r, out),
            RectangleKind::Type6 => type_6(&r, out),
            RectangleKind::Hidden => hidden(&r, out),
            _ => {}
        }
    }
}

/// Whether the two cells of `roof` share a row or column.
fn in_line(roof: CellSet) -> bool {
    let mut it = roof.iter();
    match (it.next(), it.next(), it.next()) {
        (Some(a), Some(b), None) => a.row() == b.row() || a.col() == b.col(),
        _ => false,
    }
}

fn type_1(r: &Rect<'_>, out: &mut Vec<Step>) {
    let Some(d) = r.roof.first() else { return };
    if r.roof.len() != 1 {
        return;
    }
    let gone = r.pos.candidates(d) & r.pair;
    let mut step = r.step(RectangleKind::Type1, r.extras());
    for digit in gone.iter() {
        step.eliminate_all(digit, CellSet::single(d));
    }
    out.push(step);
}

fn type_2_5(r: &Rect<'_>, kind: RectangleKind, out: &mut Vec<Step>) {
    let extras = r.extras();
    let Some(x) = extras.first() else { return };
    if extras.len() != 1 || r.roof.iter().any(|c| !r.pos.candidates(c).contains(x)) {
        return;
    }
    let adjacent = r.roof.len() == 2 && in_line(r.roof);
    let wanted = match kind {
        RectangleKind::Type2 => adjacent,
        _ => !adjacent && (2..=3).contains(&r.roof.len()),
    };
    if !wanted {
        return;
    }
    let gone = seeing_all(r.pos.variant(), r.roof) & r.pos.cells_with(x);
    if gone.is_empty() {
        return;
    }
    let mut step = r.step(kind, extras);
    step.eliminate_all(x, gone);
    out.push(step);
}

/// The houses holding both cells of a two-cell roof.
fn shared_houses(pos: &Candidates, roof: CellSet) -> impl Iterator<Item = House> + '_ {
    pos.variant()
        .houses()
        .iter()
        .copied()
        .filter(move |&h| roof.is_subset(Variant::house_cells(h)))
}

fn type_3(r: &Rect<'_>, out: &mut Vec<Step>) {
    if r.roof.len() != 2 || !in_line(r.roof) {
        return;
    }
    let extras = r.extras();
    if extras.len() < 2 {
        return;
    }
    let pos = r.pos;
    let corners: CellSet = r.corners.iter().copied().collect();
    for house in shared_houses(pos, r.roof) {
        let others: Vec<Cell> = (pos.empty_cells() & Variant::house_cells(house) - corners)
            .iter()
            .collect();
        // Subsets of up to three other cells, smallest first.
        let n = others.len();
        let mut found: Option<(CellSet, DigitSet)> = None;
        'size: for size in 1..=3usize.min(n) {
            for mask in 1u32..(1 << n) {
                if mask.count_ones() as usize != size {
                    continue;
                }
                let mut union = extras;
                let mut cells = CellSet::EMPTY;
                for (j, &c) in others.iter().enumerate() {
                    if mask & (1 << j) != 0 {
                        union |= pos.candidates(c);
                        cells.insert(c);
                    }
                }
                if union.len() != size + 1 {
                    continue;
                }
                let rest = others.iter().copied().filter(|c| !cells.contains(*c));
                if rest
                    .clone()
                    .any(|c| !(pos.candidates(c) & union).is_empty())
                {
                    found = Some((cells, union));
                    break 'size;
                }
            }
        }
        let Some((subset, union)) = found else {
            continue;
        };
        let mut step = r.step(RectangleKind::Type3, extras);
        let area = Variant::house_cells(house) - corners - subset;
        for d in union.iter() {
            let gone = area & pos.cells_with(d);
            if !gone.is_empty() {
                step.eliminate_all(d, gone);
            }
        }
        step.cells |= subset;
        step.digits |= union;
        step.houses.push(house);
        Rect::set_detail(&mut step, |_, h, s| {
            *h = Some(house);
            *s = subset;
        });
        out.push(step);
    }
}

/// The two cells of a two-cell set, in order.
fn two(set: CellSet) -> Option<(Cell, Cell)> {
    let mut it = set.iter();
    match (it.next(), it.next(), it.next()) {
        (Some(a), Some(b), None) => Some((a, b)),
        _ => None,
    }
}

fn type_4(r: &Rect<'_>, out: &mut Vec<Step>) {
    if !in_line(r.roof) {
        return;
    }
    let Some((c, d)) = two(r.roof) else { return };
    let pos = r.pos;
    for house in shared_houses(pos, r.roof) {
        for u in r.pair.iter() {
            if pos.cells_with(u) & Variant::house_cells(house) != r.roof {
                continue;
            }
            let Some(v) = (r.pair - DigitSet::single(u)).first() else {
                continue;
            };
            let gone = r.roof & pos.cells_with(v);
            if gone.is_empty() {
                continue;
            }
            let mut step = r.step(RectangleKind::Type4, r.extras());
            step.eliminate_all(v, gone);
            step.houses.push(house);
            step.links.push(Link {
                from: (c, u),
                to: (d, u),
                kind: LinkKind::Strong,
            });
            Rect::set_detail(&mut step, |l, h, _| {
                *l = Some(u);
                *h = Some(house);
            });
            out.push(step);
            return;
        }
    }
}

/// The rows and columns of the rectangle.
fn lines(corners: [Cell; 4]) -> [House; 4] {
    let [a, _, _, d] = corners;
    [
        House::row(a.row()),
        House::row(d.row()),
        House::column(a.col()),
        House::column(d.col()),
    ]
}

fn type_6(r: &Rect<'_>, out: &mut Vec<Step>) {
    let [a, _, _, d] = r.corners;
    if r.floor != CellSet::single(a) | CellSet::single(d) {
        return;
    }
    let pos = r.pos;
    let corners: CellSet = r.corners.iter().copied().collect();
    for u in r.pair.iter() {
        let only_corners = lines(r.corners)
            .iter()
            .all(|&h| (pos.cells_with(u) & Variant::house_cells(h)).is_subset(corners));
        let gone = r.roof & pos.cells_with(u);
        if !only_corners || gone.is_empty() {
            continue;
        }
        let mut step = r.step(RectangleKind::Type6, r.extras());
        step.eliminate_all(u, gone);
        step.houses.extend(lines(r.corners));
        let [a, b, c, d] = r.corners;
        for (x, y) in [(a, b), (c, d), (a, c), (b, d)] {
            step.links.push(Link {
                from: (x, u),
                to: (y, u),
                kind: LinkKind::Strong,
            });
        }
        Rect::set_detail(&mut step, |l, _, _| *l = Some(u));
        out.push(step);
        return;
    }
}

fn hidden(r: &Rect<'_>, out: &mut Vec<Step>) {
    let [_, b, c, d] = r.corners;
    let pos = r.pos;
    let row = House::row(d.row());
    let column = House::column(d.col());
    for u in r.pair.iter() {
        let Some(v) = (r.pair - DigitSet::single(u)).first() else {
            continue;
        };
        if !pos.candidates(d).contains(v) {
            continue;
        }
        let in_row = pos.cells_with(u) & Variant::house_cells(row);
        let in_column = pos.cells_with(u) & Variant::house_cells(column);
        if in_row != CellSet::single(c) | CellSet::single(d)
            || in_column != CellSet::single(b) | CellSet::single(d)
        {
            continue;
        }
        let mut step = r.step(RectangleKind::Hidden, DigitSet::EMPTY);
        step.eliminate_all(v, CellSet::single(d));
        step.houses.extend([row, column]);
        for x in [c, b] {
            step.links.push(Link {
                from: (d, u),
                to: (x, u),
                kind: LinkKind::Strong,
            });
        }
        Rect::set_detail(&mut step, |l, _, _| *l = Some(u));
        out.push(step);
    }
}

/// The avoidable rectangles on corners none of which is a given.
fn avoidable_at(pos: &Candidates, corners: [Cell; 4], kind: RectangleKind, out: &mut Vec<Step>) {
    let empty = pos.empty_cells();
    let solved: Vec<usize> = (0..4).filter(|&i| !empty.contains(corners[i])).collect();
    let value = |i: usize| pos.get(corners[i]);
    let step = |corners: [Cell; 4], pair: DigitSet, roof: CellSet, extra: DigitSet| {
        let t = technique(kind);
        let mut step = Step::new(t, t.info().points);
        step.cells = corners.iter().copied().collect();
        step.digits = pair | extra;
        step.detail = Detail::UniqueRectangle {
            kind,
            corners,
            pair,
            roof,
            extra,
            link_digit: None,
            house: None,
            subset: CellSet::EMPTY,
        };
        step
    };
    match (kind, solved.len()) {
        (RectangleKind::Avoidable1, 3) => {
            let Some(e) = (0..4).find(|i| !solved.contains(i)) else {
                return;
            };
            let diag = 3 - e;
            let (s1, s2) = match e {
                0 | 3 => (1, 2),
                _ => (0, 3),
            };
            let (Some(a), Some(b1), Some(b2)) = (value(diag), value(s1), value(s2)) else {
                return;
            };
            if b1 != b2 || !pos.candidates(corners[e]).contains(a) {
                return;
            }
            let ordered = from_corner(corners, diag);
            let pair = DigitSet::single(a) | DigitSet::single(b1);
            let mut s = step(ordered, pair, CellSet::single(corners[e]), DigitSet::EMPTY);
            s.eliminate_all(a, CellSet::single(corners[e]));
            out.push(s);
        }
        (RectangleKind::Avoidable2, 2) => {
            let (i, j) = (solved[0], solved[1]);
            // Solved corners in one line (not diagonal): the empty ones need
            // the digits of their diagonal partners.
            if i + j == 3 {
                return;
            }
            let (Some(a), Some(b)) = (value(i), value(j)) else {
                return;
            };
            let (ei, ej) = (3 - j, 3 - i); // ei needs b (diagonal to j), ej needs a
            let (ci, cj) = (pos.candidates(corners[ei]), pos.candidates(corners[ej]));
            if ci.len() != 2 || cj.len() != 2 || !ci.contains(b) || !cj.contains(a) {
                return;
            }
            let xi = ci - DigitSet::single(b);
            if xi != cj - DigitSet::single(a) {
                return;
            }
            let Some(x) = xi.first() else { return };
            let roof = CellSet::single(corners[ei]) | CellSet::single(corners[ej]);
            let gone = seeing_all(pos.variant(), roof) & pos.cells_with(x);
            if gone.is_empty() {
                return;
            }
            let ordered = from_corner(corners, i);
            let mut s = step(ordered, DigitSet::single(a) | DigitSet::single(b), roof, xi);
            s.eliminate_all(x, gone);
            out.push(s);
        }
        _ => {}
    }
}
