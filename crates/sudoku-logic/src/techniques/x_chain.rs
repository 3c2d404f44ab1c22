//! X-chains and closed X-loops of one digit, 6 to 12 cells (the seed's
//! "Einzelzahl-Kette", closed or not).
//!
//! An X-chain `a1 = a2 - a3 = a4 - … = a2k` alternates strong links (a house with
//! exactly two candidates of the digit) and weak links (two candidates sharing a
//! house), starting and ending with a strong one. If `a1` does not hold the digit,
//! `a2` does, so `a3` does not, … so `a2k` does: one of the two ends holds it, and
//! every candidate seeing both ends goes. The seed counts the *cells* as the
//! length (always even, 4 to 12) and scores N + 3 points. Four-cell chains are the
//! skyscraper, kite and turbot fish rows, found before this one, so the search
//! here starts at six cells.
//!
//! When the two ends also see each other, the weak link between them closes a
//! loop in which every link holds both ways ("continuous nice loop"): either all
//! odd or all even cells hold the digit, so every candidate seeing both cells of
//! *any* link goes. Loops are their own row (`x-loop`), placed before open chains
//! and reporting only loops of the shortest length any chain or loop has.
//!
//! **Search.** Per digit, a breadth-first search over the strong-link graph from
//! every start gives the least number of strong links from one cell to another
//! (`dist`); the pairs at distance k are the candidate chains of 2k cells. Only
//! the shortest length with any hit is reported, so the solver's "easiest step"
//! rule holds inside the row. A pair counts only if a chain through distinct
//! cells joins it, found by a depth-first search pruned with `dist` from the other
//! end. Hits are one per (digit, eliminations), so the set does not depend on how
//! the grid is turned.
//!
//! Sudoku Explainer rates X-cycles 6.5 plus its chain-length bonus (0.1 for each
//! of the thresholds 4, 6, 8, 12, 16, … that the chain's cell count exceeds): 6.6
//! for 6 cells, 6.7 for 8, 6.8 for 10 and 12. The table carries 6.6, the value of
//! the shortest chain reaching these rows. HoDoKu: X-chain 260, X-loop (a nice
//! loop) 280.

use super::digit_graph::{DigitGraph, cell_set};
use super::push_unique;
use crate::Candidates;
use crate::step::{Detail, Step};
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};
use std::cell::RefCell;
use std::rc::Rc;
use sudoku_core::{Cell, CellSet, Digit, DigitSet, Variant};

/// Fewest strong links (3 = six cells) and most (6 = twelve cells).
const MIN_STRONG: u8 = 3;
const MAX_STRONG: u8 = 6;
const UNREACHED: u8 = u8::MAX;
/// Loops enumerated per pair of ends (a guard against dense graphs).
const LOOPS_PER_PAIR: usize = 64;

/// Per start cell, the fewest strong links of an alternating walk to each cell
/// (`UNREACHED` beyond `MAX_STRONG`).
fn distances(g: &DigitGraph) -> Vec<[u8; 81]> {
    let mut dist = vec![[UNREACHED; 81]; 81];
    for s in g.nodes.iter() {
        let d = &mut dist[s.index()];
        let mut reached = CellSet::single(s);
        let mut layer = g.strong[s.index()];
        let mut k = 1;
        while !layer.is_empty() && k <= MAX_STRONG {
            for y in layer.iter() {
                d[y.index()] = k;
            }
            reached |= layer;
            let mut off = CellSet::EMPTY;
            for e in layer.iter() {
                off |= g.seen(e) & g.nodes;
            }
            let mut next = CellSet::EMPTY;
            for w in off.iter() {
                next |= g.strong[w.index()];
            }
            layer = next - reached;
            k += 1;
        }
    }
    dist
}

/// The end of the chains looked for: cell `x` after exactly `k` strong links;
/// `to_x` is `dist` from `x`, a lower bound on the strong links still needed.
struct Target<'a> {
    g: &'a DigitGraph,
    x: Cell,
    k: u8,
    to_x: &'a [u8; 81],
}

impl Target<'_> {
    /// Extends `path` (ending on a cell reached after `j` strong links) towards
    /// `x`, calling `visit` with every complete chain until it returns `true`.
    fn extend(
        &self,
        j: u8,
        path: &mut Vec<Cell>,
        used: CellSet,
        visit: &mut dyn FnMut(&[Cell]) -> bool,
    ) -> bool {
        let (g, x, k) = (self.g, self.x, self.k);
        let e = *path.last().expect("non-empty");
        if j == k {
            return e == x && visit(path);
        }
        for w in ((g.seen(e) & g.nodes) - used).iter() {
            if self.to_x[w.index()] > k - j {
                continue;
            }
            for y in (g.strong[w.index()] - used).iter() {
                if (y == x) != (j + 1 == k) {
                    continue;
                }
                path.push(w);
                path.push(y);
                let used = used | CellSet::single(w) | CellSet::single(y);
                let stop = self.extend(j + 1, path, used, visit);
                path.truncate(path.len() - 2);
                if stop {
                    return true;
                }
            }
        }
        false
    }
}

/// Calls `visit` with every chain of exactly `k` strong links from `s` to `x`
/// through distinct cells, until it returns `true`. `to_x` is `dist` from `x`.
fn chains(
    g: &DigitGraph,
    s: Cell,
    x: Cell,
    k: u8,
    to_x: &[u8; 81],
    visit: &mut dyn FnMut(&[Cell]) -> bool,
) -> bool {
    let target = Target { g, x, k, to_x };
    let mut path = vec![s];
    for y in (g.strong[s.index()] - CellSet::single(x)).iter() {
        path.push(y);
        let used = CellSet::single(s) | CellSet::single(y);
        if target.extend(1, &mut path, used, visit) {
            return true;
        }
        path.pop();
    }
    false
}

/// The hits of one length: open chains and loops, each one per eliminations.
struct Hits {
    open: Vec<Step>,
    loops: Vec<Step>,
}

fn chain_step(g: &DigitGraph, cells: &[Cell], closed: bool, gone: CellSet) -> Step {
    let technique = if closed {
        Technique::XLoop
    } else {
        Technique::XChain
    };
    let mut step = Step::new(technique, cells.len() as f64 + 3.0);
    step.eliminate_all(g.digit, gone);
    step.cells = cell_set(cells);
    step.houses = g.chain_houses(cells, closed);
    step.digits = DigitSet::single(g.digit);
    step.links = g.alternating_links(cells, closed);
    step.detail = Detail::SingleDigitChain(SingleDigitChain {
        digit: g.digit,
        length: cells.len(),
        closed,
    });
    step
}

fn hits_of_length(graphs: &[Graph], k: u8, want_loops: bool) -> Hits {
    let mut hits = Hits {
        open: Vec::new(),
        loops: Vec::new(),
    };
    for graph in graphs {
        let (g, dist, by_length) = &**graph;
        for &(s, x) in by_length.get(usize::from(k)).into_iter().flatten() {
            let closed = g.variant.peers(s).contains(x);
            let to_x = &dist[x.index()];
            if closed {
                if !want_loops {
                    continue;
                }
                let mut found = 0;
                chains(g, s, x, k, to_x, &mut |cells| {
                    let all = cell_set(cells);
                    let mut gone = CellSet::EMPTY;
                    for i in 0..cells.len() {
                        let (u, v) = (cells[i], cells[(i + 1) % cells.len()]);
                        gone |= g.seen(u) & g.seen(v);
                    }
                    gone -= all;
                    if !gone.is_empty() {
                        push_unique(&mut hits.loops, 0, chain_step(g, cells, true, gone));
                    }
                    found += 1;
                    found >= LOOPS_PER_PAIR
                });
            } else {
                let gone = g.seen(s) & g.seen(x);
                if gone.is_empty() {
                    continue;
                }
                chains(g, s, x, k, to_x, &mut |cells| {
                    push_unique(&mut hits.open, 0, chain_step(g, cells, false, gone));
                    true
                });
            }
        }
    }
    hits
}

/// A digit's graph of strong links with the distances between its nodes
/// and, per distance, the node pairs that far apart (lower node first, in
/// node order).
type Graph = Rc<(DigitGraph, Vec<[u8; 81]>, Vec<Vec<(Cell, Cell)>>)>;

/// A digit's graph kept: the variant, the digit's candidates and the graph
/// (`None`: too few strong links for any chain).
type Kept = Option<(Variant, CellSet, Option<Graph>)>;

thread_local! {
    /// A digit's graph depends only on the variant and the digit's
    /// candidates; the chain and loop rows and the next steps of a walk,
    /// which change few digits, read it from here.
    static GRAPHS: RefCell<[Kept; 9]> = RefCell::new(Default::default());
}

fn graphs(pos: &Candidates) -> Vec<Graph> {
    let variant = pos.variant();
    GRAPHS.with(|kept| {
        let mut kept = kept.borrow_mut();
        let mut out = Vec::new();
        for d in Digit::ALL {
            let cells = pos.cells_with(d);
            let slot = &mut kept[d.index()];
            let graph = match slot {
                Some((v, c, graph)) if *v == variant && *c == cells => graph.clone(),
                _ => {
                    let g = DigitGraph::new(pos, d);
                    let graph = (g.links.len() >= MIN_STRONG as usize).then(|| {
                        let dist = distances(&g);
                        let mut by_length = vec![Vec::new(); usize::from(MAX_STRONG) + 1];
                        for s in g.nodes.iter() {
                            for x in g.nodes.iter().filter(|&x| x > s) {
                                let k = usize::from(dist[s.index()][x.index()]);
                                if let Some(pairs) = by_length.get_mut(k) {
                                    pairs.push((s, x));
                                }
                            }
                        }
                        Rc::new((g, dist, by_length))
                    });
                    *slot = Some((variant, cells, graph.clone()));
                    graph
                }
            };
            out.extend(graph);
        }
        out
    })
}

fn emit(steps: Vec<Step>, out: &mut Vec<Step>, mode: FindMode) {
    match mode {
        FindMode::All | FindMode::AllLengths => out.extend(steps),
        FindMode::First => out.extend(steps.into_iter().take(1)),
    }
}

/// Open X-chains of the shortest length that has any (6 to 12 cells); with
/// [`FindMode::AllLengths`] those of every length.
pub(crate) fn find_chains(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    let graphs = graphs(pos);
    for k in MIN_STRONG..=MAX_STRONG {
        let hits = hits_of_length(&graphs, k, false);
        if !hits.open.is_empty() {
            emit(hits.open, out, mode);
            if mode != FindMode::AllLengths {
                return;
            }
        }
    }
}

/// Closed X-loops, when the shortest chain or loop with eliminations is a loop;
/// with [`FindMode::AllLengths`] the loops of every length.
pub(crate) fn find_loops(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    let graphs = graphs(pos);
    for k in MIN_STRONG..=MAX_STRONG {
        let hits = hits_of_length(&graphs, k, true);
        if mode == FindMode::AllLengths {
            emit(hits.loops, out, mode);
            continue;
        }
        if !hits.loops.is_empty() {
            return emit(hits.loops, out, mode);
        }
        if !hits.open.is_empty() {
            return; // an open chain is shorter than any loop
        }
    }
}

/// A single-digit chain: skyscraper, 2-string kite, turbot fish (four cells),
/// X-chain or closed X-loop. `links` holds the chain in order, strong and weak
/// links alternating as the inference uses them (a loop ends with the weak
/// link back to its first cell).
#[derive(Clone, Debug, PartialEq)]
pub struct SingleDigitChain {
    /// The digit.
    pub digit: Digit,
    /// The number of cells in the chain (the seed's "Länge").
    pub length: usize,
    /// Whether the chain is a closed loop.
    pub closed: bool,
}

crate::moved_fields!(SingleDigitChain { digit; length, closed });

/// Catalogue entry: X-loop (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const XLOOP: TechniqueInfo = TechniqueInfo {
    technique: Technique::XLoop, name: "x-loop", names: Names { en: "X-loop", de: "Geschlossene Einzelzahl-Kette" },
    family: Family::SingleDigit, phase: Phase::OnCandidates, points: 9.0, se: Some(6.6), finder: find_loops, text: None,
    hodoku: Hodoku { order: Some(5400), level: HodokuLevel::Unfair, score: 280 },
};

/// Catalogue entry: X-chain (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const XCHAIN: TechniqueInfo = TechniqueInfo {
    technique: Technique::XChain, name: "x-chain", names: Names { en: "X-chain", de: "Einzelzahl-Kette" },
    family: Family::SingleDigit, phase: Phase::OnCandidates, points: 9.0, se: Some(6.6), finder: find_chains, text: None,
    hodoku: Hodoku { order: Some(5400), level: HodokuLevel::Unfair, score: 260 },
};

pub(crate) mod told {
    //! This technique's steps told in English and German and drawn, both
    //! from the step struct (see [`crate::describe`]).
    //!
    //! Single-digit patterns: the four-cell chains (skyscraper, 2-string kite,
    //! turbot fish), X-chains and X-loops (the diagonal solver's Einzelzahl-Ketten),
    //! the empty rectangle and the single-digit contradiction chains
    //! (Einzelzahl-Widerspruchs-Ketten, types 1 and 2 with their O/X link string).

    use crate::Step;
    use crate::describe::drawing::Drawing;
    use crate::describe::words::{cells, chain as chain_text, chain_cells};
    use crate::describe::{Describe, Telling};
    use sudoku_core::Lang;
    use sudoku_core::{CellSet, Digit};

    /// Explains a single-digit chain or closed loop; `links` of the step hold it in
    /// order.
    pub(crate) fn chain(
        step: &Step,
        name: &str,
        digit: Digit,
        length: usize,
        closed: bool,
        lang: Lang,
    ) -> Option<String> {
        let path = chain_text(&step.links);
        let order = chain_cells(&step.links);
        let (first, last) = (order.first()?, order.last()?);
        let gone: CellSet = step.eliminations.iter().map(|e| e.cell).collect();
        let gone = cells(gone);
        Some(match (closed, lang) {
            (false, Lang::En) => format!(
                "{name} on {digit}: {path}. If {first} is not {digit}, the chain forces {digit} into {last}; so one end holds {digit}, and {digit} can be removed from every cell that sees both ends: {gone}."
            ),
            (false, Lang::De) => format!(
                "{name} mit der {digit}: {path}. Ist {first} nicht die {digit}, zwingt die Kette die {digit} nach {last}; eines der beiden Enden enthält also die {digit}, und sie kann aus allen Zellen gestrichen werden, die beide Enden sehen: {gone}."
            ),
            (true, Lang::En) => format!(
                "{name} on {digit}: {path} closes a loop of {length} cells, so every weak link is strong as well: each link has {digit} in exactly one of its two cells, and {digit} can be removed from every other cell that sees both cells of a link: {gone}."
            ),
            (true, Lang::De) => format!(
                "{name} mit der {digit}: {path} schließt sich zu einer Schleife aus {length} Zellen, daher ist jede schwache Verbindung auch stark: jede Verbindung hat die {digit} in genau einer ihrer beiden Zellen, und die {digit} kann aus allen anderen Zellen gestrichen werden, die beide Zellen einer Verbindung sehen: {gone}."
            ),
        })
    }

    impl Describe for super::SingleDigitChain {
        fn text(&self, step: &Step, at: &Telling<'_>) -> Option<String> {
            chain(step, at.name, self.digit, self.length, self.closed, at.lang)
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
    fn x_chain_of_six_cells() {
        let p = "7.8...3..9..2.1...5.........4..9..263.9.8.......1...93.9.6....4.8..7.5...........";
        let pos = position_with(
            p,
            Variant::Standard,
            "r1c5-5 r1c9-9 r2c3-3 r2c7-8 r3c3-13 r3c4-349 r3c6-3469 r3c7-78 r3c8-78 r3c9-78 \
             r4c7-1 r5c2-157 r5c4-5 r5c6-457 r5c7-7 r6c1-2 r6c2-26 r7c3-2 r7c5-23 r7c7-8 \
             r8c3-24 r9c1-1 r9c2-1236 r9c3-24 r9c5-3 r9c7-18",
        );
        assert!(run(find_loops, &pos).is_empty());
        let steps = run(find_chains, &pos);
        assert_sound(p, Variant::Standard, &steps);
        assert_eq!(steps.len(), 1);
        assert_eq!(
            chain(&steps[0]),
            "r1c9=r1c2 r1c2-r3c3 r3c3=r6c3 r6c3-r6c5 r6c5=r9c5"
        );
        assert_eq!(eliminations(&steps[0]), "r9c9-2");
        assert_eq!(steps[0].points, 9.0);
        assert_eq!(steps[0].houses.len(), 5);
        let mut after = pos.clone();
        after.apply(&steps[0]).unwrap();
        assert!(run(find_chains, &after).is_empty());
    }

    #[test]
    fn graphs_kept_per_digit_equal_a_fresh_search() {
        let p = "84...93.1...48.2......7..4...1..4..3483..7.6...93.8..4...7...3.31.8....5.2..3.4..";
        let pos = position_with(p, Variant::Standard, "r2c3-7 r3c1-2 r9c3-7 r9c8-7");
        let hits = kept_results_agree(find_loops, &pos) + kept_results_agree(find_chains, &pos);
        assert!(hits > 0, "the walk meets some chain or loop");
    }

    #[test]
    fn x_loop_of_six_cells() {
        let p = "84...93.1...48.2......7..4...1..4..3483..7.6...93.8..4...7...3.31.8....5.2..3.4..";
        let (_, steps) = sound_hits(find_loops, p, "r2c3-7 r3c1-2 r9c3-7 r9c8-7");
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].technique, Technique::XLoop);
        assert_eq!(
            chain(&steps[0]),
            "r1c8=r1c3 r1c3-r8c3 r8c3=r9c1 r9c1-r9c9 r9c9=r2c9 r2c9-r1c8"
        );
        assert_eq!(eliminations(&steps[0]), "r2c8-7");
        assert_eq!(
            steps[0].detail,
            Detail::SingleDigitChain(SingleDigitChain {
                digit: Digit::new(7).unwrap(),
                length: 6,
                closed: true
            })
        );
    }

    #[test]
    fn no_chain_on_four_cells_or_without_strong_links() {
        // The skyscraper position of turbot_fish: its 4-cell chain is not an X-chain
        // of this row, and no longer chain removes anything there.
        let p = "4...3.......6..8..........1....5..9..8....6...7.2........1927..5.3....4.9.7.4....";
        let pos = position(p, Variant::Standard);
        assert!(
            run(find_chains, &pos).iter().all(
                |s| matches!(s.detail, Detail::SingleDigitChain(SingleDigitChain { length, .. }) if length >= 6)
            )
        );
        let empty = position(&".".repeat(81), Variant::Color);
        assert!(run(find_chains, &empty).is_empty());
        assert!(run(find_loops, &empty).is_empty());
    }
}
