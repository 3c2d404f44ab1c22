//! End-to-end tests of `sudoku ml` and `sudoku rate --model`: the built binary
//! on small labelled subsets of the shared data (25 puzzles per HoDoKu level),
//! so the suite stays fast; full-size figures are in BENCHMARKS.md.

mod common;

use common::{EASY, HARD, assert_exit, json_lines, run, stderr, stdout, temp_file};
use std::path::PathBuf;

const CLASSES: [&str; 5] = ["Easy", "Medium", "Hard", "Unfair", "Extreme"];

fn shared(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data")
        .join(name)
}

/// The first `per_class` puzzles of every class of a labelled file, in the
/// labelled format.
fn subset(name: &str, per_class: usize) -> String {
    let text = std::fs::read_to_string(shared(name)).expect("shared data");
    let mut out = String::new();
    let mut taken = 0;
    for line in text.lines() {
        let first = line.chars().next().unwrap_or(' ');
        if first.is_ascii_digit() || first == '.' {
            if taken < per_class {
                out.push_str(line);
                out.push('\n');
                taken += 1;
            }
        } else if !line.trim().is_empty() {
            out.push_str(line);
            out.push('\n');
            taken = 0;
        }
    }
    out
}

fn levels_file(tag: &str) -> PathBuf {
    temp_file(
        &format!("ml-levels-{tag}.txt"),
        subset("hodoku-levels.txt", 25),
    )
}

fn arg(p: &std::path::Path) -> &str {
    p.to_str().expect("UTF-8 temp path")
}

/// The sum of a JSON matrix of counts (a confusion or mapping matrix).
fn matrix_sum(matrix: &serde_json::Value) -> u64 {
    matrix
        .as_array()
        .expect("matrix")
        .iter()
        .flat_map(|r| {
            r.as_array()
                .expect("row")
                .iter()
                .map(|x| x.as_u64().expect("count"))
        })
        .sum()
}

/// Where a command writes the scratch file `name`.
fn scratch(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name)
}

/// Trains a model with `options` on the labelled `file` and saves it as the
/// scratch file `name`; its path.
fn train_model(file: &std::path::Path, options: &[&str], name: &str) -> PathBuf {
    let model = scratch(name);
    let out = run(
        &[&["ml", "train"], options, &["-o", arg(&model), arg(file)]].concat(),
        "",
    );
    assert_exit(&out, 0);
    model
}

#[test]
fn feature_names_are_listed_with_the_version() {
    let out = run(&["ml", "features", "--names"], "");
    assert_exit(&out, 0);
    let text = stdout(&out);
    let mut lines = text.lines();
    assert!(
        lines
            .next()
            .expect("version line")
            .starts_with("# feature version 1-thesis-all-")
    );
    let names: Vec<&str> = lines.map(|l| l.split('\t').nth(1).expect("name")).collect();
    assert_eq!(names[0], "givens.1");
    assert_eq!(names[9], "candidates.1");
    assert!(names.contains(&"hidden-single.1") && names.contains(&"x-wing.9"));
    assert_eq!(names.len() % 9, 0);
    let out = run(&["ml", "features", "--names", "--features", "extended"], "");
    let text = stdout(&out);
    assert!(
        text.contains("\thodoku.score\tHoDoKu score estimate"),
        "{text}"
    );
    assert!(text.lines().count() > names.len() + 1);
}

#[test]
fn feature_vectors_of_puzzles_and_bad_ones() {
    let clash = format!("11{}", ".".repeat(79));
    let input = format!("{EASY}\n{clash}\n{HARD}\n");
    let out = run(&["ml", "features", "--jobs", "2"], &input);
    assert_exit(&out, 1);
    let text = stdout(&out);
    let rows: Vec<Vec<&str>> = text.lines().map(|l| l.split('\t').collect()).collect();
    assert_eq!(rows.len(), 4);
    assert_eq!(rows[0][0], "line");
    assert!(rows.iter().all(|r| r.len() == rows[0].len()));
    // The easy puzzle: 32 givens, no error.
    let givens: f64 = rows[1][2..11]
        .iter()
        .map(|x| x.parse::<f64>().expect("number"))
        .sum();
    assert_eq!(givens, 32.0);
    assert_eq!(*rows[1].last().expect("error column"), "");
    assert!(
        rows[2].last().expect("error").contains("line 2"),
        "{:?}",
        rows[2]
    );
}

#[test]
fn cross_validation_prints_accuracy_table_and_matrix_deterministically() {
    let file = levels_file("cross");
    let args = [
        "ml",
        "cross",
        "--folds",
        "5",
        "--m",
        "5",
        "--seed",
        "7",
        arg(&file),
    ];
    let out = run(&args, "");
    assert_exit(&out, 0);
    let text = stdout(&out);
    let first = text.lines().next().expect("accuracy line");
    let acc: f64 = first
        .strip_prefix("accuracy: ")
        .expect("starts with accuracy")
        .parse()
        .expect("number");
    assert!(acc > 0.5, "{text}");
    for class in CLASSES {
        assert!(
            text.lines().any(|l| l.starts_with(class)),
            "{class}: {text}"
        );
    }
    assert!(text.contains("confusion matrix (rows: actual, columns: predicted)"));
    // Same seed, other thread count: the same output.
    let again = run(&[&args[..2], &["--jobs", "1"], &args[2..]].concat(), "");
    assert_eq!(stdout(&again), text);

    // JSON: the same figures; the matrix counts every puzzle once.
    let json = run(&[&args[..], &["--format", "json"]].concat(), "");
    let v = &json_lines(&json)[0];
    assert_eq!(v["accuracy"].as_f64(), Some(acc));
    assert_eq!(matrix_sum(&v["confusion"]), 125);
    assert_eq!(v["classes"][0]["class"], "Easy");
    assert_eq!(v["classes"][0]["recall"].as_f64(), Some(1.0));
}

#[test]
fn forest_cross_validation_depends_on_the_seed_only() {
    let file = levels_file("forest");
    let base = [
        "ml", "cross", "--model", "forest", "--trees", "15", "--folds", "3",
    ];
    let a = run(&[&base[..], &["--seed", "3", arg(&file)]].concat(), "");
    assert_exit(&a, 0);
    let b = run(
        &[&base[..], &["--seed", "3", "--jobs", "1", arg(&file)]].concat(),
        "",
    );
    assert_eq!(stdout(&a), stdout(&b));
    assert!(stdout(&a).starts_with("accuracy: "));
}

#[test]
fn train_test_and_rate_with_the_model() {
    let file = levels_file("train");
    let model = train_model(&file, &["--m", "2"], "ml-c45.model");
    // Trained again with the same options: byte for byte the same file.
    let first = std::fs::read(&model).expect("model written");
    train_model(&file, &["--m", "2", "--jobs", "1"], "ml-c45.model");
    assert_eq!(std::fs::read(&model).expect("model"), first);

    let out = run(&["ml", "test", arg(&model), arg(&file)], "");
    assert_exit(&out, 0);
    let acc: f64 = stdout(&out).lines().next().expect("line")["accuracy: ".len()..]
        .parse()
        .expect("number");
    assert!(acc >= 0.8, "training-set accuracy {acc}");

    // rate --model adds the predicted class; the easy puzzle is Easy.
    let out = run(&["rate", "--model", arg(&model), EASY], "");
    assert_exit(&out, 0);
    let text = stdout(&out);
    let header: Vec<&str> = text.lines().next().expect("header").split('\t').collect();
    assert_eq!(header.last(), Some(&"predicted"));
    let row: Vec<&str> = text.lines().nth(1).expect("row").split('\t').collect();
    assert_eq!(row.len(), header.len());
    assert_eq!(row.last(), Some(&"Easy"));
    let out = run(
        &["rate", "--format", "json", "--model", arg(&model), EASY],
        "",
    );
    assert_eq!(json_lines(&out)[0]["predicted"], "Easy");
}

#[test]
fn map_prints_the_matrix_and_a_reading_per_class() {
    let a = levels_file("map");
    let bands = subset("se-bands.txt", 6);
    let puzzles = bands
        .lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_digit() || c == '.'))
        .count() as u64;
    let b = temp_file("ml-se-bands.txt", &bands);
    let out = run(&["ml", "map", "--m", "3", arg(&a), arg(&b)], "");
    assert_exit(&out, 0);
    let text = stdout(&out);
    assert!(text.starts_with("mapping (rows: "), "{text}");
    for class in ["Fiendish", "Diabolical"] {
        let reading = text
            .lines()
            .filter(|l| l.starts_with(class))
            .nth(1)
            .expect("matrix row and reading");
        let rest = reading[class.len()..].trim();
        assert!(
            CLASSES.iter().any(|c| rest.contains(c)),
            "{class}: {reading}"
        );
    }
    let out = run(
        &[
            "ml",
            "map",
            "--m",
            "3",
            "--format",
            "json",
            arg(&a),
            arg(&b),
        ],
        "",
    );
    let v = &json_lines(&out)[0];
    assert_eq!(v["columns"].as_array().map(Vec::len), Some(5));
    assert_eq!(v["rows"][0], "Easy");
    assert_eq!(matrix_sum(&v["matrix"]), puzzles);
}

#[test]
fn arff_has_one_attribute_per_feature_and_one_row_per_puzzle() {
    let file = levels_file("arff");
    let arff = scratch("ml.arff");
    let out = run(&["ml", "write", "-o", arg(&arff), arg(&file)], "");
    assert_exit(&out, 0);
    let text = std::fs::read_to_string(&arff).expect("written");
    let names = run(&["ml", "features", "--names"], "");
    let features = stdout(&names).lines().count() - 1;
    assert!(text.starts_with("@relation sudoku-1-thesis-all-"));
    assert_eq!(
        text.lines().filter(|l| l.starts_with("@attribute")).count(),
        features + 1
    );
    assert!(text.contains("@attribute class {Easy,Medium,Hard,Unfair,Extreme}"));
    let data: Vec<&str> = text.lines().skip_while(|l| *l != "@data").skip(1).collect();
    assert_eq!(data.len(), 125);
    assert!(data[0].ends_with(",Easy") && data[124].ends_with(",Extreme"));
    assert_eq!(data[0].split(',').count(), features + 1);
}

#[test]
fn select_ranks_features_and_evaluates_the_top_ones() {
    let file = levels_file("select");
    let model = scratch("ml-top.model");
    let args = [
        "ml",
        "select",
        "--runs",
        "4",
        "--m",
        "5",
        "--top",
        "3",
        "-o",
        arg(&model),
        arg(&file),
    ];
    let out = run(&args, "");
    assert_exit(&out, 0);
    let text = stdout(&out);
    assert!(
        text.starts_with("rank\tfeature\tsplits\ttrees\n1\t"),
        "{text}"
    );
    assert!(text.contains("C4.5 on the top 3 features"));
    assert!(text.contains("\naccuracy: "));
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&model).expect("model")).expect("JSON");
    assert_eq!(saved["columns"].as_array().map(Vec::len), Some(3));
    let out = run(&["ml", "test", arg(&model), arg(&file)], "");
    assert_exit(&out, 0);
}

#[test]
fn bad_labelled_files_name_the_line() {
    let cases = [
        (format!("{EASY}\n"), "1: puzzle without a label"),
        (
            format!("Easy\n{EASY}\nHard\n"),
            "3: class 'Hard' has no puzzles",
        ),
        (
            format!("Easy\n{EASY}\nHard\n12345\n"),
            "4: not a puzzle: expected 81 cells",
        ),
        (
            format!("Easy\n{EASY}\nHard\n11{}\n", ".".repeat(79)),
            "4: invalid puzzle",
        ),
        (
            format!("Easy\n{EASY}\n{EASY}\n"),
            "at least two classes, found 1",
        ),
    ];
    for (i, (text, expected)) in cases.iter().enumerate() {
        let file = temp_file(&format!("ml-bad-{i}.txt"), text);
        let out = run(&["ml", "cross", "--folds", "2", arg(&file)], "");
        assert_exit(&out, 2);
        let err = stderr(&out);
        assert!(
            err.contains(arg(&file)) && err.contains(expected),
            "{expected}: {err}"
        );
    }
}

#[test]
fn models_of_other_classes_or_feature_versions_are_refused() {
    let file = levels_file("refuse");
    let model = train_model(&file, &["--m", "5"], "ml-refuse.model");

    // A class the model does not know.
    let other = temp_file("ml-other.txt", format!("Easy\n{EASY}\nFiendish\n{HARD}\n"));
    let out = run(&["ml", "test", arg(&model), arg(&other)], "");
    assert_exit(&out, 2);
    assert!(
        stderr(&out).contains("3: class 'Fiendish' is not one of the model's classes (Easy, Medium, Hard, Unfair, Extreme)"),
        "{}",
        stderr(&out)
    );

    // A model from another feature version.
    let text = std::fs::read_to_string(&model).expect("model");
    let mut v: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    v["feature_version"] = "1-thesis-all-0000000000000000".into();
    let old = temp_file("ml-old.model", v.to_string());
    for args in [
        vec!["ml", "test", arg(&old), arg(&file)],
        vec!["rate", "--model", arg(&old), EASY],
    ] {
        let out = run(&args, "");
        assert_exit(&out, 2);
        let err = stderr(&out);
        assert!(
            err.contains("trained on feature version 1-thesis-all-0000000000000000")
                && err.contains("train it again"),
            "{err}"
        );
    }
    let junk = temp_file("ml-junk.model", "{\"format\": 1}");
    let out = run(&["ml", "test", arg(&junk), arg(&file)], "");
    assert_exit(&out, 2);
    assert!(
        stderr(&out).contains("not a sudoku model file"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn the_thesis_set_has_its_261_columns_and_the_table_set_every_technique() {
    let names = |set: &str| -> Vec<String> {
        let out = run(&["ml", "features", "--names", "--features", set], "");
        assert_exit(&out, 0);
        stdout(&out)
            .lines()
            .skip(1)
            .map(|l| l.split('\t').nth(1).expect("name").to_string())
            .collect()
    };
    let thesis = names("thesis");
    assert_eq!(thesis.len(), 261);
    assert_eq!(thesis[18], "full-house.1");
    assert_eq!(thesis.last().map(String::as_str), Some("backtracking.9"));
    let table = names("table");
    assert!(table.len() > thesis.len() && table.len() % 9 == 0);
    assert!(table.iter().any(|n| n == "write-candidates.1"));
    assert!(!table.iter().any(|n| n.starts_with("backtracking")));
}

#[test]
fn select_by_cfs_chooses_a_subset_and_saves_a_model_on_it() {
    let file = levels_file("cfs");
    let model = scratch("ml-cfs.model");
    let out = run(
        &[
            "ml",
            "select",
            "--method",
            "cfs",
            "--m",
            "5",
            "-o",
            arg(&model),
            arg(&file),
        ],
        "",
    );
    assert_exit(&out, 0);
    let text = stdout(&out);
    assert!(text.starts_with("CFS ("), "{text}");
    let chosen = text.lines().skip(2).take_while(|l| !l.is_empty()).count();
    assert!(chosen > 0, "{text}");
    assert!(
        text.contains(&format!(
            "C4.5 on the {chosen} CFS features, 10-fold cross-validation:"
        )),
        "{text}"
    );
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&model).expect("model")).expect("JSON");
    assert_eq!(saved["columns"].as_array().map(Vec::len), Some(chosen));
    let out = run(&["ml", "test", arg(&model), arg(&file)], "");
    assert_exit(&out, 0);

    // JSON: the same choice, with the cross-validation; any thread count.
    let json = run(
        &[
            "ml",
            "select",
            "--method",
            "cfs",
            "--m",
            "5",
            "--format",
            "json",
            "--jobs",
            "1",
            arg(&file),
        ],
        "",
    );
    assert_exit(&json, 0);
    let v = &json_lines(&json)[0];
    assert_eq!(v["method"], "cfs");
    assert_eq!(v["of"], 261);
    assert_eq!(v["features"].as_array().map(Vec::len), Some(chosen));
    assert_eq!(matrix_sum(&v["cross_validation"]["confusion"]), 125);

    // --top is the ranking's; -o with the ranking needs it.
    let out = run(
        &["ml", "select", "--method", "cfs", "--top", "3", arg(&file)],
        "",
    );
    assert_exit(&out, 2);
    assert!(
        stderr(&out).contains("--top belongs to --method usage"),
        "{}",
        stderr(&out)
    );
    let out = run(&["ml", "select", "-o", arg(&model), arg(&file)], "");
    assert_exit(&out, 2);
    assert!(stderr(&out).contains("needs --top K"), "{}", stderr(&out));
}

#[test]
fn select_by_usage_in_json() {
    let file = levels_file("usage-json");
    let out = run(
        &[
            "ml",
            "select",
            "--runs",
            "3",
            "--m",
            "5",
            "--top",
            "2",
            "--format",
            "json",
            arg(&file),
        ],
        "",
    );
    assert_exit(&out, 0);
    let v = &json_lines(&out)[0];
    assert_eq!(v["method"], "usage");
    assert_eq!(v["ranks"][0]["rank"], 1);
    assert_eq!(v["top"], 2);
    assert!(v["cross_validation"]["accuracy"].as_f64().is_some());
}

#[test]
fn tune_prints_the_grid_and_its_best_pair_for_any_thread_count() {
    let file = levels_file("tune");
    let args = [
        "ml",
        "tune",
        "--c",
        "0.1,0.25",
        "--m",
        "2,5,40",
        "--folds",
        "3",
        arg(&file),
    ];
    let out = run(&args, "");
    assert_exit(&out, 0);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("C4.5 grid search: 3-fold"), "{text}");
    assert_eq!(lines.len(), 6, "{text}");
    assert!(lines[5].starts_with("best: C "), "{text}");
    let again = run(&[&args[..2], &["--jobs", "1"], &args[2..]].concat(), "");
    assert_eq!(stdout(&again), text);

    let model = scratch("ml-tuned.model");
    let json = run(
        &[&args[..], &["--format", "json", "-o", arg(&model)]].concat(),
        "",
    );
    assert_exit(&json, 0);
    let v = &json_lines(&json)[0];
    let acc: Vec<Vec<f64>> = serde_json::from_value(v["accuracy"].clone()).expect("table");
    assert_eq!((acc.len(), acc[0].len()), (2, 3));
    let top = acc.iter().flatten().fold(0.0f64, |a, &b| a.max(b));
    assert_eq!(v["best"]["accuracy"].as_f64(), Some(top));
    // The saved model is C4.5 with the best pair.
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&model).expect("model")).expect("JSON");
    assert_eq!(saved["classifier"]["params"]["min_leaf"], v["best"]["m"]);
    assert_eq!(saved["classifier"]["params"]["confidence"], v["best"]["c"]);

    let out = run(&["ml", "tune", "--c", "0.7", arg(&file)], "");
    assert_exit(&out, 2);
}

/// The leaves and size a J48 listing states, and the leaf lines it has.
fn listed(text: &str) -> (usize, usize, usize) {
    let number = |label: &str| -> usize {
        text.lines()
            .find_map(|l| l.strip_prefix(label))
            .expect(label)
            .trim()
            .parse()
            .expect("number")
    };
    let leaves = text
        .lines()
        .filter(|l| {
            (l.contains(" <= ") || l.contains(" > ") || l.starts_with(": ")) && l.contains(": ")
        })
        .count();
    (
        number("Number of Leaves  :"),
        number("Size of the tree :"),
        leaves,
    )
}

#[test]
fn show_prints_a_tree_as_weka_does_and_a_forest_summarised() {
    let file = levels_file("show");
    let model = train_model(&file, &["--m", "4"], "ml-show.model");
    let out = run(&["ml", "show", arg(&model)], "");
    assert_exit(&out, 0);
    let text = stdout(&out);
    assert!(text.contains("C4.5 pruned tree (C 0.1, M 4)"), "{text}");
    let (leaves, size, leaf_lines) = listed(&text);
    assert_eq!(leaves, leaf_lines, "{text}");
    assert_eq!(size, 2 * leaves - 1, "{text}");
    assert!(leaves > 1, "{text}");
    assert!(text.lines().any(|l| l.starts_with("|   ")), "{text}");

    let forest = train_model(
        &file,
        &["--model", "forest", "--trees", "3"],
        "ml-show-forest.model",
    );
    let out = run(&["ml", "show", arg(&forest)], "");
    assert_exit(&out, 0);
    let text = stdout(&out);
    assert!(text.contains("Random forest of 3 unpruned trees"), "{text}");
    assert!(text.contains("--tree N"), "{text}");
    let out = run(&["ml", "show", "--tree", "2", arg(&forest)], "");
    assert_exit(&out, 0);
    let (leaves, size, leaf_lines) = listed(&stdout(&out));
    assert_eq!((leaves, size), (leaf_lines, 2 * leaf_lines - 1));
    let out = run(&["ml", "show", "--tree", "4", arg(&forest)], "");
    assert_exit(&out, 2);
    assert!(
        stderr(&out).contains("the model has 3 tree(s)"),
        "{}",
        stderr(&out)
    );
    let out = run(&["ml", "show", "--tree", "2", arg(&model)], "");
    assert_exit(&out, 2);
}

#[test]
fn show_reads_old_models_and_refuses_bad_files_clearly() {
    let file = levels_file("show-bad");
    let model = train_model(&file, &["--m", "5"], "ml-show-bad.model");
    let text = std::fs::read_to_string(&model).expect("model");
    let mut v: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    v["feature_version"] = "1-thesis-all-0000000000000000".into();
    let old = temp_file("ml-show-old.model", v.to_string());
    let out = run(&["ml", "show", arg(&old)], "");
    assert_exit(&out, 0);
    assert!(stdout(&out).starts_with("note: this build extracts other features"));

    let missing = scratch("ml-no-such.model");
    let out = run(&["ml", "show", arg(&missing)], "");
    assert_exit(&out, 2);
    assert!(stderr(&out).contains(arg(&missing)), "{}", stderr(&out));
    let cases = [
        ("empty", String::new(), "not a sudoku model file"),
        (
            "junk",
            "not json at all".to_string(),
            "not a sudoku model file",
        ),
        (
            "truncated",
            text[..text.len() / 2].to_string(),
            "not a sudoku model file",
        ),
        (
            "format",
            text.replacen("\"format\":1", "\"format\":7", 1),
            "file format 7",
        ),
        (
            "column",
            {
                let mut v: serde_json::Value = serde_json::from_str(&text).expect("JSON");
                v["column_names"] = serde_json::json!([]);
                v.to_string()
            },
            "classes or columns out of range",
        ),
    ];
    for (tag, content, expected) in cases {
        let path = temp_file(&format!("ml-show-{tag}.model"), content);
        let out = run(&["ml", "show", arg(&path)], "");
        assert_exit(&out, 2);
        let err = stderr(&out);
        assert!(
            err.contains(arg(&path)) && err.contains(expected),
            "{tag}: {err}"
        );
    }
}
