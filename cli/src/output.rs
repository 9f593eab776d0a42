//! Writing binary results: to standard output (never to a terminal unless forced), or to a
//! file atomically: a temporary file in the same directory, flushed to disk, then renamed
//! over the destination, so that the destination is never half-written.

use std::fs::File;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};

use crate::context::Outcome;

/// Where binary output goes, and whether a terminal may receive it.
#[derive(clap::Args, Debug)]
pub struct BinaryOut {
    /// Write binary output even when standard output is a terminal.
    #[arg(long)]
    pub force: bool,
}

/// Writes `bytes` to `dest` (`-`: standard output).
pub fn write(dest: &Path, bytes: &[u8], out: &BinaryOut) -> Outcome {
    if dest.as_os_str() == "-" {
        let mut stdout = io::stdout().lock();
        if stdout.is_terminal() && !out.force {
            return Err(
                "refusing to write binary data to a terminal (redirect it, or pass --force)"
                    .to_string()
                    .into(),
            );
        }
        return crate::stdout_result(stdout.write_all(bytes).and_then(|()| stdout.flush()));
    }
    write_atomically(dest, bytes).map_err(|e| format!("{}: {e}", dest.display()).into())
}

/// Writes `bytes` to a temporary file next to `dest`, syncs it, and renames it over `dest`.
/// On any error the temporary file is removed and `dest` is untouched.
pub fn write_atomically(dest: &Path, bytes: &[u8]) -> io::Result<()> {
    write_atomically_with(dest, |w| w.write_all(bytes))
}

/// [`write_atomically`] with the content streamed by `fill` (through a 1 MiB buffer).
pub fn write_atomically_with(
    dest: &Path,
    fill: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    write_atomically_to_file(dest, |file| {
        let mut buffered = io::BufWriter::with_capacity(1 << 20, file);
        fill(&mut buffered)?;
        buffered.flush()
    })
}

/// The one way files are written: `fill` writes the content straight into a temporary file
/// next to `dest` (so that `std::io::copy` from another file can use `copy_file_range`),
/// which is synced and renamed over `dest`; on any error it is removed and `dest` is
/// untouched.
pub fn write_atomically_to_file(
    dest: &Path,
    fill: impl FnOnce(&mut File) -> io::Result<()>,
) -> io::Result<()> {
    let temp = temp_path(dest);
    let result = (|| {
        let mut file = File::options().write(true).create_new(true).open(&temp)?;
        fill(&mut file)?;
        file.sync_all()?;
        drop(file);
        if std::env::var_os("GDVARIANT_TEST_FAIL_BEFORE_RENAME").is_some() {
            // Tests simulate a failure (a full disk, a crash) between the write and the rename.
            return Err(io::Error::other("simulated failure before the rename"));
        }
        std::fs::rename(&temp, dest)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    result
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
