//! check-impartial accepts any winning move, and only winning moves: its verdicts on hand-made
//! outputs whose rightness is argued here from the values of {1,2,4} (g(n) = n mod 3: a heap
//! of n reaches n − 1, n − 2 and n − 4, whose residues are the other two).

use crate::common;

use common::check_files as check;

/// {1,2,4}: 20 (value 2, won only by taking 2), 5 5 (xor 0, lost), 4 2 (values 1 and 2: won
/// by 4 → 2 or by 2 → 1).
const INPUT: &[u8] = b"{1,2,4}\n3\n1 20\n2 5 5\n2 4 2\n";
const JURY: &[u8] = b"First 1 18\nSecond\nFirst 1 2\n";

fn verdict(output: &[u8], answer: &[u8]) -> (Option<i32>, String) {
    let dir = common::TempDir::new("check-impartial");
    let run = check("impartial", &dir, INPUT, output, answer);
    (run.code, run.stderr)
}

#[test]
fn any_winning_move_is_accepted() {
    for output in [
        JURY,
        b"First 1 18\nSecond\nFirst 2 1\n",
        b"First 1 18 Second\r\nFirst   2 1",
    ] {
        let (code, why) = verdict(output, JURY);
        assert_eq!(code, Some(0), "{}: {why}", String::from_utf8_lossy(output));
    }
}

#[test]
fn wrong_sides_illegal_and_losing_moves_are_wa() {
    for (output, needle) in [
        (&b"Second\nSecond\nFirst 1 2\n"[..], "expected First"),
        (
            b"First 1 19\nSecond\nFirst 1 2\n",
            "leaves a position the opponent wins",
        ),
        (b"First 1 17\nSecond\nFirst 1 2\n", "illegal move"),
        (b"First 3 18\nSecond\nFirst 1 2\n", "no heap 3"),
        (b"First\nSecond\nFirst 1 2\n", "without a move"),
        (b"First 1 18\nFirst 1 4\nFirst 1 2\n", "expected Second"),
    ] {
        let (code, why) = verdict(output, JURY);
        assert_eq!(code, Some(1), "{}: {why}", String::from_utf8_lossy(output));
        assert!(why.contains(needle), "{why}");
    }
}

#[test]
fn malformed_outputs_are_pe() {
    for output in [
        &b"First 1 018\nSecond\nFirst 1 2\n"[..],
        b"first 1 18\nSecond\nFirst 1 2\n",
        b"First 1 18\nSecond\nFirst 1 2\nSecond\n",
        b"First 1 18\nSecond\n",
        b"First 1 1 1 1 1\nSecond\nFirst 1 2\n",
        b"Second 1\nSecond\nFirst 1 2\n",
        b"",
    ] {
        let (code, why) = verdict(output, JURY);
        assert_eq!(code, Some(2), "{}: {why}", String::from_utf8_lossy(output));
    }
}

#[test]
fn a_wrong_jury_answer_is_fail() {
    for answer in [
        &b"Second\nSecond\nFirst 1 2\n"[..],
        b"First 1 19\nSecond\nFirst 1 2\n",
        b"First 1 18\nSecond\n",
    ] {
        let (code, why) = verdict(JURY, answer);
        assert_eq!(code, Some(3), "{}: {why}", String::from_utf8_lossy(answer));
    }
}

/// Misère {2,5}: a heap of 1 has no move, so the player to move has won: `First` alone.
#[test]
fn a_position_without_moves_in_misere_play_is_first_alone() {
    let dir = common::TempDir::new("check-impartial-misere");
    let input = b"misere {2,5}\n1\n1 1\n";
    let ok = check("impartial", &dir, input, b"First\n", b"First\n");
    assert_eq!(ok.code, Some(0), "{}", ok.stderr);
    let wa = check("impartial", &dir, input, b"Second\n", b"First\n");
    assert_eq!(wa.code, Some(1), "{}", wa.stderr);
}
