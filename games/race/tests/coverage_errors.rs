//! Race's (class, error) pairs (games/race/README.md, coverage classes) against their plain
//! definition: on every position of play of small boards, a pair is named exactly where the
//! race lemma, read at the wrong margin (or with D of the wrong parity), gives the mover the
//! value the retrograde search denies it; and every pair that can be named is listed.

use crate::eval::walled;
use combgames_core::rng::Rng;
use combgames_core::round::RoundSpec;
use combgames_race::play::RaceRound;
use combgames_race::{retrograde, Board, Position, Rules, Value};

/// The lemma as the README states it, apart from the game's code: D odd, the mover wins iff
/// the margin is at most 0; D even, it wins at a margin up to −1 and loses from 2; None (the
/// band) between.
fn read(margin: i64, d_odd: bool) -> Option<bool> {
    if d_odd {
        Some(margin <= 0)
    } else if margin <= -1 {
        Some(true)
    } else if margin >= 2 {
        Some(false)
    } else {
        None
    }
}

/// The pairs of `pos` by the definition: the branch's class, and each wrong reading that
/// decides against the retrograde search's value.
fn expected(board: &Board, pos: Position, wins: bool) -> Vec<String> {
    let me = pos.to_move;
    let goal = |p: combgames_race::Player| board.start(p.other());
    let to_goal = |p: combgames_race::Player| board.distances(goal(p))[pos.square(p)] as i64;
    let margin = to_goal(me) - to_goal(me.other());
    let d_odd = board.distances(board.a)[board.b] % 2 == 1;
    let answer = if wins { "win" } else { "lose" };
    let (group, detail) = match (d_odd, margin) {
        (true, _) => ("lemma", format!("odd-{answer}")),
        (false, 0 | 1) => ("band", format!("{margin}-{answer}")),
        (false, _) => ("lemma", format!("even-{answer}")),
    };
    let against = |reading: Option<bool>| reading.is_some_and(|w| w != wins);
    let mut out = Vec::new();
    for e in [1, 2, -1, -2] {
        if against(read(margin + e, d_odd)) {
            out.push(format!("{group}{e:+}:{detail}"));
        }
    }
    if against(read(-margin, d_odd)) {
        out.push(format!("{group}/swap:{detail}"));
    }
    if against(read(margin, !d_odd)) {
        out.push(format!("{group}/parity:{detail}"));
    }
    if (-100..=100).any(|m| m != margin && against(read(m, d_odd))) {
        out.push(format!("{group}/any:{detail}"));
    }
    out.sort();
    out
}

/// The groups of the classes proper; any other group names a (class, error) pair.
const CLASS_GROUPS: [&str; 5] = ["lemma", "band", "band-row", "jump", "layers"];

#[test]
fn error_pairs_are_the_wrong_readings_that_turn_the_value() {
    let mut rng = Rng::new(1);
    let listed = (combgames_race::play::PLAY.classes)(&RoundSpec::default());
    let mut named_anywhere = std::collections::BTreeSet::new();
    for i in 0..300 {
        let board = walled(&mut rng, 3 + i % 6, [0, 10, 25][i % 3]);
        let exact = retrograde(&board, Rules::default());
        let round = RaceRound::new(board.clone()).unwrap();
        for pos in Position::all_of_play(&board) {
            let wins = exact.value(pos) == Value::Win;
            let mut named: Vec<String> = round
                .classes_at(pos)
                .into_iter()
                .filter(|c| !CLASS_GROUPS.contains(&c.split(':').next().unwrap()))
                .collect();
            named.sort();
            assert_eq!(
                named,
                expected(&board, pos, wins),
                "{pos:?} on\n{}",
                board.to_input()
            );
            named_anywhere.extend(named);
        }
    }
    // Every pair a position can show is listed, and no other.
    let pairs: std::collections::BTreeSet<String> = listed
        .into_iter()
        .filter(|c| !CLASS_GROUPS.contains(&c.split(':').next().unwrap()))
        .collect();
    assert_eq!(pairs, named_anywhere);
}
