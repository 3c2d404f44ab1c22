//! Trial and error: which assumption was made and which contradiction it runs
//! into.
//!
//! The step records the refuted candidate, the depth and the propagation cost,
//! and usually the refutation's implication tree, which is worded implication
//! by implication after the summary. Given the position before the step, this module
//! replays the assumption with the same kinds of propagation the logic crate
//! uses (all singles at once; else all locked candidates; else all naked and
//! hidden pairs) and names the first contradiction it meets. Without the
//! position, or when the replay does not break (depth 2 needs inner
//! refutations, which are replayed only within a small budget), the text still
//! says what was assumed and that it broke the position.

use crate::Lang;
use crate::words::in_house;
use sudoku_core::{Cell, Digit, House};
use sudoku_logic::{ApplyError, Candidates, Contradiction, FindMode, Forcing, Step, Technique};

/// How an assumed position breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Broken {
    /// An empty cell without candidates.
    EmptyCell(Cell),
    /// A digit without a place in a house.
    Missing(House, Digit),
    /// A digit placed twice in a house.
    Twice(House, Digit),
    /// A cell that would have to take two digits.
    TwoDigits(Cell, Digit, Digit),
    /// Some other contradiction the logic crate reports.
    Other,
}

/// The rows a propagation round may use, tried group by group.
const ROUNDS: [&[Technique]; 3] = [
    &[
        Technique::FullHouse,
        Technique::HiddenSingle,
        Technique::NakedSingle,
    ],
    &[
        Technique::Pointing,
        Technique::Claiming,
        Technique::LockedCandidates,
    ],
    &[Technique::NakedPair, Technique::HiddenPair],
];

/// Propagates `pos` round by round; the contradiction it ends in, if any.
fn propagate(pos: &mut Candidates) -> Option<Broken> {
    let mut hits = Vec::new();
    // Every round removes something, so 81 × 9 rounds always suffice.
    for _ in 0..729 {
        if let Some(c) = pos.contradiction() {
            return Some(match c {
                Contradiction::EmptyCell(cell) => Broken::EmptyCell(cell),
                Contradiction::MissingDigit(house, digit) => Broken::Missing(house, digit),
                _ => Broken::Other,
            });
        }
        if pos.is_solved() {
            return None;
        }
        hits.clear();
        for group in ROUNDS {
            for t in group {
                let info = t.info();
                if info.phase.allows(pos.is_written()) {
                    info.find(pos, &mut hits, FindMode::All);
                }
            }
            if !hits.is_empty() {
                break;
            }
        }
        if hits.is_empty() {
            return None;
        }
        for step in &hits {
            for p in &step.placements {
                match pos.place(p.cell, p.digit) {
                    Ok(()) => {}
                    Err(ApplyError::CellFilled { cell, held, digit }) if held != digit => {
                        return Some(Broken::TwoDigits(cell, held, digit));
                    }
                    Err(ApplyError::CellFilled { .. }) => {}
                    Err(ApplyError::NotACandidate { cell, digit }) => {
                        let house = pos
                            .variant()
                            .houses_of(cell)
                            .iter()
                            .copied()
                            .find(|h| h.cells().iter().any(|&c| pos.get(c) == Some(digit)));
                        return Some(match house {
                            Some(h) => Broken::Twice(h, digit),
                            None => Broken::EmptyCell(cell),
                        });
                    }
                    Err(_) => return Some(Broken::Other),
                }
            }
            for e in &step.eliminations {
                if pos.get(e.cell).is_none() {
                    let _ = pos.eliminate(e.cell, e.digit);
                }
            }
        }
    }
    None
}

/// The contradiction that assuming `digit` in `cell` leads to, at `depth`.
fn replay(before: &Candidates, cell: Cell, digit: Digit, depth: usize) -> Option<Broken> {
    let mut pos = before.clone();
    if pos.place(cell, digit).is_err() {
        return None;
    }
    if let Some(b) = propagate(&mut pos) {
        return Some(b);
    }
    if depth < 2 {
        return None;
    }
    // Depth 2: refute candidates inside the assumed position by depth-1 trials,
    // a few sweeps at most (explaining must stay cheap).
    for _ in 0..8 {
        let mut refuted = Vec::new();
        for c in pos.empty_cells().iter() {
            for d in pos.candidates(c).iter() {
                let mut inner = pos.clone();
                if inner.place(c, d).is_ok() && propagate(&mut inner).is_some() {
                    refuted.push((c, d));
                }
            }
        }
        if refuted.is_empty() {
            return None;
        }
        for (c, d) in refuted {
            let _ = pos.eliminate(c, d);
        }
        if let Some(b) = propagate(&mut pos) {
            return Some(b);
        }
    }
    None
}

fn describe(b: Broken, lang: Lang) -> Option<String> {
    Some(match (b, lang) {
        (Broken::EmptyCell(c), Lang::En) => format!("{c} has no candidate left"),
        (Broken::EmptyCell(c), Lang::De) => format!("{c} hat keinen Kandidaten mehr"),
        (Broken::Missing(h, d), Lang::En) => {
            format!("{d} has no place left {}", in_house(h, lang))
        }
        (Broken::Missing(h, d), Lang::De) => {
            format!("die {d} hat {} keinen Platz mehr", in_house(h, lang))
        }
        (Broken::Twice(h, d), Lang::En) => format!("{d} would stand twice {}", in_house(h, lang)),
        (Broken::Twice(h, d), Lang::De) => {
            format!("die {d} stünde {} zweimal", in_house(h, lang))
        }
        (Broken::TwoDigits(c, a, b), Lang::En) => {
            format!("{c} would have to hold both {a} and {b}")
        }
        (Broken::TwoDigits(c, a, b), Lang::De) => {
            format!("{c} müsste zugleich die {a} und die {b} enthalten")
        }
        (Broken::Other, _) => return None,
    })
}

/// Explains the refutation of `digit` in `cell`: what was assumed, the
/// propagation that breaks it and, when the step carries its tree, the
/// refutation implication by implication.
pub(crate) fn render(
    _step: &Step,
    name: &str,
    (cell, digit): (Cell, Digit),
    (depth, cost): (usize, usize),
    tree: Option<&Forcing>,
    before: Option<&Candidates>,
    lang: Lang,
) -> Option<String> {
    let found = before
        .and_then(|pos| replay(pos, cell, digit, depth))
        .and_then(|b| describe(b, lang));
    let mut why = match (found, lang) {
        (Some(text), _) => format!(": {text}"),
        (None, _) => String::new(),
    };
    if let Some(walk) = tree
        .and_then(|f| f.branches.first())
        .and_then(|b| crate::forcing::branch(b, false, lang))
    {
        why.push_str(match lang {
            Lang::En => ". Step by step: ",
            Lang::De => ". Schritt für Schritt: ",
        });
        why.push_str(&walk);
    }
    Some(match (depth, lang) {
        (1, Lang::En) => format!(
            "{name}: assume {digit} in {cell}. Propagating singles, locked candidates and pairs breaks the position (cost {cost}){why}. So {digit} can be removed from {cell}."
        ),
        (1, Lang::De) => format!(
            "{name}: Angenommen, in {cell} steht die {digit}. Weiterrechnen mit Singles, Überschneidungen und 2-Tupeln führt zum Widerspruch (Aufwand {cost}){why}. Also kann die {digit} aus {cell} gestrichen werden."
        ),
        (_, Lang::En) => format!(
            "{name} (depth {depth}): assume {digit} in {cell}. Inside that position, further candidates are refuted by depth-1 trials, a sweep over all of them at a time, until the position breaks (cost {cost}){why}. So {digit} can be removed from {cell}."
        ),
        (_, Lang::De) => format!(
            "{name} (Tiefe {depth}): Angenommen, in {cell} steht die {digit}. In dieser Stellung werden weitere Kandidaten durch Versuche der Tiefe 1 widerlegt, in Durchgängen über alle zugleich, bis die Stellung zusammenbricht (Aufwand {cost}){why}. Also kann die {digit} aus {cell} gestrichen werden."
        ),
    })
}
