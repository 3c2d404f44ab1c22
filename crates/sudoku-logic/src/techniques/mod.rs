//! The finders, one module per technique (or per family of sizes of one
//! technique). Each exposes `find…` functions with the [`Finder`] signature that
//! the table in `technique.rs` registers; nothing here knows the variant beyond
//! its list of houses.
//!
//! [`Finder`]: crate::technique::Finder

pub(crate) mod aligned_exclusion;
pub(crate) mod als;
pub(crate) mod als_chain;
pub(crate) mod als_xy_wing;
pub(crate) mod als_xz;
pub(crate) mod basic_fish;
pub(crate) mod bidirectional_cycle;
pub(crate) mod bivalue_grave;
pub(crate) mod broken_wing;
pub(crate) mod bug;
pub(crate) mod cell_forcing_chain;
pub(crate) mod coloring;
pub(crate) mod complex_fish;
pub(crate) mod contradiction_chain;
pub(crate) mod contradiction_forcing_chain;
pub(crate) mod death_blossom;
pub(crate) mod digit_graph;
pub(crate) mod direct;
pub(crate) mod direct_locked;
pub(crate) mod direct_pair;
pub(crate) mod double_implication_chain;
pub(crate) mod dynamic_forcing_chain;
pub(crate) mod empty_rectangle;
pub(crate) mod finned_fish;
pub(crate) mod forcing_chain;
pub(crate) mod forcing_net;
pub(crate) mod franken_fish;
pub(crate) mod full_house;
pub(crate) mod hidden_single;
pub(crate) mod hidden_subset;
pub(crate) mod kraken_fish;
pub(crate) mod locked_candidates;
pub(crate) mod locked_subset;
pub(crate) mod medusa;
pub(crate) mod mutant_fish;
pub(crate) mod naked_single;
pub(crate) mod naked_subset;
pub(crate) mod nested_forcing_chain;
pub(crate) mod nice_loop;
pub(crate) mod nishio_forcing_chain;
pub(crate) mod pincer;
pub(crate) mod quasi_loop;
pub(crate) mod quasi_rectangle;
pub(crate) mod region_forcing_chain;
pub(crate) mod remote_pair;
pub(crate) mod strong_link_loop;
pub(crate) mod sue_de_coq;
pub(crate) mod templates;
pub(crate) mod trial_and_error;
pub(crate) mod turbot_fish;
pub(crate) mod unique_loop;
pub(crate) mod unique_rectangle;
pub(crate) mod w_wing;
pub(crate) mod write_candidates;
pub(crate) mod wxyz_wing;
pub(crate) mod x_chain;
pub(crate) mod xy_chain;
pub(crate) mod xy_wing;
pub(crate) mod xyz_wing;

#[cfg(test)]
pub(crate) mod test_util;

/// Defines the finders of a technique that comes in several sizes, one table row
/// each: `$name(pos, out, mode)` calls `$find(pos, out, mode, $n)` and carries
/// the doc line `$doc`. The word `subsets` in place of the list stands for
/// `find_2` … `find_7`, the sizes of both subset views.
macro_rules! finders_by_size {
    // The subset sizes, pair to septuple, the same for the naked and the hidden view.
    ($doc:literal, $find:ident, subsets) => {
        $crate::techniques::finders_by_size!(
            $doc, $find, find_2 = 2, find_3 = 3, find_4 = 4, find_5 = 5, find_6 = 6, find_7 = 7
        );
    };
    ($doc:literal, $find:ident, $($name:ident = $n:expr),*) => {$(
        #[doc = $doc]
        pub(crate) fn $name(
            pos: &$crate::Candidates,
            out: &mut Vec<$crate::step::Step>,
            mode: $crate::technique::FindMode,
        ) {
            $find(pos, out, mode, $n)
        }
    )*};
}
pub(crate) use finders_by_size;

use crate::step::{Detail, Placement, Step};
use crate::technique::Technique;
use sudoku_core::{Cell, CellSet, Digit, DigitSet, House, Variant};

/// The empty cells of `house` in reading order, with their candidates; returns how
/// many there are. Fixed arrays keep the hot loops free of allocation.
pub(crate) fn house_cells(
    pos: &crate::Candidates,
    house: House,
    cells: &mut [Cell; 9],
    cands: &mut [DigitSet; 9],
) -> usize {
    let empty = pos.empty_cells() & Variant::house_cells(house);
    let mut n = 0;
    for c in empty.iter() {
        cells[n] = c;
        cands[n] = pos.candidates(c);
        n += 1;
    }
    n
}

/// A thread's kept [`free_of`] list: the variant, the givens and the
/// indices.
pub(crate) type KeptFree = std::cell::RefCell<Option<(Variant, CellSet, std::rc::Rc<Vec<u32>>)>>;

/// The indices (in order) of the `len` entries of a per-variant pattern
/// list whose cells (`cells(k)`) hold no given. The givens stay the same
/// along a walk, so the list is kept in `kept` for the next position.
pub(crate) fn free_of(
    kept: &'static std::thread::LocalKey<KeptFree>,
    variant: Variant,
    givens: CellSet,
    len: usize,
    cells: impl Fn(usize) -> CellSet,
) -> std::rc::Rc<Vec<u32>> {
    kept.with(|kept| {
        let mut kept = kept.borrow_mut();
        if let Some((v, g, list)) = &*kept
            && *v == variant
            && *g == givens
        {
            return std::rc::Rc::clone(list);
        }
        let list = std::rc::Rc::new(
            (0..len)
                .filter(|&k| (cells(k) & givens).is_empty())
                .map(|k| k as u32)
                .collect::<Vec<u32>>(),
        );
        *kept = Some((variant, givens, std::rc::Rc::clone(&list)));
        list
    })
}

/// Hands kept `hits` to `out`: with [`FindMode::First`](crate::technique::FindMode)
/// only the first, and then returns `true` (the caller stops there).
pub(crate) fn emit(
    hits: &[crate::Step],
    out: &mut Vec<crate::Step>,
    mode: crate::technique::FindMode,
) -> bool {
    if mode == crate::technique::FindMode::First {
        if let Some(first) = hits.first() {
            out.push(first.clone());
            return true;
        }
    } else {
        out.extend(hits.iter().cloned());
    }
    false
}

/// Adds `step` to `hits[from..]` unless one of those already removes the same
/// candidates (the finders report each set of eliminations once); returns
/// whether it was added.
pub(crate) fn push_unique(hits: &mut Vec<Step>, from: usize, step: Step) -> bool {
    if hits[from..]
        .iter()
        .any(|s| s.eliminations == step.eliminations)
    {
        return false;
    }
    hits.push(step);
    true
}

/// A value per variant built once on first use (the lists of rectangles and
/// loops): `slots` holds one per variant.
pub(crate) fn per_variant<T>(
    slots: &'static [std::sync::OnceLock<T>; 4],
    variant: Variant,
    init: impl FnOnce() -> T,
) -> &'static T {
    let slot = match variant {
        Variant::Standard => 0,
        Variant::Diagonal => 1,
        Variant::Color => 2,
        _ => 3,
    };
    slots[slot].get_or_init(init)
}

/// A finder's last hits per digit: the variant, the digit's candidates and
/// the hits.
pub(crate) type KeptByDigit = [Option<(Variant, CellSet, Vec<crate::Step>)>; 9];

/// Runs a finder whose hits on a digit depend only on the variant and that
/// digit's candidates, digit by digit: `search` gives every hit of one digit
/// (in its order, each set of eliminations once) and `kept` keeps them, so a
/// walk's next step, which changes few digits, searches only the digits it
/// changed. With [`FindMode::First`] only the first hit goes to `out`.
pub(crate) fn by_digit(
    kept: &'static std::thread::LocalKey<std::cell::RefCell<KeptByDigit>>,
    pos: &crate::Candidates,
    out: &mut Vec<crate::Step>,
    mode: crate::technique::FindMode,
    search: impl Fn(&crate::Candidates, sudoku_core::Digit) -> Vec<crate::Step>,
) {
    let variant = pos.variant();
    kept.with(|kept| {
        let mut kept = kept.borrow_mut();
        for d in sudoku_core::Digit::ALL {
            let cells = pos.cells_with(d);
            let slot = &mut kept[d.index()];
            if !matches!(slot, Some((v, c, _)) if *v == variant && *c == cells) {
                *slot = Some((variant, cells, search(pos, d)));
            }
            let Some((_, _, hits)) = slot else { continue };
            if emit(hits, out, mode) {
                return;
            }
        }
    });
}

/// Calls `visit` with every `k`-subset of `0..n` (as a bit mask over `0..n`) whose
/// union of `masks` has at most `k` elements, pruning as soon as a partial union is
/// too large. Returns `true` if `visit` asked to stop.
pub(crate) fn small_unions(
    masks: &[u16],
    k: usize,
    visit: &mut dyn FnMut(u16, u16) -> bool,
) -> bool {
    fn go(
        masks: &[u16],
        k: usize,
        start: usize,
        chosen: u16,
        union: u16,
        depth: usize,
        visit: &mut dyn FnMut(u16, u16) -> bool,
    ) -> bool {
        if depth == k {
            return visit(chosen, union);
        }
        // Leave room for the remaining picks.
        for i in start..=masks.len().saturating_sub(k - depth) {
            if i >= masks.len() {
                break;
            }
            let u = union | masks[i];
            if (u.count_ones() as usize) <= k
                && go(masks, k, i + 1, chosen | 1 << i, u, depth + 1, visit)
            {
                return true;
            }
        }
        false
    }
    go(masks, k, 0, 0, 0, 0, visit)
}

/// The step of a wing (XY-, XYZ-, WXYZ-wing): `digit` goes from every cell of
/// `gone`. The pattern is `wings` plus the `hinge` if there is one; `digits` are
/// the pattern's candidates. One builder keeps the wings' steps alike for the
/// explanations that read them.
pub(crate) fn wing_step(
    technique: Technique,
    points: f64,
    digit: Digit,
    gone: CellSet,
    digits: DigitSet,
    hinge: Option<Cell>,
    wings: CellSet,
) -> Step {
    let mut step = Step::new(technique, points);
    step.eliminate_all(digit, gone);
    step.cells = wings | hinge.map_or(CellSet::EMPTY, CellSet::single);
    step.digits = digits;
    step.detail = Detail::Wing(crate::Wing {
        hinge,
        wings,
        digit,
    });
    step
}

/// The step of a single: `digit` goes into `cell`. `digits` are the candidates it
/// is read from (the cell's for a naked single, the digit alone for a house);
/// `house` is the house it is last in, if any.
pub(crate) fn single_step(
    technique: Technique,
    points: f64,
    cell: Cell,
    digit: Digit,
    digits: DigitSet,
    house: Option<House>,
    on_candidates: bool,
) -> Step {
    let mut step = Step::new(technique, points);
    step.placements.push(Placement { cell, digit });
    step.cells = CellSet::single(cell);
    step.houses.extend(house);
    step.digits = digits;
    step.detail = Detail::Single(crate::Single {
        house,
        on_candidates,
    });
    step
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kept_free_list_follows_the_givens_and_the_variant() {
        thread_local! {
            static FREE: KeptFree = const { std::cell::RefCell::new(None) };
        }
        // Entry k is the one cell k.
        let cell_set = |k: usize| Cell::new(k).map_or(CellSet::EMPTY, CellSet::single);
        let fresh = |givens: CellSet| -> Vec<u32> {
            (0..81u32)
                .filter(|&k| !givens.contains(Cell::new(k as usize).expect("cell")))
                .collect()
        };
        let a: CellSet = [0, 5, 80].iter().filter_map(|&i| Cell::new(i)).collect();
        let b: CellSet = [1, 5].iter().filter_map(|&i| Cell::new(i)).collect();
        for (variant, givens) in [
            (Variant::Standard, a),
            (Variant::Standard, a),
            (Variant::Standard, b),
            (Variant::Diagonal, b),
            (Variant::Standard, a),
        ] {
            let list = free_of(&FREE, variant, givens, 81, cell_set);
            assert_eq!(*list, fresh(givens));
        }
    }
}
