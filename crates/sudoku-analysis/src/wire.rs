//! The one JSON format of a step, a rating, an analysis and a hint: what
//! `sudoku explain --format json`, `sudoku hint --format json`,
//! `GET /api/explain`, `POST /api/hint` and the pages read. Its schema is
//! `docs/wire-format.v1.schema.json`.
//!
//! One cell encoding throughout: a cell is written `r3c5` (1-based row and
//! column), a digit is its value 1–9, a grid an 81-character line with `.`
//! for an empty cell. The CLI and the server build these values with the same
//! functions, so one step serialises to the same bytes in both (a test holds
//! them to it).

use serde::Serialize;
use sudoku_core::{Cell, CellSet, Digit, Grid, House, Variant};
use sudoku_explain::{HintLevel, Lang, Shape};
use sudoku_logic::{
    Cause, Forcing as LogicForcing, ForcingKind, ImplicationNode, LinkKind, Literal,
};
use sudoku_trainer::explain::Subject;

/// The version of this format (the schema's file name carries it).
pub const VERSION: u32 = 1;

/// A grid as an 81-character line, `.` for an empty cell.
pub fn grid_line(g: &Grid) -> String {
    g.to_line(sudoku_core::Notation::Digits, '.')
}

/// Points rounded to 0.1, as the seed prints them (sums of 0.4 × count would
/// otherwise show binary noise).
pub fn round(points: f64) -> f64 {
    (points * 10.0).round() / 10.0
}

/// A placement or elimination: `{"cell":"r3c5","digit":7}`.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    /// The cell, `r3c5`.
    pub cell: String,
    /// The digit.
    pub digit: u8,
}

impl Candidate {
    /// The candidate `digit` of `cell`.
    pub fn new(cell: Cell, digit: Digit) -> Candidate {
        Candidate {
            cell: cell.to_string(),
            digit: digit.get(),
        }
    }
}

/// A chain link between two candidates.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct Link {
    /// Where it starts.
    pub from: Candidate,
    /// Where it ends.
    pub to: Candidate,
    /// `strong` or `weak`.
    pub kind: &'static str,
}

/// One step of a logical path: what it does, why (text and drawing) and what
/// it costs.
#[derive(Serialize, Debug, Clone)]
pub struct Step {
    /// The technique's stable name (`hidden-single`).
    pub technique: &'static str,
    /// Its display name in the request's language.
    pub name: &'static str,
    /// Digits placed.
    pub placements: Vec<Candidate>,
    /// Candidates removed.
    pub eliminations: Vec<Candidate>,
    /// A chain step's links.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub links: Vec<Link>,
    /// Points on the diagonal solver's scale.
    pub points: f64,
    /// Before candidates are written: how many different placements the
    /// direct methods offered (the seed's extra points for 1–3, halving for
    /// very many).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alternatives: Option<usize>,
    /// The explanation.
    pub text: String,
    /// What the step looks like on the grid (cells, marked candidates, link
    /// arrows, groups, houses, sets), for a page to draw.
    pub shapes: Vec<Shape>,
    /// A forcing step's proof in Eureka notation, one branch after the other.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub compact: Option<String>,
    /// A forcing step's implication trees.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub forcing: Option<Forcing>,
}

impl Step {
    /// The wire form of `step` with its explanation `text` and its `shapes`.
    pub fn new(step: &sudoku_logic::Step, text: String, shapes: Vec<Shape>, lang: Lang) -> Step {
        Step {
            technique: step.technique.name(),
            name: sudoku_explain::technique_name(step.technique, lang),
            placements: step
                .placements
                .iter()
                .map(|p| Candidate::new(p.cell, p.digit))
                .collect(),
            eliminations: step
                .eliminations
                .iter()
                .map(|e| Candidate::new(e.cell, e.digit))
                .collect(),
            links: step
                .links
                .iter()
                .map(|l| Link {
                    from: Candidate::new(l.from.0, l.from.1),
                    to: Candidate::new(l.to.0, l.to.1),
                    kind: match l.kind {
                        LinkKind::Strong => "strong",
                        LinkKind::Weak => "weak",
                    },
                })
                .collect(),
            points: round(step.points),
            alternatives: step.alternatives,
            text,
            shapes,
            compact: sudoku_explain::compact(step),
            forcing: match &step.detail {
                sudoku_logic::Detail::Forcing(f) => Some(Forcing::new(f)),
                _ => None,
            },
        }
    }

    /// The wire form of `step`, explained and drawn in the position `before`
    /// it was found in.
    pub fn at(step: &sudoku_logic::Step, before: &sudoku_logic::Candidates, lang: Lang) -> Step {
        Step::new(
            step,
            sudoku_explain::render_at(step, before, lang),
            sudoku_explain::shapes_at(step, before),
            lang,
        )
    }
}

/// One node of an implication tree.
#[derive(Serialize, Debug, Clone)]
pub struct Node {
    /// The cell, `r3c5`.
    pub cell: String,
    /// The digit.
    pub digit: u8,
    /// Whether the candidate is true (on) or false (off).
    pub on: bool,
    /// `assumption`, `same-cell`, `same-house`, `naked-single`,
    /// `hidden-single`, `technique`, or `conclusion` for the step's
    /// conclusion.
    pub cause: &'static str,
    /// The house of a `same-house` or `hidden-single` cause.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub house: Option<String>,
    /// The technique of a `technique` cause (stable name).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub technique: Option<&'static str>,
    /// When that technique is itself a forcing step: its index in the
    /// step's [`Forcing::nested`], so that a page can open it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nested: Option<usize>,
    /// The nodes it follows from (indices into the branch's nodes).
    pub parents: Vec<usize>,
}

/// One branch of a forcing step.
#[derive(Serialize, Debug, Clone)]
pub struct Branch {
    /// The nodes, each after its parents.
    pub nodes: Vec<Node>,
    /// The node(s) the branch concludes from (two for a contradiction).
    pub conclusion: Vec<usize>,
}

/// A forcing step's trees.
#[derive(Serialize, Debug, Clone)]
pub struct Forcing {
    /// `cycle`, `chain`, `contradiction`, `double-implication`, `cell` or
    /// `region`.
    pub kind: &'static str,
    /// Whether the implications are dynamic.
    pub dynamic: bool,
    /// Sudoku Explainer's nesting level.
    pub level: u8,
    /// The branches.
    pub branches: Vec<Branch>,
    /// The literal every branch ends in.
    pub conclusion: Node,
    /// The forcing steps its `technique` nodes rest on, by their `nested`
    /// index (for nested forcing chains; empty otherwise).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub nested: Vec<Forcing>,
}

impl Forcing {
    /// The wire form of a forcing step's proof.
    pub fn new(f: &LogicForcing) -> Forcing {
        let node = |l: Literal, cause: Cause, parents: &[usize]| {
            let (name, house, technique, nested) = match cause {
                Cause::Assumption => ("assumption", None, None, None),
                Cause::SameCell => ("same-cell", None, None, None),
                Cause::SameHouse(h) => ("same-house", Some(h.to_string()), None, None),
                Cause::NakedSingle => ("naked-single", None, None, None),
                Cause::HiddenSingle(h) => ("hidden-single", Some(h.to_string()), None, None),
                Cause::Technique { technique, nested } => {
                    ("technique", None, Some(technique.name()), nested)
                }
            };
            Node {
                cell: l.cell.to_string(),
                digit: l.digit.get(),
                on: l.on,
                cause: name,
                house,
                technique,
                nested,
                parents: parents.to_vec(),
            }
        };
        let kind = match f.kind {
            ForcingKind::Cycle { .. } => "cycle",
            ForcingKind::Chain { .. } => "chain",
            ForcingKind::Contradiction => "contradiction",
            ForcingKind::DoubleImplication => "double-implication",
            ForcingKind::Cell { .. } => "cell",
            ForcingKind::Region { .. } => "region",
        };
        Forcing {
            kind,
            dynamic: f.dynamic,
            level: f.level,
            branches: f
                .branches
                .iter()
                .map(|b| Branch {
                    nodes: b
                        .nodes
                        .iter()
                        .map(|n: &ImplicationNode| node(n.literal, n.cause, &n.parents))
                        .collect(),
                    conclusion: b.conclusion.clone(),
                })
                .collect(),
            // The literal every branch ends in; its causes are in the branches.
            conclusion: Node {
                cause: "conclusion",
                ..node(f.conclusion, Cause::Assumption, &[])
            },
            nested: f.nested.iter().map(Forcing::new).collect(),
        }
    }
}

/// A rating: the keys of `sudoku rate`, with the level words in the
/// request's language beside the stable names.
#[derive(Serialize, Debug, Clone)]
pub struct Rating {
    /// Total points (the diagonal solver's scale).
    pub points: f64,
    /// The seed's normalised score: the points as if the puzzle had 17
    /// givens ([`sudoku_rate::normalised_points`]).
    pub normalised: f64,
    /// Their Euclidean norm.
    pub norm2: f64,
    /// The largest step's points.
    pub max: f64,
    /// The seed's text level (`very easy` … `really difficult`).
    pub level: &'static str,
    /// That level in the request's language.
    pub level_text: &'static str,
    /// The trainer's level (`easy` … `extremely-hard`).
    pub trainer_level: &'static str,
    /// That level in the request's language.
    pub trainer_level_text: String,
    /// Sudoku Explainer's ER (null where its walk got stuck).
    pub se: Option<f64>,
    /// Sudoku Explainer's EP.
    pub se_ep: Option<f64>,
    /// Sudoku Explainer's ED.
    pub se_ed: Option<f64>,
    /// HoDoKu's score (null where its walk got stuck).
    pub hodoku_score: Option<u32>,
    /// HoDoKu's level (`Easy` … `Extreme`).
    pub hodoku_level: Option<&'static str>,
    /// That level in the request's language.
    pub hodoku_level_text: Option<&'static str>,
    /// Steps on our path (writing candidates included).
    pub steps: usize,
    /// False when trial and error was needed.
    pub logic_only: bool,
    /// How often each technique was used (stable name → count), in table
    /// order.
    pub techniques: serde_json::Map<String, serde_json::Value>,
}

impl Rating {
    /// The wire form of `r`, its level words in `lang`; `None` when `r` lacks
    /// our points or the trainer's level (a rating of fewer scales).
    pub fn new(r: &sudoku_rate::Rating, givens: usize, lang: Lang) -> Option<Rating> {
        let de = lang == Lang::De;
        let (walk, trainer_level) = (r.walk.as_ref()?, r.trainer_level?);
        Some(Rating {
            points: round(walk.points),
            normalised: round(sudoku_rate::normalised_points(walk.points, givens)),
            norm2: round(walk.norm2),
            max: round(walk.max),
            level: walk.level.name(),
            level_text: if de {
                walk.level.name_de()
            } else {
                walk.level.name()
            },
            trainer_level: trainer_level.name(),
            trainer_level_text: level_text(trainer_level, lang),
            se: r.se.map(|s| s.er),
            se_ep: r.se.map(|s| s.ep),
            se_ed: r.se.map(|s| s.ed),
            hodoku_score: r.hodoku.map(|h| h.score),
            hodoku_level: r.hodoku.map(|h| h.level.name()),
            hodoku_level_text: r.hodoku.map(|h| {
                if de {
                    h.level.name_de()
                } else {
                    h.level.name()
                }
            }),
            steps: walk.steps,
            logic_only: walk.logic_only,
            techniques: walk
                .techniques
                .iter()
                .map(|(t, n)| (t.name().to_string(), serde_json::Value::from(*n)))
                .collect(),
        })
    }
}

/// The trainer's level as a word in `lang` ("Very hard" / "Sehr schwer").
pub fn level_text(level: sudoku_trainer::Level, lang: Lang) -> String {
    match lang {
        Lang::De => sudoku_trainer::explain::de(Subject::Level(level)),
        Lang::En => sudoku_trainer::explain::en(Subject::Level(level)),
    }
}

/// The position a step was found in: the board, and the candidates once
/// they are written (null before).
#[derive(Serialize, Debug, Clone)]
pub struct Position {
    /// The digits placed, an 81-character line.
    pub board: String,
    /// Each cell's candidates (empty for a filled cell), or null before the
    /// candidates are written.
    pub candidates: Option<Vec<Vec<u8>>>,
}

impl Position {
    /// The wire form of `pos`.
    pub fn new(pos: &sudoku_logic::Candidates) -> Position {
        let candidates = pos.is_written().then(|| {
            Cell::all()
                .map(|c| {
                    if pos.get(c).is_some() {
                        Vec::new()
                    } else {
                        pos.candidates(c).iter().map(|d| d.get()).collect()
                    }
                })
                .collect()
        });
        Position {
            board: grid_line(pos.grid()),
            candidates,
        }
    }
}

/// One puzzle analysed: its status, its path step by step and its rating.
#[derive(Serialize, Debug)]
pub struct Analysis {
    /// The puzzle (the CLI writes the input as given, the server the grid).
    pub puzzle: String,
    /// The variant's name.
    pub variant: &'static str,
    /// `unique` (explained to the end), `unsolved` (stopped early), `none`,
    /// `multiple`, or `invalid` (the CLI's, for a line that is not a puzzle).
    pub status: &'static str,
    /// Why there is no (whole) path, else null.
    pub error: Option<String>,
    /// For a puzzle with no or several solutions: another variant in which it
    /// has exactly one (`diagonal` for a diagonal puzzle entered as
    /// standard); left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unique_as: Option<&'static str>,
    /// The steps (null unless explained).
    pub steps: Option<Vec<Step>>,
    /// The position each step was found in, when asked for (the printable
    /// solution path draws them).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub positions: Option<Vec<Position>>,
    /// The board after the last step (null unless explained).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end: Option<String>,
    /// With `--until`: how many steps are shown (the path was cut there).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub until: Option<usize>,
    /// With `--until`: the position after the last step shown, with its
    /// candidates (what `steps` or `hint` take next).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stop: Option<Position>,
    /// The rating (null unless rated).
    pub rating: Option<Rating>,
    /// The rating as the rate crate has it, for a text renderer.
    #[serde(skip)]
    pub rated: Option<sudoku_rate::Rating>,
}

impl Analysis {
    /// An analysis of `puzzle` with nothing found yet (status `invalid`).
    pub fn empty(puzzle: String, variant: Variant) -> Analysis {
        Analysis {
            puzzle,
            variant: variant.name(),
            status: "invalid",
            error: None,
            unique_as: None,
            steps: None,
            positions: None,
            end: None,
            until: None,
            stop: None,
            rating: None,
            rated: None,
        }
    }
}

/// A house in a hint: its name and cells (as in each level of the hint).
#[derive(Serialize, Debug, Clone)]
pub struct HintHouse {
    /// `row 3`, `box 5`, … in the hint's language.
    pub name: String,
    /// Its cells.
    pub cells: Vec<String>,
}

impl HintHouse {
    /// The wire form of `house`, named in `lang`.
    pub fn new(house: House, lang: Lang) -> HintHouse {
        HintHouse {
            name: sudoku_explain::house_name(house, lang),
            cells: cells(Variant::house_cells(house)),
        }
    }
}

/// Cells as `r3c5` names, in ascending order.
pub fn cells(set: CellSet) -> Vec<String> {
    set.iter().map(|c| c.to_string()).collect()
}

/// What went wrong in a player's position.
#[derive(Serialize, Debug, Clone)]
pub struct HintMistake {
    /// `wrong-entry` or `lost-candidate`.
    pub kind: &'static str,
    /// The cell.
    pub cell: String,
    /// The digit entered (wrong entry) or lost from the marks.
    pub digit: u8,
    /// The sentence saying so.
    pub text: String,
}

impl HintMistake {
    /// The wire form of `m`, told in `lang`.
    pub fn new(m: &sudoku_trainer::Mistake, lang: Lang) -> HintMistake {
        let subject = Subject::Mistake(m);
        let text = match lang {
            Lang::De => sudoku_trainer::explain::de(subject),
            Lang::En => sudoku_trainer::explain::en(subject),
        };
        let (kind, digit) = match *m {
            sudoku_trainer::Mistake::WrongEntry { digit, .. } => ("wrong-entry", digit),
            sudoku_trainer::Mistake::LostCandidate { digit, .. } => ("lost-candidate", digit),
        };
        HintMistake {
            kind,
            cell: m.cell().to_string(),
            digit: digit.get(),
            text,
        }
    }
}

/// The next step for a position, told at three levels, or why there is none.
#[derive(Serialize, Debug)]
pub struct Hint {
    /// The puzzle's givens.
    pub puzzle: String,
    /// The variant's name.
    pub variant: &'static str,
    /// `ok`, `solved`, `stuck`, `mistake`, or a refusal (`invalid`, `none`,
    /// `multiple`).
    pub status: &'static str,
    /// A refusal's message.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The mistake (status `mistake`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mistake: Option<HintMistake>,
    /// The whole step (status `ok`).
    pub step: Option<Step>,
    /// The cells of the step's pattern.
    pub cells: Vec<String>,
    /// The houses its reasoning uses.
    pub houses: Vec<HintHouse>,
    /// Level 1 (where to look), 2 (the pattern) and 3 (the whole step).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub levels: Option<[HintLevel; 3]>,
}

impl Hint {
    fn base(puzzle: &Grid, variant: Variant, status: &'static str) -> Hint {
        Hint {
            puzzle: grid_line(puzzle),
            variant: variant.name(),
            status,
            error: None,
            mistake: None,
            step: None,
            cells: Vec::new(),
            houses: Vec::new(),
            levels: None,
        }
    }

    /// The hint of `step`, found in the position `before`.
    pub fn step(
        puzzle: &Grid,
        variant: Variant,
        step: &sudoku_logic::Step,
        before: &sudoku_logic::Candidates,
        lang: Lang,
    ) -> Hint {
        Hint {
            step: Some(Step::at(step, before, lang)),
            cells: cells(step.cells),
            houses: step
                .houses
                .iter()
                .map(|&h| HintHouse::new(h, lang))
                .collect(),
            levels: Some(sudoku_explain::graded(step, before, lang).levels),
            ..Hint::base(puzzle, variant, "ok")
        }
    }

    /// Every cell is filled.
    pub fn solved(puzzle: &Grid, variant: Variant) -> Hint {
        Hint::base(puzzle, variant, "solved")
    }

    /// No technique applies.
    pub fn stuck(puzzle: &Grid, variant: Variant) -> Hint {
        Hint::base(puzzle, variant, "stuck")
    }

    /// The position has gone wrong.
    pub fn mistake(
        puzzle: &Grid,
        variant: Variant,
        m: &sudoku_trainer::Mistake,
        lang: Lang,
    ) -> Hint {
        Hint {
            mistake: Some(HintMistake::new(m, lang)),
            ..Hint::base(puzzle, variant, "mistake")
        }
    }

    /// No hint can be given: `status` says why, `message` in words.
    pub fn refused(puzzle: &Grid, variant: Variant, status: &'static str, message: String) -> Hint {
        Hint {
            error: Some(message),
            ..Hint::base(puzzle, variant, status)
        }
    }
}

/// Every step available at a position, easiest first (`sudoku steps`,
/// `POST /api/steps`): HoDoKu's "all steps", Sudoku Explainer's "get all
/// hints", each step as `explain` writes it.
#[derive(Serialize, Debug)]
pub struct StepList {
    /// The puzzle's givens.
    pub puzzle: String,
    /// The variant's name.
    pub variant: &'static str,
    /// `ok`, `solved`, `mistake`, or a refusal (`invalid`, `none`,
    /// `multiple`, `invalid-candidates`, …).
    pub status: &'static str,
    /// A refusal's message.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The mistake (status `mistake`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mistake: Option<HintMistake>,
    /// The steps, easiest first: the techniques in the walk's order, each
    /// with every instance it finds (empty unless status `ok`).
    pub steps: Vec<Step>,
}

impl StepList {
    /// The steps of `pos`, found by [`sudoku_logic::all_steps`], explained in
    /// `lang`.
    pub fn new(
        puzzle: &Grid,
        variant: Variant,
        steps: &[sudoku_logic::Step],
        pos: &sudoku_logic::Candidates,
        lang: Lang,
    ) -> StepList {
        StepList {
            steps: steps.iter().map(|s| Step::at(s, pos, lang)).collect(),
            ..StepList::status(puzzle, variant, "ok")
        }
    }

    /// A list with no steps and `status`.
    pub fn status(puzzle: &Grid, variant: Variant, status: &'static str) -> StepList {
        StepList {
            puzzle: grid_line(puzzle),
            variant: variant.name(),
            status,
            error: None,
            mistake: None,
            steps: Vec::new(),
        }
    }

    /// The position has gone wrong.
    pub fn mistake(
        puzzle: &Grid,
        variant: Variant,
        m: &sudoku_trainer::Mistake,
        lang: Lang,
    ) -> StepList {
        StepList {
            mistake: Some(HintMistake::new(m, lang)),
            ..StepList::status(puzzle, variant, "mistake")
        }
    }
}
