//! The technique registry: one list, in difficulty order, of every
//! technique and its catalogue entry.
//!
//! A catalogue entry ([`TechniqueInfo`]) is a `const` in the technique's own
//! module under `techniques/`, next to its finder: its stable kebab-case name,
//! its English and German display names, its family, when it may run (before
//! or after candidates are written), its base points on the diagonal solver's
//! scale, its Sudoku Explainer value, its row on HoDoKu's scale (order, level,
//! score) and its finder. The `registry!` list below declares the
//! [`Technique`] enum and [`TABLE`] from the same lines. The solver walks the
//! table from the top and stops at the first row that finds something, so the
//! order *is* the search policy. Adding a technique means one file under
//! `techniques/` (finder, tests and catalogue entry) and one line here.

use crate::candidates::Candidates;
use crate::hodoku_level::HodokuLevel;
use crate::step::Step;
use std::fmt;
use std::str::FromStr;

/// Declares [`Technique`] and [`TABLE`] from one list, so the two cannot
/// disagree: each entry names a technique and its catalogue entry (the
/// `const` [`TechniqueInfo`] in the technique's own module), in difficulty
/// order.
macro_rules! registry {
    (
        $(#[$enum_meta:meta])* enum;
        $(#[$table_meta:meta])* table;
        $( $(#[$meta:meta])* $variant:ident => $module:ident :: $entry:ident, )*
    ) => {
        $(#[$enum_meta])*
        pub enum Technique {
            $( $(#[$meta])* $variant, )*
        }

        $(#[$table_meta])*
        pub static TABLE: &[TechniqueInfo] = &[ $( crate::techniques::$module::$entry, )* ];
    };
}

registry! {
    /// A solving technique. The declaration order is the table order.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
    enum;
    /// Every technique in difficulty order: the solver always takes the first row that
    /// finds something. Points follow the diagonal solver (SPEC §5): singles 0–2 on
    /// candidates and up to 4 without (the step carries the exact value), writing
    /// candidates 0.25 per candidate (the seed's 1/10 "somewhat raised"), pointing 3, claiming 4, naked N-subset 3N−4,
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
    table;
    /// The last empty cell of a house.
    FullHouse => full_house::FULL_HOUSE,
    /// A digit with one place left in a house.
    HiddenSingle => hidden_single::HIDDEN_SINGLE,
    /// A cell with one candidate left.
    NakedSingle => naked_single::NAKED_SINGLE,
    /// Before candidates: a single left by digits locked from a box into a line
    /// (the seed's C1–C3, C5/C6, C0).
    DirectPointing => direct_locked::DIRECT_POINTING,
    /// Before candidates: a single left by digits locked from a line (or other
    /// house) into a box, the seed's C7 among them.
    DirectClaiming => direct_locked::DIRECT_CLAIMING,
    /// Before candidates: a single left by obvious pairs (the seed's D0–D3,
    /// D5/D6, D7).
    DirectHiddenPair => direct_pair::DIRECT_HIDDEN_PAIR,
    /// Before candidates: the seed's D8, an obvious pair in three corners of a
    /// rectangle.
    DirectUniqueRectangle => direct_pair::DIRECT_UNIQUE_RECTANGLE,
    /// Writing all candidates (pencil marks) into the empty cells.
    WriteCandidates => write_candidates::WRITE_CANDIDATES,
    /// Locked candidates from a box into a line (or diagonal / colour group).
    Pointing => locked_candidates::POINTING,
    /// Locked candidates from a line (or diagonal / colour group) into a box.
    Claiming => locked_candidates::CLAIMING,
    /// Locked candidates between two houses neither of which is a box.
    LockedCandidates => locked_candidates::LOCKED_CANDIDATES,
    /// The seed's diagonal test: a digit in a line only on the two diagonals
    /// is not in the centre.
    DiagonalCenterTest => pincer::DIAGONAL_CENTER_TEST,
    /// The seed's diagonal pincer type 1: a cell on a diagonal sees both
    /// places of a digit in a line, one through the diagonal.
    DiagonalPincer1 => pincer::DIAGONAL_PINCER_1,
    /// The seed's diagonal pincer type 2: the centre sees the three places of
    /// a digit in a line (both diagonals and its own column or row).
    DiagonalPincer2 => pincer::DIAGONAL_PINCER_2,
    /// The seed's diagonal test: a cell seeing every place of a digit in a
    /// diagonal (usually two) loses it.
    DiagonalPairTest => pincer::DIAGONAL_PAIR_TEST,
    /// A naked pair in the intersection of two houses, clearing both (HoDoKu's
    /// locked pair).
    LockedPair => locked_subset::LOCKED_PAIR,
    /// Two cells with the same two candidates.
    NakedPair => naked_subset::NAKED_PAIR,
    /// Basic fish of size 2.
    XWing => basic_fish::X_WING,
    /// Two digits confined to two cells.
    HiddenPair => hidden_subset::HIDDEN_PAIR,
    /// A naked triple in the intersection of two houses, clearing both
    /// (HoDoKu's locked triple).
    LockedTriple => locked_subset::LOCKED_TRIPLE,
    /// Three cells with three candidates together.
    NakedTriple => naked_subset::NAKED_TRIPLE,
    /// Basic fish of size 3.
    Swordfish => basic_fish::SWORDFISH,
    /// Three digits confined to three cells.
    HiddenTriple => hidden_subset::HIDDEN_TRIPLE,
    /// A bivalue hinge with two bivalue wings (golden chain of length 3).
    XyWing => xy_wing::XY_WING,
    /// Two equal bivalue cells joined by a strong link on one of their digits.
    WWing => w_wing::WWING,
    /// A trivalue hinge with two bivalue wings.
    XyzWing => xyz_wing::XYZ_WING,
    /// Four cells with four digits, all but one restricted (standard and extended).
    WxyzWing => wxyz_wing::WXYZ_WING,
    /// Four cells with four candidates together.
    NakedQuad => naked_subset::NAKED_QUAD,
    /// Basic fish of size 4.
    Jellyfish => basic_fish::JELLYFISH,
    /// Four digits confined to four cells.
    HiddenQuad => hidden_subset::HIDDEN_QUAD,
    /// A chain of bivalue cells holding the same pair.
    RemotePair => remote_pair::REMOTE_PAIR,
    /// A chain or closed loop of bivalue cells (golden chain), length 4 to 14.
    XyChain => xy_chain::XY_CHAIN,
    /// Four-cell single-digit chain with two parallel strong links (rows or columns).
    Skyscraper => turbot_fish::SKYSCRAPER,
    /// Four-cell single-digit chain: a row and a column strong link joined in a box.
    TwoStringKite => turbot_fish::TWO_STRING_KITE,
    /// Two 2-string kites through the same two cells of a box (HoDoKu's dual
    /// 2-string kite), both eliminations in one step.
    DualTwoStringKite => turbot_fish::DUAL_TWO_STRING_KITE,
    /// Any other four-cell single-digit chain (strong, weak, strong).
    TurbotFish => turbot_fish::TURBOT_FISH,
    /// A box's candidates on one row and column, against a strong link outside.
    EmptyRectangle => empty_rectangle::EMPTY_RECTANGLE,
    /// Two empty rectangles in the same box on the same digit (HoDoKu's dual
    /// empty rectangle), both eliminations in one step.
    DualEmptyRectangle => empty_rectangle::DUAL_EMPTY_RECTANGLE,
    /// X-Wing with fins (HoDoKu's Finned X-Wing).
    FinnedXWing => finned_fish::FINNED_X_WING,
    /// X-Wing with fins whose body is degenerate (Sashimi X-Wing).
    SashimiXWing => finned_fish::SASHIMI_X_WING,
    /// Colouring one cluster of strong links: colour wrap and colour trap.
    SimpleColors => coloring::SIMPLE_COLORS,
    /// Colouring two clusters of strong links against each other.
    MultiColors => coloring::MULTI_COLORS,
    /// Swordfish with fins.
    FinnedSwordfish => finned_fish::FINNED_SWORDFISH,
    /// Swordfish with fins whose body is degenerate.
    SashimiSwordfish => finned_fish::SASHIMI_SWORDFISH,
    /// Jellyfish with fins.
    FinnedJellyfish => finned_fish::FINNED_JELLYFISH,
    /// Jellyfish with fins whose body is degenerate.
    SashimiJellyfish => finned_fish::SASHIMI_JELLYFISH,
    /// A closed single-digit chain (continuous loop), 6 to 12 cells.
    XLoop => x_chain::XLOOP,
    /// An open single-digit chain, 6 to 12 cells.
    XChain => x_chain::XCHAIN,
    /// 3D Medusa: colouring over all digits through bivalue cells and
    /// conjugate pairs (SudokuWiki's six rules).
    ThreeDMedusa => medusa::THREE_DMEDUSA,
    /// The seed's single-digit contradiction chain (types 1 and 2), 3 to 11 cells.
    DigitContradictionChain => contradiction_chain::DIGIT_CONTRADICTION_CHAIN,
    /// Uniqueness test 1: three corners of a rectangle hold only the same pair.
    UniqueRectangle1 => unique_rectangle::UNIQUE_RECTANGLE_1,
    /// Uniqueness test 2: the roof of a rectangle shares one extra digit.
    UniqueRectangle2 => unique_rectangle::UNIQUE_RECTANGLE_2,
    /// Uniqueness test 5 (the seed's 5A/5B): diagonal or three roof cells share
    /// one extra digit.
    UniqueRectangle5 => unique_rectangle::UNIQUE_RECTANGLE_5,
    /// Uniqueness test 3 (the seed's 3A–3F): the roof's extras form a naked
    /// subset in a house.
    UniqueRectangle3 => unique_rectangle::UNIQUE_RECTANGLE_3,
    /// Uniqueness test 4 (the seed's 4B): a strong link on one pair digit
    /// joins the roof.
    UniqueRectangle4 => unique_rectangle::UNIQUE_RECTANGLE_4,
    /// The seed's type 4A: a pair digit is confined to a floor and a roof cell
    /// of a line; the other pair digit goes from the other roof cell.
    UniqueRectangle4A => unique_rectangle::UNIQUE_RECTANGLE_4_A,
    /// Uniqueness test 6: a pair digit is confined to the rectangle in its rows
    /// and columns.
    UniqueRectangle6 => unique_rectangle::UNIQUE_RECTANGLE_6,
    /// The seed's type 7C: a pair digit is confined to the rectangle in the row
    /// and column of a diagonal floor cell, which takes it.
    UniqueRectangle7C => unique_rectangle::UNIQUE_RECTANGLE_7_C,
    /// The seed's type 4C: diagonal floor; a pair digit confined to a floor and
    /// a roof cell of a line goes from the other roof cell.
    UniqueRectangle4C => unique_rectangle::UNIQUE_RECTANGLE_4_C,
    /// The seed's type 7B: one bivalue corner; a pair digit is confined to the
    /// rectangle in both rows (or both columns); the other goes from the
    /// opposite corner.
    UniqueRectangle7B => unique_rectangle::UNIQUE_RECTANGLE_7_B,
    /// A rectangle with one bivalue corner and strong links at the opposite one
    /// (the seed's type 7A).
    HiddenRectangle => unique_rectangle::HIDDEN_RECTANGLE,
    /// The seed's type 8A: one bivalue corner; each pair digit is confined to
    /// the rectangle in one of its rows (or columns).
    UniqueRectangle8A => unique_rectangle::UNIQUE_RECTANGLE_8_A,
    /// The seed's type 8B: one bivalue corner; one pair digit confined in its
    /// row (column), the other in the crossing column (row).
    UniqueRectangle8B => unique_rectangle::UNIQUE_RECTANGLE_8_B,
    /// The seed's type 8C: one bivalue corner; both pair digits confined in
    /// the lines through the opposite corner, whose extras go.
    UniqueRectangle8C => unique_rectangle::UNIQUE_RECTANGLE_8_C,
    /// Three solved corners: the fourth avoids completing the pattern.
    AvoidableRectangle1 => unique_rectangle::AVOIDABLE_RECTANGLE_1,
    /// Two solved corners, the empty ones share one extra digit.
    AvoidableRectangle2 => unique_rectangle::AVOIDABLE_RECTANGLE_2,
    /// The seed's quasi rectangle: a rectangle test of any type with pair
    /// candidates given back along the diagonals.
    QuasiRectangle => quasi_rectangle::QUASI_RECTANGLE,
    /// A closed loop of cells holding one pair, two per house it touches
    /// (Sudoku Explainer's unique loops and rectangles, its types 1–4).
    UniqueLoop => unique_loop::UNIQUE_LOOP,
    /// The seed's quasi six-cell loop: a unique-loop test with pair
    /// candidates given back by parity class.
    QuasiUniqueLoop => quasi_loop::QUASI_UNIQUE_LOOP,
    /// The seed's rectangle types 4A–8C on loops of 6, 8 and 10 cells: a
    /// candidate that would settle every loop cell on the pair, through one
    /// or two strong links, goes.
    UniqueLoopStrongLinks => strong_link_loop::UNIQUE_LOOP_STRONG_LINKS,
    /// All empty cells bivalue but one: its third digit is placed (BUG+1).
    BugPlusOne => bug::BUG_PLUS_ONE,
    /// A bivalue universal grave with extra candidates (Sudoku Explainer's
    /// BUG types 1–4).
    BivalueGrave => bivalue_grave::BIVALUE_GRAVE,
    /// A nice loop or alternating inference chain over candidates (bivalue
    /// cells and conjugate pairs mixed), up to 10 links.
    NiceLoop => nice_loop::NICE_LOOP,
    /// A nice loop or AIC using group nodes (a digit's candidates in a
    /// line∩box intersection), up to 10 links.
    GroupedNiceLoop => nice_loop::GROUPED_NICE_LOOP,
    /// Five cells with five candidates together.
    NakedQuint => naked_subset::NAKED_QUINT,
    /// Five digits confined to five cells.
    HiddenQuint => hidden_subset::HIDDEN_QUINT,
    /// Six cells with six candidates together.
    NakedSextuple => naked_subset::NAKED_SEXTUPLE,
    /// Six digits confined to six cells.
    HiddenSextuple => hidden_subset::HIDDEN_SEXTUPLE,
    /// Seven cells with seven candidates together.
    NakedSeptuple => naked_subset::NAKED_SEPTUPLE,
    /// Seven digits confined to seven cells.
    HiddenSeptuple => hidden_subset::HIDDEN_SEPTUPLE,
    /// Two or three cells of an intersection with two more digits than cells,
    /// completed by cells of both houses into a locked pattern.
    SueDeCoq => sue_de_coq::SUE_DE_COQ,
    /// Two almost locked sets linked by a restricted common candidate.
    AlsXz => als_xz::ALS_XZ,
    /// Two almost locked sets each linked to a pivot set by different RCCs.
    AlsXyWing => als_xy_wing::ALS_XY_WING,
    /// A chain of four to six almost locked sets linked by RCCs.
    AlsXyChain => als_chain::ALS_XY_CHAIN,
    /// A stem cell with one almost locked set (petal) per candidate.
    DeathBlossom => death_blossom::DEATH_BLOSSOM,
    /// An odd loop of houses one digit cannot fill: one of its guardians
    /// holds it (SudokuWiki's broken wing). Before the templates, which find
    /// each of its eliminations too.
    BrokenWing => broken_wing::BROKEN_WING,
    /// Template set: every placement of a digit consistent with the
    /// candidates (one per house) uses the cell.
    TemplateSet => templates::TEMPLATE_SET,
    /// Template delete: no placement of a digit consistent with the
    /// candidates uses the candidate.
    TemplateDelete => templates::TEMPLATE_DELETE,
    /// Two cells whose candidate combinations are excluded by bivalue cells
    /// seeing both (Sudoku Explainer's aligned pair exclusion).
    AlignedPairExclusion => aligned_exclusion::ALIGNED_PAIR_EXCLUSION,
    /// Three cells whose candidate combinations are excluded by cells with two
    /// or three candidates seeing all three (aligned triplet exclusion).
    AlignedTripletExclusion => aligned_exclusion::ALIGNED_TRIPLET_EXCLUSION,
    // Forcing chains and nets: after every pattern technique and before trial and
    // error (20 + rounds), cheapest kind first. Points 12–19 keep them above the
    // ALS family (≤ 14 but for the big hidden subsets) and below trial and error;
    // no length bonus, as the proof the search meets first depends on the
    // grid's orientation (see `chaining::hint`). SE values are the producers' bases; the
    // cycle's 6.5 and the nested chains' 9.5+ are left out to keep the column
    // ordered (the step's Forcing carries the exact SE difficulty).
    /// Sudoku Explainer's bidirectional cycle (X-, Y- or XY-cycle): a loop of
    /// alternating implications from a candidate back to itself.
    BidirectionalCycle => bidirectional_cycle::BIDIRECTIONAL_CYCLE,
    /// Sudoku Explainer's forcing X- or XY-chain: a candidate implies its own
    /// negation (or its negation implies it) along one static chain.
    ForcingChain => forcing_chain::FORCING_CHAIN,
    /// Nishio: assuming a candidate leads, over single-digit links and with
    /// removed candidates staying removed, to a contradiction.
    NishioForcingChain => nishio_forcing_chain::NISHIO_FORCING_CHAIN,
    /// Every candidate of one cell implies the same placement or elimination
    /// (the seed's setting and reducing alternative chains), static chains.
    CellForcingChain => cell_forcing_chain::CELL_FORCING_CHAIN,
    /// Every place of a digit in one house implies the same placement or
    /// elimination, static chains.
    RegionForcingChain => region_forcing_chain::REGION_FORCING_CHAIN,
    /// One assumption implies a candidate both on and off (dynamic chains;
    /// the seed's Bowman's Bingo): the assumption is false.
    ContradictionForcingChain => contradiction_forcing_chain::CONTRADICTION_FORCING_CHAIN,
    /// A candidate on and the same candidate off imply the same thing
    /// (verity), dynamic chains.
    DoubleImplicationChain => double_implication_chain::DOUBLE_IMPLICATION_CHAIN,
    /// Cell or region forcing chains over dynamic implications (a net).
    DynamicForcingChain => dynamic_forcing_chain::DYNAMIC_FORCING_CHAIN,
    /// Dynamic forcing chains that also use locked candidates, pairs and
    /// X-wings on the way (SE's "Dynamic Forcing Chains (+)").
    ForcingNet => forcing_net::FORCING_NET,
    /// Dynamic forcing chains that use whole forcing chains on the way (SE's
    /// nested forcing chains, levels 2 and up).
    NestedForcingChain => nested_forcing_chain::NESTED_FORCING_CHAIN,
    // HoDoKu's missing fish, after the forcing chains (see the table's doc)
    // and before trial and error, cheapest first (ties: Franken before mutant, basic before
    // finned). Points: Franken N-fish 3N+2, finned 3N+3, mutant 3N+4, finned
    // mutant 3N+5, basic fish of 5–7 lines 3N, finned 3N+1, sashimi 3N+2 (as
    // the smaller fish), Kraken 16. HoDoKu's column only where its default
    // configuration has the step switched on (Franken and finned Franken
    // X-Wing and Swordfish); its Franken Jellyfish, mutant, big and Kraken
    // fish are off by default.
    /// Franken fish of size 2: base and cover mix lines with boxes (or other non-line houses).
    FrankenXWing => franken_fish::FRANKEN_X_WING,
    /// Franken X-Wing with fins.
    FinnedFrankenXWing => franken_fish::FINNED_FRANKEN_X_WING,
    /// Mutant fish of size 2: base and cover mix rows, columns and other houses freely.
    MutantXWing => mutant_fish::MUTANT_X_WING,
    /// Franken fish of size 3.
    FrankenSwordfish => franken_fish::FRANKEN_SWORDFISH,
    /// Mutant X-Wing with fins.
    FinnedMutantXWing => mutant_fish::FINNED_MUTANT_X_WING,
    /// Franken Swordfish with fins.
    FinnedFrankenSwordfish => franken_fish::FINNED_FRANKEN_SWORDFISH,
    /// Mutant fish of size 3.
    MutantSwordfish => mutant_fish::MUTANT_SWORDFISH,
    /// Franken fish of size 4.
    FrankenJellyfish => franken_fish::FRANKEN_JELLYFISH,
    /// Mutant Swordfish with fins.
    FinnedMutantSwordfish => mutant_fish::FINNED_MUTANT_SWORDFISH,
    /// Basic fish of size 5.
    Squirmbag => basic_fish::SQUIRMBAG,
    /// Franken Jellyfish with fins.
    FinnedFrankenJellyfish => franken_fish::FINNED_FRANKEN_JELLYFISH,
    /// Mutant fish of size 4.
    MutantJellyfish => mutant_fish::MUTANT_JELLYFISH,
    /// Squirmbag with fins.
    FinnedSquirmbag => finned_fish::FINNED_SQUIRMBAG,
    /// A finned fish (basic or Franken, size 2–4) whose conclusion chains
    /// from the fins carry: a cover cell not every fin sees loses the digit
    /// (type 1), or one cover house's base candidates and the fins each
    /// remove the same candidate of any digit (type 2).
    KrakenFish => kraken_fish::KRAKEN_FISH,
    /// Mutant Jellyfish with fins.
    FinnedMutantJellyfish => mutant_fish::FINNED_MUTANT_JELLYFISH,
    /// Squirmbag with fins whose body is degenerate.
    SashimiSquirmbag => finned_fish::SASHIMI_SQUIRMBAG,
    /// Basic fish of size 6.
    Whale => basic_fish::WHALE,
    /// Whale with fins.
    FinnedWhale => finned_fish::FINNED_WHALE,
    /// Whale with fins whose body is degenerate.
    SashimiWhale => finned_fish::SASHIMI_WHALE,
    /// Basic fish of size 7.
    Leviathan => basic_fish::LEVIATHAN,
    /// Leviathan with fins.
    FinnedLeviathan => finned_fish::FINNED_LEVIATHAN,
    /// Leviathan with fins whose body is degenerate.
    SashimiLeviathan => finned_fish::SASHIMI_LEVIATHAN,
    /// The counted last resort: a candidate whose assumption breaks the position.
    TrialAndError => trial_and_error::TRIAL_AND_ERROR,
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

impl Family {
    /// The stable kebab-case name (the ML features' column names).
    pub fn name(self) -> &'static str {
        match self {
            Family::Single => "single",
            Family::Direct => "direct",
            Family::Bookkeeping => "bookkeeping",
            Family::Intersection => "intersection",
            Family::Subset => "subset",
            Family::Fish => "fish",
            Family::Wing => "wing",
            Family::XyChain => "xy-chain",
            Family::SingleDigit => "single-digit",
            Family::Coloring => "coloring",
            Family::Trial => "trial",
            Family::Chain => "chain",
            Family::Uniqueness => "uniqueness",
            Family::Forcing => "forcing",
            Family::Als => "als",
        }
    }
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

/// A technique's catalogue entry: everything about it that is data, in one
/// value that lives in the technique's own module and is listed once in
/// [`TABLE`]. The scales (the seed's points, Sudoku Explainer's and HoDoKu's
/// rows) and the display names are read from here, never from a copy.
#[derive(Clone, Copy)]
pub struct TechniqueInfo {
    /// The technique.
    pub technique: Technique,
    /// Stable kebab-case name used in files, JSON and the CLI.
    pub name: &'static str,
    /// The names a person reads.
    pub names: Names,
    /// Its family.
    pub family: Family,
    /// When it may run.
    pub phase: Phase,
    /// Base points on the diagonal solver's scale (a step may score differently,
    /// e.g. singles by how many cells are missing; the step's `points` is final).
    pub points: f64,
    /// Sudoku Explainer difficulty, where known.
    pub se: Option<f64>,
    /// Its row on HoDoKu's scale.
    pub hodoku: Hodoku,
    /// The finder.
    pub(crate) finder: Finder,
    /// The explanation of its steps as a template, for a technique whose steps
    /// are [`Detail::Pattern`](crate::Detail::Pattern); `None` for the families
    /// with a renderer of their own in `sudoku-explain`.
    pub text: Option<StepText>,
}

/// A step's explanation as data, in both languages: the text of a
/// [`Detail::Pattern`](crate::Detail::Pattern) step with placeholders that
/// the renderer fills from the step — `{digit}` (the step's first digit),
/// `{digits}`, `{houses}` (the step's houses by name) and `{NAME}` for each
/// group of the pattern (its cells). The effect ("so 5 can be removed from
/// r1c2") follows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepText {
    /// English.
    pub en: &'static str,
    /// German.
    pub de: &'static str,
}

/// What a catalogue entry in a technique's module is written with (glob
/// imported there, so it never clashes with the module's own imports).
pub(crate) mod catalogue {
    pub(crate) use super::{Family, Hodoku, Names, Phase, StepText, Technique, TechniqueInfo};
    pub(crate) use crate::hodoku_level::HodokuLevel;
}

/// A technique's display names: "Hidden single" / "Versteckter Single". The
/// German names follow the diagonal solver's vocabulary (Zeilen-/Spalten-Test,
/// Box-Test, Goldene Kette, Einzelzahl-Gitter, Einzelzahl-Kette, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Names {
    /// English.
    pub en: &'static str,
    /// German.
    pub de: &'static str,
}

/// A technique's row on HoDoKu's scale, as HoDoKu 2.2.4's default step
/// configuration has it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hodoku {
    /// Its place in HoDoKu's order (the index of its default step
    /// configuration: full house 100, naked single 200, hidden single 300, …
    /// forcing chains 8500), or `None` where HoDoKu has neither the technique
    /// nor a stand-in switched on by default (its walk leaves it out). A
    /// technique added later slots in by HoDoKu's own number.
    pub order: Option<u32>,
    /// The level of a step of it.
    pub level: HodokuLevel,
    /// The score of a step of it (HoDoKu's where it has the technique; 150
    /// otherwise, 0 for writing candidates; trial and error scores 500 at
    /// depth 1 and 700 deeper).
    pub score: u32,
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
            .field("names", &self.names)
            .field("family", &self.family)
            .field("phase", &self.phase)
            .field("points", &self.points)
            .field("se", &self.se)
            .field("hodoku", &self.hodoku)
            .finish()
    }
}

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
    fn every_entry_has_every_facet() {
        let mut en = std::collections::HashSet::new();
        let mut de = std::collections::HashSet::new();
        for info in TABLE {
            let t = info.technique;
            assert!(en.insert(info.names.en), "{t}: English name used twice");
            assert!(de.insert(info.names.de), "{t}: German name used twice");
            assert!(
                !info.names.en.is_empty() && !info.names.de.is_empty(),
                "{t}"
            );
            assert!(info.points >= 0.0, "{t}");
            assert!(info.se.is_none_or(|se| (1.0..=12.0).contains(&se)), "{t}");
            // On HoDoKu's walk a step costs something (but writing candidates).
            if info.hodoku.order.is_some() && t != Technique::WriteCandidates {
                assert!(info.hodoku.score > 0, "{t}");
            }
        }
    }

    #[test]
    fn sudoku_explainer_values_grow_after_writing_candidates() {
        // The uniqueness family stands where the seed processes it, after the
        // single-digit chains; Sudoku Explainer's walk sorts rows by its own
        // values anyway (ties in table order).
        // The aligned exclusions (SE 6.2 and 7.5) stand after the ALS family
        // and the templates in our table, where our points put them.
        let aligned = [
            Technique::AlignedPairExclusion,
            Technique::AlignedTripletExclusion,
        ];
        let after: Vec<f64> = TABLE
            .iter()
            .filter(|i| i.phase == Phase::OnCandidates && i.family != Family::Uniqueness)
            .filter(|i| !aligned.contains(&i.technique))
            .filter_map(|i| i.se)
            .collect();
        assert!(after.windows(2).all(|w| w[0] <= w[1]), "{after:?}");
    }
}
