//! Almost locked sets (ALS), enumerated once per position for the ALS
//! techniques (ALS-XZ, ALS-XY-wing, ALS-XY-chain, death blossom).
//!
//! An ALS is N empty cells of one house holding N + 1 candidates together; a
//! bivalue cell is an ALS of size 1. It is the building block of these
//! techniques because it is one digit away from a locked set: take any one of
//! its digits away and the remaining N digits must all be placed in its N
//! cells. Each ALS is stored compactly with, per digit, the cells holding it
//! and the cells seeing all of those (where the digit goes if the set is
//! forced to hold it). The list is cached per thread for the last position, so
//! the finders of one round share one enumeration.
//!
//! A cell set that is an ALS in two houses (cells of a line inside a box) is
//! listed once. Sizes run from 1 to 8 cells (a house has at most 9 empty cells
//! and an ALS needs at least one digit more than cells).

use crate::Candidates;
use crate::step::{AlsSet, Detail, Elimination, Step};
use crate::technique::Technique;
use std::cell::RefCell;
use std::rc::Rc;
use sudoku_core::{CellSet, Digit, DigitSet, House, Variant};

/// One almost locked set of a position.
#[derive(Clone, Debug)]
pub(crate) struct Als {
    /// A house holding all its cells (the first in the variant's order).
    pub house: House,
    /// Its cells.
    pub cells: CellSet,
    /// Their candidates together (one more than cells).
    pub digits: DigitSet,
    /// Per digit: the cells of the set holding it.
    pub with: [CellSet; 9],
    /// Per digit of the set: the cells outside it seeing all its places of the
    /// digit (empty for digits the set lacks).
    pub sees: [CellSet; 9],
    /// The digits some cell outside could lose for the set: those with a
    /// candidate among `sees`.
    pub live: DigitSet,
}

impl Als {
    /// The step's view of the set.
    pub fn view(&self) -> AlsSet {
        AlsSet {
            house: self.house,
            cells: self.cells,
            digits: self.digits,
        }
    }
}

/// The ALS of a position and their RCC graph.
#[derive(Debug)]
pub(crate) struct Sets {
    /// Every ALS.
    pub list: Vec<Als>,
    /// Per ALS: the sets sharing no cell with it and at least one RCC, with
    /// those RCCs.
    pub adj: Vec<Vec<(usize, DigitSet)>>,
    /// Per ALS, compactly for the hot loops: its cells, digits and live
    /// digits.
    pub brief: Vec<(CellSet, DigitSet, DigitSet)>,
}

thread_local! {
    static CACHE: RefCell<Option<(Candidates, Rc<Sets>)>> = const { RefCell::new(None) };
}

/// The almost locked sets of `pos` and their RCC graph, from the cache when
/// `pos` is the position asked last on this thread.
pub(crate) fn all(pos: &Candidates) -> Rc<Sets> {
    CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        if let Some((p, sets)) = cache.as_ref()
            && p == pos
        {
            return Rc::clone(sets);
        }
        let list = enumerate(pos);
        let brief: Vec<_> = list.iter().map(|a| (a.cells, a.digits, a.live)).collect();
        let adj = graph(pos, &list, &brief);
        let sets = Rc::new(Sets { list, adj, brief });
        *cache = Some((pos.clone(), Rc::clone(&sets)));
        sets
    })
}

/// The RCC graph of `list`: edges between sets sharing no cell, labelled with
/// their RCCs. Per digit, the sets holding it are compared in a compact list
/// (the places of the digit, the cells seeing them all, the set's cells).
fn graph(
    pos: &Candidates,
    list: &[Als],
    brief: &[(CellSet, DigitSet, DigitSet)],
) -> Vec<Vec<(usize, DigitSet)>> {
    let mut hits: Vec<(u32, u32, Digit)> = Vec::new();
    // Per digit, the sets holding it grouped by the first cell where they
    // hold it (counting sort, list order kept within a group): a set B
    // pairs with A only if B's places all see A's, so B's first place is
    // among the cells seeing A's places, and only those groups are read.
    let mut counts = [[0u32; 81]; 9];
    for (i, a) in list.iter().enumerate() {
        for x in brief[i].1.iter() {
            let f = a.with[x.index()].bits().trailing_zeros() as usize;
            counts[x.index()][f] += 1;
        }
    }
    // `starts[x][f]`: where the group of digit x and first cell f begins in
    // `grouped`; `ends` is filled up to where it ends.
    let mut starts = [[0u32; 81]; 9];
    let mut total = 0u32;
    for (row, count) in starts.iter_mut().zip(&counts) {
        for (s, &n) in row.iter_mut().zip(count) {
            *s = total;
            total += n;
        }
    }
    let mut grouped = vec![(0u32, CellSet::EMPTY, CellSet::EMPTY); total as usize];
    let mut ends = starts;
    for (i, a) in list.iter().enumerate() {
        for x in brief[i].1.iter() {
            let w = a.with[x.index()];
            let at = &mut ends[x.index()][w.bits().trailing_zeros() as usize];
            grouped[*at as usize] = (i as u32, w, a.cells);
            *at += 1;
        }
    }
    for x in Digit::ALL {
        let xi = x.index();
        let holders = pos.cells_with(x);
        for (i, a) in list.iter().enumerate() {
            if !brief[i].1.contains(x) {
                continue;
            }
            let (sa, ca) = (a.sees[xi], a.cells);
            for f in (sa & holders).iter() {
                let f = f.index();
                let (lo, hi) = (starts[xi][f] as usize, ends[xi][f] as usize);
                for &(j, wb, cb) in &grouped[lo..hi] {
                    // Every place in B sees every place in A, and no shared
                    // cell; each pair once, from its lower set.
                    if j as usize > i && wb.is_subset(sa) && (ca & cb).is_empty() {
                        hits.push((i as u32, j, x));
                    }
                }
            }
        }
    }
    hits.sort_unstable_by_key(|&(i, j, _)| (i, j));
    // Each set's number of neighbours first, so every list is allocated once.
    let mut degree = vec![0usize; list.len()];
    for (k, &(i, j, _)) in hits.iter().enumerate() {
        if k == 0 || (hits[k - 1].0, hits[k - 1].1) != (i, j) {
            degree[i as usize] += 1;
            degree[j as usize] += 1;
        }
    }
    let mut adj: Vec<Vec<(usize, DigitSet)>> =
        degree.iter().map(|&d| Vec::with_capacity(d)).collect();
    let mut k = 0;
    while k < hits.len() {
        let (i, j, _) = hits[k];
        let mut rcc = DigitSet::EMPTY;
        while k < hits.len() && (hits[k].0, hits[k].1) == (i, j) {
            rcc.insert(hits[k].2);
            k += 1;
        }
        adj[i as usize].push((j as usize, rcc));
        adj[j as usize].push((i as usize, rcc));
    }
    for edges in &mut adj {
        edges.sort_unstable_by_key(|e| e.0);
    }
    adj
}

/// The number of bits of every 9-bit mask (subset sizes and digit counts;
/// the default target counts bits in software).
static ONES: [u8; 1 << 9] = {
    let mut table = [0u8; 1 << 9];
    let mut m = 0;
    while m < 1 << 9 {
        table[m] = (m as u32).count_ones() as u8;
        m += 1;
    }
    table
};

/// Enumerates every ALS of `pos` (each cell set once).
pub(crate) fn enumerate(pos: &Candidates) -> Vec<Als> {
    let variant = pos.variant();
    let mut out: Vec<Als> = Vec::with_capacity(256);
    // Per subset of a house's empty cells (a bit each): their candidates
    // and cells; entry 0 stays empty, the others are written before read.
    let mut unions = [0u16; 1 << 9];
    let mut sets = [CellSet::EMPTY; 1 << 9];
    for &house in variant.houses() {
        let mut cells = [sudoku_core::Cell::new(0).expect("cell 0"); 9];
        let mut masks = [0u16; 9];
        let mut n = 0;
        for c in (pos.empty_cells() & Variant::house_cells(house)).iter() {
            cells[n] = c;
            masks[n] = pos.candidates(c).bits();
            n += 1;
        }
        // Every non-empty subset (one of all n cells holds at most n digits),
        // its union and cells built from the subset without its lowest cell.
        for chosen in 1usize..(1 << n) {
            let low = chosen.trailing_zeros() as usize;
            let rest = chosen & (chosen - 1);
            let union = unions[rest] | masks[low];
            let set = sets[rest] | CellSet::single(cells[low]);
            unions[chosen] = union;
            sets[chosen] = set;
            if ONES[usize::from(union)] != ONES[chosen] + 1
                || first_house(variant, set) != Some(house)
            {
                continue;
            }
            out.push(build(pos, house, set, DigitSet::from_bits(union)));
        }
    }
    out
}

/// The first house of the variant holding all of `set` (a set in two houses is
/// listed under this one only).
fn first_house(variant: Variant, set: CellSet) -> Option<House> {
    let first = set.first()?;
    variant
        .houses_of(first)
        .iter()
        .copied()
        .find(|&h| set.is_subset(Variant::house_cells(h)))
}

/// The stored form of the ALS `cells` in `house` with candidates `digits`.
fn build(pos: &Candidates, house: House, cells: CellSet, digits: DigitSet) -> Als {
    let variant = pos.variant();
    let mut with = [CellSet::EMPTY; 9];
    let mut sees = [CellSet::EMPTY; 9];
    let mut live = DigitSet::EMPTY;
    for d in digits.iter() {
        let places = pos.cells_with(d) & cells;
        let mut common = CellSet::ALL;
        for c in places.iter() {
            common &= variant.peers(c);
        }
        with[d.index()] = places;
        sees[d.index()] = common - cells;
        if !(sees[d.index()] & pos.cells_with(d)).is_empty() {
            live.insert(d);
        }
    }
    Als {
        house,
        cells,
        digits,
        with,
        sees,
        live,
    }
}

/// The step of an ALS-XZ, -XY-wing or -XY-chain: `sets` in chain order with
/// the RCCs `rccs` between them; `victims[d]` lose `d`. `None` when nothing
/// goes.
pub(crate) fn chain_step(
    technique: Technique,
    sets: &[&Als],
    rccs: &[Digit],
    victims: &[CellSet; 9],
    doubly: bool,
) -> Option<Step> {
    let mut step = Step::new(technique, technique.info().points);
    let mut z = DigitSet::EMPTY;
    for d in Digit::ALL {
        let gone = victims[d.index()];
        if !gone.is_empty() {
            z.insert(d);
            step.eliminations
                .extend(gone.iter().map(|cell| Elimination { cell, digit: d }));
        }
    }
    if z.is_empty() {
        return None;
    }
    step.eliminations.sort_unstable();
    for s in sets {
        step.cells |= s.cells;
        step.digits |= s.digits;
        if !step.houses.contains(&s.house) {
            step.houses.push(s.house);
        }
    }
    step.detail = Detail::AlsChain(AlsChain {
        sets: sets.iter().map(|s| s.view()).collect(),
        rccs: rccs.to_vec(),
        z,
        doubly,
    });
    Some(step)
}

/// Appends `step` unless an earlier step of `out` from `start` on has the same
/// eliminations (many patterns can prove the same thing).
pub(crate) fn push_new(out: &mut Vec<Step>, start: usize, step: Step) -> bool {
    if out[start..]
        .iter()
        .any(|s| s.eliminations == step.eliminations)
    {
        return false;
    }
    out.push(step);
    true
}

/// The cells holding `z` that see all places of `z` in every set of `sets`.
pub(crate) fn common_victims(pos: &Candidates, z: Digit, sets: &[&Als]) -> CellSet {
    let mut gone = pos.cells_with(z);
    for s in sets {
        gone &= s.sees[z.index()];
    }
    gone
}

/// ALS-XZ, ALS-XY-wing or ALS-XY-chain: almost locked sets `sets` in chain
/// order, `rccs[i]` the restricted common candidate linking `sets[i]` and
/// `sets[i + 1]` (its places in the one all see its places in the other).
/// An ALS-XY-wing lists the pivot in the middle. A doubly linked ALS-XZ has
/// two sets and both their RCCs. `z` are the digits eliminated because one
/// of the end sets holds them.
#[derive(Clone, Debug, PartialEq)]
pub struct AlsChain {
    /// The sets in chain order.
    pub sets: Vec<AlsSet>,
    /// The RCCs between consecutive sets (two for a doubly linked ALS-XZ).
    pub rccs: Vec<Digit>,
    /// The common digits of the end sets that are eliminated.
    pub z: DigitSet,
    /// Whether it is a doubly linked ALS-XZ (the sets become locked sets).
    pub doubly: bool,
}

crate::moved_fields!(AlsChain { sets, rccs, z; doubly });

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::techniques::test_util::position;
    use sudoku_core::Variant;

    /// The oracle: `set` really is an ALS of `pos` in its house, and its
    /// per-digit views are right.
    pub(crate) fn assert_als(pos: &Candidates, set: &AlsSet) {
        assert!(!set.cells.is_empty());
        assert!(set.cells.is_subset(Variant::house_cells(set.house)));
        assert!(set.cells.is_subset(pos.empty_cells()));
        assert!(pos.variant().houses().contains(&set.house));
        let union = set
            .cells
            .iter()
            .fold(DigitSet::EMPTY, |u, c| u | pos.candidates(c));
        assert_eq!(union, set.digits);
        assert_eq!(set.digits.len(), set.cells.len() + 1, "{set:?}");
    }

    /// The oracle for an RCC: both hold `x` in different cells and every place
    /// of `x` in one sees every place in the other.
    pub(crate) fn assert_rcc(pos: &Candidates, a: &AlsSet, b: &AlsSet, x: Digit) {
        let pa = pos.cells_with(x) & a.cells;
        let pb = pos.cells_with(x) & b.cells;
        assert!(!pa.is_empty() && !pb.is_empty(), "{x} in both");
        assert!((pa & pb).is_empty());
        for p in pa.iter() {
            for q in pb.iter() {
                assert!(pos.variant().peers(p).contains(q), "{p} sees {q} on {x}");
            }
        }
    }

    #[test]
    fn enumeration_is_complete_and_valid() {
        let p = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        {
            let variant = Variant::Standard;
            let pos = position(p, variant);
            let list = enumerate(&pos);
            let mut sets: Vec<u128> = list.iter().map(|a| a.cells.bits()).collect();
            let n = sets.len();
            sets.sort_unstable();
            sets.dedup();
            assert_eq!(sets.len(), n, "each cell set once");
            for a in &list {
                assert_als(&pos, &a.view());
                for d in a.digits.iter() {
                    assert_eq!(a.with[d.index()], a.cells & pos.cells_with(d));
                }
            }
            // Every bivalue cell is an ALS of size 1.
            let bivalue = pos
                .empty_cells()
                .iter()
                .filter(|&c| pos.candidates(c).len() == 2)
                .count();
            assert_eq!(list.iter().filter(|a| a.cells.len() == 1).count(), bivalue);
            // Brute force over all houses agrees on the number of cell sets.
            let mut brute: Vec<u128> = Vec::new();
            for &h in variant.houses() {
                let cells: Vec<_> = (pos.empty_cells() & Variant::house_cells(h))
                    .iter()
                    .collect();
                for m in 1u32..(1 << cells.len()) {
                    let chosen: Vec<_> = (0..cells.len()).filter(|i| m & (1 << i) != 0).collect();
                    let u = chosen
                        .iter()
                        .fold(DigitSet::EMPTY, |u, &i| u | pos.candidates(cells[i]));
                    if u.len() == chosen.len() + 1 {
                        brute.push(chosen.iter().map(|&i| cells[i]).collect::<CellSet>().bits());
                    }
                }
            }
            brute.sort_unstable();
            brute.dedup();
            assert_eq!(brute, sets);
        }
    }

    /// Every finder of the family, by name.
    pub(crate) fn finders() -> [(&'static str, crate::technique::Finder); 5] {
        use crate::techniques::{als_chain, als_xy_wing, als_xz, death_blossom, sue_de_coq};
        [
            ("sue-de-coq", sue_de_coq::find),
            ("als-xz", als_xz::find),
            ("als-xy-wing", als_xy_wing::find),
            ("als-xy-chain", als_chain::find),
            ("death-blossom", death_blossom::find),
        ]
    }

    /// Checks `steps` found in `pos` against the solution and the ALS oracles.
    pub(crate) fn assert_valid(pos: &Candidates, solution: &sudoku_core::Grid, steps: &[Step]) {
        for s in steps {
            crate::check::check_step(s, solution, 0).expect("sound step");
            assert!(!s.eliminations.is_empty());
            assert!(
                s.eliminations
                    .iter()
                    .all(|e| pos.candidates(e.cell).contains(e.digit))
            );
            match &s.detail {
                Detail::AlsChain(AlsChain {
                    sets, rccs, doubly, ..
                }) => {
                    for set in sets {
                        assert_als(pos, set);
                    }
                    for w in sets.windows(2) {
                        assert!((w[0].cells & w[1].cells).is_empty(), "linked sets overlap");
                    }
                    if *doubly {
                        assert_eq!((sets.len(), rccs.len()), (2, 2));
                        for &x in rccs {
                            assert_rcc(pos, &sets[0], &sets[1], x);
                        }
                    } else {
                        assert_eq!(rccs.len() + 1, sets.len());
                        for (k, &x) in rccs.iter().enumerate() {
                            assert_rcc(pos, &sets[k], &sets[k + 1], x);
                        }
                        assert!(rccs.windows(2).all(|w| w[0] != w[1]));
                    }
                }
                Detail::DeathBlossom(crate::DeathBlossom { stem, petals, z }) => {
                    assert_eq!(
                        petals.iter().map(|p| p.0).collect::<DigitSet>(),
                        pos.candidates(*stem)
                    );
                    for (d, petal) in petals {
                        assert_als(pos, petal);
                        assert!(petal.digits.contains(*z));
                        let places = pos.cells_with(*d) & petal.cells;
                        assert!(places.is_subset(pos.variant().peers(*stem)));
                    }
                }
                Detail::SueDeCoq(s) => {
                    let (lh, rh) = (Variant::house_cells(s.line), Variant::house_cells(s.region));
                    assert!(s.cells.is_subset(lh & rh) && s.cells.len() >= 2);
                    assert!(s.line_cells.is_subset(lh - rh) && s.region_cells.is_subset(rh - lh));
                    assert!((s.line_digits & s.region_digits).is_empty());
                    let n = s.cells.len() + s.line_cells.len() + s.region_cells.len();
                    assert_eq!((s.digits | s.line_digits | s.region_digits).len(), n);
                    assert!(s.digits.len() >= s.cells.len() + 2);
                }
                other => panic!("unexpected detail {other:?}"),
            }
        }
    }

    #[test]
    fn finders_are_sound_on_real_positions() {
        // A few puzzles in a debug build, more with optimisations.
        let n = if cfg!(debug_assertions) { 1 } else { 8 };
        let mut fired = [0usize; 5];
        for level in ["Unfair", "Extreme"] {
            for puzzle in hunt::puzzles(level).iter().take(n) {
                let solution = sudoku_solve::solve(puzzle, Variant::Standard).expect("unique");
                hunt::walk(puzzle, Variant::Standard, &mut |pos| {
                    for (k, (_, finder)) in finders().into_iter().enumerate() {
                        let steps = hunt::hits(pos, finder);
                        fired[k] += usize::from(!steps.is_empty());
                        assert_valid(pos, &solution, &steps);
                    }
                    false
                });
            }
        }
        if !cfg!(debug_assertions) {
            assert!(fired.iter().all(|&f| f > 0), "{fired:?}");
        }
    }

    #[test]
    fn diagonal_and_colour_puzzles() {
        let text = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../shared/data/seed_examples.tsv"
        ));
        let n = if cfg!(debug_assertions) { 3 } else { 40 };
        let mut puzzles = 0;
        let mut special = 0;
        let mut fired = 0;
        for line in text.lines().skip(1) {
            let mut cols = line.split('\t');
            let (Some(p), Some(v)) = (cols.next(), cols.next()) else {
                continue;
            };
            let (Ok(grid), Ok(variant)) = (p.parse::<sudoku_core::Grid>(), v.parse::<Variant>())
            else {
                continue;
            };
            if variant == Variant::Standard
                || sudoku_solve::count(&grid, variant, Some(2)) != 1
                || puzzles == n
            {
                continue;
            }
            puzzles += 1;
            let solution = sudoku_solve::solve(&grid, variant).expect("unique");
            hunt::walk(&grid, variant, &mut |pos| {
                // Sets in the diagonals and colour groups are enumerated too.
                special += all(pos)
                    .list
                    .iter()
                    .filter(|a| {
                        matches!(
                            a.house.kind(),
                            sudoku_core::HouseKind::Diagonal | sudoku_core::HouseKind::Color
                        )
                    })
                    .count();
                for (_, finder) in finders() {
                    let steps = hunt::hits(pos, finder);
                    fired += steps.len();
                    assert_valid(pos, &solution, &steps);
                }
                false
            });
        }
        assert!(puzzles > 0 && special > 0, "{puzzles} {special}");
        println!("{puzzles} variant puzzles, {fired} ALS steps, {special} diagonal/colour sets");
    }

    /// The RCC graph read from first-place groups is the one of comparing
    /// every two sets, over the positions of hard puzzles' walks.
    #[test]
    fn graph_matches_comparing_every_two_sets() {
        let mut checked = 0;
        for puzzle in hunt::puzzles("Extreme").iter().take(4) {
            hunt::walk(puzzle, Variant::Standard, &mut |pos| {
                let list = enumerate(pos);
                let brief: Vec<_> = list.iter().map(|a| (a.cells, a.digits, a.live)).collect();
                let adj = graph(pos, &list, &brief);
                for (i, a) in list.iter().enumerate() {
                    let mut want: Vec<(usize, DigitSet)> = Vec::new();
                    for (j, b) in list.iter().enumerate() {
                        if i == j || !(a.cells & b.cells).is_empty() {
                            continue;
                        }
                        let rcc: DigitSet = (a.digits & b.digits)
                            .iter()
                            .filter(|x| b.with[x.index()].is_subset(a.sees[x.index()]))
                            .collect();
                        if !rcc.is_empty() {
                            want.push((j, rcc));
                        }
                    }
                    assert_eq!(adj[i], want, "edges of set {i}");
                }
                checked += 1;
                checked > 40
            });
        }
        assert!(checked > 10);
    }

    /// Prints the time each finder takes over the positions of some hard
    /// puzzles (a profile, not a test of speed):
    /// `cargo test --release -p sudoku-logic profile_als -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn profile_als() {
        let mut time = [std::time::Duration::ZERO; 6];
        let mut positions = 0;
        let mut sizes = 0;
        let mut edges = 0;
        let mut graph_time = std::time::Duration::ZERO;
        for puzzle in hunt::puzzles("Extreme").iter().take(30) {
            hunt::walk(puzzle, Variant::Standard, &mut |pos| {
                positions += 1;
                let t = std::time::Instant::now();
                let list = enumerate(pos);
                sizes += list.len();
                time[5] += t.elapsed();
                let brief: Vec<_> = list.iter().map(|a| (a.cells, a.digits, a.live)).collect();
                let t = std::time::Instant::now();
                edges += graph(pos, &list, &brief)
                    .iter()
                    .map(Vec::len)
                    .sum::<usize>();
                graph_time += t.elapsed();
                for (k, (_, finder)) in finders().into_iter().enumerate() {
                    let t = std::time::Instant::now();
                    let _ = hunt::hits(pos, finder);
                    time[k] += t.elapsed();
                }
                false
            });
        }
        println!(
            "{positions} positions, {} ALS on average",
            sizes / positions.max(1)
        );
        for (k, (name, _)) in finders().into_iter().enumerate() {
            println!("{name}: {:?}", time[k]);
        }
        println!("enumeration alone: {:?}", time[5]);
        println!(
            "graph alone: {graph_time:?}, {} edges on average",
            edges / positions.max(1)
        );
    }

    /// Prints the first positions where each finder fires (to pick goldens):
    /// `cargo test --release -p sudoku-logic print_als_positions -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn print_als_positions() {
        for (name, finder) in finders() {
            let mut found = 0;
            for puzzle in hunt::puzzles("Unfair")
                .iter()
                .chain(&hunt::puzzles("Extreme"))
            {
                hunt::walk(puzzle, Variant::Standard, &mut |pos| {
                    let steps = hunt::hits(pos, finder);
                    if steps.is_empty() {
                        return false;
                    }
                    let (grid, elims) = hunt::describe(pos);
                    println!(
                        "{name}: {puzzle}\n  {grid}\n  {elims}\n  {} steps, first: {:?} {:?}",
                        steps.len(),
                        steps[0].eliminations,
                        steps[0].detail
                    );
                    found += 1;
                    true
                });
                if found >= 3 {
                    break;
                }
            }
        }
    }

    #[test]
    fn cache_answers_the_same_position() {
        let p = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        let pos = position(p, Variant::Standard);
        let a = all(&pos);
        let b = all(&pos);
        assert!(Rc::ptr_eq(&a, &b));
        for (i, edges) in a.adj.iter().enumerate() {
            for &(j, rcc) in edges {
                assert!(a.adj[j].contains(&(i, rcc)));
                for x in rcc.iter() {
                    assert_rcc(&pos, &a.list[i].view(), &a.list[j].view(), x);
                }
            }
        }
        let other = position(&".".repeat(81), Variant::Standard);
        assert!(!Rc::ptr_eq(&all(&other), &a));
    }
}

/// A position from the trace of a HoDoKu Unfair puzzle where every ALS finder
/// fires (`PUZZLE` solved up to `GRID`, no extra eliminations).
#[cfg(test)]
pub(crate) const PUZZLE: &str =
    ".3..65..8.........65.3.2..774..9....3......4..2..7..6..9..4.........85398..6.....";
/// The placed digits of that position.
#[cfg(test)]
pub(crate) const GRID: &str =
    ".3..65..8..2....5.65.3.2.9774.29...53.9.5.74252..7.96.29354........285398.5639..4";

/// The negative test of a finder: take from the first reported set a digit
/// only one of its cells holds (that cell keeping another); the set then has
/// as many digits as cells, is no ALS, and no step may use it. Returns the
/// set broken.
#[cfg(test)]
pub(crate) fn assert_breaks(finder: crate::technique::Finder, pos: &Candidates) -> AlsSet {
    use crate::techniques::test_util::run;
    let sets_of = |s: &Step| -> Vec<AlsSet> {
        match &s.detail {
            Detail::AlsChain(AlsChain { sets, .. }) => sets.clone(),
            Detail::DeathBlossom(crate::DeathBlossom { petals, .. }) => {
                petals.iter().map(|p| p.1).collect()
            }
            _ => Vec::new(),
        }
    };
    for step in run(finder, pos) {
        for set in sets_of(&step) {
            for c in set.cells.iter() {
                let lone = set.digits.iter().find(|&d| {
                    (pos.cells_with(d) & set.cells) == CellSet::single(c)
                        && pos.candidates(c).len() > 1
                });
                let Some(d) = lone else {
                    continue;
                };
                let mut narrow = pos.clone();
                narrow.eliminate(c, d).expect("written");
                for s in run(finder, &narrow) {
                    assert!(sets_of(&s).iter().all(|t| t.cells != set.cells), "{set:?}");
                }
                return set;
            }
        }
    }
    panic!("no set to break");
}

/// Positions from the traces of real puzzles, for the ALS techniques' tests.
#[cfg(test)]
pub(crate) mod hunt {
    use crate::step::Step;
    use crate::technique::{FindMode, Finder};
    use crate::{Candidates, Options, solve_logically};
    use sudoku_core::{Cell, Grid, Variant};

    /// The puzzles of `hodoku-levels.txt` of `level`.
    pub(crate) fn puzzles(level: &str) -> Vec<Grid> {
        let text = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../shared/data/hodoku-levels.txt"
        ));
        let mut current = "";
        let mut out = Vec::new();
        for line in text.lines() {
            let line = line.trim();
            if line.chars().all(|c| c.is_ascii_alphabetic()) && !line.is_empty() {
                current = line;
            } else if current == level {
                out.push(line.parse().expect("data set puzzle"));
            }
        }
        out
    }

    /// Calls `visit` with every position (candidates written) of the trace of
    /// `puzzle`; stops when it returns `true`.
    pub(crate) fn walk(
        puzzle: &Grid,
        variant: Variant,
        visit: &mut dyn FnMut(&Candidates) -> bool,
    ) -> bool {
        let trace = solve_logically(puzzle, variant, &Options::default()).expect("solves");
        let mut pos = Candidates::new(puzzle, variant).expect("no clash");
        for step in &trace.steps {
            if pos.is_written() && visit(&pos) {
                return true;
            }
            pos.apply(step).expect("applies");
        }
        false
    }

    /// The hits of `finder` in `pos`.
    pub(crate) fn hits(pos: &Candidates, finder: Finder) -> Vec<Step> {
        let mut out = Vec::new();
        finder(pos, &mut out, FindMode::All);
        out
    }

    /// `pos` as the arguments of `position_with`: the placed digits and the
    /// eliminations since then.
    pub(crate) fn describe(pos: &Candidates) -> (String, String) {
        let grid = pos.grid().to_string();
        let fresh = crate::techniques::test_util::position(&grid, pos.variant());
        let mut elims = Vec::new();
        for c in Cell::all() {
            let gone = fresh.candidates(c) - pos.candidates(c);
            if !gone.is_empty() {
                let ds: String = gone.iter().map(|d| d.to_string()).collect();
                elims.push(format!("{c}-{ds}"));
            }
        }
        (grid, elims.join(" "))
    }
}

pub(crate) mod told {
    //! This technique's steps told in English and German and drawn, both
    //! from the step struct (see [`crate::describe`]).
    //!
    //! Almost locked sets: ALS-XZ (singly and doubly linked), ALS-XY-wing,
    //! ALS-XY-chain, death blossom, and Sue de Coq. The German texts say "fast
    //! verbundene Menge (ALS)" for an almost locked set, "verbundene Menge" for a
    //! locked set and "eingeschränkter gemeinsamer Kandidat (RCC)" for a
    //! restricted common candidate.

    use crate::describe::drawing::{Drawing, MarkRole};
    use crate::describe::glossary::{Term, term};
    use crate::describe::words::{cells, digits, in_house, removal, so};
    use crate::describe::{Describe, Telling};
    use crate::{AlsSet, Step, Technique};
    use sudoku_core::Lang;
    use sudoku_core::{Digit, DigitSet};

    /// The labels of a step's sets, in the order of its `sets` (or a death
    /// blossom's `petals`): the text names each set by its label and the drawing
    /// writes the same label beside it (`crate::shapes`), so the two cannot
    /// disagree. An ALS-XY-wing's sets are wing, pivot, wing: A, C, B (the pivot
    /// C in the middle, as the text tells it); an ALS-XY-chain's are A1 … An;
    /// every other step's A, B, C, …
    pub(crate) fn set_labels(technique: Technique, n: usize) -> Vec<String> {
        let letter = |k: usize| char::from(b'A' + (k % 26) as u8).to_string();
        match technique {
            Technique::AlsXyWing if n == 3 => vec!["A".into(), "C".into(), "B".into()],
            Technique::AlsXyChain => (1..=n).map(|k| format!("A{k}")).collect(),
            _ => (0..n).map(letter).collect(),
        }
    }

    /// One set: `{r1c1, r1c5} in row 1 (3, 7 and 8)`.
    pub(crate) fn set(s: &AlsSet, lang: Lang) -> String {
        format!(
            "{{{}}} {} ({})",
            cells(s.cells),
            in_house(s.house, lang),
            digits(s.digits, lang)
        )
    }

    /// "3 lies" / "each of 3 and 7 lies" ; "liegt die 3" / "liegt jede der
    /// Zahlen 3 und 7".
    pub(crate) fn z_subject(z: DigitSet, lang: Lang) -> String {
        match (lang, z.len()) {
            (Lang::En, 1) => format!("{z_} lies", z_ = digits(z, lang)),
            (Lang::En, _) => format!("each of {} lies", digits(z, lang)),
            (Lang::De, 1) => format!("liegt die {}", digits(z, lang)),
            (Lang::De, _) => format!("liegt jede der Zahlen {}", digits(z, lang)),
        }
    }

    /// Explains an ALS-XZ, ALS-XY-wing or ALS-XY-chain.
    pub(crate) fn chain(
        step: &Step,
        name: &str,
        sets: &[AlsSet],
        rccs: &[Digit],
        z: DigitSet,
        doubly: bool,
        lang: Lang,
    ) -> Option<String> {
        let then = so(&removal(&step.eliminations, lang), lang);
        let als = term(Term::AlsPlural, lang);
        let pivot = term(Term::Pivot, lang);
        match (step.technique, sets, rccs) {
            (Technique::AlsXz, [a, b], [x1, x2]) if doubly => Some(match lang {
                Lang::En => format!(
                    "{name} (doubly linked): the {als} A = {} and B = {} share two restricted common candidates, {x1} and {x2}: every place of each in A sees every place of it in B. Each RCC lies in at most one of the sets, and each set needs one of them (its cells need all but one of its digits), so A and B are locked sets with one RCC each: every other digit of a set lies in it, and each RCC lies in A or B; {then}",
                    set(a, lang),
                    set(b, lang)
                ),
                Lang::De => format!(
                    "{name} (doppelt verbunden): Die {als} A = {} und B = {} haben zwei eingeschränkte gemeinsame Kandidaten (RCC), {x1} und {x2}: Jeder Platz der Zahl in A sieht jeden ihrer Plätze in B. Jeder RCC liegt in höchstens einer der Mengen, und jede Menge braucht einen davon (ihre Zellen brauchen alle Zahlen bis auf eine), also sind A und B verbundene Mengen mit je einem RCC: Jede andere Zahl einer Menge liegt in ihr, und jeder RCC liegt in A oder B; {then}",
                    set(a, lang),
                    set(b, lang)
                ),
            }),
            (Technique::AlsXz, [a, b], [x]) => Some(match lang {
                Lang::En => format!(
                    "{name}: the {als} A = {} and B = {} share the restricted common candidate {x}: every {x} of A sees every {x} of B, so at most one of them holds {x}, and the other becomes a locked set holding all its other digits. Hence {} in A or B, {then}",
                    set(a, lang),
                    set(b, lang),
                    z_subject(z, lang)
                ),
                Lang::De => format!(
                    "{name}: Die {als} A = {} und B = {} haben den eingeschränkten gemeinsamen Kandidaten (RCC) {x}: Jede {x} in A sieht jede {x} in B, höchstens eine der Mengen enthält also die {x}, und die andere wird zur verbundenen Menge mit allen ihren übrigen Zahlen. Damit {} in A oder B, {then}",
                    set(a, lang),
                    set(b, lang),
                    z_subject(z, lang)
                ),
            }),
            (Technique::AlsXyWing, [a, c, b], [x, y]) => Some(match lang {
                Lang::En => format!(
                    "{name}: the {pivot} C = {} is linked to A = {} by the restricted common candidate {x} and to B = {} by {y}. If A lacked a digit it shares with B, it would be locked and hold {x}; then C would lose {x} and hold {y}, so B would lose {y} and hold that digit. Hence {} in A or B, {then}",
                    set(c, lang),
                    set(a, lang),
                    set(b, lang),
                    z_subject(z, lang)
                ),
                Lang::De => format!(
                    "{name}: Die {pivot} C = {} ist mit A = {} durch den eingeschränkten gemeinsamen Kandidaten (RCC) {x} verbunden und mit B = {} durch die {y}. Fehlte A eine Zahl, die es mit B teilt, wäre A eine verbundene Menge mit der {x}; dann verlöre C die {x} und enthielte die {y}, also verlöre B die {y} und enthielte jene Zahl. Damit {} in A oder B, {then}",
                    set(c, lang),
                    set(a, lang),
                    set(b, lang),
                    z_subject(z, lang)
                ),
            }),
            (Technique::AlsXyChain, [first, ..], _) if rccs.len() + 1 == sets.len() => {
                let labels = set_labels(step.technique, sets.len());
                let mut path = format!("{} = {}", labels[0], set(first, lang));
                for ((s, x), label) in sets[1..].iter().zip(rccs).zip(&labels[1..]) {
                    path.push_str(&format!(" –{x}– {label} = {}", set(s, lang)));
                }
                let n = sets.len();
                Some(match lang {
                    Lang::En => format!(
                        "{name} of {n} {als} linked by restricted common candidates: {path}. If A1 lacked a digit it shares with A{n}, it would be locked and hold its RCC to A2; each next set would lose the RCC before it and hold the one after it, and A{n} would hold that digit. Hence {} in A1 or A{n}, {then}",
                        z_subject(z, lang)
                    ),
                    Lang::De => format!(
                        "{name} aus {n} {als}, verbunden durch eingeschränkte gemeinsame Kandidaten (RCC): {path}. Fehlte A1 eine Zahl, die es mit A{n} teilt, wäre A1 eine verbundene Menge mit dem RCC zu A2; jede weitere Menge verlöre den RCC davor und enthielte den danach, und A{n} enthielte jene Zahl. Damit {} in A1 oder A{n}, {then}",
                        z_subject(z, lang)
                    ),
                })
            }
            _ => None,
        }
    }

    impl Describe for super::AlsChain {
        fn text(&self, step: &Step, at: &Telling<'_>) -> Option<String> {
            chain(
                step,
                at.name,
                &self.sets,
                &self.rccs,
                self.z,
                self.doubly,
                at.lang,
            )
        }

        /// Each set with the label the text gives it.
        fn draw(&self, step: &Step, out: &mut Drawing) {
            let labels = set_labels(step.technique, self.sets.len());
            for (set, label) in self.sets.iter().zip(&labels) {
                out.set(set.cells, label);
                out.pattern(set.cells, set.digits & self.z);
                out.marks(
                    set.cells,
                    set.digits & self.rccs.iter().copied().collect(),
                    MarkRole::Alt,
                );
            }
        }
    }
}
