//! Kraken fish (type 1): a finned fish whose fins do not all see a target,
//! where a chain from every fin removes the digit from the target anyway.
//!
//! Take a finned fish on a digit (basic or Franken, two to four houses, at
//! most two fins — HoDoKu's defaults for its Kraken search) and a *target*:
//! a candidate of the digit in a cover house outside the base. If no fin
//! holds the digit, the fish removes it from the target. If a fin holds it,
//! what that implies — followed along cell and single-digit links, the links
//! of an alternating inference chain (`chaining::offs_implied`) — must remove
//! the digit from the target too. When that holds for every fin, the target
//! loses the digit either way. A fin seeing the target needs no more than
//! that; targets every fin sees are the plain finned fish's and not reported
//! here. Each step removes one candidate and carries, per fin, the branch of
//! implications that proves it.
//!
//! Kraken type 2 (another digit eliminated by chains from every fin and from
//! every cover candidate of one cover house) is not searched. Points: 16.

use super::complex_fish::{FishKind, Limits, search};
use super::finned_fish::common_peers;
use crate::Candidates;
use crate::chaining::{off_branch, offs_reached};
use crate::implication::Branch;
use crate::step::{Detail, Step};
use crate::technique::{FindMode, Technique};
use std::cell::RefCell;
use std::collections::HashMap;
use sudoku_core::{Cell, CellSet, Digit, DigitSet, HouseSet, Variant};

/// At most this many fins (HoDoKu's default for Kraken fish).
const MAX_KRAKEN_FINS: usize = 2;

thread_local! {
    /// The last position searched and its Kraken fish: a walk asks again in
    /// the same position when an earlier row found nothing either.
    static CACHE: RefCell<Option<(Candidates, Vec<Step>)>> = const { RefCell::new(None) };
}

/// Kraken fish.
pub(crate) fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        if !matches!(&*cache, Some((p, _)) if p == pos) {
            *cache = Some((pos.clone(), search_all(pos)));
        }
        if let Some((_, steps)) = &*cache {
            match mode {
                FindMode::First => out.extend(steps.first().cloned()),
                _ => out.extend(steps.iter().cloned()),
            }
        }
    });
}

/// A finned fish of one digit that a Kraken step may use: its houses, its
/// base candidates, fins, size, and the cover candidates outside the base
/// that not every fin sees.
#[derive(Clone)]
struct Shape {
    size: usize,
    base: HouseSet,
    cover: HouseSet,
    pattern: CellSet,
    fins: CellSet,
    targets: CellSet,
}

/// Per digit: the variant, the digit's candidates and its fish shapes.
type KeptShapes = [Option<(Variant, CellSet, Vec<Shape>)>; 9];

thread_local! {
    /// The fish shapes depend only on the variant and the digit's
    /// candidates: a walk's next position searches only the digits it
    /// changed; the chains, which depend on everything, are followed anew.
    static SHAPES: RefCell<KeptShapes> = RefCell::new(Default::default());
}

/// Every finned fish (basic or Franken, 2–4 houses, at most two fins) on
/// `digit` with a target not every fin sees, smaller fish first.
fn shapes(pos: &Candidates, digit: Digit) -> Vec<Shape> {
    let variant = pos.variant();
    let mut out = Vec::new();
    for size in 2..=4 {
        let lim = Limits {
            size,
            widest: FishKind::Franken,
            max_fins: MAX_KRAKEN_FINS,
        };
        search(pos, digit, lim, &mut |_| CellSet::ALL, &mut |f| {
            let targets = f.gone - common_peers(variant, f.fins);
            if !f.fins.is_empty() && !targets.is_empty() {
                out.push(Shape {
                    size,
                    base: f.base,
                    cover: f.cover,
                    pattern: f.pattern,
                    fins: f.fins,
                    targets,
                });
            }
            false
        });
    }
    out
}

/// Every Kraken fish in `pos`, smaller fish first, then by digit; one step
/// per eliminated candidate.
fn search_all(pos: &Candidates) -> Vec<Step> {
    let variant = pos.variant();
    // Per digit its fish shapes, kept or searched anew.
    let by_digit: Vec<Vec<Shape>> = SHAPES.with(|kept| {
        let mut kept = kept.borrow_mut();
        Digit::ALL
            .into_iter()
            .map(|d| {
                let cells = pos.cells_with(d);
                let slot = &mut kept[d.index()];
                if !matches!(slot, Some((v, c, _)) if *v == variant && *c == cells) {
                    *slot = Some((variant, cells, shapes(pos, d)));
                }
                slot.as_ref().map(|s| s.2.clone()).unwrap_or_default()
            })
            .collect()
    });
    let mut steps = Vec::new();
    let mut done: Vec<(Digit, Cell)> = Vec::new();
    // Per (fin, digit): the candidates of the digit it clears (the static
    // implications of the fin holding the digit, its peers among them).
    let mut reached: HashMap<(Cell, Digit), CellSet> = HashMap::new();
    for size in 2..=4 {
        for digit in Digit::ALL {
            let cells = pos.cells_with(digit);
            for f in by_digit[digit.index()].iter().filter(|f| f.size == size) {
                let mut gone = f.targets;
                for fin in f.fins.iter() {
                    gone &= *reached
                        .entry((fin, digit))
                        .or_insert_with(|| offs_reached(pos, (fin, digit)) & cells);
                }
                for target in gone.iter() {
                    if done.contains(&(digit, target)) {
                        continue;
                    }
                    let chains: Vec<Branch> = f
                        .fins
                        .iter()
                        .filter_map(|fin| off_branch(pos, (fin, digit), target))
                        .collect();
                    if chains.len() < f.fins.len() {
                        continue; // cannot happen: `gone` is what every fin reaches
                    }
                    done.push((digit, target));
                    let t = Technique::KrakenFish;
                    let mut step = Step::new(t, t.info().points);
                    step.eliminate_all(digit, CellSet::single(target));
                    step.cells = f.pattern;
                    step.houses = f.base.iter().chain(f.cover.iter()).collect();
                    step.digits = DigitSet::single(digit);
                    step.detail = Detail::KrakenFish {
                        digit,
                        base: f.base,
                        cover: f.cover,
                        fins: f.fins,
                        target,
                        chains,
                    };
                    steps.push(step);
                }
            }
        }
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::franken_fish::tests::summary;
    use crate::techniques::test_util::*;
    use sudoku_core::Variant;

    /// A top1465 puzzle where the solution path uses a Kraken fish.
    const P: &str =
        ".6..5.4.3.2.1...........7..4.3...6..7..5........2.........8..5.6...4...........1.";

    fn kraken_position() -> Candidates {
        position_with(
            "167.5.4.3.241........4..7.1453.1.6.27.25.......62.........8..5.6...4.2.........1.",
            Variant::Standard,
            "r2c1-5 r2c6-89 r2c7-9 r2c9-6 r3c6-9 r5c6-9 r5c8-89 r5c9-4 r6c6-9 r6c8-89 \
             r6c9-4 r7c2-139 r7c6-36 r7c9-79 r8c2-17 r8c3-89 r8c4-7 r8c6-379 r8c9-9 r9c2-389 \
             r9c5-36 r9c6-36 r9c9-789",
        )
    }

    /// The chains as `r9c7=7 … r2c1<>7`: each branch's assumption and
    /// conclusion.
    fn ends(step: &Step) -> Vec<String> {
        let Detail::KrakenFish { chains, .. } = &step.detail else {
            panic!("{:?}", step.detail);
        };
        chains
            .iter()
            .map(|b| {
                let first = b.nodes[0].literal;
                let last = b.nodes[b.conclusion[0]].literal;
                format!(
                    "{}={} … {}<>{} ({} nodes)",
                    first.cell,
                    first.digit,
                    last.cell,
                    last.digit,
                    b.nodes.len()
                )
            })
            .collect()
    }

    #[test]
    fn kraken_fish_with_two_fins_and_their_chains() {
        let pos = kraken_position();
        let steps = run(find, &pos);
        assert_sound(P, Variant::Standard, &steps);
        let first = steps.first().expect("a Kraken fish");
        assert_eq!(
            summary(first),
            "row 1, row 8, column 8, box 2 | r8c2 r8c9 | r3c8-8"
        );
        assert_eq!(
            ends(first),
            ["r8c2=8 … r3c8<>8 (4 nodes)", "r8c9=8 … r3c8<>8 (8 nodes)"]
        );
        // The second fin's chain: r8c9=8 → r8c9<>7 → r6c9=7 (column 9) →
        // r6c9<>5 → r6c7=5 → r2c7<>5 → r2c7=8 (naked single) → r3c8<>8.
        let Detail::KrakenFish { chains, .. } = &first.detail else {
            unreachable!()
        };
        assert_eq!(
            chains[1].nodes[6].cause,
            crate::implication::Cause::NakedSingle
        );
        assert_eq!(first.points, 16.0);
        // No fin sees every target: the plain finned fish have nothing here.
        let Detail::KrakenFish { fins, target, .. } = first.detail else {
            unreachable!()
        };
        assert!(!common_peers(Variant::Standard, fins).contains(target));
    }

    #[test]
    fn no_kraken_without_a_chain_from_every_fin() {
        let pos = kraken_position();
        let first = run(find, &pos).remove(0);
        // A third candidate in r2c7 breaks the naked single the second fin's
        // chain needs; the fish itself stays as it was.
        let broken = with_candidate(&pos, "r2c7", 9);
        assert!(
            run(find, &broken)
                .iter()
                .all(|s| s.eliminations != first.eliminations)
        );
        assert!(run(find, &position(&".".repeat(81), Variant::Standard)).is_empty());
    }

    #[test]
    fn a_moved_kraken_fish_keeps_each_chain_with_its_fin() {
        let first = run(find, &kraken_position()).remove(0);
        for seed in 0..8 {
            let t = sudoku_core::Transform::random(Variant::Standard, seed);
            let moved = first.transformed(&t);
            let Detail::KrakenFish {
                fins,
                target,
                chains,
                ..
            } = &moved.detail
            else {
                panic!("{:?}", moved.detail);
            };
            assert_eq!(chains.len(), fins.len());
            for (fin, chain) in fins.iter().zip(chains) {
                assert_eq!(chain.nodes[0].literal.cell, fin);
                assert_eq!(chain.nodes[chain.conclusion[0]].literal.cell, *target);
            }
        }
    }
}
