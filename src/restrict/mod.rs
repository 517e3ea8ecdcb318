//! Restriction-language automaton of one loop.
//!
//! In: the loop's iteration symbols (an [`Alphabet`]: covered / uncovered
//! original paths, accelerators, paths that are not accelerated), symbol `i`
//! being byte `i`. Out: an [`Automaton`] over those symbols whose live states
//! are the states outside the restriction language (all traces containing, as
//! a contiguous infix, `Covered(j)` or `Accel(j) Accel(j)` for some
//! accelerated path `j`, or `Accel(b) Accel(a)` for a pair of *commuting*
//! paths `a < b`); a transition into the language is `None`, because the
//! instrumented program makes entering it infeasible.
//!
//! Commuting pairs (`loops::Footprint::commutes_with`: neither path writes what
//! the other reads or writes) come from the caller. Forbidding `Accel(b)
//! Accel(a)` removes no behaviour: sort the complete iterations of any
//! execution into the least word of its class under swaps of adjacent
//! commuting iterations (each swap keeps every iteration's reads, so the
//! same states and the same checks), then map each run of one path to
//! symbols as before; a run of `b` right before a run of `a` would make a
//! smaller word, so the factor never occurs. The last, partial iteration
//! (an exit, a failure) stays last and is an original one, never an
//! accelerator.
//!
//! The language is written as a byte regex and compiled (and, optionally,
//! minimised) by `regex-automata`; its table is read back over the alphabet's
//! bytes, refined to the observable equivalence, and renumbered in BFS order.

use std::collections::{HashMap, VecDeque};
use std::fmt;

use regex_automata::dfa::{Automaton as _, StartKind, dense};
use regex_automata::util::primitives::StateID;
use regex_automata::util::start;
use regex_automata::util::syntax;
use regex_automata::{Anchored, nfa::thompson};

pub mod apply;
pub mod code;
mod cycle;
#[cfg(test)]
mod tests;

/// One iteration symbol of a loop; the payload is the index of the path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SymbolKind {
    /// Original iteration along path `j`, in a state where its accelerator covers it.
    Covered(usize),
    /// Original iteration along path `j`, not covered (e.g. it overflows).
    Uncovered(usize),
    /// The accelerator of path `j`.
    Accel(usize),
    /// An iteration along a path `j` that is not accelerated.
    Other(usize),
}

/// The iteration symbols of one loop; symbol `i` is byte `i` of the regex.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Alphabet {
    pub symbols: Vec<SymbolKind>,
}

impl Alphabet {
    /// Reference membership test (no automaton): does `word` (symbol indices)
    /// contain `Covered(j)` or `Accel(j) Accel(j)` as an infix for some
    /// accelerated path `j`? Indices out of range never match.
    pub fn in_language(&self, word: &[usize]) -> bool {
        self.in_language_commuting(word, &[])
    }

    /// `in_language` with the factors `Accel(b) Accel(a)` of the pairs
    /// `(a, b)` of `commuting` (`a < b`) in the language too.
    pub fn in_language_commuting(&self, word: &[usize], commuting: &[(usize, usize)]) -> bool {
        let kind = |i: usize| self.symbols.get(i).copied();
        let accelerated = |j: usize| self.symbols.contains(&SymbolKind::Accel(j));
        let covered = word
            .iter()
            .any(|&i| matches!(kind(i), Some(SymbolKind::Covered(j)) if accelerated(j)));
        let twice = word
            .windows(2)
            .any(|w| w[0] == w[1] && matches!(kind(w[0]), Some(SymbolKind::Accel(_))));
        let unsorted = word.windows(2).any(|w| match (kind(w[0]), kind(w[1])) {
            (Some(SymbolKind::Accel(b)), Some(SymbolKind::Accel(a))) => commuting.contains(&(a, b)),
            _ => false,
        });
        covered || twice || unsorted
    }
}

/// Trace automaton of the complement of the restriction language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Automaton {
    pub alphabet: Alphabet,
    /// Live states, excluding the (single, absorbing) inside state.
    pub num_states: usize,
    /// Always 0.
    pub start: usize,
    /// `next[state][symbol]`: the next live state, or `None` when the symbol
    /// leads into the restriction language.
    pub next: Vec<Vec<Option<usize>>>,
    /// Reachable states (inside states included) of regex-automata's DFA
    /// built WITHOUT `minimize(true)`, read back over the alphabet's bytes
    /// from the anchored start state. Reported whatever `minimize` is.
    pub states_before_minimisation: usize,
    /// Reachable states (inside states included) of regex-automata's DFA
    /// built WITH `minimize(true)`, read back the same way, before our own
    /// refinement. Reported whatever `minimize` is.
    pub states_regex_minimised: usize,
    /// The pairs of paths `(a, b)`, `a < b`, whose accelerators may not
    /// follow each other as `Accel(b) Accel(a)` (the paths commute).
    pub commuting: Vec<(usize, usize)>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RestrictError {
    /// More than 256 symbols: they do not fit in one byte each.
    TooManySymbols(usize),
    /// The same symbol kind appears twice.
    DuplicateSymbol(SymbolKind),
    /// `Covered(j)` or `Other(j)` contradicts the presence/absence of `Accel(j)`.
    Inconsistent(SymbolKind),
    /// regex-automata refused the pattern (should not happen).
    Regex(String),
    /// The DFA read back does not behave as the construction assumes.
    Internal(String),
}

impl fmt::Display for RestrictError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RestrictError::TooManySymbols(n) => write!(f, "{n} iteration symbols (at most 256 supported)"),
            RestrictError::DuplicateSymbol(k) => write!(f, "iteration symbol {k:?} appears twice"),
            RestrictError::Inconsistent(SymbolKind::Other(j)) => {
                write!(f, "path {j} is both accelerated and marked as not accelerated")
            }
            RestrictError::Inconsistent(k) => write!(f, "{k:?} has no accelerator"),
            RestrictError::Regex(m) => write!(f, "building the trace automaton failed: {m}"),
            RestrictError::Internal(m) => write!(f, "trace automaton: {m}"),
        }
    }
}

impl std::error::Error for RestrictError {}

/// A complete DFA table over the alphabet; `inside[s]`: `s` is in the language.
struct Table {
    next: Vec<Vec<usize>>,
    inside: Vec<bool>,
}

/// Build the automaton. `minimize == false` (`--no-minimize`) keeps
/// regex-automata's unminimised DFA as is (inside states still dropped).
pub fn build(alphabet: &Alphabet, minimize: bool) -> Result<Automaton, RestrictError> {
    build_commuting(alphabet, &[], minimize)
}

/// `build`, with `Accel(b) Accel(a)` in the language for each pair `(a,
/// b)` of `commuting` (paths `a < b` that commute; pairs without both
/// accelerators are left out).
pub fn build_commuting(
    alphabet: &Alphabet,
    commuting: &[(usize, usize)],
    minimize: bool,
) -> Result<Automaton, RestrictError> {
    let mut alternatives = restricted_infixes(alphabet)?;
    let accel = |j: usize| alphabet.symbols.iter().position(|&k| k == SymbolKind::Accel(j));
    let mut kept = Vec::new();
    for &(a, b) in commuting {
        if let (true, Some(sa), Some(sb)) = (a < b, accel(a), accel(b)) {
            alternatives.push(format!("\\x{sb:02X}\\x{sa:02X}"));
            kept.push((a, b));
        }
    }
    let commuting = kept;
    if alternatives.is_empty() {
        // Nothing is accelerated: the language is empty, one state loops.
        let n = alphabet.symbols.len();
        return Ok(Automaton {
            alphabet: alphabet.clone(),
            num_states: 1,
            start: 0,
            next: vec![vec![Some(0); n]],
            states_before_minimisation: 1,
            states_regex_minimised: 1,
            commuting,
        });
    }
    // The trailing `.*` makes "inside" absorbing; without it the DFA leaves
    // its match states again after the match.
    let pattern = format!("(?s-u:.)*(?:{})(?s-u:.)*", alternatives.join("|"));
    let n = alphabet.symbols.len();
    let plain = read_back(&compile(&pattern, false)?, n)?;
    let minimised = read_back(&compile(&pattern, true)?, n)?;
    let (states_before_minimisation, states_regex_minimised) = (plain.inside.len(), minimised.inside.len());
    let table = if minimize { refine(&minimised) } else { plain };
    let next = collapse_inside(&table);
    Ok(Automaton {
        alphabet: alphabet.clone(),
        num_states: next.len(),
        start: 0,
        next,
        states_before_minimisation,
        states_regex_minimised,
        commuting,
    })
}

/// One regex alternative per accelerated path: `\xCC|\xAA\xAA`.
fn restricted_infixes(alphabet: &Alphabet) -> Result<Vec<String>, RestrictError> {
    let symbols = &alphabet.symbols;
    if symbols.len() > 256 {
        return Err(RestrictError::TooManySymbols(symbols.len()));
    }
    let mut byte_of: HashMap<SymbolKind, usize> = HashMap::new();
    for (i, &k) in symbols.iter().enumerate() {
        if byte_of.insert(k, i).is_some() {
            return Err(RestrictError::DuplicateSymbol(k));
        }
    }
    for &k in symbols {
        match k {
            SymbolKind::Covered(j) | SymbolKind::Other(j) => {
                let has_accel = byte_of.contains_key(&SymbolKind::Accel(j));
                if has_accel != matches!(k, SymbolKind::Covered(_)) {
                    return Err(RestrictError::Inconsistent(k));
                }
            }
            SymbolKind::Uncovered(_) | SymbolKind::Accel(_) => {}
        }
    }
    let mut alternatives = Vec::new();
    for (a, &k) in symbols.iter().enumerate() {
        if let SymbolKind::Accel(j) = k {
            alternatives.push(format!("\\x{a:02X}\\x{a:02X}"));
            if let Some(c) = byte_of.get(&SymbolKind::Covered(j)) {
                alternatives.push(format!("\\x{c:02X}"));
            }
        }
    }
    Ok(alternatives)
}

fn compile(pattern: &str, minimize: bool) -> Result<dense::DFA<Vec<u32>>, RestrictError> {
    dense::Builder::new()
        .configure(
            dense::Config::new()
                .minimize(minimize)
                .start_kind(StartKind::Anchored)
                .byte_classes(true),
        )
        .syntax(syntax::Config::new().unicode(false).utf8(false))
        .thompson(thompson::Config::new().utf8(false))
        .build(pattern)
        .map_err(|e| RestrictError::Regex(e.to_string()))
}

/// BFS over the bytes `0..n` from the anchored start state; states numbered
/// in discovery order (start = 0).
fn read_back(dfa: &dense::DFA<Vec<u32>>, n: usize) -> Result<Table, RestrictError> {
    let start = dfa
        .start_state(&start::Config::new().anchored(Anchored::Yes))
        .map_err(|e| RestrictError::Internal(e.to_string()))?;
    let mut index: HashMap<StateID, usize> = HashMap::from([(start, 0)]);
    let mut order = vec![start];
    let mut queue = VecDeque::from([start]);
    let mut next = Vec::new();
    while let Some(s) = queue.pop_front() {
        let mut row = Vec::with_capacity(n);
        for b in 0..n {
            // `n <= 256` was checked, so `b` fits in a byte.
            let t = dfa.next_state(s, b as u8);
            if dfa.is_dead_state(t) || dfa.is_quit_state(t) {
                return Err(RestrictError::Internal("dead or quit state reachable".into()));
            }
            let id = *index.entry(t).or_insert_with(|| {
                order.push(t);
                queue.push_back(t);
                order.len() - 1
            });
            row.push(id);
        }
        next.push(row);
    }
    // regex-automata's DFAs report a match one byte late, so "the input read
    // so far is in the language" is the match flag after end-of-input.
    let inside: Vec<bool> = order
        .iter()
        .map(|&s| dfa.is_match_state(dfa.next_eoi_state(s)))
        .collect();
    if inside[0] {
        return Err(RestrictError::Internal(
            "empty trace is in the restriction language".into(),
        ));
    }
    if (0..next.len()).any(|s| inside[s] && next[s].iter().any(|&t| !inside[t])) {
        return Err(RestrictError::Internal("restriction language is not absorbing".into()));
    }
    Ok(Table { next, inside })
}

/// Moore partition refinement from {inside, not inside}: regex-automata's
/// minimisation keeps apart states that differ only in the one-late match
/// flag, which is not observable here.
fn refine(table: &Table) -> Table {
    let n = table.inside.len();
    let mut class: Vec<usize> = table.inside.iter().map(|&i| usize::from(i)).collect();
    let mut count = class.iter().copied().collect::<std::collections::BTreeSet<_>>().len();
    loop {
        let mut ids: HashMap<(usize, Vec<usize>), usize> = HashMap::new();
        let refined: Vec<usize> = (0..n)
            .map(|s| {
                let sig = (class[s], table.next[s].iter().map(|&t| class[t]).collect());
                let fresh = ids.len();
                *ids.entry(sig).or_insert(fresh)
            })
            .collect();
        let new_count = ids.len();
        class = refined;
        if new_count == count {
            break;
        }
        count = new_count;
    }
    // Quotient; classes are numbered by first member, so state 0's class is 0.
    let mut next = vec![Vec::new(); count];
    let mut inside = vec![false; count];
    for s in 0..n {
        if next[class[s]].is_empty() {
            next[class[s]] = table.next[s].iter().map(|&t| class[t]).collect();
            inside[class[s]] = table.inside[s];
        }
    }
    Table { next, inside }
}

/// Drop inside states (transitions to them become `None`) and renumber the
/// rest in BFS order over symbols in alphabet order, start = 0.
fn collapse_inside(table: &Table) -> Vec<Vec<Option<usize>>> {
    let mut new_id: Vec<Option<usize>> = vec![None; table.inside.len()];
    new_id[0] = Some(0);
    let mut order = vec![0];
    let mut i = 0;
    while i < order.len() {
        for &t in &table.next[order[i]] {
            if !table.inside[t] && new_id[t].is_none() {
                new_id[t] = Some(order.len());
                order.push(t);
            }
        }
        i += 1;
    }
    order
        .iter()
        .map(|&s| {
            table.next[s]
                .iter()
                .map(|&t| if table.inside[t] { None } else { new_id[t] })
                .collect()
        })
        .collect()
}

impl Automaton {
    /// Run `word` (symbol indices) from the start; `None` once it enters the
    /// restriction language (or on an out-of-range symbol).
    pub fn run(&self, word: &[usize]) -> Option<usize> {
        word.iter()
            .try_fold(self.start, |s, &a| self.next.get(s)?.get(a).copied().flatten())
    }

    /// States from which `symbol` leads into the restriction language.
    pub fn blocked_states(&self, symbol: usize) -> Vec<usize> {
        (0..self.num_states)
            .filter(|&s| self.next[s].get(symbol).is_some_and(|t| t.is_none()))
            .collect()
    }

    /// `symbol` is never blocked and never changes the state.
    pub fn is_trivial_for(&self, symbol: usize) -> bool {
        (0..self.num_states).all(|s| self.next[s].get(symbol) == Some(&Some(s)))
    }

    /// Graphviz rendering; the inside state is drawn once, as `inside`.
    /// Parallel edges are merged into one edge with a comma-separated label.
    pub fn to_dot(&self, name: &str, symbol_name: &dyn Fn(usize) -> String) -> String {
        let mut out = format!("digraph \"{}\" {{\n", escape(name));
        out.push_str("  rankdir=LR;\n  node [shape=circle];\n  init [shape=point, label=\"\"];\n");
        out.push_str("  inside [shape=doublecircle, label=\"inside\"];\n");
        for s in 0..self.num_states {
            out.push_str(&format!("  s{s} [label=\"{s}\"];\n"));
        }
        out.push_str(&format!("  init -> s{};\n", self.start));
        for (s, row) in self.next.iter().enumerate() {
            let mut edges: Vec<(Option<usize>, Vec<String>)> = Vec::new();
            for (a, &t) in row.iter().enumerate() {
                match edges.iter_mut().find(|(d, _)| *d == t) {
                    Some((_, labels)) => labels.push(symbol_name(a)),
                    None => edges.push((t, vec![symbol_name(a)])),
                }
            }
            for (t, labels) in edges {
                let target = t.map_or_else(|| "inside".to_string(), |t| format!("s{t}"));
                out.push_str(&format!(
                    "  s{s} -> {target} [label=\"{}\"];\n",
                    escape(&labels.join(", "))
                ));
            }
        }
        out.push_str("}\n");
        out
    }
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', "\\n")
}
