//! Emission: IR in, C text out, spliced into the original text.
//!
//! In: a `Program` (for variable names and types), the original source text
//! and the statements or expressions to print. Out: C text. A node with a
//! real span is copied verbatim from the source (statements re-indented when
//! they move); a `Span::SYNTHETIC` node is printed in K&R style with minimal,
//! `-Wparentheses`-friendly parentheses. `splice` puts the printed text back
//! into the original, leaving every other byte as it was.
//!
//! The `Dialect` decides how verification intrinsics are spelled:
//!
//! | construct               | `Cbmc`                                 | `Svcomp`                                   |
//! |-------------------------|----------------------------------------|--------------------------------------------|
//! | assume                  | `__CPROVER_assume(c)`                  | `__VERIFIER_assume(c)`                     |
//! | assert (statement)      | `__CPROVER_assert(c, "c")`             | `if (!(c)) {` `reach_error();` `}`         |
//! | assert (in expression)  | `__CPROVER_assert(c, "c")`             | `c ? (void)0 : reach_error()`              |
//! | error                   | `__CPROVER_assert(0, "reach_error")`   | `reach_error()`                            |
//! | abort                   | `abort()`                              | `abort()`                                  |
//! | generated nondet `T`    | `nondet_uint()`, `nondet_schar()`, ... | `__VERIFIER_nondet_uint()`, `..._char()`   |
//! | quantifier              | `__CPROVER_forall { T k; body }`       | `EmitError::Unsupported`                   |
//! | array copy              | `__CPROVER_array_copy(dst, src)`       | `EmitError::Unsupported`                   |
//! | array row copy          | `__CPROVER_array_replace(dst, src)`    | `EmitError::Unsupported`                   |
//!
//! The assertion message CBMC prints is the asserted condition's text, as
//! CBMC does for `assert(c)`. SV-COMP has no `signed char` source; its
//! `__VERIFIER_nondet_char()` returns plain `char`, which has the same
//! values on x86-64.
//!
//! For `gcc -fsyntax-only`, prepend `prelude(dialect)` and pass the text
//! through `gcc_view`, which replaces quantifiers by `1`.
//!
//! Typical use: `required_declarations` for the new code (insert them at the
//! top), `line_indent` of the replaced statement and `detect_indent_unit` of
//! the file for `print_stmt`, then one `Edit` per replaced span for
//! `splice`. To show locations of the output at the input (a checker's
//! trace), print with `print_stmt_traced`, which also says what the text
//! copies from the source, make the edit with `Edit::loop_replacement`, and
//! ask `SourceMap::new(source, edits)`. Inside a synthetic block, comments that sit between two copied
//! statements move with them; comments before the first or after the last
//! copied statement are outside their spans and stay where they were only
//! if that text is not replaced.

mod dialect;
mod error;
mod expr;
mod hoist;
mod lex;
mod lines;
mod loops;
#[cfg(test)]
mod roundtrip;
mod splice;
mod stmt;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod testutil;
pub use dialect::{Dialect, gcc_view, nondet_declaration, prelude, required_declarations};
pub use error::EmitError;
pub use expr::print_expr;
pub use hoist::{StaticCannotMove, check_statics};
pub use lines::with_line_directives;
pub use loops::{RewrittenLoop, splice_loops};
pub use splice::{Edit, Origins, SourceMap, SourcePlace, line_indent, splice, uses_crlf};
pub use stmt::{detect_indent_unit, print_stmt, print_stmt_traced};
