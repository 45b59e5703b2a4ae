//! The allocator tree-sitter's C library uses in the parse bench
//! (`benches/parse.rs`) and in `examples/parse_count.rs`: mimalloc, as an
//! application embedding the grammar sets it with
//! `tree_sitter::set_allocator`, or the C library's `malloc` (tree-sitter's
//! default), chosen by name so that both can be measured.
//!
//! A full parse of the bench's document makes about 106,000 allocations (a
//! node's children, a token the external scanner read) and the tree's
//! drop frees them all: with glibc's `malloc`, most of them miss its
//! per-thread cache, and the parse spends about a tenth of its time there.

use std::ffi::c_void;

/// Which `malloc` tree-sitter's C library calls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TreeSitterAllocator {
    /// mimalloc (the `libmimalloc-sys` crate), installed with
    /// `tree_sitter::set_allocator`.
    Mimalloc,
    /// The C library's `malloc`: tree-sitter's default, nothing installed.
    Libc,
}

impl TreeSitterAllocator {
    /// The allocator a name gives: `mimalloc` or `libc`.
    pub fn from_name(name: &str) -> Option<TreeSitterAllocator> {
        match name {
            "mimalloc" => Some(TreeSitterAllocator::Mimalloc),
            "libc" => Some(TreeSitterAllocator::Libc),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            TreeSitterAllocator::Mimalloc => "mimalloc",
            TreeSitterAllocator::Libc => "libc",
        }
    }

    /// Makes tree-sitter allocate with this allocator. Call it before any
    /// parser, tree or query exists (the library must free with the
    /// allocator it allocated with).
    pub fn install(self) {
        if self == TreeSitterAllocator::Libc {
            return;
        }
        let allocator = tree_sitter::Allocator {
            malloc: mimalloc_malloc,
            calloc: mimalloc_calloc,
            realloc: mimalloc_realloc,
            free: mimalloc_free,
        };
        // SAFETY: the four functions are mimalloc's (one allocator family)
        // and never return null for a non-zero size (they abort instead, as
        // tree-sitter's own defaults do); mimalloc aligns as `malloc` does;
        // the callers install it first thing in `main`, before any
        // tree-sitter object exists, and on one thread.
        unsafe { tree_sitter::set_allocator(Some(allocator)) };
    }
}

/// tree-sitter's contract: no null for a non-zero size. Out of memory,
/// the process aborts, as tree-sitter's default allocator makes it.
fn or_abort(pointer: *mut c_void, size: usize) -> *mut c_void {
    if pointer.is_null() && size > 0 {
        eprintln!("tree-sitter failed to allocate {size} bytes");
        std::process::abort();
    }
    pointer
}

unsafe extern "C" fn mimalloc_malloc(size: usize) -> *mut c_void {
    // SAFETY: mi_malloc has no precondition.
    or_abort(unsafe { libmimalloc_sys::mi_malloc(size) }, size)
}

unsafe extern "C" fn mimalloc_calloc(count: usize, size: usize) -> *mut c_void {
    // SAFETY: mi_calloc has no precondition (it checks the product).
    or_abort(
        unsafe { libmimalloc_sys::mi_calloc(count, size) },
        count.saturating_mul(size),
    )
}

unsafe extern "C" fn mimalloc_realloc(pointer: *mut c_void, size: usize) -> *mut c_void {
    // SAFETY: tree-sitter passes null or a pointer mimalloc returned.
    or_abort(unsafe { libmimalloc_sys::mi_realloc(pointer, size) }, size)
}

unsafe extern "C" fn mimalloc_free(pointer: *mut c_void) {
    // SAFETY: tree-sitter passes null or a pointer mimalloc returned.
    unsafe { libmimalloc_sys::mi_free(pointer) }
}
