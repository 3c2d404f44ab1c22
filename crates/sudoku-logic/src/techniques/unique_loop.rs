//! Unique loops: Sudoku Explainer's uniqueness test, of which the unique
//! rectangle is the four-cell case.
//!
//! Cells holding both digits of a pair, joined house to house (never twice in
//! a row through the same kind of house) back to the first cell, such that
//! every house the loop touches holds exactly one of its odd and one of its
//! even cells: if every loop cell held only the pair, the two digits could be
//! swapped along the loop — two solutions. So in a puzzle with one solution
//! the cells holding more than the pair (the *extra* cells) keep an extra
//! digit, which types 1–4 use as Sudoku Explainer does (type 3 in its naked
//! and hidden forms). The rectangle rows of the table are HoDoKu's tests; this
//! finder exists because Sudoku Explainer's walk needs its own set: loops of
//! six or more cells, its type 3 with any subset size, and its order.
//!
//! The search follows Sudoku Explainer's order (first bivalue cell in reading
//! order, houses box, row, column, cells in house order) and keeps the first
//! hit per loop and kind, so the walk can take the hit Sudoku Explainer takes.
//! Houses beyond rows, columns and boxes (diagonals, colour groups) join in
//! after them: the argument needs only that each house holds a digit once.
//! Sound only for puzzles known to have one solution. In X-Sudoku this gives
//! the seed's exception — a loop with one cell on a diagonal is no deadly
//! pattern — and goes a little further: a loop whose two cells on a diagonal
//! have different parity keeps that diagonal valid under the swap and counts.
//!
//! Points follow the seed ([`seed_points`]): the rectangle type's points, 3
//! more for every two cells beyond four.

use crate::Candidates;
use crate::fast_hash::FastMap;
use crate::step::{Detail, Elimination, LoopKind, Step};
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};
use sudoku_core::{Cell, CellSet, Digit, DigitSet, House, HouseKind, Variant};

/// The order in which Sudoku Explainer visits the houses of a cell.
pub(crate) fn kind_rank(kind: HouseKind) -> u8 {
    match kind {
        HouseKind::Box => 0,
        HouseKind::Row => 1,
        HouseKind::Column => 2,
        _ => 3,
    }
}

/// The houses of `cell` in Sudoku Explainer's order.
pub(crate) fn ordered_houses(variant: Variant, cell: Cell) -> Vec<House> {
    let mut houses = variant.houses_of(cell).to_vec();
    houses.sort_by_key(|h| (kind_rank(h.kind()), h.index()));
    houses
}

/// Reports the unique-loop hits of `pos`, first hit per loop and kind.
pub(crate) fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    if !pos.unique_assumed() || !pos.is_written() {
        return;
    }
    let mut found: Vec<Step> = Vec::new();
    let mut tested: FastMap<(CellSet, Option<Cell>), ()> = FastMap::default();
    let mut cores: [Option<CellSet>; 81] = [None; 81];
    for cell in Cell::all() {
        let cands = pos.candidates(cell);
        if pos.get(cell).is_some() || cands.len() != 2 {
            continue;
        }
        let mut digits = cands.iter();
        let (Some(v1), Some(v2)) = (digits.next(), digits.next()) else {
            continue;
        };
        let holders = pos.cells_with(v1) & pos.cells_with(v2);
        // The core depends on the pair only; most pairs have several
        // bivalue cells.
        let core = *cores[v1.index() * 9 + v2.index()]
            .get_or_insert_with(|| loop_core(pos.variant(), holders));
        if !core.contains(cell) {
            continue;
        }
        let mut search = Search {
            pos,
            pair: cands,
            holders,
            core,
            on_path: CellSet::EMPTY,
            lp: Vec::new(),
            loops: Vec::new(),
            sides: [0; 2],
        };
        search.extend(cell, 2, DigitSet::EMPTY, None);
        for lp in std::mem::take(&mut search.loops) {
            if valid_loop(pos.variant(), &lp) {
                // The same loop comes back from its other bivalue cells and
                // in the other direction. Its hits depend only on its cells
                // and on which extra cell comes first (the order type 3
                // reads), and a kind is kept once per loop: a repeat with
                // the same key adds nothing.
                let key = (
                    lp.iter().copied().collect::<CellSet>(),
                    lp.iter().copied().find(|&c| pos.candidates(c).len() > 2),
                );
                if tested.insert(key, ()).is_some() {
                    continue;
                }
                hits(pos, &lp, v1, v2, &mut found);
                if mode == FindMode::First && !found.is_empty() {
                    out.push(found.swap_remove(0));
                    return;
                }
            }
        }
    }
    out.extend(found);
}

struct Search<'a> {
    pos: &'a Candidates,
    pair: DigitSet,
    /// The empty cells holding both digits of the pair.
    holders: CellSet,
    /// The holders that may lie on a valid loop ([`loop_core`]).
    core: CellSet,
    /// The cells of `lp`.
    on_path: CellSet,
    lp: Vec<Cell>,
    loops: Vec<Vec<Cell>>,
    /// The houses (bits by global index) of the path's even and odd cells.
    sides: [u64; 2],
}

impl Search<'_> {
    /// Adds `cell` to the loop and goes on through every house kind but the
    /// last one used. `allowed`: how many more cells with extras may join
    /// (a cell whose extras keep the loop's extras to one digit always may).
    fn extend(&mut self, cell: Cell, allowed: i32, extras: DigitSet, last: Option<HouseKind>) {
        // Guards a pathological position; real loops are far shorter.
        if self.lp.len() >= 40 {
            return;
        }
        let side = self.lp.len() % 2;
        let houses = self.pos.variant().houses_of(cell);
        let Some(mask) = claim_houses(&mut self.sides[side], houses) else {
            return;
        };
        self.lp.push(cell);
        self.on_path.insert(cell);
        // The extras seen at this depth accumulate over the tried cells, as
        // in Sudoku Explainer.
        let mut extras = extras;
        let mut ordered = [House::MAIN_DIAGONAL; 8];
        let ordered = &mut ordered[..houses.len().min(8)];
        ordered.copy_from_slice(&houses[..ordered.len()]);
        ordered.sort_unstable_by_key(|h| (kind_rank(h.kind()), h.index()));
        for &house in ordered.iter() {
            if Some(house.kind()) == last {
                continue;
            }
            // Only cells holding the pair can join (the start is one).
            for next in (Variant::house_cells(house) & self.holders).iter() {
                if next == self.lp[0] && self.lp.len() >= 4 {
                    self.loops.push(self.lp.clone());
                } else if !self.on_path.contains(next) {
                    let cands = self.pos.candidates(next);
                    extras |= cands - self.pair;
                    // A cell off the core still adds its extras (the search's
                    // order depends on them) but leads to no valid loop.
                    if !self.core.contains(next) {
                        continue;
                    }
                    if cands.len() == 2 || extras.len() == 1 || allowed > 0 {
                        let left = allowed - i32::from(cands.len() > 2);
                        self.extend(next, left, extras, Some(house.kind()));
                    }
                }
            }
        }
        self.on_path.remove(cell);
        self.lp.pop();
        self.sides[side] &= !mask;
    }
}

/// The cells of `holders` that may lie on a valid loop of them: in a valid
/// loop every house of a loop cell holds exactly one more loop cell, so a
/// cell with a house holding no other such cell is on none, and neither is
/// one left alone in a house once those are gone (repeated to the fixpoint).
/// Loops through other cells are found and rejected by [`valid_loop`]; the
/// search skips them.
pub(super) fn loop_core(variant: Variant, holders: CellSet) -> CellSet {
    let mut core = holders;
    loop {
        let mut next = core;
        for cell in core.iter() {
            let alone = variant
                .houses_of(cell)
                .iter()
                .any(|&h| (Variant::house_cells(h) & core).len() < 2);
            if alone {
                next.remove(cell);
            }
        }
        if next == core {
            return core;
        }
        core = next;
    }
}

/// Marks `houses` (bits by global index) in `side`, the houses of a path's
/// cells of one parity, and returns them; `None` when one is marked already.
/// A path with two cells of one parity in a house can only close into loops
/// [`valid_loop`] rejects: nothing it leads to is reported.
pub(super) fn claim_houses(side: &mut u64, houses: &[House]) -> Option<u64> {
    let mask = houses.iter().fold(0u64, |m, h| m | 1 << h.index());
    if *side & mask != 0 {
        return None;
    }
    *side |= mask;
    Some(mask)
}

/// Whether every house touched by the loop holds exactly one odd and one even
/// cell of it.
pub(super) fn valid_loop(variant: Variant, lp: &[Cell]) -> bool {
    // The houses of the odd and of the even cells, as bits by house index
    // (fewer than 64 houses in every variant).
    let (mut odd, mut even) = (0u64, 0u64);
    for (i, &cell) in lp.iter().enumerate() {
        let side = if i % 2 == 1 { &mut odd } else { &mut even };
        for &h in variant.houses_of(cell) {
            let bit = 1u64 << h.index();
            if *side & bit != 0 {
                return false;
            }
            *side |= bit;
        }
    }
    odd == even
}

fn step(lp: &[Cell], pair: DigitSet, kind: LoopKind, extra_cells: CellSet) -> Step {
    let t = Technique::UniqueLoop;
    let mut s = Step::new(t, t.info().points);
    s.cells = lp.iter().copied().collect();
    s.digits = pair;
    s.detail = Detail::UniqueLoop(UniqueLoop {
        kind,
        cells: lp.to_vec(),
        pair,
        extra_cells,
        digits: DigitSet::EMPTY,
        subset: CellSet::EMPTY,
        house: None,
        restored: Vec::new(),
        links: Vec::new(),
    });
    s
}

fn set_detail(s: &mut Step, digits: DigitSet, subset: CellSet, house: Option<House>) {
    if let Detail::UniqueLoop(UniqueLoop {
        digits: d,
        subset: c,
        house: h,
        ..
    }) = &mut s.detail
    {
        *d = digits;
        *c = subset;
        *h = house;
    }
    if let Some(h) = house {
        s.houses.push(h);
    }
}

/// Whether `found` has a hit of the same kind on the same loop cells.
fn known(found: &[Step], kind: LoopKind, lp: &[Cell]) -> bool {
    let cells: CellSet = lp.iter().copied().collect();
    found.iter().any(|s| match &s.detail {
        Detail::UniqueLoop(UniqueLoop {
            kind: k, cells: c, ..
        }) => *k == kind && c.len() == lp.len() && s.cells == cells,
        _ => false,
    })
}

/// The seed's points for a loop step: its rectangle type's points (types 1
/// and 2 — with 5B–5E, the same extra in three to six cells — 4, type 4B 7,
/// type 3 5 for a quasi pair and 3 more per further cell of the quasi tuple)
/// plus 3 for every two cells beyond four (a 6-loop 3 more, an 8-loop 6, a
/// 10-loop 9).
pub(crate) fn seed_points(kind: LoopKind, length: usize, subset: CellSet) -> f64 {
    let base = match kind {
        LoopKind::Type1 | LoopKind::Type2 => 4.0,
        LoopKind::Type3Naked | LoopKind::Type3Hidden => {
            5.0 + 3.0 * (subset.len().max(1) as f64 - 1.0)
        }
        _ => 7.0,
    };
    base + 3.0 * (length.saturating_sub(4) / 2) as f64
}

fn push(found: &mut Vec<Step>, mut s: Step) {
    if s.eliminations.is_empty() {
        return;
    }
    let Detail::UniqueLoop(UniqueLoop {
        kind,
        cells,
        subset,
        ..
    }) = &s.detail
    else {
        return;
    };
    if known(found, *kind, cells) {
        return;
    }
    s.points = seed_points(*kind, cells.len(), *subset);
    s.eliminations.sort_unstable();
    s.eliminations.dedup();
    found.push(s);
}

fn elim(s: &mut Step, cell: Cell, digit: Digit) {
    s.eliminations.push(Elimination { cell, digit });
}

/// Every peer shared by all of `cells`, outside them.
fn common_peers(variant: Variant, cells: CellSet) -> CellSet {
    let mut common = CellSet::EMPTY.complement();
    for c in cells.iter() {
        common &= variant.peers(c);
    }
    common - cells
}

/// One valid loop: the position, the loop's cells in order and its pair (what
/// the tests of the types share).
#[derive(Clone, Copy)]
struct Loop<'a> {
    pos: &'a Candidates,
    lp: &'a [Cell],
    pair: DigitSet,
}

/// The hits of one valid loop.
pub(super) fn hits(pos: &Candidates, lp: &[Cell], v1: Digit, v2: Digit, found: &mut Vec<Step>) {
    let variant = pos.variant();
    let pair = DigitSet::single(v1) | DigitSet::single(v2);
    let extra: Vec<Cell> = lp
        .iter()
        .copied()
        .filter(|&c| pos.candidates(c).len() > 2)
        .collect();
    let extra_set: CellSet = extra.iter().copied().collect();
    let l = Loop { pos, lp, pair };
    match extra.len() {
        1 => {
            let mut s = step(lp, pair, LoopKind::Type1, extra_set);
            for d in pair.iter() {
                elim(&mut s, extra[0], d);
            }
            push(found, s);
        }
        2 => {
            let (c1, c2) = (extra[0], extra[1]);
            let extras = (pos.candidates(c1) | pos.candidates(c2)) - pair;
            if extras.len() == 1 {
                type_2(l, extra_set, found);
            } else if extras.len() >= 2 {
                type_3(l, c1, c2, found);
            }
            type_4(l, c1, c2, found);
        }
        // Three or more cells with extras: only one extra digit among them
        // (the search builds no other; a quasi loop may be any).
        n if n > 2 => {
            let extras = extra
                .iter()
                .fold(DigitSet::EMPTY, |acc, &c| acc | pos.candidates(c))
                - pair;
            if extras.len() == 1 {
                type_2(l, extra_set, found);
            }
        }
        _ => {}
    }
    let _ = variant;
}

fn type_2(l: Loop<'_>, extra: CellSet, found: &mut Vec<Step>) {
    let Loop { pos, lp, pair } = l;
    let Some(first) = extra.first() else { return };
    let Some(value) = (pos.candidates(first) - pair).first() else {
        return;
    };
    let mut s = step(lp, pair, LoopKind::Type2, extra);
    for c in common_peers(pos.variant(), extra).iter() {
        if pos.candidates(c).contains(value) {
            elim(&mut s, c, value);
        }
    }
    set_detail(&mut s, DigitSet::single(value), CellSet::EMPTY, None);
    push(found, s);
}

/// The houses holding both cells, in Sudoku Explainer's order.
fn shared_houses(variant: Variant, c1: Cell, c2: Cell) -> Vec<House> {
    ordered_houses(variant, c1)
        .into_iter()
        .filter(|h| h.contains(c2))
        .collect()
}

/// The index sets of `k` of `n` positions in Sudoku Explainer's order (by
/// their bit mask, smallest first).
pub(crate) fn combinations(k: usize, n: usize) -> impl Iterator<Item = u32> {
    let limit = 1u32 << n;
    // The next larger mask with as many bits (Gosper's rule).
    let mut next = (k <= n).then(|| (1u32 << k) - 1);
    std::iter::from_fn(move || {
        let current = next?;
        next = (current != 0)
            .then(|| {
                let low = current & current.wrapping_neg();
                let ripple = current + low;
                (((ripple ^ current) >> 2) / low) | ripple
            })
            .filter(|&m| m < limit);
        Some(current)
    })
}

fn type_3(l: Loop<'_>, c1: Cell, c2: Cell, found: &mut Vec<Step>) {
    let Loop { pos, lp, pair } = l;
    let variant = pos.variant();
    let extra = (pos.candidates(c1) | pos.candidates(c2)) - pair;
    let extra_cells = CellSet::single(c1) | CellSet::single(c2);
    for degree in extra.len()..=7 {
        for house in shared_houses(variant, c1, c2) {
            let cells = house.cells();
            let empty = cells.iter().filter(|&&c| pos.get(c).is_none()).count();
            let Some(i1) = cells.iter().position(|&c| c == c1) else {
                continue;
            };
            let Some(i2) = cells.iter().position(|&c| c == c2) else {
                continue;
            };
            if degree * 2 <= empty {
                for mask in combinations(degree, 9) {
                    if mask & (1 << i1) == 0 || mask & (1 << i2) != 0 {
                        continue;
                    }
                    let mut naked = extra & pos.candidates(c1) & pos.candidates(c2);
                    let mut union = extra;
                    let mut ok = true;
                    let mut others = CellSet::EMPTY;
                    for (i, &c) in cells.iter().enumerate() {
                        if mask & (1 << i) == 0 || i == i1 {
                            continue;
                        }
                        let cands = pos.candidates(c);
                        if pos.get(c).is_some() || cands.len() <= 1 {
                            ok = false;
                        }
                        naked |= cands;
                        union |= cands;
                        others.insert(c);
                    }
                    if !ok || naked.len() != degree || union.len() != degree {
                        continue;
                    }
                    let mut s = step(lp, pair, LoopKind::Type3Naked, extra_cells);
                    for c in cells {
                        if others.contains(c) || c == c1 || c == c2 {
                            continue;
                        }
                        for d in (pos.candidates(c) & union).iter() {
                            elim(&mut s, c, d);
                        }
                    }
                    set_detail(&mut s, union, others, Some(house));
                    push(found, s);
                }
            }
            if degree * 2 < empty {
                let rest: Vec<Digit> = (DigitSet::EMPTY.complement() - pair - extra)
                    .iter()
                    .collect();
                if degree - 2 > rest.len() {
                    continue;
                }
                for mask in combinations(degree - 2, rest.len()) {
                    let mut values = pair;
                    for (i, &d) in rest.iter().enumerate() {
                        if mask & (1 << i) != 0 {
                            values.insert(d);
                        }
                    }
                    let mut places = CellSet::EMPTY;
                    let mut ok = true;
                    for d in values.iter() {
                        let mut p = pos.cells_with(d) & Variant::house_cells(house);
                        p.remove(c2);
                        if p.is_empty() {
                            ok = false;
                        }
                        places |= p;
                    }
                    if !ok || places.len() != degree {
                        continue;
                    }
                    let subset = places - extra_cells;
                    let mut s = step(lp, pair, LoopKind::Type3Hidden, extra_cells);
                    for c in subset.iter() {
                        for d in (pos.candidates(c) - values).iter() {
                            elim(&mut s, c, d);
                        }
                    }
                    set_detail(&mut s, values, subset, Some(house));
                    push(found, s);
                }
            }
        }
    }
}

fn type_4(l: Loop<'_>, c1: Cell, c2: Cell, found: &mut Vec<Step>) {
    let Loop { pos, lp, pair } = l;
    let variant = pos.variant();
    let both = CellSet::single(c1) | CellSet::single(c2);
    let mut lock: [Option<House>; 2] = [None, None];
    let digits: Vec<Digit> = pair.iter().collect();
    for house in shared_houses(variant, c1, c2) {
        let rest = Variant::house_cells(house) - both;
        for (k, &d) in digits.iter().enumerate() {
            if (pos.cells_with(d) & rest).is_empty() {
                lock[k] = Some(house);
            }
        }
    }
    let (house, locked, removed) = match (lock, digits.as_slice()) {
        ([Some(h), _], [a, b]) => (h, *a, *b),
        ([None, Some(h)], [a, b]) => (h, *b, *a),
        _ => return,
    };
    let mut s = step(lp, pair, LoopKind::Type4, both);
    elim(&mut s, c1, removed);
    elim(&mut s, c2, removed);
    set_detail(
        &mut s,
        DigitSet::single(locked),
        CellSet::EMPTY,
        Some(house),
    );
    push(found, s);
}

/// A unique loop (Sudoku Explainer's uniqueness test): the bivalue cells of
/// `pair` in `cells` form a closed loop, each house it touches holding two
/// of its cells, so the pair alone would allow two solutions; the cells
/// holding more (`extra_cells`) must keep one of their extras.
#[derive(Clone, Debug, PartialEq)]
pub struct UniqueLoop {
    /// How the loop is used.
    pub kind: LoopKind,
    /// The loop in order (4 cells for a rectangle).
    pub cells: Vec<Cell>,
    /// The two digits of the loop.
    pub pair: DigitSet,
    /// The loop cells holding more than the pair.
    pub extra_cells: CellSet,
    /// Type 2: the common extra digit; type 3: the digits of the subset;
    /// type 4: the digit locked to the extra cells.
    pub digits: DigitSet,
    /// Type 3: the other cells of the subset.
    pub subset: CellSet,
    /// Types 3 and 4: the house of the subset or of the lock.
    pub house: Option<House>,
    /// A quasi loop (the seed's *Quasi-Ausschluss-Kette*): the candidates
    /// given back to its cells for the test — each a digit that every
    /// cell of the other parity class holds. Empty otherwise.
    pub restored: Vec<(Cell, Digit)>,
    /// [`LoopKind::StrongLinks`]: the strong links that settle the cells
    /// with extra digits, in the order used — in the house, the digit has
    /// no other place than the cell and loop cells holding the other
    /// digit. Empty otherwise.
    pub links: Vec<(House, Digit, Cell)>,
}

crate::moved_fields!(UniqueLoop { cells, pair, extra_cells, digits, subset, house, restored, links; kind });

/// Catalogue entry: Unique loop (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const UNIQUE_LOOP: TechniqueInfo = TechniqueInfo {
    technique: Technique::UniqueLoop, name: "unique-loop", names: Names { en: "Unique loop", de: "Ausschluss-Schleife" },
    family: Family::Uniqueness, phase: Phase::OnCandidates, points: 7.0, se: Some(4.5), finder: find, text: None,
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
    use crate::describe::words::{and_list, cells, digits, in_house, intro_why_so, removal, so};
    use crate::describe::{Describe, Telling};
    use crate::techniques::unique_rectangle::told::{QuasiShape, restoration};
    use crate::{Candidates, LoopKind, Step};
    use sudoku_core::Lang;
    use sudoku_core::{Cell, CellSet, Digit, DigitSet, House};

    /// A strong link settling a loop cell: the house, the digit, the cell.
    pub(crate) type StrongLink = (House, Digit, Cell);

    /// Explains a unique loop (the seed's 6-, 8- and 10-cell Ausschluss-Schleifen
    /// and Sudoku Explainer's unique loops) of any type.
    pub(crate) fn unique_loop(
        step: &Step,
        name: &str,
        (lp, kind): (&[Cell], LoopKind),
        (pair, extra_cells, digits_): (DigitSet, CellSet, DigitSet),
        (subset, house, links): (CellSet, Option<House>, &[StrongLink]),
        (restored, before): (&[(Cell, Digit)], Option<&Candidates>),
        lang: Lang,
    ) -> Option<String> {
        if kind == LoopKind::StrongLinks {
            return strong_links(step, name, lp, pair, links, lang);
        }
        let path: Vec<String> = lp.iter().map(|c| c.to_string()).collect();
        let path = path.join("–");
        let n = lp.len();
        let (pair_s, ex, ds) = (
            digits(pair, lang),
            cells(extra_cells),
            digits(digits_, lang),
        );
        let intro = match lang {
            Lang::En => format!(
                "{name} of {n} cells: {path} (back to the start), none a given, every row, column and box it touches holding two of them. Were they all only {pair_s}, the two digits could be swapped along the loop and the puzzle would have a second solution; it has only one."
            ),
            Lang::De => format!(
                "{name} aus {n} Zellen: {path} (zurück zum Anfang), kein Given darunter, jede berührte Gruppe enthält zwei davon. Enthielten alle nur {pair_s}, ließen sich die beiden Zahlen entlang der Schleife vertauschen und das Puzzle hätte eine zweite Lösung; es hat nur eine."
            ),
        };
        let intro = if restored.is_empty() {
            intro
        } else {
            let shape = (QuasiShape::Loop(lp), pair, restored);
            format!("{intro} {}", restoration(shape, before, lang))
        };
        let house = house.map(|h| in_house(h, lang)).unwrap_or_default();
        let why = match (kind, lang) {
            (LoopKind::Type1, Lang::En) => {
                format!("Only {ex} holds more, so it must take one of its other digits")
            }
            (LoopKind::Type1, Lang::De) => {
                format!("Nur {ex} enthält mehr, also bekommt sie eine ihrer anderen Zahlen")
            }
            (LoopKind::Type2, Lang::En) => format!(
                "{ex} hold only {ds} besides, so one of them is {ds}, which goes from every cell seeing all of them"
            ),
            (LoopKind::Type2, Lang::De) => format!(
                "{ex} enthalten außerdem nur die {ds}, eine davon ist also die {ds}, die aus jeder Zelle verschwindet, die alle sieht"
            ),
            (LoopKind::Type3Naked, Lang::En) => format!(
                "One of {ex} takes one of its other digits; {house} the two act as one cell holding those, and with {} they form a naked subset of {ds}, whose digits go from the rest of the house",
                cells(subset)
            ),
            (LoopKind::Type3Naked, Lang::De) => format!(
                "Eine von {ex} bekommt eine ihrer anderen Zahlen; {house} wirken beide wie eine Zelle mit diesen und bilden mit {} ein nacktes Tupel aus {ds}, dessen Zahlen aus dem Rest der Gruppe verschwinden",
                cells(subset)
            ),
            (LoopKind::Type3Hidden, Lang::En) => format!(
                "One of {ex} takes one of its other digits; {house} {ds} then fit only into {} and that cell, a hidden subset whose cells lose every other digit",
                cells(subset)
            ),
            (LoopKind::Type3Hidden, Lang::De) => format!(
                "Eine von {ex} bekommt eine ihrer anderen Zahlen; {house} passen {ds} dann nur in {} und diese Zelle, ein verstecktes Tupel, dessen Zellen alle anderen Zahlen verlieren",
                cells(subset)
            ),
            (_, Lang::En) => format!(
                "{house} the {ds} has no place but {ex}: one of them is {ds}, and then the other cannot hold the other digit of the pair without completing the pattern"
            ),
            (_, Lang::De) => format!(
                "{house} hat die {ds} keinen Platz außer {ex}: Eine davon ist die {ds}, und die andere kann dann die andere Zahl des Paares nicht enthalten, ohne das Muster zu vollenden"
            ),
        };
        Some(intro_why_so(&intro, &why, &step.eliminations, lang))
    }

    /// Explains a unique loop closed by strong links (the seed's types 4A–8C on
    /// a loop): the assumed candidate would settle every loop cell on the pair.
    pub(crate) fn strong_links(
        step: &Step,
        name: &str,
        lp: &[Cell],
        pair: DigitSet,
        links: &[StrongLink],
        lang: Lang,
    ) -> Option<String> {
        let assumed = step.eliminations.first()?;
        let (cell, x) = (assumed.cell, assumed.digit);
        let path: Vec<String> = lp.iter().map(|c| c.to_string()).collect();
        let path = path.join("–");
        let n = lp.len();
        let pair_s = digits(pair, lang);
        let settled: Vec<String> = links
            .iter()
            .map(|&(h, y, c)| match lang {
                Lang::En => format!(
                    "{c} would be {y}, the only place for {y} left {}",
                    in_house(h, lang)
                ),
                Lang::De => format!(
                    "{c} wäre die {y}, der einzige Platz, der {} für die {y} bleibt",
                    in_house(h, lang)
                ),
            })
            .collect();
        let settled = and_list(&settled, lang);
        let gone = so(&removal(&step.eliminations, lang), lang);
        Some(match lang {
            Lang::En => format!(
                "{name}: the {n} cells {path} (back to the start), none a given, every house they touch holding two of them. Were they all only {pair_s}, the two digits could be swapped along the loop and the puzzle would have a second solution; it has only one. If {cell} were {x}, the loop's cells would take {pair_s} in turn: each cell holding only {pair_s} takes the digit its neighbour does not hold, and {settled}. Every loop cell would then hold only {pair_s}; {gone}"
            ),
            Lang::De => format!(
                "{name}: die {n} Zellen {path} (zurück zum Anfang), kein Given darunter, jede berührte Gruppe enthält zwei davon. Enthielten alle nur {pair_s}, ließen sich die beiden Zahlen entlang der Schleife vertauschen und das Puzzle hätte eine zweite Lösung; es hat nur eine. Wäre {cell} die {x}, bekämen die Zellen der Schleife abwechselnd {pair_s}: Jede Zelle mit nur {pair_s} bekommt die Zahl, die ihr Nachbar nicht hat, und {settled}. Dann enthielte jede Zelle der Schleife nur {pair_s}; {gone}"
            ),
        })
    }

    impl Describe for super::UniqueLoop {
        fn text(&self, step: &Step, at: &Telling<'_>) -> Option<String> {
            unique_loop(
                step,
                at.name,
                (&self.cells, self.kind),
                (self.pair, self.extra_cells, self.digits),
                (self.subset, self.house, &self.links),
                (&self.restored, at.before),
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

    fn loop_len(s: &Step) -> usize {
        match &s.detail {
            Detail::UniqueLoop(UniqueLoop { cells, .. }) => cells.len(),
            _ => 0,
        }
    }

    /// An empty grid of `variant` taken as unique, with the bivalue 12 cells
    /// r1c1 r1c4 r2c4 r2c7 r3c7 and r3c1 with 1, 2, 5 (two of them in every
    /// row, column and box they touch); and those six cells.
    fn six_cell_loop(variant: Variant) -> (Candidates, CellSet) {
        let mut pos = position(&".".repeat(81), variant);
        pos.assume_unique(true);
        let names = ["r1c1", "r1c4", "r2c4", "r2c7", "r3c7", "r3c1"];
        let mut six = CellSet::EMPTY;
        for (i, name) in names.iter().enumerate() {
            let b = name.as_bytes();
            let cell = Cell::at((b[1] - b'1') as usize, (b[3] - b'1') as usize).expect("cell");
            six.insert(cell);
            for d in 3..=9 {
                if i == 5 && d == 5 {
                    continue;
                }
                pos.eliminate(cell, Digit::new(d).expect("digit"))
                    .expect("written");
            }
        }
        (pos, six)
    }

    #[test]
    fn a_six_cell_loop_of_type_one() {
        let (pos, six) = six_cell_loop(Variant::Standard);
        let steps = run(find, &pos);
        let hit = steps.iter().find(|s| loop_len(s) == 6 && s.cells == six);
        let hit = hit.expect("the six-cell loop");
        assert_eq!(eliminations(hit), "r3c1-1 r3c1-2");
        // The seed: a 6-loop scores its rectangle type's 4 points plus 3.
        assert_eq!(hit.points, 7.0);
        assert!(matches!(
            hit.detail,
            Detail::UniqueLoop(UniqueLoop {
                kind: LoopKind::Type1,
                ..
            })
        ));
    }

    #[test]
    fn the_core_keeps_loop_cells_and_drops_cells_alone_in_a_house() {
        let cell = |r: usize, c: usize| Cell::at(r - 1, c - 1).expect("cell");
        let six: CellSet = [(1, 1), (1, 4), (2, 4), (2, 7), (3, 7), (3, 1)]
            .iter()
            .map(|&(r, c)| cell(r, c))
            .collect();
        assert_eq!(loop_core(Variant::Standard, six), six);
        // r5c5 is alone in its row, column and box.
        let mut holders = six;
        holders.insert(cell(5, 5));
        assert_eq!(loop_core(Variant::Standard, holders), six);
        // r9c9 is alone in row 9; once it is gone r1c9 is alone in column 9.
        holders.insert(cell(1, 9));
        holders.insert(cell(9, 9));
        assert_eq!(loop_core(Variant::Standard, holders), six);
        // In X-Sudoku r1c1 is alone on one diagonal and r3c7 on the other:
        // with them gone the rest falls apart.
        assert_eq!(loop_core(Variant::Diagonal, six), CellSet::EMPTY);
    }

    #[test]
    fn the_seeds_points_grow_by_three_per_two_cells() {
        let none = CellSet::EMPTY;
        assert_eq!(seed_points(LoopKind::Type1, 4, none), 4.0);
        assert_eq!(seed_points(LoopKind::Type1, 6, none), 7.0);
        assert_eq!(seed_points(LoopKind::Type2, 8, none), 10.0);
        assert_eq!(seed_points(LoopKind::Type4, 10, none), 16.0);
        // Type 3 with a quasi triple (two other cells) in a 6-loop: 8 + 3.
        let two: CellSet = [0, 1]
            .iter()
            .map(|&i| Cell::new(i).expect("cell"))
            .collect();
        assert_eq!(seed_points(LoopKind::Type3Naked, 6, two), 11.0);
    }

    #[test]
    fn the_seeds_diagonal_exception() {
        // In X-Sudoku a loop with one cell on a diagonal is no deadly
        // pattern (the swap would put the other digit on the diagonal twice):
        // the 6-loop of the standard test above has r1c1 on the main
        // diagonal and is not reported there.
        let (pos, _) = six_cell_loop(Variant::Diagonal);
        let r1c1 = Cell::new(0).expect("cell");
        for s in run(find, &pos) {
            assert!(!s.cells.contains(r1c1), "{s:?}");
        }
    }

    #[test]
    fn nothing_without_the_premise_or_on_an_empty_grid() {
        let pos = position(&".".repeat(81), Variant::Standard);
        assert!(run(find, &pos).is_empty());
        let mut pos = pos;
        pos.assume_unique(true);
        assert!(run(find, &pos).is_empty());
    }

    #[test]
    fn combinations_in_mask_order() {
        assert_eq!(
            combinations(2, 3).collect::<Vec<_>>(),
            [0b011, 0b101, 0b110]
        );
        for n in 0..=9 {
            for k in 0..=n + 1 {
                let plain: Vec<u32> = (0u32..1 << n)
                    .filter(|m| m.count_ones() as usize == k)
                    .collect();
                assert_eq!(combinations(k, n).collect::<Vec<_>>(), plain, "{k} of {n}");
            }
        }
    }
}
