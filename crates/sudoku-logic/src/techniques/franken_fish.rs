//! Franken fish, basic and finned, of two to four houses: lines of one
//! direction mixed with boxes (or, in the variants, diagonals and colour
//! groups) as base, lines of the other direction and such houses as cover.
//!
//! They catch what the row/column fish cannot when a box holds a digit's
//! candidates in a few lines only; the argument is the fish argument (see
//! `complex_fish`, which does the search). HoDoKu has them, its Franken X-Wing
//! and Swordfish (and their finned forms) switched on by default. Finned
//! Franken fish are not split into finned and sashimi (HoDoKu neither).
//! Points: 3N+2, finned 3N+3.

use super::complex_fish::{FishKind, steps_on_digit};
use super::{KeptByDigit, by_digit, finders_by_size};
use crate::Candidates;
use crate::step::Step;
use crate::technique::{FindMode, Technique};
use std::cell::RefCell;

thread_local! {
    /// A digit's fish depend only on the variant and that digit's
    /// candidates: per size and with or without fins, kept per digit.
    static KEPT_2: RefCell<KeptByDigit> = RefCell::new(Default::default());
    static KEPT_3: RefCell<KeptByDigit> = RefCell::new(Default::default());
    static KEPT_4: RefCell<KeptByDigit> = RefCell::new(Default::default());
    static FINNED_2: RefCell<KeptByDigit> = RefCell::new(Default::default());
    static FINNED_3: RefCell<KeptByDigit> = RefCell::new(Default::default());
    static FINNED_4: RefCell<KeptByDigit> = RefCell::new(Default::default());
}

fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode, size: usize, finned: bool) {
    let (kept, technique) = match (size, finned) {
        (2, false) => (&KEPT_2, Technique::FrankenXWing),
        (3, false) => (&KEPT_3, Technique::FrankenSwordfish),
        (4, false) => (&KEPT_4, Technique::FrankenJellyfish),
        (2, true) => (&FINNED_2, Technique::FinnedFrankenXWing),
        (3, true) => (&FINNED_3, Technique::FinnedFrankenSwordfish),
        _ => (&FINNED_4, Technique::FinnedFrankenJellyfish),
    };
    by_digit(kept, pos, out, mode, |pos, digit| {
        steps_on_digit(pos, digit, (FishKind::Franken, size, finned), technique)
    });
}

fn find_basic(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode, size: usize) {
    find(pos, out, mode, size, false)
}

fn find_finned(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode, size: usize) {
    find(pos, out, mode, size, true)
}

finders_by_size!(
    "Franken fish of one size.",
    find_basic,
    find_2 = 2,
    find_3 = 3,
    find_4 = 4
);
finders_by_size!(
    "Finned Franken fish of one size.",
    find_finned,
    find_finned_2 = 2,
    find_finned_3 = 3,
    find_finned_4 = 4
);
