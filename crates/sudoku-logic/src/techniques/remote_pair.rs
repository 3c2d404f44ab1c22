//! Remote pair: a chain of bivalue cells that all hold the same two digits.
//!
//! Cells holding only `a` and `b` that see each other take different digits,
//! so along a chain of such cells (each seeing the next) the digits alternate:
//! the cells at even distance from the start take one digit, those at odd
//! distance the other. A cell that sees a cell of each group sees both `a` and
//! `b`, so it can hold neither. The finder colours each connected group of
//! equal bivalue cells (a group whose colouring fails, i.e. with an odd loop,
//! would be broken and is left alone) and reports groups of four cells or more
//! (two or three cells are a naked pair or an XY-wing's business). No
//! uniqueness is assumed: this is an XY-chain on one pair of digits.
//!
//! Points: 7 like a short XY-chain; HoDoKu 110, before its other chains.
//! Sudoku Explainer has no remote pair (it finds the eliminations as chains).

use super::xy_wing::bivalue_cells;
use crate::Candidates;
use crate::step::{Detail, Link, LinkKind, Step};
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};
use sudoku_core::{Cell, CellSet, DigitSet};

/// Reports every group of four or more equal bivalue cells with an elimination.
pub(crate) fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    let variant = pos.variant();
    let bivalue = bivalue_cells(pos);
    let mut done = CellSet::EMPTY;
    for start in bivalue.iter() {
        if done.contains(start) {
            continue;
        }
        let pair = pos.candidates(start);
        let same: CellSet = bivalue
            .iter()
            .filter(|&c| pos.candidates(c) == pair)
            .collect();
        // Breadth-first colouring from `start`, with the tree's links.
        let mut even = CellSet::single(start);
        let mut odd = CellSet::EMPTY;
        let mut queue: Vec<Cell> = vec![start];
        let mut tree: Vec<(Cell, Cell)> = Vec::new();
        let mut broken = false;
        let mut i = 0;
        while i < queue.len() {
            let c = queue[i];
            i += 1;
            let c_even = even.contains(c);
            for n in (variant.peers(c) & same).iter() {
                let (mine, other) = if c_even { (even, odd) } else { (odd, even) };
                if mine.contains(n) {
                    broken = true;
                } else if !other.contains(n) {
                    if c_even {
                        odd.insert(n);
                    } else {
                        even.insert(n);
                    }
                    tree.push((c, n));
                    queue.push(n);
                }
            }
        }
        let group = even | odd;
        done |= group;
        if broken || group.len() < 4 {
            continue;
        }
        let mut see_even = CellSet::EMPTY;
        for c in even.iter() {
            see_even |= variant.peers(c);
        }
        let mut see_odd = CellSet::EMPTY;
        for c in odd.iter() {
            see_odd |= variant.peers(c);
        }
        let targets = (see_even & see_odd) - group;
        let mut step = Step::new(Technique::RemotePair, Technique::RemotePair.info().points);
        for d in pair.iter() {
            let gone = targets & pos.cells_with(d);
            if !gone.is_empty() {
                step.eliminate_all(d, gone);
            }
        }
        if step.eliminations.is_empty() {
            continue;
        }
        step.cells = group;
        step.digits = pair;
        step.links = chain_links(&tree, pair);
        step.detail = Detail::RemotePair(RemotePair { pair, even, odd });
        out.push(step);
        if mode == FindMode::First {
            return;
        }
    }
}

/// The colouring tree as weak links on the pair's first digit (two cells
/// seeing each other cannot both hold it).
fn chain_links(tree: &[(Cell, Cell)], pair: DigitSet) -> Vec<Link> {
    let Some(d) = pair.first() else {
        return Vec::new();
    };
    tree.iter()
        .map(|&(a, b)| Link {
            from: (a, d),
            to: (b, d),
            kind: LinkKind::Weak,
        })
        .collect()
}

/// Remote pair: the bivalue cells `even` ∪ `odd`, all holding `pair`, form a
/// chain where neighbours see each other; `even` cells take one digit and
/// `odd` cells the other, so a cell seeing both groups takes neither.
#[derive(Clone, Debug, PartialEq)]
pub struct RemotePair {
    /// The two digits.
    pub pair: DigitSet,
    /// The cells at even distance from the chain's first cell.
    pub even: CellSet,
    /// The cells at odd distance.
    pub odd: CellSet,
}

crate::moved_fields!(RemotePair { pair, even, odd; });

/// Catalogue entry: Remote pair (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const REMOTE_PAIR: TechniqueInfo = TechniqueInfo {
    technique: Technique::RemotePair, name: "remote-pair", names: Names { en: "Remote pair", de: "Entferntes Paar (Remote Pair)" },
    family: Family::XyChain, phase: Phase::OnCandidates, points: 7.0, se: None, finder: find, text: None,
    hodoku: Hodoku { order: Some(2800), level: HodokuLevel::Hard, score: 110 },
};

pub(crate) mod told {
    //! This technique's steps told in English and German and drawn, both
    //! from the step struct (see [`crate::describe`]).
    //!
    //! Uniqueness techniques (unique, hidden and avoidable rectangles, BUG+1) and
    //! the remote pair. The texts say the premise aloud: these deductions hold
    //! because the puzzle has exactly one solution. German in the diagonal
    //! solver's words (Zeile, Spalte, Box, Kandidat, Kette).

    use crate::Step;
    use crate::describe::drawing::Drawing;
    use crate::describe::words::{cells, digits, removal, so};
    use crate::describe::{Describe, Telling};
    use sudoku_core::Lang;
    use sudoku_core::{CellSet, DigitSet};

    /// Explains a remote pair.
    pub(crate) fn remote_pair(
        step: &Step,
        name: &str,
        pair: DigitSet,
        (even, odd): (CellSet, CellSet),
        lang: Lang,
    ) -> Option<String> {
        let p = digits(pair, lang);
        let rm = so(&removal(&step.eliminations, lang), lang);
        Some(match lang {
            Lang::En => format!(
                "{name}: {} all hold only {p}, and each sees the next along a chain, so neighbours take different digits: {} take one of them, {} the other. A cell seeing a cell of each group can be neither, {rm}",
                cells(even | odd),
                cells(even),
                cells(odd)
            ),
            Lang::De => format!(
                "{name}: {} enthalten alle nur {p} und sehen sich der Reihe nach wie eine Kette, Nachbarn bekommen also verschiedene Zahlen: {} die eine, {} die andere. Eine Zelle, die aus beiden Teilen je eine Zelle sieht, kann keine der beiden sein, {rm}",
                cells(even | odd),
                cells(even),
                cells(odd)
            ),
        })
    }

    impl Describe for super::RemotePair {
        fn text(&self, step: &Step, at: &Telling<'_>) -> Option<String> {
            remote_pair(step, at.name, self.pair, (self.even, self.odd), at.lang)
        }

        fn draw(&self, step: &Step, out: &mut Drawing) {
            out.pattern(self.even | self.odd, self.pair);
            out.arrows(&step.links);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_util::*;
    use sudoku_core::Variant;

    // From solving HoDoKu's levels (tests/scan.rs `scan_uniqueness`).
    const P: &str =
        "5.3.976249.465273.2764....573.529..66.5...2....2..635..67.8...2.5927..63.2.96..7.";
    const E: &str = "r5c2-18 r5c4-1 r5c6-4 r5c8-49 r5c9-18 r6c1-4 r6c2-18 r6c9-18 r7c6-4 \
                     r9c1-18 r9c6-1 r9c7-18";

    #[test]
    fn a_cell_seeing_both_colours_loses_the_pair() {
        let (_, steps) = sound_hits(find, P, E);
        assert_eq!(eliminations(&steps[0]), "r6c4-1 r6c4-8");
        let Detail::RemotePair(RemotePair { pair, even, odd }) = &steps[0].detail else {
            panic!("{:?}", steps[0].detail)
        };
        assert_eq!(pair.to_string(), "18");
        assert_eq!((even.len(), odd.len()), (4, 4));
        assert_eq!(steps[0].links.len(), 7);
    }

    #[test]
    fn no_remote_pair_in_an_empty_grid() {
        assert!(run(find, &position(&".".repeat(81), Variant::Standard)).is_empty());
    }
}
