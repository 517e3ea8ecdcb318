//! Coverage-guided fuzzing of the whole `accelerate` pipeline: bytes in, no
//! panic, and whatever is emitted parses and lowers again
//! (`tracc::evidence::fuzz::accelerate_roundtrip`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = tracc::evidence::fuzz::accelerate_roundtrip(data) {
        panic!("{e}");
    }
});
