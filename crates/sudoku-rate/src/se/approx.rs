//! Stand-in prices for Sudoku Explainer's chaining producers, used only while
//! the forcing-chain engine is not part of the build.
//!
//! Sudoku Explainer's producers after aligned pair exclusion (forcing chains
//! and cycles, aligned triplet exclusion, Nishio, multiple, dynamic and nested
//! forcing chains) need its chaining engine. Until that engine is wired in,
//! the walk asks our own chain finders and trial and error instead and prices
//! their steps by the rules the former estimate was tuned with (on
//! `se-ratings-dev.tsv`, figures in BENCHMARKS.md). A walk that needs them is
//! marked as not exact ([`super::SeEstimate::exact`]); everything before and
//! after such a step is Sudoku Explainer's own walk.
//!
//! * single-digit patterns and X-chains/loops: a cycle of Sudoku Explainer,
//!   6.6 plus its length bonus; closed XY-loops its Y-cycles
//!   ([`sudoku_logic::xy_chain_se`]), open XY-chains 6.9 plus the bonus of
//!   their 2N candidates; a WXYZ-wing 7.1, a short cell forcing chain;
//! * trial and error: at depth 1 7.2 plus 0.1 per propagation round past two
//!   (at most 7.9), at depth 2 8.3 plus 0.1 per round (at most 9.4).

use sudoku_logic::{Candidates, Detail, Step, Technique};

/// The techniques asked as stand-ins, cheapest floor first.
pub(crate) const STAND_INS: [Technique; 10] = [
    Technique::XyChain,
    Technique::Skyscraper,
    Technique::TwoStringKite,
    Technique::TurbotFish,
    Technique::EmptyRectangle,
    Technique::WWing,
    Technique::XLoop,
    Technique::XChain,
    Technique::DigitContradictionChain,
    Technique::WxyzWing,
];

/// Sudoku Explainer's length bonus: 0.1 for each of the thresholds 4, 6, 8,
/// 12, 16, 24, 32 that `nodes` exceeds.
pub(crate) fn length_bonus(nodes: usize) -> f64 {
    let n = [4, 6, 8, 12, 16, 24, 32]
        .iter()
        .filter(|&&t| nodes > t)
        .count();
    n as f64 / 10.0
}

/// Rounds to one decimal, as Sudoku Explainer prints.
pub(crate) fn tenth(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// The stand-in price of `step`, found in `pos`.
pub(crate) fn price(step: &Step, _pos: &Candidates) -> f64 {
    match (&step.detail, step.technique) {
        (_, Technique::WxyzWing) => 7.1,
        (_, Technique::WWing) => 6.6,
        (Detail::XyChain { length, closed }, _) => {
            if *closed {
                sudoku_logic::xy_chain_se(*length)
            } else {
                tenth(6.9 + length_bonus(2 * length))
            }
        }
        (Detail::SingleDigitChain { length, .. }, _)
        | (Detail::DigitContradiction { length, .. }, _) => tenth(6.6 + length_bonus(*length)),
        (Detail::Trial { depth, cost, .. }, _) => {
            let bonus = cost.saturating_sub(2) as f64 / 10.0;
            if *depth >= 2 {
                tenth(8.3 + bonus.min(1.1))
            } else {
                tenth(7.2 + bonus.min(0.7))
            }
        }
        _ => 6.6,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_bonus_thresholds() {
        assert_eq!(length_bonus(4), 0.0);
        assert_eq!(length_bonus(5), 0.1);
        assert_eq!(tenth(6.6 + length_bonus(8)), 6.8);
        assert_eq!(tenth(6.6 + length_bonus(12)), 6.9);
    }
}
