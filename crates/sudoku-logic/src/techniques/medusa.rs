//! 3D Medusa (SudokuWiki): colouring over all digits at once.
//!
//! Simple colours join the candidates of one digit by its conjugate pairs.
//! Medusa adds the second kind of strong link, the two candidates of a
//! bivalue cell, so one cluster spans several digits: along every link
//! exactly one end is true, so the cluster splits into two colours of which
//! exactly one is all true. The strong links come from the variant's house
//! list (rows, columns, boxes, diagonals, colour groups) and "sees" is the
//! variant's peer relation, so every rule holds in every variant.
//!
//! SudokuWiki's six rules, in the order they are tried per cluster:
//!
//! 1. a colour twice in one cell is false;
//! 2. a colour with one digit twice in one house is false;
//! 6. a colour that would empty an uncoloured cell (every candidate there
//!    sees that colour on its digit) is false;
//! 3. a cell holding both colours keeps only those two candidates;
//! 4. an uncoloured candidate seeing both colours of its digit goes;
//! 5. an uncoloured candidate seeing one colour of its digit, in a cell that
//!    holds the other colour, goes.
//!
//! A false colour (rules 1, 2, 6) loses all its candidates. One step per
//! cluster and rule; the step carries both colours (candidates per colour)
//! and the rule, so an explanation can say why. Clusters of one digit are
//! simple colours (earlier in the table) and are left out, as are clusters
//! whose links close an odd cycle (only in a position without solution).
//! Points 10, after the X-chains (SudokuWiki's order); neither Sudoku Explainer nor HoDoKu has
//! the technique.

use super::push_unique;
use crate::Candidates;
use crate::step::{Detail, Elimination, Link, LinkKind, MedusaRule, Step};
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};
use sudoku_core::{Cell, CellSet, Digit, DigitSet, House, Variant};

/// A candidate as an index: cell × 9 + digit index.
type Node = usize;

fn node(cell: Cell, digit: Digit) -> Node {
    cell.index() * 9 + digit.index()
}

fn parts(n: Node) -> Option<(Cell, Digit)> {
    Some((Cell::new(n / 9)?, Digit::from_index(n % 9)?))
}

/// The strong links of every candidate, by node: at most one through its
/// cell and one per house of the cell (seven in colour-diagonal Sudoku), kept
/// in fixed slots so that a search allocates nothing per candidate.
struct Links {
    to: Vec<[u16; 8]>,
    len: Vec<u8>,
}

impl Links {
    /// The nodes strongly linked to `x`.
    fn of(&self, x: Node) -> impl Iterator<Item = Node> + '_ {
        self.to[x][..usize::from(self.len[x])]
            .iter()
            .map(|&y| usize::from(y))
    }

    fn add(&mut self, x: Node, y: Node) {
        let n = usize::from(self.len[x]);
        if n < 8 {
            self.to[x][n] = y as u16;
            self.len[x] += 1;
        }
    }
}

/// The strong links of every candidate: the other candidate of a bivalue
/// cell, and the other place of the digit in a house where it has two.
fn strong_links(pos: &Candidates) -> Links {
    let mut adj = Links {
        to: vec![[0; 8]; 81 * 9],
        len: vec![0; 81 * 9],
    };
    for cell in pos.empty_cells().iter() {
        let cands = pos.candidates(cell);
        if cands.len() == 2 {
            let mut ds = cands.iter();
            if let (Some(a), Some(b)) = (ds.next(), ds.next()) {
                adj.add(node(cell, a), node(cell, b));
                adj.add(node(cell, b), node(cell, a));
            }
        }
    }
    for &house in pos.variant().houses() {
        let cells = Variant::house_cells(house);
        for d in Digit::ALL {
            let places = pos.cells_with(d) & cells;
            if places.len() == 2 {
                let mut it = places.iter();
                if let (Some(a), Some(b)) = (it.next(), it.next()) {
                    let (x, y) = (node(a, d), node(b, d));
                    if !adj.of(x).any(|z| z == y) {
                        adj.add(x, y);
                        adj.add(y, x);
                    }
                }
            }
        }
    }
    adj
}

/// A two-coloured cluster.
struct Cluster {
    /// `colors[k][d]`: the cells where digit index `d` has colour `k`.
    colors: [[CellSet; 9]; 2],
    /// The links that coloured it (a spanning tree, in search order).
    tree: Vec<(Node, Node)>,
}

impl Cluster {
    fn cells(&self) -> CellSet {
        self.colors
            .iter()
            .flatten()
            .fold(CellSet::EMPTY, |acc, &s| acc | s)
    }

    fn digits(&self) -> DigitSet {
        Digit::ALL
            .into_iter()
            .filter(|d| !(self.colors[0][d.index()] | self.colors[1][d.index()]).is_empty())
            .collect()
    }
}

/// The clusters of `pos` spanning two digits or more, without odd cycles.
fn clusters(adj: &Links) -> Vec<Cluster> {
    let mut color = vec![u8::MAX; adj.len.len()];
    let mut out = Vec::new();
    for start in 0..adj.len.len() {
        if adj.len[start] == 0 || color[start] != u8::MAX {
            continue;
        }
        color[start] = 0;
        let mut members = vec![start];
        let mut tree = Vec::new();
        let mut odd = false;
        let mut i = 0;
        while i < members.len() {
            let x = members[i];
            i += 1;
            for y in adj.of(x) {
                if color[y] == u8::MAX {
                    color[y] = 1 - color[x];
                    members.push(y);
                    tree.push((x, y));
                } else if color[y] == color[x] {
                    odd = true;
                }
            }
        }
        if odd {
            continue;
        }
        let mut colors = [[CellSet::EMPTY; 9]; 2];
        for &m in &members {
            if let Some((cell, digit)) = parts(m) {
                colors[usize::from(color[m])][digit.index()].insert(cell);
            }
        }
        let cluster = Cluster { colors, tree };
        if cluster.digits().len() >= 2 {
            out.push(cluster);
        }
    }
    out
}

/// Finds the 3D Medusa steps.
pub(crate) fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    let adj = strong_links(pos);
    let start = out.len();
    for cluster in clusters(&adj) {
        for step in cluster_steps(pos, &cluster) {
            if push_unique(out, start, step) && mode == FindMode::First {
                return;
            }
        }
    }
}

/// The steps of one cluster: a contradiction if there is one, else one step
/// per elimination rule that removes something not removed before.
fn cluster_steps(pos: &Candidates, c: &Cluster) -> Vec<Step> {
    let variant = pos.variant();
    // Per colour and digit, the cells seeing a cell of that colour and digit.
    let seen: [[CellSet; 9]; 2] = std::array::from_fn(|k| {
        std::array::from_fn(|d| {
            c.colors[k][d]
                .iter()
                .fold(CellSet::EMPTY, |acc, x| acc | variant.peers(x))
        })
    });
    if let Some((false_color, rule)) = contradiction(pos, c, &seen) {
        let mut gone = Vec::new();
        for d in Digit::ALL {
            for cell in c.colors[false_color][d.index()].iter() {
                gone.push(Elimination { cell, digit: d });
            }
        }
        return vec![step(c, gone, rule)];
    }
    // Per colour, the cells holding it.
    let holds: [CellSet; 2] =
        std::array::from_fn(|k| c.colors[k].iter().fold(CellSet::EMPTY, |acc, &s| acc | s));
    let mut steps = Vec::new();
    let mut done: [CellSet; 9] = [CellSet::EMPTY; 9];
    for rule in [
        MedusaRule::TwoColorsInCell,
        MedusaRule::SeesBothColors,
        MedusaRule::ColorAndCell,
    ] {
        // Per digit, the uncoloured candidates the rule removes.
        let hits: [CellSet; 9] = std::array::from_fn(|d| {
            let open = pos.cells_with(Digit::ALL[d]) - c.colors[0][d] - c.colors[1][d];
            let hit = match rule {
                MedusaRule::TwoColorsInCell => holds[0] & holds[1],
                MedusaRule::SeesBothColors => seen[0][d] & seen[1][d],
                _ => (seen[0][d] & holds[1]) | (seen[1][d] & holds[0]),
            };
            (open & hit) - done[d]
        });
        let cells = hits.iter().fold(CellSet::EMPTY, |acc, &s| acc | s);
        let mut gone = Vec::new();
        for cell in cells.iter() {
            for d in Digit::ALL {
                if hits[d.index()].contains(cell) {
                    gone.push(Elimination { cell, digit: d });
                }
            }
        }
        if !gone.is_empty() {
            for (d, h) in done.iter_mut().zip(hits) {
                *d |= h;
            }
            steps.push(step(c, gone, rule));
        }
    }
    steps
}

/// The first colour shown false by rules 1, 2 and 6, with the rule.
fn contradiction(
    pos: &Candidates,
    c: &Cluster,
    seen: &[[CellSet; 9]; 2],
) -> Option<(usize, MedusaRule)> {
    for k in 0..2 {
        // Rule 1: two candidates of one colour in a cell.
        let (mut once, mut twice) = (CellSet::EMPTY, CellSet::EMPTY);
        for &cells in &c.colors[k] {
            twice |= once & cells;
            once |= cells;
        }
        if let Some(cell) = twice.first() {
            return Some((k, MedusaRule::TwiceInCell { color: k, cell }));
        }
    }
    for k in 0..2 {
        // Rule 2: one digit twice in a house.
        for &house in pos.variant().houses() {
            for d in Digit::ALL {
                let twice = c.colors[k][d.index()] & Variant::house_cells(house);
                let mut it = twice.iter();
                if let (Some(a), Some(b)) = (it.next(), it.next()) {
                    return Some((k, twice_in_house(k, d, house, [a, b])));
                }
            }
        }
    }
    // Rule 6: an uncoloured cell all of whose candidates see one colour.
    let uncoloured = Digit::ALL
        .iter()
        .fold(CellSet::EMPTY, |acc, &d| acc | pos.cells_with(d))
        - c.cells();
    let emptied: [CellSet; 2] = std::array::from_fn(|k| {
        Digit::ALL.iter().fold(uncoloured, |acc, &d| {
            acc - (pos.cells_with(d) - seen[k][d.index()])
        })
    });
    if let Some(cell) = (emptied[0] | emptied[1]).first() {
        let k = usize::from(!emptied[0].contains(cell));
        return Some((k, MedusaRule::CellEmptied { color: k, cell }));
    }
    None
}

fn twice_in_house(color: usize, digit: Digit, house: House, cells: [Cell; 2]) -> MedusaRule {
    MedusaRule::TwiceInHouse {
        color,
        digit,
        house,
        cells,
    }
}

/// Builds the step of `rule` on cluster `c` removing `gone`.
fn step(c: &Cluster, mut gone: Vec<Elimination>, rule: MedusaRule) -> Step {
    gone.sort_unstable();
    let mut step = Step::new(
        Technique::ThreeDMedusa,
        Technique::ThreeDMedusa.info().points,
    );
    step.eliminations = gone;
    step.cells = c.cells();
    step.digits = c.digits();
    step.links = c
        .tree
        .iter()
        .filter_map(|&(x, y)| {
            Some(Link {
                from: parts(x)?,
                to: parts(y)?,
                kind: LinkKind::Strong,
            })
        })
        .collect();
    if let MedusaRule::TwiceInHouse { house, .. } = rule {
        step.houses.push(house);
    }
    step.detail = Detail::Medusa(Medusa {
        colors: c.colors,
        rule,
    });
    step
}

/// 3D Medusa: colouring over every digit. Bivalue cells and conjugate
/// pairs (a digit with two places in a house) join candidates into one
/// cluster of two colours, exactly one of which is all true; `rule` says
/// which of SudokuWiki's six rules removes the candidates.
#[derive(Clone, Debug, PartialEq)]
pub struct Medusa {
    /// The candidates of each colour: `colors[k][d]` are the cells where
    /// digit `d` (by index) has colour `k`.
    pub colors: [[CellSet; 9]; 2],
    /// The rule that fired.
    pub rule: MedusaRule,
}

impl crate::Moved for Medusa {
    fn moved(&self, t: &sudoku_core::Transform) -> Medusa {
        // The colours are indexed by digit: a relabelling moves the index.
        let mut colors = [[CellSet::EMPTY; 9]; 2];
        for (k, per_digit) in self.colors.iter().enumerate() {
            for d in Digit::ALL {
                colors[k][d.moved(t).index()] = per_digit[d.index()].moved(t);
            }
        }
        let rule = match self.rule {
            MedusaRule::TwiceInCell { color, cell } => MedusaRule::TwiceInCell {
                color,
                cell: cell.moved(t),
            },
            MedusaRule::TwiceInHouse {
                color,
                digit,
                house,
                cells,
            } => {
                // The two cells in cell order.
                let mut cells = cells.moved(t);
                cells.sort();
                MedusaRule::TwiceInHouse {
                    color,
                    digit: digit.moved(t),
                    house: house.moved(t),
                    cells,
                }
            }
            MedusaRule::CellEmptied { color, cell } => MedusaRule::CellEmptied {
                color,
                cell: cell.moved(t),
            },
            MedusaRule::TwoColorsInCell => MedusaRule::TwoColorsInCell,
            MedusaRule::SeesBothColors => MedusaRule::SeesBothColors,
            MedusaRule::ColorAndCell => MedusaRule::ColorAndCell,
        };
        Medusa { colors, rule }
    }
}

/// Catalogue entry: 3D Medusa (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const THREE_DMEDUSA: TechniqueInfo = TechniqueInfo {
    technique: Technique::ThreeDMedusa, name: "three-d-medusa", names: Names { en: "3D Medusa", de: "3D-Medusa" },
    family: Family::Coloring, phase: Phase::OnCandidates, points: 10.0, se: None, finder: find, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};

pub(crate) mod told {
    //! This technique's steps told in English and German and drawn, both
    //! from the step struct (see [`crate::describe`]).
    //!
    //! Colouring on one digit (Färbung): Simple Colors (colour wrap and colour
    //! trap) and Multi Colors (Farben). The clusters' colours are named blue/green
    //! and, for the second cluster of multi colours, red/yellow.

    use crate::describe::drawing::{CellRole, Drawing, MarkRole};
    use crate::describe::words::in_house;
    use crate::describe::words::{cells, removal, so, upper_first};
    use crate::describe::{Describe, Telling};
    use crate::techniques::coloring::told::{adjective, candidates, color_names};
    use crate::{MedusaRule, Step};
    use sudoku_core::DigitSet;
    use sudoku_core::Lang;
    use sudoku_core::{CellSet, Digit};

    /// Explains a 3D Medusa step: the two colours (candidates per colour) and the
    /// rule that removes the candidates.
    pub(crate) fn medusa(
        step: &Step,
        name: &str,
        colors: &[[CellSet; 9]; 2],
        rule: MedusaRule,
        lang: Lang,
    ) -> Option<String> {
        let names = color_names(lang);
        let name_of = |k: usize| names.get(k).copied().unwrap_or("?");
        let then = so(&removal(&step.eliminations, lang), lang);
        let gone: CellSet = step.eliminations.iter().map(|e| e.cell).collect();
        let one = gone.len() == 1;
        // One candidate removed, or several (rules 4 and 5 speak of candidates).
        let single = step.eliminations.len() == 1;
        let (blue, green) = (name_of(0), name_of(1));
        let (blue_cands, green_cands) = (candidates(&colors[0]), candidates(&colors[1]));
        let clusters = match lang {
            Lang::En => format!(
                "bivalue cells and conjugate pairs join candidates of several digits into one cluster of two colours, {blue} ({blue_cands}) and {green} ({green_cands}); along every link exactly one end is true, so exactly one colour is true."
            ),
            Lang::De => format!(
                "bivalente Zellen und konjugierte Paare verbinden Kandidaten mehrerer Zahlen zu einem Verbund mit zwei Farben, {blue} ({blue_cands}) und {green} ({green_cands}); in jeder Verbindung ist genau ein Ende wahr, also ist genau eine Farbe wahr."
            ),
        };
        // The uncoloured candidates the rules 4 and 5 remove, as a subject.
        let uncoloured = match (lang, single) {
            (Lang::En, true) => "This uncoloured candidate sees",
            (Lang::En, false) => "Each of these uncoloured candidates sees",
            (Lang::De, true) => "Dieser ungefärbte Kandidat sieht",
            (Lang::De, false) => "Jeder dieser ungefärbten Kandidaten sieht",
        };
        let reason = match rule {
            MedusaRule::TwiceInCell { color, cell } => {
                let false_color = name_of(color);
                match lang {
                    Lang::En => format!(
                        "{cell} holds two {false_color} candidates, but a cell takes only one digit: {false_color} is false, {then}"
                    ),
                    Lang::De => format!(
                        "{cell} enthält zwei {} Kandidaten, eine Zelle nimmt aber nur eine Zahl auf: {false_color} ist falsch, {then}",
                        adjective(color, lang)
                    ),
                }
            }
            MedusaRule::TwiceInHouse {
                color,
                digit,
                house,
                cells: [a, b],
            } => {
                let (false_color, there) = (name_of(color), in_house(house, lang));
                match lang {
                    Lang::En => format!(
                        "{} would put {digit} into both {a} and {b} {there}: {false_color} is false, {then}",
                        upper_first(false_color)
                    ),
                    Lang::De => format!(
                        "{false_color} würde die {digit} {there} sowohl nach {a} als auch nach {b} setzen: {false_color} ist falsch, {then}"
                    ),
                }
            }
            MedusaRule::CellEmptied { color, cell } => {
                let false_color = name_of(color);
                match lang {
                    Lang::En => format!(
                        "Every candidate of {cell} sees a {false_color} candidate of its digit: if {false_color} were true, {cell} would be left empty. So {false_color} is false, {then}"
                    ),
                    Lang::De => format!(
                        "Jeder Kandidat von {cell} sieht einen {}n Kandidaten seiner Zahl: wäre {false_color} wahr, bliebe {cell} leer. {false_color} ist also falsch, {then}",
                        adjective(color, lang)
                    ),
                }
            }
            MedusaRule::TwoColorsInCell => {
                let gone = cells(gone);
                match lang {
                    Lang::En => format!(
                        "{gone} {} a candidate of each colour, one of which is true; {} no other digit, {then}",
                        if one { "holds" } else { "hold" },
                        if one { "it takes" } else { "they take" }
                    ),
                    Lang::De => format!(
                        "{gone} {} einen Kandidaten jeder Farbe, von denen einer wahr ist, und {} daher keine andere Zahl auf, {then}",
                        if one { "enthält" } else { "enthalten" },
                        if one { "nimmt" } else { "nehmen" }
                    ),
                }
            }
            MedusaRule::SeesBothColors => match lang {
                Lang::En => format!(
                    "{uncoloured} a {blue} and a {green} candidate of its digit, one of which is true, {then}"
                ),
                Lang::De => format!(
                    "{uncoloured} einen {}n und einen {}n Kandidaten seiner Zahl, von denen einer wahr ist, {then}",
                    adjective(0, lang),
                    adjective(1, lang)
                ),
            },
            MedusaRule::ColorAndCell => match lang {
                Lang::En => format!(
                    "{uncoloured} one colour on its digit and shares its cell with a candidate of the other colour: whichever colour is true rules it out, {then}"
                ),
                Lang::De => format!(
                    "{uncoloured} eine Farbe auf seiner Zahl und teilt seine Zelle mit einem Kandidaten der anderen Farbe: welche Farbe auch wahr ist, sie schließt ihn aus, {then}"
                ),
            },
        };
        Some(match lang {
            Lang::En => format!("{name}: {clusters} {reason}"),
            Lang::De => format!("{name}: {} {reason}", upper_first(&clusters)),
        })
    }

    impl Describe for super::Medusa {
        fn text(&self, step: &Step, at: &Telling<'_>) -> Option<String> {
            medusa(step, at.name, &self.colors, self.rule, at.lang)
        }

        /// The two colours as pattern and alternative marks (a colour shown
        /// false as off, the other as on), with the links that coloured them.
        fn draw(&self, step: &Step, out: &mut Drawing) {
            let false_color = match self.rule {
                MedusaRule::TwiceInCell { color, .. }
                | MedusaRule::TwiceInHouse { color, .. }
                | MedusaRule::CellEmptied { color, .. } => Some(color),
                _ => None,
            };
            let roles = match false_color {
                Some(0) => [MarkRole::Off, MarkRole::On],
                Some(_) => [MarkRole::On, MarkRole::Off],
                None => [MarkRole::Pattern, MarkRole::Alt],
            };
            for (per_digit, role) in self.colors.iter().zip(roles) {
                for digit in Digit::ALL {
                    let cells = per_digit[digit.index()];
                    out.cells(cells, CellRole::Pattern);
                    out.marks(cells, DigitSet::single(digit), role);
                }
            }
            out.arrows(&step.links);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_util::*;

    const RULE_5: &str =
        "6..1..28..532..197...7..64....8...6..9.5..73...24...5....67.3.9....2.5..1.......6";
    const RULE_4: &str =
        "..2.5...11......7..6.....8...6.34.....9.1.3.....596.24.81362..7627..5...3.5.7.2..";

    fn rule_4_position() -> Candidates {
        position_with(
            RULE_4,
            Variant::Standard,
            "r1c1-4 r1c2-34 r1c4-79 r1c6-7 r1c8-69 r2c2-4 r2c4-28 r2c6-8 r2c9-369 r3c1-47 \
             r3c4-249 r3c6-39 r4c7-159 r6c2-7 r8c7-49 r8c9-8",
        )
    }

    fn rule(step: &Step) -> MedusaRule {
        match step.detail {
            Detail::Medusa(Medusa { rule, .. }) => rule,
            _ => panic!("not medusa: {:?}", step.detail),
        }
    }

    /// From the path of a top1465 puzzle: a cluster over 3, 4 and 9; (4)r2c7
    /// sees the green (4)r2c3 and the blue (4)r1c8.
    #[test]
    fn uncoloured_candidate_seeing_both_colours() {
        let pos = rule_4_position();
        let steps = run(find, &pos);
        assert_sound(RULE_4, Variant::Standard, &steps);
        let hit = steps
            .iter()
            .find(|s| eliminations(s) == "r2c7-4")
            .expect("the step of the path");
        assert_eq!(rule(hit), MedusaRule::SeesBothColors);
        let Detail::Medusa(Medusa { colors, .. }) = hit.detail else {
            unreachable!()
        };
        let four = Digit::new(4).expect("digit").index();
        assert_eq!(
            colors[1][four],
            CellSet::single(Cell::at(1, 2).expect("r2c3"))
        );
        assert_eq!(hit.digits.len(), 3);
        assert_eq!(hit.points, 10.0);
    }

    /// From the path of another top1465 puzzle: (2)r9c2 sees a blue 2 and
    /// shares its cell with a green candidate.
    #[test]
    fn colour_and_cell() {
        let pos = position_with(
            RULE_5,
            Variant::Standard,
            "r3c1-8 r4c1-4 r4c2-37 r4c3-17 r4c6-1 r4c9-1 r5c6-1 r6c1-8 r6c2-17 r6c6-1 r7c1-48 \
             r7c6-5 r8c1-478 r8c2-3 r8c3-9 r8c6-39 r8c9-1 r9c2-48 r9c3-458 r9c5-39 r9c6-39",
        );
        let steps = run(find, &pos);
        assert_sound(RULE_5, Variant::Standard, &steps);
        let hit = steps
            .iter()
            .find(|s| rule(s) == MedusaRule::ColorAndCell)
            .expect("rule 5");
        assert_eq!(eliminations(hit), "r9c2-2");
    }

    /// With 9 given back to r1c8 the cell is no longer bivalue: the cluster
    /// loses its 2–3 link and (4)r2c7 stays.
    #[test]
    fn a_broken_bivalue_link_breaks_the_cluster() {
        let pos = with_candidate(&rule_4_position(), "r1c8", 9);
        let steps = run(find, &pos);
        assert_sound(RULE_4, Variant::Standard, &steps);
        assert!(
            steps.iter().all(|s| !eliminations(s).contains("r2c7-4")),
            "{:?}",
            steps.iter().map(eliminations).collect::<Vec<_>>()
        );
    }

    /// The colouring and rule move with the grid (colours compared as an
    /// unordered pair: which is "blue" depends on the scan order).
    #[test]
    fn steps_move_with_the_grid() {
        let key = |s: &Step| {
            let Detail::Medusa(Medusa { colors, rule }) = &s.detail else {
                return String::new();
            };
            let mut pair = [format!("{:?}", colors[0]), format!("{:?}", colors[1])];
            pair.sort();
            let kind = match rule {
                MedusaRule::TwiceInCell { .. } => "1",
                MedusaRule::TwiceInHouse { .. } => "2",
                MedusaRule::TwoColorsInCell => "3",
                MedusaRule::SeesBothColors => "4",
                MedusaRule::ColorAndCell => "5",
                _ => "6",
            };
            format!("{pair:?} {kind}")
        };
        transformed_agree(find, &rule_4_position(), &key);
    }

    #[test]
    fn nothing_on_an_empty_grid() {
        let pos = position(&".".repeat(81), Variant::Standard);
        assert!(run(find, &pos).is_empty());
    }

    /// Every hit along real solution paths (top1465 and the seed's variant
    /// puzzles) agrees with the solution.
    #[test]
    fn sound_on_real_positions() {
        crate::techniques::test_util::sound_on_real_positions(&[("three-d-medusa", find)]);
    }
}
