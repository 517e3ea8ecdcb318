//! The `tracc` binary. In: command-line arguments; out: the exit code. All
//! the work is in `tracc::cli` so that it can be unit-tested.

/// The stages walk the syntax tree and the IR recursively, one frame per
/// level of nesting: a program that gcc accepts may nest thousands of
/// levels deep (`0 + 1 + ...`, parentheses, blocks, loops), far more than
/// the main thread's 8 MiB hold. The stack is reserved, not committed:
/// memory is used only as deep as the program goes.
const STACK_BYTES: usize = 4 << 30;

fn main() -> std::process::ExitCode {
    let worker = std::thread::Builder::new()
        .name("tracc".into())
        .stack_size(STACK_BYTES)
        .spawn(tracc::cli::main);
    match worker.map(|w| w.join()) {
        Ok(Ok(code)) => code,
        // A panic has been reported by the panic hook already.
        Ok(Err(_)) => std::process::ExitCode::from(101),
        // No thread with that stack (address space exhausted): run here.
        Err(_) => tracc::cli::main(),
    }
}
