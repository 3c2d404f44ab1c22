//! Steps moved by a grid transform.
//!
//! The solver walks a puzzle in its canonical orientation (so that every
//! isomorphic copy gets the same path and rating, see the solver) and hands
//! the steps back in the orientation the user gave. [`Step::transformed`]
//! moves every cell, digit and house a step names — the common fields, the
//! technique's detail and the implication trees of forcing steps — so a
//! renderer sees the step exactly as a finder on the moved grid would report
//! it. Fields whose meaning depends on direction (a rectangle's corner order,
//! an empty rectangle's row and column) are put back in their documented
//! order when a transpose turns rows into columns.

use crate::implication::{Branch, Cause, Forcing, ForcingKind, ImplicationNode, Literal};
use crate::step::{
    AlsSet, ChainNode, Detail, DirectReason, Elimination, Link, PatternGroup, Placement, Step,
};
use sudoku_core::{Cell, CellSet, Digit, DigitSet, House, HouseSet, Transform};

/// A value whose cells, digits and houses a grid transform moves: a
/// technique's step data (a named struct in its module) implements it, most
/// often field by field with [`moved_fields!`](crate::moved_fields).
pub trait Moved {
    /// The value as a finder on the grid moved by `t` would report it.
    fn moved(&self, t: &Transform) -> Self;
}

impl Moved for Cell {
    fn moved(&self, t: &Transform) -> Cell {
        Map(t).cell(*self)
    }
}

impl Moved for Digit {
    fn moved(&self, t: &Transform) -> Digit {
        Map(t).digit(*self)
    }
}

impl Moved for House {
    fn moved(&self, t: &Transform) -> House {
        Map(t).house(*self)
    }
}

impl Moved for CellSet {
    fn moved(&self, t: &Transform) -> CellSet {
        Map(t).cells(*self)
    }
}

impl Moved for DigitSet {
    fn moved(&self, t: &Transform) -> DigitSet {
        Map(t).digits(*self)
    }
}

impl Moved for HouseSet {
    fn moved(&self, t: &Transform) -> HouseSet {
        Map(t).houses(*self)
    }
}

impl Moved for AlsSet {
    fn moved(&self, t: &Transform) -> AlsSet {
        Map(t).als(self)
    }
}

impl<T: Moved> Moved for Option<T> {
    fn moved(&self, t: &Transform) -> Option<T> {
        self.as_ref().map(|x| x.moved(t))
    }
}

impl<T: Moved> Moved for Vec<T> {
    fn moved(&self, t: &Transform) -> Vec<T> {
        self.iter().map(|x| x.moved(t)).collect()
    }
}

impl<T: Moved, const N: usize> Moved for [T; N] {
    fn moved(&self, t: &Transform) -> [T; N] {
        self.each_ref().map(|x| x.moved(t))
    }
}

impl Moved for ChainNode {
    fn moved(&self, t: &Transform) -> ChainNode {
        ChainNode {
            cells: self.cells.moved(t),
            digit: self.digit.moved(t),
        }
    }
}

impl Moved for Branch {
    fn moved(&self, t: &Transform) -> Branch {
        Map(t).branch(self)
    }
}

impl Moved for Forcing {
    fn moved(&self, t: &Transform) -> Forcing {
        Map(t).forcing(self)
    }
}

impl Moved for DirectReason {
    fn moved(&self, t: &Transform) -> DirectReason {
        Map(t).reason(self)
    }
}

impl Moved for Step {
    fn moved(&self, t: &Transform) -> Step {
        self.transformed(t)
    }
}

impl<T: Moved> Moved for Box<T> {
    fn moved(&self, t: &Transform) -> Box<T> {
        Box::new(self.as_ref().moved(t))
    }
}

impl<A: Moved, B: Moved, C: Moved> Moved for (A, B, C) {
    fn moved(&self, t: &Transform) -> (A, B, C) {
        (self.0.moved(t), self.1.moved(t), self.2.moved(t))
    }
}

impl<A: Moved, B: Moved> Moved for (A, B) {
    fn moved(&self, t: &Transform) -> (A, B) {
        (self.0.moved(t), self.1.moved(t))
    }
}

/// Implements [`Moved`] for a step-data struct by moving each listed field
/// (every field must be listed; a field of plain data, such as a count or a
/// flag, is listed after `;` and copied):
/// `moved_fields!(SueDeCoq { line, region, cells; })`.
#[macro_export]
#[doc(hidden)]
macro_rules! moved_fields {
    ($name:ident { $($field:ident),* $(,)? ; $($plain:ident),* $(,)? }) => {
        impl $crate::Moved for $name {
            fn moved(&self, t: &sudoku_core::Transform) -> $name {
                let _ = t; // unused when every field is plain data
                $name {
                    $($field: $crate::Moved::moved(&self.$field, t),)*
                    $($plain: self.$plain.clone(),)*
                }
            }
        }
    };
}

/// The moves of one transform.
struct Map<'a>(&'a Transform);

impl Map<'_> {
    fn cell(&self, c: Cell) -> Cell {
        self.0.target_of(c)
    }
    fn digit(&self, d: Digit) -> Digit {
        Digit::from_index(self.0.digit_map(d.index()) as usize).unwrap_or(d)
    }
    fn house(&self, h: House) -> House {
        self.0.house_image(h).unwrap_or(h)
    }
    fn cells(&self, s: CellSet) -> CellSet {
        s.iter().map(|c| self.cell(c)).collect()
    }
    fn digits(&self, s: DigitSet) -> DigitSet {
        s.iter().map(|d| self.digit(d)).collect()
    }
    fn houses(&self, s: HouseSet) -> HouseSet {
        s.iter().map(|h| self.house(h)).collect()
    }
    fn candidate(&self, (c, d): (Cell, Digit)) -> (Cell, Digit) {
        (self.cell(c), self.digit(d))
    }
    fn link(&self, l: &Link) -> Link {
        Link {
            from: self.candidate(l.from),
            to: self.candidate(l.to),
            kind: l.kind,
        }
    }
    fn als(&self, a: &AlsSet) -> AlsSet {
        AlsSet {
            house: self.house(a.house),
            cells: self.cells(a.cells),
            digits: self.digits(a.digits),
        }
    }
    fn literal(&self, l: Literal) -> Literal {
        Literal {
            cell: self.cell(l.cell),
            digit: self.digit(l.digit),
            on: l.on,
        }
    }

    fn branch(&self, b: &Branch) -> Branch {
        Branch {
            nodes: b
                .nodes
                .iter()
                .map(|n| ImplicationNode {
                    literal: self.literal(n.literal),
                    cause: match n.cause {
                        Cause::SameHouse(h) => Cause::SameHouse(self.house(h)),
                        Cause::HiddenSingle(h) => Cause::HiddenSingle(self.house(h)),
                        other => other,
                    },
                    parents: n.parents.clone(),
                })
                .collect(),
            conclusion: b.conclusion.clone(),
        }
    }

    fn forcing(&self, f: &Forcing) -> Forcing {
        let kind = match f.kind {
            ForcingKind::Cell { cell } => ForcingKind::Cell {
                cell: self.cell(cell),
            },
            ForcingKind::Region { house, digit } => ForcingKind::Region {
                house: self.house(house),
                digit: self.digit(digit),
            },
            other => other,
        };
        let branches = f.branches.iter().map(|b| self.branch(b)).collect();
        Forcing {
            kind,
            dynamic: f.dynamic,
            level: f.level,
            branches,
            conclusion: self.literal(f.conclusion),
            nested: f.nested.iter().map(|n| self.forcing(n)).collect(),
            se_difficulty: f.se_difficulty,
        }
    }

    fn reason(&self, r: &DirectReason) -> DirectReason {
        match *r {
            DirectReason::Locked {
                digit,
                base,
                cover,
                cells,
            } => DirectReason::Locked {
                digit: self.digit(digit),
                base: self.house(base),
                cover: self.house(cover),
                cells: self.cells(cells),
            },
            DirectReason::Pair {
                house,
                digits,
                cells,
            } => DirectReason::Pair {
                house: self.house(house),
                digits: self.digits(digits),
                cells: self.cells(cells),
            },
        }
    }

    fn detail(&self, d: &Detail) -> Detail {
        use Detail as D;
        match d {
            D::None => D::None,
            D::Pattern(groups) => D::Pattern(
                groups
                    .iter()
                    .map(|g| PatternGroup {
                        cells: self.cells(g.cells),
                        ..g.clone()
                    })
                    .collect(),
            ),
            D::Single(x) => D::Single(x.moved(self.0)),
            D::WriteCandidates(x) => D::WriteCandidates(x.moved(self.0)),
            D::Intersection(x) => D::Intersection(x.moved(self.0)),
            D::Subset(x) => D::Subset(x.moved(self.0)),
            D::Fish(x) => D::Fish(x.moved(self.0)),
            D::SingleDigitChain(x) => D::SingleDigitChain(x.moved(self.0)),
            D::EmptyRectangle(x) => D::EmptyRectangle(x.moved(self.0)),
            D::DigitContradiction(x) => D::DigitContradiction(x.moved(self.0)),
            D::Wing(x) => D::Wing(x.moved(self.0)),
            D::WWing(x) => D::WWing(x.moved(self.0)),
            D::XyChain(x) => D::XyChain(x.moved(self.0)),
            D::Direct(x) => D::Direct(x.moved(self.0)),
            D::Trial(x) => D::Trial(x.moved(self.0)),
            D::UniqueRectangle(x) => D::UniqueRectangle(x.moved(self.0)),
            D::Bug(x) => D::Bug(x.moved(self.0)),
            D::RemotePair(x) => D::RemotePair(x.moved(self.0)),
            D::NiceLoop(x) => D::NiceLoop(x.moved(self.0)),
            D::AlsChain(x) => D::AlsChain(x.moved(self.0)),
            D::DeathBlossom(x) => D::DeathBlossom(x.moved(self.0)),
            D::SueDeCoq(s) => D::SueDeCoq(s.moved(self.0)),
            D::FinnedFish(x) => D::FinnedFish(x.moved(self.0)),
            D::KrakenFish(x) => D::KrakenFish(x.moved(self.0)),
            D::UniqueLoop(x) => D::UniqueLoop(x.moved(self.0)),
            D::BivalueGrave(x) => D::BivalueGrave(x.moved(self.0)),
            D::AlignedExclusion(x) => D::AlignedExclusion(x.moved(self.0)),
            D::SeesAllPlaces(x) => D::SeesAllPlaces(x.moved(self.0)),
            D::Forcing(f) => D::Forcing(Box::new(self.forcing(f))),
            D::Coloring(x) => D::Coloring(x.moved(self.0)),
            D::Medusa(x) => D::Medusa(x.moved(self.0)),
            D::Dual(x) => D::Dual(x.moved(self.0)),
            D::Template(x) => D::Template(x.moved(self.0)),
            D::LockedSubset(x) => D::LockedSubset(x.moved(self.0)),
        }
    }
}

impl Step {
    /// The step as a finder would report it on the grid moved by `t` (a
    /// transform that keeps the variant's houses): every cell, digit and house
    /// moved, eliminations sorted again, and placements too when a finder
    /// gave several in cell order (template set).
    pub fn transformed(&self, t: &Transform) -> Step {
        let m = Map(t);
        let mut placements: Vec<Placement> = self
            .placements
            .iter()
            .map(|p| Placement {
                cell: m.cell(p.cell),
                digit: m.digit(p.digit),
            })
            .collect();
        if self.placements.len() > 1 && self.placements.is_sorted() {
            placements.sort_unstable();
        }
        let mut eliminations: Vec<Elimination> = self
            .eliminations
            .iter()
            .map(|e| Elimination {
                cell: m.cell(e.cell),
                digit: m.digit(e.digit),
            })
            .collect();
        eliminations.sort_unstable();
        Step {
            technique: self.technique,
            placements,
            eliminations,
            cells: m.cells(self.cells),
            houses: self.houses.iter().map(|&h| m.house(h)).collect(),
            digits: m.digits(self.digits),
            links: self.links.iter().map(|l| m.link(l)).collect(),
            detail: m.detail(&self.detail),
            points: self.points,
            alternatives: self.alternatives,
        }
    }
}
