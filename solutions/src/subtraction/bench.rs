// A part of solutions/src/subtraction.rs, included there in its place:
// the bundle (tools/bundle.rs) is that file's text with this one put back.

// ---------------------------------------------------------------- in-process benchmark

/// `--bench-play N K [MOVES [OPPONENT]]`: the winning side (engine) against an opponent,
/// both in this process; finished games restart from N until MOVES moves (default 10^7) of
/// the engine's side are made. OPPONENT is `one` (default: always takes one stone, the
/// measure games/subtraction/bench/subtraction.sh reports) or `random` (a uniform legal amount, xorshift with
/// a fixed seed). Prints the preparation time and the time per engine move, the opponent's
/// moves (which include the decomposition upkeep) counted in. Integer arithmetic only, like
/// the rest.
fn run_bench(args: &[String]) -> Result<(), String> {
    let [n, k, rest @ ..] = args else {
        return Err("--bench-play needs N K [MOVES [one|random]]".into());
    };
    let n = parse_n(n.as_bytes())?;
    let k = parse_k(k.as_bytes())?;
    let (moves, random) = match rest {
        [] => (10_000_000, false),
        [m] => (parse_digits(m.as_bytes(), "MOVES")?, false),
        [m, o] if o == "one" || o == "random" => {
            (parse_digits(m.as_bytes(), "MOVES")?, o == "random")
        }
        _ => return Err("--bench-play needs N K [MOVES [one|random]]".into()),
    };
    let t0 = Instant::now();
    let mut seq = LosingStarts::new(k, MAX_TERMS);
    seq.extend_past(n)
        .map_err(|TooLong| too_long(0, k, n).what)?;
    let prepared = t0.elapsed();
    let t1 = Instant::now();
    let (mut made, mut games, mut checksum) = (0u64, 0u64, 0u64);
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut pile = Pile::new(None, 0);
    while made < moves {
        games += 1;
        pile.restart(Some(&seq), n);
        let mut cap = n - 1;
        let mut engine_turn = pile.mover_wins(Some(&seq), cap);
        while pile.left > 0 && made < moves {
            let x = if engine_turn {
                made += 1;
                match pile.our_move(Some(&seq)) {
                    Some(x) if x <= cap => x,
                    _ => return Err(format!("engine lost its win at {} stones", pile.left)),
                }
            } else if random {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                1 + state % cap.min(pile.left)
            } else {
                1
            };
            checksum = checksum.wrapping_add(x);
            pile.take(Some(&seq), x);
            cap = k.cap_after(x);
            engine_turn = !engine_turn;
        }
    }
    let tenths_ns = t1.elapsed().as_nanos() * 10 / u128::from(made.max(1));
    let prepare_us = prepared.as_micros();
    println!(
        "n={n} k={}/{} opponent={} terms={} prepare_ms={}.{:03} games={games} moves={made} \
         ns_per_move={}.{} checksum={checksum}",
        k.num,
        k.den,
        if random { "random" } else { "one" },
        seq.terms.len(),
        prepare_us / 1000,
        prepare_us % 1000,
        tenths_ns / 10,
        tenths_ns % 10
    );
    Ok(())
}
