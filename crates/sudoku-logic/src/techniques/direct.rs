//! The head-work behind the direct methods (the seed's C and D): facts a person
//! derives without writing candidates, and the singles those facts leave.
//!
//! Before candidates are written a person still knows where a digit *cannot*
//! go: next to its placed copies. The direct methods add facts that hold while
//! the exact places are unknown — a digit locked to one line of a box (the
//! seed's "(z)" marks), two digits sharing the same two cells of a house (an
//! obvious pair) — and look for a single those facts leave. Facts are derived
//! in rounds, breadth first: a fact of round k rests only on placed digits and
//! on facts of earlier rounds. A round records every fact that is new against
//! the state at its start, so the facts and their rounds do not depend on the
//! order in which houses are scanned.
//!
//! The seed's points grow with the number of reasons a single needs, so each
//! single gets its *smallest proofs*: the fewest facts that make the
//! exclusions it needs, each fact's own needs made by facts of earlier rounds.
//! Searching all of them (not taking the first found) keeps the points of an
//! isomorph of a puzzle the same.
//!
//! This module finds nothing by itself; `direct_locked` and `direct_pair` turn
//! its singles into steps.

use crate::Candidates;
use crate::step::{Detail, DirectKind, DirectReason, Placement, Step};
use crate::technique::{FindMode, Technique};
use crate::techniques::locked_candidates::pairs;
use std::sync::OnceLock;
use sudoku_core::{Cell, CellSet, Digit, DigitSet, House, HouseKind, Variant};

/// A house and the houses it meets in two or more cells (cover, its cells,
/// the intersection).
struct Group {
    base: House,
    cells: CellSet,
    covers: Vec<(House, CellSet, CellSet)>,
}

/// The groups of `variant`, computed once from the intersecting pairs.
fn groups(variant: Variant) -> &'static [Group] {
    static GROUPS: OnceLock<Vec<Vec<Group>>> = OnceLock::new();
    let all = GROUPS.get_or_init(|| {
        Variant::ALL
            .iter()
            .map(|&v| {
                let mut out: Vec<Group> = Vec::new();
                for p in pairs(v) {
                    let cover = (p.cover, Variant::house_cells(p.cover), p.meet);
                    match out.iter_mut().find(|g| g.base == p.base) {
                        Some(g) => g.covers.push(cover),
                        None => out.push(Group {
                            base: p.base,
                            cells: Variant::house_cells(p.base),
                            covers: vec![cover],
                        }),
                    }
                }
                out
            })
            .collect()
    });
    let i = Variant::ALL.iter().position(|&v| v == variant).unwrap_or(0);
    &all[i]
}

/// Which facts a derivation may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Facts {
    /// A digit locked from a box into another house (direct pointing).
    Pointing,
    /// A digit locked between any two intersecting houses (pointing, claiming
    /// and the variants' other intersections).
    Locked,
    /// Obvious pairs.
    Pairs,
}

/// Enough rounds for every chain the seed shows (up to 8 reasons were seen).
const MAX_ROUNDS: usize = 8;

/// Search nodes allowed per single when looking for all smallest proofs;
/// beyond it the first proof found stands.
const NODE_BUDGET: usize = 20_000;

/// A derived fact: what it says, the round it was found in, the exclusions it
/// needs (beyond the placed digits) and every exclusion it makes.
pub(crate) struct Fact {
    pub(crate) reason: DirectReason,
    round: usize,
    needs: Vec<(Digit, CellSet)>,
    effects: Vec<(Digit, CellSet)>,
}

impl Fact {
    fn makes(&self, digit: Digit, cell: Cell) -> bool {
        self.effects
            .iter()
            .any(|&(d, c)| d == digit && c.contains(cell))
    }
}

/// A single the facts leave.
pub(crate) struct Single {
    pub(crate) cell: Cell,
    pub(crate) digit: Digit,
    /// The house of a hidden single; `None` for a naked single.
    pub(crate) house: Option<House>,
    /// Every smallest proof: indices of its facts, ascending.
    pub(crate) proofs: Vec<Vec<u16>>,
}

/// The facts of one position and what they exclude.
pub(crate) struct Derivation<'a> {
    pos: &'a Candidates,
    /// Per digit, the cells it may still go to after the facts.
    pub(crate) live: [CellSet; 9],
    /// The facts in derivation order.
    pub(crate) facts: Vec<Fact>,
    /// Per house index, the digits not yet placed there.
    missing: [DigitSet; House::COUNT],
    /// The round being derived.
    round: usize,
    /// Whether facts are kept (else only their exclusions are applied: for
    /// counting, which needs no proofs).
    record: bool,
    /// How many facts were found, kept or not.
    found: usize,
}

impl<'a> Derivation<'a> {
    /// Derives every fact of kind `facts` in `pos`, round by round, until a
    /// round adds nothing.
    pub(crate) fn run(pos: &'a Candidates, facts: Facts) -> Derivation<'a> {
        Derivation::derive(pos, facts, true)
    }

    fn derive(pos: &'a Candidates, facts: Facts, record: bool) -> Derivation<'a> {
        let mut d = Derivation {
            pos,
            live: std::array::from_fn(|i| pos.cells_with(Digit::ALL[i])),
            facts: Vec::new(),
            missing: [DigitSet::EMPTY; House::COUNT],
            round: 0,
            record,
            found: 0,
        };
        for &house in pos.variant().houses() {
            if let Some(m) = d.missing.get_mut(house.index()) {
                *m = pos.placed_in(house).complement();
            }
        }
        // Exclusions only grow, so a house can only start to yield a fact when
        // it lost a place in the round before: later rounds look at those.
        let mut changed = [CellSet::ALL; 9];
        for round in 0..MAX_ROUNDS {
            d.round = round;
            let snapshot = d.live;
            let before = d.found;
            match facts {
                Facts::Pointing | Facts::Locked => d.locked_round(&snapshot, &changed, facts),
                Facts::Pairs => d.pair_round(&snapshot, &changed),
            }
            if d.found == before {
                break;
            }
            changed = std::array::from_fn(|i| snapshot[i] - d.live[i]);
        }
        d
    }

    fn locked_round(&mut self, snapshot: &[CellSet; 9], changed: &[CellSet; 9], facts: Facts) {
        for group in groups(self.pos.variant()) {
            if facts == Facts::Pointing && group.base.kind() != HouseKind::Box {
                continue;
            }
            for digit in self.missing(group.base).iter() {
                let i = digit.index();
                if (changed[i] & group.cells).is_empty() {
                    continue;
                }
                let inside = snapshot[i] & group.cells;
                if inside.len() < 2 {
                    continue;
                }
                for &(cover, cover_cells, meet) in &group.covers {
                    if !inside.is_subset(meet) {
                        continue;
                    }
                    let outside = cover_cells - group.cells;
                    let gone = snapshot[i] & outside;
                    if gone.is_empty() {
                        continue;
                    }
                    if !self.record {
                        self.live[i] -= gone;
                        self.found += 1;
                        continue;
                    }
                    let needs = (self.pos.cells_with(digit) & group.cells) - meet;
                    self.push(
                        DirectReason::Locked {
                            digit,
                            base: group.base,
                            cover,
                            cells: inside,
                        },
                        vec![(digit, needs)],
                        vec![(digit, outside)],
                        &[(digit, gone)],
                    );
                }
            }
        }
    }

    fn pair_round(&mut self, snapshot: &[CellSet; 9], changed: &[CellSet; 9]) {
        let variant = self.pos.variant();
        for &house in variant.houses() {
            let cells = Variant::house_cells(house);
            if changed.iter().all(|c| (*c & cells).is_empty()) {
                continue;
            }
            let missing = self.missing(house);
            for d1 in missing.iter() {
                let p1 = snapshot[d1.index()] & cells;
                if p1.len() != 2 {
                    continue;
                }
                for d2 in missing.iter().filter(|d| *d > d1) {
                    if snapshot[d2.index()] & cells != p1 {
                        continue;
                    }
                    let digits = DigitSet::single(d1) | DigitSet::single(d2);
                    // The two cells take no other digit; every other house
                    // holding both loses the two digits elsewhere.
                    let mut effects: Vec<(Digit, CellSet)> =
                        digits.complement().iter().map(|x| (x, p1)).collect();
                    for &other in variant.houses() {
                        let oc = Variant::house_cells(other);
                        if other != house && p1.is_subset(oc) {
                            effects.push((d1, oc - p1));
                            effects.push((d2, oc - p1));
                        }
                    }
                    let new: Vec<(Digit, CellSet)> = effects
                        .iter()
                        .map(|&(d, c)| (d, snapshot[d.index()] & c))
                        .filter(|(_, c)| !c.is_empty())
                        .collect();
                    if new.is_empty() {
                        continue;
                    }
                    let needs = vec![
                        (d1, (self.pos.cells_with(d1) & cells) - p1),
                        (d2, (self.pos.cells_with(d2) & cells) - p1),
                    ];
                    self.push(
                        DirectReason::Pair {
                            house,
                            digits,
                            cells: p1,
                        },
                        needs,
                        effects,
                        &new,
                    );
                }
            }
        }
    }

    fn push(
        &mut self,
        reason: DirectReason,
        needs: Vec<(Digit, CellSet)>,
        effects: Vec<(Digit, CellSet)>,
        new: &[(Digit, CellSet)],
    ) {
        for &(digit, gone) in new {
            self.live[digit.index()] -= gone;
        }
        self.found += 1;
        if !self.record {
            return;
        }
        self.facts.push(Fact {
            reason,
            round: self.round,
            needs: needs.into_iter().filter(|(_, c)| !c.is_empty()).collect(),
            effects,
        });
    }

    /// Every smallest proof of `needs`, the exclusions a single rests on.
    pub(crate) fn smallest_proofs(&self, needs: &[(Digit, CellSet)]) -> Vec<Vec<u16>> {
        let mut search = ProofSearch {
            facts: &self.facts,
            target: needs,
            chosen: Vec::new(),
            found: Vec::new(),
            nodes: 0,
            first_only: true,
            limit: usize::MAX,
        };
        // A first proof bounds the size; then every proof of each size up to
        // it, smallest first.
        search.dfs();
        let Some(bound) = search.found.first().map(Vec::len) else {
            return Vec::new();
        };
        let mut first = search.found.clone();
        for p in &mut first {
            p.sort_unstable();
        }
        search.first_only = false;
        search.nodes = 0;
        for k in 0..=bound {
            search.found.clear();
            search.limit = k;
            search.dfs();
            if search.nodes > NODE_BUDGET {
                return first;
            }
            if !search.found.is_empty() {
                let mut proofs = std::mem::take(&mut search.found);
                for p in &mut proofs {
                    p.sort_unstable();
                }
                proofs.sort();
                proofs.dedup();
                return proofs;
            }
        }
        first
    }

    /// Every single the facts leave that the placed digits alone do not: a
    /// hidden single once per house it is one in, and naked singles.
    pub(crate) fn singles(&self) -> Vec<Single> {
        let pos = self.pos;
        let mut out: Vec<Single> = Vec::new();
        for &house in pos.variant().houses() {
            let cells = Variant::house_cells(house);
            if (pos.empty_cells() & cells).len() <= 1 {
                continue;
            }
            for digit in self.missing(house).iter() {
                let inside = self.live[digit.index()] & cells;
                let before = pos.cells_with(digit) & cells;
                if inside.len() != 1 || before.len() < 2 {
                    continue;
                }
                let Some(cell) = inside.first() else { continue };
                let proofs = self.smallest_proofs(&[(digit, before - inside)]);
                if !proofs.is_empty() {
                    out.push(Single {
                        cell,
                        digit,
                        house: Some(house),
                        proofs,
                    });
                }
            }
        }
        for cell in pos.empty_cells().iter() {
            let before = pos.candidates(cell);
            if before.len() < 2 {
                continue;
            }
            let left: DigitSet = before
                .iter()
                .filter(|d| self.live[d.index()].contains(cell))
                .collect();
            let Some(digit) = left.first() else { continue };
            if left.len() != 1 {
                continue;
            }
            let needs: Vec<(Digit, CellSet)> = (before - left)
                .iter()
                .map(|x| (x, CellSet::single(cell)))
                .collect();
            let proofs = self.smallest_proofs(&needs);
            if !proofs.is_empty() {
                out.push(Single {
                    cell,
                    digit,
                    house: None,
                    proofs,
                });
            }
        }
        out
    }

    fn missing(&self, house: House) -> DigitSet {
        self.missing
            .get(house.index())
            .copied()
            .unwrap_or(DigitSet::EMPTY)
    }

    /// The reasons with the given indices.
    pub(crate) fn reasons(&self, ids: &[u16]) -> Vec<DirectReason> {
        ids.iter()
            .filter_map(|&i| self.facts.get(usize::from(i)))
            .map(|f| f.reason)
            .collect()
    }
}

/// One placement of a direct method, scored by its cheapest proof.
pub(crate) struct Scored {
    pub(crate) cell: Cell,
    pub(crate) digit: Digit,
    pub(crate) house: Option<House>,
    pub(crate) kind: DirectKind,
    pub(crate) points: f64,
    pub(crate) reasons: Vec<DirectReason>,
}

/// Scores every single of `derivation` with each of its smallest proofs and
/// keeps, per placement, the cheapest (ties: the first in house order). A
/// score of `None` rules a proof out.
pub(crate) fn cheapest(
    derivation: &Derivation<'_>,
    score: impl Fn(&Single, &[DirectReason]) -> Option<(DirectKind, f64)>,
) -> Vec<Scored> {
    let mut out: Vec<Scored> = Vec::new();
    for single in derivation.singles() {
        for proof in &single.proofs {
            let reasons = derivation.reasons(proof);
            let Some((kind, points)) = score(&single, &reasons) else {
                continue;
            };
            let scored = Scored {
                cell: single.cell,
                digit: single.digit,
                house: single.house,
                kind,
                points,
                reasons,
            };
            match out
                .iter_mut()
                .find(|s| s.cell == single.cell && s.digit == single.digit)
            {
                Some(prev) if points < prev.points => *prev = scored,
                Some(_) => {}
                None => out.push(scored),
            }
        }
    }
    out
}

/// The derivation of `pos` with `facts`, or `None` where a direct finder has
/// nothing to report: candidates are written, or no fact was derived.
pub(crate) fn derive(pos: &Candidates, facts: Facts) -> Option<Derivation<'_>> {
    if pos.is_written() {
        return None;
    }
    let derivation = Derivation::run(pos, facts);
    if derivation.facts.is_empty() {
        return None;
    }
    Some(derivation)
}

/// Hands the steps of `hits` to `out` as `technique`; with [`FindMode::First`]
/// only the first.
pub(crate) fn push_steps(
    technique: Technique,
    hits: impl IntoIterator<Item = Scored>,
    out: &mut Vec<Step>,
    mode: FindMode,
) {
    for hit in hits {
        out.push(direct_step(technique, hit));
        if mode == FindMode::First {
            return;
        }
    }
}

/// The step of a scored direct placement.
fn direct_step(technique: Technique, hit: Scored) -> Step {
    let mut step = Step::new(technique, hit.points);
    step.placements.push(Placement {
        cell: hit.cell,
        digit: hit.digit,
    });
    step.cells = CellSet::single(hit.cell) | reason_cells(&hit.reasons);
    step.houses.extend(hit.house);
    step.digits = DigitSet::single(hit.digit);
    step.detail = Detail::Direct(Direct {
        kind: hit.kind,
        house: hit.house,
        reasons: hit.reasons,
    });
    step
}

/// The seed's base points of a hidden single in `house`: `low` in a box, and
/// in a line `low` with 1–3 cells left (see [`left_in_house`]), else one more.
pub(crate) fn hidden_base(
    pos: &Candidates,
    house: House,
    reasons: &[DirectReason],
    low: f64,
) -> f64 {
    if house.kind() == HouseKind::Box || left_in_house(pos, house, reasons) <= 3 {
        low
    } else {
        low + 1.0
    }
}

/// The seed's base points of a naked single in `cell`: its empty peers less
/// `taken`, in bands of `band` from 3 points up to `max`.
pub(crate) fn naked_base(
    pos: &Candidates,
    cell: Cell,
    taken: usize,
    band: usize,
    max: usize,
) -> f64 {
    let seen = (pos.variant().peers(cell) & pos.empty_cells())
        .len()
        .saturating_sub(taken);
    (3 + seen.saturating_sub(1) / band).min(max) as f64
}

/// Whether a locked reason runs from a box into another house (pointing).
pub(crate) fn is_pointing(reason: &DirectReason) -> bool {
    matches!(reason, DirectReason::Locked { base, .. } if base.kind() == HouseKind::Box)
}

/// The cells a list of reasons occupies (the places of its locked digits and
/// the cells of its pairs).
pub(crate) fn reason_cells(reasons: &[DirectReason]) -> CellSet {
    reasons
        .iter()
        .map(|r| match *r {
            DirectReason::Locked { cells, .. } | DirectReason::Pair { cells, .. } => cells,
        })
        .fold(CellSet::EMPTY, |a, b| a | b)
}

/// The seed's "missing digits" of a line for a direct single: its empty cells
/// less those the reasons occupy.
pub(crate) fn left_in_house(pos: &Candidates, house: House, reasons: &[DirectReason]) -> usize {
    let cells = Variant::house_cells(house);
    (pos.empty_cells() & cells)
        .len()
        .saturating_sub((reason_cells(reasons) & cells).len())
}

/// The search for smallest proofs: depth first, always branching on the first
/// exclusion still unmade, over the facts that make it (of an earlier round
/// than the fact needing it).
struct ProofSearch<'f> {
    facts: &'f [Fact],
    target: &'f [(Digit, CellSet)],
    chosen: Vec<u16>,
    found: Vec<Vec<u16>>,
    nodes: usize,
    /// Stop at the first proof (to bound the size) instead of collecting all
    /// of size `limit`.
    first_only: bool,
    limit: usize,
}

impl ProofSearch<'_> {
    /// The first exclusion needed but not made: digit, cell and the round the
    /// facts making it must come before.
    fn open(&self) -> Option<(Digit, Cell, usize)> {
        let chosen = &self.chosen;
        let made = |digit: Digit, cell: Cell, before: usize| {
            chosen.iter().any(|&id| {
                let f = &self.facts[usize::from(id)];
                f.round < before && f.makes(digit, cell)
            })
        };
        let needs =
            self.target
                .iter()
                .map(|&(d, c)| (d, c, usize::MAX))
                .chain(chosen.iter().flat_map(|&id| {
                    let f = &self.facts[usize::from(id)];
                    f.needs.iter().map(move |&(d, c)| (d, c, f.round))
                }));
        for (digit, cells, before) in needs {
            for cell in cells.iter() {
                if !made(digit, cell, before) {
                    return Some((digit, cell, before));
                }
            }
        }
        None
    }

    fn dfs(&mut self) {
        self.nodes += 1;
        if self.nodes > NODE_BUDGET || (self.first_only && !self.found.is_empty()) {
            return;
        }
        let Some((digit, cell, before)) = self.open() else {
            self.found.push(self.chosen.clone());
            return;
        };
        if self.chosen.len() >= self.limit {
            return;
        }
        for (i, f) in self.facts.iter().enumerate() {
            let Ok(id) = u16::try_from(i) else { break };
            if f.round >= before || self.chosen.contains(&id) || !f.makes(digit, cell) {
                continue;
            }
            self.chosen.push(id);
            self.dfs();
            self.chosen.pop();
        }
    }
}

/// A direct method (the seed's C and D): a single found without written
/// candidates thanks to `reasons`, in the order they were derived (the
/// seed's chain of reasons; a later reason may rest on earlier ones).
#[derive(Clone, Debug, PartialEq)]
pub struct Direct {
    /// How it ends in the placement.
    pub kind: DirectKind,
    /// The house of a hidden single (`None` for the other kinds).
    pub house: Option<House>,
    /// The facts needed, earliest first.
    pub reasons: Vec<DirectReason>,
}

crate::moved_fields!(Direct { house, reasons; kind });

pub(crate) mod told {
    //! This technique's steps told in English and German and drawn, both
    //! from the step struct (see [`crate::describe`]).
    //!
    //! The direct methods before candidates are written (the diagonal solver's C
    //! and D): the facts used, in the order they build on each other, then the
    //! single they leave. The seed's code (C3, D0, …) follows the name.

    use crate::describe::drawing::{Drawing, Shape};
    use crate::describe::words::{and_list, cells, digits, in_house};
    use crate::describe::{Describe, Telling};
    use crate::{DirectKind, DirectReason, Step, Technique};
    use sudoku_core::Lang;
    use sudoku_core::{CellSet, House, HouseKind};

    /// The seed's code of a direct step: C or D, then 1/2/3 for a single in a
    /// row/column/box, 5/6 on the main/anti-diagonal, 4 in a colour group, 0 for a
    /// naked single, 7 for a crossing, 8 for the rectangle.
    pub(crate) fn seed_code(step: &Step, kind: DirectKind, house: Option<House>) -> String {
        let letter = match step.technique {
            Technique::DirectPointing | Technique::DirectClaiming => 'C',
            _ => 'D',
        };
        let number = match (kind, house.map(|h| (h.kind(), h.number()))) {
            (DirectKind::HiddenSingle, Some((HouseKind::Row, _))) => 1,
            (DirectKind::HiddenSingle, Some((HouseKind::Column, _))) => 2,
            (DirectKind::HiddenSingle, Some((HouseKind::Box, _))) => 3,
            (DirectKind::HiddenSingle, Some((HouseKind::Diagonal, 0))) => 5,
            (DirectKind::HiddenSingle, Some((HouseKind::Diagonal, _))) => 6,
            (DirectKind::HiddenSingle, _) => 4,
            (DirectKind::Crossing | DirectKind::PairCrossing, _) => 7,
            (DirectKind::Rectangle, _) => 8,
            _ => 0,
        };
        format!("{letter}{number}")
    }

    /// One fact in words.
    pub(crate) fn reason(r: &DirectReason, lang: Lang) -> String {
        let or = |set: CellSet| {
            let v: Vec<String> = set.iter().map(|c| c.to_string()).collect();
            match lang {
                Lang::En => v.join(" or "),
                Lang::De => v.join(" oder "),
            }
        };
        match (*r, lang) {
            (
                DirectReason::Locked {
                    digit,
                    base,
                    cover,
                    cells: at,
                },
                Lang::En,
            ) => format!(
                "the {digit} {} lies {} ({})",
                in_house(base, lang),
                in_house(cover, lang),
                or(at)
            ),
            (
                DirectReason::Locked {
                    digit,
                    base,
                    cover,
                    cells: at,
                },
                Lang::De,
            ) => format!(
                "die {digit} {} {} liegt ({})",
                in_house(base, lang),
                in_house(cover, lang),
                or(at)
            ),
            (
                DirectReason::Pair {
                    house,
                    digits: ds,
                    cells: at,
                },
                Lang::En,
            ) => format!(
                "{} can only go to {} {} (an obvious pair)",
                digits(ds, lang),
                and_list(&at.iter().map(|c| c.to_string()).collect::<Vec<_>>(), lang),
                in_house(house, lang)
            ),
            (
                DirectReason::Pair {
                    house,
                    digits: ds,
                    cells: at,
                },
                Lang::De,
            ) => format!(
                "{} {} nur in {} stehen können (offensichtliches 2-Tupel)",
                digits(ds, lang),
                in_house(house, lang),
                and_list(&at.iter().map(|c| c.to_string()).collect::<Vec<_>>(), lang)
            ),
        }
    }

    /// Explains a direct step.
    pub(crate) fn render(
        step: &Step,
        name: &str,
        kind: DirectKind,
        house: Option<House>,
        reasons: &[DirectReason],
        lang: Lang,
    ) -> Option<String> {
        let p = step.placements.first()?;
        let (cell, d) = (p.cell, p.digit);
        let code = seed_code(step, kind, house);
        let because: Vec<String> = reasons.iter().map(|r| reason(r, lang)).collect();
        let because = match lang {
            Lang::En => format!("Because {}", and_list(&because, lang)),
            Lang::De => format!("Weil {}", and_list(&because, lang)),
        };
        let rectangle = step.cells;
        let end = match (kind, house, lang) {
            (DirectKind::HiddenSingle, Some(h), Lang::En) => {
                format!("{d} has only one place left {}, {cell}", in_house(h, lang))
            }
            (DirectKind::HiddenSingle, Some(h), Lang::De) => {
                format!(
                    "hat die {d} {} nur noch einen Platz, {cell}",
                    in_house(h, lang)
                )
            }
            (DirectKind::Crossing, Some(h), Lang::En) => format!(
                "the {d} {} sits where both meet, at {cell}",
                in_house(h, lang)
            ),
            (DirectKind::Crossing, Some(h), Lang::De) => format!(
                "steht die {d} {} am Kreuzungspunkt {cell}",
                in_house(h, lang)
            ),
            (DirectKind::PairCrossing, _, Lang::En) => {
                format!("{cell} lies in both pairs and holds their common digit {d}")
            }
            (DirectKind::PairCrossing, _, Lang::De) => {
                format!("liegt {cell} in beiden Paaren und enthält deren gemeinsame Zahl {d}")
            }
            (DirectKind::Rectangle, _, Lang::En) => format!(
                "the pair's digits in {cell} would let {} swap them (two solutions), so {cell} holds {d}",
                cells(rectangle)
            ),
            (DirectKind::Rectangle, _, Lang::De) => format!(
                "könnten mit einer Zahl des Paares in {cell} die Zellen {} sie tauschen (zwei Lösungen), also steht dort die {d}",
                cells(rectangle)
            ),
            (_, _, Lang::En) => format!("{cell} can only hold {d}"),
            (_, _, Lang::De) => format!("kann in {cell} nur die {d} stehen"),
        };
        Some(match lang {
            Lang::En => format!("{name} ({code}): {because}, {end}."),
            Lang::De => format!("{name} ({code}): {because}, {end}."),
        })
    }

    impl Describe for super::Direct {
        fn text(&self, step: &Step, at: &Telling<'_>) -> Option<String> {
            render(step, at.name, self.kind, self.house, &self.reasons, at.lang)
        }

        /// The facts it rests on: locked digits as groups, pairs as pattern
        /// cells.
        fn draw(&self, _step: &Step, out: &mut Drawing) {
            for reason in &self.reasons {
                match *reason {
                    DirectReason::Locked { digit, cells, .. } => {
                        out.push(Shape::Group { cells, digit });
                    }
                    DirectReason::Pair { digits, cells, .. } => {
                        out.pattern(cells, digits);
                    }
                }
            }
        }
    }
}
