//! Helpers for the per-technique unit tests: build positions from puzzle strings
//! plus eliminations, run a finder, and print its effects compactly.

use crate::Candidates;
use crate::step::{LinkKind, Step};
use crate::technique::FindMode;
use sudoku_core::{Cell, Digit, Grid, Variant};

/// The cell in row `r`, column `c` (0-based), for tests that name cells by
/// coordinates.
pub(crate) fn cell(r: usize, c: usize) -> Cell {
    Cell::at(r, c).expect("test cell")
}

/// The digit `v` (1–9).
pub(crate) fn digit(v: u8) -> Digit {
    Digit::new(v).expect("test digit")
}

/// The position of `puzzle` with candidates written.
pub(crate) fn position(puzzle: &str, variant: Variant) -> Candidates {
    let grid: Grid = puzzle.parse().expect("test puzzle parses");
    let mut pos = Candidates::new(&grid, variant).expect("test puzzle has no clash");
    pos.write_candidates();
    pos
}

/// The position of `puzzle` with candidates written and then the eliminations
/// `elims` applied, written as `r1c2-47 r9c9-1`.
pub(crate) fn position_with(puzzle: &str, variant: Variant, elims: &str) -> Candidates {
    let mut pos = position(puzzle, variant);
    for item in elims.split_whitespace() {
        let b = item.as_bytes();
        let cell = Cell::at((b[1] - b'1') as usize, (b[3] - b'1') as usize).expect("cell");
        assert_eq!(b[4], b'-', "{item}");
        for &ch in &b[5..] {
            let d = Digit::new(ch - b'0').expect("digit");
            pos.eliminate(cell, d).expect("written");
        }
    }
    pos
}

/// Every hit of `finder` in `pos`.
pub(crate) fn run(finder: crate::technique::Finder, pos: &Candidates) -> Vec<Step> {
    let mut out = Vec::new();
    finder(pos, &mut out, FindMode::All);
    let mut first = Vec::new();
    finder(pos, &mut first, FindMode::First);
    assert_eq!(
        first.len().min(1),
        out.len().min(1),
        "First mode agrees with All"
    );
    if let (Some(a), Some(b)) = (first.first(), out.first()) {
        assert_eq!(a, b, "First mode reports the first hit of All");
    }
    out
}

/// The placements of `steps` as `r1c1=5`, in step order.
pub(crate) fn placements(steps: &[Step]) -> Vec<String> {
    steps
        .iter()
        .flat_map(|s| {
            s.placements
                .iter()
                .map(|p| format!("{}={}", p.cell, p.digit))
        })
        .collect()
}

/// The eliminations of one step as `r1c1-5 r1c2-5`.
pub(crate) fn eliminations(step: &Step) -> String {
    step.eliminations
        .iter()
        .map(|e| format!("{}-{}", e.cell, e.digit))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The direct detail of a hit of a direct finder; panics (showing the detail)
/// on any other, since the tests of the direct techniques read it every time.
pub(crate) fn direct_detail(step: &Step) -> &crate::Direct {
    match &step.detail {
        crate::step::Detail::Direct(d) => d,
        other => panic!("{other:?}"),
    }
}

/// The reasons of a direct hit that must be a hidden single in `house`
/// (written as `column 3`).
pub(crate) fn hidden_single_reasons<'a>(step: &'a Step, house: &str) -> &'a [crate::DirectReason] {
    let d = direct_detail(step);
    assert_eq!(d.kind, crate::step::DirectKind::HiddenSingle, "{step:?}");
    assert_eq!(d.house.map(|h| h.to_string()).as_deref(), Some(house));
    &d.reasons
}

/// The placements the plain singles find in `pos` (what the rows before the
/// direct ones see): a direct hit that they find too would be no direct hit.
pub(crate) fn plain_singles(pos: &Candidates) -> Vec<String> {
    let mut out = run(crate::techniques::hidden_single::find, pos);
    out.extend(run(crate::techniques::naked_single::find, pos));
    placements(&out)
}

/// Runs the direct `finder` on the start of `puzzle` (standard), checks its
/// hits against the solution and returns the position and the hit placing
/// `placement` (as `r1c1=5`).
pub(crate) fn direct_hit(
    finder: crate::technique::Finder,
    puzzle: &str,
    placement: &str,
) -> (Candidates, Step) {
    let pos = position_direct(puzzle, Variant::Standard);
    let steps = run(finder, &pos);
    assert_sound(puzzle, Variant::Standard, &steps);
    let step = hit(&steps, placement).clone();
    (pos, step)
}

/// [`direct_hit`] on a grid of `givens` built by hand: the hits are checked
/// with [`assert_forced`].
pub(crate) fn forced_direct_hit(
    finder: crate::technique::Finder,
    givens: &[(usize, usize, u8)],
    placement: &str,
) -> (Candidates, Step) {
    let s = &from_givens(givens);
    let pos = position_direct(s, Variant::Standard);
    let steps = run(finder, &pos);
    assert_forced(s, Variant::Standard, &steps);
    let step = hit(&steps, placement).clone();
    (pos, step)
}

/// Checks that direct `finders` report nothing on `puzzle` with candidates
/// written, nor on an empty grid of any variant.
pub(crate) fn assert_direct_silent(puzzle: &str, finders: &[crate::technique::Finder]) {
    let pos = position(puzzle, Variant::Standard);
    for &finder in finders {
        assert!(run(finder, &pos).is_empty());
    }
    for variant in Variant::ALL {
        let pos = position_direct(&".".repeat(81), variant);
        for &finder in finders {
            assert!(run(finder, &pos).is_empty());
        }
    }
}

/// Runs `finder` on `puzzle` (standard) less `elims` (see [`position_with`])
/// and checks its hits against the solution: there is exactly one, on `cells`
/// (as `{"r1c1", …}`), removing `gone` (as [`eliminations`]) for `points`.
/// Returns it.
pub(crate) fn the_one_step(
    finder: crate::technique::Finder,
    puzzle: &str,
    elims: &str,
    cells: &str,
    gone: &str,
    points: f64,
) -> Step {
    let pos = position_with(puzzle, Variant::Standard, elims);
    let steps = run(finder, &pos);
    assert_sound(puzzle, Variant::Standard, &steps);
    assert_eq!(steps.len(), 1);
    let step = steps[0].clone();
    assert_eq!(format!("{:?}", step.cells), cells);
    assert_eq!(eliminations(&step), gone);
    assert_eq!(step.points, points);
    step
}

/// A dual step (two patterns in one box) as its box and its two sets of
/// eliminations, unordered: what must move with the grid.
pub(crate) fn dual_key(step: &Step) -> String {
    let crate::step::Detail::Dual(crate::Dual { region, parts, .. }) = &step.detail else {
        return String::new();
    };
    let mut each: Vec<String> = parts.iter().map(eliminations).collect();
    each.sort();
    format!("{region:?} {each:?}")
}

/// Checks every step against the unique solution of `puzzle`.
pub(crate) fn assert_sound(puzzle: &str, variant: Variant, steps: &[Step]) {
    let grid: Grid = puzzle.parse().expect("test puzzle parses");
    let solution = sudoku_solve::solve(&grid, variant).expect("test puzzle solvable");
    for s in steps {
        crate::check::check_step(s, &solution, 0).expect("sound step");
    }
}

/// `pos` with `digit` given back to `cell` (written as `r1c2`), as a trainer's
/// pencil marks would: for tests that break a pattern by one candidate.
pub(crate) fn with_candidate(pos: &Candidates, cell: &str, digit: u8) -> Candidates {
    let b = cell.as_bytes();
    let cell = Cell::at((b[1] - b'1') as usize, (b[3] - b'1') as usize).expect("cell");
    let mut fields: [sudoku_core::DigitSet; 81] =
        std::array::from_fn(|i| pos.candidates(Cell::new(i).expect("index")));
    fields[cell.index()].insert(Digit::new(digit).expect("digit"));
    let out = Candidates::from_fields(pos.grid(), pos.variant(), &fields).expect("consistent");
    assert!(
        out.candidates(cell)
            .contains(Digit::new(digit).expect("digit"))
    );
    out
}

/// The links of a chain step as `r1c1=r1c5 r1c5-r3c4`: `=` for a strong link, `-`
/// for a weak one.
pub(crate) fn chain(step: &Step) -> String {
    step.links
        .iter()
        .map(|l| {
            let sign = if l.kind == LinkKind::Strong { '=' } else { '-' };
            format!("{}{sign}{}", l.from.0, l.to.0)
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The starting position of `puzzle`, candidates not written (for the direct
/// methods).
pub(crate) fn position_direct(puzzle: &str, variant: Variant) -> Candidates {
    let grid: Grid = puzzle.parse().expect("test puzzle parses");
    Candidates::new(&grid, variant).expect("test puzzle has no clash")
}

/// For positions built by hand (not unique puzzles): checks that `puzzle` can
/// be completed and that no completion puts anything but the step's digits in
/// the step's cells.
pub(crate) fn assert_forced(puzzle: &str, variant: Variant, steps: &[Step]) {
    let grid: Grid = puzzle.parse().expect("test puzzle parses");
    assert!(
        sudoku_solve::solve(&grid, variant).is_some(),
        "{puzzle} has a completion"
    );
    for s in steps {
        for p in &s.placements {
            for other in Digit::ALL.into_iter().filter(|d| *d != p.digit) {
                let mut g = grid;
                g.set(p.cell, Some(other));
                if g.check(variant).is_ok() {
                    assert!(
                        sudoku_solve::solve(&g, variant).is_none(),
                        "{}={other} leaves a completion",
                        p.cell
                    );
                }
            }
        }
    }
}

/// An 81-character puzzle from `(row, column, digit)` givens, 1-based.
pub(crate) fn from_givens(givens: &[(usize, usize, u8)]) -> String {
    let mut s = vec![b'.'; 81];
    for &(r, c, d) in givens {
        s[(r - 1) * 9 + (c - 1)] = b'0' + d;
    }
    String::from_utf8(s).expect("ascii")
}

/// The step of `steps` placing `placement` (written `r7c3=8`).
pub(crate) fn hit<'a>(steps: &'a [Step], placement: &str) -> &'a Step {
    steps
        .iter()
        .find(|s| placements(std::slice::from_ref(*s)) == [placement])
        .unwrap_or_else(|| panic!("{placement} in {:?}", placements(steps)))
}

/// Checks a finder that keeps per-digit results between calls: along a walk
/// of positions from `pos` (one candidate of one digit removed per step, in
/// turn over the digits), its hits with what it kept from the earlier
/// positions equal its hits on a fresh thread, which has kept nothing.
/// Both modes are compared. Returns how many hits the walk's positions had.
pub(crate) fn kept_results_agree(finder: crate::technique::Finder, pos: &Candidates) -> usize {
    let mut hits = 0;
    let mut pos = pos.clone();
    let mut _warm = Vec::new();
    finder(&pos, &mut _warm, FindMode::All);
    for step in 0..12 {
        let digit = Digit::ALL[step % 9];
        let Some(cell) = pos
            .cells_with(digit)
            .iter()
            .find(|&c| pos.candidates(c).len() > 2)
        else {
            continue;
        };
        pos.eliminate(cell, digit).expect("written");
        for mode in [FindMode::First, FindMode::All] {
            let mut kept = Vec::new();
            finder(&pos, &mut kept, mode);
            let fresh_pos = pos.clone();
            let fresh = std::thread::spawn(move || {
                let mut out = Vec::new();
                finder(&fresh_pos, &mut out, mode);
                out
            })
            .join()
            .expect("fresh search");
            assert_eq!(kept, fresh, "{mode:?} after removing {digit} from {cell}");
            hits += kept.len();
        }
    }
    hits
}

/// A soundness sweep over real positions: walks the solution paths of every
/// `stride`-th of the first `top` puzzles of top1465 and of the first
/// `variants` unique variant puzzles of the seed's examples, runs each of
/// `finders` on every position with candidates, checks every hit against the
/// solution, and returns per finder how many positions it fired in. With
/// `print`, the first position each fires in is printed as the arguments of
/// `position_with` (to freeze a unit test).
pub(crate) fn sweep(
    finders: &[(&str, crate::technique::Finder)],
    (top, stride): (usize, usize),
    variants: usize,
    print: bool,
) -> Vec<usize> {
    use crate::techniques::als::hunt;
    let top_text = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/data/top1465.txt"
    ));
    let seed = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/data/seed_examples.tsv"
    ));
    let mut set: Vec<(Grid, Variant)> = top_text
        .lines()
        .take(top)
        .step_by(stride.max(1))
        .filter_map(|l| l.trim().parse().ok())
        .map(|g| (g, Variant::Standard))
        .collect();
    let mut extra = 0;
    for line in seed.lines().skip(1) {
        let mut cols = line.split('\t');
        let (Some(p), Some(v)) = (cols.next(), cols.next()) else {
            continue;
        };
        let (Ok(grid), Ok(variant)) = (p.parse::<Grid>(), v.parse::<Variant>()) else {
            continue;
        };
        if extra == variants
            || variant == Variant::Standard
            || sudoku_solve::count(&grid, variant, Some(2)) != 1
        {
            continue;
        }
        extra += 1;
        set.push((grid, variant));
    }
    let mut fired = vec![0usize; finders.len()];
    let mut on_variants = vec![0usize; finders.len()];
    for (puzzle, variant) in &set {
        let solution = sudoku_solve::solve(puzzle, *variant).expect("unique");
        hunt::walk(puzzle, *variant, &mut |pos| {
            for (k, &(name, finder)) in finders.iter().enumerate() {
                let steps = hunt::hits(pos, finder);
                for s in &steps {
                    if let Err(e) = crate::check::check_step(s, &solution, 0) {
                        panic!("{name} unsound on {puzzle} ({variant}): {e:?}\n{s:?}");
                    }
                }
                if !steps.is_empty() {
                    if print && fired[k] == 0 {
                        let (g, e) = hunt::describe(pos);
                        println!("== {name} ({variant})\n   \"{g}\",\n   \"{e}\"");
                        for s in &steps {
                            println!(
                                "   -> {} {:?}",
                                eliminations(s),
                                placements(std::slice::from_ref(s))
                            );
                        }
                    }
                    fired[k] += 1;
                    on_variants[k] += usize::from(*variant != Variant::Standard);
                }
            }
            false
        });
    }
    println!("positions fired {fired:?}, on variant puzzles {on_variants:?}");
    fired
}

/// The soundness sweep of the pattern modules: every 10th top1465 puzzle and
/// 40 unique variant puzzles in release builds (a few in debug builds); in
/// release every finder must fire somewhere. Returns the counts of [`sweep`].
pub(crate) fn sound_on_real_positions(finders: &[(&str, crate::technique::Finder)]) -> Vec<usize> {
    let (top, variants) = if cfg!(debug_assertions) {
        ((60, 20), 3)
    } else {
        ((1465, 10), 40)
    };
    let fired = sweep(finders, top, variants, true);
    println!("fired {fired:?}");
    if !cfg!(debug_assertions) {
        assert!(fired.iter().all(|&f| f > 0), "{fired:?}");
    }
    fired
}

/// `pos` moved by `t`: the grid and every candidate.
pub(crate) fn moved(pos: &Candidates, t: &sudoku_core::Transform) -> Candidates {
    let mut fields = [sudoku_core::DigitSet::EMPTY; 81];
    for c in Cell::all() {
        fields[t.target_of(c).index()] = pos
            .candidates(c)
            .iter()
            .filter_map(|d| Digit::from_index(t.digit_map(d.index()) as usize))
            .collect();
    }
    Candidates::from_fields(&t.apply(pos.grid()), pos.variant(), &fields).expect("consistent")
}

/// Checks [`Step::transformed`] against a finder: on `pos` moved by a few
/// random transforms the finder reports the moved steps — compared by their
/// effects, as which of two equal colourings or patterns comes first may
/// depend on the scan order. `key` adds what else must agree.
pub(crate) fn transformed_agree(
    finder: crate::technique::Finder,
    pos: &Candidates,
    key: &dyn Fn(&Step) -> String,
) {
    for seed in 1..6 {
        let t = sudoku_core::Transform::random(pos.variant(), seed);
        let mut want: Vec<String> = run(finder, pos)
            .iter()
            .map(|s| s.transformed(&t))
            .map(|s| {
                format!(
                    "{} {:?} {}",
                    eliminations(&s),
                    placements(std::slice::from_ref(&s)),
                    key(&s)
                )
            })
            .collect();
        let mut got: Vec<String> = run(finder, &moved(pos, &t))
            .iter()
            .map(|s| {
                format!(
                    "{} {:?} {}",
                    eliminations(s),
                    placements(std::slice::from_ref(s)),
                    key(s)
                )
            })
            .collect();
        want.sort();
        got.sort();
        assert_eq!(want, got, "{t:?}");
    }
}

/// `pos` taken as known to have one solution (the uniqueness finders'
/// premise).
pub(crate) fn unique(mut pos: Candidates) -> Candidates {
    pos.assume_unique(true);
    pos
}

/// The hits of the uniqueness `finder` on `puzzle` less `elims` (standard,
/// see [`position_with`]) with its premise, each checked against the solution.
pub(crate) fn unique_hits(
    finder: crate::technique::Finder,
    puzzle: &str,
    elims: &str,
) -> Vec<Step> {
    let steps = run(
        finder,
        &unique(position_with(puzzle, Variant::Standard, elims)),
    );
    assert_sound(puzzle, Variant::Standard, &steps);
    steps
}

/// The position of `puzzle` less `elims` (standard, see [`position_with`])
/// and the hits of `finder` there, each checked against the solution.
pub(crate) fn sound_hits(
    finder: crate::technique::Finder,
    puzzle: &str,
    elims: &str,
) -> (Candidates, Vec<Step>) {
    let pos = position_with(puzzle, Variant::Standard, elims);
    let steps = run(finder, &pos);
    assert_sound(puzzle, Variant::Standard, &steps);
    (pos, steps)
}

/// Checks that the uniqueness `finder` reports nothing on `puzzle` less
/// `elims` (standard) without its premise, nor on an empty grid with it.
pub(crate) fn assert_needs_premise_and_pattern(
    finder: crate::technique::Finder,
    puzzle: &str,
    elims: &str,
) {
    assert!(run(finder, &position_with(puzzle, Variant::Standard, elims)).is_empty());
    let pos = unique(position(&".".repeat(81), Variant::Standard));
    assert!(run(finder, &pos).is_empty());
}

/// `finder` on `pos` taken as known to have one solution (the uniqueness
/// finders' premise), for sweeps over walks that do not assume it.
pub(crate) fn find_as_unique(
    finder: crate::technique::Finder,
    pos: &Candidates,
    out: &mut Vec<Step>,
    mode: crate::technique::FindMode,
) {
    let mut pos = pos.clone();
    pos.assume_unique(true);
    finder(&pos, out, mode);
}
