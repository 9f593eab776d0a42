//! Writing binary results: to standard output (never to a terminal unless forced), or to a
//! file atomically: a temporary file in the same directory, flushed to disk, then renamed
//! over the destination, so that the destination is never half-written. What replacing an
//! existing file keeps (its mode, owner and links) and checks (read-only, another writer)
//! is in `replace`.

use std::fs::File;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};

use crate::context::Outcome;
use crate::replace::{Stamp, Target};

/// `--prefixed` of the commands that write bytes from text or JSON (`from-text`,
/// `from-json`).
#[derive(clap::Args, Debug)]
pub struct FramesArg {
    /// Write store_var frames (a 4-byte length before each value), as
    /// `FileAccess.store_var` writes them. Several values (JSON Lines, or text numbered
    /// `#0`, `#1`, …) are always written as frames, and so is the output of --like when
    /// FILE is.
    #[arg(long)]
    pub prefixed: bool,
}

/// Where binary output goes, and whether a terminal may receive it.
#[derive(clap::Args, Debug)]
pub struct BinaryOut {
    /// Write binary output even when standard output is a terminal; and for the commands
    /// that write back what they read, write even when the bytes look misread in the
    /// --dialect given (the warning on stderr).
    #[arg(long)]
    pub force: bool,
}

/// Writes `bytes` to `dest` (`-`: standard output).
pub fn write(dest: &Path, bytes: &[u8], out: &BinaryOut) -> Outcome {
    write_over(dest, bytes, out, None)
}

/// [`write`] by a command that read a file first, stamped `read`: when `dest` is that file,
/// a change to it since it was read is refused.
pub fn write_over(dest: &Path, bytes: &[u8], out: &BinaryOut, read: Option<&Stamp>) -> Outcome {
    if dest.as_os_str() == "-" {
        let mut stdout = io::stdout().lock();
        refuse_terminal(&stdout, out)?;
        return crate::stdout_result(stdout.write_all(bytes).and_then(|()| stdout.flush()));
    }
    write_atomically(dest, read, bytes).map_err(|e| format!("{}: {e}", dest.display()).into())
}

/// Binary data never goes to a terminal unless `--force` says so.
pub fn refuse_terminal(stdout: &impl IsTerminal, out: &BinaryOut) -> Outcome {
    if stdout.is_terminal() && !out.force {
        return Err(
            "refusing to write binary data to a terminal (redirect it, or pass --force)".into(),
        );
    }
    Ok(())
}

/// Writes `bytes` to a temporary file next to `dest`, syncs it, and renames it over `dest`.
/// On any error the temporary file is removed and `dest` is untouched.
pub fn write_atomically(dest: &Path, read: Option<&Stamp>, bytes: &[u8]) -> io::Result<()> {
    write_atomically_with(dest, read, |w| w.write_all(bytes))
}

/// [`write_atomically`] with the content streamed by `fill` (through a 1 MiB buffer).
pub fn write_atomically_with(
    dest: &Path,
    read: Option<&Stamp>,
    fill: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    write_atomically_to_file(dest, read, |file| {
        let mut buffered = io::BufWriter::with_capacity(1 << 20, file);
        fill(&mut buffered)?;
        buffered.flush()
    })
}

/// The one way files are written: `fill` writes the content straight into a temporary file
/// next to `dest` (so that `std::io::copy` from another file can use `copy_file_range`),
/// which is synced and renamed over `dest`; on any error it is removed and `dest` is
/// untouched. `read`: see [`write_over`].
pub fn write_atomically_to_file(
    dest: &Path,
    read: Option<&Stamp>,
    fill: impl FnOnce(&mut File) -> io::Result<()>,
) -> io::Result<()> {
    let mut atomic = AtomicFile::create(dest, read)?;
    fill(atomic.file()?)?;
    atomic.commit()
}

/// A temporary file next to its destination that becomes the destination only through
/// [`AtomicFile::commit`] (synced, then renamed over it). Dropped without a commit, it is
/// removed, and the destination was never touched. The destination is the end of `dest`'s
/// symbolic links; an existing one keeps its mode and owner (see `replace`).
pub struct AtomicFile {
    file: Option<File>,
    temp: PathBuf,
    target: Target,
}

impl AtomicFile {
    /// Creates the temporary file (`create_new`: never an existing file), after the checks
    /// of [`Target::resolve`]. `read`: see [`write_over`].
    pub fn create(dest: &Path, read: Option<&Stamp>) -> io::Result<AtomicFile> {
        let target = Target::resolve(dest, read)?;
        let temp = temp_path(&target.path);
        let file = target.create_temp(&temp)?;
        Ok(AtomicFile {
            file: Some(file),
            temp,
            target,
        })
    }

    /// The temporary file, to write the content into. (Only `commit`, which consumes
    /// `self`, takes it out, so this never fails.)
    pub fn file(&mut self) -> io::Result<&mut File> {
        self.file
            .as_mut()
            .ok_or_else(|| io::Error::other("the temporary file is closed"))
    }

    /// Syncs the content and renames it over the destination, unless another program
    /// changed the destination meanwhile ([`Target::check`]).
    pub fn commit(mut self) -> io::Result<()> {
        if let Some(file) = self.file.take() {
            file.sync_all()?;
        }
        if std::env::var_os("GDVARIANT_TEST_FAIL_BEFORE_RENAME").is_some() {
            // Tests simulate a failure (a full disk, a crash) between the write and the rename.
            return Err(io::Error::other("simulated failure before the rename"));
        }
        self.target.check()?;
        std::fs::rename(&self.temp, &self.target.path)?;
        self.temp = PathBuf::new();
        Ok(())
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        drop(self.file.take());
        if !self.temp.as_os_str().is_empty() {
            let _ = std::fs::remove_file(&self.temp);
        }
    }
}

/// `dir/.NAME.gdvariant-PID.tmp`: hidden, in the destination's directory (a rename stays on
/// one file system), unique per process.
fn temp_path(dest: &Path) -> PathBuf {
    let name = dest
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "out".into());
    let dir = dest.parent().filter(|p| !p.as_os_str().is_empty());
    let temp = format!(".{name}.gdvariant-{}.tmp", std::process::id());
    match dir {
        Some(dir) => dir.join(temp),
        None => PathBuf::from(temp),
    }
}
