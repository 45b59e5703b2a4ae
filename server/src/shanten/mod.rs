//! Table-driven shanten, waits, ukeire and discard analysis.
