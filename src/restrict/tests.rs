use super::*;
use proptest::prelude::*;

/// Alphabet with `k` accelerated paths 0..k, each with Accel and Covered.
fn simple(k: usize) -> Alphabet {
    let mut symbols = Vec::new();
    for j in 0..k {
        symbols.push(SymbolKind::Covered(j));
        symbols.push(SymbolKind::Accel(j));
    }
    Alphabet { symbols }
}

fn name_of(alphabet: &Alphabet) -> impl Fn(usize) -> String + '_ {
    move |i| match alphabet.symbols[i] {
        SymbolKind::Covered(j) => format!("pi_{j}"),
        SymbolKind::Uncovered(j) => format!("pi_{j}_unc"),
        SymbolKind::Accel(j) => format!("acc_{j}"),
        SymbolKind::Other(j) => format!("other_{j}"),
    }
}

/// Every word over `n` symbols of length `len`.
fn words(n: usize, len: usize) -> Vec<Vec<usize>> {
    let mut all = vec![vec![]];
    for _ in 0..len {
        all = all
            .into_iter()
            .flat_map(|w| {
                (0..n).map(move |a| {
                    let mut w = w.clone();
                    w.push(a);
                    w
                })
            })
            .collect();
    }
    all
}

#[test]
fn one_accelerator_is_figure_7() {
    let alphabet = Alphabet {
        symbols: vec![SymbolKind::Covered(0), SymbolKind::Uncovered(0), SymbolKind::Accel(0)],
    };
    let a = build(&alphabet, true).unwrap();
    // start and after-accelerator; the inside state is not stored.
    assert_eq!(a.num_states, 2);
    assert_eq!(a.start, 0);
    assert_eq!(a.next[0], vec![None, Some(0), Some(1)]);
    assert_eq!(a.next[1], vec![None, Some(0), None]);
    assert_eq!(a.blocked_states(0), vec![0, 1]);
    assert_eq!(a.blocked_states(2), vec![1]);
    assert!(a.blocked_states(1).is_empty());
    assert!(!a.is_trivial_for(1)); // resets after-accelerator to start
    assert!(a.states_regex_minimised >= 3);
    assert!(a.states_before_minimisation >= a.states_regex_minimised);
}

#[test]
fn minimised_state_count_is_one_plus_accelerators() {
    for k in 1..=4 {
        let a = build(&simple(k), true).unwrap();
        assert_eq!(a.num_states, k + 1, "{k} accelerators");
        let plain = build(&simple(k), false).unwrap();
        assert!(plain.num_states >= a.num_states);
        assert!(a.states_regex_minimised <= a.states_before_minimisation);
        // Our refinement never needs more states than regex-automata's minimal DFA.
        assert!(a.num_states < a.states_regex_minimised);
    }
}

#[test]
fn other_symbols_reset_and_are_not_blocked() {
    let alphabet = Alphabet {
        symbols: vec![SymbolKind::Other(1), SymbolKind::Accel(0), SymbolKind::Covered(0)],
    };
    let a = build(&alphabet, true).unwrap();
    assert!(a.blocked_states(0).is_empty());
    assert_eq!(a.run(&[1, 0, 1]), Some(a.run(&[1]).unwrap()));
    assert_eq!(a.run(&[1, 1]), None);
}

#[test]
fn refinement_of_unminimised_table_agrees() {
    for k in 1..=3 {
        let alphabet = simple(k);
        let alternatives = restricted_infixes(&alphabet).unwrap();
        let pattern = format!("(?s-u:.)*(?:{})(?s-u:.)*", alternatives.join("|"));
        let n = alphabet.symbols.len();
        let plain = refine(&read_back(&compile(&pattern, false).unwrap(), n).unwrap());
        let minimised = refine(&read_back(&compile(&pattern, true).unwrap(), n).unwrap());
        assert_eq!(collapse_inside(&plain), collapse_inside(&minimised));
    }
}

#[test]
fn refinement_merges_what_regex_minimisation_keeps_apart() {
    for k in 1..=4 {
        let alphabet = simple(k);
        let pattern = format!(
            "(?s-u:.)*(?:{})(?s-u:.)*",
            restricted_infixes(&alphabet).unwrap().join("|")
        );
        let table = read_back(&compile(&pattern, true).unwrap(), alphabet.symbols.len()).unwrap();
        let refined = refine(&table);
        // Live states (start, after each accelerator) plus exactly one inside state.
        assert_eq!(refined.inside.len(), k + 2);
        assert_eq!(refined.inside.iter().filter(|&&i| i).count(), 1);
        assert!(table.inside.len() >= refined.inside.len());
    }
}

#[test]
fn refinement_merges_equivalent_live_states() {
    // 0 -a-> 1, 0 -b-> 2; 1 and 2 behave alike (a: inside, b: back to 0); 3 is inside.
    let table = Table {
        next: vec![vec![1, 2], vec![3, 0], vec![3, 0], vec![3, 3]],
        inside: vec![false, false, false, true],
    };
    let refined = refine(&table);
    assert_eq!(refined.inside, vec![false, false, true]);
    assert_eq!(
        collapse_inside(&refined),
        vec![vec![Some(1), Some(1)], vec![None, Some(0)]]
    );
    // Without refinement both copies survive.
    assert_eq!(collapse_inside(&table).len(), 3);
}

#[test]
fn no_accelerator_gives_one_state() {
    let alphabet = Alphabet {
        symbols: vec![SymbolKind::Other(0), SymbolKind::Uncovered(1)],
    };
    let a = build(&alphabet, true).unwrap();
    assert_eq!(a.num_states, 1);
    assert!(a.is_trivial_for(0) && a.is_trivial_for(1));
}

#[test]
fn rejects_bad_alphabets() {
    let dup = Alphabet {
        symbols: vec![SymbolKind::Accel(0), SymbolKind::Accel(0)],
    };
    assert_eq!(
        build(&dup, true),
        Err(RestrictError::DuplicateSymbol(SymbolKind::Accel(0)))
    );
    let orphan = Alphabet {
        symbols: vec![SymbolKind::Covered(3)],
    };
    assert_eq!(
        build(&orphan, true),
        Err(RestrictError::Inconsistent(SymbolKind::Covered(3)))
    );
    let both = Alphabet {
        symbols: vec![SymbolKind::Accel(0), SymbolKind::Other(0)],
    };
    assert_eq!(
        build(&both, true),
        Err(RestrictError::Inconsistent(SymbolKind::Other(0)))
    );
    let big = Alphabet {
        symbols: (0..257).map(SymbolKind::Other).collect(),
    };
    assert_eq!(build(&big, true), Err(RestrictError::TooManySymbols(257)));
}

#[test]
fn all_256_symbols_work() {
    let mut symbols: Vec<SymbolKind> = (0..254).map(SymbolKind::Other).collect();
    symbols.push(SymbolKind::Accel(1000));
    symbols.push(SymbolKind::Covered(1000));
    let alphabet = Alphabet { symbols };
    let a = build(&alphabet, true).unwrap();
    assert_eq!(a.num_states, 2);
    assert_eq!(a.run(&[254, 254]), None);
    assert_eq!(a.run(&[255]), None);
    assert!(a.run(&[254, 0, 254]).is_some());
}

#[test]
fn dot_is_deterministic_and_names_every_symbol() {
    let alphabet = Alphabet {
        symbols: vec![
            SymbolKind::Covered(0),
            SymbolKind::Accel(0),
            SymbolKind::Uncovered(0),
            SymbolKind::Accel(1),
            SymbolKind::Other(2),
        ],
    };
    let names = name_of(&alphabet);
    let a = build(&alphabet, true).unwrap();
    let dot = a.to_dot("loop \"1\"", &names);
    assert_eq!(dot, build(&alphabet, true).unwrap().to_dot("loop \"1\"", &names));
    assert!(dot.starts_with("digraph \"loop \\\"1\\\"\" {\n"));
    assert!(dot.trim_end().ends_with('}'));
    for i in 0..alphabet.symbols.len() {
        assert!(dot.contains(&names(i)), "missing {}", names(i));
    }
    for s in 0..a.num_states {
        assert!(dot.contains(&format!("  s{s} [label=\"{s}\"];")));
    }
    assert!(dot.contains("init -> s0;"));
    assert!(dot.contains("-> inside [label=\"pi_0\"]") || dot.contains("-> inside [label=\"pi_0, "));
}

#[test]
fn exhaustive_small_words_match_reference() {
    let alphabet = Alphabet {
        symbols: vec![
            SymbolKind::Accel(0),
            SymbolKind::Covered(0),
            SymbolKind::Uncovered(0),
            SymbolKind::Accel(1),
            SymbolKind::Other(7),
        ],
    };
    for minimize in [true, false] {
        let a = build(&alphabet, minimize).unwrap();
        for w in words(alphabet.symbols.len(), 5) {
            assert_eq!(a.run(&w).is_none(), alphabet.in_language(&w), "{w:?}");
        }
    }
}

fn alphabet_strategy() -> impl Strategy<Value = Alphabet> {
    (
        1usize..=4,
        proptest::collection::vec((any::<bool>(), any::<bool>()), 4),
        0usize..=2,
    )
        .prop_flat_map(|(k, flags, others)| {
            let mut symbols = Vec::new();
            for (j, &(covered, uncovered)) in flags.iter().enumerate().take(k) {
                symbols.push(SymbolKind::Accel(j));
                if covered {
                    symbols.push(SymbolKind::Covered(j));
                }
                if uncovered {
                    symbols.push(SymbolKind::Uncovered(j));
                }
            }
            symbols.extend((0..others).map(|o| SymbolKind::Other(10 + o)));
            Just(symbols).prop_shuffle().prop_map(|symbols| Alphabet { symbols })
        })
}

fn alphabet_and_word() -> impl Strategy<Value = (Alphabet, Vec<usize>)> {
    alphabet_strategy().prop_flat_map(|a| {
        let n = a.symbols.len();
        (Just(a), proptest::collection::vec(0..n, 0..=12))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn run_agrees_with_reference((alphabet, word) in alphabet_and_word()) {
        let min = build(&alphabet, true).unwrap();
        let plain = build(&alphabet, false).unwrap();
        for a in [&min, &plain] {
            // Step by step: the run is cut off exactly at the first prefix in the language.
            let mut state = Some(a.start);
            for i in 0..word.len() {
                state = state.and_then(|s| a.next[s][word[i]]);
                prop_assert_eq!(state.is_none(), alphabet.in_language(&word[..=i]));
            }
            prop_assert_eq!(a.run(&word).is_none(), alphabet.in_language(&word));
        }
        // Minimal: start plus one state per accelerator.
        let k = alphabet.symbols.iter().filter(|s| matches!(s, SymbolKind::Accel(_))).count();
        prop_assert_eq!(min.num_states, k + 1);
        prop_assert!(plain.num_states >= min.num_states);
        prop_assert_eq!(min.states_before_minimisation, plain.states_before_minimisation);
        for a in [&min, &plain] {
            prop_assert_eq!(a.next.len(), a.num_states);
            prop_assert!(a.next.iter().all(|row| row.len() == alphabet.symbols.len()));
        }
    }

    #[test]
    fn minimised_and_unminimised_accept_the_same((alphabet, word) in alphabet_and_word()) {
        let min = build(&alphabet, true).unwrap();
        let plain = build(&alphabet, false).unwrap();
        prop_assert_eq!(min.run(&word).is_none(), plain.run(&word).is_none());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn commuting_pairs_add_exactly_their_unsorted_factors(
        (alphabet, word) in alphabet_and_word(),
        pairs in proptest::collection::vec((0usize..4, 0usize..4), 0..4),
    ) {
        let commuting: Vec<(usize, usize)> = pairs.into_iter().filter(|(a, b)| a < b).collect();
        for minimize in [true, false] {
            let a = build_commuting(&alphabet, &commuting, minimize).unwrap();
            let mut state = Some(a.start);
            for i in 0..word.len() {
                state = state.and_then(|s| a.next[s][word[i]]);
                prop_assert_eq!(state.is_none(), alphabet.in_language_commuting(&word[..=i], &commuting));
            }
            // Only pairs whose two accelerators are symbols are kept.
            let accel = |j: usize| alphabet.symbols.contains(&SymbolKind::Accel(j));
            prop_assert!(a.commuting.iter().all(|&(x, y)| accel(x) && accel(y) && commuting.contains(&(x, y))));
        }
    }
}

#[test]
fn sorted_accelerators_of_commuting_paths_stay_outside_the_language() {
    // The soundness argument: every word of accelerators in increasing
    // path order, with original iterations between them, stays outside;
    // the same accelerators out of order (a commuting pair reversed) is in.
    let alphabet = Alphabet {
        symbols: vec![
            SymbolKind::Accel(0),
            SymbolKind::Accel(1),
            SymbolKind::Accel(2),
            SymbolKind::Uncovered(1),
        ],
    };
    let a = build_commuting(&alphabet, &[(0, 1), (1, 2)], true).unwrap();
    assert!(a.run(&[0, 1, 2]).is_some());
    assert!(a.run(&[0, 2]).is_some());
    assert!(a.run(&[1, 3, 0]).is_some(), "an original iteration between them");
    assert!(a.run(&[2, 0]).is_some(), "paths 0 and 2 do not commute");
    assert_eq!(a.run(&[1, 0]), None);
    assert_eq!(a.run(&[0, 2, 1]), None);
    assert_eq!(a.commuting, [(0, 1), (1, 2)]);
}
