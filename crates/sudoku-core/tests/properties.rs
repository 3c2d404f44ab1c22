//! Property tests for the data model: parsing never panics and round-trips,
//! transforms keep validity and compose, the canonical form is an invariant.

use proptest::prelude::*;
use sudoku_core::strategy::{raw_grid, transform, variant};
use sudoku_core::{
    Cell, Grid, Notation, PuzzleReader, Transform, Variant, canonical_form, parse_line,
    parse_line_bytes,
};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn any_bytes_parse_or_fail_cleanly(data in prop::collection::vec(any::<u8>(), 0..300)) {
        let _ = parse_line_bytes(&data);
        let mut last = 0;
        for item in PuzzleReader::new(&data[..]) {
            let item = item.unwrap();
            prop_assert!(item.line > last);
            last = item.line;
        }
    }

    #[test]
    fn line_roundtrip(g in raw_grid(), blank in prop::sample::select(vec!['.', '0', '-', '_', '*'])) {
        for notation in [Notation::Digits, Notation::Letters] {
            let text = g.to_line(notation, blank);
            let p = parse_line(&text).unwrap();
            prop_assert_eq!(p.grid, g);
            let expected = if g.filled() > 0 { notation } else { Notation::Digits };
            prop_assert_eq!(p.notation, expected);
        }
    }

    #[test]
    fn pretty_roundtrip(g in raw_grid()) {
        prop_assert_eq!(g.to_pretty().parse::<Grid>().unwrap(), g);
    }

    #[test]
    fn transforms_keep_conflicts_and_invert(v in variant(), seed in any::<u64>(), g in raw_grid()) {
        let t = Transform::random(v, seed);
        let h = t.apply(&g);
        prop_assert_eq!(h.filled(), g.filled());
        prop_assert_eq!(h.check(v).is_ok(), g.check(v).is_ok());
        prop_assert_eq!(t.inverse().apply(&h), g);
    }

    #[test]
    fn candidates_follow_transform(v in variant(), g in raw_grid(), seed in any::<u64>()) {
        let t = Transform::random(v, seed);
        let h = t.apply(&g);
        for c in Cell::all() {
            let a: Vec<u8> = g.candidates(v, c).iter().map(|d| t.digit_map(d.index()) + 1).collect();
            let mut a = a;
            a.sort();
            let b: Vec<u8> = h.candidates(v, t.target_of(c)).iter().map(|d| d.get()).collect();
            prop_assert_eq!(a, b);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn canonical_form_is_invariant(t in transform(Variant::Standard)) {
        let g: Grid = "..2...7...1.....6.5......18....37.......49.....41.23....3.2.9...8.....5.6.......2"
            .parse().unwrap();
        let (c, to_c) = canonical_form(&g);
        prop_assert_eq!(to_c.apply(&g), c);
        prop_assert_eq!(canonical_form(&t.apply(&g)).0, c);
    }
}
