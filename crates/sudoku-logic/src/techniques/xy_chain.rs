//! XY-chains, the seed's golden chains ("Goldene Kette"), open and closed.
//!
//! A chain of N bivalue cells `ab, bc, cd, …, ya` in which each cell sees the next
//! and shares with it the digit that links them. If the first cell is not `a` it
//! is `b`, so the second is not `b` but `c`, and so on: the last cell is `a`. So
//! `a` goes from every cell that sees both ends. The seed counts the cells: its
//! length 2 is a naked pair, length 3 the XY-wing (its own row of the table), so
//! this finder covers lengths 4 to 14.
//!
//! **Closed chains (XY-loops).** When the two ends also see each other (they share
//! `a`), the chain closes into a loop. Either every cell takes its "first" digit
//! or every cell its "second", so each pair of neighbours in the loop holds its
//! link digit exactly once: every link digit goes from every other cell that sees
//! both cells of that link, the closing link included. These eliminations are a
//! superset of the open chain's.
//!
//! **Search.** Implications between bivalue cells form a graph over states "cell
//! holds digit". A breadth-first search from every start gives shortest chains, so
//! the finder reports only chains of the shortest length that eliminates anything
//! (the easiest-step rule); ends whose shortest connection is not a simple chain
//! (a cell used twice) are skipped, and loops are found through the shortest
//! connection of two neighbouring loop cells. Chains with the same eliminations
//! are reported once (by the first found), so the set of hits does not depend on
//! how the grid is turned.
//!
//! **Values.** Points N + 3 (seed: 7 to 17 for lengths 4 to 14; loops the same).
//! HoDoKu 260. Sudoku Explainer finds XY-chains as Y-chains and cycles and rates
//! them from 6.6 up by length; the table gives the base 6.5 and [`se_value`] adds
//! our length bonus, modelled on Sudoku Explainer's logarithmic one.

use super::xy_wing::bivalue_cells;
use crate::Candidates;
use crate::step::{Detail, Elimination, Link, LinkKind, Step};
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};
use sudoku_core::{Cell, CellSet, Digit, DigitSet};

/// The fewest cells of a chain this finder reports.
pub(crate) const MIN_LEN: usize = 4;
/// The most cells of a chain (the seed's limit).
pub(crate) const MAX_LEN: usize = 14;
/// How many shortest paths are tried per pair of neighbouring loop cells.
const PATHS_PER_LOOP: usize = 8;
const UNREACHED: u8 = u8::MAX;

/// Sudoku Explainer estimate of an XY-chain or loop of `cells` bivalue cells: the
/// base 6.5 plus 0.1 for each of the thresholds 4, 6, 8, 12, 16, 24, 32 that the
/// number of candidates in the chain (two per cell) exceeds.
///
/// ```
/// assert_eq!(sudoku_logic::xy_chain_se(4), 6.7);
/// assert_eq!(sudoku_logic::xy_chain_se(12), 7.0);
/// ```
pub fn se_value(cells: usize) -> f64 {
    let nodes = 2 * cells;
    let bonus = [4, 6, 8, 12, 16, 24, 32]
        .iter()
        .filter(|&&t| nodes > t)
        .count();
    (65 + bonus) as f64 / 10.0
}

/// The implication graph: state `2i + k` means "bivalue cell `i` holds its `k`-th
/// digit"; an edge leads to the state a neighbour is forced into.
struct Graph {
    cells: Vec<Cell>,
    digits: Vec<[Digit; 2]>,
    succ: Vec<Vec<u16>>,
    pred: Vec<Vec<u16>>,
}

impl Graph {
    fn new(pos: &Candidates) -> Graph {
        let variant = pos.variant();
        let bivalue = bivalue_cells(pos);
        let cells: Vec<Cell> = bivalue.iter().collect();
        let digits: Vec<[Digit; 2]> = cells
            .iter()
            .map(|&c| {
                let mut it = pos.candidates(c).iter();
                let a = it.next().unwrap_or(Digit::ALL[0]);
                [a, it.next().unwrap_or(a)]
            })
            .collect();
        let mut index = [u16::MAX; 81];
        for (i, c) in cells.iter().enumerate() {
            index[c.index()] = i as u16;
        }
        let n = cells.len();
        let mut succ = vec![Vec::new(); 2 * n];
        let mut pred = vec![Vec::new(); 2 * n];
        for i in 0..n {
            for j in (variant.peers(cells[i]) & bivalue).iter() {
                let j = index[j.index()] as usize;
                for k in 0..2 {
                    // Cell i holds v, so neighbour j is not v: it holds its other digit.
                    let v = digits[i][k];
                    if let Some(m) = digits[j].iter().position(|&d| d == v) {
                        let from = 2 * i + k;
                        let to = 2 * j + (1 - m);
                        succ[from].push(to as u16);
                        pred[to].push(from as u16);
                    }
                }
            }
        }
        Graph {
            cells,
            digits,
            succ,
            pred,
        }
    }

    fn cell(&self, s: usize) -> Cell {
        self.cells[s / 2]
    }

    fn value(&self, s: usize) -> Digit {
        self.digits[s / 2][s % 2]
    }

    /// Breadth-first distances from `start`, up to `MAX_LEN - 1` links.
    fn distances(&self, start: usize, dist: &mut Vec<u8>) {
        dist.clear();
        dist.resize(self.succ.len(), UNREACHED);
        dist[start] = 0;
        let mut queue = vec![start];
        let mut head = 0;
        while head < queue.len() {
            let s = queue[head];
            head += 1;
            if dist[s] as usize >= MAX_LEN - 1 {
                continue;
            }
            for &t in &self.succ[s] {
                let t = t as usize;
                if dist[t] == UNREACHED {
                    dist[t] = dist[s] + 1;
                    queue.push(t);
                }
            }
        }
    }

    /// Up to `limit` simple shortest paths (states, start first) from `start` to
    /// `end`, walking back along `dist`.
    fn paths(&self, dist: &[u8], start: usize, end: usize, limit: usize) -> Vec<Vec<usize>> {
        let mut found = Vec::new();
        let mut path = vec![end];
        self.walk_back(
            dist,
            start,
            CellSet::single(self.cell(end)),
            &mut path,
            &mut found,
            limit,
        );
        found
    }

    fn walk_back(
        &self,
        dist: &[u8],
        start: usize,
        used: CellSet,
        path: &mut Vec<usize>,
        found: &mut Vec<Vec<usize>>,
        limit: usize,
    ) {
        if found.len() >= limit {
            return;
        }
        let Some(&s) = path.last() else { return };
        if s == start {
            found.push(path.iter().rev().copied().collect());
            return;
        }
        for &p in &self.pred[s] {
            let p = p as usize;
            let c = self.cell(p);
            if dist[p] == UNREACHED || dist[p] + 1 != dist[s] || used.contains(c) {
                continue;
            }
            path.push(p);
            self.walk_back(dist, start, used | CellSet::single(c), path, found, limit);
            path.pop();
        }
    }
}

/// A chain found: the start state (the first cell holds its *second* digit in the
/// reading "if the first cell is not `a`"), the end state, and its length.
struct Candidate {
    start: usize,
    end: usize,
}

/// Reports the XY-chains and loops of the shortest length that eliminates
/// something; with [`FindMode::AllLengths`] those of every length.
pub(crate) fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    let g = Graph::new(pos);
    let states = g.succ.len();
    if states < 2 * MIN_LEN {
        return;
    }
    let mut dist_from: Vec<Vec<u8>> = Vec::with_capacity(states);
    let mut by_len: Vec<Vec<Candidate>> = (0..=MAX_LEN).map(|_| Vec::new()).collect();
    let mut dist = Vec::new();
    for start in 0..states {
        g.distances(start, &mut dist);
        // The chain's premise: the first cell is not `a`, so it holds the other digit.
        let a = g.value(start ^ 1);
        for (end, &d) in dist.iter().enumerate() {
            let d = d as usize;
            if d == UNREACHED as usize || d + 1 < MIN_LEN || g.value(end) != a {
                continue;
            }
            if g.cell(end) == g.cell(start) {
                continue;
            }
            by_len[d + 1].push(Candidate { start, end });
        }
        dist_from.push(dist.clone());
    }
    let mut seen: Vec<Vec<Elimination>> = Vec::new();
    for (len, candidates) in by_len.iter().enumerate() {
        for cand in candidates {
            for step in chain_steps(pos, &g, &dist_from[cand.start], cand, len) {
                if seen.contains(&step.eliminations) {
                    continue;
                }
                seen.push(step.eliminations.clone());
                out.push(step);
                if mode == FindMode::First {
                    return;
                }
            }
        }
        if !seen.is_empty() && mode != FindMode::AllLengths {
            return;
        }
    }
}

/// The steps of one pair of chain ends: one open chain, or one loop per shortest
/// path when the ends see each other.
fn chain_steps(
    pos: &Candidates,
    g: &Graph,
    dist: &[u8],
    cand: &Candidate,
    len: usize,
) -> Vec<Step> {
    let variant = pos.variant();
    let (first, last) = (g.cell(cand.start), g.cell(cand.end));
    let a = g.value(cand.end);
    let closed = variant.peers(first).contains(last);
    if !closed {
        let gone = variant.peers(first) & variant.peers(last) & pos.cells_with(a);
        if gone.is_empty() {
            return Vec::new();
        }
        let Some(path) = g.paths(dist, cand.start, cand.end, 1).pop() else {
            return Vec::new();
        };
        let mut step = chain_step(pos, g, &path, false);
        step.eliminate_all(a, gone);
        return vec![step];
    }
    let mut steps = Vec::new();
    for path in g.paths(dist, cand.start, cand.end, PATHS_PER_LOOP) {
        let mut step = chain_step(pos, g, &path, true);
        // Each link digit is held by exactly one of its two cells.
        for w in 0..len {
            let (s, t) = (path[w], path[(w + 1) % len]);
            let d = if w + 1 == len { a } else { g.value(s) };
            let gone = variant.peers(g.cell(s)) & variant.peers(g.cell(t)) & pos.cells_with(d);
            step.eliminations
                .extend(gone.iter().map(|cell| Elimination { cell, digit: d }));
        }
        step.eliminations.sort_unstable();
        step.eliminations.dedup();
        if !step.eliminations.is_empty() {
            steps.push(step);
        }
    }
    steps
}

/// The step of a chain along `path` (states; cell `i` is forced into `path[i]`),
/// without eliminations.
fn chain_step(pos: &Candidates, g: &Graph, path: &[usize], closed: bool) -> Step {
    let len = path.len();
    let technique = Technique::XyChain;
    let mut step = Step::new(technique, (len + 3) as f64);
    let mut digits = DigitSet::EMPTY;
    for (i, &s) in path.iter().enumerate() {
        let cell = g.cell(s);
        step.cells.insert(cell);
        digits |= pos.candidates(cell);
        // Inside the cell: "not the other digit, so this one" (strong).
        step.links.push(Link {
            from: (cell, g.value(s ^ 1)),
            to: (cell, g.value(s)),
            kind: LinkKind::Strong,
        });
        // To the next cell: "this digit here, so not there" (weak).
        let next = if i + 1 < len {
            Some(path[i + 1])
        } else if closed {
            Some(path[0] ^ 1)
        } else {
            None
        };
        if let Some(t) = next {
            let d = g.value(s);
            step.links.push(Link {
                from: (cell, d),
                to: (g.cell(t), d),
                kind: LinkKind::Weak,
            });
        }
    }
    step.digits = digits;
    step.detail = Detail::XyChain(XyChain {
        length: len,
        closed,
    });
    step
}

/// An XY-chain (the seed's golden chain) or closed XY-loop of bivalue cells;
/// `links` holds it in order, alternating strong links inside a cell and weak
/// links to the next (a loop ends with the weak link back to its first cell).
#[derive(Clone, Debug, PartialEq)]
pub struct XyChain {
    /// The number of cells (the seed's length).
    pub length: usize,
    /// Whether the chain is a closed loop.
    pub closed: bool,
}

crate::moved_fields!(XyChain { ; length, closed });

/// Catalogue entry: XY-chain (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const XY_CHAIN: TechniqueInfo = TechniqueInfo {
    technique: Technique::XyChain, name: "xy-chain", names: Names { en: "XY-chain", de: "Goldene Kette" },
    family: Family::XyChain, phase: Phase::OnCandidates, points: 7.0, se: Some(6.5), finder: find, text: None,
    hodoku: Hodoku { order: Some(5500), level: HodokuLevel::Unfair, score: 260 },
};

pub(crate) mod told {
    //! This technique's steps told in English and German and drawn, both
    //! from the step struct (see [`crate::describe`]).
    //!
    //! XY-chains (the diagonal solver's Goldene Kette) and closed XY-loops of
    //! bivalue cells.

    use crate::Step;
    use crate::describe::drawing::Drawing;
    use crate::describe::words::{chain as chain_text, removal, so};
    use crate::describe::{Describe, Telling};
    use sudoku_core::CellSet;
    use sudoku_core::Lang;

    /// Explains an XY-chain or loop of `length` cells; the step's `links` alternate
    /// strong links inside a cell and weak links to the next.
    pub(crate) fn render(
        step: &Step,
        name: &str,
        length: usize,
        closed: bool,
        lang: Lang,
    ) -> Option<String> {
        let path = chain_text(&step.links);
        let (first, a) = step.links.first()?.from;
        let last = step.links.last()?.to.0;
        if closed {
            let then = so(&removal(&step.eliminations, lang), lang);
            return Some(match lang {
                Lang::En => format!(
                    "{name}, closed loop of {length} cells: {path}. In the loop every cell takes either its first or its second digit; each link digit therefore sits in exactly one of the two cells it joins, {then}"
                ),
                Lang::De => format!(
                    "{name}, geschlossen aus {length} Zellen: {path}. In der Schleife nimmt jede Zelle entweder ihre erste oder ihre zweite Zahl; jede Verbindungszahl steht damit in genau einer der beiden Zellen, die sie verbindet, {then}"
                ),
            });
        }
        let gone: CellSet = step.eliminations.iter().map(|e| e.cell).collect();
        let gone = crate::describe::words::cells(gone);
        Some(match lang {
            Lang::En => format!(
                "{name} of {length} cells: {path}. If {first} is not {a}, the chain forces {a} into {last}, so {a} can be removed from every cell that sees both ends: {gone}."
            ),
            Lang::De => format!(
                "{name} aus {length} Zellen: {path}. Ist {first} nicht die {a}, zwingt die Kette die {a} nach {last}; also kann die {a} aus allen Zellen gestrichen werden, die beide Enden sehen: {gone}."
            ),
        })
    }

    impl Describe for super::XyChain {
        fn text(&self, step: &Step, at: &Telling<'_>) -> Option<String> {
            render(step, at.name, self.length, self.closed, at.lang)
        }

        fn draw(&self, step: &Step, out: &mut Drawing) {
            out.chain(&step.links, false);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_util::*;
    use sudoku_core::Variant;

    #[test]
    fn se_values_grow_with_length() {
        let v: Vec<f64> = (MIN_LEN..=MAX_LEN).map(se_value).collect();
        assert!(v.windows(2).all(|w| w[0] <= w[1]));
        assert_eq!((v[0], se_value(12), se_value(14)), (6.7, 7.0, 7.1));
    }

    #[test]
    fn open_chain_of_five_cells() {
        let p = "7.8...3..9346.1...5...3.....4..9..263.9.8.......1...93.9.2....4.8..7.5...........";
        let pos = position_with(
            p,
            Variant::Standard,
            "r1c5-5 r1c8-4 r1c9-29 r2c7-8 r2c9-2 r3c2-6 r3c3-1 r3c4-49 r3c6-249 r3c7-78 \
             r3c8-178 r3c9-278 r4c7-1 r5c2-157 r5c4-5 r5c6-457 r5c7-7 r6c1-6 r6c2-26 r6c6-6 \
             r7c3-6 r7c5-6 r7c6-6 r7c7-8 r7c8-6 r8c3-6 r9c1-1 r9c2-126 r9c3-6 r9c7-1278 r9c8-6",
        );
        let steps = run(find, &pos);
        assert_sound(p, Variant::Standard, &steps);
        assert_eq!(steps.len(), 1);
        let s = &steps[0];
        assert_eq!(
            format!("{:?}", s.cells),
            r#"{"r2c5", "r2c7", "r4c1", "r4c7", "r7c5"}"#
        );
        assert_eq!(
            s.detail,
            Detail::XyChain(XyChain {
                length: 5,
                closed: false
            })
        );
        assert_eq!(eliminations(s), "r7c1-1");
        assert_eq!(s.points, 8.0);
        // Five strong links inside the cells, four weak ones between them,
        // alternating, from 1 back to 1.
        assert_eq!(s.links.len(), 9);
        assert!(
            s.links
                .iter()
                .enumerate()
                .all(|(i, l)| (l.kind == LinkKind::Strong) == (i % 2 == 0))
        );
        assert_eq!(s.links[0].from.1.get(), 1);
        assert_eq!(s.links[8].to.1.get(), 1);
        // Shorter chains do not fire here, and the wing row covers length 3.
        let mut after = pos.clone();
        after.apply(s).unwrap();
        assert!(
            run(find, &after)
                .iter()
                .all(|t| t.eliminations != s.eliminations)
        );
    }

    #[test]
    fn closed_loop_of_six_cells() {
        let p = "...93..715.7412...1.376....2..6.3487.38.7....7..8......7..8..1.6..5.72........7..";
        let pos = position_with(
            p,
            Variant::Standard,
            "r1c7-8 r2c9-8 r3c2-24 r3c8-59 r3c9-589 r4c2-9 r5c6-15 r5c7-59 r5c8-9 r5c9-9 \
             r6c2-19 r6c3-159 r6c5-49 r6c6-59 r6c7-56 r6c8-356 r6c9-56 r7c1-9 r7c3-9 r7c6-4 \
             r7c7-35 r7c9-369 r8c2-9 r9c1-4 r9c2-149 r9c3-14 r9c5-9 r9c6-4 r9c8-3 r9c9-3",
        );
        let steps = run(find, &pos);
        assert_sound(p, Variant::Standard, &steps);
        assert_eq!(steps.len(), 1);
        let s = &steps[0];
        assert_eq!(
            s.detail,
            Detail::XyChain(XyChain {
                length: 6,
                closed: true
            })
        );
        assert_eq!(eliminations(s), "r1c1-4 r9c4-2");
        assert_eq!(s.links.len(), 12);
        assert_eq!(s.points, 9.0);
    }

    #[test]
    fn nothing_without_bivalue_cells() {
        let p = "...93..715.7412...1.376....2..6.3487.38.7....7..8......7..8..1.6..5.72........7..";
        assert!(run(find, &position(p, Variant::Standard)).is_empty());
    }
}
