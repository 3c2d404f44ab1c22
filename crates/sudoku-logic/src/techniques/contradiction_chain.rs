//! Single-digit contradiction chains (the seed's "Einzelzahl-Widerspruchs-Ketten"),
//! 3 to 11 cells.
//!
//! **What they are.** A chain `c1, c2, …, cN` (N odd) of candidates of one digit
//! in which
//!
//! * each odd cell shares a house with the next (even) cell — the seed's *O* when
//!   that house is a strong link (exactly two candidates), *X* otherwise;
//! * each even cell forms a strong link with the next (odd) cell.
//!
//! Assume the digit is set in `c1`. Then it is unset in `c2` (same house), so set
//! in `c3` (strong link), unset in `c4`, … : it is set in every odd cell. Setting
//! those cells removes the digit from all their peers. The chain is a
//! contradiction chain when that is impossible: two odd cells share a house (the
//! digit twice), or some house still missing the digit has every candidate
//! removed (the digit nowhere). So `c1` does not hold the digit.
//!
//! The same argument starts from every odd cell up to the first *X* link, because
//! walking backwards from there only crosses *O* links (each a strong link, so
//! "unset in `c2k`" gives "set in `c2k-1`"). Those odd cells all go: in a type 1
//! chain (all links *O*) every odd cell, in a type 2 chain (the seed appends the
//! link pattern, e.g. "2OOXO") the odd cells before the first *X*.
//!
//! Points N + 4 (7 to 15). Only chains of the shortest length that has any are
//! reported (iterative deepening over the length, all digits and starts), one per
//! (digit, eliminations); a chain's prefixes are never contradictions themselves,
//! since those would be shorter hits. Sudoku Explainer finds these as forcing
//! X-chains: 6.6 plus its length bonus (0.1 per threshold 4, 6, 8, 12 exceeded by
//! the cell count); the table carries 6.6. HoDoKu has no such technique.
//!
//! A four-cell X-chain `a = b - c = d` eliminating `t` is the contradiction chain
//! `t, a, b, c` (the strong house of `c = d` is emptied), so this row comes after
//! the X-chain rows: otherwise they would never fire.

use super::digit_graph::{DigitGraph, cell_set};
use crate::Candidates;
use crate::step::{Detail, LinkKind, Step};
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};
use std::cell::RefCell;
use std::rc::Rc;
use sudoku_core::{Cell, CellSet, Digit, DigitSet, House, Variant};

const MIN_LEN: usize = 3;
const MAX_LEN: usize = 11;

/// A partial chain: its cells, the odd ("set") cells, the even ("unset") cells,
/// the candidates the set cells remove, and the odd→even link kinds.
struct Walk<'a> {
    g: &'a DigitGraph,
    len: usize,
    cells: Vec<Cell>,
    on: CellSet,
    off: CellSet,
    removed: CellSet,
    odd_links: Vec<LinkKind>,
}

impl Walk<'_> {
    fn go(&mut self, out: &mut Vec<Step>, start: usize, mode: FindMode) -> bool {
        let last = *self.cells.last().expect("non-empty");
        let g = self.g;
        let near = (g.seen(last) & g.nodes) - self.off - self.on;
        for w in near.iter() {
            let kind = if g.strong[last.index()].contains(w) {
                LinkKind::Strong
            } else {
                LinkKind::Weak
            };
            for y in (g.strong[w.index()] - self.on - self.off).iter() {
                let complete = self.cells.len() + 2 == self.len;
                if !complete && self.removed.contains(y) {
                    continue; // a shorter chain already contradicts
                }
                self.cells.push(w);
                self.cells.push(y);
                self.odd_links.push(kind);
                let before = (self.on, self.off, self.removed);
                self.on.insert(y);
                self.off.insert(w);
                let twice = before.2.contains(y);
                self.removed |= g.seen(y);
                let stop = if complete {
                    self.report(out, start, twice) && mode == FindMode::First
                } else {
                    self.go(out, start, mode)
                };
                (self.on, self.off, self.removed) = before;
                self.odd_links.pop();
                self.cells.truncate(self.cells.len() - 2);
                if stop {
                    return true;
                }
            }
        }
        false
    }

    /// Records the chain if it is a contradiction; returns whether it was one.
    fn report(&self, out: &mut Vec<Step>, start: usize, twice: bool) -> bool {
        let g = self.g;
        let house: House = if twice {
            let y = *self.cells.last().expect("non-empty");
            let earlier = self
                .cells
                .iter()
                .step_by(2)
                .find(|&&c| c != y && g.variant.peers(y).contains(c))
                .expect("a set cell sees y");
            g.shared_house(*earlier, y).expect("peers share a house")
        } else {
            match g
                .open
                .iter()
                .find(|(_, cells)| cells.is_subset(self.removed))
            {
                Some(&(h, _)) => h,
                None => return false,
            }
        };
        let first_x = self
            .odd_links
            .iter()
            .position(|&k| k == LinkKind::Weak)
            .unwrap_or(self.odd_links.len());
        let gone: CellSet = self
            .cells
            .iter()
            .step_by(2)
            .take(first_x + 1)
            .copied()
            .collect();
        let mut step = Step::new(Technique::DigitContradictionChain, self.len as f64 + 4.0);
        step.eliminate_all(g.digit, gone);
        if out[start..]
            .iter()
            .any(|s| s.eliminations == step.eliminations)
        {
            return true;
        }
        step.cells = cell_set(&self.cells);
        let mut houses = Vec::with_capacity(self.len);
        let mut links = Vec::with_capacity(self.len - 1);
        for (i, pair) in self.cells.windows(2).enumerate() {
            let (a, b) = (pair[0], pair[1]);
            let kind = if i % 2 == 0 {
                self.odd_links[i / 2]
            } else {
                LinkKind::Strong
            };
            let strong = if kind == LinkKind::Strong {
                g.strong_house(a, b)
            } else {
                None
            };
            houses.extend(strong.or_else(|| g.shared_house(a, b)));
            links.push(g.link(a, b, kind));
        }
        houses.push(house);
        step.houses = houses;
        step.links = links;
        step.digits = DigitSet::single(g.digit);
        step.detail = Detail::DigitContradiction(DigitContradiction {
            digit: g.digit,
            length: self.len,
            all_strong: first_x == self.odd_links.len(),
            house,
            twice,
        });
        out.push(step);
        true
    }
}

/// How many chain lengths are searched (3, 5, … 11).
const LENGTHS: usize = (MAX_LEN - MIN_LEN) / 2 + 1;

/// A digit's chains kept: the variant, the digit's candidates, its graph
/// and, per length once searched, every chain of that length.
type Kept = Option<(
    Variant,
    CellSet,
    Rc<DigitGraph>,
    [Option<Vec<Step>>; LENGTHS],
)>;

thread_local! {
    /// A digit's chains depend only on the variant and the digit's
    /// candidates; the next steps of a walk, which change few digits, read
    /// the others from here.
    static KEPT: RefCell<[Kept; 9]> = RefCell::new(Default::default());
}

/// Every chain of `len` cells on the digit of `g`, in search order, each
/// set of eliminations once.
fn chains_of_length(g: &DigitGraph, len: usize) -> Vec<Step> {
    let mut out = Vec::new();
    if g.links.is_empty() {
        return out;
    }
    for c1 in g.cells.iter() {
        if (g.seen(c1) & g.nodes).is_empty() {
            continue;
        }
        let mut walk = Walk {
            g,
            len,
            cells: vec![c1],
            on: CellSet::single(c1),
            off: CellSet::EMPTY,
            removed: g.seen(c1),
            odd_links: Vec::new(),
        };
        walk.go(&mut out, 0, FindMode::All);
    }
    out
}

/// Contradiction chains of the shortest length that has any (the first
/// one found with [`FindMode::First`]).
pub(crate) fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    let variant = pos.variant();
    KEPT.with(|kept| {
        let mut kept = kept.borrow_mut();
        for (i, len) in (MIN_LEN..=MAX_LEN).step_by(2).enumerate() {
            let start = out.len();
            for d in Digit::ALL {
                let cells = pos.cells_with(d);
                let slot = &mut kept[d.index()];
                if !matches!(slot, Some((v, c, ..)) if *v == variant && *c == cells) {
                    let g = Rc::new(DigitGraph::new(pos, d));
                    *slot = Some((variant, cells, g, Default::default()));
                }
                let Some((_, _, g, by_length)) = slot else {
                    continue;
                };
                let hits = by_length[i].get_or_insert_with(|| chains_of_length(g, len));
                if super::emit(hits, out, mode) {
                    return;
                }
            }
            if out.len() > start {
                return;
            }
        }
    });
}

/// A single-digit contradiction chain: with the digit set in the chain's odd
/// cells and unset in the even ones, `house` ends up without the digit (or,
/// when `twice`, with it twice). `links` alternate odd→even links (strong = the
/// seed's O, weak = X) and strong even→odd links.
#[derive(Clone, Debug, PartialEq)]
pub struct DigitContradiction {
    /// The digit.
    pub digit: Digit,
    /// The number of cells in the chain (odd).
    pub length: usize,
    /// Type 1 (every link strong) rather than type 2.
    pub all_strong: bool,
    /// The house the contradiction shows in.
    pub house: House,
    /// The digit would be set twice in `house` (else it has no place there).
    pub twice: bool,
}

crate::moved_fields!(DigitContradiction { digit, house; length, all_strong, twice });

/// Catalogue entry: Single-digit contradiction chain (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const DIGIT_CONTRADICTION_CHAIN: TechniqueInfo = TechniqueInfo {
    technique: Technique::DigitContradictionChain, name: "single-digit-contradiction-chain", names: Names { en: "Single-digit contradiction chain", de: "Einzelzahl-Widerspruchs-Kette" },
    family: Family::SingleDigit, phase: Phase::OnCandidates, points: 7.0, se: Some(6.6), finder: find, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 260 },
};

pub(crate) mod told {
    //! This technique's steps told in English and German and drawn, both
    //! from the step struct (see [`crate::describe`]).
    //!
    //! Single-digit patterns: the four-cell chains (skyscraper, 2-string kite,
    //! turbot fish), X-chains and X-loops (the diagonal solver's Einzelzahl-Ketten),
    //! the empty rectangle and the single-digit contradiction chains
    //! (Einzelzahl-Widerspruchs-Ketten, types 1 and 2 with their O/X link string).

    use crate::describe::drawing::Drawing;
    use crate::describe::words::{cell_list, cells, chain as chain_text, chain_cells, in_house};
    use crate::describe::{Describe, Telling};
    use crate::{DigitContradiction, LinkKind, Step};
    use sudoku_core::CellSet;
    use sudoku_core::Lang;

    /// Explains a single-digit contradiction chain: the digit set in every odd cell
    /// breaks `house`.
    pub(crate) fn contradiction(
        step: &Step,
        name: &str,
        c: &DigitContradiction,
        lang: Lang,
    ) -> Option<String> {
        let &DigitContradiction {
            digit,
            length,
            all_strong,
            house,
            twice,
        } = c;
        let order = chain_cells(&step.links);
        let start = *order.first()?;
        let set: Vec<_> = order.iter().copied().step_by(2).collect();
        // The seed's type: 1, or 2 followed by every link, O strong and X weak.
        let kind = if all_strong {
            "1".to_string()
        } else {
            let marks: String = step
                .links
                .iter()
                .map(|l| match l.kind {
                    LinkKind::Strong => 'O',
                    LinkKind::Weak => 'X',
                })
                .collect();
            format!("2{marks}")
        };
        let path = chain_text(&step.links);
        let gone: CellSet = step.eliminations.iter().map(|e| e.cell).collect();
        let several = gone.len() > 1;
        let gone = cells(gone);
        let place = in_house(house, lang);
        Some(match lang {
            Lang::En => {
                let broken = if twice {
                    format!("puts {digit} twice {place}")
                } else {
                    format!("leaves no place for {digit} {place}")
                };
                let more = if several {
                    " The same argument starts from each of them."
                } else {
                    ""
                };
                format!(
                    "{name} (type {kind}) on {digit}, {length} cells: assume {digit} in {start}. Along {path} it is then set in {}, which {broken}. So {digit} can be removed from {gone}.{more}",
                    cell_list(&set)
                )
            }
            Lang::De => {
                let broken = if twice {
                    format!("setzt die {digit} zweimal {place}")
                } else {
                    format!("lässt {place} keinen Platz für die {digit}")
                };
                let more = if several {
                    " Derselbe Schluss gilt von jeder dieser Zellen aus."
                } else {
                    ""
                };
                format!(
                    "{name} (Typ {kind}) mit der {digit}, {length} Zellen: Angenommen, in {start} steht die {digit}. Entlang {path} steht sie dann in {}, und das {broken}. Also kann die {digit} aus {gone} gestrichen werden.{more}",
                    cell_list(&set)
                )
            }
        })
    }

    impl Describe for super::DigitContradiction {
        fn text(&self, step: &Step, at: &Telling<'_>) -> Option<String> {
            contradiction(step, at.name, self, at.lang)
        }

        fn draw(&self, step: &Step, out: &mut Drawing) {
            out.chain(&step.links, true);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_util::*;
    use sudoku_core::Variant;

    const P: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1927..5.3....4.9.7.4....";

    /// The position of the type-2 example below.
    fn xo_position() -> Candidates {
        position_with(
            P,
            Variant::Standard,
            "r1c2-12 r1c3-59 r2c2-123 r2c3-59 r2c9-2 r3c2-2 r3c3-59 r3c7-2 r4c2-12 r4c4-4 \
             r4c6-4 r4c7-14 r4c9-4 r5c3-124 r5c4-7 r5c9-4 r6c3-146 r6c6-4 r6c7-1 r7c8-68 \
             r7c9-68 r8c2-6 r8c9-68 r9c2-6 r9c4-8 r9c6-68 r9c7-35 r9c8-1235 r9c9-235",
        )
    }

    #[test]
    fn chains_kept_per_digit_equal_a_fresh_search() {
        let hits = kept_results_agree(find, &xo_position());
        assert!(hits > 0, "the walk meets some chain");
    }

    #[test]
    fn type_2_xo_of_three_cells() {
        let (p, pos) = (P, xo_position());
        let steps = run(find, &pos);
        assert_sound(p, Variant::Standard, &steps);
        assert_eq!(steps.len(), 1);
        // 3 in r4c9 leaves none for r4c2, so r3c2 holds it: column 7 has no 3.
        assert_eq!(chain(&steps[0]), "r4c9-r4c2 r4c2=r3c2");
        assert_eq!(eliminations(&steps[0]), "r4c9-3");
        assert_eq!(
            steps[0].detail,
            Detail::DigitContradiction(DigitContradiction {
                digit: Digit::new(3).unwrap(),
                length: 3,
                all_strong: false,
                house: House::column(6),
                twice: false,
            })
        );
        assert_eq!(steps[0].points, 7.0);
    }

    #[test]
    fn type_1_removes_both_ends() {
        let p = "....1..594...5.8...5.7........59..8..1.2.3....34........38...........6.7.729...18";
        let pos = position_with(
            p,
            Variant::Standard,
            "r1c6-4 r3c6-4 r4c6-67 r4c7-27 r4c9-26 r5c1-67 r5c3-67 r6c1-267",
        );
        let steps = run(find, &pos);
        assert_sound(p, Variant::Standard, &steps);
        let t1: Vec<_> = steps
            .iter()
            .filter(|s| {
                matches!(
                    s.detail,
                    Detail::DigitContradiction(DigitContradiction {
                        all_strong: true,
                        ..
                    })
                )
            })
            .collect();
        assert_eq!(t1.len(), 1);
        assert_eq!(chain(t1[0]), "r1c7=r1c4 r1c4=r8c4");
        assert_eq!(eliminations(t1[0]), "r1c7-4 r8c4-4");
    }

    #[test]
    fn type_2_of_five_cells() {
        let p = "5..613....2....9833...2.165.1..9.......3....67.......4....8.25.4..7...3.....3....";
        let pos = position_with(
            p,
            Variant::Standard,
            "r1c2-47 r1c3-47 r2c3-47 r2c5-5 r3c2-89 r3c3-89 r3c4-4 r3c6-47 r4c1-2 r4c3-2 \
             r4c4-2 r4c6-2 r5c5-5 r5c6-2 r5c8-27 r6c3-2 r6c8-2 r8c3-6 r9c4-4 r9c6-4 r9c8-19",
        );
        let steps = run(find, &pos);
        assert_sound(p, Variant::Standard, &steps);
        assert_eq!(steps.len(), 2);
        assert!(steps.iter().all(|s| s.points == 9.0));
        assert_eq!(eliminations(&steps[0]), "r9c1-6");
        assert_eq!(eliminations(&steps[1]), "r9c3-6");
        assert_eq!(chain(&steps[0]), "r9c1-r9c7 r9c7=r8c7 r8c7-r8c5 r8c5=r6c5");
        // After both, no chain of three or five cells is left for 6.
        let mut after = pos.clone();
        for s in &steps {
            after.apply(s).unwrap();
        }
        assert!(run(find, &after).iter().all(|s| s.digits != steps[0].digits
            || matches!(s.detail, Detail::DigitContradiction(DigitContradiction { length, .. }) if length > 5)));
    }

    #[test]
    fn nothing_without_strong_links() {
        assert!(run(find, &position(&".".repeat(81), Variant::Diagonal)).is_empty());
    }
}
