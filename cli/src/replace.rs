//! Replacing an existing file without damaging what is around its bytes, as `sed -i` does:
//! the atomic writer (`output`) asks [`Target::resolve`] where to write and what to keep.
//!
//! - A symbolic link is followed to the file it names (a chain of them to its end): that
//!   file is replaced, next to it, and the link stays a link.
//! - The new file gets the old one's permission bits, and its owner and group where the
//!   process may set them (as root, always; else the group when the user is in it); the
//!   temporary file is created `600` and only then given them.
//! - A file nobody may write (no `w` in its mode), one this user may not write, or one in
//!   a directory without write permission is refused before anything is written. (The
//!   rename would replace a read-only file in a writable directory: `sed -i` does; a
//!   read-only save is read-only on purpose.)
//! - Only a regular file is replaced: a directory, a device or a FIFO is refused.
//! - Another program that writes the file while the command edits it changes its size,
//!   its modification time or (a save written by rename) its inode: [`Target::check`],
//!   just before the rename, compares the file with its [`Stamp`] from when it was read,
//!   and refuses (the temporary file is removed, the file keeps the other writer's bytes).

use std::fs::{self, File, Metadata};
use std::io::{self, ErrorKind};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// The variable with which tests play a second writer, just before the rename: `size`
/// appends a byte to the file, `mtime` moves its modification time on by two seconds.
const TEST_WRITER_VAR: &str = "GDVARIANT_TEST_CHANGE_BEFORE_RENAME";

/// What a file was when it was read: compared with the file just before it is replaced.
#[derive(Clone, Debug)]
pub struct Stamp {
    /// The file's path with its links and `..` resolved (when it could be).
    path: Option<PathBuf>,
    len: u64,
    modified: Option<SystemTime>,
    /// The device and inode (Unix).
    id: Option<(u64, u64)>,
}

impl Stamp {
    /// The stamp of a file opened at `path`, from its open handle's metadata.
    pub fn read(path: &Path, meta: &Metadata) -> Stamp {
        Stamp {
            path: fs::canonicalize(path).ok(),
            ..Stamp::of(meta)
        }
    }

    fn of(meta: &Metadata) -> Stamp {
        Stamp {
            path: None,
            len: meta.len(),
            modified: meta.modified().ok(),
            id: file_id(meta),
        }
    }

    /// How `now` differs from this stamp, in words; `None` when it does not.
    fn change(&self, now: &Stamp) -> Option<String> {
        if self.len != now.len {
            Some(format!(
                "its size changed from {} to {} bytes",
                self.len, now.len
            ))
        } else if self.id != now.id {
            Some("it was replaced by another file".into())
        } else if self.modified != now.modified {
            Some("its modification time changed".into())
        } else {
            None
        }
    }
}

#[cfg(unix)]
fn file_id(meta: &Metadata) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    Some((meta.dev(), meta.ino()))
}

#[cfg(not(unix))]
fn file_id(_: &Metadata) -> Option<(u64, u64)> {
    None
}

/// The file a write goes to: the end of its chain of symbolic links, and, when it exists,
/// what it is (the permissions and owner to keep, the stamp to check before the rename).
pub struct Target {
    /// Where the file is replaced (its temporary file goes next to it).
    pub path: PathBuf,
    existing: Option<(Metadata, Stamp)>,
}

impl Target {
    /// Resolves `dest` and checks that it may be replaced. `read`: the stamp of the input,
    /// when the command read a file (if `dest` is that file, its state when it was read is
    /// what must still be there before the rename; otherwise its state now).
    pub fn resolve(dest: &Path, read: Option<&Stamp>) -> io::Result<Target> {
        // A device, a FIFO, a pipe behind `/dev/fd/N`: the kernel follows those links.
        if fs::metadata(dest).is_ok_and(|meta| !meta.is_file() && !meta.is_dir()) {
            return Err(not_a_file("the file"));
        }
        let path = follow_links(dest)?;
        // Says which file a message is about when a link led to it.
        let what = match path.as_path() == dest {
            true => "the file".to_string(),
            false => format!("the file it links to, {},", path.display()),
        };
        let meta = match fs::metadata(&path) {
            Ok(meta) => meta,
            Err(e) if e.kind() == ErrorKind::NotFound => {
                return Ok(Target {
                    path,
                    existing: None,
                })
            }
            Err(e) => return Err(e),
        };
        if meta.is_dir() {
            return Err(io::Error::other(match path.as_path() == dest {
                true => "is a directory".to_string(),
                false => format!("it links to {}, which is a directory", path.display()),
            }));
        }
        if !meta.is_file() {
            return Err(not_a_file(&what));
        }
        if meta.permissions().readonly() {
            return Err(io::Error::new(
                ErrorKind::PermissionDenied,
                format!(
                    "{what} is read-only{}: nothing was changed (make it writable, \
                     `chmod u+w`, to edit it)",
                    mode_text(&meta)
                ),
            ));
        }
        // This user's right to write it (the mode allows someone). Opening it for writing
        // changes nothing in it.
        if let Err(e) = File::options().write(true).open(&path) {
            if e.kind() == ErrorKind::PermissionDenied {
                return Err(io::Error::new(
                    ErrorKind::PermissionDenied,
                    format!("{what} is not writable by this user: nothing was changed"),
                ));
            }
        }
        let dir = parent(&path);
        if fs::metadata(dir).is_ok_and(|d| d.permissions().readonly()) {
            return Err(io::Error::new(
                ErrorKind::PermissionDenied,
                format!(
                    "the directory {} is read-only, and {what} is replaced through a \
                     temporary file in it: nothing was changed",
                    dir.display()
                ),
            ));
        }
        let now = Stamp::of(&meta);
        let expected = match read {
            Some(stamp) if is_the_file(stamp, &now, &path) => stamp.clone(),
            _ => now,
        };
        Ok(Target {
            path,
            existing: Some((meta, expected)),
        })
    }

    /// Creates the temporary file `temp` (never an existing file). Replacing a file, it is
    /// created `600`, then given the file's owner and group (where the process may) and
    /// then its mode, before anything is written into it.
    pub fn create_temp(&self, temp: &Path) -> io::Result<File> {
        let mut options = File::options();
        options.write(true).create_new(true);
        #[cfg(unix)]
        if self.existing.is_some() {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(0o600);
        }
        let file = options.open(temp).map_err(|e| match e.kind() {
            ErrorKind::PermissionDenied => io::Error::new(
                ErrorKind::PermissionDenied,
                format!(
                    "cannot create a temporary file in {} (permission denied): the file is \
                     written through one, so its directory must be writable; nothing was \
                     changed",
                    parent(temp).display()
                ),
            ),
            _ => e,
        })?;
        if let Some((meta, _)) = &self.existing {
            if let Err(e) = keep_owner_and_mode(&file, meta) {
                drop(file);
                let _ = fs::remove_file(temp);
                return Err(e);
            }
        }
        Ok(file)
    }

    /// Refuses when the file changed since it was read (or, for a file the command did not
    /// read, since the write began): another program writes it. Called just before the
    /// rename.
    pub fn check(&self) -> io::Result<()> {
        let Some((_, expected)) = &self.existing else {
            return Ok(());
        };
        if let Some(how) = std::env::var_os(TEST_WRITER_VAR) {
            play_second_writer(&self.path, &how.to_string_lossy())?;
        }
        let change = match fs::metadata(&self.path) {
            Ok(meta) => expected.change(&Stamp::of(&meta)),
            Err(e) if e.kind() == ErrorKind::NotFound => Some("it was removed".into()),
            Err(e) => return Err(e),
        };
        match change {
            None => Ok(()),
            Some(change) => Err(io::Error::other(format!(
                "the file changed while gdvariant was editing it ({change}): another program \
                 is writing it; nothing was written (run the command again when it is done)"
            ))),
        }
    }
}

/// Is the file at `path` (now `now`) the one `stamp` was taken of? The same inode, or the
/// same resolved path (then a new inode means that another program replaced it).
fn is_the_file(stamp: &Stamp, now: &Stamp, path: &Path) -> bool {
    (stamp.id.is_some() && stamp.id == now.id)
        || stamp
            .path
            .as_ref()
            .is_some_and(|read| fs::canonicalize(path).is_ok_and(|p| &p == read))
}

/// Follows `dest` through its symbolic links to the path of a file that is not one (or
/// does not exist yet: a dangling link names the file to create).
fn follow_links(dest: &Path) -> io::Result<PathBuf> {
    let mut path = dest.to_path_buf();
    for _ in 0..40 {
        match fs::symlink_metadata(&path) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let link = fs::read_link(&path)?;
                path = match path.parent() {
                    Some(dir) if link.is_relative() => dir.join(link),
                    _ => link,
                };
            }
            Ok(_) => return Ok(path),
            Err(e) if e.kind() == ErrorKind::NotFound => return Ok(path),
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

/// Only a regular file is replaced.
fn not_a_file(what: &str) -> io::Error {
    io::Error::other(format!(
        "{what} is not a regular file (a device, a FIFO or a socket), which is never \
         replaced: write to standard output (`-`) and redirect it"
    ))
}

/// The directory of `path` (`.` for a bare name).
fn parent(path: &Path) -> &Path {
    path.parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

#[cfg(unix)]
fn mode_text(meta: &Metadata) -> String {
    use std::os::unix::fs::PermissionsExt;
    format!(" (mode {:o})", meta.permissions().mode() & 0o7777)
}

#[cfg(not(unix))]
fn mode_text(_: &Metadata) -> String {
    String::new()
}

/// Gives `file` the owner and group of `meta`, as far as the process may (the owner needs
/// root; the group, membership), then its permission bits (after the owner: a change of
/// owner can clear the set-id bits).
#[cfg(unix)]
fn keep_owner_and_mode(file: &File, meta: &Metadata) -> io::Result<()> {
    use std::os::unix::fs::{fchown, MetadataExt};
    if fchown(file, Some(meta.uid()), Some(meta.gid())).is_err() {
        let _ = fchown(file, None, Some(meta.gid()));
    }
    file.set_permissions(meta.permissions())
}

#[cfg(not(unix))]
fn keep_owner_and_mode(file: &File, meta: &Metadata) -> io::Result<()> {
    file.set_permissions(meta.permissions())
}

/// Tests only: another program writes the file (see [`TEST_WRITER_VAR`]).
fn play_second_writer(path: &Path, how: &str) -> io::Result<()> {
    let file = File::options().append(true).open(path)?;
    match how {
        "mtime" => {
            let then = file.metadata()?.modified()?;
            file.set_modified(then + Duration::from_secs(2))
        }
        _ => io::Write::write_all(&mut &file, b"!"),
    }
}
