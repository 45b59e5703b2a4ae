//! Panic containment: a bug in one request's analysis answers that request
//! with an internal error; it never takes the server down.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Mutex, MutexGuard};

/// Runs `f`, turning a panic into `Err` with the panic's message.
pub fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    // The state `f` reads is only ever read by analysis (edits are applied
    // before, outside the guard), so a panic leaves nothing half-written.
    catch_unwind(AssertUnwindSafe(f)).map_err(|payload| {
        payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".to_string())
    })
}

/// Locks a mutex, recovering it if a panic poisoned it: the guarded code
/// never leaves the state inconsistent (see [`guarded`]).
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_an_error() {
        assert_eq!(guarded(|| 7), Ok(7));
        let e = guarded(|| -> u8 { panic!("boom {}", 1) });
        assert_eq!(e, Err("boom 1".to_string()));
    }
}
