//! The `--json` object of a scored hand (documented in `docs/json.md`).

use serde_json::{json, Map, Value};

use super::shape::GroupKind;
use super::{Alternative, FuList, Interpretation, Points, Score, ScoreError, YakuList};
use crate::code::Code;
use crate::tile::TileText;

fn yaku_json(yaku: &YakuList) -> Value {
    Value::Array(
        yaku.iter()
            .map(|y| json!({"id": y.yaku.id(), "name": y.yaku.name(), "han": y.han}))
            .collect(),
    )
}

fn fu_json(items: &FuList) -> Value {
    Value::Array(
        items
            .iter()
            .map(|f| json!({"fu": f.fu, "reason": f.reason}))
            .collect(),
    )
}

/// `total`, then only the payments that apply (as the vectors write them).
pub fn points_json(p: &Points) -> Value {
    let mut m = Map::new();
    m.insert("total".into(), json!(p.total));
    for (k, v) in [
        ("ron", p.ron),
        ("dealer", p.dealer),
        ("non_dealer", p.non_dealer),
    ] {
        if let Some(v) = v {
            m.insert(k.into(), json!(v));
        }
    }
    Value::Object(m)
}

pub fn interpretation_json(it: &Interpretation) -> Value {
    let groups: Vec<Value> = it
        .groups()
        .iter()
        .map(|g| {
            let kind = match g.kind {
                GroupKind::Sequence => "sequence",
                GroupKind::Triplet => "triplet",
                GroupKind::Kan => "kan",
                GroupKind::Pair => "pair",
                GroupKind::Single => "single",
            };
            json!({
                "kind": kind,
                "tiles": g.render(TileText::Ascii).trim_matches(|c| "()[]".contains(c)),
                "open": g.open,
                "melded": g.melded,
            })
        })
        .collect();
    json!({
        "form": it.form.id(),
        "groups": groups,
        "win": it.win.ascii(),
        "wait": it.wait.id(),
        "text": it.render(TileText::Ascii),
    })
}

fn alternative_json(a: &Alternative) -> Value {
    json!({
        "han": a.han,
        "fu": a.fu,
        "limit": a.limit.map(|l| l.id()),
        "yaku": yaku_json(&a.yaku),
        "fu_details": fu_json(&a.fu_details),
        "points": a.points.as_ref().map(points_json),
        "interpretation": interpretation_json(&a.interpretation),
    })
}

/// The `--json` object: `han fu limit yaku fu_details points error`, plus
/// `interpretation` and `others`. On an error every other field is null.
pub fn to_json(result: &Result<Score, ScoreError>) -> Value {
    match result {
        Ok(s) => json!({
            "han": s.han,
            "fu": s.fu,
            "limit": s.limit.map(|l| l.id()),
            "yaku": yaku_json(&s.yaku),
            "fu_details": fu_json(&s.fu_details),
            "points": points_json(&s.points),
            "interpretation": interpretation_json(&s.interpretation),
            "others": s.others.iter().map(alternative_json).collect::<Vec<_>>(),
            "error": null,
        }),
        Err(e) => error_json(e.code, &e.message),
    }
}

/// The error object with every other field null.
pub fn error_json(code: Code, message: &str) -> Value {
    json!({
        "han": null,
        "fu": null,
        "limit": null,
        "yaku": null,
        "fu_details": null,
        "points": null,
        "interpretation": null,
        "others": null,
        "error": {"code": code, "message": message},
    })
}
