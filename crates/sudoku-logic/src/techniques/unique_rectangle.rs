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
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};
use std::cell::RefCell;
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
    find_avoidable_2 = RectangleKind::Avoidable2,
    find_type_4a = RectangleKind::Type4A,
    find_type_4c = RectangleKind::Type4C,
    find_type_7b = RectangleKind::Type7B,
    find_type_7c = RectangleKind::Type7C,
    find_type_8a = RectangleKind::Type8A,
    find_type_8b = RectangleKind::Type8B,
    find_type_8c = RectangleKind::Type8C
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
        RectangleKind::Type4A => Technique::UniqueRectangle4A,
        RectangleKind::Type4C => Technique::UniqueRectangle4C,
        RectangleKind::Type7B => Technique::UniqueRectangle7B,
        RectangleKind::Type7C => Technique::UniqueRectangle7C,
        RectangleKind::Type8A => Technique::UniqueRectangle8A,
        RectangleKind::Type8B => Technique::UniqueRectangle8B,
        RectangleKind::Type8C => Technique::UniqueRectangle8C,
    }
}

/// The deadly-pattern rectangles of one variant, with an index by cell.
struct Rectangles {
    /// Corners in the order top-left, top-right, bottom-left, bottom-right
    /// (so 0/3 and 1/2 are diagonal).
    list: Vec<[Cell; 4]>,
    /// Per cell, the rectangles (indices into `list`) with a corner there,
    /// as a bit set: a rectangle is tested for types 1–6 and the hidden
    /// rectangle only from a bivalue corner, so only those of the position's
    /// bivalue cells are visited (in list order, as a full scan would).
    at: Vec<Vec<u64>>,
}

/// The rectangles of `variant`, built once per variant.
fn rectangles_of(variant: Variant) -> &'static Rectangles {
    static LISTS: [OnceLock<Rectangles>; 4] = [const { OnceLock::new() }; 4];
    super::per_variant(&LISTS, variant, || {
        let mut list = Vec::new();
        for r1 in 0..9 {
            for r2 in r1 + 1..9 {
                for c1 in 0..9 {
                    for c2 in c1 + 1..9 {
                        let corners = [(r1, c1), (r1, c2), (r2, c1), (r2, c2)]
                            .map(|(r, c)| Cell::at(r, c).unwrap_or_else(|| unreachable!()));
                        if super::direct_pair::is_rectangle(variant, corners) {
                            list.push(corners);
                        }
                    }
                }
            }
        }
        let words = list.len().div_ceil(64);
        let mut at = vec![vec![0u64; words]; 81];
        for (i, corners) in list.iter().enumerate() {
            for c in corners {
                at[c.index()][i / 64] |= 1 << (i % 64);
            }
        }
        Rectangles { list, at }
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

/// Every kind; a kind's index here is its slot among the kept steps.
const KINDS: [RectangleKind; 16] = [
    RectangleKind::Type1,
    RectangleKind::Type2,
    RectangleKind::Type3,
    RectangleKind::Type4,
    RectangleKind::Type5,
    RectangleKind::Type6,
    RectangleKind::Hidden,
    RectangleKind::Avoidable1,
    RectangleKind::Avoidable2,
    RectangleKind::Type4A,
    RectangleKind::Type4C,
    RectangleKind::Type7B,
    RectangleKind::Type7C,
    RectangleKind::Type8A,
    RectangleKind::Type8B,
    RectangleKind::Type8C,
];

/// The steps of every kind in one position, by slot.
pub(super) type Found = [Vec<Step>; 16];

/// The deadly-pattern rectangles of `variant` (corners top-left, top-right,
/// bottom-left, bottom-right).
pub(super) fn rectangle_list(variant: Variant) -> &'static [[Cell; 4]] {
    &rectangles_of(variant).list
}

thread_local! {
    /// The last position searched and the steps of every kind found in it:
    /// the walks ask the kinds one after another about one position, and
    /// one pass over the rectangles answers them all.
    static KEPT: RefCell<Option<(Candidates, Found)>> = const { RefCell::new(None) };
}

/// The finder of one kind.
fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode, kind: RectangleKind) {
    if !pos.unique_assumed() || !pos.is_written() {
        return;
    }
    let Some(slot) = KINDS.iter().position(|&k| k == kind) else {
        return;
    };
    KEPT.with(|kept| {
        let mut kept = kept.borrow_mut();
        if !matches!(&*kept, Some((p, _)) if p == pos) {
            *kept = Some((pos.clone(), search(pos)));
        }
        if let Some((_, found)) = &*kept {
            let steps = &found[slot];
            if mode == FindMode::First {
                out.extend(steps.first().cloned());
            } else {
                out.extend(steps.iter().cloned());
            }
        }
    });
}

/// The steps of every kind, each kind's in the order of the rectangle list.
fn search(pos: &Candidates) -> Found {
    let mut found: Found = Default::default();
    let empty = pos.empty_cells();
    let givens = pos.givens();
    let rects = rectangles_of(pos.variant());
    let list = &rects.list;
    thread_local! {
        static FREE: super::KeptFree = const { RefCell::new(None) };
    }
    let free = super::free_of(&FREE, pos.variant(), givens, list.len(), |k| {
        list[k].iter().copied().collect()
    });
    for &k in free.iter() {
        let corners = list[k as usize];
        let set: CellSet = corners.iter().copied().collect();
        if !(set & empty).is_empty() {
            for slot in 7..9 {
                avoidable_at(pos, corners, KINDS[slot], &mut found[slot]);
            }
        }
    }
    // The rectangles with a bivalue corner, in list order.
    let at = &rects.at;
    let mut wanted = vec![0u64; list.len().div_ceil(64)];
    for c in empty.iter().filter(|&c| pos.candidates(c).len() == 2) {
        for (w, &bits) in wanted.iter_mut().zip(&at[c.index()]) {
            *w |= bits;
        }
    }
    for (k, &word) in wanted.iter().enumerate() {
        let mut m = word;
        while m != 0 {
            let corners = list[k * 64 + m.trailing_zeros() as usize];
            m &= m - 1;
            let set: CellSet = corners.iter().copied().collect();
            if set.is_subset(empty) {
                unique_at(pos, corners, &mut found);
            }
        }
    }
    found
}

/// The step of a rectangle of `kind` on `cells` (no eliminations yet): the
/// unique and the avoidable rectangles build theirs alike.
fn rectangle_step(
    kind: RectangleKind,
    cells: CellSet,
    corners: [Cell; 4],
    pair: DigitSet,
    roof: CellSet,
    extra: DigitSet,
) -> Step {
    let t = technique(kind);
    let mut step = Step::new(t, t.info().points);
    step.cells = cells;
    step.digits = pair | extra;
    step.detail = Detail::UniqueRectangle(UniqueRectangle {
        kind,
        corners,
        pair,
        roof,
        extra,
        link_digit: None,
        house: None,
        subset: CellSet::EMPTY,
        restored: Vec::new(),
    });
    step
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
        rectangle_step(
            kind,
            self.roof | self.floor,
            self.corners,
            self.pair,
            self.roof,
            extra,
        )
    }

    /// The roof's candidates beyond the pair.
    fn extras(&self) -> DigitSet {
        let mut all = DigitSet::EMPTY;
        for c in self.roof.iter() {
            all |= self.pos.candidates(c);
        }
        all - self.pair
    }

    fn set_detail(
        step: &mut Step,
        f: impl FnOnce(&mut Option<Digit>, &mut Option<House>, &mut CellSet),
    ) {
        if let Detail::UniqueRectangle(UniqueRectangle {
            link_digit,
            house,
            subset,
            ..
        }) = &mut step.detail
        {
            f(link_digit, house, subset);
        }
    }
}

/// The tests 1–6 and the hidden rectangle on one rectangle of empty cells,
/// each kind's steps into its slot of `found`.
pub(super) fn unique_at(pos: &Candidates, corners: [Cell; 4], found: &mut Found) {
    let mut pairs_seen = DigitSet::EMPTY;
    for (i, &c) in corners.iter().enumerate() {
        let pair = pos.candidates(c);
        if pair.len() != 2 {
            continue;
        }
        // Tests 1–6 take one pass per pair (from its first bivalue corner);
        // the hidden rectangle one per bivalue corner.
        let repeat = pair.is_subset(pairs_seen);
        pairs_seen |= pair;
        let corners = from_corner(corners, i);
        let floor: CellSet = corners
            .iter()
            .copied()
            .filter(|&x| pos.candidates(x) == pair)
            .collect();
        let roof = corners.iter().copied().collect::<CellSet>() - floor;
        // Every roof cell keeps a digit of the pair and has extras.
        if roof.iter().any(|x| (pos.candidates(x) & pair).is_empty()) {
            continue;
        }
        let r = Rect {
            pos,
            corners,
            pair,
            floor,
            roof,
        };
        if !repeat {
            type_1(&r, &mut found[0]);
            type_2_5(&r, RectangleKind::Type2, &mut found[1]);
            type_3(&r, &mut found[2]);
            type_4(&r, &mut found[3]);
            type_2_5(&r, RectangleKind::Type5, &mut found[4]);
            type_6(&r, &mut found[5]);
        }
        hidden(&r, &mut found[6]);
        if !repeat {
            seed_types(&r, found);
        }
    }
}

/// The seed's types 4A, 4C, 7B, 7C and 8A–8C on one rectangle (from its
/// first bivalue corner), each into its slot. All four corners must hold
/// both pair digits (a corner missing one is the seed's quasi rectangle).
fn seed_types(r: &Rect<'_>, found: &mut Found) {
    let pos = r.pos;
    if r.corners
        .iter()
        .any(|&c| !r.pair.is_subset(pos.candidates(c)))
    {
        return;
    }
    let corners: CellSet = r.corners.iter().copied().collect();
    let slot = |kind: RectangleKind| KINDS.iter().position(|&k| k == kind).unwrap_or(0);
    // The places of `u` in `line`.
    let places = |u: Digit, line: House| pos.cells_with(u) & Variant::house_cells(line);
    let line_of = |a: Cell, b: Cell| {
        if a.row() == b.row() {
            House::row(a.row())
        } else {
            House::column(a.col())
        }
    };
    let two_of = |a: Cell, b: Cell| CellSet::single(a) | CellSet::single(b);
    let other = |u: Digit| (r.pair - DigitSet::single(u)).first();
    match r.floor.len() {
        2 => {
            // 4A (floor in a line) or 4C (diagonal floor): a line through a
            // floor cell p and a roof cell q holding u only there.
            let adjacent = in_line(r.floor);
            let kind = if adjacent {
                RectangleKind::Type4A
            } else {
                RectangleKind::Type4C
            };
            let mut seen: Vec<Vec<crate::step::Elimination>> = Vec::new();
            for p in r.floor.iter() {
                let i = r.corners.iter().position(|&c| c == p).unwrap_or(0);
                let from_p = from_corner(r.corners, i);
                for q in [from_p[1], from_p[2]] {
                    if !r.roof.contains(q) {
                        continue;
                    }
                    // The roof cell not in the line: diagonal to p (4A) or
                    // the other neighbour of p (4C).
                    let Some(t) = (r.roof - CellSet::single(q)).first() else {
                        continue;
                    };
                    let line = line_of(p, q);
                    for u in r.pair.iter() {
                        let Some(v) = other(u) else { continue };
                        if places(u, line) != two_of(p, q) {
                            continue;
                        }
                        let gone = if adjacent { v } else { u };
                        if !pos.candidates(t).contains(gone) {
                            continue;
                        }
                        let mut step = seed_step(r, kind, from_p, u, &[line]);
                        step.eliminate_all(gone, CellSet::single(t));
                        step.links.push(strong(p, q, u));
                        if !seen.contains(&step.eliminations) {
                            seen.push(step.eliminations.clone());
                            found[slot(kind)].push(step);
                        }
                    }
                }
            }
            if !adjacent {
                // 7C: u confined to the rectangle in the row and column of a
                // floor cell, which then cannot be v.
                for p in r.floor.iter() {
                    let i = r.corners.iter().position(|&c| c == p).unwrap_or(0);
                    let from_p = from_corner(r.corners, i);
                    let (row, column) = (House::row(p.row()), House::column(p.col()));
                    for u in r.pair.iter() {
                        let Some(v) = other(u) else { continue };
                        if !places(u, row).is_subset(corners)
                            || !places(u, column).is_subset(corners)
                        {
                            continue;
                        }
                        let mut step =
                            seed_step(r, RectangleKind::Type7C, from_p, u, &[row, column]);
                        step.eliminate_all(v, CellSet::single(p));
                        step.links.push(strong(p, from_p[1], u));
                        step.links.push(strong(p, from_p[2], u));
                        found[slot(RectangleKind::Type7C)].push(step);
                    }
                }
            }
        }
        1 => {
            let [p, a, b, d] = r.corners;
            let rows = [House::row(p.row()), House::row(d.row())];
            let columns = [House::column(p.col()), House::column(d.col())];
            for u in r.pair.iter() {
                let Some(v) = other(u) else { continue };
                // 7B: u confined to the rectangle in both rows or both columns.
                for lines in [rows, columns] {
                    if lines.iter().all(|&l| places(u, l).is_subset(corners))
                        && pos.candidates(d).contains(v)
                    {
                        let mut step = seed_step(r, RectangleKind::Type7B, r.corners, u, &lines);
                        step.eliminate_all(v, CellSet::single(d));
                        found[slot(RectangleKind::Type7B)].push(step);
                    }
                }
                // 8A: u only in the rectangle in p's row, v in d's row: u goes
                // from b (and likewise with columns: from a).
                for (lines, target) in [(rows, b), (columns, a)] {
                    if places(u, lines[0]).is_subset(corners)
                        && places(v, lines[1]).is_subset(corners)
                        && pos.candidates(target).contains(u)
                    {
                        let mut step = seed_step(r, RectangleKind::Type8A, r.corners, u, &lines);
                        step.eliminate_all(u, CellSet::single(target));
                        found[slot(RectangleKind::Type8A)].push(step);
                    }
                }
                // 8B: u only in p and a in p's row, v only in a and d in a's
                // column: u goes from b (and the transposed case: from a).
                for (first, second, target) in [
                    (rows[0], House::column(a.col()), b),
                    (columns[0], House::row(b.row()), a),
                ] {
                    if places(u, first).is_subset(corners)
                        && places(v, second).is_subset(corners)
                        && pos.candidates(target).contains(u)
                    {
                        let mut step =
                            seed_step(r, RectangleKind::Type8B, r.corners, u, &[first, second]);
                        step.eliminate_all(u, CellSet::single(target));
                        found[slot(RectangleKind::Type8B)].push(step);
                    }
                }
                // 8C: u only in b and d in d's row, v only in a and d in d's
                // column: d holds u or v, its extras go.
                if places(u, rows[1]).is_subset(corners) && places(v, columns[1]).is_subset(corners)
                {
                    let extras = pos.candidates(d) - r.pair;
                    if !extras.is_empty() {
                        let mut step = seed_step(
                            r,
                            RectangleKind::Type8C,
                            r.corners,
                            u,
                            &[rows[1], columns[1]],
                        );
                        for x in extras.iter() {
                            step.eliminate_all(x, CellSet::single(d));
                        }
                        found[slot(RectangleKind::Type8C)].push(step);
                    }
                }
            }
        }
        _ => {}
    }
}

/// A strong link of `u` from `a` to `b`.
fn strong(a: Cell, b: Cell, u: Digit) -> Link {
    Link {
        from: (a, u),
        to: (b, u),
        kind: LinkKind::Strong,
    }
}

/// A step of one of the seed's types with `corners` in the kind's order, the
/// digit `u` of its confinement and the `lines` it is confined in.
fn seed_step(
    r: &Rect<'_>,
    kind: RectangleKind,
    corners: [Cell; 4],
    u: Digit,
    lines: &[House],
) -> Step {
    let mut step = r.step(kind, r.extras());
    step.houses.extend_from_slice(lines);
    if let Detail::UniqueRectangle(UniqueRectangle {
        corners: c,
        link_digit,
        house,
        ..
    }) = &mut step.detail
    {
        *c = corners;
        *link_digit = Some(u);
        *house = lines.first().copied();
    }
    step
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
        let others: Vec<Cell> = (pos.empty_cells() & (Variant::house_cells(house) - corners))
            .iter()
            .collect();
        // Every subset of up to six other cells with an elimination (all of
        // them, so that the hits do not depend on the order of the cells):
        // the seed's quasi-2- to quasi-7-tuples, types 3A–3F.
        let n = others.len();
        for mask in 1u32..(1 << n) {
            let size = mask.count_ones() as usize;
            if size > 6 {
                continue;
            }
            let mut union = extras;
            let mut subset = CellSet::EMPTY;
            for (j, &c) in others.iter().enumerate() {
                if mask & (1 << j) != 0 {
                    union |= pos.candidates(c);
                    subset.insert(c);
                }
            }
            if union.len() != size + 1
                || !others
                    .iter()
                    .any(|&c| !subset.contains(c) && !(pos.candidates(c) & union).is_empty())
            {
                continue;
            }
            type_3_step(r, house, subset, union, out);
        }
    }
}

/// The step of a type-3 rectangle whose roof forms a naked subset of `union`
/// with `subset` in `house`.
fn type_3_step(r: &Rect<'_>, house: House, subset: CellSet, union: DigitSet, out: &mut Vec<Step>) {
    let pos = r.pos;
    let corners: CellSet = r.corners.iter().copied().collect();
    let mut step = r.step(RectangleKind::Type3, union);
    // The seed: 5 points for a quasi-2-tuple, 3 more per further cell.
    step.points = 5.0 + 3.0 * (subset.len() as f64 - 1.0);
    let area = Variant::house_cells(house) - corners - subset;
    for d in union.iter() {
        let gone = area & pos.cells_with(d);
        if !gone.is_empty() {
            step.eliminate_all(d, gone);
        }
    }
    step.cells |= subset;
    step.houses.push(house);
    Rect::set_detail(&mut step, |_, h, s| {
        *h = Some(house);
        *s = subset;
    });
    out.push(step);
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
        let cells = corners.iter().copied().collect();
        rectangle_step(kind, cells, corners, pair, roof, extra)
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

/// A unique, hidden or avoidable rectangle: the four `corners` would,
/// with the digits of `pair` swapped, give a second solution, so the
/// pattern cannot be completed; `kind` says how that is used.
#[derive(Clone, Debug, PartialEq)]
pub struct UniqueRectangle {
    /// Which test.
    pub kind: RectangleKind,
    /// The corners: `corners[0]` and `corners[3]` are diagonal, so are
    /// `corners[1]` and `corners[2]`; `corners[1]` shares the row of
    /// `corners[0]`, `corners[2]` its column. For types 1–6 and the hidden
    /// rectangle the bivalue corners come first.
    pub corners: [Cell; 4],
    /// The two digits of the deadly pattern (for an avoidable rectangle the
    /// digits placed or needed in its corners).
    pub pair: DigitSet,
    /// The corners holding more than the pair (the roof), or for an
    /// avoidable rectangle the corners still empty.
    pub roof: CellSet,
    /// The extra digits of the roof that matter: the common extra digit
    /// (types 2 and 5, avoidable rectangle 2); for type 3 the digits of
    /// the naked subset (the roof's extras among them).
    pub extra: DigitSet,
    /// The digit of the strong links (types 4 and 6, hidden rectangle).
    pub link_digit: Option<Digit>,
    /// The house of the subset (type 3) or strong link (type 4).
    pub house: Option<House>,
    /// Type 3: the other cells of the naked subset with the roof.
    pub subset: CellSet,
    /// A quasi rectangle (the seed's *Quasi-Ausschluss-Rechteck*): the
    /// candidates given back to its corners for the test — each a digit
    /// that both corners of the other diagonal hold. Empty otherwise.
    pub restored: Vec<(Cell, Digit)>,
}

impl crate::Moved for UniqueRectangle {
    fn moved(&self, t: &sudoku_core::Transform) -> UniqueRectangle {
        let mut corners = self.corners.moved(t);
        // corners[1] shares the row of corners[0]: a transpose made it share
        // the column.
        if corners[1].row() != corners[0].row() {
            corners.swap(1, 2);
        }
        UniqueRectangle {
            kind: self.kind,
            corners,
            pair: self.pair.moved(t),
            roof: self.roof.moved(t),
            extra: self.extra.moved(t),
            link_digit: self.link_digit.moved(t),
            house: self.house.moved(t),
            subset: self.subset.moved(t),
            restored: self.restored.moved(t),
        }
    }
}

/// Catalogue entry: Unique rectangle type 1 (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const UNIQUE_RECTANGLE_1: TechniqueInfo = TechniqueInfo {
    technique: Technique::UniqueRectangle1, name: "unique-rectangle-one", names: Names { en: "Unique rectangle type 1", de: "Ausschluss-Rechteck Typ 1" },
    family: Family::Uniqueness, phase: Phase::OnCandidates, points: 4.0, se: Some(4.5), finder: find_type_1, text: None,
    hodoku: Hodoku { order: Some(3500), level: HodokuLevel::Hard, score: 100 },
};

/// Catalogue entry: Unique rectangle type 2 (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const UNIQUE_RECTANGLE_2: TechniqueInfo = TechniqueInfo {
    technique: Technique::UniqueRectangle2, name: "unique-rectangle-two", names: Names { en: "Unique rectangle type 2", de: "Ausschluss-Rechteck Typ 2" },
    family: Family::Uniqueness, phase: Phase::OnCandidates, points: 4.0, se: Some(4.5), finder: find_type_2, text: None,
    hodoku: Hodoku { order: Some(3600), level: HodokuLevel::Hard, score: 100 },
};

/// Catalogue entry: Unique rectangle type 5 (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const UNIQUE_RECTANGLE_5: TechniqueInfo = TechniqueInfo {
    technique: Technique::UniqueRectangle5, name: "unique-rectangle-five", names: Names { en: "Unique rectangle type 5", de: "Ausschluss-Rechteck Typ 5" },
    family: Family::Uniqueness, phase: Phase::OnCandidates, points: 4.0, se: Some(4.5), finder: find_type_5, text: None,
    hodoku: Hodoku { order: Some(3900), level: HodokuLevel::Hard, score: 100 },
};

/// Catalogue entry: Unique rectangle type 3 (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const UNIQUE_RECTANGLE_3: TechniqueInfo = TechniqueInfo {
    technique: Technique::UniqueRectangle3, name: "unique-rectangle-three", names: Names { en: "Unique rectangle type 3", de: "Ausschluss-Rechteck Typ 3" },
    family: Family::Uniqueness, phase: Phase::OnCandidates, points: 5.0, se: Some(4.5), finder: find_type_3, text: None,
    hodoku: Hodoku { order: Some(3700), level: HodokuLevel::Hard, score: 100 },
};

/// Catalogue entry: Unique rectangle type 4B (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const UNIQUE_RECTANGLE_4: TechniqueInfo = TechniqueInfo {
    technique: Technique::UniqueRectangle4, name: "unique-rectangle-four", names: Names { en: "Unique rectangle type 4B", de: "Ausschluss-Rechteck Typ 4B" },
    family: Family::Uniqueness, phase: Phase::OnCandidates, points: 7.0, se: Some(4.5), finder: find_type_4, text: None,
    hodoku: Hodoku { order: Some(3800), level: HodokuLevel::Hard, score: 100 },
};

/// Catalogue entry: Unique rectangle type 4A (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const UNIQUE_RECTANGLE_4_A: TechniqueInfo = TechniqueInfo {
    technique: Technique::UniqueRectangle4A, name: "unique-rectangle-four-a", names: Names { en: "Unique rectangle type 4A", de: "Ausschluss-Rechteck Typ 4A" },
    family: Family::Uniqueness, phase: Phase::OnCandidates, points: 7.0, se: None, finder: find_type_4a, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};

/// Catalogue entry: Unique rectangle type 6 (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const UNIQUE_RECTANGLE_6: TechniqueInfo = TechniqueInfo {
    technique: Technique::UniqueRectangle6, name: "unique-rectangle-six", names: Names { en: "Unique rectangle type 6", de: "Ausschluss-Rechteck Typ 6" },
    family: Family::Uniqueness, phase: Phase::OnCandidates, points: 8.0, se: Some(4.5), finder: find_type_6, text: None,
    hodoku: Hodoku { order: Some(4000), level: HodokuLevel::Hard, score: 100 },
};

/// Catalogue entry: Unique rectangle type 7C (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const UNIQUE_RECTANGLE_7_C: TechniqueInfo = TechniqueInfo {
    technique: Technique::UniqueRectangle7C, name: "unique-rectangle-seven-c", names: Names { en: "Unique rectangle type 7C", de: "Ausschluss-Rechteck Typ 7C" },
    family: Family::Uniqueness, phase: Phase::OnCandidates, points: 8.0, se: None, finder: find_type_7c, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};

/// Catalogue entry: Unique rectangle type 4C (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const UNIQUE_RECTANGLE_4_C: TechniqueInfo = TechniqueInfo {
    technique: Technique::UniqueRectangle4C, name: "unique-rectangle-four-c", names: Names { en: "Unique rectangle type 4C", de: "Ausschluss-Rechteck Typ 4C" },
    family: Family::Uniqueness, phase: Phase::OnCandidates, points: 7.0, se: None, finder: find_type_4c, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};

/// Catalogue entry: Unique rectangle type 7B (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const UNIQUE_RECTANGLE_7_B: TechniqueInfo = TechniqueInfo {
    technique: Technique::UniqueRectangle7B, name: "unique-rectangle-seven-b", names: Names { en: "Unique rectangle type 7B", de: "Ausschluss-Rechteck Typ 7B" },
    family: Family::Uniqueness, phase: Phase::OnCandidates, points: 8.0, se: None, finder: find_type_7b, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};

/// Catalogue entry: Hidden rectangle (unique rectangle type 7A) (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const HIDDEN_RECTANGLE: TechniqueInfo = TechniqueInfo {
    technique: Technique::HiddenRectangle, name: "hidden-rectangle", names: Names { en: "Hidden rectangle (unique rectangle type 7A)", de: "Ausschluss-Rechteck Typ 7A (verstecktes Rechteck)" },
    family: Family::Uniqueness, phase: Phase::OnCandidates, points: 8.0, se: Some(4.5), finder: find_hidden, text: None,
    hodoku: Hodoku { order: Some(4010), level: HodokuLevel::Hard, score: 100 },
};

/// Catalogue entry: Unique rectangle type 8A (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const UNIQUE_RECTANGLE_8_A: TechniqueInfo = TechniqueInfo {
    technique: Technique::UniqueRectangle8A, name: "unique-rectangle-eight-a", names: Names { en: "Unique rectangle type 8A", de: "Ausschluss-Rechteck Typ 8A" },
    family: Family::Uniqueness, phase: Phase::OnCandidates, points: 8.0, se: None, finder: find_type_8a, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};

/// Catalogue entry: Unique rectangle type 8B (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const UNIQUE_RECTANGLE_8_B: TechniqueInfo = TechniqueInfo {
    technique: Technique::UniqueRectangle8B, name: "unique-rectangle-eight-b", names: Names { en: "Unique rectangle type 8B", de: "Ausschluss-Rechteck Typ 8B" },
    family: Family::Uniqueness, phase: Phase::OnCandidates, points: 8.0, se: None, finder: find_type_8b, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};

/// Catalogue entry: Unique rectangle type 8C (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const UNIQUE_RECTANGLE_8_C: TechniqueInfo = TechniqueInfo {
    technique: Technique::UniqueRectangle8C, name: "unique-rectangle-eight-c", names: Names { en: "Unique rectangle type 8C", de: "Ausschluss-Rechteck Typ 8C" },
    family: Family::Uniqueness, phase: Phase::OnCandidates, points: 8.0, se: None, finder: find_type_8c, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};

/// Catalogue entry: Avoidable rectangle type 1 (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const AVOIDABLE_RECTANGLE_1: TechniqueInfo = TechniqueInfo {
    technique: Technique::AvoidableRectangle1, name: "avoidable-rectangle-one", names: Names { en: "Avoidable rectangle type 1", de: "Vermeidbares Rechteck Typ 1" },
    family: Family::Uniqueness, phase: Phase::OnCandidates, points: 6.0, se: Some(4.5), finder: find_avoidable_1, text: None,
    hodoku: Hodoku { order: Some(4020), level: HodokuLevel::Hard, score: 100 },
};

/// Catalogue entry: Avoidable rectangle type 2 (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const AVOIDABLE_RECTANGLE_2: TechniqueInfo = TechniqueInfo {
    technique: Technique::AvoidableRectangle2, name: "avoidable-rectangle-two", names: Names { en: "Avoidable rectangle type 2", de: "Vermeidbares Rechteck Typ 2" },
    family: Family::Uniqueness, phase: Phase::OnCandidates, points: 7.0, se: Some(4.5), finder: find_avoidable_2, text: None,
    hodoku: Hodoku { order: Some(4030), level: HodokuLevel::Hard, score: 100 },
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
    use crate::describe::words::{and_list, cells, digits, in_house, intro_why_so, upper_first};
    use crate::describe::{Describe, Telling};
    use crate::{Candidates, RectangleKind, Step, UniqueRectangle};
    use sudoku_core::Lang;
    use sudoku_core::{Cell, CellSet, Digit, DigitSet};

    /// The seed's label of a rectangle type ("4B" for HoDoKu's type 4, "7A" for
    /// the hidden rectangle).
    pub(crate) fn type_label(kind: RectangleKind) -> &'static str {
        match kind {
            RectangleKind::Type1 => "1",
            RectangleKind::Type2 => "2",
            RectangleKind::Type3 => "3",
            RectangleKind::Type4 => "4B",
            RectangleKind::Type5 => "5",
            RectangleKind::Type6 => "6",
            RectangleKind::Hidden => "7A",
            RectangleKind::Type4A => "4A",
            RectangleKind::Type4C => "4C",
            RectangleKind::Type7B => "7B",
            RectangleKind::Type7C => "7C",
            RectangleKind::Type8A => "8A",
            RectangleKind::Type8B => "8B",
            RectangleKind::Type8C => "8C",
            RectangleKind::Avoidable1 | RectangleKind::Avoidable2 => "",
        }
    }

    /// What a quasi rectangle gives back, and why: "the 5 to r2c3 and r3c7, the
    /// 1 to r3c3", solved corners named with their digit.
    /// The cells of a quasi pattern and what the digits given back to them had in
    /// common: a rectangle's corners and its other diagonal, or a loop's cells
    /// and its other parity class.
    pub(crate) enum QuasiShape<'a> {
        Rectangle(&'a [Cell]),
        Loop(&'a [Cell]),
    }

    /// The sentence naming what a quasi rectangle or loop gives back, and which
    /// of its cells are solved (they count with their digit).
    pub(crate) fn restoration(
        (shape, pair, restored): (QuasiShape<'_>, DigitSet, &[(Cell, Digit)]),
        before: Option<&Candidates>,
        lang: Lang,
    ) -> String {
        let mut parts = Vec::new();
        for d in pair.iter() {
            let to: CellSet = restored
                .iter()
                .filter(|&&(_, e)| e == d)
                .map(|&(c, _)| c)
                .collect();
            if !to.is_empty() {
                parts.push(match lang {
                    Lang::En => format!("the {d} to {}", cells(to)),
                    Lang::De => format!("die {d} in {}", cells(to)),
                });
            }
        }
        let members = match shape {
            QuasiShape::Rectangle(c) | QuasiShape::Loop(c) => c,
        };
        let solved: Vec<String> = before
            .map(|pos| {
                members
                    .iter()
                    .filter_map(|&c| pos.get(c).map(|d| (c, d)))
                    .map(|(c, d)| match lang {
                        Lang::En => format!("{c} (solved as {d}, not given)"),
                        Lang::De => format!("{c} (als {d} gelöst, kein Given)"),
                    })
                    .collect()
            })
            .unwrap_or_default();
        let list = and_list(&parts, lang);
        let n = restored.len();
        let rectangle = matches!(shape, QuasiShape::Rectangle(_));
        match lang {
            Lang::En => {
                let solved = match (solved.is_empty(), rectangle) {
                    (true, _) => String::new(),
                    (false, true) => format!(
                        " A solved corner counts as holding its digit: {}.",
                        and_list(&solved, lang)
                    ),
                    (false, false) => format!(
                        " A solved cell counts as holding its digit: {}.",
                        and_list(&solved, lang)
                    ),
                };
                let (whose, why) = if rectangle {
                    ("its corners", "both corners of the other diagonal")
                } else {
                    (
                        "its cells",
                        "every cell of the other parity class (every second cell along the loop)",
                    )
                };
                format!(
                    "Some pair candidates are missing from {whose}; as each digit below is held by {why}, it is given back for the test ({n} {}): {list}.{solved}",
                    if n == 1 { "candidate" } else { "candidates" }
                )
            }
            Lang::De => {
                let solved = match (solved.is_empty(), rectangle) {
                    (true, _) => String::new(),
                    (false, true) => format!(
                        " Eine gelöste Ecke zählt mit ihrer Zahl: {}.",
                        and_list(&solved, lang)
                    ),
                    (false, false) => format!(
                        " Eine gelöste Zelle zählt mit ihrer Zahl: {}.",
                        and_list(&solved, lang)
                    ),
                };
                let (whose, why) = if rectangle {
                    (
                        "In seinen Ecken fehlen",
                        "beide Ecken der anderen Diagonale die jeweilige Zahl enthalten",
                    )
                } else {
                    (
                        "In ihren Zellen fehlen",
                        "alle Zellen der anderen Paritätsklasse (jede zweite Zelle entlang der Schleife) die jeweilige Zahl enthalten",
                    )
                };
                format!(
                    "{whose} Kandidaten des Paares; da {why}, wird sie für den Test vorübergehend wieder eingetragen ({n} {}): {list}.{solved}",
                    if n == 1 { "Kandidat" } else { "Kandidaten" }
                )
            }
        }
    }

    /// Explains a unique, hidden or avoidable rectangle.
    pub(crate) fn rectangle(
        step: &Step,
        name: &str,
        r: &UniqueRectangle,
        before: Option<&Candidates>,
        lang: Lang,
    ) -> Option<String> {
        let quasi_name;
        let name = if r.restored.is_empty() {
            name
        } else {
            let word = if lang == Lang::En { "type" } else { "Typ" };
            quasi_name = format!("{name} {word} {}", type_label(r.kind));
            quasi_name.as_str()
        };
        let all: CellSet = r.corners.iter().copied().collect();
        let floor = all - r.roof;
        let (corners, pair, roof, fl) = (
            cells(all),
            digits(r.pair, lang),
            cells(r.roof),
            cells(floor),
        );
        let extra = digits(r.extra, lang);
        let avoidable = matches!(
            r.kind,
            RectangleKind::Avoidable1 | RectangleKind::Avoidable2
        );
        let intro = match (lang, avoidable) {
            (Lang::En, false) => format!(
                "{name}: {corners} form a rectangle in two rows, two columns and two boxes, none of them a given. If they ended up holding only {pair}, the two digits could be swapped and the puzzle would have a second solution; it has only one, so that must not happen."
            ),
            (Lang::De, false) => format!(
                "{name}: {corners} bilden ein Rechteck über zwei Zeilen, zwei Spalten und zwei Boxen, keine davon ist ein Given. Enthielten sie am Ende nur {pair}, ließen sich die beiden Zahlen vertauschen und das Puzzle hätte eine zweite Lösung; es hat nur eine, also darf das nicht eintreten."
            ),
            (Lang::En, true) => format!(
                "{name}: {corners} form a rectangle in two rows, two columns and two boxes; its filled corners were solved, not given. Were its corners {pair} crosswise, the two digits could be swapped and the puzzle would have a second solution; it has only one, so that must not happen."
            ),
            (Lang::De, true) => format!(
                "{name}: {corners} bilden ein Rechteck über zwei Zeilen, zwei Spalten und zwei Boxen; seine gefüllten Ecken wurden gelöst und sind keine Givens. Stünden in den Ecken über Kreuz {pair}, ließen sich die beiden Zahlen vertauschen und das Puzzle hätte eine zweite Lösung; es hat nur eine, also darf das nicht eintreten."
            ),
        };
        let intro = if r.restored.is_empty() {
            intro
        } else {
            let shape = QuasiShape::Rectangle(&r.corners);
            format!(
                "{intro} {}",
                restoration((shape, r.pair, &r.restored), before, lang)
            )
        };
        let link = r.link_digit.map(|d| d.to_string()).unwrap_or_default();
        let other = r
            .link_digit
            .and_then(|u| (r.pair - DigitSet::single(u)).first())
            .map(|d| d.to_string())
            .unwrap_or_default();
        let house = r
            .house
            .map(|h| upper_first(&in_house(h, lang)))
            .unwrap_or_default();
        let [a, _, _, d] = r.corners;
        let why = match (r.kind, lang) {
            (RectangleKind::Type1, Lang::En) => {
                format!("{fl} hold only {pair}, so {roof} must take another digit")
            }
            (RectangleKind::Type1, Lang::De) => {
                format!("{fl} enthalten nur {pair}, also muss {roof} eine andere Zahl bekommen")
            }
            (RectangleKind::Type2 | RectangleKind::Type5, Lang::En) => format!(
                "{fl} hold only {pair} and {roof} only {extra} besides; one of {roof} must be {extra}, which therefore goes from every cell seeing all of them"
            ),
            (RectangleKind::Type2 | RectangleKind::Type5, Lang::De) => format!(
                "{fl} enthalten nur {pair} und {roof} außerdem nur die {extra}; eine von {roof} muss die {extra} sein, die deshalb aus jeder Zelle verschwindet, die alle diese Zellen sieht"
            ),
            (RectangleKind::Type3, Lang::En) => format!(
                "{fl} hold only {pair}, so one of {roof} takes one of its other digits. {house} the two act as one cell holding those: with {} they form a naked subset of {extra}, whose digits go from the rest of the house",
                cells(r.subset)
            ),
            (RectangleKind::Type3, Lang::De) => format!(
                "{fl} enthalten nur {pair}, also bekommt eine von {roof} eine ihrer anderen Zahlen. {house} wirken beide wie eine Zelle mit diesen: mit {} bilden sie ein nacktes Tupel aus {extra}, dessen Zahlen aus dem Rest der Gruppe verschwinden",
                cells(r.subset)
            ),
            (RectangleKind::Type4, Lang::En) => format!(
                "{fl} hold only {pair}. {house} the {link} has only the places {roof}: one of them is {link}, and the other cannot be {other}"
            ),
            (RectangleKind::Type4, Lang::De) => format!(
                "{fl} enthalten nur {pair}. {house} hat die {link} nur die Plätze {roof}: eine davon ist die {link}, und die andere kann nicht die {other} sein"
            ),
            (RectangleKind::Type6, Lang::En) => format!(
                "the diagonal corners {fl} hold only {pair}, and in both rows and both columns of the rectangle the {link} can only be in its corners. Were {roof} the {link}, {fl} would be {other} and the pattern complete; so the {link} is in {fl}"
            ),
            (RectangleKind::Type6, Lang::De) => format!(
                "die diagonalen Ecken {fl} enthalten nur {pair}, und in beiden Zeilen und beiden Spalten des Rechtecks kann die {link} nur in seinen Ecken stehen. Wären {roof} die {link}, wären {fl} die {other} und das Muster vollständig; also steht die {link} in {fl}"
            ),
            (RectangleKind::Hidden, Lang::En) => format!(
                "{a} holds only {pair}, and in the row and the column of {d} the {link} has no place outside the rectangle. Were {d} the {other}, the two corners next to it would be {link} and {a} would be {other}: the pattern; so {d} is not {other}"
            ),
            (RectangleKind::Hidden, Lang::De) => format!(
                "{a} enthält nur {pair}, und in der Zeile und der Spalte von {d} hat die {link} keinen Platz außerhalb des Rechtecks. Wäre {d} die {other}, wären die beiden Nachbarecken die {link} und {a} die {other}: das Muster; also ist {d} nicht die {other}"
            ),
            (RectangleKind::Avoidable1, Lang::En) => format!(
                "three corners are solved; {roof} must not take the digit of its diagonal corner"
            ),
            (RectangleKind::Avoidable1, Lang::De) => format!(
                "drei Ecken sind gelöst; {roof} darf nicht die Zahl seiner diagonalen Ecke bekommen"
            ),
            (RectangleKind::Avoidable2, Lang::En) => format!(
                "two corners are solved; {roof} hold the digit each would need and besides only {extra}, so one of them is {extra}, which goes from every cell seeing both"
            ),
            (RectangleKind::Avoidable2, Lang::De) => format!(
                "zwei Ecken sind gelöst; {roof} enthalten die Zahl, die sie jeweils bräuchten, und sonst nur die {extra}; eine davon ist also die {extra}, die aus jeder Zelle verschwindet, die beide sieht"
            ),
            (kind, lang) => seed_type(kind, r, &pair, lang)?,
        };
        Some(intro_why_so(&intro, &why, &step.eliminations, lang))
    }

    /// The reason of the seed's types 4A, 4C, 7B, 7C and 8A–8C: the confined
    /// digit, where, and the forcing that would complete the pattern. The corners
    /// are in the kind's order (see `RectangleKind`); `r.link_digit` is the
    /// confined digit u, the step's houses after the first the lines.
    pub(crate) fn seed_type(
        kind: RectangleKind,
        r: &UniqueRectangle,
        pair: &str,
        lang: Lang,
    ) -> Option<String> {
        let u = r.link_digit?;
        let v = (r.pair - DigitSet::single(u)).first()?;
        let [p, a, b, d] = r.corners;
        let line = r.house.map(|h| in_house(h, lang)).unwrap_or_default();
        Some(match (kind, lang) {
            (RectangleKind::Type4A, Lang::En) => format!(
                "the floor {p} and its neighbour hold only {pair}, and {line} the {u} can only be in the rectangle. Were {d} the {v}, the floor cell beside it would be the {u}, {p} the {v} and the {u} of that line would be in the roof: the pattern; so {d} is not the {v}"
            ),
            (RectangleKind::Type4A, Lang::De) => format!(
                "die Paar-Zellen {p} und ihre Nachbarin enthalten nur {pair}, und {line} kann die {u} nur im Rechteck stehen. Wäre {d} die {v}, wäre die Paar-Zelle daneben die {u}, {p} die {v} und die {u} dieser Linie stünde in der anderen Zelle mit Zusatzkandidaten: das Muster; also ist {d} nicht die {v}"
            ),
            (RectangleKind::Type4C, Lang::En) => format!(
                "the diagonal corners {p} and {d} hold only {pair}, and {line} the {u} can only be in the rectangle. Were the other extra cell the {u}, {p} would be the {v}, the {u} of that line would be in the rectangle's roof and {d} the {v}: the pattern; so the {u} goes"
            ),
            (RectangleKind::Type4C, Lang::De) => format!(
                "die diagonalen Paar-Zellen {p} und {d} enthalten nur {pair}, und {line} kann die {u} nur im Rechteck stehen. Wäre die andere Zelle mit Zusatzkandidaten die {u}, wäre {p} die {v}, die {u} dieser Linie stünde in der Zelle mit Zusatzkandidaten und {d} wäre die {v}: das Muster; also fällt die {u} weg"
            ),
            (RectangleKind::Type7B, Lang::En) => format!(
                "only {p} holds just {pair}, and in both lines of the rectangle named here the {u} can only be in its corners. Were {d} the {v}, the corner beside it in such a line would be the {u}, {p} the {v} and the corner beside {p} the {u}: the pattern; so {d} is not the {v}"
            ),
            (RectangleKind::Type7B, Lang::De) => format!(
                "nur {p} enthält bloß {pair}, und in beiden hier betrachteten Linien des Rechtecks kann die {u} nur in seinen Ecken stehen. Wäre {d} die {v}, wäre die Ecke neben {d} die {u}, {p} die {v} und die Ecke neben {p} die {u}: das Muster; also ist {d} nicht die {v}"
            ),
            (RectangleKind::Type7C, Lang::En) => format!(
                "the diagonal corners {p} and {d} hold only {pair}, and in the row and the column of {p} the {u} can only be in the rectangle. Were {p} the {v}, {a} and {b} would be the {u} and {d} the {v}: the pattern; so {p} is not the {v}"
            ),
            (RectangleKind::Type7C, Lang::De) => format!(
                "die diagonalen Paar-Zellen {p} und {d} enthalten nur {pair}, und in der Zeile und der Spalte von {p} kann die {u} nur im Rechteck stehen. Wäre {p} die {v}, wären {a} und {b} die {u} und {d} die {v}: das Muster; also ist {p} nicht die {v}"
            ),
            (RectangleKind::Type8A | RectangleKind::Type8B, Lang::En) => format!(
                "only {p} holds just {pair}; the {u} can only be in the rectangle {line}, and the {v} only in the rectangle in the other line named. Were the corner losing the {u} that digit, {p} would be the {v}, its other neighbour the {u} and {d} the {v}: the pattern; so the {u} goes"
            ),
            (RectangleKind::Type8A | RectangleKind::Type8B, Lang::De) => format!(
                "nur {p} enthält bloß {pair}; die {u} kann {line} nur im Rechteck stehen und die {v} in der anderen genannten Linie ebenso. Wäre die Ecke, aus der die {u} gestrichen wird, die {u}, wäre {p} die {v}, seine andere Nachbarecke die {u} und {d} die {v}: das Muster; also fällt die {u} weg"
            ),
            (RectangleKind::Type8C, Lang::En) => format!(
                "only {p} holds just {pair}; in the row of {d} the {u} can only be in the rectangle, in its column the {v}. Were {d} neither, {b} would be the {u} and {a} the {v}, and {p}, seeing both, would have no candidate left; so {d} is the {u} or the {v}"
            ),
            (RectangleKind::Type8C, Lang::De) => format!(
                "nur {p} enthält bloß {pair}; in der Zeile von {d} kann die {u} nur im Rechteck stehen, in seiner Spalte die {v}. Wäre {d} keine der beiden, wäre {b} die {u} und {a} die {v}, und {p}, das beide sieht, hätte keinen Kandidaten mehr; also ist {d} die {u} oder die {v}"
            ),
            _ => return None,
        })
    }

    impl Describe for super::UniqueRectangle {
        fn text(&self, step: &Step, at: &Telling<'_>) -> Option<String> {
            rectangle(step, at.name, self, at.before, at.lang)
        }

        fn draw(&self, step: &Step, out: &mut Drawing) {
            let corners: CellSet = self.corners.into_iter().collect();
            out.pattern(corners, self.pair);
            out.arrows(&step.links);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_util::*;

    // Positions from solving HoDoKu's levels with the uniqueness premise
    // (found with tests/scan.rs `scan_uniqueness`): the grid, the candidates
    // eliminated before.
    const T1: &str =
        "74...23..2....4.766.8731.....2...1.........6446..1372..271.8..........9....3..8..";
    const T1_E: &str = "r1c3-1 r1c4-8 r1c5-8 r1c8-5 r1c9-59 r2c2-59 r2c3-59 r3c7-59 r4c1-3 \
                        r4c2-3 r5c2-5 r5c3-59 r7c7-5 r8c3-135 r8c7-5 r9c3-159 r9c8-5";
    const T2: &str =
        ".6...2.3..52...68..3.16...22.56819.33.1295.68698.4.2157.34.9.26....263..526....9.";
    const T2_E: &str = "r1c1-9 r1c3-9 r1c7-5 r2c1-9 r8c1-18 r8c2-4 r8c8-4 r8c9-4";
    const T3: &str =
        "5....7.....85..7....784.36595...........589..814973256..5386491.3.7945..4892156..";
    const T3_E: &str = "r4c3-2 r5c8-7 r5c9-7 r8c1-2 r8c3-2";
    const T4: &str =
        "5....7.....85..7....784.36595.........2.589..814973256..5386491.3.7945..4892156..";
    const T4_E: &str = "r5c8-7 r5c9-7 r8c1-2";
    const T5: &str =
        "132796845469518732.8.43219624.651.8..1.....54.5..4.2.1871965423...1.4..86.4.8.51.";
    const T5_E: &str = "r5c3-37 r5c6-3 r5c7-9 r6c1-7 r6c3-37 r8c1-9";
    const T6: &str =
        ".1.623475...918632..6574189683251794..2..956.5..4..32.......947....45216.6419.853";
    const T6_E: &str = "r5c4-8 r7c5-8";
    const HR_E: &str = "r1c3-1 r1c4-8 r1c5-8 r1c8-5 r1c9-59 r2c2-59 r2c3-59 r3c7-59 r4c1-3 \
                        r4c2-3 r5c1-589 r5c2-135 r5c3-59 r7c7-5 r8c3-135 r8c7-5 r9c3-159 r9c8-5";
    const AR_PUZZLE: &str =
        ".7...6..98..75.........2..3.4...72...875.4....5..2.1...........3.......7..168.3..";
    const AR_NOW: &str =
        ".7..36..983.75.46.61...27.31439672..287514936956328174....73...3.......77.168.34.";
    const AR_E: &str = "r1c8-58 r7c3-29 r7c8-58 r8c3-29 r8c8-58";

    /// The eliminations of each of [`unique_hits`].
    fn hits(finder: crate::technique::Finder, grid: &str, elims: &str) -> Vec<String> {
        unique_hits(finder, grid, elims)
            .iter()
            .map(eliminations)
            .collect()
    }

    fn detail(step: &Step) -> (RectangleKind, [String; 4], DigitSet, CellSet) {
        let Detail::UniqueRectangle(UniqueRectangle {
            kind,
            corners,
            pair,
            roof,
            ..
        }) = &step.detail
        else {
            panic!("{:?}", step.detail)
        };
        (*kind, corners.map(|c| c.to_string()), *pair, *roof)
    }

    #[test]
    fn type_1_removes_the_pair_from_the_fourth_corner() {
        let steps = unique_hits(find_type_1, T1, T1_E);
        assert_eq!(eliminations(&steps[0]), "r5c2-1 r5c2-3");
        let (kind, corners, pair, roof) = detail(&steps[0]);
        assert_eq!(kind, RectangleKind::Type1);
        assert_eq!(corners, ["r2c2", "r2c3", "r5c2", "r5c3"].map(String::from));
        assert_eq!(pair.to_string(), "13");
        assert_eq!(roof.len(), 1);
        assert_eq!(steps[0].points, 4.0); // the seed's points for type 1
    }

    #[test]
    fn type_2_removes_the_common_extra_digit() {
        assert_eq!(hits(find_type_2, T2, T2_E), ["r8c4-8 r9c7-8"]);
    }

    #[test]
    fn type_3_uses_the_roof_as_a_virtual_cell_of_a_subset() {
        let steps = unique_hits(find_type_3, T3, T3_E);
        // Among the subsets (up to the seed's quasi-7-tuples) the quadruple
        // of row 5.
        let quad = steps
            .iter()
            .find(|s| eliminations(s) == "r5c3-3 r5c3-6")
            .expect("the quadruple of row 5");
        let Detail::UniqueRectangle(UniqueRectangle { house, subset, .. }) = &quad.detail else {
            panic!()
        };
        assert_eq!(house.map(|h| h.to_string()), Some("row 5".into()));
        assert_eq!(subset.len(), 3);
        assert_eq!(quad.points, 11.0); // the seed's 3C
        assert!(steps.iter().any(|s| eliminations(s) == "r4c3-6"));
    }

    #[test]
    fn type_4_removes_the_unlinked_pair_digit_from_the_roof() {
        let steps = unique_hits(find_type_4, T4, T4_E);
        assert_eq!(eliminations(&steps[0]), "r4c8-3 r4c9-3");
        assert_eq!(chain(&steps[0]), "r4c8=r4c9");
    }

    #[test]
    fn type_5_removes_the_extra_digit_seen_by_three_roof_cells() {
        assert_eq!(hits(find_type_5, T5, T5_E), ["r5c5-7"]);
    }

    #[test]
    fn type_6_removes_the_x_wing_digit_from_the_roof() {
        let steps = unique_hits(find_type_6, T6, T6_E);
        assert_eq!(eliminations(&steps[0]), "r2c2-4 r5c1-4");
        assert_eq!(steps[0].links.len(), 4);
    }

    #[test]
    fn hidden_rectangle_removes_a_digit_from_the_opposite_corner() {
        let got = hits(find_hidden, T1, HR_E);
        assert!(got.contains(&"r4c8-5".to_string()), "{got:?}");
    }

    #[test]
    fn avoidable_rectangle_needs_solved_cells_not_givens() {
        let mut pos = position(AR_PUZZLE, Variant::Standard);
        for (i, (a, b)) in AR_PUZZLE.bytes().zip(AR_NOW.bytes()).enumerate() {
            if a == b'.' && b != b'.' {
                let cell = Cell::new(i).expect("index");
                pos.place(cell, Digit::new(b - b'0').expect("digit"))
                    .expect("placeable");
            }
        }
        let pos = unique(position_with_from(pos, AR_E));
        let steps = run(find_avoidable_1, &pos);
        assert_sound(AR_PUZZLE, Variant::Standard, &steps);
        assert_eq!(eliminations(&steps[0]), "r3c3-9");
        // With every filled cell a given, nothing can be swapped.
        let given = unique(position_with(AR_NOW, Variant::Standard, AR_E));
        assert!(run(find_avoidable_1, &given).is_empty());
        assert!(run(find_avoidable_2, &given).is_empty());
    }

    /// `pos` with the eliminations `elims` (as `position_with` writes them).
    fn position_with_from(mut pos: Candidates, elims: &str) -> Candidates {
        for item in elims.split_whitespace() {
            let b = item.as_bytes();
            let cell = Cell::at((b[1] - b'1') as usize, (b[3] - b'1') as usize).expect("cell");
            for &ch in &b[5..] {
                pos.eliminate(cell, Digit::new(ch - b'0').expect("digit"))
                    .expect("written");
            }
        }
        pos
    }

    #[test]
    fn nothing_without_the_uniqueness_premise() {
        let finders: [crate::technique::Finder; 9] = [
            find_type_1,
            find_type_2,
            find_type_3,
            find_type_4,
            find_type_5,
            find_type_6,
            find_hidden,
            find_avoidable_1,
            find_avoidable_2,
        ];
        for (grid, elims) in [
            (T1, T1_E),
            (T2, T2_E),
            (T3, T3_E),
            (T4, T4_E),
            (T5, T5_E),
            (T6, T6_E),
        ] {
            let pos = position_with(grid, Variant::Standard, elims);
            assert!(!pos.unique_assumed());
            for f in finders {
                assert!(run(f, &pos).is_empty(), "{grid}");
            }
        }
    }

    #[test]
    fn variant_houses_must_survive_the_swap() {
        // Standard: every rectangle in two boxes.
        assert_eq!(rectangles_of(Variant::Standard).list.len(), 486);
        // The index by cell marks exactly the rectangles with a corner there.
        for variant in [Variant::Standard, Variant::Diagonal, Variant::Color] {
            let rects = rectangles_of(variant);
            for c in Cell::all() {
                for (i, corners) in rects.list.iter().enumerate() {
                    let marked = rects.at[c.index()][i / 64] >> (i % 64) & 1 == 1;
                    assert_eq!(
                        marked,
                        corners.contains(&c),
                        "{variant:?} {c} rectangle {i}"
                    );
                }
            }
        }
        // Diagonal: a corner on a diagonal would leave it with one digit twice
        // after the swap, so no rectangle touches the diagonals.
        let diagonal = &rectangles_of(Variant::Diagonal).list;
        assert!(diagonal.len() < 486);
        let on_diagonal = |c: &Cell| c.row() == c.col() || c.row() + c.col() == 8;
        assert!(diagonal.iter().all(|r| !r.iter().any(on_diagonal)));
        // The same type-1 pattern on and off the main diagonal.
        let pattern = |corners: [(usize, usize); 4], variant| {
            let mut fields = [DigitSet::ALL; 81];
            let pair = DigitSet::single(Digit::new(1).expect("1"))
                | DigitSet::single(Digit::new(3).expect("3"));
            for (k, (r, c)) in corners.into_iter().enumerate() {
                let cell = Cell::at(r, c).expect("cell");
                fields[cell.index()] = if k == 3 {
                    pair | DigitSet::single(Digit::new(7).expect("7"))
                } else {
                    pair
                };
            }
            let grid = sudoku_core::Grid::EMPTY;
            unique(Candidates::from_fields(&grid, variant, &fields).expect("consistent"))
        };
        let on = [(1, 1), (1, 2), (4, 1), (4, 2)];
        let off = [(0, 2), (0, 3), (1, 2), (1, 3)];
        assert_eq!(run(find_type_1, &pattern(on, Variant::Standard)).len(), 1);
        assert!(run(find_type_1, &pattern(on, Variant::Diagonal)).is_empty());
        let steps = run(find_type_1, &pattern(off, Variant::Diagonal));
        assert_eq!(eliminations(&steps[0]), "r2c4-1 r2c4-3");
    }

    #[test]
    fn diagonal_puzzles_stay_sound() {
        // A diagonal puzzle of the seed's examples, solved with the premise:
        // every uniqueness step found on the way is checked.
        let puzzle =
            "000001700006300400190000030600103040000000000070504003010000058005009300003800000";
        let grid: sudoku_core::Grid = puzzle.parse().expect("parses");
        assert_eq!(sudoku_solve::count(&grid, Variant::Diagonal, Some(2)), 1);
        let options = crate::Options {
            unique: true,
            solution: sudoku_solve::solve(&grid, Variant::Diagonal),
            ..crate::Options::default()
        };
        assert!(crate::solve_logically(&grid, Variant::Diagonal, &options).is_ok());
    }

    /// The first step of `t` found at a position of the walk of `puzzle` (as
    /// given), with that position: the test does not depend on which row of
    /// the table the walk takes there.
    fn first_seed_hit(puzzle: &str, t: Technique) -> Option<(Candidates, Step)> {
        let grid: sudoku_core::Grid = puzzle.parse().expect("parses");
        let options = crate::Options {
            unique: true,
            orientation: crate::Orientation::AsGiven,
            ..crate::Options::default()
        };
        let trace = crate::solve_logically(&grid, Variant::Standard, &options).expect("solves");
        let mut pos = Candidates::new(&grid, Variant::Standard).expect("valid");
        pos.assume_unique(true);
        for step in trace.steps {
            if pos.is_written() {
                let mut out = Vec::new();
                t.info().find(&pos, &mut out, FindMode::First);
                if let Some(hit) = out.pop() {
                    return Some((pos, hit));
                }
            }
            pos.apply(&step).expect("applies");
        }
        None
    }

    #[test]
    fn the_seeds_rectangle_types_on_real_positions() {
        // top1465 puzzles whose path uses each type.
        for (puzzle, t) in [
            (
                ".8..1......5....3.......4.....6.5.7.89....2.....3.....2.....1.9..67........4.....",
                Technique::UniqueRectangle4A,
            ),
            (
                ".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........",
                Technique::UniqueRectangle4C,
            ),
            (
                "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
                Technique::UniqueRectangle7B,
            ),
            (
                "...9.31..5.7....8.2.........4....6......5..2..1.......8...7.......6..4.....3....9",
                Technique::UniqueRectangle7C,
            ),
            (
                "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
                Technique::UniqueRectangle8A,
            ),
            (
                "...3..5...5..1..3...7..4..12.....4...6..9......1..6..28..7..2...9..8..5...5..9..7",
                Technique::UniqueRectangle8B,
            ),
            (
                ".92.6.5..8....54.6....98.....5..16...786....36..........9.4.....6..13..2.......3.",
                Technique::UniqueRectangle8C,
            ),
        ] {
            let (pos, step) = first_seed_hit(puzzle, t).unwrap_or_else(|| panic!("{t:?} unused"));
            assert_sound(puzzle, Variant::Standard, std::slice::from_ref(&step));
            let Detail::UniqueRectangle(UniqueRectangle {
                corners,
                pair,
                link_digit,
                ..
            }) = &step.detail
            else {
                panic!("{:?}", step.detail)
            };
            // Every corner holds both pair digits; the corner order is the
            // documented one; the confined digit is a pair digit.
            for c in corners {
                assert!(pair.is_subset(pos.candidates(*c)), "{t:?}");
            }
            assert_eq!(corners[1].row(), corners[0].row());
            assert_eq!(corners[2].col(), corners[0].col());
            assert!(link_digit.is_some_and(|u| pair.contains(u)));
            let bivalue = corners
                .iter()
                .filter(|c| pos.candidates(**c) == *pair)
                .count();
            let want = match t {
                Technique::UniqueRectangle4A
                | Technique::UniqueRectangle4C
                | Technique::UniqueRectangle7C => 2,
                _ => 1,
            };
            assert_eq!(bivalue, want, "{t:?}");
            // Negative: without the uniqueness premise the position gives
            // nothing of the kind.
            let mut plain = pos.clone();
            plain.assume_unique(false);
            let mut out = Vec::new();
            t.info().find(&plain, &mut out, FindMode::All);
            assert!(out.is_empty(), "{t:?} without the premise");
        }
    }

    #[test]
    fn type_3_scores_the_seeds_quasi_tuples() {
        // 3A (quasi pair) 5 points, 3 more per further cell of the tuple.
        assert_eq!(Technique::UniqueRectangle3.info().points, 5.0);
        let (_, step) = first_seed_hit(
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            Technique::UniqueRectangle3,
        )
        .expect("type 3 on this path");
        let Detail::UniqueRectangle(UniqueRectangle { subset, .. }) = step.detail else {
            panic!("{:?}", step.detail)
        };
        assert!(!subset.is_empty());
        assert_eq!(step.points, 5.0 + 3.0 * (subset.len() as f64 - 1.0));
    }
}
