//! One step format on the wire: `sudoku explain --format json` and
//! `GET /api/explain` of a real `sudoku serve` write the same bytes for the
//! same steps and the same rating, because both serialise the one
//! `sudoku_analysis::Analysis`; and what they write has the keys the
//! versioned schema in `docs/wire-format.v1.schema.json` names.

mod common;

use common::{BIN, HARD, http_get, run, serve, stdout};

fn get(host: &str, path: &str) -> String {
    http_get(host, path)
}

/// The raw text of the value of `key` in the JSON object `text`, from its
/// start up to (not including) the `,"<next>":` that follows it.
fn raw<'a>(text: &'a str, key: &str, next: &str) -> &'a str {
    let start = text
        .find(&format!("\"{key}\":"))
        .unwrap_or_else(|| panic!("no {key} in {text}"))
        + key.len()
        + 3;
    let end = text[start..]
        .find(&format!(",\"{next}\":"))
        .unwrap_or_else(|| panic!("no {next} after {key}"));
    &text[start..start + end]
}

#[test]
fn explain_and_the_api_write_the_same_steps_byte_for_byte() {
    let dir = tempfile::tempdir().expect("temp dir");
    let server = serve("127.0.0.1:0", dir.path().join("p.sqlite"), &[]);
    // HARD takes chains and a forcing chain (links, compact, forcing trees).
    for (lang, mode) in [("en", "async"), ("de", "sync")] {
        let cli = stdout(&run(
            &[
                "explain", "--format", "json", "--lang", lang, "--mode", mode, HARD,
            ],
            "",
        ));
        let api = get(
            &server.host,
            &format!("/api/explain?p={HARD}&v=standard&mode={mode}&lang={lang}"),
        );
        let (cli_steps, api_steps) = (raw(&cli, "steps", "end"), raw(&api, "steps", "positions"));
        assert!(cli_steps.len() > 1000, "{cli_steps}");
        assert_eq!(cli_steps, api_steps, "{lang} {mode}: the steps differ");
        // The rating is the last key of both.
        let rating = |t: &str| {
            t[t.find("\"rating\":").expect("rating")..]
                .trim_end()
                .to_string()
        };
        assert_eq!(
            rating(&cli),
            rating(&api),
            "{lang} {mode}: the rating differs"
        );
        assert!(rating(&cli).contains("\"trainer_level\":\"very-hard\""));
    }
    let _ = BIN;
}

/// Whether `value` follows `schema`: every key (recursively, through objects
/// and arrays) is a property the schema names for that object, every required
/// property is there, and types, enums and consts hold. A small validator for
/// the subset of JSON Schema the file uses (type, const, enum, properties,
/// required, additionalProperties, items, $ref, oneOf).
fn conforms(
    value: &serde_json::Value,
    schema: &serde_json::Value,
    root: &serde_json::Value,
    at: &str,
) -> Result<(), String> {
    use serde_json::Value;
    let schema = match schema.get("$ref").and_then(Value::as_str) {
        Some(r) => &root["$defs"][r.trim_start_matches("#/$defs/")],
        None => schema,
    };
    if let Some(options) = schema.get("oneOf").and_then(Value::as_array) {
        let errors: Vec<String> = options
            .iter()
            .filter_map(|o| conforms(value, o, root, at).err())
            .collect();
        return if errors.len() < options.len() {
            Ok(())
        } else {
            Err(format!("{at}: no alternative fits: {}", errors.join("; ")))
        };
    }
    if let Some(c) = schema.get("const")
        && c != value
    {
        return Err(format!("{at}: {value} is not {c}"));
    }
    if let Some(types) = schema.get("type") {
        let names: Vec<&str> = match types {
            Value::String(s) => vec![s.as_str()],
            Value::Array(a) => a.iter().filter_map(Value::as_str).collect(),
            _ => vec![],
        };
        let actual = match value {
            Value::Null => "null",
            Value::Bool(_) => "boolean",
            Value::Number(n) if n.is_u64() || n.is_i64() => "integer",
            Value::Number(_) => "number",
            Value::String(_) => "string",
            Value::Array(_) => "array",
            Value::Object(_) => "object",
        };
        if !(names.contains(&actual) || (actual == "integer" && names.contains(&"number"))) {
            return Err(format!("{at}: {actual} where the schema says {names:?}"));
        }
    }
    if let Some(values) = schema.get("enum").and_then(Value::as_array)
        && !values.contains(value)
    {
        return Err(format!("{at}: {value} is not one of {values:?}"));
    }
    match value {
        Value::Object(map) => {
            let props = schema.get("properties").and_then(Value::as_object);
            let extra = schema.get("additionalProperties");
            for (k, v) in map {
                match (props.and_then(|p| p.get(k)), extra) {
                    (Some(s), _) => conforms(v, s, root, &format!("{at}.{k}"))?,
                    (None, Some(s)) if s.is_object() => conforms(v, s, root, &format!("{at}.{k}"))?,
                    (None, Some(Value::Bool(true)) | None) => {}
                    (None, _) => return Err(format!("{at}: key '{k}' is not in the schema")),
                }
            }
            for r in schema
                .get("required")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                let r = r.as_str().unwrap_or_default();
                if !map.contains_key(r) {
                    return Err(format!("{at}: required '{r}' is missing"));
                }
            }
        }
        Value::Array(items) => {
            if let Some(s) = schema.get("items") {
                for (i, v) in items.iter().enumerate() {
                    conforms(v, s, root, &format!("{at}[{i}]"))?;
                }
            }
        }
        _ => {}
    }
    Ok(())
}

fn schema() -> serde_json::Value {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../docs/wire-format.v1.schema.json");
    let text = std::fs::read_to_string(&path).expect("the schema file");
    serde_json::from_str(&text).expect("the schema is JSON")
}

#[test]
fn what_explain_and_hint_write_follows_the_schema() {
    let schema = schema();
    let analysis = &schema["$defs"]["Analysis"];
    let hint = &schema["$defs"]["Hint"];
    // Every status: unique (with forcing trees), multiple, none, invalid.
    let input = format!(
        "{HARD}\n{NESTED}\n{}\n{}\nnot a puzzle\n",
        "000000003007000009063007000000026800400000000000009200000240010180000040070100060",
        common::NO_SOLUTION
    );
    for lang in ["en", "de"] {
        let out = run(
            &["explain", "--format", "json", "--lang", lang, "-"],
            &input,
        );
        for (i, line) in stdout(&out).lines().enumerate() {
            let v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            conforms(&v, analysis, &schema, &format!("explain line {}", i + 1))
                .unwrap_or_else(|e| panic!("{e}"));
        }
        for args in [
            vec!["hint", "--format", "json", "--lang", lang, HARD],
            vec!["hint", "--format", "json", "--lang", lang, common::EASY],
        ] {
            let out = run(&args, "");
            let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).expect("JSON");
            conforms(&v, hint, &schema, "hint").unwrap_or_else(|e| panic!("{e}"));
        }
    }
    let out = run(
        &["explain", "--format", "json", "--mode", "sync", "-"],
        common::EASY,
    );
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).expect("JSON");
    conforms(&v, analysis, &schema, "easy").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(schema["$id"], "urn:sudoku-trainer:wire-format:v1");
    // The validator can fail: a key the schema does not name is refused.
    let mut bad: serde_json::Value = serde_json::from_str(
        stdout(&run(&["explain", "--format", "json", "-"], common::EASY)).trim(),
    )
    .expect("JSON");
    bad["steps"][0]["extra"] = serde_json::json!(1);
    assert!(conforms(&bad, analysis, &schema, "bad").is_err());
}

/// One of the seed's examples whose path has nested forcing chains resting on
/// whole forcing chains (Sudoku Explainer's nesting level 3).
const NESTED: &str =
    "100007090030020008009600500005300900010080002600004000300000010040000007007000300";

/// Checks every `nested` index of `forcing` (and of its nested steps) and
/// counts them.
fn nested_refs(forcing: &serde_json::Value) -> usize {
    let inner = forcing["nested"].as_array().cloned().unwrap_or_default();
    let mut count = 0;
    for branch in forcing["branches"].as_array().expect("branches") {
        for node in branch["nodes"].as_array().expect("nodes") {
            if let Some(k) = node.get("nested") {
                let k = k.as_u64().expect("an index") as usize;
                assert!(k < inner.len(), "nested {k} of {}", inner.len());
                assert_eq!(node["cause"], "technique", "{node}");
                count += 1;
            }
        }
    }
    count + inner.iter().map(nested_refs).sum::<usize>()
}

#[test]
fn a_nested_forcing_chain_carries_the_forcing_steps_it_rests_on() {
    let out = run(&["explain", "--format", "json", NESTED], "");
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).expect("JSON");
    let steps = v["steps"].as_array().expect("steps");
    let with: Vec<usize> = steps
        .iter()
        .filter_map(|s| s.get("forcing"))
        .map(nested_refs)
        .filter(|&n| n > 0)
        .collect();
    assert!(!with.is_empty(), "no step rests on a nested forcing step");
    // A step without nested forcing steps writes no empty list.
    let easy = run(&["explain", "--format", "json", HARD], "");
    assert!(!stdout(&easy).contains("\"nested\":[]"));
}
