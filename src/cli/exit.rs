//! The process's exit codes, and their table in `--help`. Its own file
//! because every subcommand returns an `Exit`.

use std::process::ExitCode;

/// Process exit codes. `Unsafe` and `Unknown` are the verdicts of
/// `tracc check` / `tracc verify` (SAFE is `Success`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Exit {
    /// Success: outputs written, `--check` clean (or a SAFE verdict).
    Success,
    /// `--check` found differences.
    Differences,
    /// Bad command line (clap's own code for usage errors).
    Usage,
    /// Syntax error, unreadable input, I/O failure.
    InputError,
    /// A reachable assertion failure (`check`/`verify`).
    Unsafe,
    /// Only unwinding assertions fail, or the checker gave up (`check`/`verify`).
    Unknown,
}

impl Exit {
    pub fn code(self) -> u8 {
        match self {
            Exit::Success => 0,
            Exit::Differences => 1,
            Exit::Usage => 2,
            Exit::InputError => 3,
            Exit::Unsafe => 10,
            Exit::Unknown => 20,
        }
    }
}

impl From<Exit> for ExitCode {
    fn from(e: Exit) -> ExitCode {
        ExitCode::from(e.code())
    }
}

pub(super) const EXIT_CODES: &str = "\
Exit codes:
  0   success (accelerate: outputs written, or --check found no differences;
      check/verify: SAFE)
  1   --check found differences (campaign: a disagreement was found;
      bench: a wrong verdict in the gain benchmark)
  2   usage error (invalid flags or arguments)
  3   input error (syntax error, unreadable input, I/O failure, a construct
      the checker cannot model)
  10  check/verify: UNSAFE (an assertion can fail)
  20  check/verify: UNKNOWN (an unwinding assertion can fail, or timeout)";
