//! Mutant fish, basic and finned, of two to four houses: base and cover mix
//! rows, columns and the other houses (boxes, diagonals, colour groups)
//! freely — every fish that is neither basic nor Franken.
//!
//! The widest form of the fish argument (see `complex_fish`, which does the
//! search); rare, and hard to spot by hand, so the table tries it after the
//! Franken fish of the same size. HoDoKu has them switched off by default.
//! Not split into finned and sashimi (HoDoKu neither). Points: 3N+4, finned
//! 3N+5.

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
        (2, false) => (&KEPT_2, Technique::MutantXWing),
        (3, false) => (&KEPT_3, Technique::MutantSwordfish),
        (4, false) => (&KEPT_4, Technique::MutantJellyfish),
        (2, true) => (&FINNED_2, Technique::FinnedMutantXWing),
        (3, true) => (&FINNED_3, Technique::FinnedMutantSwordfish),
        _ => (&FINNED_4, Technique::FinnedMutantJellyfish),
    };
    by_digit(kept, pos, out, mode, |pos, digit| {
        steps_on_digit(pos, digit, (FishKind::Mutant, size, finned), technique)
    });
}

fn find_basic(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode, size: usize) {
    find(pos, out, mode, size, false)
}

fn find_finned(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode, size: usize) {
    find(pos, out, mode, size, true)
}

finders_by_size!(
    "Mutant fish of one size.",
    find_basic,
    find_2 = 2,
    find_3 = 3,
    find_4 = 4
);
finders_by_size!(
    "Finned Mutant fish of one size.",
    find_finned,
    find_finned_2 = 2,
    find_finned_3 = 3,
    find_finned_4 = 4
);
