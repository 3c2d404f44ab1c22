//! The canonical (minlex) form of a standard grid: the lexicographically smallest
//! 81-digit string (blanks as `0`) among all of its 3,359,232 × 9! equivalent grids.
//!
//! Two puzzles are the same up to symmetry and relabelling exactly when their
//! canonical forms are equal, which makes the form the key for deduplicating puzzle
//! collections and for giving isomorphic puzzles the same rating.
//!
//! # Method
//!
//! The search fixes the result one row at a time and keeps every partial choice
//! ([`Node`]) that ties for the smallest prefix. A node holds the transpose flag,
//! the source rows chosen so far, the digit labelling (digits are labelled in order
//! of first appearance, the smallest labelling for fixed cell positions) and the
//! column order.
//!
//! The column order is kept as a *class* rather than one of the 1,296 orders: a
//! column that is blank in every chosen row cannot yet be told apart from the other
//! such columns of its stack, and a stack blank in every chosen row cannot be told
//! apart from the other blank stacks. A node therefore stores one representative
//! order plus which positions are still free (blank stacks lead the row; inside a
//! stack the blank columns lead the stack). Extending a node by a source row sorts
//! each free group by its cells' *tokens* — blank, an already used label, or a digit
//! without a label yet (larger than every label, and all alike) — which gives the
//! smallest row the class can reach without trying its members. Only where the row
//! cannot decide (several new digits in one free group, or free stacks with equal
//! tokens) does the node split, into one child per order of the tied parts, because
//! those orders label the new digits differently.
//!
//! The tokens rest on each digit appearing at most once per row and column. A grid
//! that breaks this (not a valid puzzle, but still a [`Grid`]) is searched with the
//! classes split into all 1,296 single column orders from the start, which is the
//! plain enumeration and needs no such assumption.
//!
//! For sparse puzzles (17 to 25 givens) this replaces the thousands of tied column
//! orders of the first rows by a handful of classes. Solution grids have no blanks,
//! so every class would split into all 1,296 orders at the first row; for them the
//! first two rows are found together by a branch-and-bound over the column order
//! (the second row decides which orders survive), after which the rows go on as
//! above with single orders.

use crate::grid::Grid;
use crate::transform::Transform;

/// The token of a digit that has no label yet: larger than every label (1..=9),
/// and equal for all such digits, since their labels follow from their positions.
const NEW: u8 = 10;

/// One class of partial choices that all give the same smallest prefix.
#[derive(Clone, Copy)]
struct Node {
    transpose: bool,
    /// `rows[i]` is the source row placed at row `i` (for `i` below the depth).
    rows: [u8; 9],
    used_rows: u16,
    /// A representative column order: `cols[j]` is the source column at position `j`.
    cols: [u8; 9],
    /// Stack positions `0..free_stacks` hold stacks that are blank in every chosen
    /// row; they can be permuted freely.
    free_stacks: u8,
    /// Per stack position, how many leading columns are blank in every chosen row
    /// and can be permuted freely (3 for a free stack).
    free_cols: [u8; 3],
    /// Label of each digit (index 1..=9), 0 while the digit has not appeared.
    map: [u8; 10],
    next_label: u8,
}

impl Node {
    /// The class of every column order, before any row is chosen.
    fn root(transpose: bool) -> Node {
        Node {
            transpose,
            rows: [0; 9],
            used_rows: 0,
            cols: [0, 1, 2, 3, 4, 5, 6, 7, 8],
            free_stacks: 3,
            free_cols: [3; 3],
            map: [0; 10],
            next_label: 1,
        }
    }

    /// The single column order `cols`, before any row is chosen.
    fn fixed_root(transpose: bool, cols: [u8; 9]) -> Node {
        Node {
            cols,
            free_stacks: 0,
            free_cols: [0; 3],
            ..Node::root(transpose)
        }
    }

    /// The token of source cell value `v` under this node's labelling.
    fn token(&self, v: u8) -> u8 {
        match v {
            0 => 0,
            _ if self.map[v as usize] != 0 => self.map[v as usize],
            _ => NEW,
        }
    }
}

/// All 1,296 column orders that keep stacks together.
fn column_orders() -> impl Iterator<Item = [u8; 9]> {
    (0..6 * 6 * 6 * 6).map(|i| {
        let (s, inner) = (PERMS3[i % 6], [i / 6 % 6, i / 36 % 6, i / 216]);
        let mut p = [0u8; 9];
        for k in 0..3 {
            for j in 0..3 {
                p[k * 3 + j] = s[k] * 3 + PERMS3[inner[k]][j];
            }
        }
        p
    })
}

/// Whether some digit appears twice in a line (a row of `plain` or of `trans`).
fn has_repeated_digit(plain: &[[u8; 9]; 9], trans: &[[u8; 9]; 9]) -> bool {
    plain.iter().chain(trans).any(|line| {
        let mut seen = 0u16;
        line.iter().any(|&v| {
            let bit = 1 << v;
            let repeated = v != 0 && seen & bit != 0;
            seen |= bit;
            repeated
        })
    })
}

/// Tied parts of a row whose orders give the same row but different labellings:
/// `len` blocks of `width` positions starting at position `start`.
#[derive(Clone, Copy, Default)]
struct Ties {
    start: u8,
    width: u8,
    len: u8,
}

/// The orders of two blocks.
const PERMS2: [[u8; 3]; 2] = [[0, 1, 2], [1, 0, 2]];

/// The six orders of three things, in lexicographic order: how the bands of a
/// grid, the rows of a band, the stacks and the columns of a stack can be
/// arranged (the canonical form, the orientation, the exact solver's tables).
pub const PERMS3: [[u8; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// Sorts `cols` by the tokens of the cells they select (insertion sort: at most
/// three elements, and stable, so the representative stays deterministic).
fn sort_by_token(cols: &mut [u8], tok: impl Fn(u8) -> u8) {
    for i in 1..cols.len() {
        let mut j = i;
        while j > 0 && tok(cols[j - 1]) > tok(cols[j]) {
            cols.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// Extends `node` by placing source row `line` (index `src`) at depth `k`. When the
/// row it gives is smaller than `best`, `best` is replaced and `out` cleared; when
/// the row equals `best` (afterwards), the node's children are pushed onto `out`.
fn extend(
    node: &Node,
    line: &[u8; 9],
    src: usize,
    k: usize,
    best: &mut [u8; 9],
    out: &mut Vec<Node>,
) {
    let mut child = *node;
    child.rows[k] = src as u8;
    child.used_rows |= 1 << src;

    if node.free_cols == [0; 3] {
        // Nothing left to choose: label the row, stopping as soon as it is larger.
        let mut row = [0u8; 9];
        let mut equal = true;
        for j in 0..9 {
            let v = line[node.cols[j] as usize] as usize;
            let l = if v == 0 {
                0
            } else {
                if child.map[v] == 0 {
                    child.map[v] = child.next_label;
                    child.next_label += 1;
                }
                child.map[v]
            };
            row[j] = l;
            if equal {
                if l > best[j] {
                    return;
                }
                equal = l == best[j];
            }
        }
        if !equal {
            *best = row;
            out.clear();
        }
        out.push(child);
        return;
    }

    let tok = |c: u8| node.token(line[c as usize]);
    let mut cols = node.cols;
    // The smallest arrangement: each free group sorted by token ...
    for p in 0..3 {
        let z = node.free_cols[p] as usize;
        sort_by_token(&mut cols[3 * p..3 * p + z], tok);
    }
    // ... and the free stacks sorted by their (sorted) token triples.
    let f = node.free_stacks as usize;
    let key =
        |cols: &[u8; 9], s: usize| [tok(cols[3 * s]), tok(cols[3 * s + 1]), tok(cols[3 * s + 2])];
    for i in 1..f {
        let mut j = i;
        while j > 0 && key(&cols, j - 1) > key(&cols, j) {
            for e in 0..3 {
                cols.swap(3 * (j - 1) + e, 3 * j + e);
            }
            j -= 1;
        }
    }

    let mut row = [0u8; 9];
    let mut next = node.next_label;
    for j in 0..9 {
        row[j] = match tok(cols[j]) {
            NEW => {
                next += 1;
                next - 1
            }
            t => t,
        };
    }
    if row > *best {
        return;
    }
    if row < *best {
        *best = row;
        out.clear();
    }

    // What stays free, and which tied parts must be split into children.
    let mut ties = [Ties::default(); 4];
    let mut n_ties = 0;
    for p in 0..3 {
        let z = node.free_cols[p] as usize;
        let group = &cols[3 * p..3 * p + z];
        child.free_cols[p] = group.iter().take_while(|&&c| tok(c) == 0).count() as u8;
        let new = group.iter().filter(|&&c| tok(c) == NEW).count();
        if new >= 2 {
            ties[n_ties] = Ties {
                start: (3 * p + z - new) as u8,
                width: 1,
                len: new as u8,
            };
            n_ties += 1;
        }
    }
    let blank_stacks = (0..f).take_while(|&s| child.free_cols[s] == 3).count();
    child.free_stacks = blank_stacks as u8;
    // Stacks that were free and now hold givens: equal triples can only consist of
    // blanks and new digits (a used label appears once per row), so they tie.
    let mut s = blank_stacks;
    while s < f {
        let mut e = s + 1;
        while e < f && key(&cols, e) == key(&cols, s) {
            e += 1;
        }
        if e - s >= 2 {
            ties[n_ties] = Ties {
                start: (3 * s) as u8,
                width: 3,
                len: (e - s) as u8,
            };
            n_ties += 1;
        }
        s = e;
    }
    // Column ties come first: they address positions before the stacks move.
    push_children(&child, line, &ties[..n_ties], cols, out);
}

/// Pushes one child of `child` per combination of orders of the tied parts, each
/// with the labelling its column order gives to the row `line`.
fn push_children(child: &Node, line: &[u8; 9], ties: &[Ties], cols: [u8; 9], out: &mut Vec<Node>) {
    let Some((t, rest)) = ties.split_first() else {
        let mut node = *child;
        node.cols = cols;
        for &c in &cols {
            let v = line[c as usize] as usize;
            if v != 0 && node.map[v] == 0 {
                node.map[v] = node.next_label;
                node.next_label += 1;
            }
        }
        out.push(node);
        return;
    };
    let perms: &[[u8; 3]] = if t.len == 2 { &PERMS2 } else { &PERMS3 };
    let (start, width) = (t.start as usize, t.width as usize);
    for perm in perms {
        let mut c = cols;
        for (i, &p) in perm[..t.len as usize].iter().enumerate() {
            let from = start + width * p as usize;
            let to = start + width * i;
            c[to..to + width].copy_from_slice(&cols[from..from + width]);
        }
        push_children(child, line, rest, c, out);
    }
}

/// The first two rows of a solution grid (every cell given, no digit twice in a
/// row or column), where classes do not help: the first row is `123456789` under
/// every column order, so all 1,296 orders of each of the 18 candidate rows tie.
///
/// Its labelling is the column order itself (the digit at position `j` gets label
/// `j + 1`), so the second row's label at position `j` is one more than the
/// position of the column of the first row that holds the same digit. A
/// branch-and-bound over the column order, one stack position at a time, compares
/// what the placed stacks already decide with the best second row and drops an
/// order as soon as it cannot tie. Returns the depth-2 nodes that tie; `best` gets
/// the second row.
fn full_grid_first_rows(
    plain: &[[u8; 9]; 9],
    trans: &[[u8; 9]; 9],
    best: &mut [u8; 9],
) -> Vec<Node> {
    let mut out = Vec::new();
    for transpose in [false, true] {
        let g = if transpose { trans } else { plain };
        for r0 in 0..9 {
            let mut column_of = [0u8; 10];
            for (c, &v) in g[r0].iter().enumerate() {
                column_of[v as usize] = c as u8;
            }
            for r1 in (r0 / 3 * 3..r0 / 3 * 3 + 3).filter(|&r| r != r0) {
                let mut search = TwoRows {
                    pair: g[r1].map(|v| column_of[v as usize]),
                    cols: [0; 9],
                    position: [UNPLACED; 9],
                    used_stacks: 0,
                };
                let root = Node {
                    rows: [r0 as u8, r1 as u8, 0, 0, 0, 0, 0, 0, 0],
                    used_rows: 1 << r0 | 1 << r1,
                    next_label: 10,
                    ..Node::fixed_root(transpose, [0; 9])
                };
                search.place(0, &root, &g[r0], best, &mut out);
            }
        }
    }
    out
}

/// Marks a column not yet placed in [`TwoRows`].
const UNPLACED: u8 = u8::MAX;

/// The branch-and-bound state of [`full_grid_first_rows`] for one pair of rows.
struct TwoRows {
    /// `pair[c]`: the column of the first row holding the digit that the second
    /// row has in column `c`.
    pair: [u8; 9],
    /// The column order so far (positions below `3 * placed stacks`).
    cols: [u8; 9],
    /// Inverse of `cols`: the position of each placed column.
    position: [u8; 9],
    used_stacks: u8,
}

impl TwoRows {
    /// Whether the second row, with `m` stacks placed, can still tie with `best`:
    /// a placed position whose partner column is placed has its label; otherwise
    /// the partner lands at position `3m` or later, a label of at least `3m + 1`
    /// (so the best label there must exceed `3m`).
    fn may_tie(&self, m: usize, best: &[u8; 9]) -> bool {
        for (&c, &b) in self.cols[..3 * m].iter().zip(best) {
            let l = match self.position[self.pair[c as usize] as usize] {
                UNPLACED => return (3 * m as u8) < b,
                p => p + 1,
            };
            if l != b {
                return l < b;
            }
        }
        true
    }

    /// Places stack position `m` and beyond; at the end compares the second row
    /// with `best` and keeps the order (as a child of `root`) when it ties.
    fn place(
        &mut self,
        m: usize,
        root: &Node,
        first: &[u8; 9],
        best: &mut [u8; 9],
        out: &mut Vec<Node>,
    ) {
        if m == 3 {
            let row = self
                .cols
                .map(|c| self.position[self.pair[c as usize] as usize] + 1);
            if row > *best {
                return;
            }
            if row < *best {
                *best = row;
                out.clear();
            }
            let mut node = *root;
            node.cols = self.cols;
            for (j, &c) in self.cols.iter().enumerate() {
                node.map[first[c as usize] as usize] = j as u8 + 1;
            }
            out.push(node);
            return;
        }
        for stack in 0..3u8 {
            if self.used_stacks & 1 << stack != 0 {
                continue;
            }
            self.used_stacks |= 1 << stack;
            for perm in &PERMS3 {
                for (i, &p) in perm.iter().enumerate() {
                    let c = 3 * stack + p;
                    self.cols[3 * m + i] = c;
                    self.position[c as usize] = (3 * m + i) as u8;
                }
                if self.may_tie(m + 1, best) {
                    self.place(m + 1, root, first, best, out);
                }
            }
            for c in 3 * stack..3 * stack + 3 {
                self.position[c as usize] = UNPLACED;
            }
            self.used_stacks &= !(1 << stack);
        }
    }
}

/// The canonical (minlex) form of `grid` as a standard Sudoku, with a transform
/// that maps `grid` onto it.
///
/// ```
/// use sudoku_core::{canonical_form, Grid, Transform, Variant};
/// let g: Grid = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
///     .parse().unwrap();
/// let (c, t) = canonical_form(&g);
/// assert_eq!(t.apply(&g), c);
/// let other = Transform::random(Variant::Standard, 7).apply(&g);
/// assert_eq!(canonical_form(&other).0, c);
/// ```
pub fn canonical_form(grid: &Grid) -> (Grid, Transform) {
    search(grid, false)
}

/// The canonical form found by the plain enumeration of all 1,296 column orders
/// (as for a grid with a repeated digit), skipping the classes and the two-row
/// start: the slow, obviously complete search the tests hold the fast one to.
#[cfg(test)]
fn enumerated_form(grid: &Grid) -> (Grid, Transform) {
    search(grid, true)
}

/// The search behind [`canonical_form`]; `enumerate` starts from every single
/// column order instead of the classes (see the module doc).
fn search(grid: &Grid, enumerate: bool) -> (Grid, Transform) {
    let v = grid.values();
    let mut plain = [[0u8; 9]; 9];
    let mut trans = [[0u8; 9]; 9];
    for r in 0..9 {
        for c in 0..9 {
            plain[r][c] = v[r * 9 + c];
            trans[c][r] = v[r * 9 + c];
        }
    }
    let mut result = [0u8; 81];
    let mut first_row = 0;
    let mut nodes = if enumerate || has_repeated_digit(&plain, &trans) {
        column_orders()
            .flat_map(|cols| [false, true].map(|t| Node::fixed_root(t, cols)))
            .collect()
    } else if grid.is_full() {
        let mut second = [u8::MAX; 9];
        let nodes = full_grid_first_rows(&plain, &trans, &mut second);
        result[..9].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        result[9..18].copy_from_slice(&second);
        first_row = 2;
        nodes
    } else {
        vec![Node::root(false), Node::root(true)]
    };
    let mut next_nodes = Vec::new();

    for k in first_row..9 {
        let mut best = [u8::MAX; 9];
        next_nodes.clear();
        for node in &nodes {
            let g = if node.transpose { &trans } else { &plain };
            for (src, line) in g.iter().enumerate() {
                if node.used_rows & (1 << src) != 0 {
                    continue;
                }
                let allowed = if k % 3 == 0 {
                    // a new band must start with an unused band
                    node.used_rows >> (src / 3 * 3) & 0b111 == 0
                } else {
                    src / 3 == node.rows[k - 1] as usize / 3
                };
                if allowed {
                    extend(node, line, src, k, &mut best, &mut next_nodes);
                }
            }
        }
        result[k * 9..k * 9 + 9].copy_from_slice(&best);
        std::mem::swap(&mut nodes, &mut next_nodes);
    }

    let canon = Grid::from_values(result).expect("labels stay in 0..=9");
    let s = &nodes[0];
    // Digits that never appear get the remaining labels in order.
    let mut digits = [0u8; 9];
    let mut taken = 0u16;
    for d in 1..10 {
        if s.map[d] != 0 {
            digits[d - 1] = s.map[d] - 1;
            taken |= 1 << (s.map[d] - 1);
        }
    }
    let mut free = (0u8..9).filter(|l| taken & (1 << l) == 0);
    for d in 1..10 {
        if s.map[d] == 0 {
            digits[d - 1] = free.next().unwrap_or(0);
        }
    }
    let t = Transform::new(s.transpose, s.rows, s.cols, digits)
        .expect("the search only builds band-preserving orders");
    (canon, t)
}

/// Reading grids from the data files, shared with the bench.
#[cfg(test)]
#[path = "../benches/support/sample.rs"]
mod sample;

#[cfg(test)]
mod tests {
    use super::sample::sample;
    use super::*;
    use crate::Variant;

    /// The search by classes (and the two-row start of solution grids) agrees with
    /// the plain enumeration on real puzzles and solution grids, its transform
    /// reaches the form, and a random isomorph has the same form.
    #[test]
    fn matches_enumeration_on_data_sets() {
        let sets = [
            ("17-clue.txt", 397, 120),
            ("top1465.txt", 13, 100),
            ("hodoku-levels.txt", 41, 90),
            ("benches/data/solutions-200.txt", 10, 20),
        ];
        let mut seed = 0;
        for (name, step, n) in sets {
            for g in sample(name, step, n) {
                seed += 1;
                let (c, t) = canonical_form(&g);
                let (expected, t_ref) = enumerated_form(&g);
                assert_eq!(c, expected, "{name}: {g:?}");
                assert_eq!(t.apply(&g), c, "{name}: {g:?}");
                assert_eq!(t_ref.apply(&g), c);
                let h = Transform::random(Variant::Standard, seed).apply(&g);
                let (ch, th) = canonical_form(&h);
                assert_eq!(ch, c, "{name}: {g:?} under seed {seed}");
                assert_eq!(th.apply(&h), c);
            }
        }
    }

    /// Grids that break the rules (a digit twice in a row, column or box) reach
    /// their form; those with lines intact agree with the plain enumeration.
    #[test]
    fn matches_enumeration_on_conflicting_grids() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..12 {
            let mut values = [0u8; 81];
            for v in values.iter_mut() {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                if state.is_multiple_of(4) {
                    *v = (state >> 8) as u8 % 9 + 1;
                }
            }
            let g = Grid::from_values(values).unwrap();
            let (c, t) = canonical_form(&g);
            assert_eq!(c, enumerated_form(&g).0, "{g:?}");
            assert_eq!(t.apply(&g), c);
        }
        // Full grids with lines intact but boxes broken (two columns of different
        // stacks swapped) take the two-row start, which must not assume boxes.
        for (i, full) in sample("benches/data/solutions-200.txt", 40, 5)
            .iter()
            .enumerate()
        {
            let mut values = *full.values();
            for r in 0..9 {
                values.swap(r * 9 + i % 3, r * 9 + 4 + i % 2 * 3);
            }
            let g = Grid::from_values(values).unwrap();
            let (c, t) = canonical_form(&g);
            assert_eq!(c, enumerated_form(&g).0, "{g:?}");
            assert_eq!(t.apply(&g), c);
        }
    }

    /// Grids with almost nothing in them have the most ties: the empty grid, a few
    /// near-empty ones and sparse subsets of solution grids against the plain
    /// enumeration.
    #[test]
    fn matches_enumeration_on_near_empty_grids() {
        let mut grids = vec![Grid::default()];
        for text in [
            "1................................................................................",
            "................................................................................9",
            "12.......3.......................................................................",
            "1...............................................................................2",
            "....5.......................2...............................7....................",
        ] {
            grids.push(text.parse().unwrap());
        }
        // A few cells of solution grids: valid, with ties in every row.
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for (i, full) in sample("benches/data/solutions-200.txt", 7, 24)
            .iter()
            .enumerate()
        {
            let mut values = *full.values();
            for v in values.iter_mut() {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                if !state.is_multiple_of(6 + i as u64 % 4 * 6) {
                    *v = 0;
                }
            }
            grids.push(Grid::from_values(values).unwrap());
        }
        for g in grids {
            let (c, t) = canonical_form(&g);
            assert_eq!(c, enumerated_form(&g).0, "{g:?}");
            assert_eq!(t.apply(&g), c);
        }
    }

    #[test]
    fn solution_grid_canonical_starts_with_123456789() {
        let g: Grid =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
                .parse()
                .unwrap();
        let (c, t) = canonical_form(&g);
        assert_eq!(t.apply(&g), c);
        assert_eq!(&c.to_string()[..9], "123456789");
        for seed in 0..20 {
            let h = Transform::random(Variant::Standard, seed).apply(&g);
            assert_eq!(canonical_form(&h).0, c);
        }
    }

    #[test]
    fn canonical_is_not_larger_than_any_sampled_isomorph() {
        let g: Grid =
            ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."
                .parse()
                .unwrap();
        let (c, _) = canonical_form(&g);
        for seed in 0..200 {
            let h = Transform::random(Variant::Standard, seed).apply(&g);
            assert!(c.values() <= h.values());
            assert_eq!(canonical_form(&h).0, c);
        }
    }
}
