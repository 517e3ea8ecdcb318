//! Writing output files and stdout for every subcommand.
//!
//! In: a path given on the command line and the text to put there. Out: the
//! file written in full or not at all (regular files), or the text written
//! in place to a device, FIFO or socket (`-o /dev/null`, a named pipe);
//! `write_stdout` flushes, so a broken pipe is an error here, not later.

use std::fs;
use std::io::{self, Write};
use std::path::Path;

/// Write `text` to `target`.
///
/// A regular file (or a path that does not exist yet) is written through a
/// temporary file in the same directory that is renamed over the target, so
/// readers never see a partial file and a failure leaves no output (the
/// temporary file is removed when dropped). An existing target keeps its
/// permissions; a symlink is followed rather than replaced.
///
/// Anything else that exists (a character device such as `/dev/null`, a
/// FIFO, a socket) is opened and written in place: renaming over it would
/// replace the device node itself with a regular file, which for
/// `/dev/null` breaks every other program on the machine.
pub(super) fn write_file(target: &Path, text: impl AsRef<[u8]>) -> io::Result<()> {
    let text = text.as_ref();
    if let Ok(meta) = fs::metadata(target)
        && !meta.is_file()
    {
        if meta.is_dir() {
            return Err(io::Error::new(io::ErrorKind::IsADirectory, "is a directory"));
        }
        let mut file = fs::OpenOptions::new().write(true).open(target)?;
        file.write_all(text)?;
        return file.flush();
    }
    let target = fs::canonicalize(target).unwrap_or_else(|_| target.to_path_buf());
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".tracc-").suffix(".tmp");
    #[cfg(unix)]
    {
        // Like a file created with open(2): 0666 minus the umask, rather
        // than tempfile's private 0600.
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    // tempfile's errors name the temporary file, which the user never asked for.
    let mut tmp = builder.tempfile_in(dir).map_err(|e| match e.kind() {
        io::ErrorKind::NotFound => io::Error::new(e.kind(), format!("no directory `{}`", dir.display())),
        kind => io::Error::new(kind, format!("cannot create a file in `{}`: {kind}", dir.display())),
    })?;
    if let Ok(meta) = fs::metadata(&target) {
        tmp.as_file().set_permissions(meta.permissions())?;
    }
    tmp.write_all(text)?;
    tmp.as_file().sync_all()?;
    tmp.persist(&target).map_err(|e| e.error)?;
    Ok(())
}

pub(super) fn write_stdout(text: impl AsRef<[u8]>) -> io::Result<()> {
    let mut out = io::stdout().lock();
    out.write_all(text.as_ref())?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names_in(dir: &Path) -> Vec<std::ffi::OsString> {
        let mut names: Vec<_> = fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name()).collect();
        names.sort();
        names
    }

    #[test]
    fn regular_file_is_replaced_and_no_temporary_is_left() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("o.c");
        fs::write(&p, "old").unwrap();
        write_file(&p, "new").unwrap();
        assert_eq!(fs::read_to_string(&p).unwrap(), "new");
        assert_eq!(names_in(dir.path()), vec![std::ffi::OsString::from("o.c")]);
    }

    #[cfg(unix)]
    #[test]
    fn symlink_is_followed_not_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.c");
        let link = dir.path().join("link.c");
        fs::write(&real, "old").unwrap();
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write_file(&link, "new").unwrap();
        assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(fs::read_to_string(&real).unwrap(), "new");
    }

    /// `-o /dev/null` must not turn the device into a regular file. A FIFO
    /// stands in for the device here: it is the same case (an existing
    /// non-regular file) without touching the machine's /dev.
    #[cfg(unix)]
    #[test]
    fn fifo_is_written_in_place_not_replaced() {
        use std::os::unix::fs::FileTypeExt;
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status().unwrap();
        assert!(made.success(), "mkfifo failed");
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || fs::read_to_string(fifo).unwrap())
        };
        write_file(&fifo, "int x;\n").unwrap();
        assert_eq!(reader.join().unwrap(), "int x;\n");
        assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
        assert_eq!(names_in(dir.path()), vec![std::ffi::OsString::from("pipe")]);
    }

    #[test]
    fn directory_target_is_an_error_and_stays_a_directory() {
        let dir = tempfile::tempdir().unwrap();
        assert!(write_file(dir.path(), "x").is_err());
        assert!(dir.path().is_dir());
    }
}
