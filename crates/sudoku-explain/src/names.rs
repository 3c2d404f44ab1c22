//! Display names of the techniques in English and German.
//!
//! The stable kebab-case names (`hidden-single`) belong to the logic crate and are
//! used in files and JSON; these are the names a person reads. The German names
//! follow the diagonal solver's vocabulary (Zeilen-/Spalten-Test, Box-Test,
//! Goldene Kette, Einzelzahl-Gitter, Einzelzahl-Kette, …).

use crate::Lang;
use sudoku_logic::Technique;

/// The display name of `technique` in `lang`, or `None` for a technique added to
/// the logic crate after this table (callers fall back to the stable name).
pub(crate) fn known(technique: Technique, lang: Lang) -> Option<&'static str> {
    use Technique as T;
    let (en, de) = match technique {
        T::FullHouse => ("Full house", "Letzte fehlende Zahl"),
        T::HiddenSingle => ("Hidden single", "Versteckter Single"),
        T::NakedSingle => ("Naked single", "Nackter Single"),
        T::DirectPointing => ("Direct pointing", "Offensichtlicher Zeilen-/Spalten-Test"),
        T::DirectClaiming => ("Direct claiming", "Offensichtlicher Box-Test"),
        T::DirectHiddenPair => ("Direct hidden pair", "Offensichtliches 2-Tupel"),
        T::DirectUniqueRectangle => (
            "Direct unique rectangle",
            "Offensichtliches Ausschluss-Rechteck",
        ),
        T::WriteCandidates => ("Writing candidates", "Kandidaten anschreiben"),
        T::Pointing => ("Pointing", "Zeilen-/Spalten-Test"),
        T::Claiming => ("Claiming", "Box-Test"),
        T::LockedCandidates => ("Locked candidates", "Schnittmengen-Test"),
        T::DiagonalCenterTest => ("Diagonal test (centre)", "Diagonalen-Test (Mitte)"),
        T::DiagonalPincer1 => ("Diagonal pincer type 1", "Diagonal-Zange Typ 1"),
        T::DiagonalPincer2 => ("Diagonal pincer type 2", "Diagonal-Zange Typ 2"),
        T::DiagonalPairTest => ("Diagonal test (pair)", "Diagonalen-Test (Paar)"),
        T::LockedPair => ("Locked pair", "Verbundenes Paar"),
        T::LockedTriple => ("Locked triple", "Verbundenes Tripel"),
        T::NakedPair => ("Naked pair", "Nacktes Paar"),
        T::XWing => ("X-Wing", "X-Wing (2×2-Einzelzahl-Gitter)"),
        T::HiddenPair => ("Hidden pair", "Verstecktes Paar"),
        T::NakedTriple => ("Naked triple", "Nacktes Tripel"),
        T::Swordfish => ("Swordfish", "Swordfish (3×3-Einzelzahl-Gitter)"),
        T::HiddenTriple => ("Hidden triple", "Verstecktes Tripel"),
        T::XyWing => ("XY-Wing", "XY-Wing"),
        T::WWing => ("W-Wing", "W-Wing"),
        T::XyzWing => ("XYZ-Wing", "XYZ-Wing"),
        T::UniqueRectangle1 => ("Unique rectangle type 1", "Ausschluss-Rechteck Typ 1"),
        T::UniqueRectangle2 => ("Unique rectangle type 2", "Ausschluss-Rechteck Typ 2"),
        T::UniqueRectangle3 => ("Unique rectangle type 3", "Ausschluss-Rechteck Typ 3"),
        T::UniqueRectangle4 => ("Unique rectangle type 4B", "Ausschluss-Rechteck Typ 4B"),
        T::UniqueRectangle5 => ("Unique rectangle type 5", "Ausschluss-Rechteck Typ 5"),
        T::UniqueRectangle6 => ("Unique rectangle type 6", "Ausschluss-Rechteck Typ 6"),
        T::UniqueRectangle4A => ("Unique rectangle type 4A", "Ausschluss-Rechteck Typ 4A"),
        T::UniqueRectangle4C => ("Unique rectangle type 4C", "Ausschluss-Rechteck Typ 4C"),
        T::UniqueRectangle7B => ("Unique rectangle type 7B", "Ausschluss-Rechteck Typ 7B"),
        T::UniqueRectangle7C => ("Unique rectangle type 7C", "Ausschluss-Rechteck Typ 7C"),
        T::UniqueRectangle8A => ("Unique rectangle type 8A", "Ausschluss-Rechteck Typ 8A"),
        T::UniqueRectangle8B => ("Unique rectangle type 8B", "Ausschluss-Rechteck Typ 8B"),
        T::UniqueRectangle8C => ("Unique rectangle type 8C", "Ausschluss-Rechteck Typ 8C"),
        T::HiddenRectangle => (
            "Hidden rectangle (unique rectangle type 7A)",
            "Ausschluss-Rechteck Typ 7A (verstecktes Rechteck)",
        ),
        T::AvoidableRectangle1 => ("Avoidable rectangle type 1", "Vermeidbares Rechteck Typ 1"),
        T::AvoidableRectangle2 => ("Avoidable rectangle type 2", "Vermeidbares Rechteck Typ 2"),
        T::BugPlusOne => ("BUG+1", "BUG+1 (bivalenter Friedhof plus eins)"),
        T::UniqueLoop => ("Unique loop", "Ausschluss-Schleife"),
        T::BivalueGrave => ("Bivalue universal grave", "BUG (bivalenter Friedhof)"),
        T::AlignedPairExclusion => ("Aligned pair exclusion", "Paar-Ausschluss"),
        T::AlignedTripletExclusion => ("Aligned triplet exclusion", "Tripel-Ausschluss"),
        T::RemotePair => ("Remote pair", "Entferntes Paar (Remote Pair)"),
        T::WxyzWing => ("WXYZ-Wing", "WXYZ-Wing"),
        T::NakedQuad => ("Naked quad", "Nacktes Quadrupel"),
        T::Jellyfish => ("Jellyfish", "Jellyfish (4×4-Einzelzahl-Gitter)"),
        T::HiddenQuad => ("Hidden quad", "Verstecktes Quadrupel"),
        T::XyChain => ("XY-chain", "Goldene Kette"),
        T::Skyscraper => ("Skyscraper", "Skyscraper (Einzelzahl-Kette)"),
        T::TwoStringKite => ("2-String Kite", "2-String-Kite (Einzelzahl-Kette)"),
        T::DualTwoStringKite => ("Dual 2-String Kite", "Doppelter Drachen"),
        T::DualEmptyRectangle => ("Dual empty rectangle", "Doppeltes leeres Rechteck"),
        T::TurbotFish => ("Turbot fish", "Turbot-Fish (Einzelzahl-Kette)"),
        T::EmptyRectangle => ("Empty rectangle", "Empty Rectangle (leeres Rechteck)"),
        T::FinnedXWing => ("Finned X-Wing", "X-Wing mit Flosse"),
        T::SashimiXWing => ("Sashimi X-Wing", "Sashimi-X-Wing (X-Wing mit Flosse)"),
        T::SimpleColors => ("Simple colors", "Einfache Färbung"),
        T::MultiColors => ("Multi colors", "Mehrfache Färbung (Multi-Farben)"),
        T::ThreeDMedusa => ("3D Medusa", "3D-Medusa"),
        T::FinnedSwordfish => ("Finned Swordfish", "Swordfish mit Flosse"),
        T::SashimiSwordfish => (
            "Sashimi Swordfish",
            "Sashimi-Swordfish (Swordfish mit Flosse)",
        ),
        T::FinnedJellyfish => ("Finned Jellyfish", "Jellyfish mit Flosse"),
        T::SashimiJellyfish => (
            "Sashimi Jellyfish",
            "Sashimi-Jellyfish (Jellyfish mit Flosse)",
        ),
        T::XLoop => ("X-loop", "Geschlossene Einzelzahl-Kette"),
        T::XChain => ("X-chain", "Einzelzahl-Kette"),
        T::DigitContradictionChain => (
            "Single-digit contradiction chain",
            "Einzelzahl-Widerspruchs-Kette",
        ),
        T::NiceLoop => ("Nice loop / AIC", "Nice Loop / AIC (Kette)"),
        T::GroupedNiceLoop => (
            "Grouped nice loop / AIC",
            "Gruppierter Nice Loop / AIC (Kette mit Gruppenknoten)",
        ),
        T::NakedQuint => ("Naked quint", "Nacktes 5-Tupel"),
        T::HiddenQuint => ("Hidden quint", "Verstecktes 5-Tupel"),
        T::NakedSextuple => ("Naked sextuple", "Nacktes 6-Tupel"),
        T::HiddenSextuple => ("Hidden sextuple", "Verstecktes 6-Tupel"),
        T::NakedSeptuple => ("Naked septuple", "Nacktes 7-Tupel"),
        T::HiddenSeptuple => ("Hidden septuple", "Verstecktes 7-Tupel"),
        T::SueDeCoq => ("Sue de Coq", "Sue de Coq"),
        T::AlsXz => ("ALS-XZ", "ALS-XZ"),
        T::AlsXyWing => ("ALS-XY-Wing", "ALS-XY-Wing"),
        T::AlsXyChain => ("ALS-XY-chain", "ALS-XY-Kette"),
        T::DeathBlossom => ("Death blossom", "Death Blossom (Todesblüte)"),
        T::TemplateSet => ("Template set", "Schablone (setzen)"),
        T::TemplateDelete => ("Template delete", "Schablone (löschen)"),
        T::TrialAndError => ("Trial and error", "Trial&Error"),
        T::BidirectionalCycle => ("Bidirectional cycle", "Geschlossene Implikationskette"),
        T::ForcingChain => ("Forcing chain", "Erzwingende Kette"),
        T::NishioForcingChain => ("Nishio forcing chain", "Nishio-Kette"),
        T::CellForcingChain => ("Cell forcing chain", "Zellen-Alternativkette"),
        T::RegionForcingChain => ("Region forcing chain", "Haus-Alternativkette"),
        T::ContradictionForcingChain => ("Contradiction forcing chain", "Widerspruchskette"),
        T::DoubleImplicationChain => ("Double implication chain", "Doppelte Implikationskette"),
        T::DynamicForcingChain => ("Dynamic forcing chain", "Dynamische Alternativkette"),
        T::ForcingNet => ("Forcing net", "Erzwingendes Netz"),
        T::NestedForcingChain => ("Nested forcing chain", "Verschachtelte Alternativkette"),
        // Added to the logic crate after this table: the caller uses the stable
        // name, and the test over the table notices.
        _ => return None,
    };
    Some(match lang {
        Lang::En => en,
        Lang::De => de,
    })
}

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
        "naked-pair" => ("Naked pair", "Nacktes Paar"),
        "x-wing" => ("X-Wing", "X-Wing"),
        "hidden-pair" => ("Hidden pair", "Verstecktes Paar"),
        "naked-triplet" => ("Naked triplet", "Nacktes Tripel"),
        "swordfish" => ("Swordfish", "Swordfish"),
        "hidden-triplet" => ("Hidden triplet", "Verstecktes Tripel"),
        "xy-wing" => ("XY-Wing", "XY-Wing"),
        "xyz-wing" => ("XYZ-Wing", "XYZ-Wing"),
        "unique-loop" => (
            "Unique rectangle or loop",
            "Ausschluss-Rechteck oder -Schleife",
        ),
        "naked-quad" => ("Naked quad", "Nacktes Quadrupel"),
        "jellyfish" => ("Jellyfish", "Jellyfish"),
        "hidden-quad" => ("Hidden quad", "Verstecktes Quadrupel"),
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
        _ => en,
    })
}
