//! Sue de Coq: two to three cells C in the intersection of two houses (a line
//! and a box in the standard form) hold digits V, at least two more than
//! cells. Add cells L from the rest of the line (candidates VL) and cells B
//! from the rest of the box (candidates VB, no digit in common with VL), so
//! that C, L and B together hold exactly as many digits as they have cells.
//! A digit outside VB has all its places of the pattern in the line, one
//! outside VL all in the box; as VL and VB are disjoint, every digit is at
//! most once in the pattern, so every digit is there exactly once. Digits
//! outside VB go from the rest of the line, digits outside VL from the rest
//! of the box (digits of C alone from both).
//!
//! The argument needs only that both are houses, so the finder takes every
//! pair of houses of the variant sharing two or more cells: box and line,
//! box and diagonal, and in colour Sudoku a colour group with a line or a
//! diagonal. L and B each give at least one digit of V (else the pattern is a
//! plain locked set), i.e. each holds fewer digits outside V than cells.

use super::als::push_new;
use crate::Candidates;
use crate::step::{Detail, Elimination, Step};
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};
use sudoku_core::{Cell, CellSet, Digit, DigitSet, House, Variant};

/// Reports every Sue de Coq with an elimination, once per set of
/// eliminations.
pub(crate) fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    let houses = pos.variant().houses();
    let start = out.len();
    let empty = pos.empty_cells();
    for (k, &h1) in houses.iter().enumerate() {
        for &h2 in &houses[k + 1..] {
            let inter = Variant::house_cells(h1) & Variant::house_cells(h2) & empty;
            if inter.len() < 2 {
                continue;
            }
            // The box (or the later house) plays the box's part in the texts.
            let (line, region) = if h1.kind() == sudoku_core::HouseKind::Box {
                (h2, h1)
            } else {
                (h1, h2)
            };
            if search(pos, line, region, inter, out, start, mode) {
                return;
            }
        }
    }
}

/// The subsets of `cells` (as cell sets with their candidates), by the bit
/// mask of their cells' indices in `cells`: each is a smaller one (its mask
/// without the lowest bit) plus one cell.
fn subsets(pos: &Candidates, cells: CellSet) -> Vec<(CellSet, DigitSet)> {
    let list: Vec<Cell> = cells.iter().collect();
    let mut out: Vec<(CellSet, DigitSet)> = Vec::with_capacity(1 << list.len());
    for m in 1usize..(1 << list.len()) {
        let rest = m & (m - 1);
        let (mut set, mut ds) = out
            .get(rest.wrapping_sub(1))
            .copied()
            .unwrap_or((CellSet::EMPTY, DigitSet::EMPTY));
        if let Some(&c) = list.get(m.trailing_zeros() as usize) {
            set.insert(c);
            ds |= pos.candidates(c);
        }
        out.push((set, ds));
    }
    out
}

/// Searches one intersection; `true` to stop.
fn search(
    pos: &Candidates,
    line: House,
    region: House,
    inter: CellSet,
    out: &mut Vec<Step>,
    start: usize,
    mode: FindMode,
) -> bool {
    let empty = pos.empty_cells();
    let line_all = Variant::house_cells(line) & empty;
    let region_all = Variant::house_cells(region) & empty;
    let line_rest = line_all - inter;
    let region_rest = region_all - inter;
    if line_rest.is_empty() || region_rest.is_empty() {
        return false;
    }
    let line_subsets = subsets(pos, line_rest);
    let region_subsets = subsets(pos, region_rest);
    // The region's subsets grouped by their share (in their order within a
    // group): `by_share[at[k]..at[k + 1]]` are those with share `k`.
    let mut by_share: Vec<usize> = Vec::with_capacity(region_subsets.len());
    let mut shares: Vec<usize> = Vec::with_capacity(region_subsets.len());
    for (c, v) in subsets(pos, inter) {
        if c.len() < 2 || v.len() < c.len() + 2 {
            continue;
        }
        let spare = v.len() - c.len();
        // Each side's share of V: cells minus digits outside V, at least one.
        let share = |&(cells, ds): &(CellSet, DigitSet)| {
            let extra = (ds - v).len();
            (!(ds & v).is_empty() && extra < cells.len()).then(|| cells.len() - extra)
        };
        shares.clear();
        shares.extend(region_subsets.iter().map(|b| share(b).unwrap_or(0)));
        let mut at = [0usize; 11];
        for &k in &shares {
            at[k + 1] += 1;
        }
        for k in 1..11 {
            at[k] += at[k - 1];
        }
        let mut fill = at;
        by_share.clear();
        by_share.resize(shares.len(), 0);
        for (j, &k) in shares.iter().enumerate() {
            by_share[fill[k]] = j;
            fill[k] += 1;
        }
        for l in &line_subsets {
            let Some(kl) = share(l) else { continue };
            if kl >= spare {
                continue;
            }
            let want = spare - kl;
            for &j in &by_share[at[want]..at[want + 1]] {
                let b = &region_subsets[j];
                if !(l.1 & b.1).is_empty() {
                    continue;
                }
                let Some(step) = build(pos, (line, region), (c, v), *l, *b, (line_all, region_all))
                else {
                    continue;
                };
                if push_new(out, start, step) && mode == FindMode::First {
                    return true;
                }
            }
        }
    }
    false
}

/// The step of one pattern, if it eliminates anything.
fn build(
    pos: &Candidates,
    (line, region): (House, House),
    (c, v): (CellSet, DigitSet),
    (lc, lv): (CellSet, DigitSet),
    (bc, bv): (CellSet, DigitSet),
    (line_all, region_all): (CellSet, CellSet),
) -> Option<Step> {
    let all = v | lv | bv;
    let mut step = Step::new(Technique::SueDeCoq, Technique::SueDeCoq.info().points);
    let line_victims = line_all - c - lc;
    let region_victims = region_all - c - bc;
    for d in Digit::ALL {
        let mut gone = CellSet::EMPTY;
        if all.contains(d) && !bv.contains(d) {
            gone |= line_victims;
        }
        if all.contains(d) && !lv.contains(d) {
            gone |= region_victims;
        }
        gone &= pos.cells_with(d);
        step.eliminations
            .extend(gone.iter().map(|cell| Elimination { cell, digit: d }));
    }
    if step.eliminations.is_empty() {
        return None;
    }
    step.eliminations.sort_unstable();
    step.cells = c | lc | bc;
    step.digits = all;
    step.houses = vec![line, region];
    step.detail = Detail::SueDeCoq(SueDeCoq {
        line,
        region,
        cells: c,
        digits: v,
        line_cells: lc,
        line_digits: lv,
        region_cells: bc,
        region_digits: bv,
    });
    Some(step)
}

/// A Sue de Coq step's data: `cells` in the intersection of `line` and
/// `region` hold `digits` (at least two more than cells); with `line_cells`
/// (rest of the line, candidates `line_digits`) and `region_cells` (rest of
/// the region, `region_digits`, disjoint from `line_digits`) they hold as many
/// digits as cells, each once: digits outside `region_digits` leave the rest
/// of the line, digits outside `line_digits` the rest of the region.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SueDeCoq {
    /// The line (or other house) through the intersection.
    pub line: House,
    /// The box (or other house) through the intersection.
    pub region: House,
    /// The intersection cells used.
    pub cells: CellSet,
    /// Their candidates.
    pub digits: DigitSet,
    /// The cells of the line outside the intersection.
    pub line_cells: CellSet,
    /// Their candidates.
    pub line_digits: DigitSet,
    /// The cells of the region outside the intersection.
    pub region_cells: CellSet,
    /// Their candidates.
    pub region_digits: DigitSet,
}

crate::moved_fields!(SueDeCoq {
    line, region, cells, digits, line_cells, line_digits, region_cells, region_digits;
});

/// Catalogue entry: Sue de Coq (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const SUE_DE_COQ: TechniqueInfo = TechniqueInfo {
    technique: Technique::SueDeCoq, name: "sue-de-coq", names: Names { en: "Sue de Coq", de: "Sue de Coq" },
    family: Family::Als, phase: Phase::OnCandidates, points: 10.0, se: None, finder: find, text: None,
    hodoku: Hodoku { order: Some(5300), level: HodokuLevel::Unfair, score: 250 },
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
    use crate::describe::words::{cells, digits, in_house, removal, so, the_house};
    use crate::describe::{Describe, Telling};
    use crate::{Step, SueDeCoq};
    use sudoku_core::Lang;
    use sudoku_core::{House, HouseKind};

    /// "the rest of row 3" / "im Rest von Zeile 3".
    pub(crate) fn rest_of(h: House, lang: Lang) -> String {
        match (lang, h.kind()) {
            (Lang::En, _) => format!("the rest of {}", the_house(h, lang)),
            (Lang::De, HouseKind::Diagonal) => {
                format!("im Rest der {}", crate::describe::words::house(h, lang))
            }
            (Lang::De, _) => format!("im Rest von {}", crate::describe::words::house(h, lang)),
        }
    }

    /// Explains a Sue de Coq.
    pub(crate) fn sue_de_coq(step: &Step, name: &str, s: &SueDeCoq, lang: Lang) -> Option<String> {
        let all = s.digits | s.line_digits | s.region_digits;
        let n = s.cells.len() + s.line_cells.len() + s.region_cells.len();
        let then = so(&removal(&step.eliminations, lang), lang);
        let (lh, rh) = (s.line, s.region);
        let core = cells(s.cells);
        let v = digits(s.digits, lang);
        let (line_cells, line_in, line_digits) = (
            cells(s.line_cells),
            in_house(lh, lang),
            digits(s.line_digits, lang),
        );
        let (region_cells, region_in, region_digits) = (
            cells(s.region_cells),
            in_house(rh, lang),
            digits(s.region_digits, lang),
        );
        let (line_rest, region_rest) = (rest_of(lh, lang), rest_of(rh, lang));
        // What the rest of each house loses: every digit but the other part's.
        let (line_loses, region_loses) = (
            digits(all - s.region_digits, lang),
            digits(all - s.line_digits, lang),
        );
        Some(match lang {
            Lang::En => {
                let (lh, rh) = (the_house(lh, lang), the_house(rh, lang));
                format!(
                    "{name}: {core} in the intersection of {lh} and {rh} hold {v}. With {line_cells} {line_in} ({line_digits}) and {region_cells} {region_in} ({region_digits}, no digit in common with the cells of {lh}), these {n} cells hold exactly {n} digits, and each digit at most once (its places are all in one of the two houses), so each exactly once. Hence {line_loses} leave {line_rest} and {region_loses} leave {region_rest}; {then}"
                )
            }
            Lang::De => {
                let (lh, rh) = (
                    crate::describe::words::house(lh, lang),
                    crate::describe::words::house(rh, lang),
                );
                format!(
                    "{name}: {core} in der Überschneidung von {lh} und {rh} enthalten {v}. Mit {line_cells} {line_in} ({line_digits}) und {region_cells} {region_in} ({region_digits}, keine Zahl gemeinsam mit den Zellen {line_in}) enthalten diese {n} Zellen genau {n} Zahlen, jede höchstens einmal (ihre Plätze liegen alle in einer der beiden Gruppen), also jede genau einmal. Damit fehlen {line_loses} {line_rest} und {region_loses} {region_rest}; {then}"
                )
            }
        })
    }

    impl Describe for super::SueDeCoq {
        fn text(&self, step: &Step, at: &Telling<'_>) -> Option<String> {
            sue_de_coq(step, at.name, self, at.lang)
        }

        fn draw(&self, _step: &Step, out: &mut Drawing) {
            out.cells(
                self.cells | self.line_cells | self.region_cells,
                CellRole::Pattern,
            );
            out.marks(self.cells, self.digits, MarkRole::Pattern);
            out.marks(self.line_cells, self.line_digits, MarkRole::Pattern);
            out.marks(self.region_cells, self.region_digits, MarkRole::Alt);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_util::*;

    const P: &str =
        "..6.........25...95.34......5.94.2...7..1...6...3.2.7.....9.46...1...8...4......5";
    const G: &str =
        ".2618..54...25...95.347....658947213372815946...362578.3579.46..615.48.7.4.6....5";
    const E: &str = "r1c7-3 r2c1-8 r6c1-9 r9c6-3 r9c8-2";

    #[test]
    fn sue_de_coq_on_a_real_position() {
        let pos = position_with(G, Variant::Standard, E);
        let steps = run(find, &pos);
        assert_sound(P, Variant::Standard, &steps);
        assert_eq!(steps.len(), 2);
        // r2c7+r2c8 {1,3,6,7,8} with r2c6 {3,6} and r1c7, r3c8, r3c9
        // {1,2,7,8}: 1 leaves the rest of box 3.
        assert_eq!(eliminations(&steps[0]), "r3c7-1");
        let Detail::SueDeCoq(s) = &steps[0].detail else {
            panic!("Sue de Coq detail");
        };
        assert_eq!((s.line, s.region), (House::row(1), House::boxx(2)));
    }

    #[test]
    fn no_sue_de_coq_when_the_sides_share_a_digit() {
        let pos = position_with(G, Variant::Standard, E);
        let key = |s: &Step| match &s.detail {
            Detail::SueDeCoq(s) => (s.cells, s.line_cells, s.region_cells),
            _ => panic!("Sue de Coq detail"),
        };
        let first = key(&run(find, &pos)[0]);
        // 3 back in r1c7 gives the box cells a digit of the line cell r2c6.
        let again = run(find, &with_candidate(&pos, "r1c7", 3));
        assert!(again.iter().all(|s| key(s) != first));
        assert!(run(find, &position(&".".repeat(81), Variant::Standard)).is_empty());
    }
}
