//! Kraken fish: a finned fish whose fins do not all see a target, where a
//! chain from every fin carries the fish's conclusion anyway (HoDoKu's types
//! 1 and 2).
//!
//! Take a finned fish on a digit (basic or Franken, two to four houses, at
//! most two fins — HoDoKu's defaults for its Kraken search). Chains are the
//! static implications of a cell holding the digit, followed along cell and
//! single-digit links, the links of an alternating inference chain
//! (`chaining::Implications`).
//!
//! * Type 1: a *target* is a candidate of the digit in a cover house outside
//!   the base. If no fin holds the digit, the fish removes it from the
//!   target; if a fin holds it and that fin's chain removes it too, for
//!   every fin, the target loses the digit either way. Targets every fin
//!   sees are the plain finned fish's and not reported here.
//! * Type 2: if no fin holds the digit, every cover house takes it from one
//!   of its base candidates (N placements in the base, one per cover house).
//!   So for one cover house, one of its base candidates or one of the fins
//!   holds the digit; a candidate of any digit that a chain from each of
//!   them removes goes. Cover cells of the fish's own digit are type 1's and
//!   left to it.
//!
//! Each step removes one candidate and carries, per starting cell, the
//! branch of implications that proves it. Type 1 steps come first (smaller
//! fish first, then by digit), then type 2 (shortest proofs first). Points:
//! 16.

use super::complex_fish::{FishKind, Limits, search};
use super::finned_fish::common_peers;
use crate::Candidates;
use crate::chaining::Implications;
use crate::implication::Branch;
use crate::step::{Detail, Step};
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};
use std::cell::RefCell;
use std::rc::Rc;
use sudoku_core::{Cell, CellSet, Digit, DigitSet, House, HouseSet, Variant};

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
/// that not every fin sees (type 1's targets; may be empty).
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
type KeptShapes = [Option<(Variant, CellSet, Rc<Vec<Shape>>)>; 9];

thread_local! {
    /// The fish shapes depend only on the variant and the digit's
    /// candidates: a walk's next position searches only the digits it
    /// changed; the chains, which depend on everything, are followed anew.
    static SHAPES: RefCell<KeptShapes> = RefCell::new(Default::default());
}

/// Every finned fish (basic or Franken, 2–4 houses, at most two fins) on
/// `digit`, smaller fish first.
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
            if !f.fins.is_empty() {
                out.push(Shape {
                    size,
                    base: f.base,
                    cover: f.cover,
                    pattern: f.pattern,
                    fins: f.fins,
                    targets: f.gone - common_peers(variant, f.fins),
                });
            }
            false
        });
    }
    out
}

/// The implications of one start and, per digit, the cells they clear.
type Followed = (Implications, [CellSet; 9]);

/// A type 2 candidate's best proof so far: its length, the fish, its digit
/// and the cover house.
type Best<'a> = (usize, &'a Shape, Digit, House);

/// The static implications of "a cell holds a digit", per starting
/// candidate followed once per position, with what they clear per digit.
struct Reach<'a> {
    pos: &'a Candidates,
    /// Per candidate (cell × 9 + digit), once followed.
    kept: Vec<Option<Option<Followed>>>,
}

impl Reach<'_> {
    /// The implications of "`cell` holds `digit`" and what they clear.
    fn of(&mut self, cell: Cell, digit: Digit) -> Option<&mut Followed> {
        let pos = self.pos;
        self.kept
            .get_mut(cell.index() * 9 + digit.index())?
            .get_or_insert_with(|| {
                Implications::of(pos, (cell, digit)).map(|i| {
                    let offs = i.offs();
                    (i, offs)
                })
            })
            .as_mut()
    }

    /// Per digit, the cells of `within` that every start of `starts`
    /// (holding `digit`) clears; the starts' implications are followed only
    /// while something is left.
    fn common(&mut self, starts: CellSet, digit: Digit, within: [CellSet; 9]) -> [CellSet; 9] {
        let mut all = within;
        for start in starts.iter() {
            if all.iter().all(|a| a.is_empty()) {
                break;
            }
            let offs = self.of(start, digit).map_or([CellSet::EMPTY; 9], |r| r.1);
            for (a, o) in all.iter_mut().zip(offs) {
                *a &= o;
            }
        }
        all
    }

    /// How many implications the proof from `starts` (holding `digit`) to
    /// "`target` does not hold `removed`" takes; `None` when a start does
    /// not reach it.
    fn proof_length(
        &mut self,
        starts: CellSet,
        digit: Digit,
        target: (Cell, Digit),
    ) -> Option<usize> {
        let mut sum = 0;
        for start in starts.iter() {
            sum += self.of(start, digit)?.0.branch_length(target)?;
        }
        Some(sum)
    }

    /// One Kraken step: the fish `f`, `removed` going from `target`, proved
    /// by a chain from each cell of `starts` holding the fish's digit.
    fn step(
        &mut self,
        (f, digit): (&Shape, Digit),
        (target, removed): (Cell, Digit),
        (starts, cover_house): (CellSet, Option<House>),
    ) -> Option<Step> {
        let mut chains: Vec<Branch> = Vec::with_capacity(starts.len());
        for start in starts.iter() {
            chains.push(self.of(start, digit)?.0.branch_to((target, removed))?);
        }
        let t = Technique::KrakenFish;
        let mut step = Step::new(t, t.info().points);
        step.eliminate_all(removed, CellSet::single(target));
        step.cells = f.pattern;
        step.houses = f.base.iter().chain(f.cover.iter()).collect();
        step.digits = DigitSet::single(digit) | DigitSet::single(removed);
        step.detail = Detail::KrakenFish(KrakenFish {
            digit,
            base: f.base,
            cover: f.cover,
            fins: f.fins,
            target,
            removed,
            cover_house,
            chains,
        });
        Some(step)
    }
}

/// Every Kraken fish in `pos`: type 1, then type 2, each smaller fish first,
/// then by digit; one step per eliminated candidate.
fn search_all(pos: &Candidates) -> Vec<Step> {
    let variant = pos.variant();
    // Per digit its fish shapes, kept or searched anew.
    let by_digit: Vec<Rc<Vec<Shape>>> = SHAPES.with(|kept| {
        let mut kept = kept.borrow_mut();
        Digit::ALL
            .into_iter()
            .map(|d| {
                let cells = pos.cells_with(d);
                let slot = &mut kept[d.index()];
                if !matches!(slot, Some((v, c, _)) if *v == variant && *c == cells) {
                    *slot = Some((variant, cells, Rc::new(shapes(pos, d))));
                }
                slot.as_ref().map(|s| s.2.clone()).unwrap_or_default()
            })
            .collect()
    });
    let mut steps = Vec::new();
    // Per digit, the cells a step already removes it from.
    let mut done = [CellSet::EMPTY; 9];
    let mut reach = Reach {
        pos,
        kept: (0..81 * 9).map(|_| None).collect(),
    };
    // Type 1: the fins clear a cover candidate of the fish's digit.
    for size in 2..=4 {
        for digit in Digit::ALL {
            for f in by_digit[digit.index()].iter().filter(|f| f.size == size) {
                let mut within = [CellSet::EMPTY; 9];
                within[digit.index()] = f.targets;
                let gone = reach.common(f.fins, digit, within)[digit.index()];
                for target in gone.iter() {
                    if done[digit.index()].contains(target) {
                        continue;
                    }
                    let Some(step) = reach.step((f, digit), (target, digit), (f.fins, None)) else {
                        continue; // cannot happen: `gone` is what every fin reaches
                    };
                    done[digit.index()].insert(target);
                    steps.push(step);
                }
            }
        }
    }
    // Type 2: one cover house's base candidates and the fins clear any
    // candidate (cover cells of the fish's digit left to type 1); per
    // candidate the shortest proof, the shortest proofs first.
    let candidates: [CellSet; 9] = std::array::from_fn(|d| {
        Digit::ALL
            .get(d)
            .map_or(CellSet::EMPTY, |&digit| pos.cells_with(digit))
    });
    // Per candidate: the proof's length, the fish, the cover house.
    let mut type_2: Vec<Option<Best>> = vec![None; 81 * 9];
    for size in 2..=4 {
        for digit in Digit::ALL {
            for f in by_digit[digit.index()].iter().filter(|f| f.size == size) {
                let cover_cells = f
                    .cover
                    .iter()
                    .fold(CellSet::EMPTY, |a, h| a | Variant::house_cells(h));
                // What the fins clear (the fish's digit outside the cover):
                // each cover house's starts can only narrow it.
                let mut within = candidates;
                within[digit.index()] = within[digit.index()] - cover_cells;
                let by_fins = reach.common(f.fins, digit, within);
                if by_fins.iter().all(|a| a.is_empty()) {
                    continue;
                }
                for house in f.cover.iter() {
                    let body = f.pattern & Variant::house_cells(house);
                    let starts = body | f.fins;
                    let common = reach.common(body, digit, by_fins);
                    for removed in Digit::ALL {
                        let gone = common[removed.index()];
                        for target in gone.iter() {
                            if done[removed.index()].contains(target) {
                                continue;
                            }
                            let Some(len) = reach.proof_length(starts, digit, (target, removed))
                            else {
                                continue; // cannot happen: `gone` is what every start reaches
                            };
                            if let Some(slot) = type_2.get_mut(target.index() * 9 + removed.index())
                                && slot.is_none_or(|kept| kept.0 > len)
                            {
                                *slot = Some((len, f, digit, house));
                            }
                        }
                    }
                }
            }
        }
    }
    let mut type_2: Vec<((Cell, Digit), Best)> = type_2
        .into_iter()
        .zip(Cell::all().flat_map(|c| Digit::ALL.map(|d| (c, d))))
        .filter_map(|(kept, at)| kept.map(|k| (at, k)))
        .collect();
    type_2.sort_by_key(|(at, kept)| (kept.0, *at));
    for ((target, removed), (_, f, digit, house)) in type_2 {
        let starts = (f.pattern & Variant::house_cells(house)) | f.fins;
        steps.extend(reach.step((f, digit), (target, removed), (starts, Some(house))));
    }
    steps
}

/// A Kraken fish: a finned fish (`base`, `cover`, `fins` as in
/// [`Detail::FinnedFish`]) whose conclusion the fins' chains carry.
///
/// Type 1 (`cover_house` is `None`): `target` is a cover cell outside the
/// base that not every fin sees, `removed` the fish's digit. Without a
/// fin holding the digit the fish removes it from `target`; with one,
/// that fin's chain does.
///
/// Type 2 (`cover_house` is one of the cover houses): without a fin
/// holding the digit, that house takes it from one of its base
/// candidates; so one of those candidates or of the fins holds it, and a
/// chain from each removes `removed` (any digit) from `target`.
#[derive(Clone, Debug, PartialEq)]
pub struct KrakenFish {
    /// The fish's digit.
    pub digit: Digit,
    /// The base houses.
    pub base: HouseSet,
    /// The cover houses.
    pub cover: HouseSet,
    /// The base candidates outside the cover.
    pub fins: CellSet,
    /// The cell losing a candidate.
    pub target: Cell,
    /// The digit `target` loses.
    pub removed: Digit,
    /// Type 2: the cover house whose base candidates start chains too.
    pub cover_house: Option<House>,
    /// Per starting cell, in cell order (the fins for type 1; the cover
    /// house's base candidates and the fins for type 2): the
    /// implications from "the cell holds `digit`" to "`target` does not
    /// hold `removed`" (the branch's conclusion).
    pub chains: Vec<crate::implication::Branch>,
}

impl crate::Moved for KrakenFish {
    fn moved(&self, t: &sudoku_core::Transform) -> KrakenFish {
        // The chains follow their starting cells in cell order, which the
        // move may change: sort them again.
        let mut chains = self.chains.moved(t);
        chains.sort_by_key(|b| b.nodes.first().map(|n| n.literal.cell));
        KrakenFish {
            digit: self.digit.moved(t),
            base: self.base.moved(t),
            cover: self.cover.moved(t),
            fins: self.fins.moved(t),
            target: self.target.moved(t),
            removed: self.removed.moved(t),
            cover_house: self.cover_house.moved(t),
            chains,
        }
    }
}

/// Catalogue entry: Kraken fish (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const KRAKEN_FISH: TechniqueInfo = TechniqueInfo {
    technique: Technique::KrakenFish, name: "kraken-fish", names: Names { en: "Kraken fish", de: "Kraken-Fisch" },
    family: Family::Fish, phase: Phase::OnCandidates, points: 16.0, se: None, finder: find, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Extreme, score: 150 },
};

pub(crate) mod told {
    //! This technique's steps told in English and German and drawn, both
    //! from the step struct (see [`crate::describe`]).
    //!
    //! Fish on one digit (the diagonal solver's Einzelzahl-Gitter): basic X-Wing
    //! to Leviathan, fish with fins (Flossen): finned and sashimi, Franken and
    //! mutant fish (base and cover mixing lines with other houses), and Kraken
    //! fish (fins answered by chains).

    use crate::describe::drawing::Drawing;
    use crate::describe::words::{cells, in_house, lines, or_list, removal, the_house};
    use crate::describe::{Describe, Telling};
    use crate::techniques::basic_fish::told::{de_list, one_kind};
    use crate::techniques::finned_fish::told::draw_finned;
    use crate::{KrakenFish, Step};
    use sudoku_core::Lang;
    use sudoku_core::{House, Variant};

    /// Explains a Kraken fish: the fish with its fins, then per starting cell
    /// (the fins for type 1; the cover house's base candidates and the fins for
    /// type 2) the chain that removes `removed` from `target`.
    pub(crate) fn kraken(step: &Step, name: &str, k: &KrakenFish, lang: Lang) -> Option<String> {
        let &KrakenFish {
            digit,
            base,
            cover,
            fins,
            target,
            removed,
            cover_house,
            ref chains,
        } = k;
        let base: Vec<House> = base.iter().collect();
        let cover: Vec<House> = cover.iter().collect();
        let gone = removal(&step.eliminations, lang);
        let body = cells(step.cells - fins);
        let fin_list = cells(fins);
        let several = fins.len() > 1;
        let mut proofs = Vec::with_capacity(chains.len());
        for b in chains {
            proofs.push(crate::implication::told::branch(b, false, lang)?);
        }
        // One sentence per starting cell.
        let proofs = proofs.join(". ");
        // Type 2: where the cover house takes the digit, and every start.
        let type_2 = cover_house.map(|h| {
            let places: Vec<String> = ((step.cells - fins) & Variant::house_cells(h))
                .iter()
                .map(|c| c.to_string())
                .collect();
            let starts = cells((step.cells & Variant::house_cells(h)) | fins);
            (h, or_list(&places, lang), starts)
        });
        Some(match lang {
            Lang::En => {
                let (base, cover) = (lines(&base, lang), lines(&cover, lang));
                let (fin_word, a_fin) = if several {
                    ("fins", "one of the fins")
                } else {
                    ("fin", "the fin")
                };
                let fish = format!(
                    "{name}: in {base} the {digit}s lie only in {cover} ({body}), except for the {fin_word} {fin_list}."
                );
                match type_2 {
                    None => format!(
                        "{fish} If no fin holds {digit}, {cover} get their {digit}s from these cells and {target} loses {digit}. If {a_fin} holds it, a chain removes {digit} from {target} as well: {proofs}. Either way, {gone}."
                    ),
                    Some((h, places, starts)) => {
                        let h = the_house(h, lang);
                        format!(
                            "{fish} If no fin holds {digit}, the {digit} of {h} is in {places}. So one of {starts} holds {digit}, and from each of them a chain removes {removed} from {target}: {proofs}. Either way, {gone}."
                        )
                    }
                }
            }
            Lang::De => {
                let de_base = if one_kind(&base) { "den " } else { "" };
                let (de_cover, de_cover_nom) = if one_kind(&cover) {
                    ("den ", "die ")
                } else {
                    ("", "")
                };
                let (base, cover, cover_nom) = (
                    de_list(&base, true),
                    de_list(&cover, true),
                    de_list(&cover, false),
                );
                let (fin_word, a_fin) = if several {
                    ("die Flossen", "einer der Flossen")
                } else {
                    ("die Flosse", "der Flosse")
                };
                let fish = format!(
                    "{name}: In {de_base}{base} liegen die Kandidaten {digit} nur in {de_cover}{cover} ({body}), bis auf {fin_word} {fin_list}."
                );
                match type_2 {
                    None => format!(
                        "{fish} Steht die {digit} in keiner Flosse, bekommen {de_cover_nom}{cover_nom} ihre {digit} aus diesen Zellen, und {target} verliert die {digit}. Steht sie in {a_fin}, entfernt eine Kette die {digit} ebenfalls aus {target}: {proofs}. In jedem Fall {gone}."
                    ),
                    Some((h, places, starts)) => {
                        let h = in_house(h, lang);
                        format!(
                            "{fish} Steht die {digit} in keiner Flosse, steht sie {h} in {places}. Also enthält eine der Zellen {starts} die {digit}, und von jeder aus entfernt eine Kette die {removed} aus {target}: {proofs}. In jedem Fall {gone}."
                        )
                    }
                }
            }
        })
    }

    impl Describe for super::KrakenFish {
        fn text(&self, step: &Step, at: &Telling<'_>) -> Option<String> {
            kraken(step, at.name, self, at.lang)
        }

        /// As a finned fish, with the chains from its fins.
        fn draw(&self, step: &Step, out: &mut Drawing) {
            draw_finned(step, (self.digit, self.base, self.cover), self.fins, out);
            out.branches(&self.chains);
        }
    }
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
        let Detail::KrakenFish(KrakenFish { chains, .. }) = &step.detail else {
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
        let Detail::KrakenFish(KrakenFish { chains, .. }) = &first.detail else {
            unreachable!()
        };
        assert_eq!(
            chains[1].nodes[6].cause,
            crate::implication::Cause::NakedSingle
        );
        assert_eq!(first.points, 16.0);
        // No fin sees every target: the plain finned fish have nothing here.
        let Detail::KrakenFish(KrakenFish { fins, target, .. }) = first.detail else {
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
            let Detail::KrakenFish(KrakenFish {
                fins,
                target,
                chains,
                ..
            }) = &moved.detail
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

    /// The type 2 steps of [`find`].
    fn find_type_2(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
        let mut all = Vec::new();
        find(pos, &mut all, FindMode::All);
        let mut type_2 = all.into_iter().filter(|s| {
            matches!(
                s.detail,
                Detail::KrakenFish(KrakenFish {
                    cover_house: Some(_),
                    ..
                })
            )
        });
        match mode {
            FindMode::First => out.extend(type_2.next()),
            _ => out.extend(type_2),
        }
    }

    /// A top1465 puzzle whose first position holds Kraken fish of type 2.
    const P2: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1927..5.3....4.9.7.4....";

    #[test]
    fn kraken_type_2_a_cover_house_and_the_fin_remove_another_digit() {
        let (_, steps) = sound_hits(find_type_2, P2, "");
        assert!(steps.len() > 10, "{}", steps.len());
        let first = &steps[0];
        // Columns 2 and 3 hold their 5s in row 5 and box 1, but for the fin
        // r6c3: row 5 takes its 5 in r5c3 unless the fin does.
        assert_eq!(
            summary(first),
            "column 2, column 3, row 5, box 1 | r6c3 | r5c3-1"
        );
        let Detail::KrakenFish(KrakenFish {
            digit,
            removed,
            cover_house,
            ..
        }) = first.detail
        else {
            unreachable!()
        };
        assert_eq!((digit.get(), removed.get()), (5, 1));
        assert_eq!(cover_house, Some(House::row(4)));
        assert_eq!(
            ends(first),
            ["r5c3=5 … r5c3<>1 (2 nodes)", "r6c3=5 … r5c3<>1 (4 nodes)"]
        );
        // Shortest proofs first.
        let lengths: Vec<usize> = steps
            .iter()
            .map(|s| match &s.detail {
                Detail::KrakenFish(KrakenFish { chains, .. }) => {
                    chains.iter().map(|b| b.nodes.len()).sum()
                }
                _ => 0,
            })
            .collect();
        assert!(lengths.windows(2).all(|w| w[0] <= w[1]), "{lengths:?}");
        // One step per candidate.
        let mut gone: Vec<String> = steps.iter().map(eliminations).collect();
        gone.sort();
        gone.dedup();
        assert_eq!(gone.len(), steps.len());
    }

    #[test]
    fn no_kraken_type_2_when_a_start_reaches_nothing() {
        // The fin's chain needs r5c3 to be box 4's last place for 9 once
        // r6c3 holds 5. Without the 9 in r5c3 the fish on 5 is unchanged,
        // but the chain from its fin no longer reaches r5c3's 1, so this
        // fish proves nothing there (another one, with other chains, does).
        let broken = position_with(P2, Variant::Standard, "r5c3-9");
        assert!(
            run(find_type_2, &broken)
                .iter()
                .all(|s| summary(s) != "column 2, column 3, row 5, box 1 | r6c3 | r5c3-1")
        );
        // Without fins there is no Kraken fish: a solved grid has none.
        let solved =
            sudoku_solve::solve(&P2.parse().expect("grid"), Variant::Standard).expect("unique");
        assert!(run(find, &position(&solved.to_string(), Variant::Standard)).is_empty());
    }

    #[test]
    fn a_moved_kraken_type_2_keeps_each_chain_with_its_start() {
        let pos = position(P2, Variant::Standard);
        let first = run(find_type_2, &pos).remove(0);
        for seed in 0..8 {
            let t = sudoku_core::Transform::random(Variant::Standard, seed);
            let moved = first.transformed(&t);
            let Detail::KrakenFish(KrakenFish {
                digit,
                fins,
                target,
                removed,
                cover_house: Some(house),
                chains,
                ..
            }) = &moved.detail
            else {
                panic!("{:?}", moved.detail);
            };
            let starts = (moved.cells & Variant::house_cells(*house)) | *fins;
            assert_eq!(chains.len(), starts.len());
            for (start, chain) in starts.iter().zip(chains) {
                assert_eq!(chain.nodes[0].literal.cell, start);
                assert_eq!(chain.nodes[0].literal.digit, *digit);
                let end = chain.nodes[chain.conclusion[0]].literal;
                assert_eq!((end.cell, end.digit), (*target, *removed));
            }
        }
    }

    /// Prints the first position where type 2 fires on the sweep's paths.
    #[test]
    #[ignore]
    fn print_type_2_positions() {
        sweep(&[("kraken-2", find_type_2)], (200, 10), 10, true);
    }
}
