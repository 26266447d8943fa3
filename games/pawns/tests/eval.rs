//! The referee's pawn evaluator (segments + octal engine + capture search) against a full
//! game-tree search of the real 3×N board, on every position reachable from the start,
//! captures pending or not.

use combgames_core::rng::Rng;
use combgames_pawns::{mover_wins, white_wins, Board};
use std::collections::HashMap;

use crate::brute;
use brute::brute_wins;

#[test]
fn evaluator_matches_game_tree_on_every_reachable_position() {
    for n in 1..=14 {
        let mut memo = HashMap::new();
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![Board::start(n)];
        let mut mid_chain = 0;
        while let Some(b) = stack.pop() {
            if !seen.insert(b.clone()) {
                continue;
            }
            if !b.captures(b.to_move).is_empty() {
                mid_chain += 1;
            }
            let want = brute_wins(&b, &mut memo);
            assert_eq!(mover_wins(&b), Ok(want), "N={n} at {}", b.picture());
            for m in b.legal_moves() {
                stack.push(b.play(m).unwrap());
            }
        }
        eprintln!(
            "N={n}: {} positions, {mid_chain} with captures pending",
            seen.len()
        );
        assert!(
            n < 2 || mid_chain > 0,
            "N={n}: no position with captures pending was checked"
        );
        assert_eq!(
            white_wins(n as u64),
            Some(brute_wins(&Board::start(n), &mut memo)),
            "N={n}"
        );
    }
}

// ---------------------------------------------------------------------------------------
// The incremental board (combgames_pawns::live) against the same game-tree search, and
// against the from-scratch evaluator above along random games on wider boards.

use combgames_pawns::live::{push_classes, push_value, Live};
use combgames_pawns::{grundy, octal, Move};

/// Every move text with rows 1..=3 and columns 0..=n+1, legal or not.
fn all_candidates(n: u64) -> Vec<Move> {
    let mut out = Vec::new();
    for row in 0..=4 {
        for col in 0..=n + 1 {
            for to_row in [row.max(1) - 1, row + 1] {
                for to_col in [col.max(1) - 1, col, col + 1] {
                    out.push(Move {
                        row,
                        col,
                        to_row,
                        to_col,
                    });
                }
            }
        }
    }
    out
}

fn sorted(mut v: Vec<Move>) -> Vec<String> {
    let mut s: Vec<String> = v.drain(..).map(|m| m.to_string()).collect();
    s.sort();
    s
}

#[test]
fn live_board_matches_game_tree_on_every_reachable_position() {
    for n in 1..=11usize {
        let mut memo = HashMap::new();
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![Live::start(n)];
        let candidates = all_candidates(n as u64);
        while let Some(mut live) = stack.pop() {
            let b = live.board();
            if !seen.insert(b.clone()) {
                continue;
            }
            let at = b.picture();
            let want = brute_wins(&b, &mut memo);
            assert_eq!(live.mover_wins(), Ok(want), "N={n} at {at}");
            let legal = b.legal_moves();
            assert_eq!(live.has_move(), !legal.is_empty(), "N={n} at {at}");
            assert_eq!(sorted(live.legal_moves()), sorted(legal.clone()), "{at}");
            for &m in &candidates {
                let by_board = b.play(m).map(|_| ());
                assert_eq!(live.check(m), by_board, "N={n} at {at}: {m}");
            }
            let mut losing = None;
            for &m in &legal {
                let after = b.play(m).unwrap();
                let opp = brute_wins(&after, &mut memo);
                assert_eq!(live.wins_after(m), Ok(opp), "N={n} at {at}: {m}");
                if opp {
                    losing = Some(m);
                }
                let mut next = live.clone();
                next.play(m).unwrap();
                stack.push(next);
            }
            for k in 0..3 {
                let mut pick = |len: usize| (k * 7 + 3) % len;
                let m = live.winning_move(&mut pick).unwrap();
                assert_eq!(m.is_some(), want, "N={n} at {at}");
                if let Some(m) = m {
                    assert!(
                        !brute_wins(&b.play(m).unwrap(), &mut memo),
                        "N={n} at {at}: winning_move {m} loses"
                    );
                }
            }
            let l = live.losing_move().unwrap();
            assert_eq!(l.is_some(), losing.is_some(), "N={n} at {at}");
            if let Some(m) = l {
                assert!(brute_wins(&b.play(m).unwrap(), &mut memo), "{at}: {m}");
            }
            for probe in 0..n {
                if let Some(m) = live.some_move(probe) {
                    assert!(b.play(m).is_ok(), "N={n} at {at}: some_move {m}");
                } else {
                    assert!(legal.is_empty());
                }
            }
        }
        eprintln!("N={n}: {} positions", seen.len());
    }
}

#[test]
fn live_board_matches_from_scratch_evaluation_along_random_games() {
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
    let mut positions = 0;
    for &n in &[
        15usize, 16, 23, 40, 51, 52, 53, 85, 86, 87, 120, 137, 200, 400,
    ] {
        for game in 0..4 {
            let mut live = Live::start(n);
            let mut board = Board::start(n);
            let mut step = 0;
            while live.has_move() {
                positions += 1;
                assert_eq!(live.board(), board, "N={n}");
                let want = mover_wins(&board).unwrap();
                assert_eq!(live.mover_wins(), Ok(want), "N={n} at {}", board.picture());
                let legal = board.legal_moves();
                if n <= 120 || step % 10 == 0 {
                    for &m in &legal {
                        let from_scratch = mover_wins(&board.play(m).unwrap()).unwrap();
                        assert_eq!(live.wins_after(m), Ok(from_scratch), "{m}");
                    }
                }
                // Mix the referee's winning chooser, its blunder finder and random moves.
                let m = match (game + step) % 3 {
                    0 => {
                        let mut pick = |len: usize| rng.index(len);
                        live.winning_move(&mut pick).unwrap()
                    }
                    1 => live.losing_move().unwrap(),
                    _ => None,
                }
                .unwrap_or_else(|| legal[rng.index(legal.len())]);
                if let Some(w) = match (game + step) % 3 {
                    0 => Some(false),
                    1 => Some(true),
                    _ => None,
                } {
                    let opp = mover_wins(&board.play(m).unwrap()).unwrap();
                    if opp != w {
                        // The chooser found nothing and a random move stood in.
                        assert!(legal
                            .iter()
                            .all(|&x| { mover_wins(&board.play(x).unwrap()).unwrap() != w }));
                    }
                }
                live.play(m).unwrap();
                board = board.play(m).unwrap();
                step += 1;
            }
            assert!(board.legal_moves().is_empty());
        }
    }
    // A wide board: the first 400 moves of a game, every position against the whole-board
    // evaluator (which rescans all 20000 columns each time).
    let n = 20_000;
    let mut live = Live::start(n);
    let mut board = Board::start(n);
    for step in 0..400 {
        positions += 1;
        let want = mover_wins(&board).unwrap();
        assert_eq!(live.mover_wins(), Ok(want), "N={n}, move {step}");
        let m = if step % 2 == 0 {
            let mut pick = |len: usize| rng.index(len);
            live.winning_move(&mut pick).unwrap()
        } else {
            None
        }
        .unwrap_or_else(|| live.some_move(rng.index(n)).unwrap());
        live.play(m).unwrap();
        board = board.play(m).unwrap();
    }
    assert_eq!(live.board(), board);
    eprintln!("{positions} positions along random games");
}

#[test]
fn push_classes_list_every_push_with_its_value() {
    let g = combgames_test_mex(400);
    for len in 1..=330usize {
        let mut want: Vec<(usize, u32)> = (0..len)
            .map(|i| (i, push_value(len, i, |k| g[k])))
            .collect();
        let mut got: Vec<(usize, u32)> = push_classes(len)
            .iter()
            .flat_map(|c| (0..c.count).map(move |k| (c.nth(k), c.value)))
            .collect();
        want.sort();
        got.sort();
        assert_eq!(got, want, "len={len}");
    }
}

/// g(0..=limit) of 0.137 by the mex recurrence, written out here from the octal code:
/// a heap of n may lose 1 if n = 1, 2 from an end, or 3 anywhere (leaving 0, 1 or 2 heaps).
fn combgames_test_mex(limit: usize) -> Vec<u32> {
    let mut g = vec![0u32; limit + 1];
    for n in 1..=limit {
        let mut seen = [false; 64];
        if n == 1 {
            seen[0] = true;
        }
        if n >= 2 {
            seen[g[n - 2] as usize] = true;
        }
        for a in 0..n.saturating_sub(2) {
            seen[(g[a] ^ g[n - 3 - a]) as usize] = true;
        }
        g[n] = seen.iter().position(|&s| !s).unwrap() as u32;
    }
    g
}

#[test]
fn the_period_is_proven_by_the_octal_periodicity_theorem() {
    // Guy & Smith: for an octal game whose largest removal is t, if g(n + p) = g(n) for
    // every n0 ≤ n < 2·n0 + p + t, then g(n + p) = g(n) for every n ≥ n0.
    let (n0, p, t) = (52usize, 34usize, 3usize);
    let g = combgames_test_mex(3000);
    for n in n0..2 * n0 + p + t {
        assert_eq!(g[n + p], g[n], "premise fails at n={n}");
    }
    // 51 is an exception, so n0 = 52 is the least start for period 34.
    assert_ne!(g[51], g[51 + p]);
    // Beyond the premise the recurrence keeps agreeing, as the theorem says it must.
    for n in n0..3000 - p {
        assert_eq!(g[n + p], g[n], "n={n}");
    }
    // The library's engine found the same (n0, p) by itself and answers every size.
    assert_eq!(octal().period(), Some((n0, p)));
    for (n, &v) in g.iter().enumerate() {
        assert_eq!(grundy(n as u64), v, "n={n}");
    }
    for n in [
        10u64.pow(6),
        10u64.pow(6) - 8,
        136,
        10u64.pow(18),
        52 + 34 * 29_410,
    ] {
        assert_eq!(grundy(n), g[52 + ((n - 52) % 34) as usize], "n={n}");
    }
    // What the mod-136 solutions get wrong: g(136) = 8 but g(0) = 0.
    assert_eq!((g[136], g[0]), (8, 0));
}
