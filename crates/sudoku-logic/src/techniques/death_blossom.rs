//! Death blossom: a stem cell and, for each of its candidates d, an almost
//! locked set (petal) holding d whose places of d all see the stem. Whatever
//! the stem takes, say d, the petal of d loses d and becomes a locked set
//! holding all its other digits. So a digit Z in every petal but not in the
//! stem is in one of the petals: Z goes from every cell seeing all places of
//! Z in all petals.
//!
//! Only the petal of the stem's digit is used in each case, so petals may
//! share cells with each other (never with the stem, which holds their digit
//! and sees their places of it), and the petal of each digit can be chosen
//! on its own: a cell goes if, for every stem digit, it sees all places of Z
//! in some petal of that digit. Each such cell is one step (with the first
//! petals that take it), which keeps the steps independent of the order of
//! cells and digits. Stems have two to four candidates. House-generic like every ALS technique. HoDoKu's solver has the
//! technique switched off; ours has it after the ALS-XY-chain.

use super::als::{self, Als, push_new};
use crate::Candidates;
use crate::step::{Detail, Step};
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};
use sudoku_core::{Cell, CellSet, Digit};

/// The most candidates of a stem.
const MAX_STEM: usize = 4;

/// Reports every death blossom with an elimination, once per stem and digit.
pub(crate) fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    let sets = als::all(pos);
    let start = out.len();
    let variant = pos.variant();
    let mut petals: Vec<Vec<usize>> = Vec::with_capacity(MAX_STEM);
    let mut digits: Vec<Digit> = Vec::with_capacity(MAX_STEM);
    // Per digit, the sets holding it (in list order) with their places of
    // the digit and their cells: what choosing petals reads.
    let mut holding: [Vec<(usize, CellSet, CellSet)>; 9] = Default::default();
    for (i, a) in sets.list.iter().enumerate() {
        for d in a.digits.iter() {
            holding[d.index()].push((i, a.with[d.index()], a.cells));
        }
    }
    for stem in pos.empty_cells().iter() {
        let cands = pos.candidates(stem);
        if !(2..=MAX_STEM).contains(&cands.len()) {
            continue;
        }
        let peers = variant.peers(stem);
        petals.clear();
        digits.clear();
        for d in cands.iter() {
            let list: Vec<usize> = holding[d.index()]
                .iter()
                .filter(|(_, with, cells)| !cells.contains(stem) && with.is_subset(peers))
                .map(|&(i, _, _)| i)
                .collect();
            petals.push(list);
            digits.push(d);
        }
        if petals.iter().any(Vec::is_empty) {
            continue;
        }
        for z in Digit::ALL.into_iter().filter(|&z| !cands.contains(z)) {
            // Every cell some choice of petals eliminates: per stem digit, it
            // sees all places of z in one of that digit's petals.
            let mut all = pos.cells_with(z);
            for list in &petals {
                all &= list
                    .iter()
                    .map(|&p| &sets.list[p])
                    .filter(|a| a.digits.contains(z))
                    .fold(CellSet::EMPTY, |u, a| u | a.sees[z.index()]);
            }
            // One step per cell, with the first petals that take it: the
            // steps then do not depend on the order of the cells.
            for v in all.iter() {
                let mut chosen = Vec::with_capacity(MAX_STEM);
                if !choose(&sets.list, &petals, z, CellSet::single(v), &mut chosen) {
                    continue;
                }
                let step = build(stem, &digits, &chosen, &sets.list, z, CellSet::single(v));
                if push_new(out, start, step) && mode == FindMode::First {
                    return;
                }
            }
        }
    }
}

/// Picks one petal per stem digit holding `z`, keeping some cell that sees
/// all places of `z` so far (`victims`); `true` when all are chosen.
fn choose(
    list: &[Als],
    petals: &[Vec<usize>],
    z: Digit,
    victims: CellSet,
    chosen: &mut Vec<usize>,
) -> bool {
    let k = chosen.len();
    if k == petals.len() {
        return true;
    }
    for &p in &petals[k] {
        let a = &list[p];
        if !a.digits.contains(z) {
            continue;
        }
        let left = victims & a.sees[z.index()];
        if left.is_empty() {
            continue;
        }
        chosen.push(p);
        if choose(list, petals, z, left, chosen) {
            return true;
        }
        chosen.pop();
    }
    false
}

/// The step of a death blossom.
fn build(
    stem: Cell,
    digits: &[Digit],
    chosen: &[usize],
    list: &[Als],
    z: Digit,
    gone: CellSet,
) -> Step {
    let technique = Technique::DeathBlossom;
    let mut step = Step::new(technique, technique.info().points);
    step.eliminate_all(z, gone);
    step.cells = CellSet::single(stem);
    for &p in chosen {
        let a = &list[p];
        step.cells |= a.cells;
        step.digits |= a.digits;
        if !step.houses.contains(&a.house) {
            step.houses.push(a.house);
        }
    }
    step.detail = Detail::DeathBlossom(DeathBlossom {
        stem,
        petals: digits
            .iter()
            .zip(chosen)
            .map(|(&d, &p)| (d, list[p].view()))
            .collect(),
        z,
    });
    step
}

/// Death blossom: whatever the `stem` takes, the petal of that digit loses
/// it and becomes a locked set holding `z`; so `z` goes from every cell
/// seeing all its places in all petals.
#[derive(Clone, Debug, PartialEq)]
pub struct DeathBlossom {
    /// The stem cell.
    pub stem: Cell,
    /// One petal per candidate of the stem: the digit and its ALS (whose
    /// places of the digit all see the stem).
    pub petals: Vec<(Digit, crate::step::AlsSet)>,
    /// The digit eliminated.
    pub z: Digit,
}

crate::moved_fields!(DeathBlossom { stem, petals, z; });

/// Catalogue entry: Death blossom (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const DEATH_BLOSSOM: TechniqueInfo = TechniqueInfo {
    technique: Technique::DeathBlossom, name: "death-blossom", names: Names { en: "Death blossom", de: "Death Blossom (Todesblüte)" },
    family: Family::Als, phase: Phase::OnCandidates, points: 14.0, se: None, finder: find, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 360 },
};

pub(crate) mod told {
    //! This technique's steps told in English and German and drawn, both
    //! from the step struct (see [`crate::describe`]).
    //!
    //! Almost locked sets: ALS-XZ (singly and doubly linked), ALS-XY-wing,
    //! ALS-XY-chain, death blossom, and Sue de Coq. The German texts say "fast
    //! verbundene Menge (ALS)" for an almost locked set, "verbundene Menge" for a
    //! locked set and "eingeschränkter gemeinsamer Kandidat (RCC)" for a
    //! restricted common candidate.

    use crate::describe::drawing::{CellRole, Drawing, MarkRole};
    use crate::describe::glossary::{Term, term};
    use crate::describe::words::{digits, removal, so};
    use crate::describe::{Describe, Telling};
    use crate::techniques::als::told::{set, set_labels};
    use crate::{AlsSet, Step};
    use sudoku_core::CellSet;
    use sudoku_core::Lang;
    use sudoku_core::{Cell, Digit, DigitSet};

    /// Explains a death blossom.
    pub(crate) fn death_blossom(
        step: &Step,
        name: &str,
        stem: Cell,
        petals: &[(Digit, AlsSet)],
        z: Digit,
        lang: Lang,
    ) -> Option<String> {
        let stem_digits: DigitSet = petals.iter().map(|p| p.0).collect();
        let labels = set_labels(step.technique, petals.len());
        let list: Vec<String> = petals
            .iter()
            .zip(&labels)
            .map(|((d, s), label)| match lang {
                Lang::De => format!("{label} = {} für die {d}", set(s, lang)),
                Lang::En => format!("{label} = {} for {d}", set(s, lang)),
            })
            .collect();
        let list = list.join("; ");
        let then = so(&removal(&step.eliminations, lang), lang);
        let als = term(Term::Als, lang);
        Some(match lang {
            Lang::En => format!(
                "{name}: the stem {stem} holds {}. For each of them a petal, an {als}, holds it, with all its places of that digit seeing the stem — {list}. Whatever the stem takes, that digit's petal loses it and becomes a locked set, which holds {z}. Hence {z} lies in one of the petals, {then}",
                digits(stem_digits, lang)
            ),
            Lang::De => format!(
                "{name}: Der Stamm {stem} enthält {}. Zu jeder davon gibt es ein Blütenblatt, ein {als}, mit dieser Zahl, dessen Plätze der Zahl alle den Stamm sehen — {list}. Welche Zahl der Stamm auch bekommt, ihr Blütenblatt verliert sie und wird zur verbundenen Menge, die die {z} enthält. Die {z} liegt also in einem der Blütenblätter, {then}",
                digits(stem_digits, lang)
            ),
        })
    }

    impl Describe for super::DeathBlossom {
        fn text(&self, step: &Step, at: &Telling<'_>) -> Option<String> {
            death_blossom(step, at.name, self.stem, &self.petals, self.z, at.lang)
        }

        /// The stem and each petal with the label the text gives it.
        fn draw(&self, step: &Step, out: &mut Drawing) {
            let stem = CellSet::single(self.stem);
            out.cells(stem, CellRole::Hinge);
            let labels = set_labels(step.technique, self.petals.len());
            for ((digit, set), label) in self.petals.iter().zip(&labels) {
                out.set(set.cells, label);
                out.marks(stem, DigitSet::single(*digit), MarkRole::Alt);
                out.cells(set.cells, CellRole::Pattern);
                out.marks(set.cells, DigitSet::single(*digit), MarkRole::Alt);
                out.marks(set.cells, DigitSet::single(self.z), MarkRole::Pattern);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::als::{GRID, PUZZLE};
    use crate::techniques::test_util::*;
    use sudoku_core::Variant;

    #[test]
    fn death_blossom_on_a_real_position() {
        let pos = position(GRID, Variant::Standard);
        let steps = run(find, &pos);
        assert_sound(PUZZLE, Variant::Standard, &steps);
        assert_eq!(steps.len(), 4);
        // Stem r1c8 {1,2}: petal r3c7 {1,4} for 1, r1c7+r3c7 {1,2,4} for 2;
        // either way 4 is in r1c7 or r3c7.
        assert_eq!(eliminations(&steps[0]), "r2c7-4");
        assert!(
            matches!(&steps[0].detail, Detail::DeathBlossom(DeathBlossom { stem, petals, .. })
            if stem.to_string() == "r1c8" && petals.len() == 2)
        );
    }

    #[test]
    fn no_blossom_once_a_petal_gains_a_digit() {
        crate::techniques::als::assert_breaks(find, &position(GRID, Variant::Standard));
        assert!(run(find, &position(&".".repeat(81), Variant::Standard)).is_empty());
    }
}
