// A part of solutions/src/impartial.rs, included there in its place:
// the bundle (tools/bundle.rs) is that file's text with this one put back.

// ---------------------------------------------------------------------------------------------
// Play mode

fn read_heaps(referee: &mut Referee<impl BufRead>) -> Result<Vec<u64>, Stop> {
    let (line, text) = referee.read("the heaps line `k h1 ... hk`")?;
    let words: Vec<&[u8]> = text
        .split(|b| tokens::is_space(*b))
        .filter(|w| !w.is_empty())
        .collect();
    let numbers: Option<Vec<u64>> = words.iter().map(|w| protocol::number(w)).collect();
    match numbers {
        Some(n) if !n.is_empty() && n[0] >= 1 && n.len() as u64 == n[0] + 1 => {
            Ok(n[1..].iter().copied().filter(|&h| h > 0).collect())
        }
        _ => Err(fault(
            line,
            format!("expected the heaps line `k h1 ... hk`, got {}", show(text)),
        )),
    }
}

/// The referee's move, checked against the rules; None when the round was cut (`end`).
fn read_move(
    referee: &mut Referee<impl BufRead>,
    game: &Game,
    heaps: &[u64],
) -> Result<Option<Move>, Stop> {
    let (line, text) = referee.read("a move")?;
    if text == b"end" {
        return Ok(None);
    }
    let numbers: Option<Vec<u64>> = text
        .split(|b| tokens::is_space(*b))
        .filter(|w| !w.is_empty())
        .map(protocol::number)
        .collect();
    let shown = show(text);
    let numbers = numbers
        .filter(|n| !n.is_empty() && n.len() <= 4)
        .ok_or_else(|| fault(line, format!("expected a move `i a b ...`, got {shown}")))?;
    let i = numbers[0];
    if i == 0 || i > heaps.len() as u64 {
        return Err(fault(line, format!("illegal move {shown}: no heap {i}")));
    }
    let mv = Move {
        heap: i as usize - 1,
        parts: numbers[1..].to_vec(),
    };
    if !is_option(game, heaps[mv.heap], &mv.parts) {
        return Err(fault(
            line,
            format!("illegal move {shown}: heap {i} cannot become that"),
        ));
    }
    Ok(Some(mv))
}

fn play_round<R: BufRead>(referee: &mut Referee<R>, out: &mut impl Write) -> Result<(), Stop> {
    let (line, text) = referee.read("the spec line")?;
    let spec_text = String::from_utf8_lossy(text).into_owned();
    let spec = parse_spec(&spec_text).map_err(|e| fault(line, e))?;
    let mut heaps = read_heaps(referee)?;
    let mut solver = Solver::new(spec);
    solver.check(&heaps).map_err(|e| fault(referee.line(), e))?;
    solver
        .prepare(heaps.iter().copied().max().unwrap_or(0))
        .and_then(|()| solver.misere_check(&heaps))
        .map_err(|e| fault(referee.line(), e))?;
    let game = solver.spec.game.clone();
    let us_first = solver.solve(&heaps).is_some();
    say(out, side(us_first))?;
    let mut our_turn = us_first;
    while solver.any_move(&heaps).is_some() {
        let mv = if our_turn {
            let mv = match solver.solve(&heaps) {
                Some(Some(mv)) => mv,
                _ => solver.any_move(&heaps).expect("a move exists"),
            };
            say(out, move_text(&mv).as_bytes())?;
            mv
        } else {
            match read_move(referee, &game, &heaps)? {
                Some(mv) => mv,
                None => return Ok(()),
            }
        };
        heaps = apply(&heaps, &mv);
        our_turn = !our_turn;
    }
    referee.end()
}
