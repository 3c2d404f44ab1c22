//! Nested rules for the higher chaining levels (SE's "Dynamic Forcing Chains
//! (+)" and nested forcing chains): when a run has nothing pending, other
//! techniques are tried on the board the run has reduced, and their
//! eliminations become off-literals whose parents are the run's removals the
//! technique needed (a deduction already possible without them adds nothing).
//!
//! The rules of a level, in SE's order; the first that finds a deduction
//! resting on the run supplies all such deductions:
//! * level 1: locked candidates, hidden pairs, naked pairs, X-wings;
//! * level 2: those, then static forcing chains and cycles;
//! * level 3: those, then static cell and region forcing chains;
//! * level 4: the four basic rules, then dynamic forcing chains;
//! * level 5 and up: those, then the dynamic chains of level − 3.
//!
//! A nested chain rests on the run's removals that its naked and hidden
//! singles needed (a cell forcing chain's cell, a region forcing chain's
//! house count as such singles); its hint is kept with the run, and its
//! complexity adds to the complexity of every hint that uses it.
//!
//! SE lists a locked-candidates or subset deduction's eliminations in a hash
//! order of its cell objects that no other program can reproduce; here they
//! come in cell order (a nested chain's come in SE's order).

use super::board::{Board, Geometry, cells_of, digits_of};
use super::engine::{Chain, Engine, NONE, RawCause, key};
use super::hint::{ChainHint, Sink};
use super::multiple::{Buffers, Config, Kinds};
use crate::implication::{Cause, ForcingKind};
use crate::step::Detail;
use crate::technique::Technique;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// Rule numbers kept in [`RawCause::Advanced`].
const POINTING: u8 = 0;
const CLAIMING: u8 = 1;
const HIDDEN_PAIR: u8 = 2;
const NAKED_PAIR: u8 = 3;
const X_WING: u8 = 4;
/// A nested chain (its technique is the nested hint's).
pub(crate) const CHAIN: u8 = 5;

/// Our technique for a nested rule number (a nested chain's own technique is
/// that of its hint).
pub(crate) fn technique_of(rule: u8) -> Technique {
    match rule {
        POINTING => Technique::Pointing,
        CLAIMING => Technique::Claiming,
        HIDDEN_PAIR => Technique::HiddenPair,
        NAKED_PAIR => Technique::NakedPair,
        X_WING => Technique::XWing,
        _ => Technique::ForcingChain,
    }
}

/// One deduction of a nested rule: eliminations and the removals it needs.
struct Found {
    rule: u8,
    /// Candidate indices `cell * 9 + digit` removed, in cell order.
    removes: Vec<u16>,
    /// Off-literal keys of the run it rests on.
    parents: Vec<usize>,
    /// The nested chain hint, for chain rules.
    hint: Option<Rc<ChainHint>>,
}

/// A chaining producer used as a nested rule.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Nested {
    /// SE's "Forcing Chains & Cycles" (static).
    Unary,
    /// A multiple-chain producer.
    Multiple { dynamic: bool, level: u8 },
}

/// The chaining rules of `level` after the four basic ones.
fn chain_rules(level: u8) -> &'static [Nested] {
    const L2: [Nested; 1] = [Nested::Unary];
    const L3: [Nested; 2] = [
        Nested::Unary,
        Nested::Multiple {
            dynamic: false,
            level: 0,
        },
    ];
    const L4: [Nested; 1] = [Nested::Multiple {
        dynamic: true,
        level: 0,
    }];
    const L5: [Nested; 2] = [
        Nested::Multiple {
            dynamic: true,
            level: 0,
        },
        Nested::Multiple {
            dynamic: true,
            level: 2,
        },
    ];
    match level {
        0 | 1 => &[],
        2 => &L2,
        3 => &L3,
        4 => &L4,
        _ => &L5,
    }
}

/// Nested searches already made, by producer, variant (its house count) and
/// board. A nested search depends on nothing else, and the same reduced
/// board recurs often: two assumptions that imply each other end their
/// propagations alike, and the next level's producer meets every board its
/// runs reach before their first nested deduction again.
type NestedKey = (Nested, usize, [u16; 81]);

/// At most this many nested searches are remembered per thread.
const NESTED_CACHE: usize = 4096;

thread_local! {
    static CACHE: RefCell<HashMap<NestedKey, Rc<Vec<Rc<ChainHint>>>>> = RefCell::new(HashMap::new());
}

/// The hints of a nested chaining producer on `board`, in SE's order
/// (remembered: see [`NestedKey`]).
fn nested_hints(geo: &Geometry, board: &Board, rule: Nested) -> Rc<Vec<Rc<ChainHint>>> {
    let key = (rule, geo.houses.len(), board.cells);
    if let Some(h) = CACHE.with(|c| c.borrow().get(&key).cloned()) {
        return h;
    }
    let hints = Rc::new(
        search_nested(geo, board, rule)
            .into_iter()
            .map(Rc::new)
            .collect::<Vec<_>>(),
    );
    CACHE.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() >= NESTED_CACHE {
            c.clear();
        }
        c.insert(key, Rc::clone(&hints));
    });
    hints
}

/// Runs a nested chaining producer on `board`.
fn search_nested(geo: &Geometry, board: &Board, rule: Nested) -> Vec<ChainHint> {
    let mut sink = Sink::new(true);
    let mut buf = Buffers::take();
    match rule {
        Nested::Unary => super::unary::find(geo, board, &mut sink, buf.spare()),
        Nested::Multiple { dynamic, level } => {
            let cfg = Config {
                multiple: true,
                dynamic,
                nishio: false,
                level,
                kinds: Kinds::ALL,
                techniques: if level > 0 {
                    [Technique::NestedForcingChain; 4]
                } else if dynamic {
                    [
                        Technique::ContradictionForcingChain,
                        Technique::DoubleImplicationChain,
                        Technique::DynamicForcingChain,
                        Technique::DynamicForcingChain,
                    ]
                } else {
                    [
                        Technique::CellForcingChain,
                        Technique::CellForcingChain,
                        Technique::CellForcingChain,
                        Technique::RegionForcingChain,
                    ]
                },
            };
            super::multiple::find(geo, board, &cfg, &mut sink, &mut buf);
        }
    }
    buf.give();
    sink.finish()
}

/// The run's removals a nested chain hint rests on (off-literal keys, each
/// once): for every on-node forced as a naked single, the cell's candidates
/// the run has removed; for a hidden single, the house's places of the digit
/// the run has removed. A cell forcing chain's assumptions count as naked
/// singles of its cell, a region forcing chain's as hidden singles in its
/// house.
fn chain_parents(geo: &Geometry, orig: &Board, board: &Board, h: &ChainHint) -> Vec<usize> {
    let Detail::Forcing(f) = &h.step.detail else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut seen = [0u128; 9];
    let mut add = |c: usize, d: usize, out: &mut Vec<usize>| {
        if seen[d] >> c & 1 == 0 {
            seen[d] |= 1u128 << c;
            out.push(key(c, d, false));
        }
    };
    for b in &f.branches {
        for n in &b.nodes {
            if !n.literal.on {
                continue;
            }
            let (c, d) = (n.literal.cell.index(), n.literal.digit.index());
            let house = match (n.cause, f.kind) {
                (Cause::NakedSingle, _) | (Cause::Assumption, ForcingKind::Cell { .. }) => None,
                (Cause::HiddenSingle(hh), _)
                | (Cause::Assumption, ForcingKind::Region { house: hh, .. }) => Some(hh),
                _ => continue,
            };
            match house {
                None => {
                    for e in digits_of(orig.cells[c] & !board.cells[c]) {
                        add(c, e, &mut out);
                    }
                }
                Some(hh) => {
                    let m = geo.mask[hh.index()] & orig.digits[d] & !board.digits[d];
                    for x in cells_of(m) {
                        add(x, d, &mut out);
                    }
                }
            }
        }
    }
    out
}

/// A basic nested rule: geometry, the run's starting board, its current board.
type BasicRule = fn(&Geometry, &Board, &Board, &mut Vec<Found>);

/// Adds the off-literals the level's nested rules find; whether any was added.
pub(crate) fn add_potentials(eng: &mut Engine, chain: &mut Chain) -> bool {
    // Nested searches are the slowest part of a walk: stop expanding once
    // the caller's interrupt fired (its result is dropped).
    if sudoku_core::interrupt::requested() {
        return false;
    }
    let mut found = Vec::new();
    let rules: [BasicRule; 4] = [locking, hidden_pairs, naked_pairs, x_wings];
    for rule in rules {
        rule(eng.geo, &eng.orig, &eng.board, &mut found);
        if !found.is_empty() {
            break;
        }
    }
    if found.is_empty() {
        for &rule in chain_rules(eng.rules.level) {
            for h in nested_hints(eng.geo, &eng.board, rule).iter() {
                let parents = chain_parents(eng.geo, &eng.orig, &eng.board, h);
                if parents.is_empty() {
                    continue;
                }
                let removes = h
                    .step
                    .eliminations
                    .iter()
                    .map(|e| (e.cell.index() * 9 + e.digit.index()) as u16)
                    .collect();
                found.push(Found {
                    rule: CHAIN,
                    removes,
                    parents,
                    hint: Some(Rc::clone(h)),
                });
            }
            if !found.is_empty() {
                break;
            }
        }
    }
    let mut added = false;
    let mut parents = Vec::new();
    for f in found {
        parents.clear();
        parents.extend(f.parents.iter().filter_map(|&k| chain.get(k)));
        let nested = match f.hint {
            Some(h) => {
                chain.nested.push(h);
                (chain.nested.len() - 1) as u32
            }
            None => NONE,
        };
        for &r in &f.removes {
            let k = key(r as usize / 9, r as usize % 9, false);
            if !chain.contains(k) {
                chain.add(
                    k,
                    RawCause::Advanced {
                        rule: f.rule,
                        nested,
                    },
                    &parents,
                );
                added = true;
            }
        }
    }
    added
}

/// Pairs of indices below `n` in SE's order (by the larger, then the smaller).
fn pairs(n: usize) -> impl Iterator<Item = (usize, usize)> {
    (1..n).flat_map(|b| (0..b).map(move |a| (a, b)))
}

fn locking(geo: &Geometry, orig: &Board, board: &Board, out: &mut Vec<Found>) {
    let (boxes, rows, cols, ext) = (&geo.boxes, &geo.rows, &geo.cols, &geo.extras);
    let all_std: Vec<usize> = if ext.is_empty() {
        Vec::new()
    } else {
        boxes.iter().chain(rows).chain(cols).copied().collect()
    };
    let mut orders: [(&[usize], &[usize]); 6] = [
        (boxes, cols),
        (boxes, rows),
        (cols, boxes),
        (rows, boxes),
        (&[], &[]),
        (&[], &[]),
    ];
    if !ext.is_empty() {
        orders[4] = (ext, &all_std);
        orders[5] = (&all_std, ext);
    }
    for (t1, t2) in orders {
        for &r1 in t1 {
            for &r2 in t2 {
                let (m1, m2) = (geo.mask[r1], geo.mask[r2]);
                if r1 == r2 || m1 & m2 == 0 {
                    continue;
                }
                for v in 0..9 {
                    let pos = m1 & board.digits[v];
                    if pos.count_ones() <= 1 || pos & !m2 != 0 {
                        continue;
                    }
                    let rem = m2 & !m1 & board.digits[v];
                    if rem == 0 {
                        continue;
                    }
                    let lost = m1 & !m2 & orig.digits[v] & !board.digits[v];
                    if lost == 0 {
                        continue;
                    }
                    let is_box = boxes.contains(&r1);
                    out.push(Found {
                        rule: if is_box { POINTING } else { CLAIMING },
                        removes: cells_of(rem).map(|c| (c * 9 + v) as u16).collect(),
                        parents: cells_of(lost).map(|c| key(c, v, false)).collect(),
                        hint: None,
                    });
                }
            }
        }
    }
}

/// Houses in SE's order for subsets: boxes, columns, rows, then the rest.
fn subset_houses(geo: &Geometry) -> impl Iterator<Item = usize> + '_ {
    geo.boxes
        .iter()
        .chain(&geo.cols)
        .chain(&geo.rows)
        .chain(&geo.extras)
        .copied()
}

fn hidden_pairs(geo: &Geometry, orig: &Board, board: &Board, out: &mut Vec<Found>) {
    for h in subset_houses(geo) {
        let m = geo.mask[h];
        if (m & board.empty).count_ones() <= 4 {
            continue;
        }
        for (a, b) in pairs(9) {
            let (pa, pb) = (m & board.digits[a], m & board.digits[b]);
            if pa.count_ones() < 2 || pb.count_ones() < 2 || (pa | pb).count_ones() != 2 {
                continue;
            }
            let cells = pa | pb;
            let keep = (1u16 << a) | (1 << b);
            let mut removes = Vec::new();
            for c in cells_of(cells) {
                for e in digits_of(board.cells[c] & !keep) {
                    removes.push((c * 9 + e) as u16);
                }
            }
            if removes.is_empty() {
                continue;
            }
            let mut parents = Vec::new();
            for c in cells_of(m & !cells) {
                for d in [a, b] {
                    if orig.cells[c] >> d & 1 != 0 {
                        parents.push(key(c, d, false));
                    }
                }
            }
            if !parents.is_empty() {
                out.push(Found {
                    rule: HIDDEN_PAIR,
                    removes,
                    parents,
                    hint: None,
                });
            }
        }
    }
}

fn naked_pairs(geo: &Geometry, orig: &Board, board: &Board, out: &mut Vec<Found>) {
    for h in subset_houses(geo) {
        let m = geo.mask[h];
        if (m & board.empty).count_ones() < 4 {
            continue;
        }
        let mut cells = [0usize; 81];
        let mut n = 0;
        for c in cells_of(m) {
            cells[n] = c;
            n += 1;
        }
        for (i, j) in pairs(n) {
            let (x, y) = (cells[i], cells[j]);
            let (cx, cy) = (board.cells[x], board.cells[y]);
            if cx.count_ones() < 2 || cy.count_ones() < 2 || (cx | cy).count_ones() != 2 {
                continue;
            }
            let vals = cx | cy;
            let mut removes = Vec::new();
            for c in cells_of(m & !(1u128 << x) & !(1u128 << y)) {
                for e in digits_of(board.cells[c] & vals) {
                    removes.push((c * 9 + e) as u16);
                }
            }
            if removes.is_empty() {
                continue;
            }
            let mut parents = Vec::new();
            for c in [x, y] {
                for e in digits_of(orig.cells[c] & !vals) {
                    parents.push(key(c, e, false));
                }
            }
            if !parents.is_empty() {
                out.push(Found {
                    rule: NAKED_PAIR,
                    removes,
                    parents,
                    hint: None,
                });
            }
        }
    }
}

fn x_wings(geo: &Geometry, orig: &Board, board: &Board, out: &mut Vec<Found>) {
    let (rows, cols) = (&geo.rows, &geo.cols);
    if rows.len() != 9 || cols.len() != 9 {
        return;
    }
    for (base, cover) in [(cols, rows), (rows, cols)] {
        for (i, j) in pairs(9) {
            for v in 0..9 {
                if board.placed[v] as usize + 4 > 9 {
                    continue;
                }
                let (bi, bj) = (geo.mask[base[i]], geo.mask[base[j]]);
                let (pi, pj) = (bi & board.digits[v], bj & board.digits[v]);
                if pi.count_ones() < 2 || pj.count_ones() < 2 {
                    continue;
                }
                // The cover lines through the base candidates.
                let mut covers = cover
                    .iter()
                    .copied()
                    .filter(|&c| geo.mask[c] & (pi | pj) != 0);
                let (Some(c1), Some(c2), None) = (covers.next(), covers.next(), covers.next())
                else {
                    continue;
                };
                let cm = geo.mask[c1] | geo.mask[c2];
                let rem = cm & !(bi | bj) & board.digits[v];
                if rem == 0 {
                    continue;
                }
                let parents: Vec<usize> =
                    cells_of((bi | bj) & !cm & orig.digits[v] & !board.digits[v])
                        .map(|c| key(c, v, false))
                        .collect();
                if parents.is_empty() {
                    continue;
                }
                out.push(Found {
                    rule: X_WING,
                    removes: cells_of(rem).map(|c| (c * 9 + v) as u16).collect(),
                    parents,
                    hint: None,
                });
            }
        }
    }
}
