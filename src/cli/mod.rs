//! The command-line interface of the `tracc` binary.
//!
//! In: the process arguments (parsed with clap), the input files or stdin.
//! Out: transformed C files, explanations, diagnostics on stderr and the exit
//! code (see [`Exit`]). The library work is done by `crate::pipeline`; this
//! module only decides where text comes from and where it goes.
//!
//! Adding a subcommand (`check`, `verify`) means: a variant in [`Command`]
//! with its `Args` struct (flatten [`TransformArgs`] if it transforms), and
//! one arm in [`run_command`].

mod accelerate;
mod check;
mod evidence;
mod exit;
mod output;
mod source;
mod transform_args;

use std::ffi::OsString;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};

use crate::diag::Diagnostic;
use crate::diag::render::{self, ColorChoice};
use crate::ir::Span;
use crate::pipeline;
use exit::EXIT_CODES;
use output::write_stdout;
use source::{display_name, read_input};

pub use accelerate::{AccelerateArgs, ReportFormat};
pub use exit::Exit;
pub use transform_args::{DialectArg, ModelArgs, QuantifiersArg, TransformArgs};

/// tracc rewrites C programs so that bounded model checkers can prove them.
#[derive(Debug, Parser)]
#[command(
    name = "tracc",
    version,
    about = "Loop acceleration and trace automata for bounded model checking of C",
    long_about = "tracc rewrites C programs so that a bounded model checker such as CBMC can prove \
                  them at a small unwinding bound: loops whose iterations have a closed form get an \
                  accelerator that performs many iterations at once, and a minimised trace automaton \
                  inlined into the program makes the redundant long executions infeasible. Code that \
                  is not transformed is copied byte for byte.",
    after_help = EXIT_CODES,
    propagate_version = true
)]
pub struct Cli {
    /// When to colour diagnostics on stderr (auto: only on a terminal and when NO_COLOR is unset).
    #[arg(long, value_enum, default_value_t = ColorArg::Auto, global = true)]
    pub color: ColorArg,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Accelerate the loops of C files and inline the trace automaton.
    #[command(
        long_about = "Accelerate the loops of C files and inline the trace automaton that makes \
                      redundant executions infeasible. The output has the same reachable states and \
                      assertion failures as the input, but every feasible execution is short, so \
                      CBMC can prove it at `--unwind 3 --unwinding-assertions`. Short counting loops \
                      (--unroll-limit) are not accelerated but written so that `--unwind 3` unrolls \
                      them; the summary line on stderr and the report's `cbmc_args` give the exact \
                      arguments (an `--unwindset` only for a loop whose body cannot be copied).\n\n\
                      With one input the result goes to stdout (or -o FILE); several inputs need \
                      --out-dir or --in-place. `-` reads stdin. Files are written atomically and only \
                      when the input had no errors; an input is never overwritten without --in-place. \
                      --check writes nothing: it prints a unified diff against the existing output (for \
                      one input without -o, against the input itself) and exits 1 when they differ.",
        after_help = EXIT_CODES
    )]
    Accelerate(AccelerateArgs),

    /// Explain what tracc sees in a C file: loops, paths, closed forms, automata.
    #[command(
        long_about = "Explain what tracc sees in a C file: its functions and loops with their \
                      locations, the iteration paths of each loop, their closed forms, and why a loop \
                      was not accelerated, on stdout. With --dot, stdout carries only each loop's \
                      trace automaton in Graphviz format (`tracc explain --dot F.c | dot -Tsvg`) and \
                      the explanation goes to stderr. No file is written.",
        after_help = EXIT_CODES
    )]
    Explain(ExplainArgs),

    /// Check a C file with tracc's reference bounded model checker.
    #[command(
        long_about = "Check a C file with tracc's own bounded model checker (built on z3, with \
                      CBMC's default semantics: LP64 bit-vectors (ILP32 with --32), wrap-around arithmetic, calls \
                      inlined, --unwind with CBMC's meaning, unwinding assertions on by default). \
                      Prints SAFE, UNSAFE (with the failing assertion and, with --trace, the values \
                      assigned along the way) or UNKNOWN (naming the loops whose unwinding assertion \
                      can fail); the verdict word is the last line. A construct the checker cannot \
                      model is an error (exit 3), never a verdict.",
        after_help = EXIT_CODES
    )]
    Check(check::CheckArgs),

    /// Accelerate, restrict, and check the result at a small bound in one step.
    #[command(
        long_about = "Transform a C file as `tracc accelerate` does and check the result with the \
                      reference checker at a small unwinding bound (default 3). Prints the verdict, \
                      the time of each phase, and, for UNKNOWN, the loops that kept it from a proof. \
                      Exit codes as for `tracc check`.",
        after_help = EXIT_CODES
    )]
    Verify(check::VerifyArgs),

    /// Write a proof by k-induction as two C programs for CBMC.
    #[command(
        long_about = "Transform a C file as `tracc accelerate` does and, where the result is UNKNOWN at \
                      --unwind only because a loop of `main` is not fully unwound, prove it by \
                      k-induction on that loop as `tracc verify` does; then write the proof's base \
                      case and step case as C (OUT.base.c and OUT.step.c) and print the CBMC command \
                      line for each. CBMC SUCCESSFUL on both proves the input. Exit 0 when both are \
                      written, 10 when the transformed program fails at --unwind already, 20 when \
                      there is no proof to write (the reason on stderr; no file written unless 0), \
                      3 for a file tracc cannot read or check.",
        after_help = EXIT_CODES
    )]
    Kinduct(check::KinductArgs),

    /// Run the differential soundness campaign on generated programs.
    #[command(
        long_about = "Generate loop programs (seeds SEED..SEED+N), check each input at a bound that \
                      covers its loop, and compare with the acceleration-only and restricted outputs \
                      at that bound and the restricted output at --unwind 3, with signed overflow \
                      and array bounds checked as CBMC checks them. SAFE against UNSAFE in any \
                      pair, or at the covering bound a different kind of failure (an assertion, \
                      a signed overflow, an index out of bounds), is a soundness bug: the program is reduced and saved as a fixture in \
                      --findings-dir. Prints a progress line every --progress-every programs and the \
                      counts at the end. Exit 0 when nothing disagreed, 1 when something did.",
        after_help = EXIT_CODES
    )]
    Campaign(evidence::CampaignArgs),

    /// Measure tracc on benchmark programs: a Markdown table and a JSON report.
    #[command(
        long_about = "For every .c file in the given directories (default: fixtures/), check the \
                      untransformed program at --input-unwind (default 100), the acceleration-only and \
                      the restricted output at --unwind (default 3), and report verdicts and times, \
                      transformation time, size increase and automaton states, with totals per group \
                      (directory and expected verdict). The expected verdict comes from the first-line \
                      `// tracc: expect` comment, an SV-COMP .yml task file, or a _true/_false name. \
                      Each step runs in a child process with a wall-clock limit (T/O); programs run in \
                      parallel. When cbmc is on the PATH (or given with --cbmc), CBMC's verdict on the \
                      restricted output at --unwind --unwinding-assertions is shown too. The table goes \
                      to stdout, the JSON to --json.\n\n\
                      Then, when a CBMC is found (--cbmc, the TRACC_CBMC variable, or cbmc on the PATH) \
                      and unless --no-gain, the gain benchmark (alone with --gain-only): for each program, \
                      CBMC alone on the input as a user runs it (plain `cbmc FILE`, or --gain-input-unwind), \
                      and `tracc accelerate` followed by CBMC on its output with the arguments of its report \
                      (`cbmc_args`, else --unwind 3 --unwinding-assertions), with CBMC's default checks and \
                      with --no-standard-checks; verdicts against the expected ones (a wrong one is shown \
                      loudly and makes the exit code 1), wall time, peak memory of the process tree, the \
                      ratios, and whether tracc + CBMC is never worse than CBMC alone. Each side has \
                      --gain-timeout and each run --gain-memory-mib. Its table goes to stdout after the \
                      report, its JSON to --gain-json. Use -j 1 for steady times.",
        after_help = EXIT_CODES
    )]
    Bench(evidence::BenchArgs),

    /// Print a shell completion script on stdout.
    #[command(
        long_about = "Print the completion script for SHELL on stdout, e.g. \
                      `tracc completions bash > ~/.local/share/bash-completion/completions/tracc` or \
                      `tracc completions zsh > ~/.zfunc/_tracc`.",
        after_help = EXIT_CODES
    )]
    Completions(CompletionsArgs),

    /// Print the manual page (roff) on stdout, or write every page to a directory.
    #[command(
        long_about = "Print tracc's manual page in roff on stdout, for `man`: \
                      `tracc man > tracc.1 && man -l tracc.1`. With --out-dir DIR, write it and a \
                      page for each subcommand (tracc-accelerate.1, ...) into DIR, e.g. \
                      `tracc man --out-dir ~/.local/share/man/man1`.",
        after_help = EXIT_CODES
    )]
    Man(ManArgs),
}

#[derive(Debug, Args)]
pub struct ManArgs {
    /// Write tracc.1 and one page per subcommand into this directory
    /// (created when needed) instead of printing tracc.1.
    #[arg(long, value_name = "DIR")]
    pub out_dir: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete in.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorArg {
    Auto,
    Always,
    Never,
}

impl From<ColorArg> for ColorChoice {
    fn from(c: ColorArg) -> ColorChoice {
        match c {
            ColorArg::Auto => ColorChoice::Auto,
            ColorArg::Always => ColorChoice::Always,
            ColorArg::Never => ColorChoice::Never,
        }
    }
}

#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// Input C file (`-` for stdin).
    #[arg(value_name = "IN.c")]
    pub input: PathBuf,

    /// Print each loop's trace automaton in Graphviz DOT format on stdout
    /// (only that, so it can be piped to `dot`); the explanation goes to
    /// stderr.
    #[arg(long)]
    pub dot: bool,

    #[command(flatten)]
    pub transform: TransformArgs,
}

/// Entry point of the binary: parse `std::env::args_os()` and run.
pub fn main() -> ExitCode {
    run(std::env::args_os()).into()
}

/// Parse `args` (including the program name) and run the subcommand.
pub fn run<I: IntoIterator<Item = OsString>>(args: I) -> Exit {
    match Cli::try_parse_from(args) {
        Ok(cli) => run_command(cli),
        Err(e) => {
            // --help and --version come here too, with exit code 0.
            let _ = e.print();
            if e.exit_code() == 0 { Exit::Success } else { Exit::Usage }
        }
    }
}

fn run_command(cli: Cli) -> Exit {
    let color = ColorChoice::from(cli.color);
    match cli.command {
        Command::Accelerate(args) => {
            accelerate::run(&args, color).unwrap_or_else(|message| usage_error("accelerate", &message))
        }
        Command::Explain(args) => explain(&args, color),
        Command::Check(args) => check::check(&args, color),
        Command::Verify(args) => check::verify(&args, color),
        Command::Kinduct(args) => check::kinduct(&args, color),
        Command::Campaign(args) => evidence::campaign(&args),
        Command::Bench(args) => evidence::bench(&args),
        Command::Completions(args) => {
            let mut cmd = <Cli as clap::CommandFactory>::command();
            // Into memory first: clap_complete panics on a failed write
            // (`tracc completions bash | head`).
            let mut script = Vec::new();
            clap_complete::generate(args.shell, &mut cmd, "tracc", &mut script);
            written_to_stdout(write_stdout(script), "the completion script")
        }
        Command::Man(args) => {
            let cmd = <Cli as clap::CommandFactory>::command();
            let written = match &args.out_dir {
                Some(dir) => std::fs::create_dir_all(dir).and_then(|()| clap_mangen::generate_to(cmd, dir)),
                None => {
                    let mut page = Vec::new();
                    clap_mangen::Man::new(cmd)
                        .render(&mut page)
                        .and_then(|()| write_stdout(page))
                }
            };
            written_to_stdout(written, "the manual page")
        }
    }
}

/// The exit code of writing `what`: a reader that closed the pipe early
/// (`| head`) is not an error.
fn written_to_stdout(written: std::io::Result<()>, what: &str) -> Exit {
    match written {
        Ok(()) => Exit::Success,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Exit::Success,
        Err(e) => {
            eprintln!("tracc: cannot write {what}: {e}");
            Exit::InputError
        }
    }
}

/// Report a command-line problem that clap cannot see (e.g. several inputs
/// without an output directory) the way clap reports its own.
fn usage_error(subcommand: &str, message: &str) -> Exit {
    let mut cmd = Cli::command();
    // Building sets the subcommands' full names, so the usage line reads
    // `tracc accelerate ...`.
    cmd.build();
    let kind = clap::error::ErrorKind::ArgumentConflict;
    let err = match cmd.find_subcommand_mut(subcommand) {
        Some(sub) => sub.error(kind, message),
        None => cmd.error(kind, message),
    };
    let _ = err.print();
    Exit::Usage
}

/// The text on stdout, or with `--dot` the DOT on stdout and the text on
/// stderr.
fn write_explanation(e: &pipeline::Explanation, dot: bool) -> io::Result<()> {
    if !dot {
        return write_stdout(&e.text);
    }
    let mut err = io::stderr().lock();
    err.write_all(e.text.as_bytes())?;
    err.flush()?;
    write_stdout(&e.dot)
}

fn explain(args: &ExplainArgs, color: ColorChoice) -> Exit {
    let name = display_name(&args.input);
    let text = match read_input(&args.input) {
        Ok(t) => t.text,
        Err(d) => {
            render::eprint(&name, "", &[d], color);
            return Exit::InputError;
        }
    };
    match pipeline::explain_source(&text, &args.transform.options(), args.dot) {
        Ok(explanation) => match write_explanation(&explanation, args.dot) {
            Ok(()) => Exit::Success,
            Err(e) => {
                let d = Diagnostic::error(Span::SYNTHETIC, format!("cannot write to stdout: {e}"));
                render::eprint(&name, "", &[d], color);
                Exit::InputError
            }
        },
        Err(diags) => {
            render::eprint(&name, &text, &diags, color);
            Exit::InputError
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::emit::Dialect;
    use crate::pipeline::Options;

    #[test]
    fn clap_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn exit_codes_are_distinct_and_documented() {
        let all = [
            Exit::Success,
            Exit::Differences,
            Exit::Usage,
            Exit::InputError,
            Exit::Unsafe,
            Exit::Unknown,
        ];
        let mut codes: Vec<u8> = all.iter().map(|e| e.code()).collect();
        codes.dedup();
        assert_eq!(codes.len(), all.len());
        for e in all {
            assert!(EXIT_CODES.contains(&format!("{}", e.code())), "{e:?}");
        }
    }

    #[test]
    fn transform_args_map_to_options() {
        let cli = Cli::try_parse_from([
            "tracc",
            "accelerate",
            "a.c",
            "--dialect",
            "svcomp",
            "--no-restrict",
            "--no-minimize",
            "--max-paths",
            "7",
        ])
        .unwrap();
        let Command::Accelerate(a) = cli.command else {
            panic!("not accelerate")
        };
        let o = a.transform.options();
        assert_eq!(o.dialect, Dialect::Svcomp);
        assert!(!o.restrict && !o.minimize);
        assert_eq!(o.max_paths, 7);
    }

    #[test]
    fn defaults_match_pipeline_defaults() {
        let cli = Cli::try_parse_from(["tracc", "explain", "a.c"]).unwrap();
        let Command::Explain(a) = cli.command else {
            panic!("not explain")
        };
        let (o, d) = (a.transform.options(), Options::default());
        assert_eq!(
            (o.dialect, o.restrict, o.minimize, o.max_paths),
            (d.dialect, d.restrict, d.minimize, d.max_paths)
        );
    }

    #[test]
    fn output_conflicts_with_out_dir_and_in_place() {
        for extra in [["--out-dir", "d"], ["--in-place", "--check"]] {
            let mut args = vec!["tracc", "accelerate", "a.c", "-o", "b.c"];
            args.extend(extra);
            let e = Cli::try_parse_from(args).unwrap_err();
            assert_eq!(e.exit_code(), 2);
        }
    }
}
