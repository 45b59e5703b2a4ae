//! Rewrites a `parser.c` from `tree-sitter generate` so that every parse
//! state has a dense row in `ts_parse_table`.
//!
//! The generator gives a state a dense row (`parse_table[state *
//! symbol_count + symbol]`, one load) only if it has more than
//! min(64, symbols / 2) actions, and has no option for it; every other
//! state goes to `ts_small_parse_table`, whose look-up is a linear search
//! through the state's groups of symbols. The runtime tells the two apart
//! by `state < large_state_count` alone, so a parser whose states are all
//! dense (`LARGE_STATE_COUNT` = `STATE_COUNT`, no small table) keeps every
//! state id, every action index and every goto. The rewrite reads the small
//! table's groups (`ACTIONS(v), n, symbols...` for tokens, `STATE(v), n,
//! symbols...` for gotos) and writes each state's entries as the generator
//! writes a dense row, ordered by symbol id.
//!
//! A `parser.c` that is dense already is returned unchanged, so the rewrite
//! is idempotent and a test can check that the committed parser is its own
//! rewrite.

use std::collections::HashMap;

/// The first line of the small table's declaration in the generator's output.
const SMALL_TABLE_START: &str = "static const uint16_t ts_small_parse_table[] = {\n";
/// The first line of the map from a small state to its place in the small table.
const SMALL_MAP_START: &str = "static const uint32_t ts_small_parse_table_map[] = {\n";
/// The first line of the dense table.
const DENSE_TABLE_START: &str =
    "static const uint16_t ts_parse_table[LARGE_STATE_COUNT][SYMBOL_COUNT] = {\n";
/// The language's fields that point at the small table.
const SMALL_TABLE_FIELDS: [&str; 2] = [
    "    .small_parse_table = ts_small_parse_table,\n",
    "    .small_parse_table_map = ts_small_parse_table_map,\n",
];
/// Written above the dense table, so a reader of `parser.c` knows why its
/// states are all there.
const DENSE_TABLE_NOTE: &str = "/* Every state's row is dense: rewritten from the generator's small \
parse table by\n   grammar/examples/dense_parse_table.rs (docs/performance.md, \"tree-sitter grammar\"). */\n";

/// What a group of the small table gives its symbols.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TableValue {
    /// An index into `ts_parse_actions`, for a token.
    Actions(u32),
    /// The state to go to, for a non-terminal.
    State(u32),
}

impl TableValue {
    fn render(self) -> String {
        match self {
            TableValue::Actions(index) => format!("ACTIONS({index})"),
            TableValue::State(state) => format!("STATE({state})"),
        }
    }
}

/// `parser.c` with every state dense, or why it could not be rewritten.
pub fn dense_parser(source: &str) -> Result<String, String> {
    let state_count = define(source, "STATE_COUNT")?;
    let large_state_count = define(source, "LARGE_STATE_COUNT")?;
    let has_small_table = source.contains(SMALL_TABLE_START);
    if large_state_count == state_count {
        if has_small_table {
            return Err("LARGE_STATE_COUNT is STATE_COUNT but a small table is there".into());
        }
        return Ok(source.to_string());
    }
    if !has_small_table {
        return Err(format!(
            "{} states are small but there is no ts_small_parse_table",
            state_count - large_state_count
        ));
    }
    let symbol_ids = symbol_ids(source)?;

    let (before_small, small_body, after_small) = split_block(source, SMALL_TABLE_START)?;
    let rows = small_rows(small_body, large_state_count, state_count, &symbol_ids)?;
    let (_, map_body, _) = split_block(source, SMALL_MAP_START)?;
    check_map(map_body, &rows, large_state_count)?;

    // The dense table ends just before the small table begins: its rows go
    // before that closing brace.
    let (before_dense, dense_body, between) = split_block(before_small, DENSE_TABLE_START)?;
    if !between.trim().is_empty() {
        return Err("something stands between the dense and the small parse tables".into());
    }
    let (_, _, after_map) = split_block(after_small, SMALL_MAP_START)?;

    let mut output = String::with_capacity(source.len());
    output.push_str(before_dense);
    output.push_str(DENSE_TABLE_NOTE);
    output.push_str(DENSE_TABLE_START);
    output.push_str(dense_body);
    for (offset, row) in rows.iter().enumerate() {
        let state = large_state_count + offset as u32;
        output.push_str(&format!("  [STATE({state})] = {{\n"));
        for (symbol, value) in &row.entries {
            output.push_str(&format!("    [{symbol}] = {},\n", value.render()));
        }
        output.push_str("  },\n");
    }
    output.push_str("};\n\n");
    output.push_str(after_map.trim_start_matches('\n'));

    let large_define = format!("#define LARGE_STATE_COUNT {large_state_count}\n");
    let dense_define = format!("#define LARGE_STATE_COUNT {state_count}\n");
    if output.matches(&large_define).count() != 1 {
        return Err("LARGE_STATE_COUNT is not defined exactly once".into());
    }
    output = output.replacen(&large_define, &dense_define, 1);
    for field in SMALL_TABLE_FIELDS {
        if output.matches(field).count() != 1 {
            return Err(format!("the language does not set {:?} once", field.trim()));
        }
        output = output.replacen(field, "", 1);
    }
    Ok(output)
}

/// The value of `#define NAME value`.
fn define(source: &str, name: &str) -> Result<u32, String> {
    let prefix = format!("#define {name} ");
    source
        .lines()
        .find_map(|line| line.strip_prefix(&prefix))
        .ok_or_else(|| format!("no #define {name}"))?
        .trim()
        .parse()
        .map_err(|error| format!("#define {name}: {error}"))
}

/// Every symbol's id: `ts_builtin_sym_end` (0, from `parser.h`) and the
/// generated `enum ts_symbol_identifiers`.
fn symbol_ids(source: &str) -> Result<HashMap<String, u32>, String> {
    let (_, body, _) = split_block(source, "enum ts_symbol_identifiers {\n")?;
    let mut ids = HashMap::from([("ts_builtin_sym_end".to_string(), 0)]);
    for line in body.lines() {
        let (name, id) = line
            .trim()
            .trim_end_matches(',')
            .split_once(" = ")
            .ok_or_else(|| format!("a symbol line reads {line:?}"))?;
        let id = id
            .parse()
            .map_err(|error| format!("symbol {name}: {error}"))?;
        ids.insert(name.to_string(), id);
    }
    Ok(ids)
}

/// The text before the block that starts with `start`, the block's body
/// (after `start`, up to its closing `};` line) and the text after that line.
fn split_block<'source>(
    source: &'source str,
    start: &str,
) -> Result<(&'source str, &'source str, &'source str), String> {
    let begin = source
        .find(start)
        .ok_or_else(|| format!("no {:?}", start.trim_end()))?;
    let body_start = begin + start.len();
    let body_length = source[body_start..]
        .find("\n};\n")
        .map(|at| at + 1)
        .or_else(|| source[body_start..].starts_with("};\n").then_some(0))
        .ok_or_else(|| format!("{:?} is not closed", start.trim_end()))?;
    let body_end = body_start + body_length;
    Ok((
        &source[..begin],
        &source[body_start..body_end],
        &source[body_end + "};\n".len()..],
    ))
}

/// One small state's entries, in symbol-id order, and where it began in
/// the small table (to check against the map).
struct SmallRow {
    table_index: u32,
    entries: Vec<(String, TableValue)>,
}

/// Reads the small table: for each state from `first_state`, `[index] =
/// groups,` then each group's value, symbol count and symbols.
fn small_rows(
    body: &str,
    first_state: u32,
    state_count: u32,
    symbol_ids: &HashMap<String, u32>,
) -> Result<Vec<SmallRow>, String> {
    let mut words = body
        .split(|character: char| character == ',' || character.is_whitespace())
        .filter(|word| !word.is_empty())
        .peekable();
    let mut rows = Vec::new();
    let mut table_index = 0u32;
    while let Some(word) = words.next() {
        let state = first_state + rows.len() as u32;
        let index: u32 = word
            .strip_prefix('[')
            .and_then(|rest| rest.strip_suffix(']'))
            .and_then(|index| index.parse().ok())
            .ok_or_else(|| format!("state {state} starts with {word:?}, not [index]"))?;
        if index != table_index {
            return Err(format!(
                "state {state} starts at {index}, its groups say {table_index}"
            ));
        }
        if words.next() != Some("=") {
            return Err(format!("state {state}: no `=` after [{index}]"));
        }
        let group_count = number(words.next(), state)?;
        table_index += 1;
        let mut entries = Vec::new();
        for _ in 0..group_count {
            let value_word = words
                .next()
                .ok_or_else(|| format!("state {state}: a group is cut short"))?;
            let value = table_value(value_word)
                .ok_or_else(|| format!("state {state}: {value_word:?} is no ACTIONS or STATE"))?;
            let symbol_count = number(words.next(), state)?;
            table_index += 2 + symbol_count;
            for _ in 0..symbol_count {
                let symbol = words
                    .next()
                    .ok_or_else(|| format!("state {state}: a group's symbols are cut short"))?;
                if !symbol_ids.contains_key(symbol) {
                    return Err(format!("state {state}: unknown symbol {symbol:?}"));
                }
                entries.push((symbol.to_string(), value));
            }
        }
        entries.sort_by_key(|(symbol, _)| symbol_ids[symbol]);
        if entries
            .windows(2)
            .any(|pair| symbol_ids[&pair[0].0] == symbol_ids[&pair[1].0])
        {
            return Err(format!("state {state} gives a symbol two values"));
        }
        rows.push(SmallRow {
            table_index: index,
            entries,
        });
    }
    if first_state + rows.len() as u32 != state_count {
        return Err(format!(
            "the small table has {} states, STATE_COUNT - LARGE_STATE_COUNT is {}",
            rows.len(),
            state_count - first_state
        ));
    }
    Ok(rows)
}

fn number(word: Option<&str>, state: u32) -> Result<u32, String> {
    let word = word.ok_or_else(|| format!("state {state} is cut short"))?;
    word.parse()
        .map_err(|_| format!("state {state}: {word:?} is no count"))
}

fn table_value(word: &str) -> Option<TableValue> {
    let argument = |prefix: &str| {
        word.strip_prefix(prefix)?
            .strip_suffix(')')?
            .parse::<u32>()
            .ok()
    };
    argument("ACTIONS(")
        .map(TableValue::Actions)
        .or_else(|| argument("STATE(").map(TableValue::State))
}

/// The map must send each small state to where its groups begin, as read.
fn check_map(body: &str, rows: &[SmallRow], first_state: u32) -> Result<(), String> {
    let mut mapped = 0;
    for line in body.lines() {
        let (state, index) = line
            .trim()
            .trim_end_matches(',')
            .strip_prefix("[SMALL_STATE(")
            .and_then(|rest| rest.split_once(")] = "))
            .ok_or_else(|| format!("a map line reads {line:?}"))?;
        let state: u32 = state.parse().map_err(|_| format!("map state {state:?}"))?;
        let index: u32 = index.parse().map_err(|_| format!("map index {index:?}"))?;
        let row = state
            .checked_sub(first_state)
            .and_then(|offset| rows.get(offset as usize))
            .ok_or_else(|| format!("the map names state {state}, which is not small"))?;
        if row.table_index != index {
            return Err(format!(
                "the map puts state {state} at {index}, the table at {}",
                row.table_index
            ));
        }
        mapped += 1;
    }
    if mapped != rows.len() {
        return Err(format!(
            "the map has {mapped} states, the table {}",
            rows.len()
        ));
    }
    Ok(())
}
