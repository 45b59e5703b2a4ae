//! Careful writes of a user's file, for every command that rewrites or
//! creates one (`fmt`, `check --fix`, `render -o`, `review -o`).
//!
//! A file is never truncated in place: the new text goes to a temporary
//! file beside it (same directory, so same file system), is flushed to the
//! disk, gets the original's permissions, and is renamed over the
//! original. A full disk, a file-size limit or a kill while writing
//! leaves the original whole (and at worst a stray temporary file on a
//! kill). When the caller read the file first, the write is refused if the
//! file changed meanwhile (another `fmt`, a save in the editor): the other
//! writer's text is not overwritten with one computed from an older text.
//!
//! ```no_run
//! use tenpai::cli::write::{write_file, Expect, Written};
//! # let (path, before, after) = (std::path::Path::new("a.mj"), "", "");
//! match write_file(path, after.as_bytes(), Expect::Unchanged(before.as_bytes())) {
//!     Ok(Written::Replaced) => println!("reformatted"),
//!     Ok(Written::AlreadyThere) => println!("someone else wrote the same text"),
//!     Err(e) => eprintln!("error: {}: {e}", path.display()),
//! }
//! ```

use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

/// What the file should hold just before it is replaced.
#[derive(Clone, Copy, Debug)]
pub enum Expect<'a> {
    /// Exactly these bytes, as the command read them (`fmt`, `check --fix`).
    Unchanged(&'a [u8]),
    /// Anything, or no file at all: an output file the command creates or
    /// overwrites (`render -o`, `review -o`).
    Anything,
}

/// What a successful [`write_file`] did.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Written {
    /// The new contents were renamed over the file (or created it).
    Replaced,
    /// The file changed since it was read, but to exactly the new
    /// contents (two `fmt` runs at once): nothing was written.
    AlreadyThere,
}

/// Why a file was not written. The original is untouched in every case.
#[derive(Debug)]
pub enum WriteError {
    /// The file changed since it was read.
    Changed,
    /// The file is read-only (its permissions have no write bit for this
    /// user): replacing it by rename would bypass that.
    ReadOnly,
    /// Creating, writing, syncing or renaming failed (disk full, file too
    /// large, no permission on the directory...).
    Io(io::Error),
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::Changed => f.write_str(
                "the file changed since it was read (another program wrote it); not written, run again",
            ),
            WriteError::ReadOnly => f.write_str("the file is read-only; not written"),
            WriteError::Io(e) => write!(f, "{e}; the file was left as it was"),
        }
    }
}

impl std::error::Error for WriteError {}

impl From<io::Error> for WriteError {
    fn from(e: io::Error) -> Self {
        WriteError::Io(e)
    }
}

/// Writes `contents` to `path` atomically: temporary file beside it, fsync,
/// the original's permissions (and owner, where allowed), rename, fsync of
/// the directory. A symbolic link is kept: its target is replaced.
pub fn write_file(path: &Path, contents: &[u8], expect: Expect<'_>) -> Result<Written, WriteError> {
    let mut replacement = Replacement::begin(path)?;
    replacement.write_all(contents)?;
    replacement.commit(expect)
}

/// A replacement of a file being written: the new contents go, as they are
/// produced, to a temporary file beside the file; [`Replacement::commit`]
/// puts it in place as [`write_file`] does, and dropping it uncommitted
/// removes it, leaving the file as it was. Commands that write a file of
/// hundreds of megabytes write it piece by piece, never holding it whole.
pub struct Replacement {
    /// What the rename replaces (a link's target).
    target: PathBuf,
    dir: PathBuf,
    existing: Option<std::fs::Metadata>,
    temp: io::BufWriter<tempfile::NamedTempFile>,
}

impl Replacement {
    /// Checks that `path` may be replaced (a regular file this user may
    /// write, or no file yet) and opens the temporary file beside it.
    pub fn begin(path: &Path) -> Result<Replacement, WriteError> {
        ignore_file_size_signal();
        let target = resolved(path)?;
        let existing = match std::fs::metadata(&target) {
            Ok(m) => Some(m),
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(e) => return Err(e.into()),
        };
        if let Some(meta) = &existing {
            if !meta.is_file() {
                return Err(WriteError::Io(io::Error::other("not a regular file")));
            }
            // Opening for writing changes nothing, and answers what the
            // file's permissions say for this user (root may write a 0444
            // file, as with any editor; others may not).
            if let Err(e) = OpenOptions::new().write(true).open(&target) {
                return Err(if e.kind() == io::ErrorKind::PermissionDenied {
                    WriteError::ReadOnly
                } else {
                    e.into()
                });
            }
        }
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let temp = tempfile::Builder::new()
            .prefix(&format!(
                ".{}.",
                target
                    .file_name()
                    .map_or_else(|| "tenpai".into(), |n| n.to_string_lossy())
            ))
            .suffix(".tenpai-tmp")
            .tempfile_in(&dir)?;
        Ok(Replacement {
            target,
            dir,
            existing,
            temp: io::BufWriter::with_capacity(1 << 16, temp),
        })
    }

    /// Flushes the new contents to the disk and renames them over the file,
    /// unless it no longer holds what `expect` says (then the file is left
    /// as it is, and the temporary file removed).
    pub fn commit(self, expect: Expect<'_>) -> Result<Written, WriteError> {
        let Replacement {
            target,
            dir,
            existing,
            temp,
        } = self;
        let temp = temp
            .into_inner()
            .map_err(|e| WriteError::Io(e.into_error()))?;
        if let Some(meta) = &existing {
            temp.as_file().set_permissions(meta.permissions())?;
            keep_owner(temp.as_file(), meta);
        }
        temp.as_file().sync_all()?;
        // Checked at the last moment: the window in which another writer's
        // text could be replaced is the rename itself.
        if let Expect::Unchanged(read) = expect {
            match File::open(&target) {
                Ok(now) => {
                    if !same_bytes(now, Contents::Bytes(read))? {
                        let now = File::open(&target)?;
                        let ours = File::open(temp.path())?;
                        return if same_bytes(now, Contents::File(ours))? {
                            Ok(Written::AlreadyThere)
                        } else {
                            Err(WriteError::Changed)
                        };
                    }
                }
                // Removed meanwhile: not recreated from an old text.
                Err(e) if e.kind() == io::ErrorKind::NotFound => return Err(WriteError::Changed),
                Err(e) => return Err(e.into()),
            }
        }
        temp.persist(&target).map_err(|e| WriteError::Io(e.error))?;
        // The rename itself reaches the disk with the directory.
        if let Ok(d) = File::open(&dir) {
            let _ = d.sync_all();
        }
        Ok(Written::Replaced)
    }
}

impl Write for Replacement {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.temp.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.temp.flush()
    }
}

/// What a file is compared with.
enum Contents<'a> {
    Bytes(&'a [u8]),
    File(File),
}

/// Whether `file` holds exactly `contents`, read a block at a time (a file
/// of hundreds of megabytes is not read into memory to be compared).
fn same_bytes(file: File, contents: Contents<'_>) -> io::Result<bool> {
    const BLOCK: usize = 1 << 16;
    let mut file = io::BufReader::with_capacity(BLOCK, file);
    let mut block = vec![0u8; BLOCK];
    match contents {
        Contents::Bytes(mut rest) => loop {
            let read = read_full(&mut file, &mut block)?;
            if read == 0 {
                return Ok(rest.is_empty());
            }
            if rest.len() < read || rest[..read] != block[..read] {
                return Ok(false);
            }
            rest = &rest[read..];
        },
        Contents::File(other) => {
            let mut other = io::BufReader::with_capacity(BLOCK, other);
            let mut theirs = vec![0u8; BLOCK];
            loop {
                let read = read_full(&mut file, &mut block)?;
                let read_theirs = read_full(&mut other, &mut theirs)?;
                if read != read_theirs || block[..read] != theirs[..read_theirs] {
                    return Ok(false);
                }
                if read == 0 {
                    return Ok(true);
                }
            }
        }
    }
}

/// Reads until `buf` is full or the input ends; the bytes read.
fn read_full(input: &mut impl Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut filled = 0;
    while filled < buf.len() {
        match input.read(&mut buf[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(filled)
}

/// The path a write replaces: a symbolic link's target (so the link stays
/// a link), or the path itself when it does not exist yet.
fn resolved(path: &Path) -> io::Result<PathBuf> {
    match std::fs::canonicalize(path) {
        Ok(p) => Ok(p),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            // A dangling link names a file to create where it points.
            match std::fs::read_link(path) {
                Ok(to) => Ok(path.parent().map_or(to.clone(), |d| d.join(to))),
                Err(_) => Ok(path.to_path_buf()),
            }
        }
        Err(e) => Err(e),
    }
}

#[cfg(unix)]
fn keep_owner(file: &File, meta: &std::fs::Metadata) {
    use std::os::unix::fs::MetadataExt;
    // Only root may give a file away; for anyone else the temporary file
    // already has the owner the original had (theirs), or the rename
    // leaves a file owned by the writer, as any editor's save would.
    let _ = std::os::unix::fs::fchown(file, Some(meta.uid()), Some(meta.gid()));
}

#[cfg(not(unix))]
fn keep_owner(_file: &File, _meta: &std::fs::Metadata) {}

/// A write past the file-size limit (`ulimit -f`) kills the process with
/// SIGXFSZ by default, before the temporary file can be removed or the
/// error reported. Ignored, the write fails with EFBIG instead.
fn ignore_file_size_signal() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to SIG_IGN installs no
    // handler; it is async-signal-safe and affects only SIGXFSZ.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> tempfile::TempDir {
        tempfile::Builder::new()
            .prefix(&format!("tenpai-write-{name}-"))
            .tempdir()
            .expect("a temporary directory")
    }

    fn leftovers(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn replaces_the_file_and_keeps_its_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let dir = scratch("perm");
        let path = dir.path().join("a.mj");
        std::fs::write(&path, "old\n").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
        let written = write_file(&path, b"new\n", Expect::Unchanged(b"old\n")).unwrap();
        assert_eq!(written, Written::Replaced);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new\n");
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o640);
        assert_eq!(leftovers(dir.path()), ["a.mj"]);
    }

    #[test]
    fn refuses_a_file_that_changed_since_it_was_read() {
        let dir = scratch("changed");
        let path = dir.path().join("a.mj");
        std::fs::write(&path, "theirs\n").unwrap();
        let refused = write_file(&path, b"mine\n", Expect::Unchanged(b"old\n"));
        assert!(matches!(refused, Err(WriteError::Changed)), "{refused:?}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "theirs\n");
        // Changed to what this run would write: nothing to do.
        let same = write_file(&path, b"theirs\n", Expect::Unchanged(b"old\n")).unwrap();
        assert_eq!(same, Written::AlreadyThere);
        // Removed meanwhile: not recreated from an old text.
        std::fs::remove_file(&path).unwrap();
        let gone = write_file(&path, b"mine\n", Expect::Unchanged(b"theirs\n"));
        assert!(matches!(gone, Err(WriteError::Changed)), "{gone:?}");
        assert!(!path.exists());
        assert!(leftovers(dir.path()).is_empty());
    }

    #[test]
    fn creates_an_output_file_and_overwrites_one() {
        let dir = scratch("create");
        let path = dir.path().join("out.html");
        assert_eq!(
            write_file(&path, b"one", Expect::Anything).unwrap(),
            Written::Replaced
        );
        assert_eq!(
            write_file(&path, b"two", Expect::Anything).unwrap(),
            Written::Replaced
        );
        assert_eq!(std::fs::read(&path).unwrap(), b"two");
    }

    #[test]
    fn a_link_stays_a_link() {
        let dir = scratch("link");
        let real = dir.path().join("real.mj");
        let link = dir.path().join("link.mj");
        std::fs::write(&real, "old\n").unwrap();
        std::os::unix::fs::symlink("real.mj", &link).unwrap();
        write_file(&link, b"new\n", Expect::Unchanged(b"old\n")).unwrap();
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "new\n");
    }

    #[test]
    fn a_directory_where_a_file_was_expected_is_an_error() {
        let dir = scratch("dir");
        let refused = write_file(dir.path(), b"x", Expect::Anything);
        assert!(matches!(refused, Err(WriteError::Io(_))), "{refused:?}");
    }

    /// A failed write (here: the directory is gone) reports an error and
    /// leaves nothing behind.
    #[test]
    fn a_failed_write_is_an_error() {
        let dir = scratch("gone");
        let path = dir.path().join("sub/a.mj");
        let failed = write_file(&path, b"x", Expect::Anything);
        assert!(matches!(failed, Err(WriteError::Io(_))), "{failed:?}");
    }

    /// A replacement written piece by piece, larger than the blocks the
    /// file is compared in, is put in place whole; one the file changed
    /// under (in its last block only) is refused; one dropped uncommitted
    /// leaves the file as it was and no temporary file.
    #[test]
    fn a_replacement_streams_pieces_and_compares_by_blocks() {
        let dir = scratch("stream");
        let path = dir.path().join("big.mj");
        let old: Vec<u8> = (0..200_000u32).flat_map(|n| n.to_le_bytes()).collect();
        std::fs::write(&path, &old).unwrap();
        let new: Vec<u8> = old.iter().map(|b| b.wrapping_add(1)).collect();
        let mut out = Replacement::begin(&path).unwrap();
        for piece in new.chunks(70_001) {
            out.write_all(piece).unwrap();
        }
        assert_eq!(
            out.commit(Expect::Unchanged(&old)).unwrap(),
            Written::Replaced
        );
        assert_eq!(std::fs::read(&path).unwrap(), new);
        assert_eq!(leftovers(dir.path()), ["big.mj"]);

        let mut theirs = new.clone();
        *theirs.last_mut().unwrap() ^= 1;
        std::fs::write(&path, &theirs).unwrap();
        let mut out = Replacement::begin(&path).unwrap();
        out.write_all(&old).unwrap();
        let refused = out.commit(Expect::Unchanged(&new));
        assert!(matches!(refused, Err(WriteError::Changed)), "{refused:?}");
        assert_eq!(std::fs::read(&path).unwrap(), theirs);

        let mut out = Replacement::begin(&path).unwrap();
        out.write_all(b"half").unwrap();
        drop(out);
        assert_eq!(std::fs::read(&path).unwrap(), theirs);
        assert_eq!(leftovers(dir.path()), ["big.mj"]);
    }
}
