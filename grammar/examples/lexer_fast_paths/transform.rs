//! Rewrites the generated lexer of a `parser.c` from `tree-sitter generate`
//! (`ts_lex`, and `ts_lex_keywords` where there is one) so that it does
//! less work a character, without changing what it accepts:
//!
//! - **`ADVANCE_MAP` becomes a `switch`.** The generator writes a state's
//!   many single-character transitions as a table that the state searches
//!   linearly at every character it reads (up to 21 pairs here, most of
//!   them before the character is found or not); a `switch` on the
//!   lookahead is a jump table or a few comparisons.
//! - **The end of the text is asked only at a NUL.** The generated lexer
//!   calls `lexer->eof(lexer)` (a call through a pointer) on entering every
//!   state, for every character; at the end of the text the runtime's
//!   lookahead is always 0, so `eof` is `lookahead == 0 &&
//!   lexer->eof(lexer)`, asked where a state tests it.
//! - **Character sets test ASCII with a bitmap.** `set_contains` is a
//!   binary search through a set's ranges; the blanks between words (the
//!   grammar's `extras`) and a word's characters are tested at nearly every
//!   character. Each set gets a 128-bit map of its ASCII members beside it,
//!   and `set_contains_fast` reads the map for an ASCII lookahead and
//!   searches the ranges only for the others.
//! - **A token is accepted where the lexer leaves a state.** A state that
//!   accepts its token on entry marks the token's end (`lexer->mark_end`,
//!   a call through a pointer) at every character of a long token; the
//!   mark matters only where the lexer stops or moves on to a state that
//!   does not accept (one that accepts marks again), so the state accepts
//!   there instead.
//!
//! A `parser.c` rewritten already is returned unchanged (the note above the
//! lexer marks it), so the rewrite is idempotent and a test can check that
//! the committed parser is its own rewrite.

/// Written before the lexer, with the bitmap test: a reader of `parser.c`
/// learns why the lexer is not the generator's, and the rewrite knows it
/// has run.
pub const LEXER_NOTE: &str =
    "/* The lexer's fast paths (a switch for ADVANCE_MAP, `eof` asked only at a NUL, \
ASCII bitmaps for\n   character sets, a token accepted where the lexer leaves a state) are \
rewritten from the\n   generator's lexer by grammar/examples/lexer_fast_paths.rs \
(docs/performance.md, \"tree-sitter grammar\"). */\n";

/// The set test the rewritten lexer calls: the bitmap for ASCII, the
/// generator's binary search for the rest.
const FAST_SET_TEST: &str = "\
static inline bool set_contains_fast(const uint64_t ascii[2], const TSCharacterRange *ranges, uint32_t len, int32_t lookahead) {
  if ((uint32_t)lookahead < 128) {
    return (ascii[(uint32_t)lookahead >> 6] >> ((uint32_t)lookahead & 63)) & 1;
  }
  return set_contains(ranges, len, lookahead);
}

";

use std::collections::HashSet;

/// The line with which the generator starts every lexer state.
const EOF_LINE: &str = "  eof = lexer->eof(lexer);\n";
/// What a lexer state's test of `eof` becomes.
const EOF_TEST: &str = "(lookahead == 0 && lexer->eof(lexer))";
/// How a character set is declared.
const SET_START: &str = "static const TSCharacterRange ";
/// The generated lexer functions.
const LEXER_STARTS: [&str; 2] = [
    "static bool ts_lex(TSLexer *lexer, TSStateId state) {\n",
    "static bool ts_lex_keywords(TSLexer *lexer, TSStateId state) {\n",
];

/// `parser.c` with the lexer's fast paths, or why it could not be rewritten.
pub fn fast_lexer(source: &str) -> Result<String, String> {
    if source.contains(LEXER_NOTE) {
        return check_rewritten(source).map(|()| source.to_string());
    }
    let first_lexer = LEXER_STARTS
        .iter()
        .filter_map(|start| source.find(start))
        .min()
        .ok_or("no ts_lex function")?;
    let (declarations, lexers) = source.split_at(first_lexer);

    let mut output = String::with_capacity(source.len() + 4096);
    output.push_str(&with_bitmaps(declarations)?);
    output.push_str(LEXER_NOTE);
    output.push_str(FAST_SET_TEST);
    let mut rest = lexers;
    loop {
        let Some((start, function_start)) = LEXER_STARTS
            .iter()
            .filter_map(|start| rest.find(start).map(|at| (at, *start)))
            .min()
        else {
            output.push_str(rest);
            break;
        };
        output.push_str(&rest[..start]);
        let body_start = start + function_start.len();
        let body_length = rest[body_start..]
            .find("\n}\n")
            .ok_or_else(|| format!("{:?} is not closed", function_start.trim_end()))?
            + "\n}\n".len();
        output.push_str(function_start);
        output.push_str(&fast_function(&rest[body_start..body_start + body_length])?);
        rest = &rest[body_start + body_length..];
    }
    check_rewritten(&output)?;
    Ok(output)
}

/// A rewritten `parser.c` has nothing left to rewrite.
fn check_rewritten(source: &str) -> Result<(), String> {
    if source.contains("ADVANCE_MAP(") {
        return Err("an ADVANCE_MAP is left in the lexer".into());
    }
    if source.contains(EOF_LINE) {
        return Err("the lexer still asks eof at every state".into());
    }
    // The one call left is `set_contains_fast`'s own, for what is not ASCII.
    if source.matches("set_contains(").count() != 1 {
        return Err("a character set is still searched without its bitmap".into());
    }
    Ok(())
}

/// The declarations before the lexer, each character set followed by the
/// bitmap of its ASCII members (`NAME_ascii`).
fn with_bitmaps(declarations: &str) -> Result<String, String> {
    let mut output = String::with_capacity(declarations.len() + 1024);
    let mut rest = declarations;
    while let Some(start) = rest.find(SET_START) {
        let name_start = start + SET_START.len();
        let name_length = rest[name_start..]
            .find("[] = {\n")
            .ok_or("a character set's declaration is not `NAME[] = {`")?;
        let name = &rest[name_start..name_start + name_length];
        let body_start = name_start + name_length + "[] = {\n".len();
        let body_length = rest[body_start..]
            .find("\n};\n")
            .ok_or_else(|| format!("character set {name} is not closed"))?;
        let end = body_start + body_length + "\n};\n".len();
        let bitmap = ascii_bitmap(&rest[body_start..body_start + body_length])
            .map_err(|error| format!("character set {name}: {error}"))?;
        output.push_str(&rest[..end]);
        output.push_str(&format!(
            "\nstatic const uint64_t {name}_ascii[2] = {{0x{:016x}, 0x{:016x}}};\n",
            bitmap[0], bitmap[1]
        ));
        rest = &rest[end..];
    }
    output.push_str(rest);
    Ok(output)
}

/// The ASCII members of a set written as `{start, end},` ranges.
pub fn ascii_bitmap(body: &str) -> Result<[u64; 2], String> {
    let mut bitmap = [0u64; 2];
    let mut rest = body;
    while let Some(open) = rest.find('{') {
        let close = rest[open..].find('}').ok_or("a range is not closed")? + open;
        let range = &rest[open + 1..close];
        let (low, high) = split_pair(range).ok_or_else(|| format!("range {{{range}}}"))?;
        let (low, high) = (character(low)?, character(high)?);
        if low > high {
            return Err(format!("range {{{range}}} is empty"));
        }
        for member in low..=high.min(127) {
            bitmap[(member >> 6) as usize] |= 1 << (member & 63);
        }
        rest = &rest[close + 1..];
    }
    Ok(bitmap)
}

/// `a, b` split at the comma between two C character constants (a comma
/// can itself be a constant: `','`).
fn split_pair(text: &str) -> Option<(&str, &str)> {
    let text = text.trim();
    let first_length = constant_length(text)?;
    let rest = text[first_length..].trim_start().strip_prefix(',')?;
    let second = rest.trim();
    (constant_length(second)? == second.len()).then_some((&text[..first_length], second))
}

/// The length of the C constant at the start of `text`: `'x'`, `'\t'`,
/// `0x1f`, `42`.
fn constant_length(text: &str) -> Option<usize> {
    if let Some(quoted) = text.strip_prefix('\'') {
        let inner = if quoted.starts_with('\\') {
            2
        } else {
            quoted.chars().next()?.len_utf8()
        };
        return quoted[inner..].starts_with('\'').then_some(inner + 2);
    }
    let length = text
        .find(|c: char| !c.is_ascii_alphanumeric())
        .unwrap_or(text.len());
    (length > 0).then_some(length)
}

/// A code point written as a C constant, as the generator writes them.
fn character(text: &str) -> Result<u32, String> {
    if let Some(quoted) = text
        .strip_prefix('\'')
        .and_then(|rest| rest.strip_suffix('\''))
    {
        return match quoted {
            "\\t" => Ok(9),
            "\\n" => Ok(10),
            "\\v" => Ok(11),
            "\\f" => Ok(12),
            "\\r" => Ok(13),
            "\\0" => Ok(0),
            "\\\\" => Ok('\\' as u32),
            "\\'" => Ok('\'' as u32),
            "\\\"" => Ok('"' as u32),
            _ => {
                let mut chars = quoted.chars();
                match (chars.next(), chars.next()) {
                    (Some(single), None) if single != '\\' => Ok(single as u32),
                    _ => Err(format!("character constant {text}")),
                }
            }
        };
    }
    let parsed = match text.strip_prefix("0x") {
        Some(hex) => u32::from_str_radix(hex, 16),
        None => text.parse(),
    };
    parsed.map_err(|error| format!("constant {text}: {error}"))
}

/// One lexer function's body with its states rewritten.
fn fast_function(body: &str) -> Result<String, String> {
    let body = body.replacen(EOF_LINE, "", 1);
    let body = replace_eof_tests(&body);
    let body = replace_set_tests(&body);
    let body = switch_maps(&body)?;
    Ok(accept_on_leaving(&body))
}

/// The states of a lexer function: the text before the first `case`, then
/// each state's number and its lines (from its `case N:` line to the next
/// line at that indentation), then the rest from `default:`. No states if a
/// `case` line does not read as a state's.
fn lexer_states(body: &str) -> (&str, Vec<(u32, &str)>, &str) {
    const CASE: &str = "\n    case ";
    const DEFAULT: &str = "\n    default:";
    let Some(first) = body.find(CASE).map(|at| at + 1) else {
        return (body, Vec::new(), "");
    };
    let end = body.find(DEFAULT).map_or(body.len(), |at| at + 1);
    if end < first {
        return (body, Vec::new(), "");
    }
    let mut states = Vec::new();
    let mut rest = &body[first..end];
    while !rest.is_empty() {
        let next = rest.find(CASE).map_or(rest.len(), |at| at + 1);
        let state = &rest[..next];
        let number = state
            .trim_start()
            .strip_prefix("case ")
            .and_then(|text| text.split(':').next())
            .and_then(|number| number.trim().parse().ok());
        match number {
            Some(number) => states.push((number, state)),
            None => return (body, Vec::new(), ""),
        }
        rest = &rest[next..];
    }
    (&body[..first], states, &body[end..])
}

/// The token a state accepts on entry (`ACCEPT_TOKEN(sym_x);` as its first
/// line), if it does.
fn accepted_on_entry(state: &str) -> Option<&str> {
    let first_line = state.lines().nth(1)?.trim();
    first_line.strip_prefix("ACCEPT_TOKEN(")?.strip_suffix(");")
}

/// A state that accepts its token on entry marks the token's end there
/// (`lexer->mark_end`, a call through a pointer) at every character of a
/// long token (a comment, a claim word, a rule). The mark matters only if
/// the lexer stops in that state or goes on to one that does not accept:
/// a state that accepts marks again. So the state accepts where it stops
/// (before `END_STATE()`) and before each move to a state that does not
/// accept, not on entry. A state of another shape stays as it is.
fn accept_on_leaving(body: &str) -> String {
    let (before, states, after) = lexer_states(body);
    let accepting: HashSet<u32> = states
        .iter()
        .filter(|(_, state)| accepted_on_entry(state).is_some())
        .map(|(number, _)| *number)
        .collect();
    let mut output = String::with_capacity(body.len() + 1024);
    output.push_str(before);
    for (_, state) in &states {
        match accepting_on_leaving(state, &accepting) {
            Some(rewritten) => output.push_str(&rewritten),
            None => output.push_str(state),
        }
    }
    output.push_str(after);
    output
}

/// One state rewritten by [`accept_on_leaving`], or `None` if it does not
/// accept on entry or has a line of another shape than the generator's.
fn accepting_on_leaving(state: &str, accepting: &HashSet<u32>) -> Option<String> {
    const END: &str = "      END_STATE();\n";
    let token = accepted_on_entry(state)?;
    let accept = format!("ACCEPT_TOKEN({token});");
    let mut lines = state.split_inclusive('\n');
    let case_line = lines.next()?;
    let accept_line = lines.next()?;
    let rest: String = lines.collect();
    let transitions = rest.strip_suffix(END)?;
    if ["SKIP(", "ACCEPT_TOKEN(", "END_STATE", "return"]
        .iter()
        .any(|word| transitions.contains(word))
    {
        return None;
    }
    let mut rewritten = String::with_capacity(state.len() + 256);
    rewritten.push_str(case_line);
    let mut remaining = transitions;
    while let Some(at) = remaining.find("ADVANCE(") {
        let arguments = &remaining[at + "ADVANCE(".len()..];
        let close = arguments.find(");")?;
        let target: u32 = arguments[..close].parse().ok()?;
        rewritten.push_str(&remaining[..at]);
        if accepting.contains(&target) {
            rewritten.push_str(&format!("ADVANCE({target});"));
        } else {
            rewritten.push_str(&format!("{{ {accept} ADVANCE({target}); }}"));
        }
        remaining = &arguments[close + ");".len()..];
    }
    rewritten.push_str(remaining);
    rewritten.push_str(accept_line);
    rewritten.push_str(END);
    Some(rewritten)
}

/// Every `eof` (the variable, not the lexer's function) becomes a test of
/// the lookahead first.
fn replace_eof_tests(body: &str) -> String {
    let mut output = String::with_capacity(body.len());
    let mut rest = body;
    while let Some(at) = rest.find("eof") {
        let before = rest[..at].chars().next_back();
        let after = rest[at + 3..].chars().next();
        let is_identifier_part =
            |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
        let is_variable = !is_identifier_part(before)
            && !is_identifier_part(after)
            && !rest[..at].ends_with("->")
            && after != Some('(');
        output.push_str(&rest[..at]);
        output.push_str(if is_variable { EOF_TEST } else { "eof" });
        rest = &rest[at + 3..];
    }
    output.push_str(rest);
    output
}

/// `set_contains(NAME, ...)` becomes `set_contains_fast(NAME_ascii, NAME, ...)`.
fn replace_set_tests(body: &str) -> String {
    let mut output = String::with_capacity(body.len());
    let mut rest = body;
    while let Some(at) = rest.find("set_contains(") {
        let arguments = &rest[at + "set_contains(".len()..];
        let name_length = arguments.find(',').unwrap_or(0);
        let name = &arguments[..name_length];
        output.push_str(&rest[..at]);
        output.push_str(&format!("set_contains_fast({name}_ascii, "));
        rest = arguments;
    }
    output.push_str(rest);
    output
}

/// Every `ADVANCE_MAP(c, state, ...);` becomes a `switch` on the lookahead.
fn switch_maps(body: &str) -> Result<String, String> {
    let mut output = String::with_capacity(body.len());
    let mut rest = body;
    while let Some(at) = rest.find("ADVANCE_MAP(\n") {
        let line_start = rest[..at].rfind('\n').map_or(0, |newline| newline + 1);
        let indent = &rest[line_start..at];
        let close = format!("\n{indent});\n");
        let arguments_start = at + "ADVANCE_MAP(\n".len();
        let arguments_length = rest[arguments_start..]
            .find(&close)
            .ok_or("an ADVANCE_MAP is not closed")?;
        let arguments = &rest[arguments_start..arguments_start + arguments_length];
        output.push_str(&rest[..at]);
        output.push_str("switch (lookahead) {\n");
        for line in arguments.lines() {
            let pair = line.trim().strip_suffix(',').unwrap_or(line.trim());
            let (key, state) =
                split_pair(pair).ok_or_else(|| format!("ADVANCE_MAP entry {line:?}"))?;
            character(key)?;
            let state: u32 = state
                .parse()
                .map_err(|error| format!("ADVANCE_MAP entry {line:?}: {error}"))?;
            output.push_str(&format!("{indent}  case {key}: ADVANCE({state});\n"));
        }
        output.push_str(&format!("{indent}  default: break;\n{indent}}}\n"));
        rest = &rest[arguments_start + arguments_length + close.len()..];
    }
    output.push_str(rest);
    Ok(output)
}
