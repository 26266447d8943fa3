//! The pawn mutation suite: every player of the example `pawns_mutants` (pawns_mutants.rs) with a bug loses
//! (WA or RE) under the default `referee play pawns` settings on each of the seeds 1..=5 (seed 1 in
//! `make test`, seeds 2..5 in the long tier), every correct one wins (OK); for each bug, a position where its choice is shown losing; the correct ones
//! never leave a won position of a small board, and `longest` and `random` make other moves
//! than `leftmost` on many boards.

use crate::common;
mod players;
use crate::support;
use players as mutants;

use combgames_pawns::live::Live;
use combgames_pawns::Move;
use mutants::{Player, Variant};
use support::{octal_0137, octal_0137_at, BruteForce, Colour};

/// The test-side board (support/game.rs) after the moves, and who is to move.
fn replay(n: usize, moves: &[Move]) -> (support::Board, Colour) {
    let mut b = support::Board::start(n as i64);
    let mut who = Colour::White;
    for m in moves {
        let tm = to_test(*m);
        assert!(b.legal_moves(who).contains(&tm), "{m} is illegal");
        b.apply(tm);
        who = who.opponent();
    }
    (b, who)
}

fn to_test(m: Move) -> support::Move {
    support::Move {
        from: (m.row as i64, m.col as i64),
        to: (m.to_row as i64, m.to_col as i64),
    }
}

/// Plays out a capture chain on `live` (the first capture each time), recording the moves.
fn settle(live: &mut Live, moves: &mut Vec<Move>) {
    while let Some(&m) = live.captures().first() {
        live.play(m).unwrap();
        moves.push(m);
    }
}

/// The heaps of a quiet test-side board: runs of untouched columns. Every other column must
/// be empty or dead (checked with the test-side rules: no move of either side in it).
fn heaps(b: &support::Board) -> Vec<usize> {
    let fresh = |c: i64| {
        b.get((1, c)) == Some(Colour::White)
            && b.get((2, c)).is_none()
            && b.get((3, c)) == Some(Colour::Black)
    };
    for who in [Colour::White, Colour::Black] {
        for m in b.legal_moves(who) {
            assert!(!m.is_capture() && fresh(m.from.1), "not quiet: {m:?}");
        }
    }
    let mut out = Vec::new();
    let mut run = 0;
    for c in 1..=b.n + 1 {
        if c <= b.n && fresh(c) {
            run += 1;
        } else if run > 0 {
            out.push(run);
            run = 0;
        }
    }
    out
}

#[test]
fn table_bugs_take_the_losing_side_or_misjudge_a_heap() {
    // Sprague–Grundy values by the plain mex recurrence of support/game.rs (every move
    // of the heap game, no period): the real board of N ≥ 51 is too big for a game-tree
    // search, and eval.rs proves board = heaps on every small board.
    let g = octal_0137(300);
    // N = 136 and 102: White wins (g ≠ 0), but from70 and mod136 take the second move.
    for (variant, n) in [
        (Variant::From70, 136),
        (Variant::From70, 102),
        (Variant::Mod136, 136),
        (Variant::Mod136, 150),
        (Variant::Mod136, 170),
    ] {
        assert_ne!(g[n], 0, "N={n}");
        let first = Player::new(variant, 1)
            .first_on(&mut Live::start(n))
            .unwrap();
        assert!(!first, "{variant:?} at N={n}");
        assert_eq!(mutants::table(variant).value(n), 0);
    }
    // last51: on 93 columns White pushes column 87: heaps of 85 and 5 remain, Black to move,
    // worth g(85) ^ g(5) = 9 ^ 3 ≠ 0: Black wins. last51 believes g(85) = 2, so it moves in
    // the heap of 5 to value 2, and every such move leaves 9 ^ 2 ≠ 0 to White.
    for seed in 1..=5 {
        let mut live = Live::start(93);
        let mut moves = vec![live.push_at(86)];
        live.play(moves[0]).unwrap();
        settle(&mut live, &mut moves);
        let (b, who) = replay(93, &moves);
        assert_eq!((heaps(&b), who), (vec![85, 5], Colour::Black));
        assert_ne!(g[85] ^ g[5], 0);
        let m = Player::new(Variant::Last51, seed)
            .choose(&mut live)
            .unwrap();
        live.play(m).unwrap();
        moves.push(m);
        settle(&mut live, &mut moves);
        let (b, who) = replay(93, &moves);
        let after = heaps(&b).iter().fold(0, |x, &h| x ^ g[h]);
        assert_eq!(who, Colour::White);
        assert_ne!(after, 0, "seed {seed}: {m} leaves White a win");
    }
}

/// A quiet board whose fresh segments are `lengths`, left to right, each pair apart by the
/// three columns one push and its capture chain clear: the pushes (and chains) that make it,
/// replayed on the test-side board, whose heaps are checked to be `lengths`.
fn carved(lengths: &[usize]) -> (Live, Vec<Move>) {
    let n = lengths.iter().sum::<usize>() + 3 * (lengths.len() - 1);
    let mut live = Live::start(n);
    let mut moves = Vec::new();
    let mut start = 0;
    for &len in &lengths[..lengths.len() - 1] {
        // Clears columns start + len ..= start + len + 2 (0-based).
        let m = live.push_at(start + len + 1);
        live.play(m).unwrap();
        moves.push(m);
        settle(&mut live, &mut moves);
        start += len + 3;
    }
    let (b, _) = replay(n, &moves);
    assert_eq!(heaps(&b), lengths);
    (live, moves)
}

/// The player's move on the carved board of `lengths` (checked winning for the mover by
/// `g`), then its chain, for its seeds 1..=5: the heaps left must be worth a non-zero XOR
/// (the opponent wins).
fn loses_on_carved(variant: Variant, lengths: &[usize], g: &dyn Fn(usize) -> u32) {
    assert_ne!(lengths.iter().fold(0, |x, &h| x ^ g(h)), 0, "{lengths:?}");
    for seed in 1..=5 {
        let (mut live, mut moves) = carved(lengths);
        let m = Player::new(variant, seed).choose(&mut live).unwrap();
        live.play(m).unwrap();
        moves.push(m);
        settle(&mut live, &mut moves);
        let (b, _) = replay(live.width(), &moves);
        let after = heaps(&b).iter().fold(0, |x, &h| x ^ g(h));
        assert_ne!(
            after, 0,
            "{variant:?} seed {seed}: {m} leaves a won position"
        );
    }
}

#[test]
fn narrow_table_and_array_bugs_lose_on_carved_boards() {
    // Values by the plain mex recurrence up to 600; past it by the period 34 from 52, whose
    // premise eval.rs checks with its own recurrence (a mex table of 10^5 values
    // is quadratic).
    let table = octal_0137(600);
    let g = |n: usize| octal_0137_at(&table, n as u64);
    // typo500: believes g(500) = g(501). Beside a heap worth more than g(501) (and not
    // g(500)), it moves in that heap to g(501), leaving g(500) ^ g(501) ≠ 0.
    let (a, b) = (g(mutants::TYPO_AT), g(mutants::TYPO_AT + 1));
    assert_ne!(a, b);
    let h = (1..60).find(|&h| g(h) > b && g(h) != a).unwrap();
    loses_on_carved(Variant::Typo500, &[mutants::TYPO_AT, h], &g);
    // typo17 and period7 (one wrong value each, in the pre-period and in the period): beside
    // a heap of the same true value the board is lost (XOR 0), but they take the move.
    for (variant, at) in [(Variant::Typo17, 17), (Variant::Period7, 34 * 2 + 7)] {
        assert_ne!(g(at), mutants::table(variant).value(at), "{variant:?}");
        let h = (1..60).find(|&h| h != at && g(h) == g(at)).unwrap();
        let (mut live, _) = carved(&[at, h]);
        assert!(!live.mover_wins().unwrap());
        assert!(
            Player::new(variant, 1).first_on(&mut live).unwrap(),
            "{variant:?} takes the losing side on heaps {at} and {h}"
        );
    }
    // pad100k: believes g(100000) = 0 (100000 ≡ 6 mod 34); beside a heap worth v ∉ {0,
    // g(100000)} it levels that heap to 0, leaving g(100000) ≠ 0.
    let big = mutants::PAD_TABLE;
    assert_eq!(mutants::table(Variant::Pad100k).value(big), 0);
    assert_ne!(g(big), 0);
    let h = (1..60).find(|&h| g(h) != 0 && g(h) != g(big)).unwrap();
    loses_on_carved(Variant::Pad100k, &[big, h], &g);
    // seg1000: a heap of 3 (worth 2), then 1000 lone columns (worth 1 each): the XOR is 2,
    // but over its first 1000 segments 2 ^ 1 = 3; it moves the heap of 3 to 1, leaving 1.
    let mut lengths = vec![3];
    lengths.extend(std::iter::repeat(1).take(mutants::SEGMENT_ARRAY));
    loses_on_carved(Variant::Seg1000, &lengths, &g);
}

#[test]
fn edge_capture_and_blunder_moves_lose_by_exhaustive_search() {
    let mut brute = BruteForce::new();
    // edge: at the start of N = 7 (a White win), its leftmost believed win is the push in
    // column 1, which an exhaustive search shows losing.
    let mut live = Live::start(7);
    assert!(brute.white_wins_start(7));
    let m = Player::new(Variant::Edge, 1).choose(&mut live).unwrap();
    assert_eq!(m.to_string(), "1 1 2 1");
    let (b, who) = replay(7, &[m]);
    assert!(brute.wins(&b, who), "{m} should lose");

    // capture: N = 3, White pushes column 2, Black takes from column 3, White retakes from
    // column 3; Black's pawn of column 3 is gone, yet it takes "from column 3" again.
    let mut live = Live::start(3);
    let mut moves = Vec::new();
    for text in ["1 2 2 2", "3 3 2 2", "1 3 2 2"] {
        let m = Move::parse(text).unwrap();
        live.play(m).unwrap();
        moves.push(m);
    }
    let m = Player::new(Variant::Capture, 1).choose(&mut live).unwrap();
    assert_eq!(m.to_string(), "3 3 2 2");
    let (b, who) = replay(3, &moves);
    assert!(!b.legal_moves(who).contains(&to_test(m)), "{m} is legal");

    // blunder: its random move is the push found from a random probe column; on N = 5 (a
    // White win) the probe at column 1 gives the push there, which loses.
    let live = Live::start(5);
    assert!(brute.white_wins_start(5));
    let m = live.some_move(0).unwrap();
    let (b, who) = replay(5, &[m]);
    assert!(brute.wins(&b, who), "{m} should lose");
}

/// The library move of a test-side move.
fn from_test(m: support::Move) -> Move {
    Move {
        row: m.from.0 as u64,
        col: m.from.1 as u64,
        to_row: m.to.0 as u64,
        to_col: m.to.1 as u64,
    }
}

/// The correct players along random games on every board up to [`SMALL_MAX`] columns: each
/// move they make in a won position leaves the opponent lost, by the exhaustive search.
#[test]
fn correct_players_keep_every_won_position_of_small_boards() {
    let mut brute = BruteForce::new();
    let mut rng = support::Rng::new(1);
    let mut won = 0;
    for n in 1..=SMALL_MAX {
        for game in 1..=GAMES_PER_SIZE {
            let mut players = CORRECT.map(|v| Player::new(v, game));
            let mut live = Live::start(n);
            let mut b = support::Board::start(n as i64);
            let mut who = Colour::White;
            loop {
                let legal = b.legal_moves(who);
                if legal.is_empty() {
                    break;
                }
                if brute.wins(&b, who) {
                    won += 1;
                    for player in &mut players {
                        let m = player.choose(&mut live).unwrap();
                        let v = player.variant;
                        assert!(legal.contains(&to_test(m)), "{v:?} N={n}: {m} illegal");
                        let mut after = b.clone();
                        after.apply(to_test(m));
                        assert!(
                            !brute.wins(&after, who.opponent()),
                            "{v:?} N={n}: {m} gives the win away on {b:?}"
                        );
                    }
                }
                let m = legal[rng.index(legal.len())];
                b.apply(m);
                live.play(from_test(m)).unwrap();
                who = who.opponent();
            }
        }
    }
    assert!(won > 500, "only {won} won positions");
}

/// The correct variants, `leftmost` (the default choice) first.
const CORRECT: [Variant; 3] = [Variant::Leftmost, Variant::Longest, Variant::Random];
/// Boards of the test above: 1..=SMALL_MAX columns, GAMES_PER_SIZE random games each.
const SMALL_MAX: usize = 10;
const GAMES_PER_SIZE: u64 = 20;

/// `longest` and `random` are other players than `leftmost`: on many carved boards of 3 to 8
/// fresh segments (1..=12 columns each) won for the mover, each makes another move than it,
/// so that the suite's sessions put winning moves of three kinds before the referee. Several
/// segments, as `longest` parts ways with `leftmost` mostly where a lone column or a
/// segment's end wins right of the leftmost winning segment. Every move is checked winning:
/// after it and its capture chain, the heaps' values (the mex recurrence) XOR to 0.
#[test]
fn correct_players_choose_other_moves_than_leftmost() {
    let g = octal_0137(12);
    let mut rng = support::Rng::new(1);
    let mut boards = 0;
    // Boards where `longest`, `random` moved elsewhere than `leftmost`.
    let mut differs = [0; 2];
    while boards < CARVED_BOARDS {
        let lengths: Vec<usize> = (0..3 + rng.index(6)).map(|_| 1 + rng.index(12)).collect();
        if lengths.iter().fold(0, |x, &h| x ^ g[h]) == 0 {
            continue;
        }
        boards += 1;
        let (live, moves) = carved(&lengths);
        let chosen = CORRECT.map(|variant| {
            let (mut live, mut moves) = (live.clone(), moves.clone());
            let m = Player::new(variant, boards).choose(&mut live).unwrap();
            live.play(m).unwrap();
            moves.push(m);
            settle(&mut live, &mut moves);
            let (b, _) = replay(live.width(), &moves);
            let after = heaps(&b).iter().fold(0, |x, &h| x ^ g[h]);
            assert_eq!(
                after, 0,
                "{variant:?} on {lengths:?}: {m} leaves a won position"
            );
            m
        });
        for (count, m) in differs.iter_mut().zip(&chosen[1..]) {
            *count += usize::from(*m != chosen[0]);
        }
    }
    eprintln!("{boards} boards: longest, random moved elsewhere than leftmost on {differs:?}");
    assert!(
        differs[0] > LONGEST_DIFFERS_FLOOR,
        "longest: {}",
        differs[0]
    );
    assert!(differs[1] > RANDOM_DIFFERS_FLOOR, "random: {}", differs[1]);
}

const CARVED_BOARDS: u64 = 300;
/// Floors of the counts above, about half today's (81 and 230 of the 300 boards).
const LONGEST_DIFFERS_FLOOR: usize = 40;
const RANDOM_DIFFERS_FLOOR: usize = 100;

/// The verdict line of `referee play pawns --seed S -- pawns_mutants --bug NAME`; for the
/// variants wrong in one coverage class only ([`mutants::CLASS_VARIANTS`], `len+E:CLASS`), a session of
/// COVERAGE_ROUNDS (its class rounds are 15..17, past the default 10).
fn session(name: &str, seed: u64) -> String {
    let rounds = if mutants::CLASS_VARIANTS.contains(&name) || name.starts_with("len") {
        combgames_core::round::COVERAGE_ROUNDS
    } else {
        10
    };
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_referee"))
        .args(["play", "pawns", "--seed", &seed.to_string()])
        .args(["--rounds", &rounds.to_string(), "--"])
        .arg(common::example("pawns_mutants"))
        .args(["--bug", name])
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout).trim().to_owned()
}

/// Default sessions of each of `seeds` give every bug WA (or RE) and every correct player OK.
fn default_sessions_kill_every_bug_and_pass_every_correct_player(
    seeds: std::ops::RangeInclusive<u64>,
) {
    let wrong = mutants::VARIANTS.iter().filter(|v| !v.2).count();
    assert!(wrong >= 6 && mutants::VARIANTS.len() - wrong >= 2);
    let sessions: Vec<(&str, bool, u64)> = mutants::VARIANTS
        .iter()
        .flat_map(|&(name, _, correct, _)| seeds.clone().map(move |seed| (name, correct, seed)))
        .collect();
    common::par_map(&sessions, |&(name, correct, seed)| {
        let line = session(name, seed);
        if correct {
            assert!(line.starts_with("OK pawns "), "{name} seed {seed}: {line}");
        } else {
            assert!(
                line.starts_with("WA pawns ") || line.starts_with("RE pawns "),
                "{name} survived seed {seed}: {line}"
            );
        }
    });
}

#[test]
fn default_sessions_of_the_first_seed_kill_every_bug_and_pass_every_correct_player() {
    default_sessions_kill_every_bug_and_pass_every_correct_player(1..=1);
}

#[test]
#[ignore = "long tier (make test-long; CI runs it): seeds 2..5"]
fn default_sessions_of_seeds_2_to_5_kill_every_bug_and_pass_every_correct_player() {
    default_sessions_kill_every_bug_and_pass_every_correct_player(2..=5);
}

/// The length classes of the coverage classes: (name, its lengths among 1..500).
fn length_classes() -> Vec<(String, Vec<usize>)> {
    let short = (1..52).map(|l| (l.to_string(), vec![l]));
    let long = (0..34).map(|r| {
        let lengths = (52..500).filter(|n| n % 34 == r).collect();
        (format!("mod34={r}"), lengths)
    });
    short.chain(long).collect()
}

/// Each `len+E:CLASS` player believes 0.137's values on every length up to 500 but those of
/// its class, there E more (`len/any`: another value); an error below 0 is refused.
#[test]
fn length_error_players_are_wrong_in_their_class_only() {
    let g = |n: usize| combgames_pawns::grundy(n as u64) as i64;
    for (class, lengths) in length_classes() {
        for (group, e) in [
            ("len+1", 1),
            ("len-1", -1),
            ("len+2", 2),
            ("len-2", -2),
            ("len/any", 0),
        ] {
            let name = format!("{group}:{class}");
            let below_zero = g(lengths[0]) + e < 0;
            let Some(variant) = mutants::parse(&name) else {
                assert!(below_zero, "{name} refused");
                continue;
            };
            assert!(!below_zero, "{name} accepted");
            let table = mutants::table(variant);
            for n in 1..500 {
                let (v, right) = (table.value(n) as i64, g(n));
                match (lengths.contains(&n), e) {
                    (false, _) => assert_eq!(v, right, "{name} at {n}"),
                    (true, 0) => assert_ne!(v, right, "{name} at {n}"),
                    (true, e) => assert_eq!(v, right + e, "{name} at {n}"),
                }
            }
        }
    }
}

/// Length error players of each kind get WA in default sessions (their class's `len/any`
/// rounds show them) of seeds 1 and 2; games/pawns/bench/pawns_errors.sh plays them all.
#[test]
fn length_error_players_are_caught_in_default_sessions() {
    let names = [
        "len+1:17",
        "len-1:17",
        "len+2:mod34=7",
        "len-2:mod34=9",
        "len/any:51",
        "len/any:mod34=0",
    ];
    let sessions: Vec<(&str, u64)> = names
        .iter()
        .flat_map(|&name| [1, 2].map(move |seed| (name, seed)))
        .collect();
    common::par_map(&sessions, |&(name, seed)| {
        assert!(mutants::parse(name).is_some(), "{name}");
        let line = session(name, seed);
        assert!(
            line.starts_with("WA pawns ") || line.starts_with("RE pawns "),
            "{name} survived seed {seed}: {line}"
        );
    });
}
