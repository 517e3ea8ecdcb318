//! The `tracc` binary. In: command-line arguments; out: the exit code. All
//! the work is in `tracc::cli` so that it can be unit-tested.

fn main() -> std::process::ExitCode {
    tracc::cli::main()
}
