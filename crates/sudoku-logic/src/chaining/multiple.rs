//! Sudoku Explainer's other chaining producers: for every empty cell and
//! candidate, propagate the candidate on (and off), then conclude
//!
//! * contradiction: the assumption implies a candidate both on and off;
//! * double implication (verity): the candidate on and off imply the same;
//! * region forcing: every place of the digit in a house implies the same;
//! * cell forcing: every candidate of the cell implies the same.
//!
//! Which of them run, and with which rules, depends on the producer
//! ([`Config`]): static multiple chains (cell and region, 8.0), Nishio
//! (contradictions over single-digit links, 7.5), dynamic chains (all four,
//! 8.5) and the nested levels (9.0 and up).

use super::board::{Board, Geometry, digits_of};
use super::engine::{Chain, Engine, KEY_WORDS, KeySet, Rules, key, unkey};
use super::hint::{self, Sink};
use super::new_links::Group;
use super::reach::Reach;
use crate::implication::ForcingKind;
use crate::technique::Technique;

/// Which conclusions to look for.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Kinds {
    pub(crate) contradiction: bool,
    pub(crate) double: bool,
    pub(crate) region: bool,
    pub(crate) cell: bool,
}

impl Kinds {
    pub(crate) const ALL: Kinds = Kinds {
        contradiction: true,
        double: true,
        region: true,
        cell: true,
    };
}

/// One of SE's multiple-chain producers.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Config {
    pub(crate) multiple: bool,
    pub(crate) dynamic: bool,
    pub(crate) nishio: bool,
    pub(crate) level: u8,
    pub(crate) kinds: Kinds,
    /// Our technique for each kind of hint: contradiction, double, cell, region.
    pub(crate) techniques: [Technique; 4],
}

impl Config {
    /// SE's base difficulty of the producer.
    pub(crate) fn base(&self) -> f64 {
        if self.level >= 2 {
            9.5 + 0.5 * (self.level - 2) as f64
        } else if self.level > 0 {
            8.5 + 0.5 * self.level as f64
        } else if self.nishio {
            7.5
        } else if self.dynamic {
            8.5
        } else {
            8.0
        }
    }
}

thread_local! {
    /// Reusable buffers (see [`Buffers::take`]).
    static POOL: std::cell::RefCell<Vec<Buffers>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// One propagation of an assumed candidate, with its contradiction.
struct OnRun {
    chain: Chain,
    clash: Option<(u32, u32)>,
}

impl OnRun {
    fn new() -> Box<OnRun> {
        Box::new(OnRun {
            chain: Chain::new(),
            clash: None,
        })
    }

    /// Runs the assumption (`cell`, `digit`, `on`), or goes on with the
    /// run kept from a search whose rules this one's extend (`resume`: with
    /// whether that search had nested rules).
    fn run(
        &mut self,
        eng: &mut Engine,
        (cell, digit, on): (usize, usize, bool),
        resume: Option<bool>,
    ) {
        self.clash = match (resume, self.clash) {
            // A clash under fewer rules is the clash under more.
            (Some(_), Some(clash)) => Some(clash),
            (Some(nested), None) => eng.resume(&mut self.chain, nested),
            (None, _) => eng.run(&mut self.chain, cell, digit, on),
        };
    }
}

/// Reusable run buffers. The run of a candidate assumed on is needed up to
/// four times in one search (its own binary chains, cell forcing, and region
/// forcing of every house where it is not the first place); it is computed
/// once per search and kept here — and kept for the next search when that
/// one propagates in the same position by the same rules (the techniques of
/// one family are tried one after another on the same position).
pub(crate) struct Buffers {
    runs: Vec<Option<Box<OnRun>>>,
    /// `valid[i] == generation` when `runs[i]` belongs to the current search.
    valid: Vec<u32>,
    /// The runs of candidates assumed off, kept the same way when the
    /// search has nested rules (`keep_offs`; a search without them is cheap
    /// to run again, and its one off-run at a time stays in the cache).
    off_runs: Vec<Option<Box<OnRun>>>,
    off_valid: Vec<u32>,
    keep_offs: bool,
    one_off: Box<OnRun>,
    generation: u32,
    /// The generation of the search before the current one when the current
    /// one's rules extend its rules in the same position (its runs are
    /// resumed rather than run again), else 0; and whether that one had
    /// nested rules.
    resumable: u32,
    resumable_nested: bool,
    /// What the valid runs were propagated in: the variant's houses, the
    /// position and the rules.
    owner: Option<(Vec<u8>, Board, Rules)>,
    off: Chain,
    /// Per literal key: the order-free outcome of its dynamic level-0 run
    /// (see [`super::fixpoint`]), valid when `fast_valid[k] == generation`.
    fast_valid: Vec<u32>,
    fast_clash: Vec<bool>,
    fast_keys: Vec<KeySet>,
    /// Per literal key: `generation` when a dynamic level-0 run from it
    /// surely meets no contradiction, because a run that met none registered
    /// it (see [`Buffers::may_clash`]).
    quiet: Vec<u32>,
}

impl Buffers {
    pub(crate) fn new() -> Buffers {
        Buffers {
            runs: (0..81 * 9).map(|_| None).collect(),
            valid: vec![0; 81 * 9],
            off_runs: (0..81 * 9).map(|_| None).collect(),
            off_valid: vec![0; 81 * 9],
            keep_offs: false,
            one_off: OnRun::new(),
            generation: 0,
            resumable: 0,
            resumable_nested: false,
            owner: None,
            off: Chain::new(),
            fast_valid: vec![0; super::engine::KEYS],
            fast_clash: vec![false; super::engine::KEYS],
            fast_keys: vec![[0; KEY_WORDS]; super::engine::KEYS],
            quiet: vec![0; super::engine::KEYS],
        }
    }

    /// Buffers from this thread's pool (a search may run thousands of times
    /// per puzzle, nested searches at every quiet point of a run); give them
    /// back with [`Buffers::give`].
    pub(crate) fn take() -> Buffers {
        POOL.with(|p| p.borrow_mut().pop())
            .unwrap_or_else(Buffers::new)
    }

    /// Returns buffers to this thread's pool.
    pub(crate) fn give(self) {
        POOL.with(|p| p.borrow_mut().push(self));
    }

    /// A chain to use for something else between searches.
    pub(crate) fn spare(&mut self) -> &mut Chain {
        &mut self.off
    }

    /// Starts a search in `board` by `rules`: runs of an earlier search stay
    /// valid only if it had the same houses, position and rules, and can be
    /// resumed if it had fewer nested rules (SE's producers and the table's
    /// rows ask the levels one after another in the same position).
    fn start(&mut self, geo: &Geometry, board: &Board, rules: Rules) {
        let mut resumable = 0;
        if let Some((houses, b, r)) = &self.owner
            && *houses == geo.houses
            && b == board
        {
            if *r == rules {
                return;
            }
            if super::advanced::extends(rules, *r) {
                resumable = self.generation;
                self.resumable_nested = r.level > 0;
            }
        }
        self.owner = Some((geo.houses.clone(), *board, rules));
        self.keep_offs = rules.level > 0;
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.valid.iter_mut().for_each(|v| *v = 0);
            self.off_valid.iter_mut().for_each(|v| *v = 0);
            self.fast_valid.iter_mut().for_each(|v| *v = 0);
            self.quiet.iter_mut().for_each(|v| *v = 0);
            self.generation = 1;
            resumable = 0;
        }
        self.resumable = resumable;
    }

    /// Makes sure the on-run of (`cell`, `digit`) is computed.
    fn ensure(&mut self, eng: &mut Engine, cell: usize, digit: usize) {
        let i = cell * 9 + digit;
        if self.valid[i] == self.generation {
            return;
        }
        let resume = (self.resumable != 0 && self.valid[i] == self.resumable)
            .then_some(self.resumable_nested);
        let run = self.runs[i].get_or_insert_with(OnRun::new);
        run.run(eng, (cell, digit, true), resume);
        self.valid[i] = kept(self.generation);
    }

    /// Makes sure the off-run of (`cell`, `digit`) is computed, and returns
    /// it.
    fn ensure_off(&mut self, eng: &mut Engine, cell: usize, digit: usize) -> &OnRun {
        if !self.keep_offs {
            self.one_off.run(eng, (cell, digit, false), None);
            return &self.one_off;
        }
        let i = cell * 9 + digit;
        let resume = (self.resumable != 0 && self.off_valid[i] == self.resumable)
            .then_some(self.resumable_nested);
        let run = self.off_runs[i].get_or_insert_with(OnRun::new);
        if self.off_valid[i] != self.generation {
            run.run(eng, (cell, digit, false), resume);
            self.off_valid[i] = kept(self.generation);
        }
        run
    }

    /// The literals the dynamic level-0 run from literal `k` registers, or
    /// `None` when it meets a contradiction (order-free, without the tree).
    fn fast(&mut self, geo: &Geometry, board: &Board, y_links: bool, k: usize) -> Option<&KeySet> {
        if self.fast_valid[k] != self.generation {
            let (c, d, on) = unkey(k);
            self.fast_clash[k] =
                super::fixpoint::clashes(geo, board, y_links, (c, d, on), &mut self.fast_keys[k]);
            self.fast_valid[k] = self.generation;
        }
        (!self.fast_clash[k]).then_some(&self.fast_keys[k])
    }

    /// Whether the dynamic level-0 run from literal `k` meets a
    /// contradiction. A run is monotone: one from a literal that a quiet run
    /// registered derives a part of what that run derived, so it meets no
    /// contradiction either (a cell or house it empties, or two digits it
    /// sets in one place, the wider run would have met). So each quiet run
    /// marks the literals it registers, and those are not run.
    fn may_clash(&mut self, geo: &Geometry, board: &Board, y_links: bool, k: usize) -> bool {
        if self.quiet[k] == self.generation {
            return false;
        }
        let generation = self.generation;
        let Some(keys) = self.fast(geo, board, y_links, k) else {
            return true;
        };
        let keys = *keys;
        for (w, &word) in keys.iter().enumerate() {
            let mut m = word;
            while m != 0 {
                self.quiet[w * 64 + m.trailing_zeros() as usize] = generation;
                m &= m - 1;
            }
        }
        false
    }

    /// The on-run of (`cell`, `digit`); [`Buffers::ensure`] must have run.
    fn on(&self, cell: usize, digit: usize) -> &OnRun {
        match &self.runs[cell * 9 + digit] {
            Some(r) => r,
            None => unreachable!("on-run computed before use"),
        }
    }

    /// The off-run of (`cell`, `digit`); [`Buffers::ensure_off`] must have
    /// run.
    fn off_of(&self, cell: usize, digit: usize) -> &OnRun {
        if !self.keep_offs {
            return &self.one_off;
        }
        match &self.off_runs[cell * 9 + digit] {
            Some(r) => r,
            None => unreachable!("off-run computed before use"),
        }
    }
}

/// The generation to mark a run just made with: `generation`, or none
/// when the caller's interrupt fired during it (the nested rules then stop
/// early, and such a run is neither reused nor resumed).
fn kept(generation: u32) -> u32 {
    if sudoku_core::interrupt::requested() {
        0
    } else {
        generation
    }
}

/// The literals a hint may conclude: every candidate off, and a candidate on
/// where its cell has another candidate to remove.
fn removable_keys(board: &Board) -> KeySet {
    let mut set = [0u64; KEY_WORDS];
    for (c, &m) in board.cells.iter().enumerate() {
        let several = m.count_ones() > 1;
        for d in digits_of(m) {
            for on in [false, true] {
                if !on || several {
                    let k = key(c, d, on);
                    set[k / 64] |= 1 << (k % 64);
                }
            }
        }
    }
    set
}

/// Whether a literal may be concluded (see [`removable_keys`]).
fn is_removable(board: &Board, k: usize) -> bool {
    let (c, d, on) = unkey(k);
    board.cells[c] >> d & 1 != 0 && (!on || board.cells[c].count_ones() > 1)
}

/// `acc &= bits`; whether anything is left.
fn and_into(acc: &mut KeySet, bits: &KeySet) -> bool {
    let mut any = 0;
    for (a, b) in acc.iter_mut().zip(bits) {
        *a &= *b;
        any |= *a;
    }
    any != 0
}

#[inline]
fn has(set: &KeySet, k: usize) -> bool {
    set[k / 64] >> (k % 64) & 1 != 0
}

/// How a search screens its cell, region and double conclusions before it
/// builds the runs they need.
enum Screening {
    /// Static runs: their static reach (and the removable literals among its
    /// nodes) bounds what they register.
    Static {
        reach: std::rc::Rc<Reach>,
        removable: Vec<u64>,
    },
    /// Dynamic runs of level 0: their order-free outcome is exact wherever
    /// they meet no contradiction.
    Dynamic { y_links: bool },
    /// A nested static search on a run's board: only the groups that may
    /// conclude anything (see `new_links::groups`), screened by their
    /// branches' closures.
    Groups(std::cell::RefCell<Box<super::new_links::Groups>>),
    /// Runs with nested rules: no screen.
    None,
}

impl Screening {
    fn new(geo: &Geometry, board: &Board, cfg: &Config) -> Screening {
        let k = cfg.kinds;
        let mixed = k.contradiction && !cfg.nishio && (k.double || k.region || k.cell);
        if cfg.level > 0 || (cfg.dynamic && mixed) {
            // Nested rules are not order-free in this sense; and a search for
            // contradictions and other conclusions together mostly runs in
            // positions full of contradictions, whose runs are built exactly
            // anyway, so a screen would only add work.
            Screening::None
        } else if cfg.dynamic {
            Screening::Dynamic {
                y_links: !cfg.nishio,
            }
        } else {
            let reach = super::unary::static_reach(geo, board);
            let removable = reach.nodes_where(|k| is_removable(board, k));
            Screening::Static { reach, removable }
        }
    }

    /// Whether the runs from the literals `from` (the branches of `group`,
    /// if any) may share a removable conclusion (`false` only when they
    /// surely do not).
    fn may_agree(
        &self,
        buf: &mut Buffers,
        geo: &Geometry,
        board: &Board,
        removable: &KeySet,
        from: impl IntoIterator<Item = usize>,
        group: Option<Group>,
    ) -> bool {
        match self {
            Screening::Static { reach, removable } => reach.common(removable, from),
            Screening::Groups(groups) => match group {
                Some(g) => groups.borrow_mut().may_agree(geo, board, from, g),
                None => true,
            },
            Screening::Dynamic { y_links } => {
                let mut acc = *removable;
                for k in from {
                    let Some(bits) = buf.fast(geo, board, *y_links, k) else {
                        // A broken run stops early, at a point that depends on
                        // the order: only the exact run tells.
                        return true;
                    };
                    if !and_into(&mut acc, bits) {
                        return false;
                    }
                }
                acc.iter().any(|&w| w != 0)
            }
            Screening::None => true,
        }
    }

    /// Whether the cell forcing chains of cell `c` may conclude anything.
    fn cell_wanted(&self, c: usize) -> bool {
        match self {
            Screening::Groups(groups) => groups.borrow().cell(c),
            _ => true,
        }
    }

    /// Whether the region forcing chains of digit `d` in house `h` may
    /// conclude anything.
    fn region_wanted(&self, h: usize, d: usize) -> bool {
        match self {
            Screening::Groups(groups) => groups.borrow().region(h, d),
            _ => true,
        }
    }

    /// Whether the run from literal `k` may meet a contradiction.
    fn may_clash(&self, buf: &mut Buffers, geo: &Geometry, board: &Board, k: usize) -> bool {
        match self {
            Screening::Dynamic { y_links: false } => single_digit_clash(geo, board, k),
            Screening::Dynamic { y_links } => buf.may_clash(geo, board, *y_links, k),
            _ => true,
        }
    }
}

/// Which literals of one digit meet a contradiction over single-digit links
/// (Nishio's runs), for the digit's places last asked on this thread: such a
/// run reads only that digit's places, so a digit a step left alone keeps its
/// answers from one search to the next.
struct DigitClashes {
    houses: Vec<u8>,
    places: u128,
    /// Per truth (off, on): the cells whose literal has been asked, and of
    /// those the ones that meet a contradiction.
    asked: [u128; 2],
    clash: [u128; 2],
}

thread_local! {
    static DIGIT_CLASHES: std::cell::RefCell<[Option<DigitClashes>; 9]> =
        const { std::cell::RefCell::new([const { None }; 9]) };
}

/// Whether the dynamic run from literal `k` over single-digit links meets a
/// contradiction (the order-free outcome of [`super::fixpoint`], kept per
/// digit).
fn single_digit_clash(geo: &Geometry, board: &Board, k: usize) -> bool {
    let (c, d, on) = unkey(k);
    DIGIT_CLASHES.with(|all| {
        let mut all = all.borrow_mut();
        let entry = &mut all[d];
        let fresh = match entry {
            Some(e) => e.places != board.digits[d] || e.houses != geo.houses,
            None => true,
        };
        if fresh {
            *entry = Some(DigitClashes {
                houses: geo.houses.clone(),
                places: board.digits[d],
                asked: [0; 2],
                clash: [0; 2],
            });
        }
        let Some(e) = entry.as_mut() else {
            unreachable!("entry set above")
        };
        let bit = 1u128 << c;
        let t = on as usize;
        if e.asked[t] & bit == 0 {
            let mut keys = [0u64; KEY_WORDS];
            if super::fixpoint::clashes(geo, board, false, (c, d, on), &mut keys) {
                e.clash[t] |= bit;
            }
            e.asked[t] |= bit;
        }
        e.clash[t] & bit != 0
    })
}

pub(crate) fn find(
    geo: &Geometry,
    board: &Board,
    cfg: &Config,
    sink: &mut Sink,
    buf: &mut Buffers,
) {
    find_in(geo, board, cfg, sink, buf, None);
}

/// As [`find`], for a static search: with `groups`, only in the groups
/// named there (a nested search on a run's board, see
/// `new_links::groups`).
pub(crate) fn find_in(
    geo: &Geometry,
    board: &Board,
    cfg: &Config,
    sink: &mut Sink,
    buf: &mut Buffers,
    groups: Option<Box<super::new_links::Groups>>,
) {
    let rules = Rules {
        dynamic: cfg.dynamic,
        y_links: !cfg.nishio,
        level: cfg.level,
    };
    let mut eng = Engine::new(geo, *board, rules);
    buf.start(geo, board, rules);
    let k = cfg.kinds;
    let removable = removable_keys(board);
    let screen = match groups {
        Some(g) if !cfg.dynamic => Screening::Groups(std::cell::RefCell::new(g)),
        _ => Screening::new(geo, board, cfg),
    };
    let do_contradiction = (cfg.dynamic || cfg.nishio) && k.contradiction;
    for c in 0..81 {
        // One cell's assumptions take up to tens of milliseconds on the
        // hardest positions: the caller's interrupt is asked before each.
        if sudoku_core::interrupt::requested() {
            return;
        }
        let m = board.cells[c];
        let card = m.count_ones();
        if !(card > 2 || (card > 1 && cfg.dynamic)) {
            continue;
        }
        let do_double = card >= 3 && !cfg.nishio && cfg.dynamic && k.double;
        for d in digits_of(m) {
            let (kon, koff) = (key(c, d, true), key(c, d, false));
            if do_contradiction && screen.may_clash(buf, geo, board, kon) {
                buf.ensure(&mut eng, c, d);
                let run = buf.on(c, d);
                if let Some((a, b)) = run.clash {
                    contradiction(sink, cfg, &run.chain, (a, b), koff, board);
                }
            }
            let off_needed = (do_contradiction && screen.may_clash(buf, geo, board, koff))
                || (do_double && screen.may_agree(buf, geo, board, &removable, [kon, koff], None));
            if off_needed {
                let off = buf.ensure_off(&mut eng, c, d);
                if do_contradiction && let Some((a, b)) = off.clash {
                    contradiction(sink, cfg, &off.chain, (a, b), kon, board);
                }
                if do_double {
                    buf.ensure(&mut eng, c, d);
                    let off = buf.off_of(c, d);
                    double(
                        sink,
                        cfg,
                        &buf.on(c, d).chain,
                        &off.chain,
                        board,
                        &removable,
                    );
                }
            }
            if !cfg.nishio && k.region {
                let ctx = Screen {
                    removable: &removable,
                    screening: &screen,
                };
                region(&mut eng, sink, cfg, c, d, buf, board, &ctx);
            }
            if sink.done() {
                return;
            }
        }
        if !cfg.nishio && k.cell && (card == 2 || (cfg.multiple && card > 2)) {
            if !screen.cell_wanted(c)
                || !screen.may_agree(
                    buf,
                    geo,
                    board,
                    &removable,
                    digits_of(m).map(|e| key(c, e, true)),
                    Some(Group::Cell(c)),
                )
            {
                continue;
            }
            for e in digits_of(m) {
                buf.ensure(&mut eng, c, e);
            }
            cell_reduction(sink, cfg, c, buf, board, &removable);
            if sink.done() {
                return;
            }
        }
    }
}

/// What screens region and cell conclusions before they are priced.
struct Screen<'a> {
    removable: &'a KeySet,
    screening: &'a Screening,
}

/// What a multiple-chain hint concludes: which of the configuration's
/// techniques, its kind, and SE's sort key.
struct Conclusion {
    slot: usize,
    kind: ForcingKind,
    sort_key: u8,
}

/// Prices a hint whose chains end in `ends` (per branch: its run and target
/// nodes; a contradiction has one branch with two) and concludes the literal
/// `k`, and offers it to `sink` if it is worth anything and could be kept.
fn offer(
    sink: &mut Sink,
    cfg: &Config,
    what: Conclusion,
    ends: &[(&Chain, &[u32])],
    k: usize,
    board: &Board,
) {
    let removable = hint::removable_of(&board.cells, k);
    if removable.is_empty() {
        return;
    }
    // Priced from below first: each chain has at least one literal more
    // than the links of its longest path of parents, and the difficulty
    // grows with the complexity, so a hint that would not be kept at this
    // price is not kept at its own (and counts the same as offered).
    let least: usize = ends
        .iter()
        .flat_map(|&(r, ts)| {
            ts.iter()
                .map(move |&t| usize::from(r.nodes[t as usize].depth) + 1)
        })
        .sum();
    let floor = (
        cfg.base() + hint::se_length_increment(least),
        least,
        what.sort_key,
    );
    if !sink.wants(floor) || sink.redundant(floor, &removable) {
        return;
    }
    let targets: Vec<(&Chain, u32)> = ends
        .iter()
        .flat_map(|&(r, ts)| ts.iter().map(move |&t| (r, t)))
        .collect();
    let complexity = hint::complexity(&mut sink.marks, &targets);
    let difficulty = cfg.base() + hint::se_length_increment(complexity);
    let key = (difficulty, complexity, what.sort_key);
    if !sink.wants(key) || sink.redundant(key, &removable) {
        return;
    }
    let mut nested = Vec::new();
    let branches = ends
        .iter()
        .map(|&(r, ts)| hint::branch(r, ts, &mut nested))
        .collect();
    let h = hint::make(
        cfg.techniques[what.slot],
        what.kind,
        cfg.dynamic,
        cfg.level,
        branches,
        nested,
        hint::literal(k),
        &removable,
        difficulty,
        complexity,
        what.sort_key,
    );
    sink.offer(h, removable);
}

fn contradiction(
    sink: &mut Sink,
    cfg: &Config,
    run: &Chain,
    clash: (u32, u32),
    target: usize,
    board: &Board,
) {
    let what = Conclusion {
        slot: 0,
        kind: ForcingKind::Contradiction,
        sort_key: 7,
    };
    offer(
        sink,
        cfg,
        what,
        &[(run, &[clash.0, clash.1])],
        target,
        board,
    );
}

fn double(
    sink: &mut Sink,
    cfg: &Config,
    on_run: &Chain,
    off_run: &Chain,
    board: &Board,
    removable: &KeySet,
) {
    let mut both = *removable;
    if !and_into(&mut both, &on_run.bits) || !and_into(&mut both, &off_run.bits) {
        return;
    }
    for want_on in [true, false] {
        for p in on_run.registered(want_on) {
            let k = on_run.nodes[p as usize].key as usize;
            if !has(&both, k) {
                continue;
            }
            let Some(q) = off_run.get(k) else { continue };
            let what = Conclusion {
                slot: 1,
                kind: ForcingKind::DoubleImplication,
                sort_key: 1,
            };
            offer(
                sink,
                cfg,
                what,
                &[(on_run, &[p]), (off_run, &[q])],
                k,
                board,
            );
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn region(
    eng: &mut Engine,
    sink: &mut Sink,
    cfg: &Config,
    c: usize,
    d: usize,
    buf: &mut Buffers,
    board: &Board,
    screen: &Screen,
) {
    let geo = eng.geo;
    for &h in geo.houses_of(c) {
        let places = geo.mask[h as usize] & board.digits[d];
        let card = places.count_ones();
        if !(card == 2 || (cfg.multiple && card > 2)) {
            continue;
        }
        if places.trailing_zeros() as usize != c {
            continue;
        }
        let from = super::board::cells_of(places).map(|x| key(x, d, true));
        if !screen.screening.region_wanted(h as usize, d)
            || !screen.screening.may_agree(
                buf,
                geo,
                board,
                screen.removable,
                from,
                Some(Group::Region(h as usize, d)),
            )
        {
            continue;
        }
        buf.ensure(eng, c, d);
        let others: Vec<usize> = super::board::cells_of(places & !(1u128 << c)).collect();
        for &x in &others {
            buf.ensure(eng, x, d);
        }
        let on_run = &buf.on(c, d).chain;
        let runs: Vec<&Chain> = others.iter().map(|&x| &buf.on(x, d).chain).collect();
        let mut all = *screen.removable;
        if !and_into(&mut all, &on_run.bits) || !runs.iter().all(|r| and_into(&mut all, &r.bits)) {
            continue;
        }
        for want_on in [true, false] {
            for p in on_run.registered(want_on) {
                let k = on_run.nodes[p as usize].key as usize;
                if !has(&all, k) {
                    continue;
                }
                let Some(qs) = runs.iter().map(|r| r.get(k)).collect::<Option<Vec<u32>>>() else {
                    continue;
                };
                let mut ends: Vec<(&Chain, &[u32])> = vec![(on_run, std::slice::from_ref(&p))];
                ends.extend(
                    runs.iter()
                        .zip(&qs)
                        .map(|(&r, q)| (r, std::slice::from_ref(q))),
                );
                let what = Conclusion {
                    slot: 3,
                    kind: ForcingKind::Region {
                        house: hint_house(h),
                        digit: hint::literal(key(c, d, true)).digit,
                    },
                    sort_key: 6,
                };
                offer(sink, cfg, what, &ends, k, board);
            }
        }
    }
}

fn hint_house(h: u8) -> sudoku_core::House {
    sudoku_core::House::new(h as usize).unwrap_or_else(|| unreachable!("house index {h} < 38"))
}

fn cell_reduction(
    sink: &mut Sink,
    cfg: &Config,
    c: usize,
    buf: &Buffers,
    board: &Board,
    removable: &KeySet,
) {
    let digits: Vec<usize> = digits_of(board.cells[c]).collect();
    let Some(&first) = digits.first() else {
        return;
    };
    let runs: Vec<&Chain> = digits.iter().map(|&e| &buf.on(c, e).chain).collect();
    let mut all = *removable;
    if !runs.iter().all(|r| and_into(&mut all, &r.bits)) {
        return;
    }
    for want_on in [true, false] {
        for p in runs[0].registered(want_on) {
            let k = runs[0].nodes[p as usize].key as usize;
            if !has(&all, k) {
                continue;
            }
            let Some(qs) = runs.iter().map(|r| r.get(k)).collect::<Option<Vec<u32>>>() else {
                continue;
            };
            let ends: Vec<(&Chain, &[u32])> = runs
                .iter()
                .zip(&qs)
                .map(|(&r, q)| (r, std::slice::from_ref(q)))
                .collect();
            let what = Conclusion {
                slot: 2,
                kind: ForcingKind::Cell {
                    cell: hint::literal(key(c, first, true)).cell,
                },
                sort_key: 5,
            };
            offer(sink, cfg, what, &ends, k, board);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::als::hunt;
    use sudoku_core::Variant;

    /// The per-digit answers kept from one position to the next agree with
    /// the fixpoint computed afresh, along the walks of hard puzzles (where
    /// most steps leave most digits alone).
    #[test]
    fn kept_single_digit_clashes_agree_with_fresh_ones() {
        let (mut asked, mut clashing) = (0, 0);
        for puzzle in hunt::puzzles("Extreme").iter().take(3) {
            hunt::walk(puzzle, Variant::Standard, &mut |pos| {
                let geo = Geometry::new(pos.variant());
                let board = Board::of(pos);
                let mut keys = [0u64; KEY_WORDS];
                for c in 0..81 {
                    for d in digits_of(board.cells[c]) {
                        for on in [true, false] {
                            let fresh = super::super::fixpoint::clashes(
                                &geo,
                                &board,
                                false,
                                (c, d, on),
                                &mut keys,
                            );
                            assert_eq!(single_digit_clash(&geo, &board, key(c, d, on)), fresh);
                            asked += 1;
                            clashing += usize::from(fresh);
                        }
                    }
                }
                false
            });
        }
        assert!(
            asked > 10_000 && clashing > 100,
            "{asked} asked, {clashing} clashing"
        );
    }

    /// The removable literals read off the cells are exactly those the
    /// definition accepts, along the walks of hard puzzles (naked singles
    /// left in place included).
    #[test]
    fn removable_keys_are_the_removable_literals() {
        let (mut boards, mut kept) = (0, 0);
        for puzzle in hunt::puzzles("Extreme").iter().take(2) {
            hunt::walk(puzzle, Variant::Standard, &mut |pos| {
                let board = Board::of(pos);
                let set = removable_keys(&board);
                for k in 0..super::super::engine::KEYS {
                    assert_eq!(has(&set, k), is_removable(&board, k), "literal {k}");
                    kept += usize::from(has(&set, k));
                }
                boards += 1;
                false
            });
        }
        assert!(
            boards > 20 && kept > 1_000,
            "{boards} boards, {kept} literals"
        );
    }
}
