//! Emission: IR statements in, C text out, spliced into the original text.
//!
//! (Being written.)

/// How verification intrinsics are spelled in the output.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Dialect {
    /// `__CPROVER_assume`, `__CPROVER_forall`, `nondet_*`.
    #[default]
    Cbmc,
    /// SV-COMP: `__VERIFIER_assume`, `__VERIFIER_nondet_*`.
    Svcomp,
}
