//! A saved model as text, the way the thesis read its classifier: Weka's J48
//! prints the pruned tree as indented `feature <= value` / `feature > value`
//! lines, a leaf as `: class (rows/errors)`, then the number of leaves and the
//! size of the tree. A forest of a hundred unpruned trees would be thousands
//! of such lines, so it is summarised (tree sizes, the features its splits
//! use most), and any one of its trees can be printed in the same form.
//!
//! The tree is data ([`Tree`]); this module only renders it.

use crate::forest::Forest;
use crate::model::{Classifier, Model};
use crate::tree::{Node, Tree, argmax};
use std::fmt::Write;

/// The lines of `tree` as J48 prints them (without header and footer):
/// every split gives a `<=` and a `>` line at its depth (`|   ` per level);
/// a branch that ends in a leaf carries `: class (rows/errors)` on the same
/// line, with `/errors` left out when the leaf has none. A tree that is one
/// leaf is the single line `: class (rows/errors)`.
///
/// ```
/// use sudoku_ml::{Node, Tree, tree_lines};
/// let tree = Tree {
///     root: Node::Split {
///         feature: 0,
///         threshold: 3.0,
///         counts: vec![5, 4],
///         left: Box::new(Node::Leaf { counts: vec![5, 1] }),
///         right: Box::new(Node::Leaf { counts: vec![0, 3] }),
///     },
/// };
/// let names = ["givens.1".to_string()];
/// let classes = ["Easy".to_string(), "Hard".to_string()];
/// assert_eq!(
///     tree_lines(&tree, &names, &classes),
///     "givens.1 <= 3: Easy (6.0/1.0)\ngivens.1 > 3: Hard (3.0)\n"
/// );
/// ```
pub fn tree_lines(tree: &Tree, names: &[String], classes: &[String]) -> String {
    let mut out = String::new();
    match &tree.root {
        Node::Leaf { counts } => {
            out.push_str(": ");
            leaf(&mut out, counts, classes);
            out.push('\n');
        }
        node => split(&mut out, node, 0, names, classes),
    }
    out
}

fn split(out: &mut String, node: &Node, depth: usize, names: &[String], classes: &[String]) {
    let Node::Split {
        feature,
        threshold,
        left,
        right,
        ..
    } = node
    else {
        return;
    };
    let name = names.get(*feature).map_or("?", String::as_str);
    for (op, child) in [("<=", left), (">", right)] {
        for _ in 0..depth {
            out.push_str("|   ");
        }
        let _ = write!(out, "{name} {op} {threshold}");
        match child.as_ref() {
            Node::Leaf { counts } => {
                out.push_str(": ");
                leaf(out, counts, classes);
                out.push('\n');
            }
            inner => {
                out.push('\n');
                split(out, inner, depth + 1, names, classes);
            }
        }
    }
}

/// `class (rows/errors)` of a leaf, numbers as J48 prints them.
fn leaf(out: &mut String, counts: &[u32], classes: &[String]) {
    let class = argmax(counts);
    let n: u32 = counts.iter().sum();
    let errors = n - counts.get(class).copied().unwrap_or(0);
    let name = classes.get(class).map_or("?", String::as_str);
    let _ = write!(out, "{name} ({:.1}", f64::from(n));
    if errors > 0 {
        let _ = write!(out, "/{:.1}", f64::from(errors));
    }
    out.push(')');
}

/// The footer J48 prints under a tree.
fn footer(out: &mut String, tree: &Tree) {
    let (size, leaves) = tree.size();
    let _ = write!(
        out,
        "\nNumber of Leaves  : \t{leaves}\n\nSize of the tree : \t{size}\n"
    );
}

/// The whole text of `model`: for a C4.5 tree the J48 form (header, lines,
/// number of leaves, size of the tree); for a forest a summary, or its tree
/// `tree` (1-based) in the J48 form when given. `None` when `tree` is given
/// and the model has no such tree (a C4.5 model has the one tree 1).
pub fn show_model(model: &Model, tree: Option<usize>) -> Option<String> {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "classes: {}\nfeatures: the {} set, stage {} (the model reads {} of its columns), feature version {}",
        model.classes.join(", "),
        model.feature_set,
        model.stage,
        model.columns.len(),
        model.feature_version
    );
    match &model.classifier {
        Classifier::C45 { params, tree: t } => {
            if tree.is_some_and(|k| k != 1) {
                return None;
            }
            let _ = write!(
                out,
                "\nC4.5 pruned tree (C {}, M {})\n------------------\n\n",
                params.confidence, params.min_leaf
            );
            out.push_str(&tree_lines(t, &model.column_names, &model.classes));
            footer(&mut out, t);
        }
        Classifier::Forest { params, forest } => {
            let _ = writeln!(
                out,
                "\nRandom forest of {} unpruned trees ({} features tried per node{}, leaves of at least {} rows, seed {})",
                forest.trees.len(),
                params.features_per_node,
                if params.features_per_node == 0 {
                    " = the square root of their number"
                } else {
                    ""
                },
                params.min_leaf,
                params.seed
            );
            match tree {
                Some(k) => {
                    let t = forest.trees.get(k.checked_sub(1)?)?;
                    let _ = write!(
                        out,
                        "tree {k} of {}\n------------------\n\n",
                        forest.trees.len()
                    );
                    out.push_str(&tree_lines(t, &model.column_names, &model.classes));
                    footer(&mut out, t);
                }
                None => forest_summary(&mut out, forest, &model.column_names),
            }
        }
    }
    Some(out)
}

/// Tree sizes and the features the forest splits on most.
fn forest_summary(out: &mut String, forest: &Forest, names: &[String]) {
    let sizes: Vec<(usize, usize)> = forest.trees.iter().map(Tree::size).collect();
    let stats = |pick: fn(&(usize, usize)) -> usize| {
        let values: Vec<usize> = sizes.iter().map(pick).collect();
        let min = values.iter().copied().min().unwrap_or(0);
        let max = values.iter().copied().max().unwrap_or(0);
        let mean = values.iter().sum::<usize>() as f64 / values.len().max(1) as f64;
        format!("min {min}, mean {mean:.1}, max {max}")
    };
    let _ = writeln!(
        out,
        "(a summary: print one tree with --tree N, N from 1 to {})\n",
        forest.trees.len()
    );
    let _ = writeln!(out, "Number of Leaves per tree : {}", stats(|s| s.1));
    let _ = writeln!(out, "Size of the trees        : {}", stats(|s| s.0));
    let mut splits = vec![0u64; names.len()];
    let mut roots = vec![0u64; names.len()];
    for t in &forest.trees {
        t.visit_splits(|f| {
            if let Some(c) = splits.get_mut(f) {
                *c += 1;
            }
        });
        if let Node::Split { feature, .. } = &t.root
            && let Some(c) = roots.get_mut(*feature)
        {
            *c += 1;
        }
    }
    let mut order: Vec<usize> = (0..names.len()).filter(|&f| splits[f] > 0).collect();
    order.sort_by(|&a, &b| splits[b].cmp(&splits[a]).then(a.cmp(&b)));
    let _ = writeln!(
        out,
        "\nfeatures by splits (the first 20):\nsplits\troots\tfeature"
    );
    for &f in order.iter().take(20) {
        let _ = writeln!(out, "{}\t{}\t{}", splits[f], roots[f], names[f]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::tree::C45Params;

    /// What the lines say, read back: a node per line pair.
    #[derive(Debug, PartialEq)]
    enum Read {
        Leaf(String, u32),
        Split(String, f64, Box<Read>, Box<Read>),
    }

    fn read_leaf(text: &str) -> Read {
        let (class, rest) = text.split_once(" (").expect("class (rows");
        let rows = rest.trim_end_matches(')').split('/').next().expect("rows");
        Read::Leaf(class.to_string(), rows.parse::<f64>().expect("rows") as u32)
    }

    /// Reads the node at `depth` from `lines[*at..]`.
    fn read(lines: &[&str], at: &mut usize, depth: usize) -> Read {
        let mut branches = Vec::new();
        let mut split = None;
        for op in [" <= ", " > "] {
            let line = lines[*at];
            *at += 1;
            let body = line
                .strip_prefix(&"|   ".repeat(depth))
                .expect("indented by depth");
            assert!(!body.starts_with('|'), "{line}");
            let (test, leaf) = match body.split_once(": ") {
                Some((t, l)) => (t, Some(l)),
                None => (body, None),
            };
            let (name, value) = test.split_once(op).expect("operator");
            let value: f64 = value.parse().expect("threshold");
            match &split {
                None => split = Some((name.to_string(), value)),
                Some(s) => assert_eq!(*s, (name.to_string(), value)),
            }
            branches.push(match leaf {
                Some(l) => read_leaf(l),
                None => read(lines, at, depth + 1),
            });
        }
        let (name, value) = split.expect("a split");
        let right = branches.pop().expect("right");
        let left = branches.pop().expect("left");
        Read::Split(name, value, Box::new(left), Box::new(right))
    }

    fn expected(node: &Node, names: &[String], classes: &[String]) -> Read {
        match node {
            Node::Leaf { counts } => {
                Read::Leaf(classes[argmax(counts)].clone(), counts.iter().sum())
            }
            Node::Split {
                feature,
                threshold,
                left,
                right,
                ..
            } => Read::Split(
                names[*feature].clone(),
                *threshold,
                Box::new(expected(left, names, classes)),
                Box::new(expected(right, names, classes)),
            ),
        }
    }

    fn count(r: &Read) -> (usize, usize) {
        match r {
            Read::Leaf(..) => (1, 1),
            Read::Split(_, _, l, r) => {
                let (a, b) = count(l);
                let (c, d) = count(r);
                (a + c + 1, b + d)
            }
        }
    }

    #[test]
    fn printed_trees_read_back_to_the_same_tree() {
        let mut rng = Rng::new(3);
        let mut rows = Vec::new();
        let mut labels = Vec::new();
        for _ in 0..500 {
            let a = rng.below(100) as f64 / 4.0;
            let b = rng.below(100) as f64;
            rows.push(vec![a, b, rng.below(7) as f64]);
            labels.push(usize::from(a > 12.5) + usize::from(b > 30.0) + usize::from(b > 80.0));
        }
        let names: Vec<String> = ["givens.1", "x-wing.2", "noise"].map(String::from).to_vec();
        let classes: Vec<String> = ["Easy", "Medium", "Hard", "Unfair"]
            .map(String::from)
            .to_vec();
        for m in [2, 10, 40] {
            let params = C45Params {
                confidence: 0.25,
                min_leaf: m,
            };
            let tree = Tree::c45(&rows, &labels, 4, &params);
            let text = tree_lines(&tree, &names, &classes);
            let lines: Vec<&str> = text.lines().collect();
            let mut at = 0;
            let back = read(&lines, &mut at, 0);
            assert_eq!(at, lines.len(), "every line read");
            assert_eq!(back, expected(&tree.root, &names, &classes), "{text}");
            assert_eq!(count(&back), tree.size());
        }
    }

    #[test]
    fn a_one_leaf_tree_and_the_footer() {
        let tree = Tree {
            root: Node::Leaf { counts: vec![2, 7] },
        };
        let classes = ["a".to_string(), "b".to_string()];
        assert_eq!(tree_lines(&tree, &[], &classes), ": b (9.0/2.0)\n");
        let mut out = String::new();
        footer(&mut out, &tree);
        assert_eq!(out, "\nNumber of Leaves  : \t1\n\nSize of the tree : \t1\n");
    }
}
