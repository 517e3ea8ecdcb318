//! Merging paths with equal effects into one path whose guard is the
//! disjunction of theirs.

use super::path::{Lhs, Path, Step};
use crate::ir::build::{self};
use crate::ir::{Expr, Program, VarId};
use std::collections::BTreeSet;

/// The paths whose effects are equal, each group merged into one path
/// whose guard is the disjunction of theirs, with the indices of the
/// paths it stands for (a group of one is the path itself). Two paths
/// have equal effects when, after a common prefix of steps, each goes on
/// with guards only (`assume`s, evaluated in the same state) and then
/// with the same steps (assignments, assertions, guards), compared without
/// their source spans; the merged path is the prefix, the disjunction of
/// the two guards, and the common rest, so it allows exactly the
/// transitions of its members. `if (y % 2 == 0) x += 2; else x += 2;` is one
/// path with the guard `y % 2 == 0 || !(y % 2 == 0)`.
pub fn equal_effect_groups(program: &Program, paths: &[Path]) -> Vec<(Path, Vec<usize>)> {
    let mut groups: Vec<(Path, Vec<usize>)> = Vec::new();
    'paths: for (i, p) in paths.iter().enumerate() {
        for (merged, members) in groups.iter_mut() {
            if let Some(m) = merge_pair(program.vars.len(), merged, p) {
                *merged = m;
                members.push(i);
                continue 'paths;
            }
        }
        groups.push((p.clone(), vec![i]));
    }
    groups
}

/// The steps of a path as text without source spans, for comparisons;
/// temporaries (ids from `first_temp` on, dead after the iteration) are
/// numbered by their first use, since each path makes its own.
pub(super) fn path_shape(first_temp: usize, path: &Path) -> Vec<String> {
    // The temporaries in the order the steps first mention them.
    let mut temps: Vec<VarId> = Vec::new();
    for s in &path.steps {
        let mut vars = BTreeSet::new();
        match s {
            Step::Assume(x) | Step::Assert(x, _) => build::vars_of(x, &mut vars),
            Step::Assign(lhs, x) => {
                let (Lhs::Var(v) | Lhs::Index(v, ..)) = lhs;
                if !temps.contains(v) {
                    temps.push(*v);
                }
                if let Lhs::Index(_, rows, i) = lhs {
                    rows.iter().for_each(|r| build::vars_of(r, &mut vars));
                    build::vars_of(i, &mut vars);
                }
                build::vars_of(x, &mut vars);
            }
            Step::Havoc(v) => {
                vars.insert(*v);
            }
            Step::Fill(f) => f.exprs().into_iter().for_each(|x| build::vars_of(x, &mut vars)),
        }
        temps.extend(vars.into_iter().filter(|v| !temps.contains(v)).collect::<Vec<_>>());
    }
    temps.retain(|v| v.0 >= first_temp);
    // Each temporary as the same made-up variable in every path.
    let canonical = |v: VarId| {
        let decl = v.0.checked_sub(first_temp).and_then(|i| path.temps.get(i))?;
        let i = temps.iter().position(|t| *t == v)?;
        Some(Expr::var(VarId(usize::MAX - i), decl.ty.clone()))
    };
    let e = |x: &Expr| format!("{:?}", build::desynth(&build::subst(x, &canonical)));
    let name = |v: VarId| canonical(v).map_or_else(|| format!("{v:?}"), |c| format!("{:?}", (c.kind, c.ty)));
    path.steps
        .iter()
        .map(|s| match s {
            Step::Assume(x) => format!("assume {}", e(x)),
            // An assertion keeps its place: two different ones never merge.
            Step::Assert(x, span) => format!("assert {} {span:?}", e(x)),
            Step::Assign(Lhs::Var(v), x) => format!("{} = {}", name(*v), e(x)),
            Step::Assign(Lhs::Index(v, rows, i), x) => {
                let rows: String = rows.iter().map(|r| format!("[{}]", e(r))).collect();
                format!("{}{rows}[{}] = {}", name(*v), e(i), e(x))
            }
            Step::Havoc(v) => format!("havoc {}", name(*v)),
            Step::Fill(f) => f.show(&name(f.array), "k", &e),
        })
        .collect()
}

/// `a` and `b` as one path, if their effects are equal (`equal_effect_groups`).
pub(super) fn merge_pair(first_temp: usize, a: &Path, b: &Path) -> Option<Path> {
    let temps = |p: &Path| {
        p.temps
            .iter()
            .map(|t| (t.name.clone(), t.ty.clone()))
            .collect::<Vec<_>>()
    };
    if temps(a) != temps(b) || a.locals != b.locals {
        return None;
    }
    let (sa, sb) = (path_shape(first_temp, a), path_shape(first_temp, b));
    let prefix = sa.iter().zip(&sb).take_while(|(x, y)| x == y).count();
    let guards = |p: &Path| {
        p.steps[prefix..]
            .iter()
            .take_while(|s| matches!(s, Step::Assume(_)))
            .count()
    };
    let (ga, gb) = (guards(a), guards(b));
    let (ra, rb) = (prefix + ga, prefix + gb);
    // Equal rests, ending the body at the same step; something to merge.
    if sa[ra..] != sb[rb..] || a.split < ra || b.split < rb || a.split - ra != b.split - rb || ga + gb == 0 {
        return None;
    }
    let conj = |p: &Path, n: usize| {
        build::and_all(p.steps[prefix..prefix + n].iter().filter_map(|s| match s {
            Step::Assume(x) => Some(x.clone()),
            _ => None,
        }))
    };
    let mut steps = a.steps[..prefix].to_vec();
    steps.push(Step::Assume(build::or(conj(a, ga), conj(b, gb))));
    steps.extend(a.steps[ra..].iter().cloned());
    Some(Path {
        split: a.split - ra + prefix + 1,
        steps,
        temps: a.temps.clone(),
        locals: a.locals.clone(),
    })
}
