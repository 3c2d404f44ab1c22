//! Proptest strategies for the data model, shared with every other crate's tests.

use crate::{Grid, Transform, Variant};
use proptest::prelude::*;

/// Any variant.
pub fn variant() -> impl Strategy<Value = Variant> {
    prop::sample::select(Variant::ALL.to_vec())
}

/// A transform that keeps `variant`'s houses.
pub fn transform(variant: Variant) -> impl Strategy<Value = Transform> {
    any::<u64>().prop_map(move |seed| Transform::random(variant, seed))
}

/// A grid of arbitrary values (not necessarily valid), blanks about half the time.
pub fn raw_grid() -> impl Strategy<Value = Grid> {
    prop::collection::vec(prop_oneof![Just(0u8), 1u8..=9], 81).prop_map(|v| {
        let mut a = [0u8; 81];
        a.copy_from_slice(&v);
        Grid::from_values(a).unwrap_or_default()
    })
}
