//! A fast hasher for the solver's own hash maps (caches of boards, groups of
//! cells, template states). Their keys come from the solver, not from
//! outside, so the standard library's DoS-resistant SipHash buys nothing and
//! cost more than a percent of rating the hardest puzzles; a
//! multiply-rotate over 64-bit words does the same job. A map's contents and
//! lookups do not depend on its hasher, only its speed does.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A hash map with [`FastHasher`].
pub(crate) type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FastHasher>>;

/// Mixes each 64-bit word in with a rotate, an xor and a multiply by the
/// golden ratio; [`Hasher::finish`] folds the high bits, where the products
/// mix best, into the low ones the table indexes with.
#[derive(Clone, Copy, Default)]
pub(crate) struct FastHasher(u64);

impl FastHasher {
    #[inline(always)]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(23) ^ word).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

impl Hasher for FastHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for w in &mut words {
            let mut b = [0u8; 8];
            b.copy_from_slice(w);
            self.add(u64::from_le_bytes(b));
        }
        let rest = words.remainder();
        if !rest.is_empty() {
            let mut b = [0u8; 8];
            b[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(b) ^ (rest.len() as u64) << 56);
        }
    }
    #[inline]
    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }
    #[inline]
    fn write_u16(&mut self, n: u16) {
        self.add(u64::from(n));
    }
    #[inline]
    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }
    #[inline]
    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }
    #[inline]
    fn write_u128(&mut self, n: u128) {
        self.add(n as u64);
        self.add((n >> 64) as u64);
    }
    #[inline]
    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 29)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::{BuildHasher, Hash};

    fn hash<T: Hash + ?Sized>(t: &T) -> u64 {
        BuildHasherDefault::<FastHasher>::default().hash_one(t)
    }

    /// Keys that differ in one place, in a trailing partial word or in their
    /// length hash apart, and the low bits a table indexes with spread:
    /// boards that differ in one cell fill 4,096 buckets nearly evenly.
    #[test]
    fn near_keys_hash_apart() {
        let board = [0x1ffu16; 81];
        let mut buckets = vec![0u32; 4096];
        let mut seen = std::collections::HashSet::new();
        for cell in 0..81 {
            for bit in 0..9 {
                let mut b = board;
                b[cell] &= !(1 << bit);
                let h = hash(&b);
                assert!(seen.insert(h), "collision at {cell} {bit}");
                buckets[(h & 4095) as usize] += 1;
            }
        }
        assert!(
            buckets.iter().all(|&n| n <= 4),
            "{:?}",
            buckets.iter().max()
        );
        assert_ne!(hash(&[1u8, 2, 3][..]), hash(&[1u8, 2, 3, 0][..]));
        assert_ne!(hash(&vec![5u16]), hash(&vec![5u16, 0]));
    }
}
