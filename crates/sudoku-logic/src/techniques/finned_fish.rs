//! Finned and sashimi fish on one digit: Finned/Sashimi X-Wing (2), Swordfish
//! (3), Jellyfish (4), Squirmbag (5), Whale (6) and Leviathan (7), over rows
//! and columns.
//!
//! Take N base lines (rows, say) and N cover lines (columns). The digit's
//! candidates of the base lines that lie outside the cover lines are the *fins*
//! (at most five, as in HoDoKu). If no fin holds the digit, the base lines form
//! a basic fish and the digit goes from the cover lines outside the base; if a
//! fin holds it, every cell seeing that fin loses it. So a cover-line candidate
//! outside the base lines that sees *every* fin goes either way. "Sees" uses the
//! variant's peers, so the argument holds in every variant (in the standard
//! one this means the fins share a box with the eliminated cells; diagonals and
//! colour groups may add more).
//!
//! Every base line keeps at least one candidate inside the cover (the *body*)
//! and every cover line holds some body candidate. The fish is *sashimi* when
//! some base line keeps only one body candidate: without its fins the pattern
//! would be degenerate. HoDoKu rates the two kinds apart, so each has its own
//! table row and a finder reports only its kind. Points: finned 3N+1, sashimi
//! 3N+2 (basic fish are 3N).

use super::basic_fish::orientations;
use super::{KeptByDigit, by_digit, finders_by_size};
use crate::Candidates;
use crate::step::{Detail, Step};
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};
use std::cell::RefCell;
use sudoku_core::{CellSet, Digit, DigitSet, House, HouseSet, Variant};

/// At most this many fins (HoDoKu's default).
pub(crate) const MAX_FINS: usize = 5;

/// Common peers (in the variant) of every cell of `cells`; every cell when
/// `cells` is empty.
pub(crate) fn common_peers(variant: Variant, cells: CellSet) -> CellSet {
    cells
        .iter()
        .fold(CellSet::ALL, |acc, c| acc & variant.peers(c))
}

/// One search for the fish with fins of one size.
struct Search<'a> {
    pos: &'a Candidates,
    out: &'a mut Vec<Step>,
    size: usize,
    /// The kind (sashimi?) and eliminations of every step in `out`: a
    /// repeat is recognised before its step is built.
    seen: Vec<(bool, CellSet)>,
}

/// The technique of a fish with fins of `size` lines.
fn kind(size: usize, sashimi: bool) -> Technique {
    match (size, sashimi) {
        (2, false) => Technique::FinnedXWing,
        (2, true) => Technique::SashimiXWing,
        (3, false) => Technique::FinnedSwordfish,
        (3, true) => Technique::SashimiSwordfish,
        (4, false) => Technique::FinnedJellyfish,
        (4, true) => Technique::SashimiJellyfish,
        (5, false) => Technique::FinnedSquirmbag,
        (5, true) => Technique::SashimiSquirmbag,
        (6, false) => Technique::FinnedWhale,
        (6, true) => Technique::SashimiWhale,
        (7, false) => Technique::FinnedLeviathan,
        _ => Technique::SashimiLeviathan,
    }
}

/// The finned and sashimi fish of one size found in a position.
type Found = Option<(Candidates, Vec<Step>)>;

thread_local! {
    /// Per size (2 to 7): the last position searched and every fish with
    /// fins found in it. Finned and sashimi fish come from one search, so the
    /// second of the two table rows of a size reads what the first found.
    static CACHE: RefCell<[Found; 6]> =
        const { RefCell::new([None, None, None, None, None, None]) };
}

fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode, size: usize, sashimi: bool) {
    let technique = kind(size, sashimi);
    CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        let slot = &mut cache[size - 2];
        let fresh = match slot {
            Some((p, _)) => p != pos,
            None => true,
        };
        if fresh {
            let mut steps = Vec::new();
            search(pos, &mut steps, size);
            *slot = Some((pos.clone(), steps));
        }
        if let Some((_, steps)) = slot {
            for step in steps.iter().filter(|s| s.technique == technique) {
                out.push(step.clone());
                if mode == FindMode::First {
                    break;
                }
            }
        }
    });
}

thread_local! {
    /// A digit's fish depend only on the variant and that digit's
    /// candidates: per size (2 to 7), kept per digit.
    static KEPT_2: RefCell<KeptByDigit> = RefCell::new(Default::default());
    static KEPT_3: RefCell<KeptByDigit> = RefCell::new(Default::default());
    static KEPT_4: RefCell<KeptByDigit> = RefCell::new(Default::default());
    static KEPT_5: RefCell<KeptByDigit> = RefCell::new(Default::default());
    static KEPT_6: RefCell<KeptByDigit> = RefCell::new(Default::default());
    static KEPT_7: RefCell<KeptByDigit> = RefCell::new(Default::default());
}

/// Every finned and sashimi fish of `size` lines in `pos`, appended to `out`
/// digit by digit.
fn search(pos: &Candidates, out: &mut Vec<Step>, size: usize) {
    let kept = match size {
        2 => &KEPT_2,
        3 => &KEPT_3,
        4 => &KEPT_4,
        5 => &KEPT_5,
        6 => &KEPT_6,
        _ => &KEPT_7,
    };
    by_digit(kept, pos, out, FindMode::All, |pos, digit| {
        let mut steps = Vec::new();
        // A fish reasons on one digit: where its templates remove nothing,
        // no fish does (see `templates::may_change`).
        if super::templates::may_change(pos, digit) {
            search_digit(pos, &mut steps, size, digit);
        }
        steps
    });
}

/// Every finned and sashimi fish of `size` lines on `digit` (a function of
/// the variant and the digit's candidates only).
fn search_digit(pos: &Candidates, out: &mut Vec<Step>, size: usize, digit: Digit) {
    let mut s = Search {
        pos,
        out,
        size,
        seen: Vec::new(),
    };
    let cells = pos.cells_with(digit);
    if cells.is_empty() {
        return;
    }
    for (lines, base_house, cover_house) in orientations(cells) {
        let lines = &lines;
        let open: Vec<usize> = (0..9).filter(|&i| lines[i] != 0).collect();
        if open.len() <= size {
            continue; // nothing outside the base lines
        }
        let lines = Lines {
            digit,
            cells,
            masks: lines,
            base_house,
            cover_house,
        };
        base_sets(&open, size, &mut |chosen| s.try_base(&lines, chosen));
    }
}

/// One direction of one digit: the masks of its lines and how to name them.
struct Lines<'a> {
    digit: Digit,
    cells: CellSet,
    masks: &'a [u16; 9],
    base_house: fn(usize) -> House,
    cover_house: fn(usize) -> House,
}

/// Calls `visit` with every `k`-subset of `open` (as line indices); stops when
/// it returns `true`.
fn base_sets(open: &[usize], k: usize, visit: &mut dyn FnMut(&[usize]) -> bool) -> bool {
    fn go(
        open: &[usize],
        k: usize,
        from: usize,
        chosen: &mut Vec<usize>,
        visit: &mut dyn FnMut(&[usize]) -> bool,
    ) -> bool {
        if chosen.len() == k {
            return visit(chosen);
        }
        for i in from..open.len() {
            if open.len() - i < k - chosen.len() {
                break;
            }
            chosen.push(open[i]);
            let stop = go(open, k, i + 1, chosen, visit);
            chosen.pop();
            if stop {
                return true;
            }
        }
        false
    }
    go(open, k, 0, &mut Vec::with_capacity(k), visit)
}

impl Search<'_> {
    /// Tries every cover for the base lines `base`; `true` to stop.
    fn try_base(&mut self, l: &Lines, base: &[usize]) -> bool {
        let union = base.iter().fold(0u16, |u, &i| u | l.masks[i]);
        let extra = union.count_ones() as usize;
        if extra <= self.size || extra - self.size > MAX_FINS {
            return false; // a basic fish (or none), or too many fin lines
        }
        let base_cells = base.iter().fold(CellSet::EMPTY, |acc, &i| {
            acc | Variant::house_cells((l.base_house)(i))
        });
        // On the stack: this runs for every choice of base lines.
        let mut col_buf = [0usize; 9];
        let mut n = 0;
        for j in (0..9).filter(|j| union >> j & 1 == 1) {
            col_buf[n] = j;
            n += 1;
        }
        let cols = &col_buf[..n];
        // Where eliminations can be at all: the digit in the base's columns,
        // outside the base.
        let cover_cells = cols.iter().fold(CellSet::EMPTY, |acc, &j| {
            acc | Variant::house_cells((l.cover_house)(j))
        });
        let outside = (l.cells & cover_cells) - base_cells;
        if outside.is_empty() {
            return false;
        }
        let fin_lines = extra - self.size;
        self.fin_sets(
            l,
            base,
            base_cells,
            union,
            cols,
            FinState {
                from: 0,
                left: fin_lines,
                fin_mask: 0,
                fins: CellSet::EMPTY,
                possible: outside,
            },
        )
    }

    /// Chooses the fin lines (the base's columns that are not cover) one by
    /// one, pruning when the fins grow too many or have no common peer left
    /// among the possible eliminations.
    fn fin_sets(
        &mut self,
        l: &Lines,
        base: &[usize],
        base_cells: CellSet,
        union: u16,
        cols: &[usize],
        st: FinState,
    ) -> bool {
        if st.left == 0 {
            return self.report(l, base, base_cells, union & !st.fin_mask, st.fins);
        }
        let variant = self.pos.variant();
        for i in st.from..cols.len() {
            if cols.len() - i < st.left {
                break;
            }
            let line = Variant::house_cells((l.cover_house)(cols[i]));
            let new = l.cells & base_cells & line;
            let fins = st.fins | new;
            if fins.len() > MAX_FINS {
                continue;
            }
            let possible = (st.possible - line) & common_peers(variant, new);
            if possible.is_empty() {
                continue;
            }
            let next = FinState {
                from: i + 1,
                left: st.left - 1,
                fin_mask: st.fin_mask | 1 << cols[i],
                fins,
                possible,
            };
            if self.fin_sets(l, base, base_cells, union, cols, next) {
                return true;
            }
        }
        false
    }

    /// Builds the step of base `base`, cover lines `cover` (mask) and `fins`
    /// if it is of the kind searched and eliminates something; `true` to stop.
    fn report(
        &mut self,
        l: &Lines,
        base: &[usize],
        base_cells: CellSet,
        cover: u16,
        fins: CellSet,
    ) -> bool {
        // Every base line keeps a body candidate; sashimi when one keeps one.
        let mut sashimi = false;
        for &i in base {
            match (l.masks[i] & cover).count_ones() {
                0 => return false,
                1 => sashimi = true,
                _ => {}
            }
        }
        let technique = kind(self.size, sashimi);
        let cover_set: HouseSet = (0..9)
            .filter(|j| cover >> j & 1 == 1)
            .map(l.cover_house)
            .collect();
        let cover_cells = cover_set
            .iter()
            .fold(CellSet::EMPTY, |acc, h| acc | Variant::house_cells(h));
        let gone =
            (l.cells & cover_cells & common_peers(self.pos.variant(), fins)) - base_cells - fins;
        if gone.is_empty() {
            return false;
        }
        // One digit per search: the same kind and cells mean the same step.
        if self.seen.contains(&(sashimi, gone)) {
            return false;
        }
        self.seen.push((sashimi, gone));
        let base_set: HouseSet = base.iter().map(|&i| (l.base_house)(i)).collect();
        let mut step = fish_step(
            technique,
            l.digit,
            gone,
            (base_set, cover_set),
            l.cells & base_cells,
            fins,
            sashimi,
        );
        step.points = technique.info().points;
        self.out.push(step);
        false
    }
}

/// The step of a fish with fins: `digit` goes from `gone`; `pattern` is the
/// base's candidates (body and fins).
pub(crate) fn fish_step(
    technique: Technique,
    digit: Digit,
    gone: CellSet,
    (base, cover): (HouseSet, HouseSet),
    pattern: CellSet,
    fins: CellSet,
    sashimi: bool,
) -> Step {
    let mut step = Step::new(technique, technique.info().points);
    step.eliminate_all(digit, gone);
    step.cells = pattern;
    step.houses = base.iter().chain(cover.iter()).collect();
    step.digits = DigitSet::single(digit);
    step.detail = Detail::FinnedFish(FinnedFish {
        digit,
        base,
        cover,
        fins,
        sashimi,
    });
    step
}

/// The state of the fin-line choice.
#[derive(Clone, Copy)]
struct FinState {
    /// The next column index (into the base's columns) to consider.
    from: usize,
    /// How many fin lines are still to choose.
    left: usize,
    /// The fin lines chosen (bit per line number).
    fin_mask: u16,
    /// The fins so far.
    fins: CellSet,
    /// The cells that can still lose the digit.
    possible: CellSet,
}

fn find_finned(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode, size: usize) {
    find(pos, out, mode, size, false)
}

fn find_sashimi(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode, size: usize) {
    find(pos, out, mode, size, true)
}

finders_by_size!(
    "Finned fish of one size.",
    find_finned,
    find_finned_2 = 2,
    find_finned_3 = 3,
    find_finned_4 = 4,
    find_finned_5 = 5,
    find_finned_6 = 6,
    find_finned_7 = 7
);
finders_by_size!(
    "Sashimi fish of one size.",
    find_sashimi,
    find_sashimi_2 = 2,
    find_sashimi_3 = 3,
    find_sashimi_4 = 4,
    find_sashimi_5 = 5,
    find_sashimi_6 = 6,
    find_sashimi_7 = 7
);

/// A fish with fins (finned or sashimi): the base houses hold the digit only
/// inside the cover houses, except for the `fins`; the digit goes from the
/// cover cells outside the base that see every fin. Base and cover are rows
/// and columns, or for Franken and mutant fish any houses (base houses
/// share no candidate of the digit).
#[derive(Clone, Debug, PartialEq)]
pub struct FinnedFish {
    /// The digit.
    pub digit: Digit,
    /// The base houses.
    pub base: HouseSet,
    /// The cover houses.
    pub cover: HouseSet,
    /// The base candidates outside the cover.
    pub fins: CellSet,
    /// Sashimi: some base house keeps only one candidate inside the cover.
    pub sashimi: bool,
}

crate::moved_fields!(FinnedFish { digit, base, cover, fins; sashimi });

/// Catalogue entry: Finned X-Wing (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const FINNED_X_WING: TechniqueInfo = TechniqueInfo {
    technique: Technique::FinnedXWing, name: "finned-x-wing", names: Names { en: "Finned X-Wing", de: "X-Wing mit Flosse" },
    family: Family::Fish, phase: Phase::OnCandidates, points: 7.0, se: None, finder: find_finned_2, text: None,
    hodoku: Hodoku { order: Some(4100), level: HodokuLevel::Hard, score: 130 },
};

/// Catalogue entry: Sashimi X-Wing (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const SASHIMI_X_WING: TechniqueInfo = TechniqueInfo {
    technique: Technique::SashimiXWing, name: "sashimi-x-wing", names: Names { en: "Sashimi X-Wing", de: "Sashimi-X-Wing (X-Wing mit Flosse)" },
    family: Family::Fish, phase: Phase::OnCandidates, points: 8.0, se: None, finder: find_sashimi_2, text: None,
    hodoku: Hodoku { order: Some(4200), level: HodokuLevel::Hard, score: 150 },
};

/// Catalogue entry: Finned Swordfish (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const FINNED_SWORDFISH: TechniqueInfo = TechniqueInfo {
    technique: Technique::FinnedSwordfish, name: "finned-swordfish", names: Names { en: "Finned Swordfish", de: "Swordfish mit Flosse" },
    family: Family::Fish, phase: Phase::OnCandidates, points: 10.0, se: None, finder: find_finned_3, text: None,
    hodoku: Hodoku { order: Some(4300), level: HodokuLevel::Unfair, score: 200 },
};

/// Catalogue entry: Sashimi Swordfish (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const SASHIMI_SWORDFISH: TechniqueInfo = TechniqueInfo {
    technique: Technique::SashimiSwordfish, name: "sashimi-swordfish", names: Names { en: "Sashimi Swordfish", de: "Sashimi-Swordfish (Swordfish mit Flosse)" },
    family: Family::Fish, phase: Phase::OnCandidates, points: 11.0, se: None, finder: find_sashimi_3, text: None,
    hodoku: Hodoku { order: Some(4400), level: HodokuLevel::Unfair, score: 240 },
};

/// Catalogue entry: Finned Jellyfish (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const FINNED_JELLYFISH: TechniqueInfo = TechniqueInfo {
    technique: Technique::FinnedJellyfish, name: "finned-jellyfish", names: Names { en: "Finned Jellyfish", de: "Jellyfish mit Flosse" },
    family: Family::Fish, phase: Phase::OnCandidates, points: 13.0, se: None, finder: find_finned_4, text: None,
    hodoku: Hodoku { order: Some(4500), level: HodokuLevel::Unfair, score: 250 },
};

/// Catalogue entry: Sashimi Jellyfish (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const SASHIMI_JELLYFISH: TechniqueInfo = TechniqueInfo {
    technique: Technique::SashimiJellyfish, name: "sashimi-jellyfish", names: Names { en: "Sashimi Jellyfish", de: "Sashimi-Jellyfish (Jellyfish mit Flosse)" },
    family: Family::Fish, phase: Phase::OnCandidates, points: 14.0, se: None, finder: find_sashimi_4, text: None,
    hodoku: Hodoku { order: Some(4600), level: HodokuLevel::Unfair, score: 260 },
};

/// Catalogue entry: Finned Squirmbag (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const FINNED_SQUIRMBAG: TechniqueInfo = TechniqueInfo {
    technique: Technique::FinnedSquirmbag, name: "finned-squirmbag", names: Names { en: "Finned Squirmbag", de: "Squirmbag mit Flosse" },
    family: Family::Fish, phase: Phase::OnCandidates, points: 16.0, se: None, finder: find_finned_5, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};

/// Catalogue entry: Sashimi Squirmbag (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const SASHIMI_SQUIRMBAG: TechniqueInfo = TechniqueInfo {
    technique: Technique::SashimiSquirmbag, name: "sashimi-squirmbag", names: Names { en: "Sashimi Squirmbag", de: "Sashimi-Squirmbag (Squirmbag mit Flosse)" },
    family: Family::Fish, phase: Phase::OnCandidates, points: 17.0, se: None, finder: find_sashimi_5, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};

/// Catalogue entry: Finned Whale (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const FINNED_WHALE: TechniqueInfo = TechniqueInfo {
    technique: Technique::FinnedWhale, name: "finned-whale", names: Names { en: "Finned Whale", de: "Whale mit Flosse" },
    family: Family::Fish, phase: Phase::OnCandidates, points: 19.0, se: None, finder: find_finned_6, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};

/// Catalogue entry: Sashimi Whale (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const SASHIMI_WHALE: TechniqueInfo = TechniqueInfo {
    technique: Technique::SashimiWhale, name: "sashimi-whale", names: Names { en: "Sashimi Whale", de: "Sashimi-Whale (Whale mit Flosse)" },
    family: Family::Fish, phase: Phase::OnCandidates, points: 20.0, se: None, finder: find_sashimi_6, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};

/// Catalogue entry: Finned Leviathan (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const FINNED_LEVIATHAN: TechniqueInfo = TechniqueInfo {
    technique: Technique::FinnedLeviathan, name: "finned-leviathan", names: Names { en: "Finned Leviathan", de: "Leviathan mit Flosse" },
    family: Family::Fish, phase: Phase::OnCandidates, points: 22.0, se: None, finder: find_finned_7, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};

/// Catalogue entry: Sashimi Leviathan (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const SASHIMI_LEVIATHAN: TechniqueInfo = TechniqueInfo {
    technique: Technique::SashimiLeviathan, name: "sashimi-leviathan", names: Names { en: "Sashimi Leviathan", de: "Sashimi-Leviathan (Leviathan mit Flosse)" },
    family: Family::Fish, phase: Phase::OnCandidates, points: 23.0, se: None, finder: find_sashimi_7, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};

pub(crate) mod told {
    //! This technique's steps told in English and German and drawn, both
    //! from the step struct (see [`crate::describe`]).
    //!
    //! Fish on one digit (the diagonal solver's Einzelzahl-Gitter): basic X-Wing
    //! to Leviathan, fish with fins (Flossen): finned and sashimi, Franken and
    //! mutant fish (base and cover mixing lines with other houses), and Kraken
    //! fish (fins answered by chains).

    use crate::Step;
    use crate::describe::drawing::{CellRole, Drawing, MarkRole};
    use crate::describe::words::{cells, lines, removal, so};
    use crate::describe::{Describe, Telling};
    use crate::techniques::basic_fish::told::{de_list, one_kind};
    use sudoku_core::DigitSet;
    use sudoku_core::Lang;
    use sudoku_core::{CellSet, Digit, House, HouseSet};

    /// Explains a fish with fins (finned or sashimi): base houses `base`,
    /// cover houses `cover`, fins `fins`.
    pub(crate) fn finned(
        step: &Step,
        name: &str,
        digit: Digit,
        (base, cover): (HouseSet, HouseSet),
        fins: CellSet,
        sashimi: bool,
        lang: Lang,
    ) -> Option<String> {
        let base: Vec<House> = base.iter().collect();
        let cover: Vec<House> = cover.iter().collect();
        // "den Zeilen 1 und 7" when the houses are of one kind, else a plain list.
        let de_base = if one_kind(&base) { "den " } else { "" };
        let (de_cover, de_cover_nom) = if one_kind(&cover) {
            ("den ", "die ")
        } else {
            ("", "")
        };
        let (base, cover, cover_nom) = match lang {
            Lang::En => (lines(&base, lang), lines(&cover, lang), lines(&cover, lang)),
            Lang::De => (
                de_list(&base, true),
                de_list(&cover, true),
                de_list(&cover, false),
            ),
        };
        let then = so(&removal(&step.eliminations, lang), lang);
        let body = cells(step.cells - fins);
        let several = fins.len() > 1;
        let fin_list = cells(fins);
        if fins.is_empty() {
            // No fins (Franken and mutant fish): the basic argument, naming
            // every house.
            return Some(match lang {
                Lang::En => format!(
                    "{name}: in {base} the {digit}s lie only in {cover} ({body}). Each of {base} holds {digit} once, and they share no candidate; {cover} therefore get their {digit}s from these cells, {then}"
                ),
                Lang::De => format!(
                    "{name}: In {de_base}{base} liegen die Kandidaten {digit} nur in {de_cover}{cover} ({body}). Jede dieser Gruppen enthält die {digit} genau einmal, ohne gemeinsame Kandidaten, daher bekommen {de_cover_nom}{cover_nom} ihre {digit} aus diesen Zellen, {then}"
                ),
            });
        }
        Some(match lang {
            Lang::En => {
                let (fin_word, every) = if several {
                    ("fins", "every fin")
                } else {
                    ("fin", "the fin")
                };
                let sashimi = if sashimi {
                    " (sashimi: without the fins one base house would keep a single candidate)"
                } else {
                    ""
                };
                format!(
                    "{name}: in {base} the {digit}s lie only in {cover} ({body}), except for the {fin_word} {fin_list}{sashimi}. If no fin holds {digit}, {cover} get their {digit}s from these cells; if a fin holds it, every cell seeing that fin loses {digit}. The cells of {cover} outside {base} that see {every} lose {digit} either way, {then}"
                )
            }
            Lang::De => {
                let (fin_word, every) = if several {
                    ("die Flossen", "jede Flosse")
                } else {
                    ("die Flosse", "die Flosse")
                };
                let sashimi = if sashimi {
                    " (Sashimi: ohne die Flossen bliebe in einer Basis-Gruppe nur ein Kandidat)"
                } else {
                    ""
                };
                format!(
                    "{name}: In {de_base}{base} liegen die Kandidaten {digit} nur in {de_cover}{cover} ({body}), bis auf {fin_word} {fin_list}{sashimi}. Steht die {digit} in keiner Flosse, bekommen {de_cover_nom}{cover_nom} ihre {digit} aus diesen Zellen; steht sie in einer Flosse, verliert jede Zelle, die diese Flosse sieht, die {digit}. Die Zellen von {cover} außerhalb von {base}, die {every} sehen, verlieren die {digit} also in jedem Fall, {then}"
                )
            }
        })
    }

    impl Describe for super::FinnedFish {
        fn text(&self, step: &Step, at: &Telling<'_>) -> Option<String> {
            finned(
                step,
                at.name,
                self.digit,
                (self.base, self.cover),
                self.fins,
                self.sashimi,
                at.lang,
            )
        }

        fn draw(&self, step: &Step, out: &mut Drawing) {
            draw_finned(step, (self.digit, self.base, self.cover), self.fins, out);
        }
    }

    /// A finned fish (or a kraken's): base and cover houses, the fins, the
    /// pattern's cells and their candidates.
    pub(crate) fn draw_finned(
        step: &Step,
        (digit, base, cover): (Digit, HouseSet, HouseSet),
        fins: CellSet,
        out: &mut Drawing,
    ) {
        out.fish_houses(base, cover);
        out.cells(fins, CellRole::Fin);
        out.cells(step.cells, CellRole::Pattern);
        out.marks(
            step.cells | fins,
            DigitSet::single(digit),
            MarkRole::Pattern,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_util::*;
    use sudoku_core::Cell;

    fn houses(step: &Step) -> Vec<String> {
        step.houses.iter().map(|h| h.to_string()).collect()
    }

    /// The templates' screen in [`search`] drops no fish: on the positions
    /// of real solution paths, a digit whose templates remove nothing has no
    /// finned or sashimi fish of two to four lines.
    #[test]
    fn digits_the_templates_leave_alone_have_no_finned_fish() {
        let (skipped, fish) = crate::techniques::templates::screened_digits_find_nothing(
            (30, 9, 8),
            &|pos, digit| {
                (2..=4)
                    .map(|size| {
                        let mut found = Vec::new();
                        search_digit(pos, &mut found, size, digit);
                        found.len()
                    })
                    .sum()
            },
        );
        println!("{skipped} digits skipped, {fish} fish");
        assert!(
            skipped > 1000 && fish > 100,
            "{skipped} skipped, {fish} fish"
        );
    }

    fn fins(step: &Step) -> String {
        match step.detail {
            Detail::FinnedFish(FinnedFish { fins, .. }) => fins
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" "),
            _ => panic!("not a finned fish: {:?}", step.detail),
        }
    }

    const X: &str =
        "6185..93445.913.68.3986415.5.3...84..2643.5191.4.5..73..538.4..341....85....453..";

    fn finned_x_wing_position() -> Candidates {
        position_with(
            X,
            Variant::Standard,
            "r4c6-2 r6c6-26 r7c1-7 r7c2-9 r7c6-29 r7c9-2 r8c5-7 r8c6-7 r8c7-2 r9c2-9 r9c4-2 \
             r9c9-27",
        )
    }

    #[test]
    fn finned_x_wing_with_its_fin_in_box_8() {
        let pos = finned_x_wing_position();
        let steps = run(find_finned_2, &pos);
        assert_sound(X, Variant::Standard, &steps);
        assert_eq!(steps.len(), 1);
        assert_eq!(eliminations(&steps[0]), "r9c4-6");
        assert_eq!(
            houses(&steps[0]),
            ["row 6", "row 8", "column 4", "column 7"]
        );
        assert_eq!(fins(&steps[0]), "r8c6");
        assert!(matches!(
            steps[0].detail,
            Detail::FinnedFish(FinnedFish { sashimi: false, .. })
        ));
        assert_eq!(steps[0].points, 7.0);
        assert!(run(find_sashimi_2, &pos).is_empty());
        // Without the target's candidate nothing is left to remove.
        let mut after = pos.clone();
        after.apply(&steps[0]).unwrap();
        assert!(run(find_finned_2, &after).is_empty());
    }

    #[test]
    fn fish_kept_per_digit_equal_a_fresh_search() {
        let pos = finned_x_wing_position();
        let mut hits = 0;
        for finder in [
            find_finned_2,
            find_sashimi_2,
            find_finned_3,
            find_sashimi_3,
            find_finned_4,
            find_sashimi_4,
        ] {
            hits += kept_results_agree(finder, &pos);
        }
        assert!(hits > 0, "the walk meets some fish");
    }

    #[test]
    fn sashimi_x_wing_with_two_fins() {
        let p = "87...341..53.487262....783.41...9358.8.31.947397485162....3.581.38..1.74...8...93";
        let pos = position_with(
            p,
            Variant::Standard,
            "r7c1-6 r7c3-2 r7c4-9 r8c1-9 r9c1-56 r9c3-246 r9c5-26",
        );
        let steps = run(find_sashimi_2, &pos);
        assert_sound(p, Variant::Standard, &steps);
        assert_eq!(steps.len(), 1);
        assert_eq!(eliminations(&steps[0]), "r8c4-6 r8c5-6");
        assert_eq!(
            houses(&steps[0]),
            ["column 1", "column 6", "row 5", "row 8"]
        );
        assert_eq!(fins(&steps[0]), "r7c6 r9c6");
        assert_eq!(steps[0].points, 8.0);
        assert!(run(find_finned_2, &pos).is_empty());
    }

    #[test]
    fn finned_and_sashimi_swordfish() {
        let p = "1..89......9146..3.8.37.19.....14..7..17.86.9..86.9.1.8............6..58..6987431";
        let pos = position_with(
            p,
            Variant::Standard,
            "r1c8-2 r4c1-235 r4c2-235 r7c2-25 r7c3-25 r7c5-3 r7c6-25 r8c1-2 r8c2-2 r8c3-2 \
             r8c6-2",
        );
        let steps = run(find_finned_3, &pos);
        assert_sound(p, Variant::Standard, &steps);
        let got: Vec<(String, String)> = steps.iter().map(|s| (eliminations(s), fins(s))).collect();
        assert_eq!(
            got,
            [
                ("r6c1-5 r6c2-5".to_string(), "r4c3".to_string()),
                ("r4c7-5".to_string(), "r6c9".to_string())
            ]
        );
        let p = "23....6.44.6.3217.1..64832.31...6592..2351746.6..2.831.41..326.62....9.3..326.41.";
        let pos = position_with(
            p,
            Variant::Standard,
            "r1c3-7 r2c2-9 r3c2-9 r4c3-8 r6c1-9 r6c3-9 r7c1-8 r7c9-8 r8c4-58 r8c5-8",
        );
        let steps = run(find_sashimi_3, &pos);
        assert_sound(p, Variant::Standard, &steps);
        assert_eq!(steps.len(), 1);
        assert_eq!(eliminations(&steps[0]), "r1c3-5");
        assert_eq!(fins(&steps[0]), "r2c2 r3c2");
        assert_eq!(
            houses(&steps[0]),
            [
                "column 2", "column 6", "column 8", "row 1", "row 8", "row 9"
            ]
        );
    }

    #[test]
    fn finned_jellyfish() {
        let p = "..1.4...984......1..2.814534....3.2..2..641..716..8.34284..73...378...4..6943....";
        let pos = position_with(
            p,
            Variant::Standard,
            "r1c1-5 r2c6-5 r3c4-9 r5c1-5 r8c7-2 r9c7-25",
        );
        let steps = run(find_finned_4, &pos);
        assert_sound(p, Variant::Standard, &steps);
        assert_eq!(steps.len(), 1);
        assert_eq!(eliminations(&steps[0]), "r4c9-5");
        assert_eq!(fins(&steps[0]), "r6c7");
        assert_eq!(steps[0].points, 13.0);
    }

    /// The fins r3c7, r8c1 and r9c1 lie in two boxes: only the anti-diagonal
    /// lets r7c3 see all three, so the same candidates in a standard Sudoku
    /// give nothing.
    #[test]
    fn fins_seen_along_a_diagonal() {
        let p = ".6.....8.9.....2.....37......4.....8...1.6...5.....9......21...........7.3.....4.";
        let elims = "r1c1-2 r2c8-6 r2c9-6 r3c3-2 r4c4-2 r6c6-2 r7c8-6 r7c9-6 r8c2-2 r8c7-36 \
                     r8c8-3 r9c1-2 r9c7-6";
        let pos = position_with(p, Variant::Diagonal, elims);
        let steps = run(find_finned_2, &pos);
        assert_sound(p, Variant::Diagonal, &steps);
        assert_eq!(steps.len(), 1);
        assert_eq!(eliminations(&steps[0]), "r7c3-6");
        assert_eq!(fins(&steps[0]), "r3c7 r8c1 r9c1");
        let fields: [DigitSet; 81] = std::array::from_fn(|i| pos.candidates(Cell::new(i).unwrap()));
        let standard = Candidates::from_fields(pos.grid(), Variant::Standard, &fields).unwrap();
        assert!(
            run(find_finned_2, &standard)
                .iter()
                .all(|s| eliminations(s) != "r7c3-6")
        );
    }

    #[test]
    fn fins_in_two_boxes_remove_nothing() {
        // A second fin in box 5 (r6c6) shares no cell of the cover with r8c6.
        let pos = with_candidate(&finned_x_wing_position(), "r6c6", 6);
        assert!(
            run(find_finned_2, &pos)
                .iter()
                .chain(&run(find_sashimi_2, &pos))
                .all(|s| eliminations(s) != "r9c4-6")
        );
        for finder in [
            find_finned_2,
            find_finned_3,
            find_finned_4,
            find_sashimi_2,
            find_sashimi_3,
            find_sashimi_4,
        ] {
            assert!(run(finder, &position(&".".repeat(81), Variant::Standard)).is_empty());
        }
    }

    #[test]
    fn finned_and_sashimi_squirmbag_whale_and_leviathan() {
        use crate::techniques::basic_fish::tests::LEVIATHAN_ELIMS;
        use crate::techniques::franken_fish::tests::summary;
        let p5 =
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        let p7 =
            "......41.9..3.....3...2.....48..7..........52.1.......5..2....6.7....8......9....";
        let g5 =
            "4...3.......6..8..........1....5..9..8....6...7.2........1927..5.3....4.9.7.4....";
        let g7 =
            "827..94139..3.....3...2....248..7..........52.15..2...5..2....6.7....8......9....";
        let sashimi_5 = (
            "46..3.......6..8.........61..4.5..9..8....6...7.2......4.1927..5.3....4.9.7.4..86",
            "r1c3-259 r1c4-78 r1c6-579 r1c8-5 r1c9-5 r2c2-123 r2c3-59 r2c6-17 r2c8-27 r2c9-257 \
             r3c2-2 r3c3-59 r3c4-78 r3c6-9 r3c7-2 r4c2-12 r4c4-3 r4c6-3 r4c7-1 r4c9-3 r5c3-12 \
             r5c4-7 r5c9-4 r6c3-16 r6c6-4 r6c7-1 r9c7-35",
        );
        let sashimi_6 = (
            g5,
            "r1c2-12 r1c3-59 r2c2-12 r2c3-59 r3c2-2 r3c3-59 r4c2-12 r4c4-4 r4c6-4 r4c7-14 \
             r4c9-4 r5c3-124 r6c3-146 r6c7-1 r7c8-68 r7c9-68 r8c2-6 r9c2-6 r9c4-8 r9c6-68 \
             r9c7-35 r9c8-1235 r9c9-235",
        );
        let mut got = Vec::new();
        for (p, (grid, elims), finder, points) in [
            (
                p5,
                (g5, ""),
                find_finned_5 as crate::technique::Finder,
                16.0,
            ),
            (p5, sashimi_5, find_sashimi_5, 17.0),
            (p5, (g5, ""), find_finned_6, 19.0),
            (p5, sashimi_6, find_sashimi_6, 20.0),
            (p7, (g7, ""), find_finned_7, 22.0),
            (p7, (g7, LEVIATHAN_ELIMS), find_sashimi_7, 23.0),
        ] {
            let pos = position_with(grid, Variant::Standard, elims);
            let steps = run(finder, &pos);
            assert_sound(p, Variant::Standard, &steps);
            let first = steps.first().expect("a big fish with fins");
            assert_eq!(first.points, points);
            got.push(summary(first));
        }
        assert_eq!(
            got,
            [
                "row 1, row 2, row 5, row 6, row 8, column 3, column 4, column 6, column 7, column 9 | r1c2 r2c2 | r3c3-9",
                "column 2, column 3, column 5, column 7, column 8, row 2, row 5, row 6, row 8, row 9 | r1c3 | r2c1-1",
                "column 1, column 2, column 4, column 6, column 7, column 8, row 2, row 3, row 4, row 5, row 6, row 9 | r7c8 | r9c9-3",
                "column 1, column 3, column 4, column 5, column 6, column 8, row 1, row 3, row 4, row 6, row 7, row 8 | r9c8 | r8c9-8",
                "column 1, column 2, column 3, column 4, column 5, column 7, column 8, row 2, row 3, row 4, row 5, row 6, row 8, row 9 | r1c4 r1c5 | r2c6-6 r3c6-6",
                "column 1, column 2, column 3, column 4, column 5, column 7, column 8, row 1, row 2, row 3, row 4, row 5, row 6, row 9 | r8c4 r8c5 | r9c6-6",
            ]
        );
    }
}
