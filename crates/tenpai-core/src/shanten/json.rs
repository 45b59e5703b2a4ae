//! The JSON form of an analysis, as `tenpai shanten --json` prints it (see
//! `docs/shanten.md`).

use serde_json::{json, Value};

use super::{shanten_name, Analysis, DiscardOption, Shanten, Ukeire, Wait, WinValue};

fn win_json(v: &WinValue) -> Value {
    match v {
        WinValue::Points {
            han,
            fu,
            limit,
            total,
            yaku,
        } => json!({
            "han": han,
            "fu": fu,
            "limit": limit.map(|limit| limit.id()),
            "total": total,
            "yaku": yaku.iter().map(|(id, han)| json!([id, han])).collect::<Vec<_>>(),
        }),
        WinValue::NoYaku => json!({"error": "no-yaku"}),
        WinValue::Unpriced(message) => json!({"error": "unpriced", "message": message}),
    }
}

fn waits_json(waits: &[Wait]) -> Value {
    waits
        .iter()
        .map(|w| {
            let (ron, tsumo) = match &w.value {
                Some(v) => (win_json(&v.ron), win_json(&v.tsumo)),
                None => (Value::Null, Value::Null),
            };
            json!({"tile": w.tile.to_string(), "left": w.left, "ron": ron, "tsumo": tsumo})
        })
        .collect()
}

fn ukeire_json(u: &Ukeire) -> Value {
    json!({
        "tiles": u.tiles.iter().map(|t| json!({
            "tile": t.tile.to_string(),
            "left": t.left,
            "practical": t.practical,
        })).collect::<Vec<_>>(),
        "total": u.total,
        "practical_total": u.practical_total,
    })
}

fn option_json(o: &DiscardOption) -> Value {
    json!({
        "tile": o.tile.to_string(),
        "shanten": o.shanten,
        "ukeire": ukeire_json(&o.ukeire),
        "waits": if o.shanten == 0 { waits_json(&o.waits) } else { Value::Null },
    })
}

/// `{"shanten", "regular", "chiitoitsu", "kokushi", "name", "waits",
/// "ukeire", "discards", "chosen"}`: `null` where a form or a part does not
/// apply.
pub fn to_json(shanten: &Shanten, analysis: &Analysis) -> Value {
    let mut value = json!({
        "shanten": shanten.shanten,
        "regular": shanten.regular,
        "chiitoitsu": shanten.chiitoitsu,
        "kokushi": shanten.kokushi,
        "name": shanten_name(shanten.shanten),
        "waits": Value::Null,
        "ukeire": Value::Null,
        "discards": Value::Null,
        "chosen": Value::Null,
    });
    match analysis {
        Analysis::Complete => {}
        Analysis::Tenpai { waits, .. } => {
            value["waits"] = waits_json(waits);
        }
        Analysis::NotTenpai { ukeire, .. } => {
            value["ukeire"] = ukeire_json(ukeire);
        }
        Analysis::Discards {
            options, chosen, ..
        } => {
            value["discards"] = options.iter().map(option_json).collect();
            if let Some(c) = chosen {
                value["chosen"] = json!({
                    "tile": c.tile.to_string(),
                    "rank": c.index.map(|i| i + 1),
                    "best": c.best,
                    "summary": analysis.chosen_summary(),
                });
            }
        }
    }
    value
}
