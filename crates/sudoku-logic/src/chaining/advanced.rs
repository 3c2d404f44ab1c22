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

use super::board::{Board, Geometry, cells_of, digits_of, two_cells};
use super::engine::{Chain, Engine, NONE, RawCause, Rules, key};
use super::hint::{ChainHint, Sink};
use super::multiple::{Buffers, Config, Kinds};
use crate::fast_hash::FastMap;
use crate::implication::{Cause, ForcingKind};
use crate::step::Detail;
use crate::technique::Technique;
use std::cell::RefCell;
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

/// Whether a run under `longer` continues, where it ends quiet, a run
/// under `shorter` (see [`super::engine::Engine::resume`]): the same links,
/// and the nested rules of `shorter` (none at level 0, else the basic ones
/// and then its chain rules) a prefix of those of `longer`.
pub(crate) fn extends(longer: Rules, shorter: Rules) -> bool {
    longer.dynamic == shorter.dynamic
        && longer.y_links == shorter.y_links
        && longer.level > shorter.level
        && chain_rules(longer.level).starts_with(chain_rules(shorter.level))
}

/// The static cell and region forcing chains, nested at level 3.
const STATIC_MULTIPLE: Nested = Nested::Multiple {
    dynamic: false,
    level: 0,
};

/// The chaining rules of `level` after the four basic ones.
fn chain_rules(level: u8) -> &'static [Nested] {
    const L2: [Nested; 1] = [Nested::Unary];
    const L3: [Nested; 2] = [Nested::Unary, STATIC_MULTIPLE];
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

/// At most this many nested searches are remembered per thread. Since the
/// searches that can find nothing resting on the run are skipped (see
/// `new_links.rs`), what is kept are long hint lists: 4,096 of them took the
/// heaviest 1106 puzzles to 232 MB, 2,048 keep them at 173 MB at the same
/// speed.
const NESTED_CACHE: usize = 2048;

thread_local! {
    static CACHE: RefCell<FastMap<NestedKey, Rc<Vec<Rc<ChainHint>>>>> = RefCell::new(FastMap::default());
}

/// The hints of a nested chaining producer on `board`, a board of a run
/// from `orig`, in SE's order (remembered: see [`NestedKey`]); `None` when
/// the static chains are not searched because none can rest on the run.
///
/// A static chain search not yet made is screened first (see
/// `new_links.rs`): where the run's start has no static finding, it walks
/// only from the literals a finding resting on the run may start from, and
/// its hints are the full search's all the same, so they are remembered
/// alike.
fn nested_hints(
    geo: &Geometry,
    orig: &Board,
    board: &Board,
    rule: Nested,
) -> Option<Rc<Vec<Rc<ChainHint>>>> {
    let key = (rule, geo.houses.len(), board.cells);
    if let Some(h) = CACHE.with(|c| c.borrow().get(&key).cloned()) {
        return Some(h);
    }
    let mut only = None;
    let mut groups = None;
    if rule == Nested::Unary {
        if super::unary::finds_nothing(geo, orig) {
            only = Some(super::new_links::sources(geo, orig, board)?);
        } else if !super::new_links::may_rest_on_run(geo, orig, board) {
            return None;
        }
    } else if rule == STATIC_MULTIPLE {
        groups = Some(super::new_links::groups(geo, orig, board)?);
    }
    let hints = Rc::new(
        search_nested(geo, board, rule, only.as_ref(), groups)
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
    Some(hints)
}

/// Runs a nested chaining producer on `board`.
fn search_nested(
    geo: &Geometry,
    board: &Board,
    rule: Nested,
    only: Option<&super::new_links::Sources>,
    groups: Option<Box<super::new_links::Groups>>,
) -> Vec<ChainHint> {
    let mut sink = Sink::new(true);
    let mut buf = Buffers::take();
    match rule {
        Nested::Unary => super::unary::find_from(geo, board, &mut sink, buf.spare(), only),
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
            super::multiple::find_in(geo, board, &cfg, &mut sink, &mut buf, groups);
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

/// A basic nested rule: what it finds in `board` (a run's position) that
/// rests on removals from `orig` (where the run started), looking only where
/// `changed` (places of each digit removed since the rule was last asked in
/// the run) touches — see [`add_potentials`].
type BasicRule = fn(&Geometry, &Board, &Board, &[u128; 9], &mut Vec<Found>);

/// Adds the off-literals the level's nested rules find; whether any was added.
pub(crate) fn add_potentials(eng: &mut Engine, chain: &mut Chain) -> bool {
    // Nested searches are the slowest part of a walk: stop expanding once
    // the caller's interrupt fired (its result is dropped).
    if sudoku_core::interrupt::requested() {
        return false;
    }
    // A basic rule asked again in the same run can only find something
    // where a place of a digit it reads has gone since it was last asked:
    // what it found then has been applied (the run removes what it adds
    // before it asks again), and what it did not find then it still does not
    // find where nothing changed (its pattern, its removals and its parents
    // read only those places and the run's start). Its first question reads
    // the removals since the start, as every finding needs one as a parent.
    // So each rule looks only where its places changed; the findings, and
    // their order, are those of a full search.
    let mut found = Vec::new();
    let rules: [BasicRule; 4] = [locking, hidden_pairs, naked_pairs, x_wings];
    for (i, rule) in rules.into_iter().enumerate() {
        #[allow(unused_mut)]
        let mut changed: [u128; 9] =
            std::array::from_fn(|v| eng.asked[i][v] & !eng.board.digits[v]);
        #[cfg(test)]
        if eng.full_basic {
            changed = [!0; 9];
        }
        eng.asked[i] = eng.board.digits;
        if changed.iter().all(|&m| m == 0) {
            continue;
        }
        rule(eng.geo, &eng.orig, &eng.board, &changed, &mut found);
        if !found.is_empty() {
            break;
        }
    }
    if found.is_empty() {
        for &rule in chain_rules(eng.rules.level) {
            // Most runs end where no static chain can rest on them: the
            // search is skipped there (its findings would all be dropped).
            let Some(hints) = nested_hints(eng.geo, &eng.orig, &eng.board, rule) else {
                continue;
            };
            for h in hints.iter() {
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

fn locking(geo: &Geometry, orig: &Board, board: &Board, changed: &[u128; 9], out: &mut Vec<Found>) {
    let any_changed = changed.iter().fold(0, |a, &m| a | m);
    // The digits with changed places (in order, as the loop over all nine).
    let digits = (0..9).fold(0u16, |a, v| a | u16::from(changed[v] != 0) << v);
    // Per house (global index), the digits with changed places in it.
    let mut touched = [0u16; sudoku_core::House::COUNT];
    for &h in &geo.houses {
        let m = geo.mask[h as usize];
        if m & any_changed != 0 {
            touched[h as usize] =
                digits_of(digits).fold(0, |a, v| a | u16::from(changed[v] & m != 0) << v);
        }
    }
    for m in &geo.locking {
        // The digits with a changed place in either house, in order.
        let asked = touched[m.first as usize] | touched[m.second as usize];
        if asked == 0 {
            continue;
        }
        for v in digits_of(asked) {
            // Two places or more in the first house, all where it meets
            // the second.
            let places = board.digits[v];
            if places & m.first_only != 0 || (places & m.both).count_ones() <= 1 {
                continue;
            }
            let rem = m.second_only & places;
            if rem == 0 {
                continue;
            }
            let lost = m.first_only & orig.digits[v] & !places;
            if lost == 0 {
                continue;
            }
            out.push(Found {
                rule: if m.is_box { POINTING } else { CLAIMING },
                removes: cells_of(rem).map(|c| (c * 9 + v) as u16).collect(),
                parents: cells_of(lost).map(|c| key(c, v, false)).collect(),
                hint: None,
            });
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

fn hidden_pairs(
    geo: &Geometry,
    orig: &Board,
    board: &Board,
    changed: &[u128; 9],
    out: &mut Vec<Found>,
) {
    let any_changed = changed.iter().fold(0u128, |a, &c| a | c);
    let digits = (0..9).fold(0u16, |a, v| a | u16::from(changed[v] != 0) << v);
    for h in subset_houses(geo) {
        let m = geo.mask[h];
        if m & any_changed == 0 || (m & board.empty).count_ones() <= 4 {
            continue;
        }
        // The digits whose places in the house changed: the pair reads only
        // its two digits' places there.
        let touched = digits_of(digits).fold(0u16, |a, v| a | u16::from(changed[v] & m != 0) << v);
        if touched == 0 {
            continue;
        }
        // A hidden pair's digits have two places each in the house, the
        // same two; pairs of them in SE's order (by the larger digit, then
        // the smaller).
        let two = (0..9).fold(0u16, |a, v| {
            a | u16::from(two_cells(m & board.digits[v])) << v
        });
        for b in digits_of(two) {
            for a in digits_of(two & ((1 << b) - 1)) {
                if (touched >> a | touched >> b) & 1 == 0 {
                    continue;
                }
                if m & board.digits[a] == m & board.digits[b] {
                    hidden_pair(orig, board, m, (a, b), out);
                }
            }
        }
    }
}

/// The hidden pair of digits `a` and `b` in the house with cells `m`, whose
/// places there are the same two cells: found if it removes something and
/// rests on a removal.
fn hidden_pair(orig: &Board, board: &Board, m: u128, (a, b): (usize, usize), out: &mut Vec<Found>) {
    let cells = m & board.digits[a];
    let keep = (1u16 << a) | (1 << b);
    let mut removes = Vec::new();
    for c in cells_of(cells) {
        for e in digits_of(board.cells[c] & !keep) {
            removes.push((c * 9 + e) as u16);
        }
    }
    if removes.is_empty() {
        return;
    }
    let mut parents = Vec::new();
    for c in cells_of(m & !cells) {
        for d in [a, b] {
            if orig.cells[c] >> d & 1 != 0 {
                parents.push(key(c, d, false));
            }
        }
    }
    push_pair(out, HIDDEN_PAIR, removes, parents);
}

/// Records a pair that removes something, if it rests on a removal.
fn push_pair(out: &mut Vec<Found>, rule: u8, removes: Vec<u16>, parents: Vec<usize>) {
    if !parents.is_empty() {
        out.push(Found {
            rule,
            removes,
            parents,
            hint: None,
        });
    }
}

fn naked_pairs(
    geo: &Geometry,
    orig: &Board,
    board: &Board,
    changed: &[u128; 9],
    out: &mut Vec<Found>,
) {
    // The cells that lost a candidate: the pair reads only its two cells.
    let cells_changed = changed.iter().fold(0, |a, &m| a | m);
    // The bivalue cells of the board, found when a house first asks.
    let mut all_bivalue = None;
    for h in subset_houses(geo) {
        let m = geo.mask[h];
        if (m & board.empty).count_ones() < 4 || m & cells_changed == 0 {
            continue;
        }
        // A naked pair is two bivalue cells with the same candidates; pairs
        // of them in SE's order (by the later cell, then the earlier).
        let bivalue = m & *all_bivalue.get_or_insert_with(|| board.bivalue_cells());
        for y in cells_of(bivalue) {
            for x in cells_of(bivalue & ((1u128 << y) - 1)) {
                if (cells_changed >> x | cells_changed >> y) & 1 == 0
                    || board.cells[x] != board.cells[y]
                {
                    continue;
                }
                naked_pair(orig, board, m, (x, y), out);
            }
        }
    }
}

/// The naked pair of the bivalue cells `x` and `y` (the same two candidates)
/// in the house with cells `m`: found if it removes something and rests on
/// a removal.
fn naked_pair(orig: &Board, board: &Board, m: u128, (x, y): (usize, usize), out: &mut Vec<Found>) {
    let vals = board.cells[x];
    let mut removes = Vec::new();
    for c in cells_of(m & !(1u128 << x) & !(1u128 << y)) {
        for e in digits_of(board.cells[c] & vals) {
            removes.push((c * 9 + e) as u16);
        }
    }
    if removes.is_empty() {
        return;
    }
    let mut parents = Vec::new();
    for c in [x, y] {
        for e in digits_of(orig.cells[c] & !vals) {
            parents.push(key(c, e, false));
        }
    }
    push_pair(out, NAKED_PAIR, removes, parents);
}

fn x_wings(geo: &Geometry, orig: &Board, board: &Board, changed: &[u128; 9], out: &mut Vec<Found>) {
    let (rows, cols) = (&geo.rows, &geo.cols);
    if rows.len() != 9 || cols.len() != 9 {
        return;
    }
    // The digits that may still form an X-wing (at most five placed).
    let open = (0..9).fold(0u16, |a, v| {
        a | u16::from(board.placed[v] as usize + 4 <= 9) << v
    });
    for (base, cover) in [(cols, rows), (rows, cols)] {
        // Per base line, the open digits whose places on it changed: an
        // X-wing reads only its base lines' places (and its removals, which
        // only shrink).
        let mut touched = [0u16; 9];
        for v in digits_of(open) {
            if changed[v] == 0 {
                continue;
            }
            for (t, &b) in touched.iter_mut().zip(base.iter()) {
                *t |= u16::from(changed[v] & geo.mask[b] != 0) << v;
            }
        }
        // Per base line, the digits with two places on it (more span more
        // than two cover lines): both base lines of an X-wing have two.
        let mut two = [0u16; 9];
        if touched.iter().any(|&t| t != 0) {
            for (t, &b) in two.iter_mut().zip(base.iter()) {
                for v in digits_of(open) {
                    *t |= u16::from(two_cells(geo.mask[b] & board.digits[v])) << v;
                }
            }
        }
        for (i, j) in pairs(9) {
            for v in digits_of((touched[i] | touched[j]) & two[i] & two[j]) {
                let (bi, bj) = (geo.mask[base[i]], geo.mask[base[j]]);
                let (pi, pj) = (bi & board.digits[v], bj & board.digits[v]);
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

#[cfg(test)]
mod tests {
    use crate::chaining::board::digits_of;
    use crate::chaining::engine::{Chain, Engine, Rules};
    use crate::technique::Technique;

    /// The basic rules asked only where a run's places changed since they
    /// were last asked build the same runs (nodes, causes, parents and
    /// contradictions) as the rules asked everywhere every time.
    #[test]
    fn basic_rules_asked_where_changed_build_the_same_runs() {
        let rules = Rules {
            dynamic: true,
            y_links: true,
            level: 1,
        };
        let (mut a, mut b) = (Chain::new(), Chain::new());
        let mut advanced = 0;
        for (geo, board) in crate::chaining::fixpoint::tests::boards() {
            let mut lean = Engine::new(&geo, board, rules);
            let mut full = Engine::new(&geo, board, rules);
            full.full_basic = true;
            for c in 0..81 {
                for d in digits_of(board.cells[c]) {
                    for on in [true, false] {
                        let clash = lean.run(&mut a, c, d, on);
                        assert_eq!(clash, full.run(&mut b, c, d, on), "{c} {d} {on}");
                        assert_eq!(a.nodes.len(), b.nodes.len(), "{c} {d} {on}");
                        for (i, (x, y)) in a.nodes.iter().zip(&b.nodes).enumerate() {
                            assert_eq!((x.key, x.cause), (y.key, y.cause), "{c} {d} {on}");
                            assert_eq!(a.parents_of(i as u32), b.parents_of(i as u32));
                            advanced += usize::from(matches!(
                                x.cause,
                                crate::chaining::engine::RawCause::Advanced { .. }
                            ));
                        }
                    }
                }
            }
        }
        assert!(advanced > 1000, "{advanced} nodes from basic rules");
    }

    /// A run resumed where a run under fewer nested rules ended quiet is
    /// the run under the full rules (nodes, causes, parents, contradiction),
    /// for each pair of levels the searches resume between; and the pairs
    /// that do not extend each other are not resumed.
    #[test]
    fn resumed_runs_are_the_full_runs() {
        use super::extends;
        let at = |level| Rules {
            dynamic: true,
            y_links: true,
            level,
        };
        assert!(extends(at(2), at(1)) && extends(at(3), at(2)) && extends(at(5), at(4)));
        assert!(extends(at(4), at(1)) && extends(at(1), at(0)));
        assert!(!extends(at(4), at(3)) && !extends(at(4), at(2)) && !extends(at(2), at(2)));
        let (mut fresh, mut resumed) = (Chain::new(), Chain::new());
        let (mut compared, mut nested) = (0, 0);
        // Every literal for the cheap levels, a sample for the costly ones.
        for (shorter, longer, every) in [(0, 1, 1), (1, 2, 1), (2, 3, 23), (1, 4, 41)] {
            for (geo, board) in crate::chaining::fixpoint::tests::boards()
                .into_iter()
                .take(3)
            {
                let mut short = Engine::new(&geo, board, at(shorter));
                let mut long = Engine::new(&geo, board, at(longer));
                let literals = (0..81)
                    .flat_map(|c| digits_of(board.cells[c]).map(move |d| (c, d)))
                    .flat_map(|(c, d)| [(c, d, true), (c, d, false)]);
                for (c, d, on) in literals.step_by(every) {
                    let want = long.run(&mut fresh, c, d, on);
                    let got = match short.run(&mut resumed, c, d, on) {
                        Some(clash) => Some(clash),
                        None => long.resume(&mut resumed, shorter > 0),
                    };
                    assert_eq!(got, want, "{c} {d} {on}: levels {shorter} -> {longer}");
                    assert_eq!(fresh.nodes.len(), resumed.nodes.len(), "{c} {d} {on}");
                    for (i, (x, y)) in fresh.nodes.iter().zip(&resumed.nodes).enumerate() {
                        assert_eq!((x.key, x.cause), (y.key, y.cause), "{c} {d} {on}");
                        assert_eq!(fresh.parents_of(i as u32), resumed.parents_of(i as u32));
                    }
                    assert_eq!(fresh.nested.len(), resumed.nested.len());
                    compared += 1;
                    nested += fresh.nested.len();
                }
            }
        }
        assert!(compared > 1000, "{compared} runs compared");
        assert!(nested > 0, "no nested chain in any run");
    }

    /// Calls `f(geo, start, board, at)` with the board every static and
    /// dynamic run (level 0) from every literal of the test positions ends
    /// on without a contradiction, `at` naming the run.
    fn for_each_run_board(
        mut f: impl FnMut(&super::Geometry, &super::Board, &super::Board, String),
    ) {
        let mut chain = Chain::new();
        for (geo, board) in crate::chaining::fixpoint::tests::boards() {
            for dynamic in [false, true] {
                let rules = Rules {
                    dynamic,
                    y_links: true,
                    level: 0,
                };
                let mut eng = Engine::new(&geo, board, rules);
                for c in 0..81 {
                    for d in digits_of(board.cells[c]) {
                        for on in [true, false] {
                            if eng.run(&mut chain, c, d, on).is_none() {
                                let reduced = eng.board;
                                f(
                                    &geo,
                                    &board,
                                    &reduced,
                                    format!("{c} {d} {on} dynamic {dynamic}"),
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    /// Where the new-link screen says no static chain can rest on a run,
    /// the nested search finds none that does (every finding it has there
    /// would be dropped); and the screen says no often, and lets through
    /// boards where findings rest on the run. Where the run's start has no
    /// static finding, a search that walks only from the screen's sources
    /// finds exactly the full search's hints. Checked on the boards where
    /// static and dynamic runs from every literal end without a
    /// contradiction.
    #[test]
    fn screened_out_searches_find_nothing_that_rests_on_the_run() {
        use super::{Nested, chain_parents, search_nested};
        use crate::chaining::new_links::{may_rest_on_run, sources};
        use crate::chaining::unary::finds_nothing;
        let (mut skipped, mut resting, mut cycles, mut restricted) = (0, 0, 0, 0);
        for_each_run_board(|geo, board, reduced, at| {
            let all = search_nested(geo, reduced, Nested::Unary, None, None);
            if finds_nothing(geo, board) {
                // From the start's literals alone, the same hints.
                let only = sources(geo, board, reduced);
                assert_eq!(only.is_some(), may_rest_on_run(geo, board, reduced));
                if let Some(only) = &only {
                    let from = search_nested(geo, reduced, Nested::Unary, Some(only), None);
                    assert_eq!(from, all, "{at}");
                    restricted += 1;
                }
            }
            let found: Vec<_> = all
                .into_iter()
                .filter(|h| !chain_parents(geo, board, reduced, h).is_empty())
                .collect();
            if may_rest_on_run(geo, board, reduced) {
                resting += usize::from(!found.is_empty());
                cycles += found
                    .iter()
                    .filter(|h| h.step.technique == Technique::BidirectionalCycle)
                    .count();
            } else {
                assert!(found.is_empty(), "{at}");
                skipped += 1;
            }
        });
        assert!(
            skipped > 1000 && resting > 100,
            "{skipped} skipped, {resting} resting"
        );
        assert!(cycles > 0, "no cycle rests on a run");
        assert!(
            restricted > 100,
            "{restricted} searches from the sources alone"
        );
    }

    /// The nested static cell and region forcing chains, searched only in
    /// the groups `new_links::groups` names, find exactly the full search's
    /// hints on every board of a run (and nothing where it names none):
    /// checked on the boards where static and dynamic runs from every
    /// literal end without a contradiction. The screen skips most groups
    /// and whole searches, and lets through searches that find something.
    #[test]
    fn group_screened_multiple_searches_find_the_full_searches_hints() {
        use super::{STATIC_MULTIPLE, search_nested};
        use crate::chaining::new_links::groups;
        let (mut none, mut same, mut found) = (0, 0, 0);
        for_each_run_board(|geo, board, reduced, at| {
            let all = search_nested(geo, reduced, STATIC_MULTIPLE, None, None);
            match groups(geo, board, reduced) {
                None => {
                    assert!(all.is_empty(), "{at}");
                    none += 1;
                }
                Some(g) => {
                    let got = search_nested(geo, reduced, STATIC_MULTIPLE, None, Some(g));
                    assert_eq!(got, all, "{at}");
                    same += 1;
                    found += usize::from(!all.is_empty());
                }
            }
        });
        assert!(
            none > 100 && found > 100,
            "{none} searches skipped, {same} screened ({found} finding something)"
        );
    }
}
