//! `GET /api/variants`: every variant's houses, as `sudoku_core` defines them,
//! so the page takes its geometry from the engine instead of rebuilding it:
//! which cells see each other (for removing pencil marks and filling in
//! candidates), where the thick box lines run, which cells lie on a diagonal
//! and which colour group a cell belongs to. Cells are written `r3c5`, as
//! everywhere on the wire.
//!
//! The answer depends on nothing but the binary, so it sits outside the
//! accounts' guard and the limits (the page cannot start without it, and a
//! database that went away must not stop it), and the service worker keeps
//! it for the installed app offline.

use axum::Json;
use serde::Serialize;
use sudoku_core::{HouseKind, Variant};

/// The answer: each variant with its houses, in `Variant::ALL`'s order.
#[derive(Serialize)]
pub(crate) struct Variants {
    variants: Vec<VariantHouses>,
}

#[derive(Serialize)]
struct VariantHouses {
    /// The variant's name (`standard`, `diagonal`, `color`, `color-diagonal`).
    variant: &'static str,
    /// Rows first, then columns, boxes, diagonals and colour groups.
    houses: Vec<HouseCells>,
}

#[derive(Serialize)]
struct HouseCells {
    /// `row`, `column`, `box`, `diagonal` or `color`.
    kind: &'static str,
    /// The nine cells in reading order, `r3c5`.
    cells: Vec<String>,
}

pub(crate) fn kind_name(kind: HouseKind) -> &'static str {
    match kind {
        HouseKind::Row => "row",
        HouseKind::Column => "column",
        HouseKind::Box => "box",
        HouseKind::Diagonal => "diagonal",
        HouseKind::Color => "color",
        // HouseKind is non-exhaustive: a kind added to the core is still a
        // house the page derives peers from; it just draws nothing special.
        _ => "other",
    }
}

/// Every variant's houses.
pub(crate) fn variants() -> Variants {
    Variants {
        variants: Variant::ALL
            .iter()
            .map(|&v| VariantHouses {
                variant: v.name(),
                houses: v
                    .houses()
                    .iter()
                    .map(|h| HouseCells {
                        kind: kind_name(h.kind()),
                        cells: h.cells().iter().map(ToString::to_string).collect(),
                    })
                    .collect(),
            })
            .collect(),
    }
}

/// `GET /api/variants`.
pub(crate) async fn variants_handler() -> Json<Variants> {
    Json(variants())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page's unit tests (`js-tests/`) take their houses from
    /// `js-tests/variants.json`; it must be exactly what the server sends.
    #[test]
    fn the_unit_tests_houses_are_the_servers() {
        let fixture: serde_json::Value =
            serde_json::from_str(include_str!("../js-tests/variants.json")).expect("JSON");
        let answer = serde_json::to_value(variants()).expect("serialises");
        assert_eq!(answer, fixture);
    }
}
