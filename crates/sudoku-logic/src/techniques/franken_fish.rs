//! Franken fish on one digit, of size 2 and 3, with and without fins (HoDoKu's
//! Franken X-Wing/Swordfish and Finned Franken X-Wing/Swordfish).
//!
//! A Franken fish mixes boxes into the lines of a basic fish: N base houses
//! taken from the rows and boxes (or the columns and boxes) that share no
//! candidate of the digit, and N cover houses from the columns and boxes (or the
//! rows and boxes), with a box on at least one side. Each base house holds the
//! digit exactly once and they share no candidate, so the digit is placed N
//! times in the base; if every base candidate lies in the cover, those N
//! placements sit in the N cover houses, one each (a cover house holds the digit
//! at most once), so the cover houses get their digit from the base and it goes
//! from their other cells. With *fins* (base candidates outside the cover, at
//! most five) the cells that lose the digit must also see every fin, as for
//! finned fish: either a fin holds it, or the fish is complete.
//!
//! Only rows, columns and boxes are base and cover houses (HoDoKu's
//! definition; diagonals or colour groups would make mutant fish, which HoDoKu
//! leaves disabled); "sees" uses the variant's peers, so the fins' argument
//! holds in every variant. Endo fins (overlapping base houses) and cannibalism
//! are not searched. Points: Franken X-Wing 10, Swordfish 12; finned 12 and 14.
//! HoDoKu: 300, 350, 390, 410 (Unfair).

use super::finned_fish::{MAX_FINS, common_peers, fish_step};
use crate::Candidates;
use crate::step::Step;
use crate::technique::{FindMode, Technique};
use sudoku_core::{Cell, CellSet, Digit, House, HouseKind, HouseSet, Variant};

/// One house of a fish with the digit's candidates in it.
#[derive(Clone, Copy)]
struct Unit {
    house: House,
    cells: CellSet,
}

/// What one search sees.
struct Search<'a> {
    variant: Variant,
    out: &'a mut Vec<Step>,
    start: usize,
    mode: FindMode,
    size: usize,
    finned: bool,
    technique: Technique,
    digit: Digit,
    cells: CellSet,
    /// The cover line through a cell (its column when the base lines are rows).
    cover_line: fn(Cell) -> House,
}

fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode, size: usize, finned: bool) {
    let technique = match (size, finned) {
        (2, false) => Technique::FrankenXWing,
        (2, true) => Technique::FinnedFrankenXWing,
        (3, false) => Technique::FrankenSwordfish,
        _ => Technique::FinnedFrankenSwordfish,
    };
    let start = out.len();
    for digit in Digit::ALL {
        let cells = pos.cells_with(digit);
        if cells.is_empty() {
            continue;
        }
        for (base_line, cover_line) in [
            (
                House::row as fn(usize) -> House,
                (|c: Cell| House::column(c.col())) as fn(Cell) -> House,
            ),
            (House::column, |c: Cell| House::row(c.row())),
        ] {
            let units: Vec<Unit> = (0..9)
                .map(base_line)
                .chain((0..9).map(House::boxx))
                .map(|house| Unit {
                    house,
                    cells: cells & Variant::house_cells(house),
                })
                .filter(|u| !u.cells.is_empty())
                .collect();
            let mut s = Search {
                variant: pos.variant(),
                out: &mut *out,
                start,
                mode,
                size,
                finned,
                technique,
                digit,
                cells,
                cover_line,
            };
            let mut base = Vec::with_capacity(size);
            if s.bases(&units, 0, &mut base, CellSet::EMPTY) {
                return;
            }
        }
    }
}

impl Search<'_> {
    /// Chooses base houses sharing no candidate; `true` to stop.
    fn bases(&mut self, units: &[Unit], from: usize, base: &mut Vec<Unit>, all: CellSet) -> bool {
        if base.len() == self.size {
            let mut cover = Vec::with_capacity(self.size);
            return self.covers(base, all, all, &mut cover, CellSet::EMPTY);
        }
        for i in from..units.len() {
            if !(units[i].cells & all).is_empty() {
                continue;
            }
            base.push(units[i]);
            let stop = self.bases(units, i + 1, base, all | units[i].cells);
            base.pop();
            if stop {
                return true;
            }
        }
        false
    }

    /// Covers the base candidates house by house: the first uncovered one is
    /// covered by its cover line or its box, or (finned) left as a fin.
    /// `fins` are the candidates left as fins so far; a branch whose fins see
    /// no candidate outside the base together is dropped (a house covering such
    /// a fin later is also tried in the branch that covers it right away).
    fn covers(
        &mut self,
        base: &[Unit],
        all: CellSet,
        uncovered: CellSet,
        cover: &mut Vec<House>,
        fins: CellSet,
    ) -> bool {
        if cover.len() == self.size {
            return self.report(base, all, cover);
        }
        let Some(x) = uncovered.first() else {
            return false; // fewer cover houses suffice: a smaller fish
        };
        let in_base = |h: House| base.iter().any(|u| u.house == h);
        for house in [(self.cover_line)(x), House::boxx(x.boxx())] {
            if cover.contains(&house) || in_base(house) {
                continue;
            }
            cover.push(house);
            let stop = self.covers(
                base,
                all,
                uncovered - Variant::house_cells(house),
                cover,
                fins,
            );
            cover.pop();
            if stop {
                return true;
            }
        }
        if self.finned && fins.len() < MAX_FINS {
            let mut with = fins;
            with.insert(x);
            if !(common_peers(self.variant, with) & (self.cells - all)).is_empty() {
                let mut rest = uncovered;
                rest.remove(x);
                return self.covers(base, all, rest, cover, with);
            }
        }
        false
    }

    /// Builds the step of `base` and `cover` if it is a Franken fish of the
    /// kind searched and removes something; `true` to stop.
    fn report(&mut self, base: &[Unit], all: CellSet, cover: &[House]) -> bool {
        let has_box = base
            .iter()
            .map(|u| u.house)
            .chain(cover.iter().copied())
            .any(|h| h.kind() == HouseKind::Box);
        if !has_box {
            return false; // a basic or finned fish
        }
        let cover_cells = cover
            .iter()
            .fold(CellSet::EMPTY, |acc, &h| acc | Variant::house_cells(h));
        let fins = all - cover_cells;
        if fins.is_empty() == self.finned || fins.len() > MAX_FINS {
            return false;
        }
        if base.iter().any(|u| (u.cells & cover_cells).is_empty()) {
            return false; // a base house without body
        }
        let gone = (self.cells & cover_cells & common_peers(self.variant, fins)) - all;
        if gone.is_empty() {
            return false;
        }
        let base_set: HouseSet = base.iter().map(|u| u.house).collect();
        let cover_set: HouseSet = cover.iter().copied().collect();
        let step = fish_step(
            self.technique,
            self.digit,
            gone,
            (base_set, cover_set),
            all,
            fins,
            false,
        );
        if self.out[self.start..]
            .iter()
            .any(|s| s.eliminations == step.eliminations)
        {
            return false;
        }
        self.out.push(step);
        self.mode == FindMode::First
    }
}

/// Franken X-Wing.
pub(crate) fn find_2(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    find(pos, out, mode, 2, false)
}

/// Franken Swordfish.
pub(crate) fn find_3(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    find(pos, out, mode, 3, false)
}

/// Finned Franken X-Wing.
pub(crate) fn find_finned_2(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    find(pos, out, mode, 2, true)
}

/// Finned Franken Swordfish.
pub(crate) fn find_finned_3(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    find(pos, out, mode, 3, true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::step::Detail;
    use crate::techniques::test_util::*;
    use sudoku_core::{DigitSet, Grid};

    /// 1 only in r1c1 and r1c5 of row 1 (plus `extra`) and only in column 5 of
    /// box 5; everything else open. The Franken X-Wing row 1 + box 5 over
    /// columns 1 and 5 is the pattern.
    fn built(extra: &[usize]) -> Candidates {
        let one = Digit::new(1).unwrap();
        let fields: [DigitSet; 81] = std::array::from_fn(|i| {
            let c = Cell::new(i).unwrap();
            let keep = if c.row() == 0 {
                c.col() == 0 || c.col() == 4 || extra.contains(&i)
            } else if c.boxx() == 4 {
                c.col() == 4 && c.row() < 5
            } else {
                true
            };
            if keep {
                DigitSet::ALL
            } else {
                DigitSet::ALL - DigitSet::single(one)
            }
        });
        Candidates::from_fields(&Grid::EMPTY, Variant::Standard, &fields).unwrap()
    }

    fn with_houses(steps: &[Step], base: [House; 2], cover: [House; 2]) -> Option<&Step> {
        steps.iter().find(|s| {
            matches!(s.detail, Detail::FinnedFish { base: b, cover: c, .. }
                if b == base.into_iter().collect() && c == cover.into_iter().collect())
        })
    }

    #[test]
    fn franken_x_wing_with_a_box_in_the_base() {
        let pos = built(&[]);
        let steps = run(find_2, &pos);
        let step = with_houses(
            &steps,
            [House::row(0), House::boxx(4)],
            [House::column(0), House::column(4)],
        )
        .expect("row 1 + box 5 over columns 1 and 5");
        assert_eq!(
            eliminations(step),
            "r2c1-1 r2c5-1 r3c1-1 r3c5-1 r4c1-1 r5c1-1 r6c1-1 r7c1-1 r7c5-1 r8c1-1 r8c5-1 \
             r9c1-1 r9c5-1"
        );
        assert_eq!(step.points, 10.0);
        assert!(run(find_finned_2, &pos).iter().all(|s| matches!(
            s.detail,
            Detail::FinnedFish { fins, .. } if !fins.is_empty()
        )));
    }

    #[test]
    fn finned_franken_x_wing() {
        // A fin in r1c2: only the cells of column 1 in its box still go.
        let pos = built(&[1]);
        let steps = run(find_finned_2, &pos);
        let step = with_houses(
            &steps,
            [House::row(0), House::boxx(4)],
            [House::column(0), House::column(4)],
        )
        .expect("the same fish with its fin");
        assert_eq!(eliminations(step), "r2c1-1 r3c1-1");
        assert!(matches!(step.detail, Detail::FinnedFish { fins, .. }
            if fins == CellSet::single(Cell::at(0, 1).unwrap())));
        assert!(
            with_houses(
                &run(find_2, &pos),
                [House::row(0), House::boxx(4)],
                [House::column(0), House::column(4)],
            )
            .is_none()
        );
    }

    #[test]
    fn no_franken_fish_without_a_pattern() {
        let pos = position(&".".repeat(81), Variant::Standard);
        for finder in [find_2, find_3, find_finned_2, find_finned_3] {
            assert!(run(finder, &pos).is_empty());
        }
    }
}
