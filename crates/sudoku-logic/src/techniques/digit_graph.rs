//! The candidates of one digit seen as a graph, shared by the single-digit
//! techniques (turbot fish family, empty rectangle, X-chains, contradiction
//! chains).
//!
//! A *strong link* is a house in which the digit has exactly two candidates: one
//! of them must be it. A *weak link* joins any two candidates that share a house:
//! at most one of them is it. Both come from the variant's house list only, so
//! diagonals and colour groups take part without any special code. The graph is
//! built once per finder call and digit.

use crate::Candidates;
use crate::step::{Link, LinkKind};
use sudoku_core::{Cell, CellSet, Digit, House, Variant};

/// The strong-link graph of one digit in one position.
pub(crate) struct DigitGraph {
    /// The digit.
    pub digit: Digit,
    /// The variant (for peers).
    pub variant: Variant,
    /// The cells where the digit is a candidate.
    pub cells: CellSet,
    /// Per cell, its strong-link partners.
    pub strong: [CellSet; 81],
    /// The cells with at least one strong link.
    pub nodes: CellSet,
    /// Every strong link once per house, as (first, second, house), first < second.
    pub links: Vec<(Cell, Cell, House)>,
    /// The digit's candidate cells of every house that still misses the digit.
    pub open: Vec<(House, CellSet)>,
}

impl DigitGraph {
    /// The graph of `digit` in `pos`.
    pub fn new(pos: &Candidates, digit: Digit) -> DigitGraph {
        let variant = pos.variant();
        let cells = pos.cells_with(digit);
        let mut g = DigitGraph {
            digit,
            variant,
            cells,
            strong: [CellSet::EMPTY; 81],
            nodes: CellSet::EMPTY,
            links: Vec::new(),
            open: Vec::new(),
        };
        for &house in variant.houses() {
            let in_house = cells & Variant::house_cells(house);
            if in_house.is_empty() {
                continue;
            }
            g.open.push((house, in_house));
            if in_house.len() == 2 {
                let mut it = in_house.iter();
                let (a, b) = (it.next().expect("two"), it.next().expect("two"));
                g.strong[a.index()].insert(b);
                g.strong[b.index()].insert(a);
                g.nodes.insert(a);
                g.nodes.insert(b);
                g.links.push((a, b, house));
            }
        }
        g
    }

    /// The peers of `cell` that hold the digit as a candidate.
    pub fn seen(&self, cell: Cell) -> CellSet {
        self.variant.peers(cell) & self.cells
    }

    /// The first house (in variant order) in which `a` and `b` form a strong link.
    pub fn strong_house(&self, a: Cell, b: Cell) -> Option<House> {
        self.links
            .iter()
            .find(|&&(x, y, _)| (x == a && y == b) || (x == b && y == a))
            .map(|&(_, _, h)| h)
    }

    /// The first house (in variant order) holding both cells.
    pub fn shared_house(&self, a: Cell, b: Cell) -> Option<House> {
        self.variant
            .houses_of(a)
            .iter()
            .copied()
            .find(|h| h.contains(b))
    }

    /// A link of this digit from `a` to `b`.
    pub fn link(&self, a: Cell, b: Cell, kind: LinkKind) -> Link {
        Link {
            from: (a, self.digit),
            to: (b, self.digit),
            kind,
        }
    }

    /// The links of an alternating chain `cells[0] = cells[1] - cells[2] = …`
    /// (strong links at even positions, weak ones between), optionally closed by a
    /// weak link from the last cell back to the first.
    pub fn alternating_links(&self, cells: &[Cell], closed: bool) -> Vec<Link> {
        let mut links: Vec<Link> = cells
            .windows(2)
            .enumerate()
            .map(|(i, w)| {
                let kind = if i % 2 == 0 {
                    LinkKind::Strong
                } else {
                    LinkKind::Weak
                };
                self.link(w[0], w[1], kind)
            })
            .collect();
        if closed && let (Some(&last), Some(&first)) = (cells.last(), cells.first()) {
            links.push(self.link(last, first, LinkKind::Weak));
        }
        links
    }

    /// The houses an alternating chain uses: for each link the house it lies in
    /// (the strong-link house for strong links), in chain order.
    pub fn chain_houses(&self, cells: &[Cell], closed: bool) -> Vec<House> {
        let n = cells.len();
        let pairs = if closed { n } else { n.saturating_sub(1) };
        (0..pairs)
            .filter_map(|i| {
                let (a, b) = (cells[i], cells[(i + 1) % n]);
                let strong = if i % 2 == 0 {
                    self.strong_house(a, b)
                } else {
                    None
                };
                strong.or_else(|| self.shared_house(a, b))
            })
            .collect()
    }
}

/// The cell set of a chain.
pub(crate) fn cell_set(cells: &[Cell]) -> CellSet {
    cells.iter().copied().collect()
}
