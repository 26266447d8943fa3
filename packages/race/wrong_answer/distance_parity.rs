// Wrong on purpose: decides by the parity of the shortest A-B distance alone (A wins iff it is
// odd), ignoring jumps and the race to the start squares.
// The board's distances are packages/shared/race.rs, shared with the interactive player; the
// package holds this file bundled with it (scripts/make-packages.sh), one std-only file.
#[path = "../../shared/input.rs"]
mod input;
#[path = "../../shared/race.rs"]
mod race;

fn main() {
    let mut input = input::Words::stdin();
    let games: usize = input.number();
    for _ in 0..games {
        let n: usize = input.number();
        let rows: Vec<Vec<u8>> = (0..n).map(|_| input.word().into_bytes()).collect();
        let (a, b) = (race::find(&rows, b'A'), race::find(&rows, b'B'));
        let dist = race::distances(&rows, a);
        println!("{}", if dist[b.0][b.1] % 2 == 1 { "A" } else { "B" });
    }
}
