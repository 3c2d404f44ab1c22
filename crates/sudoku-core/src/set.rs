//! Typed bitsets of digits, cells and houses.
//!
//! Candidate masks, peer sets and house selections are all bitsets; giving each its
//! own type (`DigitSet` is a `u16`, `CellSet` a `u128`, `HouseSet` a `u64`) keeps a
//! digit mask from ever being combined with a cell mask by accident.

use crate::index::{Cell, Digit, House};
use std::fmt;

macro_rules! bitset {
    ($(#[$doc:meta])* $name:ident, $bits:ty, $elem:ident, $universe:expr, $make:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
        pub struct $name($bits);

        impl $name {
            /// The empty set.
            pub const EMPTY: $name = $name(0);
            /// Every element.
            pub const ALL: $name = $name(if $universe == <$bits>::BITS as usize {
                <$bits>::MAX
            } else {
                ((1 as $bits) << $universe) - 1
            });

            /// The set with the raw bits `bits`; bits beyond the universe are dropped.
            pub const fn from_bits(bits: $bits) -> $name {
                $name(bits & Self::ALL.0)
            }

            /// The raw bits (element `i` is bit `i`).
            pub const fn bits(self) -> $bits {
                self.0
            }

            /// The set holding just `e`.
            pub const fn single(e: $elem) -> $name {
                $name((1 as $bits) << e.index())
            }

            /// Whether `e` is in the set.
            pub const fn contains(self, e: $elem) -> bool {
                self.0 >> e.index() & 1 == 1
            }

            /// Adds `e`.
            pub fn insert(&mut self, e: $elem) {
                self.0 |= (1 as $bits) << e.index();
            }

            /// Removes `e`.
            pub fn remove(&mut self, e: $elem) {
                self.0 &= !((1 as $bits) << e.index());
            }

            /// The number of elements.
            pub const fn len(self) -> usize {
                self.0.count_ones() as usize
            }

            /// Whether the set is empty.
            pub const fn is_empty(self) -> bool {
                self.0 == 0
            }

            /// The smallest element, if any.
            pub fn first(self) -> Option<$elem> {
                if self.0 == 0 {
                    None
                } else {
                    Some($make(self.0.trailing_zeros() as usize))
                }
            }

            /// The elements in ascending order.
            pub fn iter(self) -> impl Iterator<Item = $elem> + Clone {
                let mut bits = self.0;
                std::iter::from_fn(move || {
                    if bits == 0 {
                        None
                    } else {
                        let i = bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        Some($make(i))
                    }
                })
            }

            /// Whether every element of `self` is in `other`.
            pub const fn is_subset(self, other: $name) -> bool {
                self.0 & !other.0 == 0
            }

            /// The complement within the universe.
            pub const fn complement(self) -> $name {
                $name(!self.0 & Self::ALL.0)
            }
        }

        impl std::ops::BitOr for $name {
            type Output = $name;
            fn bitor(self, rhs: $name) -> $name {
                $name(self.0 | rhs.0)
            }
        }
        impl std::ops::BitOrAssign for $name {
            fn bitor_assign(&mut self, rhs: $name) {
                self.0 |= rhs.0;
            }
        }
        impl std::ops::BitAnd for $name {
            type Output = $name;
            fn bitand(self, rhs: $name) -> $name {
                $name(self.0 & rhs.0)
            }
        }
        impl std::ops::BitAndAssign for $name {
            fn bitand_assign(&mut self, rhs: $name) {
                self.0 &= rhs.0;
            }
        }
        impl std::ops::Sub for $name {
            type Output = $name;
            fn sub(self, rhs: $name) -> $name {
                $name(self.0 & !rhs.0)
            }
        }
        impl std::ops::SubAssign for $name {
            fn sub_assign(&mut self, rhs: $name) {
                self.0 &= !rhs.0;
            }
        }
        impl FromIterator<$elem> for $name {
            fn from_iter<I: IntoIterator<Item = $elem>>(iter: I) -> $name {
                let mut s = $name::EMPTY;
                for e in iter {
                    s.insert(e);
                }
                s
            }
        }
        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_set().entries(self.iter().map(|e| e.to_string())).finish()
            }
        }
    };
}

bitset!(
    /// A set of digits (bit `d.index()`), e.g. the candidates of a cell.
    DigitSet, u16, Digit, 9, |i| Digit::from_index(i).expect("bit index below 9")
);
bitset!(
    /// A set of cells (bit `c.index()`), e.g. the peers of a cell or a house's cells.
    CellSet, u128, Cell, 81, |i| Cell::new(i).expect("bit index below 81")
);
bitset!(
    /// A set of houses (bit `h.index()`), e.g. the houses of a variant.
    HouseSet, u64, House, House::COUNT, |i| House::new(i).expect("bit index below 38")
);

impl fmt::Display for DigitSet {
    /// Digits as a compact string: `{1,4,7}` prints as `147`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in self.iter() {
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digit_set_ops() {
        let a: DigitSet = [1, 4, 7].iter().filter_map(|&v| Digit::new(v)).collect();
        assert_eq!(a.len(), 3);
        assert_eq!(a.to_string(), "147");
        assert_eq!(a.complement().len(), 6);
        assert_eq!((a - a).len(), 0);
        assert_eq!(DigitSet::ALL.len(), 9);
        assert_eq!(DigitSet::from_bits(0xffff), DigitSet::ALL);
    }

    #[test]
    fn cell_set_ops() {
        assert_eq!(CellSet::ALL.len(), 81);
        let c = Cell::new(80).unwrap();
        let s = CellSet::single(c);
        assert!(s.contains(c));
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![c]);
        assert_eq!(HouseSet::ALL.len(), 38);
    }
}
