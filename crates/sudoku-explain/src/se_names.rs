//! The display names of Sudoku Explainer's rules in English and German.
//! They are not techniques of ours one to one (a technique's names are in its
//! catalogue entry, `sudoku_logic::Names`), so they have their own table.

use crate::Lang;

/// The display name of one of Sudoku Explainer's rules, given by its stable
/// key (`sudoku_rate::SeRule::key`): "Direct hidden triplet" / "Offensichtliches
/// verstecktes Tripel". `None` for a key this table does not know.
pub(crate) fn se_rule(key: &str, lang: Lang) -> Option<&'static str> {
    let (en, de) = match key {
        "hidden-single" => ("Hidden single", "Versteckter Single"),
        "direct-pointing" => ("Direct pointing", "Direkter Zeilen-/Spalten-Test"),
        "direct-claiming" => ("Direct claiming", "Direkter Box-Test"),
        "direct-hidden-pair" => ("Direct hidden pair", "Direktes verstecktes Paar"),
        "naked-single" => ("Naked single", "Nackter Single"),
        "direct-hidden-triplet" => ("Direct hidden triplet", "Direktes verstecktes Tripel"),
        "pointing" => ("Pointing", "Zeilen-/Spalten-Test"),
        "claiming" => ("Claiming", "Box-Test"),
        "naked-pair" => ("Naked pair", "2-Tupel (Doppel)"),
        "x-wing" => ("X-Wing", "X-Wing"),
        "hidden-pair" => ("Hidden pair", "Verstecktes 2-Tupel"),
        "naked-triplet" => ("Naked triplet", "3-Tupel (Tripel)"),
        "swordfish" => ("Swordfish", "Swordfish"),
        "hidden-triplet" => ("Hidden triplet", "Verstecktes 3-Tupel"),
        "xy-wing" => ("XY-Wing", "XY-Wing"),
        "xyz-wing" => ("XYZ-Wing", "XYZ-Wing"),
        "unique-loop" => (
            "Unique rectangle or loop",
            "Ausschluss-Rechteck oder -Schleife",
        ),
        "naked-quad" => ("Naked quad", "4-Tupel"),
        "jellyfish" => ("Jellyfish", "Jellyfish"),
        "hidden-quad" => ("Hidden quad", "Verstecktes 4-Tupel"),
        "bivalue-universal-grave" => ("Bivalue universal grave", "Bivalenter Friedhof (BUG)"),
        "aligned-pair-exclusion" => ("Aligned pair exclusion", "Paar-Ausschluss"),
        "aligned-triplet-exclusion" => ("Aligned triplet exclusion", "Tripel-Ausschluss"),
        "forcing-chains-and-cycles" => ("Forcing chains and cycles", "Forcing-Ketten und Zyklen"),
        "nishio-forcing-chains" => ("Nishio forcing chains", "Nishio-Forcing-Ketten"),
        "multiple-forcing-chains" => ("Multiple forcing chains", "Mehrfache Forcing-Ketten"),
        "dynamic-forcing-chains" => ("Dynamic forcing chains", "Dynamische Forcing-Ketten"),
        "dynamic-forcing-chains-plus" => (
            "Dynamic forcing chains (+)",
            "Dynamische Forcing-Ketten (+)",
        ),
        "nested-forcing-chains" => ("Nested forcing chains", "Verschachtelte Forcing-Ketten"),
        _ => return None,
    };
    Some(match lang {
        Lang::De => de,
        Lang::En => en,
    })
}
