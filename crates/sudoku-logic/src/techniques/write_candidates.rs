//! Writing candidates: the step from the direct methods to pencil marks.
//!
//! The seed charges extra points for the candidates written, because writing
//! them by hand is work and error-prone: 40 % of their number in its older
//! description, 1/10 since April 2017, "somewhat more" since November 2018
//! without a figure. We charge 1/4 ([`POINTS_PER_CANDIDATE`]), fitted on the
//! seed's worked examples (see the seed-examples test in `sudoku-rate`). It
//! fires once, when the direct methods before it in the table find nothing.

use crate::Candidates;
use crate::step::{Detail, Step};
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};

/// Points per candidate written: between the seed's 1/10 of 2017 and the 40 %
/// of its older description. 0.25 fits its worked examples best since the
/// nice loops score as the seed's last thinning group (see `nice_loop.rs`):
/// 0.3 left 2 of its 25 diagonal and 2 of its 45 standard examples fewer
/// within 15 % of its figure, 0.35 and 0.4 took the diagonal examples' rank
/// correlation below 0.93.
pub(crate) const POINTS_PER_CANDIDATE: f64 = 0.25;

/// Reports the one write-candidates step while candidates are not yet written.
pub(crate) fn find(pos: &Candidates, out: &mut Vec<Step>, _mode: FindMode) {
    if pos.is_written() || pos.is_solved() {
        return;
    }
    let count = pos.candidate_count();
    let mut step = Step::new(
        Technique::WriteCandidates,
        POINTS_PER_CANDIDATE * count as f64,
    );
    step.cells = pos.empty_cells();
    step.detail = Detail::WriteCandidates(WriteCandidates { count });
    out.push(step);
}

/// All candidates were written.
#[derive(Clone, Debug, PartialEq)]
pub struct WriteCandidates {
    /// How many candidates were written.
    pub count: usize,
}

crate::moved_fields!(WriteCandidates { ; count });

/// Catalogue entry: Writing candidates (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const WRITE_CANDIDATES: TechniqueInfo = TechniqueInfo {
    technique: Technique::WriteCandidates, name: "write-candidates", names: Names { en: "Writing candidates", de: "Kandidaten anschreiben" },
    family: Family::Bookkeeping, phase: Phase::Direct, points: 0.0, se: None, finder: find, text: None,
    hodoku: Hodoku { order: Some(0), level: HodokuLevel::Easy, score: 0 },
};

pub(crate) mod told {
    //! This technique's steps told in English and German and drawn, both
    //! from the step struct (see [`crate::describe`]).
    //!
    //! Bookkeeping: writing all candidates, the step from the direct methods to
    //! pencil marks (the diagonal solver charges it 40 % of the candidates written).

    use crate::Step;
    use crate::describe::drawing::Drawing;
    use crate::describe::{Describe, Telling};
    use sudoku_core::Lang;

    /// Explains writing `count` candidates into the step's cells.
    pub(crate) fn render(step: &Step, name: &str, count: usize, lang: Lang) -> Option<String> {
        let empty = step.cells.len();
        Some(match lang {
            Lang::En => format!(
                "{name}: no digit can be placed without candidates any more, so all {count} candidates are written into the {empty} empty cells."
            ),
            Lang::De => format!(
                "{name}: Ohne Kandidaten lässt sich keine Zahl mehr setzen, also werden alle {count} Kandidaten in die {empty} leeren Zellen geschrieben."
            ),
        })
    }

    impl Describe for super::WriteCandidates {
        fn text(&self, step: &Step, at: &Telling<'_>) -> Option<String> {
            render(step, at.name, self.count, at.lang)
        }

        fn draw(&self, _step: &Step, _out: &mut Drawing) {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::{Grid, Variant};

    #[test]
    fn charges_a_quarter_point_per_candidate() {
        let pos = Candidates::new(&Grid::EMPTY, Variant::Standard).unwrap();
        let mut out = Vec::new();
        find(&pos, &mut out, FindMode::All);
        assert_eq!(out.len(), 1);
        assert_eq!(
            out[0].detail,
            Detail::WriteCandidates(WriteCandidates { count: 729 })
        );
        assert!((out[0].points - 182.25).abs() < 1e-9);
        let mut written = pos.clone();
        written.apply(&out[0]).unwrap();
        assert!(written.is_written());
        out.clear();
        find(&written, &mut out, FindMode::All);
        assert!(out.is_empty());
    }
}
