//! Sudoku Explainer's producers in its order, over the logic crate's finders.
//!
//! Each producer asks one or more finders of the catalogue, keeps the hits
//! Sudoku Explainer's producer would report (its conditions: how many empty
//! cells a house needs for a subset, how many places a fish digit must miss,
//! a "direct" technique's hidden single), orders them as its scan does
//! (houses box, column, row; house by index; cell or digit tuples by their bit
//! mask) and prices them by its `getDifficulty`. The walk takes the first hint
//! of the first producer that has one: the ordered list of producers below
//! (`Producers::first`) and that pick rule are the SE scale. A rule that is
//! one technique of the catalogue is priced by that entry's `se` value (the
//! one place it is written); the rules SE prices by the hint's shape (hidden
//! singles by house, unique loops and BUG types, the chaining producers by
//! chain length) compute it here.
//!
//! The order, from Sudoku Explainer 1.2.1's solver: hidden single (1.0 full
//! house, 1.2 in a box, 1.5 in a line), direct pointing (1.7) and claiming
//! (1.9), direct hidden pair (2.0), naked single (2.3), direct hidden triplet
//! (2.5), pointing (2.6) and claiming (2.8), naked pair (3.0), X-wing (3.2),
//! hidden pair (3.4), naked triplet (3.6), swordfish (3.8), hidden triplet
//! (4.0), XY-wing (4.2), XYZ-wing (4.4), unique loops (4.5 + 0.1–0.3 by
//! length, + the subset of type 3), naked quad (5.0), jellyfish (5.2), hidden
//! quad (5.4), BUG (5.6 type 1, 5.7 types 2 and 4, 5.7 + the subset of type
//! 3), aligned pair exclusion (6.2), then the chaining producers of the
//! forcing-chain engine (6.5 and up), aligned triplet exclusion (7.5) between
//! the first two of them.

use std::cell::OnceCell;
use sudoku_core::{Cell, CellSet, Digit, DigitSet, House, HouseKind, Variant};
use sudoku_logic::{
    Candidates, ChainingMode, Detail, FindMode, GraveKind, LoopKind, Placement, Step, Technique,
};

/// The rule of Sudoku Explainer that gave a hint (its producer, by name).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SeRule {
    /// Full house or hidden single.
    HiddenSingle,
    /// Pointing whose eliminations leave a hidden single.
    DirectPointing,
    /// Claiming whose eliminations leave a hidden single.
    DirectClaiming,
    /// Hidden pair whose eliminations leave a hidden single.
    DirectHiddenPair,
    /// Naked single.
    NakedSingle,
    /// Hidden triplet whose eliminations leave a hidden single.
    DirectHiddenTriplet,
    /// Pointing.
    Pointing,
    /// Claiming.
    Claiming,
    /// Naked pair.
    NakedPair,
    /// X-wing.
    XWing,
    /// Hidden pair.
    HiddenPair,
    /// Naked triplet.
    NakedTriplet,
    /// Swordfish.
    Swordfish,
    /// Hidden triplet.
    HiddenTriplet,
    /// XY-wing.
    XyWing,
    /// XYZ-wing.
    XyzWing,
    /// Unique rectangle or loop.
    UniqueLoop,
    /// Naked quad.
    NakedQuad,
    /// Jellyfish.
    Jellyfish,
    /// Hidden quad.
    HiddenQuad,
    /// Bivalue universal grave.
    Bug,
    /// Aligned pair exclusion.
    AlignedPairExclusion,
    /// Aligned triplet exclusion.
    AlignedTripletExclusion,
    /// Forcing chains and cycles (X-, Y-, XY-cycles and forcing chains).
    ForcingChainCycle,
    /// Nishio forcing chains.
    Nishio,
    /// Multiple (cell and region) forcing chains.
    MultipleForcingChain,
    /// Dynamic forcing chains.
    DynamicForcingChain,
    /// Dynamic forcing chains (+).
    DynamicForcingChainPlus,
    /// Nested forcing chains.
    NestedForcingChain,
}

impl SeRule {
    /// Whether the rule is one of Sudoku Explainer's direct techniques: its
    /// hint places the single its pattern leaves and removes nothing.
    pub fn is_direct(self) -> bool {
        matches!(
            self,
            SeRule::DirectPointing
                | SeRule::DirectClaiming
                | SeRule::DirectHiddenPair
                | SeRule::DirectHiddenTriplet
        )
    }

    /// Sudoku Explainer's English name of the rule.
    pub fn name(self) -> &'static str {
        match self {
            SeRule::HiddenSingle => "Hidden Single",
            SeRule::DirectPointing => "Direct Pointing",
            SeRule::DirectClaiming => "Direct Claiming",
            SeRule::DirectHiddenPair => "Direct Hidden Pair",
            SeRule::NakedSingle => "Naked Single",
            SeRule::DirectHiddenTriplet => "Direct Hidden Triplet",
            SeRule::Pointing => "Pointing",
            SeRule::Claiming => "Claiming",
            SeRule::NakedPair => "Naked Pair",
            SeRule::XWing => "X-Wing",
            SeRule::HiddenPair => "Hidden Pair",
            SeRule::NakedTriplet => "Naked Triplet",
            SeRule::Swordfish => "Swordfish",
            SeRule::HiddenTriplet => "Hidden Triplet",
            SeRule::XyWing => "XY-Wing",
            SeRule::XyzWing => "XYZ-Wing",
            SeRule::UniqueLoop => "Unique Loop",
            SeRule::NakedQuad => "Naked Quad",
            SeRule::Jellyfish => "Jellyfish",
            SeRule::HiddenQuad => "Hidden Quad",
            SeRule::Bug => "Bivalue Universal Grave",
            SeRule::AlignedPairExclusion => "Aligned Pair Exclusion",
            SeRule::AlignedTripletExclusion => "Aligned Triplet Exclusion",
            SeRule::ForcingChainCycle => "Forcing Chains & Cycles",
            SeRule::Nishio => "Nishio Forcing Chains",
            SeRule::MultipleForcingChain => "Multiple Forcing Chains",
            SeRule::DynamicForcingChain => "Dynamic Forcing Chains",
            SeRule::DynamicForcingChainPlus => "Dynamic Forcing Chains (+)",
            SeRule::NestedForcingChain => "Nested Forcing Chains",
        }
    }

    /// The stable kebab-case name (JSON).
    pub fn key(self) -> &'static str {
        match self {
            SeRule::HiddenSingle => "hidden-single",
            SeRule::DirectPointing => "direct-pointing",
            SeRule::DirectClaiming => "direct-claiming",
            SeRule::DirectHiddenPair => "direct-hidden-pair",
            SeRule::NakedSingle => "naked-single",
            SeRule::DirectHiddenTriplet => "direct-hidden-triplet",
            SeRule::Pointing => "pointing",
            SeRule::Claiming => "claiming",
            SeRule::NakedPair => "naked-pair",
            SeRule::XWing => "x-wing",
            SeRule::HiddenPair => "hidden-pair",
            SeRule::NakedTriplet => "naked-triplet",
            SeRule::Swordfish => "swordfish",
            SeRule::HiddenTriplet => "hidden-triplet",
            SeRule::XyWing => "xy-wing",
            SeRule::XyzWing => "xyz-wing",
            SeRule::UniqueLoop => "unique-loop",
            SeRule::NakedQuad => "naked-quad",
            SeRule::Jellyfish => "jellyfish",
            SeRule::HiddenQuad => "hidden-quad",
            SeRule::Bug => "bivalue-universal-grave",
            SeRule::AlignedPairExclusion => "aligned-pair-exclusion",
            SeRule::AlignedTripletExclusion => "aligned-triplet-exclusion",
            SeRule::ForcingChainCycle => "forcing-chains-and-cycles",
            SeRule::Nishio => "nishio-forcing-chains",
            SeRule::MultipleForcingChain => "multiple-forcing-chains",
            SeRule::DynamicForcingChain => "dynamic-forcing-chains",
            SeRule::DynamicForcingChainPlus => "dynamic-forcing-chains-plus",
            SeRule::NestedForcingChain => "nested-forcing-chains",
        }
    }
}

/// A hint: the step, its rule and its difficulty.
pub(crate) struct Hint {
    pub step: Step,
    pub rule: SeRule,
    pub difficulty: f64,
}

/// A subset's place in Sudoku Explainer's scan: the house, then the mask.
type SubsetKey = ((usize, usize), u32);

/// A subset as Sudoku Explainer sees it: both views in one house.
struct Subset {
    step: Step,
    house: House,
    naked_cells: CellSet,
    hidden_cells: CellSet,
    hidden_digits: DigitSet,
}

/// How many producers Sudoku Explainer asks, in its order: hidden single,
/// direct pointing/claiming, direct hidden pair, naked single, direct hidden
/// triple, pointing/claiming, naked pair, X-wing, hidden pair, naked triple,
/// swordfish, hidden triple, XY-wing, XYZ-wing, unique loops, naked quad,
/// jellyfish, hidden quad, BUG, aligned pair exclusion, the chains.
pub(crate) const PRODUCERS: usize = 21;

/// Sudoku Explainer's producers, asked on one position at a time (finder
/// results shared between them until [`Producers::reset`]).
#[derive(Default)]
pub(crate) struct Producers {
    subsets: OnceCell<Vec<Subset>>,
    locking: OnceCell<Vec<Step>>,
}

/// Sudoku Explainer's order of house kinds in its scans: box, column, row.
fn kind_rank(kind: HouseKind) -> usize {
    match kind {
        HouseKind::Box => 0,
        HouseKind::Column => 1,
        HouseKind::Row => 2,
        _ => 3,
    }
}

/// A house's place in Sudoku Explainer's scans.
fn house_key(h: House) -> (usize, usize) {
    (kind_rank(h.kind()), h.index())
}

/// The position of `cell` in `house` (its `getCell` index).
fn index_in(house: House, cell: Cell) -> usize {
    house.cells().iter().position(|&c| c == cell).unwrap_or(9)
}

/// The bit mask of `cells` by their positions in `house`.
fn cell_mask(house: House, cells: CellSet) -> u32 {
    cells.iter().map(|c| 1u32 << index_in(house, c)).sum()
}

fn digit_mask(digits: DigitSet) -> u32 {
    digits.iter().map(|d| 1u32 << d.index()).sum()
}

/// Sudoku Explainer's price of a hint of `t`: the SE value of its catalogue
/// entry (the one place it is written). Every technique a producer prices this
/// way has one (`every_priced_technique_has_its_se_value`); a missing one
/// would price its hints beyond every other, so the walk would take them last.
fn price(t: Technique) -> f64 {
    t.info().se.unwrap_or(f64::INFINITY)
}

/// The techniques whose hints [`price`] prices.
#[cfg(test)]
const PRICED: [Technique; 19] = [
    Technique::NakedSingle,
    Technique::DirectPointing,
    Technique::DirectClaiming,
    Technique::DirectHiddenPair,
    Technique::Pointing,
    Technique::Claiming,
    Technique::NakedPair,
    Technique::NakedTriple,
    Technique::NakedQuad,
    Technique::HiddenPair,
    Technique::HiddenTriple,
    Technique::HiddenQuad,
    Technique::XWing,
    Technique::Swordfish,
    Technique::Jellyfish,
    Technique::XyWing,
    Technique::XyzWing,
    Technique::AlignedPairExclusion,
    Technique::AlignedTripletExclusion,
];

fn find(t: Technique, pos: &Candidates) -> Vec<Step> {
    let mut out = Vec::new();
    t.info().find(pos, &mut out, FindMode::All);
    out
}

/// The first hit of `t` in its finder's order (the finders used here report
/// in Sudoku Explainer's order, so it is the one SE applies).
fn find_first(t: Technique, pos: &Candidates) -> Option<Step> {
    let mut out = Vec::new();
    t.info().find(pos, &mut out, FindMode::First);
    out.into_iter().next()
}

impl Producers {
    /// Forgets the finder results of the last position.
    pub(crate) fn reset(&mut self) {
        self.subsets = OnceCell::new();
        self.locking = OnceCell::new();
    }

    /// The first hint of producer `row` (in Sudoku Explainer's order, see
    /// [`PRODUCERS`]) in `pos`, finder results shared with the other
    /// producers asked on the same position.
    pub(crate) fn produce(&mut self, row: usize, pos: &Candidates) -> Option<Hint> {
        match row {
            0 => self.hidden_single(pos),
            1 => self.direct_locking(pos),
            2 => self.direct_hidden(pos, 2),
            3 => self.naked_single(pos),
            4 => self.direct_hidden(pos, 3),
            5 => self.locking(pos),
            6 => self.naked(pos, 2),
            7 => self.fish(pos, 2),
            8 => self.hidden(pos, 2),
            9 => self.naked(pos, 3),
            10 => self.fish(pos, 3),
            11 => self.hidden(pos, 3),
            12 => self.wing(pos, Technique::XyWing, SeRule::XyWing),
            13 => self.wing(pos, Technique::XyzWing, SeRule::XyzWing),
            14 => self.unique_loop(pos),
            15 => self.naked(pos, 4),
            16 => self.fish(pos, 4),
            17 => self.hidden(pos, 4),
            18 => self.bug(pos),
            19 => self.aligned_pair(pos),
            20 => self.chains(pos),
            _ => None,
        }
    }
    fn hidden_single(&mut self, pos: &Candidates) -> Option<Hint> {
        let mut hits = find(Technique::FullHouse, pos);
        hits.extend(find(Technique::HiddenSingle, pos));
        let mut best: Option<((usize, usize, usize, u8), Hint)> = None;
        for step in hits {
            let Some(p) = step.placements.first().copied() else {
                continue;
            };
            for &h in pos.variant().houses_of(p.cell) {
                let region = Variant::house_cells(h);
                if (pos.cells_with(p.digit) & region).len() != 1 {
                    continue;
                }
                let alone = (pos.empty_cells() & region).len() == 1;
                let (kind, index) = house_key(h);
                let key = (usize::from(!alone), kind, index, p.digit.get());
                if best.as_ref().is_some_and(|(k, _)| *k <= key) {
                    continue;
                }
                let difficulty = if alone {
                    1.0
                } else if h.kind() == HouseKind::Box {
                    1.2
                } else {
                    1.5
                };
                let t = if alone {
                    Technique::FullHouse
                } else {
                    Technique::HiddenSingle
                };
                let mut s = Step::new(t, t.info().points);
                s.placements.push(p);
                s.cells = CellSet::single(p.cell);
                s.digits = DigitSet::single(p.digit);
                s.houses.push(h);
                s.detail = Detail::Single(sudoku_logic::Single {
                    house: Some(h),
                    on_candidates: true,
                });
                best = Some((
                    key,
                    Hint {
                        step: s,
                        rule: SeRule::HiddenSingle,
                        difficulty,
                    },
                ));
            }
        }
        best.map(|(_, h)| h)
    }

    fn naked_single(&mut self, pos: &Candidates) -> Option<Hint> {
        let step = find(Technique::NakedSingle, pos)
            .into_iter()
            .min_by_key(|s| s.placements.first().map(|p| p.cell.index()))?;
        Some(Hint {
            step,
            rule: SeRule::NakedSingle,
            difficulty: price(Technique::NakedSingle),
        })
    }

    /// Locked candidates between a box and a line with places of the digit
    /// in the base house, in Sudoku Explainer's order: box→column, box→row,
    /// column→box, row→box; base index, cover index, digit.
    fn locking_hits(&self, pos: &Candidates) -> &Vec<Step> {
        self.locking.get_or_init(|| {
            let mut hits = find(Technique::Pointing, pos);
            hits.extend(find(Technique::Claiming, pos));
            hits.extend(find(Technique::LockedCandidates, pos));
            let key = |s: &Step| match s.detail {
                Detail::Intersection(sudoku_logic::Intersection { base, cover, digit }) => {
                    let pair = match (base.kind(), cover.kind()) {
                        (HouseKind::Box, HouseKind::Column) => 0,
                        (HouseKind::Box, HouseKind::Row) => 1,
                        (HouseKind::Column, HouseKind::Box) => 2,
                        (HouseKind::Row, HouseKind::Box) => 3,
                        _ => 4,
                    };
                    (pair, base.index(), cover.index(), digit.get())
                }
                _ => (9, 0, 0, 0),
            };
            hits.retain(|s| match s.detail {
                Detail::Intersection(sudoku_logic::Intersection { base, digit, .. }) => {
                    (pos.cells_with(digit) & Variant::house_cells(base)).len() > 1
                }
                _ => false,
            });
            hits.sort_by_key(key);
            hits
        })
    }

    fn direct_locking(&mut self, pos: &Candidates) -> Option<Hint> {
        for s in self.locking_hits(pos) {
            let Detail::Intersection(sudoku_logic::Intersection { base, cover, digit }) = s.detail
            else {
                continue;
            };
            let cover_cells = Variant::house_cells(cover);
            let places = pos.cells_with(digit);
            let mut others: Vec<House> = pos
                .variant()
                .houses()
                .iter()
                .copied()
                .filter(|h| h.kind() == base.kind() && *h != base)
                .filter(|h| !(Variant::house_cells(*h) & cover_cells).is_empty())
                .collect();
            others.sort_by_key(|h| h.index());
            for h in others {
                let there = places & Variant::house_cells(h);
                let left = there - cover_cells;
                if there.len() > 1 && left.len() == 1 {
                    let Some(cell) = left.first() else { continue };
                    let pointing = base.kind() == HouseKind::Box;
                    let mut step = s.clone();
                    step.technique = if pointing {
                        Technique::DirectPointing
                    } else {
                        Technique::DirectClaiming
                    };
                    step.placements.push(Placement { cell, digit });
                    step.houses.push(h);
                    let difficulty = price(step.technique);
                    return Some(Hint {
                        step,
                        rule: if pointing {
                            SeRule::DirectPointing
                        } else {
                            SeRule::DirectClaiming
                        },
                        difficulty,
                    });
                }
            }
        }
        None
    }

    fn locking(&mut self, pos: &Candidates) -> Option<Hint> {
        let s = self.locking_hits(pos).first()?.clone();
        let Detail::Intersection(sudoku_logic::Intersection { base, .. }) = s.detail else {
            return None;
        };
        let pointing = base.kind() == HouseKind::Box;
        Some(Hint {
            step: s,
            rule: if pointing {
                SeRule::Pointing
            } else {
                SeRule::Claiming
            },
            difficulty: price(if pointing {
                Technique::Pointing
            } else {
                Technique::Claiming
            }),
        })
    }

    /// Every subset of the position with both views, from the naked and
    /// hidden subset finders of every size (each reports a pattern once,
    /// under its cheaper view).
    fn subsets(&self, pos: &Candidates) -> &Vec<Subset> {
        self.subsets.get_or_init(|| {
            let mut out: Vec<Subset> = Vec::new();
            let views = [
                sudoku_logic::SubsetView::Naked,
                sudoku_logic::SubsetView::Hidden,
            ];
            for t in views
                .into_iter()
                .flat_map(|v| (2..=7).map(move |n| sudoku_logic::subset_technique(v, n)))
            {
                for step in find(t, pos) {
                    let Detail::Subset(sudoku_logic::Subset {
                        house,
                        naked_cells,
                        hidden_cells,
                        hidden_digits,
                        ..
                    }) = step.detail
                    else {
                        continue;
                    };
                    if out
                        .iter()
                        .any(|s| s.house == house && s.naked_cells == naked_cells)
                    {
                        continue;
                    }
                    out.push(Subset {
                        step,
                        house,
                        naked_cells,
                        hidden_cells,
                        hidden_digits,
                    });
                }
            }
            // A naked single is the naked view of a subset of one cell; its
            // hidden view (the house's other empty cells) is a hidden pair or
            // triplet to Sudoku Explainer, which finds it before the naked
            // single. The subset finders leave these out.
            for single in find(Technique::NakedSingle, pos) {
                let Some(p) = single.placements.first().copied() else {
                    continue;
                };
                for &house in pos.variant().houses_of(p.cell) {
                    let empty = pos.empty_cells() & Variant::house_cells(house);
                    if !(3..=4).contains(&empty.len()) {
                        continue;
                    }
                    let hidden_cells = empty - CellSet::single(p.cell);
                    let mut hidden_digits = DigitSet::EMPTY;
                    for c in hidden_cells.iter() {
                        hidden_digits |= pos.candidates(c);
                    }
                    hidden_digits.remove(p.digit);
                    if hidden_digits.len() != hidden_cells.len() {
                        continue;
                    }
                    let t = if hidden_cells.len() == 2 {
                        Technique::HiddenPair
                    } else {
                        Technique::HiddenTriple
                    };
                    let mut step = Step::new(t, t.info().points);
                    for c in hidden_cells.iter() {
                        if pos.candidates(c).contains(p.digit) {
                            step.eliminations.push(sudoku_logic::Elimination {
                                cell: c,
                                digit: p.digit,
                            });
                        }
                    }
                    step.cells = hidden_cells;
                    step.digits = hidden_digits;
                    step.houses.push(house);
                    step.detail = Detail::Subset(sudoku_logic::Subset {
                        house,
                        view: sudoku_logic::SubsetView::Hidden,
                        naked_cells: CellSet::single(p.cell),
                        naked_digits: DigitSet::single(p.digit),
                        hidden_cells,
                        hidden_digits,
                    });
                    out.push(Subset {
                        step,
                        house,
                        naked_cells: CellSet::single(p.cell),
                        hidden_cells,
                        hidden_digits,
                    });
                }
            }
            out
        })
    }

    /// Whether every digit of `digits` has at least two places in `house`.
    fn spread(&self, pos: &Candidates, house: House, digits: DigitSet) -> bool {
        digits
            .iter()
            .all(|d| (pos.cells_with(d) & Variant::house_cells(house)).len() >= 2)
    }

    fn naked(&mut self, pos: &Candidates, n: usize) -> Option<Hint> {
        let best = self
            .subsets(pos)
            .iter()
            .filter(|s| s.naked_cells.len() == n)
            .filter(|s| (s.naked_cells | s.hidden_cells).len() >= 2 * n)
            .filter(|s| s.naked_cells.iter().all(|c| pos.candidates(c).len() >= 2))
            .min_by_key(|s| (house_key(s.house), cell_mask(s.house, s.naked_cells)))?;
        let (rule, t) = match n {
            2 => (SeRule::NakedPair, Technique::NakedPair),
            3 => (SeRule::NakedTriplet, Technique::NakedTriple),
            _ => (SeRule::NakedQuad, Technique::NakedQuad),
        };
        Some(Hint {
            step: in_view(&best.step, sudoku_logic::SubsetView::Naked, t),
            rule,
            difficulty: price(t),
        })
    }

    fn hidden(&mut self, pos: &Candidates, n: usize) -> Option<Hint> {
        let best = self
            .subsets(pos)
            .iter()
            .filter(|s| s.hidden_cells.len() == n)
            .filter(|s| (s.naked_cells | s.hidden_cells).len() > 2 * n)
            .filter(|s| self.spread(pos, s.house, s.hidden_digits))
            .min_by_key(|s| (house_key(s.house), digit_mask(s.hidden_digits)))?;
        let (rule, t) = match n {
            2 => (SeRule::HiddenPair, Technique::HiddenPair),
            3 => (SeRule::HiddenTriplet, Technique::HiddenTriple),
            _ => (SeRule::HiddenQuad, Technique::HiddenQuad),
        };
        Some(Hint {
            step: in_view(&best.step, sudoku_logic::SubsetView::Hidden, t),
            rule,
            difficulty: price(t),
        })
    }

    fn direct_hidden(&mut self, pos: &Candidates, n: usize) -> Option<Hint> {
        let mut hits: Vec<(SubsetKey, Hint)> = Vec::new();
        for s in self.subsets(pos) {
            if s.hidden_cells.len() != n || (s.naked_cells | s.hidden_cells).len() <= n {
                continue;
            }
            if !self.spread(pos, s.house, s.hidden_digits) {
                continue;
            }
            let region = Variant::house_cells(s.house);
            let single = Digit::ALL
                .into_iter()
                .filter(|d| !s.hidden_digits.contains(*d))
                .find_map(|d| {
                    let places = pos.cells_with(d) & region;
                    let left = places - s.hidden_cells;
                    (places.len() > 1 && left.len() == 1)
                        .then(|| left.first().map(|cell| Placement { cell, digit: d }))
                        .flatten()
                });
            let Some(p) = single else { continue };
            let mut step = s.step.clone();
            // Sudoku Explainer sees the hidden view.
            if let Detail::Subset(sudoku_logic::Subset { view, .. }) = &mut step.detail {
                *view = sudoku_logic::SubsetView::Hidden;
            }
            step.placements.push(p);
            // SE's direct hidden triplet (2.5) has no technique of its own
            // here: it is our hidden triple placing the single it leaves.
            let (t, rule, difficulty) = if n == 2 {
                let t = Technique::DirectHiddenPair;
                (t, SeRule::DirectHiddenPair, price(t))
            } else {
                (Technique::HiddenTriple, SeRule::DirectHiddenTriplet, 2.5)
            };
            step.technique = t;
            hits.push((
                (house_key(s.house), digit_mask(s.hidden_digits)),
                Hint {
                    step,
                    rule,
                    difficulty,
                },
            ));
        }
        hits.into_iter().min_by_key(|(k, _)| *k).map(|(_, h)| h)
    }

    fn fish(&mut self, pos: &Candidates, n: usize) -> Option<Hint> {
        let t = match n {
            2 => Technique::XWing,
            3 => Technique::Swordfish,
            _ => Technique::Jellyfish,
        };
        let mut hits = Vec::new();
        for step in find(t, pos) {
            let Detail::Fish(sudoku_logic::Fish { digit, base, .. }) = step.detail else {
                continue;
            };
            let placed = Cell::all().filter(|&c| pos.get(c) == Some(digit)).count();
            if placed + 2 * n > 9 {
                continue;
            }
            let places = pos.cells_with(digit);
            if base
                .iter()
                .any(|h| (places & Variant::house_cells(h)).len() < 2)
            {
                continue;
            }
            let Some(first) = base.iter().next() else {
                continue;
            };
            let kind = usize::from(first.kind() != HouseKind::Column);
            let mask: u32 = base.iter().map(|h| 1u32 << (h.index() % 9)).sum();
            let rule = match n {
                2 => SeRule::XWing,
                3 => SeRule::Swordfish,
                _ => SeRule::Jellyfish,
            };
            let difficulty = price(t);
            let key = (kind, mask, digit.get());
            hits.push((
                key,
                Hint {
                    step,
                    rule,
                    difficulty,
                },
            ));
        }
        hits.into_iter().min_by_key(|(k, _)| *k).map(|(_, h)| h)
    }

    fn wing(&mut self, pos: &Candidates, t: Technique, rule: SeRule) -> Option<Hint> {
        let step = find(t, pos).into_iter().next()?;
        Some(Hint {
            step,
            rule,
            difficulty: price(t),
        })
    }

    fn unique_loop(&mut self, pos: &Candidates) -> Option<Hint> {
        let hits: Vec<Hint> = find(Technique::UniqueLoop, pos)
            .into_iter()
            .map(|step| {
                let difficulty = loop_difficulty(&step);
                Hint {
                    step,
                    rule: SeRule::UniqueLoop,
                    difficulty,
                }
            })
            .collect();
        // Sorted by difficulty, then type, otherwise in the order found.
        let mut indexed: Vec<(usize, Hint)> = hits.into_iter().enumerate().collect();
        indexed.sort_by(|(i, a), (j, b)| {
            a.difficulty
                .total_cmp(&b.difficulty)
                .then(loop_type(&a.step).cmp(&loop_type(&b.step)))
                .then(i.cmp(j))
        });
        indexed.into_iter().next().map(|(_, h)| h)
    }

    fn bug(&mut self, pos: &Candidates) -> Option<Hint> {
        let step = find_first(Technique::BivalueGrave, pos)?;
        let difficulty = match &step.detail {
            Detail::BivalueGrave(sudoku_logic::BivalueGrave { kind, digits, .. }) => match kind {
                GraveKind::Type1 => 5.6,
                GraveKind::Type3 => tenth(5.7 + 0.1 * (digits.len() as f64 - 1.0)),
                GraveKind::Type2 | GraveKind::Type4 => 5.7,
            },
            _ => 5.7,
        };
        Some(Hint {
            step,
            rule: SeRule::Bug,
            difficulty,
        })
    }

    fn aligned_pair(&mut self, pos: &Candidates) -> Option<Hint> {
        let step = find_first(Technique::AlignedPairExclusion, pos)?;
        Some(Hint {
            step,
            rule: SeRule::AlignedPairExclusion,
            difficulty: price(Technique::AlignedPairExclusion),
        })
    }

    /// The chaining producers, from the forcing-chain engine, in Sudoku
    /// Explainer's order: forcing chains and cycles, Nishio, multiple,
    /// dynamic, dynamic (+), nested levels 2 to 5. The nested levels run
    /// only on puzzles the exact solver has found unique (serate rates no
    /// other kind): on a wide-open position of a puzzle with many solutions
    /// they would search for minutes.
    fn chains(&mut self, pos: &Candidates) -> Option<Hint> {
        for (i, mode) in ChainingMode::SE_ORDER.into_iter().enumerate() {
            if matches!(mode, ChainingMode::Nested(_)) && !pos.unique_assumed() {
                break;
            }
            // Aligned triplet exclusion sits between the first chaining
            // producer and Nishio.
            if i == 1
                && let Some(step) = find_first(Technique::AlignedTripletExclusion, pos)
            {
                return Some(Hint {
                    step,
                    rule: SeRule::AlignedTripletExclusion,
                    difficulty: price(Technique::AlignedTripletExclusion),
                });
            }
            if let Some(h) = sudoku_logic::first_chain_hint(pos, mode) {
                let rule = match mode {
                    ChainingMode::ForcingChainsAndCycles => SeRule::ForcingChainCycle,
                    ChainingMode::Nishio => SeRule::Nishio,
                    ChainingMode::Multiple => SeRule::MultipleForcingChain,
                    ChainingMode::Dynamic => SeRule::DynamicForcingChain,
                    ChainingMode::DynamicPlus => SeRule::DynamicForcingChainPlus,
                    ChainingMode::Nested(_) => SeRule::NestedForcingChain,
                };
                return Some(Hint {
                    step: h.step,
                    rule,
                    difficulty: h.se_difficulty,
                });
            }
        }
        None
    }
}

/// A subset step named and shown in the view Sudoku Explainer reports.
fn in_view(step: &Step, v: sudoku_logic::SubsetView, t: Technique) -> Step {
    let mut step = step.clone();
    step.technique = t;
    if let Detail::Subset(sudoku_logic::Subset { view, .. }) = &mut step.detail {
        *view = v;
    }
    step
}

/// Sudoku Explainer's type number of a unique-loop hit.
fn loop_type(step: &Step) -> u8 {
    match step.detail {
        Detail::UniqueLoop(sudoku_logic::UniqueLoop { kind, .. }) => match kind {
            LoopKind::Type1 => 1,
            LoopKind::Type2 => 2,
            LoopKind::Type3Naked | LoopKind::Type3Hidden => 3,
            LoopKind::Type4 | LoopKind::StrongLinks => 4,
        },
        _ => 9,
    }
}

/// Sudoku Explainer's difficulty of a unique-loop hit: 4.5, +0.1 for six
/// cells, +0.2 for eight, +0.5 for ten or more; type 3 adds 0.1 per subset
/// cell beyond the first (naked: its digits; hidden: its cells outside the
/// loop).
fn loop_difficulty(step: &Step) -> f64 {
    let Detail::UniqueLoop(sudoku_logic::UniqueLoop {
        kind,
        cells,
        digits,
        subset,
        ..
    }) = &step.detail
    else {
        return 4.5;
    };
    let n = cells.len();
    let mut d = 4.5;
    if n >= 10 {
        d += 0.3;
    }
    if n >= 8 {
        d += 0.2;
    } else if n >= 6 {
        d += 0.1;
    }
    match kind {
        LoopKind::Type3Naked => d += 0.1 * (digits.len() as f64 - 1.0),
        LoopKind::Type3Hidden => d += 0.1 * (subset.len() as f64 - 1.0),
        LoopKind::Type1 | LoopKind::Type2 | LoopKind::Type4 | LoopKind::StrongLinks => {}
    }
    tenth(d)
}

/// Rounds to one decimal, as Sudoku Explainer's figures are.
fn tenth(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every technique a producer prices from the catalogue has its SE value
    /// there, and it is Sudoku Explainer 1.2.1's (its solver's `getDifficulty`).
    #[test]
    fn every_priced_technique_has_its_se_value() {
        let serate = [
            2.3, 1.7, 1.9, 2.0, 2.6, 2.8, 3.0, 3.6, 5.0, 3.4, 4.0, 5.4, 3.2, 3.8, 5.2, 4.2, 4.4,
            6.2, 7.5,
        ];
        for (t, want) in PRICED.into_iter().zip(serate) {
            assert_eq!(t.info().se, Some(want), "{t}");
            assert_eq!(price(t), want, "{t}");
        }
    }
}
