//! The technique registry: one static [`TABLE`] in difficulty order.
//!
//! Each row names a technique (stable kebab-case name), its family, when it may run
//! (before or after candidates are written), its base points on the diagonal
//! solver's scale, its Sudoku Explainer and HoDoKu values where they are known for
//! sure, and its finder. The solver walks the table from the top and stops at the
//! first row that finds something, so the order *is* the search policy. Adding a
//! technique means one file under `techniques/`, one enum variant and one row here.

use crate::candidates::Candidates;
use crate::step::Step;
use crate::techniques::{aligned_exclusion, bivalue_grave, unique_loop};
use crate::techniques::{als_chain, als_xy_wing, als_xz, death_blossom, sue_de_coq};
use crate::techniques::{
    basic_fish, coloring, contradiction_chain, direct_locked, direct_pair, empty_rectangle,
    finned_fish, full_house, hidden_single, hidden_subset, locked_candidates, naked_single,
    naked_subset, nice_loop, pincer, trial_and_error, turbot_fish, w_wing, write_candidates,
    wxyz_wing, x_chain, xy_chain, xy_wing, xyz_wing,
};
use crate::techniques::{
    bidirectional_cycle, cell_forcing_chain, contradiction_forcing_chain, double_implication_chain,
    dynamic_forcing_chain, forcing_chain, forcing_net, nested_forcing_chain, nishio_forcing_chain,
    region_forcing_chain,
};
use crate::techniques::{
    bug, quasi_loop, quasi_rectangle, remote_pair, strong_link_loop, unique_rectangle,
};
use crate::techniques::{franken_fish, kraken_fish, mutant_fish};
use crate::techniques::{locked_subset, medusa, templates};
use std::fmt;
use std::str::FromStr;

/// A solving technique. The declaration order is the table order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Technique {
    /// The last empty cell of a house.
    FullHouse,
    /// A digit with one place left in a house.
    HiddenSingle,
    /// A cell with one candidate left.
    NakedSingle,
    /// Before candidates: a single left by digits locked from a box into a line
    /// (the seed's C1–C3, C5/C6, C0).
    DirectPointing,
    /// Before candidates: a single left by digits locked from a line (or other
    /// house) into a box, the seed's C7 among them.
    DirectClaiming,
    /// Before candidates: a single left by obvious pairs (the seed's D0–D3,
    /// D5/D6, D7).
    DirectHiddenPair,
    /// Before candidates: the seed's D8, an obvious pair in three corners of a
    /// rectangle.
    DirectUniqueRectangle,
    /// Writing all candidates (pencil marks) into the empty cells.
    WriteCandidates,
    /// Locked candidates from a box into a line (or diagonal / colour group).
    Pointing,
    /// Locked candidates from a line (or diagonal / colour group) into a box.
    Claiming,
    /// Locked candidates between two houses neither of which is a box.
    LockedCandidates,
    /// The seed's diagonal test: a digit in a line only on the two diagonals
    /// is not in the centre.
    DiagonalCenterTest,
    /// The seed's diagonal pincer type 1: a cell on a diagonal sees both
    /// places of a digit in a line, one through the diagonal.
    DiagonalPincer1,
    /// The seed's diagonal pincer type 2: the centre sees the three places of
    /// a digit in a line (both diagonals and its own column or row).
    DiagonalPincer2,
    /// The seed's diagonal test: a cell seeing every place of a digit in a
    /// diagonal (usually two) loses it.
    DiagonalPairTest,
    /// A naked pair in the intersection of two houses, clearing both (HoDoKu's
    /// locked pair).
    LockedPair,
    /// Two cells with the same two candidates.
    NakedPair,
    /// Basic fish of size 2.
    XWing,
    /// Two digits confined to two cells.
    HiddenPair,
    /// A naked triple in the intersection of two houses, clearing both
    /// (HoDoKu's locked triple).
    LockedTriple,
    /// Three cells with three candidates together.
    NakedTriple,
    /// Basic fish of size 3.
    Swordfish,
    /// Three digits confined to three cells.
    HiddenTriple,
    /// A bivalue hinge with two bivalue wings (golden chain of length 3).
    XyWing,
    /// Two equal bivalue cells joined by a strong link on one of their digits.
    WWing,
    /// A trivalue hinge with two bivalue wings.
    XyzWing,
    /// Four cells with four digits, all but one restricted (standard and extended).
    WxyzWing,
    /// Four cells with four candidates together.
    NakedQuad,
    /// Basic fish of size 4.
    Jellyfish,
    /// Four digits confined to four cells.
    HiddenQuad,
    /// A chain of bivalue cells holding the same pair.
    RemotePair,
    /// A chain or closed loop of bivalue cells (golden chain), length 4 to 14.
    XyChain,
    /// Four-cell single-digit chain with two parallel strong links (rows or columns).
    Skyscraper,
    /// Four-cell single-digit chain: a row and a column strong link joined in a box.
    TwoStringKite,
    /// Two 2-string kites through the same two cells of a box (HoDoKu's dual
    /// 2-string kite), both eliminations in one step.
    DualTwoStringKite,
    /// Any other four-cell single-digit chain (strong, weak, strong).
    TurbotFish,
    /// A box's candidates on one row and column, against a strong link outside.
    EmptyRectangle,
    /// Two empty rectangles in the same box on the same digit (HoDoKu's dual
    /// empty rectangle), both eliminations in one step.
    DualEmptyRectangle,
    /// X-Wing with fins (HoDoKu's Finned X-Wing).
    FinnedXWing,
    /// X-Wing with fins whose body is degenerate (Sashimi X-Wing).
    SashimiXWing,
    /// Colouring one cluster of strong links: colour wrap and colour trap.
    SimpleColors,
    /// Colouring two clusters of strong links against each other.
    MultiColors,
    /// Swordfish with fins.
    FinnedSwordfish,
    /// Swordfish with fins whose body is degenerate.
    SashimiSwordfish,
    /// Jellyfish with fins.
    FinnedJellyfish,
    /// Jellyfish with fins whose body is degenerate.
    SashimiJellyfish,
    /// A closed single-digit chain (continuous loop), 6 to 12 cells.
    XLoop,
    /// An open single-digit chain, 6 to 12 cells.
    XChain,
    /// 3D Medusa: colouring over all digits through bivalue cells and
    /// conjugate pairs (SudokuWiki's six rules).
    ThreeDMedusa,
    /// The seed's single-digit contradiction chain (types 1 and 2), 3 to 11 cells.
    DigitContradictionChain,
    /// Uniqueness test 1: three corners of a rectangle hold only the same pair.
    UniqueRectangle1,
    /// Uniqueness test 2: the roof of a rectangle shares one extra digit.
    UniqueRectangle2,
    /// Uniqueness test 5 (the seed's 5A/5B): diagonal or three roof cells share
    /// one extra digit.
    UniqueRectangle5,
    /// Uniqueness test 3 (the seed's 3A–3F): the roof's extras form a naked
    /// subset in a house.
    UniqueRectangle3,
    /// Uniqueness test 4 (the seed's 4B): a strong link on one pair digit
    /// joins the roof.
    UniqueRectangle4,
    /// The seed's type 4A: a pair digit is confined to a floor and a roof cell
    /// of a line; the other pair digit goes from the other roof cell.
    UniqueRectangle4A,
    /// Uniqueness test 6: a pair digit is confined to the rectangle in its rows
    /// and columns.
    UniqueRectangle6,
    /// The seed's type 7C: a pair digit is confined to the rectangle in the row
    /// and column of a diagonal floor cell, which takes it.
    UniqueRectangle7C,
    /// The seed's type 4C: diagonal floor; a pair digit confined to a floor and
    /// a roof cell of a line goes from the other roof cell.
    UniqueRectangle4C,
    /// The seed's type 7B: one bivalue corner; a pair digit is confined to the
    /// rectangle in both rows (or both columns); the other goes from the
    /// opposite corner.
    UniqueRectangle7B,
    /// A rectangle with one bivalue corner and strong links at the opposite one
    /// (the seed's type 7A).
    HiddenRectangle,
    /// The seed's type 8A: one bivalue corner; each pair digit is confined to
    /// the rectangle in one of its rows (or columns).
    UniqueRectangle8A,
    /// The seed's type 8B: one bivalue corner; one pair digit confined in its
    /// row (column), the other in the crossing column (row).
    UniqueRectangle8B,
    /// The seed's type 8C: one bivalue corner; both pair digits confined in
    /// the lines through the opposite corner, whose extras go.
    UniqueRectangle8C,
    /// Three solved corners: the fourth avoids completing the pattern.
    AvoidableRectangle1,
    /// Two solved corners, the empty ones share one extra digit.
    AvoidableRectangle2,
    /// The seed's quasi rectangle: a rectangle test of any type with pair
    /// candidates given back along the diagonals.
    QuasiRectangle,
    /// A closed loop of cells holding one pair, two per house it touches
    /// (Sudoku Explainer's unique loops and rectangles, its types 1–4).
    UniqueLoop,
    /// The seed's quasi six-cell loop: a unique-loop test with pair
    /// candidates given back by parity class.
    QuasiUniqueLoop,
    /// The seed's rectangle types 4A–8C on loops of 6, 8 and 10 cells: a
    /// candidate that would settle every loop cell on the pair, through one
    /// or two strong links, goes.
    UniqueLoopStrongLinks,
    /// All empty cells bivalue but one: its third digit is placed (BUG+1).
    BugPlusOne,
    /// A bivalue universal grave with extra candidates (Sudoku Explainer's
    /// BUG types 1–4).
    BivalueGrave,
    /// A nice loop or alternating inference chain over candidates (bivalue
    /// cells and conjugate pairs mixed), up to 10 links.
    NiceLoop,
    /// A nice loop or AIC using group nodes (a digit's candidates in a
    /// line∩box intersection), up to 10 links.
    GroupedNiceLoop,
    /// Five cells with five candidates together.
    NakedQuint,
    /// Five digits confined to five cells.
    HiddenQuint,
    /// Six cells with six candidates together.
    NakedSextuple,
    /// Six digits confined to six cells.
    HiddenSextuple,
    /// Seven cells with seven candidates together.
    NakedSeptuple,
    /// Seven digits confined to seven cells.
    HiddenSeptuple,
    /// Two or three cells of an intersection with two more digits than cells,
    /// completed by cells of both houses into a locked pattern.
    SueDeCoq,
    /// Two almost locked sets linked by a restricted common candidate.
    AlsXz,
    /// Two almost locked sets each linked to a pivot set by different RCCs.
    AlsXyWing,
    /// A chain of four to six almost locked sets linked by RCCs.
    AlsXyChain,
    /// A stem cell with one almost locked set (petal) per candidate.
    DeathBlossom,
    /// Template set: every placement of a digit consistent with the
    /// candidates (one per house) uses the cell.
    TemplateSet,
    /// Template delete: no placement of a digit consistent with the
    /// candidates uses the candidate.
    TemplateDelete,
    /// Two cells whose candidate combinations are excluded by bivalue cells
    /// seeing both (Sudoku Explainer's aligned pair exclusion).
    AlignedPairExclusion,
    /// Three cells whose candidate combinations are excluded by cells with two
    /// or three candidates seeing all three (aligned triplet exclusion).
    AlignedTripletExclusion,
    /// Sudoku Explainer's bidirectional cycle (X-, Y- or XY-cycle): a loop of
    /// alternating implications from a candidate back to itself.
    BidirectionalCycle,
    /// Sudoku Explainer's forcing X- or XY-chain: a candidate implies its own
    /// negation (or its negation implies it) along one static chain.
    ForcingChain,
    /// Nishio: assuming a candidate leads, over single-digit links and with
    /// removed candidates staying removed, to a contradiction.
    NishioForcingChain,
    /// Every candidate of one cell implies the same placement or elimination
    /// (the seed's setting and reducing alternative chains), static chains.
    CellForcingChain,
    /// Every place of a digit in one house implies the same placement or
    /// elimination, static chains.
    RegionForcingChain,
    /// One assumption implies a candidate both on and off (dynamic chains;
    /// the seed's Bowman's Bingo): the assumption is false.
    ContradictionForcingChain,
    /// A candidate on and the same candidate off imply the same thing
    /// (verity), dynamic chains.
    DoubleImplicationChain,
    /// Cell or region forcing chains over dynamic implications (a net).
    DynamicForcingChain,
    /// Dynamic forcing chains that also use locked candidates, pairs and
    /// X-wings on the way (SE's "Dynamic Forcing Chains (+)").
    ForcingNet,
    /// Dynamic forcing chains that use whole forcing chains on the way (SE's
    /// nested forcing chains, levels 2 and up).
    NestedForcingChain,
    /// Franken fish of size 2: base and cover mix lines with boxes (or other non-line houses).
    FrankenXWing,
    /// Franken X-Wing with fins.
    FinnedFrankenXWing,
    /// Mutant fish of size 2: base and cover mix rows, columns and other houses freely.
    MutantXWing,
    /// Franken fish of size 3.
    FrankenSwordfish,
    /// Mutant X-Wing with fins.
    FinnedMutantXWing,
    /// Franken Swordfish with fins.
    FinnedFrankenSwordfish,
    /// Mutant fish of size 3.
    MutantSwordfish,
    /// Franken fish of size 4.
    FrankenJellyfish,
    /// Mutant Swordfish with fins.
    FinnedMutantSwordfish,
    /// Basic fish of size 5.
    Squirmbag,
    /// Franken Jellyfish with fins.
    FinnedFrankenJellyfish,
    /// Mutant fish of size 4.
    MutantJellyfish,
    /// Squirmbag with fins.
    FinnedSquirmbag,
    /// A finned fish (basic or Franken, size 2–4) whose conclusion chains
    /// from the fins carry: a cover cell not every fin sees loses the digit
    /// (type 1), or one cover house's base candidates and the fins each
    /// remove the same candidate of any digit (type 2).
    KrakenFish,
    /// Mutant Jellyfish with fins.
    FinnedMutantJellyfish,
    /// Squirmbag with fins whose body is degenerate.
    SashimiSquirmbag,
    /// Basic fish of size 6.
    Whale,
    /// Whale with fins.
    FinnedWhale,
    /// Whale with fins whose body is degenerate.
    SashimiWhale,
    /// Basic fish of size 7.
    Leviathan,
    /// Leviathan with fins.
    FinnedLeviathan,
    /// Leviathan with fins whose body is degenerate.
    SashimiLeviathan,
    /// The counted last resort: a candidate whose assumption breaks the position.
    TrialAndError,
}

/// The family a technique belongs to (for grouping in reports and the ML features).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// Placing a digit by a single (direct or on candidates).
    Single,
    /// Direct methods before candidates are written, beyond plain singles (the
    /// seed's C and D).
    Direct,
    /// Bookkeeping: writing candidates.
    Bookkeeping,
    /// Locked candidates (intersections of two houses).
    Intersection,
    /// Naked and hidden subsets.
    Subset,
    /// Fish: basic, finned and sashimi (2–7 lines), Franken, mutant and
    /// Kraken fish.
    Fish,
    /// Wings: XY-, XYZ-, WXYZ- and W-wing.
    Wing,
    /// Chains of bivalue cells (XY-chains and loops, remote pairs).
    XyChain,
    /// Single-digit patterns and chains (turbot fish family, empty rectangle,
    /// X-chains and loops, contradiction chains).
    SingleDigit,
    /// Colouring of strong-link clusters (simple and multi colours).
    Coloring,
    /// Trial and error (not purely logical).
    Trial,
    /// Chains mixing digits and cells: nice loops and alternating inference
    /// chains, plain and grouped.
    Chain,
    /// Techniques that assume the puzzle has one solution (unique and avoidable
    /// rectangles, BUG+1).
    Uniqueness,
    /// Forcing chains and nets: several implication chains from an assumption
    /// (cell, region, contradiction, verity; static, dynamic, nested).
    Forcing,
    /// Almost locked sets: ALS-XZ, ALS-XY-wing, ALS-XY-chain, death blossom,
    /// Sue de Coq.
    Als,
}

/// When a technique may run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Both before and after candidates are written.
    Any,
    /// Only before candidates are written (direct methods, writing candidates).
    Direct,
    /// Only on written candidates.
    OnCandidates,
}

impl Phase {
    /// Whether a technique of this phase may run on a position whose candidates are
    /// `written` or not.
    pub fn allows(self, written: bool) -> bool {
        match self {
            Phase::Any => true,
            Phase::Direct => !written,
            Phase::OnCandidates => written,
        }
    }
}

/// Whether a finder should report every hit or may stop at the first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FindMode {
    /// Report every hit in the position.
    All,
    /// Stop after the first hit (cheaper, for "is there anything" questions).
    First,
    /// Report every hit, and the chain finders (X-chains, XY-chains, nice
    /// loops and AICs) report chains of every length up to their limit instead
    /// of only the shortest. HoDoKu's walk needs this: HoDoKu collects every
    /// chain and takes the one that deletes the most candidates.
    AllLengths,
}

/// A finder: appends the technique's hits in `pos` to `out`. Every reported step
/// changes the position (places a digit or removes at least one live candidate).
pub type Finder = fn(&Candidates, &mut Vec<Step>, FindMode);

/// One row of the technique table.
#[derive(Clone, Copy)]
pub struct TechniqueInfo {
    /// The technique.
    pub technique: Technique,
    /// Stable kebab-case name used in files, JSON and the CLI.
    pub name: &'static str,
    /// Its family.
    pub family: Family,
    /// When it may run.
    pub phase: Phase,
    /// Base points on the diagonal solver's scale (a step may score differently,
    /// e.g. singles by how many cells are missing; the step's `points` is final).
    pub points: f64,
    /// Sudoku Explainer difficulty, where known.
    pub se: Option<f64>,
    /// HoDoKu's default score, where known.
    pub hodoku: Option<u32>,
    finder: Finder,
}

impl TechniqueInfo {
    /// Runs the finder on `pos`, appending hits to `out`.
    pub fn find(&self, pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
        (self.finder)(pos, out, mode)
    }
}

impl fmt::Debug for TechniqueInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TechniqueInfo")
            .field("name", &self.name)
            .field("family", &self.family)
            .field("phase", &self.phase)
            .field("points", &self.points)
            .field("se", &self.se)
            .field("hodoku", &self.hodoku)
            .finish()
    }
}

#[allow(clippy::too_many_arguments)]
const fn row(
    technique: Technique,
    name: &'static str,
    family: Family,
    phase: Phase,
    points: f64,
    se: Option<f64>,
    hodoku: Option<u32>,
    finder: Finder,
) -> TechniqueInfo {
    TechniqueInfo {
        technique,
        name,
        family,
        phase,
        points,
        se,
        hodoku,
        finder,
    }
}

use Family as F;
use Phase as P;
use Technique as T;

/// Every technique in difficulty order: the solver always takes the first row that
/// finds something. Points follow the diagonal solver (SPEC §5): singles 0–2 on
/// candidates and up to 5 without (the step carries the exact value), writing
/// candidates 40 % of their number, pointing 3, claiming 4, naked N-subset 3N−4,
/// hidden M-subset 3M+2 (a subset is scored and named by its cheaper view), N×N
/// fish 3N. Locked candidates between non-box houses (diagonals, colour groups)
/// score 4 like claiming: the seed gives 4–6 for its diagonal tests. The
/// uniqueness family (rectangles, loops, BUG) comes after the single-digit
/// chains, where the seed processes it (its group 5, before the nice loops of
/// group 6): moved there from after the XYZ-wing, the Spearman ρ against the
/// seed's example points rose from 0.939 to 0.944 (standard) and from 0.887 to
/// 0.897 (diagonal). The fish
/// beyond the seed's (HoDoKu's Franken, mutant, Kraken and 5–7 fish) score
/// above the ALS family: Franken N-fish 3N+2, finned 3N+3, mutant 3N+4,
/// finned mutant 3N+5 (each kind one step harder to see than the last),
/// basic 5–7 fish 3N like the smaller ones (finned 3N+1, sashimi 3N+2), and
/// the Kraken fish 16. They stand after the forcing chains, before trial and
/// error: their search over every mix of houses made the whole rating 4×
/// slower where they came right after the ALS family (callgrind, 98 top1465
/// puzzles: 69.7 G instructions, 21.6 G here, 17.2 G without them; one
/// search per size for the fish with and without fins, and cheaper Medusa,
/// templates and locked subsets, brought it to 18.75 G).
///
/// Rows taken from HoDoKu and SudokuWiki: locked pair and triple score as the
/// naked subset of their size (2, 5) and come right before it, so a subset in
/// a line∩box clearing both houses is one step; the duals (8) follow their
/// single patterns, which find each half first, so on this table's own path
/// they only fire where a caller asks for them (hints, the trainer's
/// technique lists); 3D Medusa (10) follows the X-chains, as in SudokuWiki, where it comes after X-cycles and XY-chains (right after multi colours it was tried at most positions of a hard walk: 4 % of a whole rating); templates (12)
/// come after the ALS family and before aligned exclusion — template delete
/// takes every single-digit Nishio refutation, so Nishio chains no longer
/// appear on this table's path. The HoDoKu column holds a score only where
/// HoDoKu's default configuration runs the step (locked pair 40, triple 60).
#[rustfmt::skip]
pub static TABLE: &[TechniqueInfo] = &[
    row(T::FullHouse, "full-house", F::Single, P::Any, 0.0, Some(1.0), Some(4), full_house::find),
    row(T::HiddenSingle, "hidden-single", F::Single, P::Any, 1.0, Some(1.2), Some(14), hidden_single::find),
    row(T::NakedSingle, "naked-single", F::Single, P::Any, 1.0, Some(2.3), Some(4), naked_single::find),
    row(T::DirectPointing, "direct-pointing", F::Direct, P::Direct, 3.0, Some(1.7), None, direct_locked::find_pointing),
    row(T::DirectClaiming, "direct-claiming", F::Direct, P::Direct, 4.0, Some(1.9), None, direct_locked::find_claiming),
    row(T::DirectHiddenPair, "direct-hidden-pair", F::Direct, P::Direct, 4.0, Some(2.0), None, direct_pair::find_pair),
    row(T::DirectUniqueRectangle, "direct-unique-rectangle", F::Direct, P::Direct, 5.0, None, None, direct_pair::find_rectangle),
    row(T::WriteCandidates, "write-candidates", F::Bookkeeping, P::Direct, 0.0, None, None, write_candidates::find),
    row(T::Pointing, "pointing", F::Intersection, P::OnCandidates, 3.0, Some(2.6), Some(50), locked_candidates::find_pointing),
    row(T::Claiming, "claiming", F::Intersection, P::OnCandidates, 4.0, Some(2.8), Some(50), locked_candidates::find_claiming),
    row(T::LockedCandidates, "locked-candidates", F::Intersection, P::OnCandidates, 4.0, None, None, locked_candidates::find_other),
    row(T::DiagonalCenterTest, "diagonal-center-test", F::Intersection, P::OnCandidates, 4.0, None, None, pincer::find_center),
    row(T::DiagonalPincer1, "diagonal-pincer-one", F::Intersection, P::OnCandidates, 5.0, None, None, pincer::find_pincer_1),
    row(T::DiagonalPincer2, "diagonal-pincer-two", F::Intersection, P::OnCandidates, 5.0, None, None, pincer::find_pincer_2),
    row(T::DiagonalPairTest, "diagonal-pair-test", F::Intersection, P::OnCandidates, 6.0, None, None, pincer::find_pair),
    row(T::LockedPair, "locked-pair", F::Subset, P::OnCandidates, 2.0, None, Some(40), locked_subset::find_pair),
    row(T::NakedPair, "naked-pair", F::Subset, P::OnCandidates, 2.0, Some(3.0), Some(60), naked_subset::find_2),
    row(T::XWing, "x-wing", F::Fish, P::OnCandidates, 6.0, Some(3.2), Some(140), basic_fish::find_2),
    row(T::HiddenPair, "hidden-pair", F::Subset, P::OnCandidates, 8.0, Some(3.4), Some(70), hidden_subset::find_2),
    row(T::LockedTriple, "locked-triple", F::Subset, P::OnCandidates, 5.0, None, Some(60), locked_subset::find_triple),
    row(T::NakedTriple, "naked-triple", F::Subset, P::OnCandidates, 5.0, Some(3.6), Some(80), naked_subset::find_3),
    row(T::Swordfish, "swordfish", F::Fish, P::OnCandidates, 9.0, Some(3.8), Some(150), basic_fish::find_3),
    row(T::HiddenTriple, "hidden-triple", F::Subset, P::OnCandidates, 11.0, Some(4.0), Some(100), hidden_subset::find_3),
    row(T::XyWing, "xy-wing", F::Wing, P::OnCandidates, 6.0, Some(4.2), Some(160), xy_wing::find),
    row(T::WWing, "w-wing", F::Wing, P::OnCandidates, 7.0, Some(4.4), Some(150), w_wing::find),
    row(T::XyzWing, "xyz-wing", F::Wing, P::OnCandidates, 7.0, Some(4.4), Some(180), xyz_wing::find),
    row(T::WxyzWing, "wxyz-wing", F::Wing, P::OnCandidates, 10.0, Some(4.6), Some(300), wxyz_wing::find),
    row(T::NakedQuad, "naked-quad", F::Subset, P::OnCandidates, 8.0, Some(5.0), Some(120), naked_subset::find_4),
    row(T::Jellyfish, "jellyfish", F::Fish, P::OnCandidates, 12.0, Some(5.2), Some(160), basic_fish::find_4),
    row(T::HiddenQuad, "hidden-quad", F::Subset, P::OnCandidates, 14.0, Some(5.4), Some(150), hidden_subset::find_4),
    row(T::RemotePair, "remote-pair", F::XyChain, P::OnCandidates, 7.0, None, Some(110), remote_pair::find),
    row(T::XyChain, "xy-chain", F::XyChain, P::OnCandidates, 7.0, Some(6.5), Some(260), xy_chain::find),
    row(T::Skyscraper, "skyscraper", F::SingleDigit, P::OnCandidates, 7.0, Some(6.6), Some(130), turbot_fish::find_skyscraper),
    row(T::TwoStringKite, "two-string-kite", F::SingleDigit, P::OnCandidates, 7.0, Some(6.6), Some(150), turbot_fish::find_kite),
    row(T::DualTwoStringKite, "dual-two-string-kite", F::SingleDigit, P::OnCandidates, 8.0, None, None, turbot_fish::find_dual_kite),
    row(T::TurbotFish, "turbot-fish", F::SingleDigit, P::OnCandidates, 7.0, Some(6.6), Some(120), turbot_fish::find_turbot),
    row(T::EmptyRectangle, "empty-rectangle", F::SingleDigit, P::OnCandidates, 7.0, Some(6.6), Some(120), empty_rectangle::find),
    row(T::DualEmptyRectangle, "dual-empty-rectangle", F::SingleDigit, P::OnCandidates, 8.0, None, None, empty_rectangle::find_dual),
    row(T::FinnedXWing, "finned-x-wing", F::Fish, P::OnCandidates, 7.0, None, Some(130), finned_fish::find_finned_2),
    row(T::SashimiXWing, "sashimi-x-wing", F::Fish, P::OnCandidates, 8.0, None, Some(150), finned_fish::find_sashimi_2),
    row(T::SimpleColors, "simple-colors", F::Coloring, P::OnCandidates, 8.0, None, Some(150), coloring::find_simple),
    row(T::MultiColors, "multi-colors", F::Coloring, P::OnCandidates, 9.0, None, Some(200), coloring::find_multi),
    row(T::FinnedSwordfish, "finned-swordfish", F::Fish, P::OnCandidates, 10.0, None, Some(200), finned_fish::find_finned_3),
    row(T::SashimiSwordfish, "sashimi-swordfish", F::Fish, P::OnCandidates, 11.0, None, Some(240), finned_fish::find_sashimi_3),
    row(T::FinnedJellyfish, "finned-jellyfish", F::Fish, P::OnCandidates, 13.0, None, Some(250), finned_fish::find_finned_4),
    row(T::SashimiJellyfish, "sashimi-jellyfish", F::Fish, P::OnCandidates, 14.0, None, Some(260), finned_fish::find_sashimi_4),
    row(T::XLoop, "x-loop", F::SingleDigit, P::OnCandidates, 9.0, Some(6.6), Some(280), x_chain::find_loops),
    row(T::XChain, "x-chain", F::SingleDigit, P::OnCandidates, 9.0, Some(6.6), Some(260), x_chain::find_chains),
    row(T::ThreeDMedusa, "three-d-medusa", F::Coloring, P::OnCandidates, 10.0, None, None, medusa::find),
    row(T::DigitContradictionChain, "single-digit-contradiction-chain", F::SingleDigit, P::OnCandidates, 7.0, Some(6.6), None, contradiction_chain::find),
    row(T::UniqueRectangle1, "unique-rectangle-one", F::Uniqueness, P::OnCandidates, 4.0, Some(4.5), Some(100), unique_rectangle::find_type_1),
    row(T::UniqueRectangle2, "unique-rectangle-two", F::Uniqueness, P::OnCandidates, 4.0, Some(4.5), Some(100), unique_rectangle::find_type_2),
    row(T::UniqueRectangle5, "unique-rectangle-five", F::Uniqueness, P::OnCandidates, 4.0, Some(4.5), Some(100), unique_rectangle::find_type_5),
    row(T::UniqueRectangle3, "unique-rectangle-three", F::Uniqueness, P::OnCandidates, 5.0, Some(4.5), Some(100), unique_rectangle::find_type_3),
    row(T::UniqueRectangle4, "unique-rectangle-four", F::Uniqueness, P::OnCandidates, 7.0, Some(4.5), Some(100), unique_rectangle::find_type_4),
    row(T::UniqueRectangle4A, "unique-rectangle-four-a", F::Uniqueness, P::OnCandidates, 7.0, None, None, unique_rectangle::find_type_4a),
    row(T::UniqueRectangle6, "unique-rectangle-six", F::Uniqueness, P::OnCandidates, 8.0, Some(4.5), Some(100), unique_rectangle::find_type_6),
    row(T::UniqueRectangle7C, "unique-rectangle-seven-c", F::Uniqueness, P::OnCandidates, 8.0, None, None, unique_rectangle::find_type_7c),
    row(T::UniqueRectangle4C, "unique-rectangle-four-c", F::Uniqueness, P::OnCandidates, 7.0, None, None, unique_rectangle::find_type_4c),
    row(T::UniqueRectangle7B, "unique-rectangle-seven-b", F::Uniqueness, P::OnCandidates, 8.0, None, None, unique_rectangle::find_type_7b),
    row(T::HiddenRectangle, "hidden-rectangle", F::Uniqueness, P::OnCandidates, 8.0, Some(4.5), Some(100), unique_rectangle::find_hidden),
    row(T::UniqueRectangle8A, "unique-rectangle-eight-a", F::Uniqueness, P::OnCandidates, 8.0, None, None, unique_rectangle::find_type_8a),
    row(T::UniqueRectangle8B, "unique-rectangle-eight-b", F::Uniqueness, P::OnCandidates, 8.0, None, None, unique_rectangle::find_type_8b),
    row(T::UniqueRectangle8C, "unique-rectangle-eight-c", F::Uniqueness, P::OnCandidates, 8.0, None, None, unique_rectangle::find_type_8c),
    row(T::AvoidableRectangle1, "avoidable-rectangle-one", F::Uniqueness, P::OnCandidates, 6.0, Some(4.5), Some(100), unique_rectangle::find_avoidable_1),
    row(T::AvoidableRectangle2, "avoidable-rectangle-two", F::Uniqueness, P::OnCandidates, 7.0, Some(4.5), Some(100), unique_rectangle::find_avoidable_2),
    row(T::QuasiRectangle, "quasi-unique-rectangle", F::Uniqueness, P::OnCandidates, 7.0, None, None, quasi_rectangle::find),
    row(T::UniqueLoop, "unique-loop", F::Uniqueness, P::OnCandidates, 7.0, Some(4.5), None, unique_loop::find),
    row(T::QuasiUniqueLoop, "quasi-unique-loop", F::Uniqueness, P::OnCandidates, 10.0, None, None, quasi_loop::find),
    row(T::UniqueLoopStrongLinks, "unique-loop-strong-links", F::Uniqueness, P::OnCandidates, 10.0, None, None, strong_link_loop::find),
    row(T::BugPlusOne, "bug-plus-one", F::Uniqueness, P::OnCandidates, 8.0, Some(5.6), Some(100), bug::find),
    row(T::BivalueGrave, "bivalue-universal-grave", F::Uniqueness, P::OnCandidates, 8.0, Some(5.6), None, bivalue_grave::find),
    row(T::NiceLoop, "nice-loop", F::Chain, P::OnCandidates, 10.0, None, Some(280), nice_loop::find_plain),
    row(T::GroupedNiceLoop, "grouped-nice-loop", F::Chain, P::OnCandidates, 12.0, None, Some(300), nice_loop::find_grouped),
    row(T::NakedQuint, "naked-quint", F::Subset, P::OnCandidates, 11.0, None, None, naked_subset::find_5),
    row(T::HiddenQuint, "hidden-quint", F::Subset, P::OnCandidates, 17.0, None, None, hidden_subset::find_5),
    row(T::NakedSextuple, "naked-sextuple", F::Subset, P::OnCandidates, 14.0, None, None, naked_subset::find_6),
    row(T::HiddenSextuple, "hidden-sextuple", F::Subset, P::OnCandidates, 20.0, None, None, hidden_subset::find_6),
    row(T::NakedSeptuple, "naked-septuple", F::Subset, P::OnCandidates, 17.0, None, None, naked_subset::find_7),
    row(T::HiddenSeptuple, "hidden-septuple", F::Subset, P::OnCandidates, 23.0, None, None, hidden_subset::find_7),
    row(T::SueDeCoq, "sue-de-coq", F::Als, P::OnCandidates, 10.0, None, Some(250), sue_de_coq::find),
    row(T::AlsXz, "als-xz", F::Als, P::OnCandidates, 11.0, None, Some(300), als_xz::find),
    row(T::AlsXyWing, "als-xy-wing", F::Als, P::OnCandidates, 12.0, None, Some(320), als_xy_wing::find),
    row(T::AlsXyChain, "als-xy-chain", F::Als, P::OnCandidates, 13.0, None, Some(340), als_chain::find),
    row(T::DeathBlossom, "death-blossom", F::Als, P::OnCandidates, 14.0, None, Some(360), death_blossom::find),
    row(T::TemplateSet, "template-set", F::SingleDigit, P::OnCandidates, 12.0, None, None, templates::find_set),
    row(T::TemplateDelete, "template-delete", F::SingleDigit, P::OnCandidates, 12.0, None, None, templates::find_delete),
    row(T::AlignedPairExclusion, "aligned-pair-exclusion", F::Wing, P::OnCandidates, 15.0, None, None, aligned_exclusion::find),
    row(T::AlignedTripletExclusion, "aligned-triplet-exclusion", F::Wing, P::OnCandidates, 16.0, None, None, aligned_exclusion::find_triplet),
    // Forcing chains and nets: after every pattern technique and before trial and
    // error (20 + rounds), cheapest kind first. Points 12–19 keep them above the
    // ALS family (≤ 14 but for the big hidden subsets) and below trial and error;
    // no length bonus, as the proof the search meets first depends on the
    // grid's orientation (see `chaining::hint`). SE values are the producers' bases; the
    // cycle's 6.5 and the nested chains' 9.5+ are left out to keep the column
    // ordered (the step's Forcing carries the exact SE difficulty).
    row(T::BidirectionalCycle, "bidirectional-cycle", F::Chain, P::OnCandidates, 12.0, None, None, bidirectional_cycle::find),
    row(T::ForcingChain, "forcing-chain", F::Chain, P::OnCandidates, 13.0, Some(6.6), None, forcing_chain::find),
    row(T::NishioForcingChain, "nishio-forcing-chain", F::Forcing, P::OnCandidates, 14.0, Some(7.5), None, nishio_forcing_chain::find),
    row(T::CellForcingChain, "cell-forcing-chain", F::Forcing, P::OnCandidates, 15.0, Some(8.0), None, cell_forcing_chain::find),
    row(T::RegionForcingChain, "region-forcing-chain", F::Forcing, P::OnCandidates, 15.0, Some(8.0), None, region_forcing_chain::find),
    row(T::ContradictionForcingChain, "contradiction-forcing-chain", F::Forcing, P::OnCandidates, 16.0, Some(8.5), None, contradiction_forcing_chain::find),
    row(T::DoubleImplicationChain, "double-implication-chain", F::Forcing, P::OnCandidates, 16.5, Some(8.5), None, double_implication_chain::find),
    row(T::DynamicForcingChain, "dynamic-forcing-chain", F::Forcing, P::OnCandidates, 17.0, Some(8.5), None, dynamic_forcing_chain::find),
    row(T::ForcingNet, "forcing-net", F::Forcing, P::OnCandidates, 18.0, Some(9.0), None, forcing_net::find),
    row(T::NestedForcingChain, "nested-forcing-chain", F::Forcing, P::OnCandidates, 19.0, None, None, nested_forcing_chain::find),
    // HoDoKu's missing fish, after the forcing chains (see the table's doc)
    // and before trial and error, cheapest first (ties: Franken before mutant, basic before
    // finned). Points: Franken N-fish 3N+2, finned 3N+3, mutant 3N+4, finned
    // mutant 3N+5, basic fish of 5–7 lines 3N, finned 3N+1, sashimi 3N+2 (as
    // the smaller fish), Kraken 16. HoDoKu's column only where its default
    // configuration has the step switched on (Franken and finned Franken
    // X-Wing and Swordfish); its Franken Jellyfish, mutant, big and Kraken
    // fish are off by default.
    row(T::FrankenXWing, "franken-x-wing", F::Fish, P::OnCandidates, 8.0, None, Some(300), franken_fish::find_2),
    row(T::FinnedFrankenXWing, "finned-franken-x-wing", F::Fish, P::OnCandidates, 9.0, None, Some(390), franken_fish::find_finned_2),
    row(T::MutantXWing, "mutant-x-wing", F::Fish, P::OnCandidates, 10.0, None, None, mutant_fish::find_2),
    row(T::FrankenSwordfish, "franken-swordfish", F::Fish, P::OnCandidates, 11.0, None, Some(350), franken_fish::find_3),
    row(T::FinnedMutantXWing, "finned-mutant-x-wing", F::Fish, P::OnCandidates, 11.0, None, None, mutant_fish::find_finned_2),
    row(T::FinnedFrankenSwordfish, "finned-franken-swordfish", F::Fish, P::OnCandidates, 12.0, None, Some(410), franken_fish::find_finned_3),
    row(T::MutantSwordfish, "mutant-swordfish", F::Fish, P::OnCandidates, 13.0, None, None, mutant_fish::find_3),
    row(T::FrankenJellyfish, "franken-jellyfish", F::Fish, P::OnCandidates, 14.0, None, None, franken_fish::find_4),
    row(T::FinnedMutantSwordfish, "finned-mutant-swordfish", F::Fish, P::OnCandidates, 14.0, None, None, mutant_fish::find_finned_3),
    row(T::Squirmbag, "squirmbag", F::Fish, P::OnCandidates, 15.0, None, None, basic_fish::find_5),
    row(T::FinnedFrankenJellyfish, "finned-franken-jellyfish", F::Fish, P::OnCandidates, 15.0, None, None, franken_fish::find_finned_4),
    row(T::MutantJellyfish, "mutant-jellyfish", F::Fish, P::OnCandidates, 16.0, None, None, mutant_fish::find_4),
    row(T::FinnedSquirmbag, "finned-squirmbag", F::Fish, P::OnCandidates, 16.0, None, None, finned_fish::find_finned_5),
    row(T::KrakenFish, "kraken-fish", F::Fish, P::OnCandidates, 16.0, None, None, kraken_fish::find),
    row(T::FinnedMutantJellyfish, "finned-mutant-jellyfish", F::Fish, P::OnCandidates, 17.0, None, None, mutant_fish::find_finned_4),
    row(T::SashimiSquirmbag, "sashimi-squirmbag", F::Fish, P::OnCandidates, 17.0, None, None, finned_fish::find_sashimi_5),
    row(T::Whale, "whale", F::Fish, P::OnCandidates, 18.0, None, None, basic_fish::find_6),
    row(T::FinnedWhale, "finned-whale", F::Fish, P::OnCandidates, 19.0, None, None, finned_fish::find_finned_6),
    row(T::SashimiWhale, "sashimi-whale", F::Fish, P::OnCandidates, 20.0, None, None, finned_fish::find_sashimi_6),
    row(T::Leviathan, "leviathan", F::Fish, P::OnCandidates, 21.0, None, None, basic_fish::find_7),
    row(T::FinnedLeviathan, "finned-leviathan", F::Fish, P::OnCandidates, 22.0, None, None, finned_fish::find_finned_7),
    row(T::SashimiLeviathan, "sashimi-leviathan", F::Fish, P::OnCandidates, 23.0, None, None, finned_fish::find_sashimi_7),
    row(T::TrialAndError, "trial-and-error", F::Trial, P::OnCandidates, 20.0, Some(9.0), Some(10000), trial_and_error::find),
];

impl Technique {
    /// Its row of the table.
    pub fn info(self) -> &'static TechniqueInfo {
        // The table lists the variants in declaration order (checked by a test).
        &TABLE[self as usize]
    }

    /// The stable kebab-case name.
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// Every technique in table order.
    pub fn all() -> impl Iterator<Item = Technique> {
        TABLE.iter().map(|i| i.technique)
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The name given is not a technique's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown technique '{0}'")]
pub struct UnknownTechnique(pub String);

impl FromStr for Technique {
    type Err = UnknownTechnique;

    fn from_str(s: &str) -> Result<Technique, UnknownTechnique> {
        TABLE
            .iter()
            .find(|i| i.name == s)
            .map(|i| i.technique)
            .ok_or_else(|| UnknownTechnique(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_in_declaration_order_with_unique_names() {
        for (i, info) in TABLE.iter().enumerate() {
            assert_eq!(info.technique as usize, i, "{}", info.name);
            assert_eq!(info.name.parse::<Technique>(), Ok(info.technique));
            assert!(
                info.name
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b == b'-')
            );
        }
        assert!("no-such".parse::<Technique>().is_err());
    }

    #[test]
    fn sudoku_explainer_values_grow_after_writing_candidates() {
        // The uniqueness family stands where the seed processes it, after the
        // single-digit chains; Sudoku Explainer's walk sorts rows by its own
        // values anyway (ties in table order).
        let after: Vec<f64> = TABLE
            .iter()
            .filter(|i| i.phase == Phase::OnCandidates && i.family != Family::Uniqueness)
            .filter_map(|i| i.se)
            .collect();
        assert!(after.windows(2).all(|w| w[0] <= w[1]), "{after:?}");
    }
}
