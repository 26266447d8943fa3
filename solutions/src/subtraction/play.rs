// A part of solutions/src/subtraction.rs, included there in its place:
// the bundle (tools/bundle.rs) is that file's text with this one put back.

// ---------------------------------------------------------------- play mode

/// One round's pile, kept as its greedy decomposition so that every move is found without
/// recomputing it.
///
/// `parts` holds the indices of the decomposition's terms, the largest at the bottom and the
/// smallest on top. How each move is found:
/// - our move: the top term t1 is the smallest winning removal (theory above); pop it. The
///   next term t2 > k·t1 ≥ the opponent's cap, so the opponent cannot empty t2 and the rest
///   stays the greedy decomposition of the pile.
/// - the opponent's move y < t2 = a(i): pop i and push the decomposition of a(i) - y, each
///   term searched below index i, then below jump[m] after each term a(m) (see `jump`), probes
///   right below that bound first. Parts pushed are popped once each (by our move, or by the
///   opponent's move into them), so a game of M moves does O(M + log n) searches in all: O(1)
///   amortized per move. A search costs a probe or two when the opponent takes few stones
///   (the bench: about 20 ns a move for any n and k); against large random moves at
///   k = 10^5 the far search makes it about 0.5 µs.
/// - a pile of at most floor(k) + 1 stones (only then may `seq` be absent): the answer to any
///   first move is to take the rest.
struct Pile {
    left: u64,
    parts: Vec<u32>,
}

impl Pile {
    fn new(seq: Option<&LosingStarts>, n: u64) -> Pile {
        let mut pile = Pile {
            left: 0,
            parts: Vec::new(),
        };
        pile.restart(seq, n);
        pile
    }

    /// A fresh pile of n stones, reusing the allocation.
    fn restart(&mut self, seq: Option<&LosingStarts>, n: u64) {
        self.left = n;
        self.parts.clear();
        if let Some(seq) = seq {
            self.push_decomposition(seq, n, seq.terms.len());
        }
    }

    fn push_decomposition(&mut self, seq: &LosingStarts, mut x: u64, mut hi: usize) {
        while x > 0 {
            let m = seq.largest_at_most(x, hi);
            self.parts.push(m as u32);
            x -= seq.terms[m];
            hi = seq.jump[m] as usize;
        }
    }

    /// Whether the player to move with this cap wins.
    fn mover_wins(&self, seq: Option<&LosingStarts>, cap: u64) -> bool {
        self.our_move(seq).is_some_and(|x| x <= cap)
    }

    /// The smallest winning removal if the mover's cap allows it.
    fn our_move(&self, seq: Option<&LosingStarts>) -> Option<u64> {
        match seq {
            None => Some(self.left),
            Some(seq) => self.parts.last().map(|&m| seq.terms[m as usize]),
        }
    }

    /// Takes x stones (legal: 1 ≤ x ≤ left), keeping the decomposition.
    fn take(&mut self, seq: Option<&LosingStarts>, x: u64) {
        self.left -= x;
        let Some(seq) = seq else { return };
        match self.parts.pop() {
            Some(m) if seq.terms[m as usize] > x => {
                self.push_decomposition(seq, seq.terms[m as usize] - x, m as usize)
            }
            Some(m) if seq.terms[m as usize] == x => {}
            _ => {
                // More than the smallest part: never happens against a winning mover (the cap
                // forbids it), handled anyway by rebuilding from scratch.
                self.parts.clear();
                self.push_decomposition(seq, self.left, seq.terms.len());
            }
        }
    }
}

/// Plays one round, from its position `n k` (or `n k p`, mid-game) to its `end`; `cache` keeps the
/// losing starts of the last k for the next round.
fn play_round<R: BufRead, W: Write>(
    referee: &mut Referee<R>,
    out: &mut W,
    cache: &mut Option<LosingStarts>,
) -> Result<(), Stop> {
    let (line, text) = referee.read("a position `n k` or `n k p`")?;
    let toks: Vec<&[u8]> = text
        .split(u8::is_ascii_whitespace)
        .filter(|t| !t.is_empty())
        .collect();
    // `n k p`: a round that starts mid-game, p the opponent's last removal.
    let (n, k, last) = match toks.as_slice() {
        [n, k] => (n, k, None),
        [n, k, p] => (n, k, Some(p)),
        _ => {
            return Err(fault(
                line,
                format!(
                    "expected a position `n k` or `n k p`, got \"{}\"",
                    show(text)
                ),
            ))
        }
    };
    let n = parse_n(n).map_err(|e| fault(line, e))?;
    let k = parse_k(k).map_err(|e| fault(line, e))?;
    let last = match last {
        Some(p) => Some(parse_last(p).map_err(|e| fault(line, e))?),
        None => None,
    };
    let seq = if n <= k.whole_part().saturating_add(1) {
        None
    } else {
        let seq = match cache {
            Some(s) if s.k == k => s,
            Some(s) => {
                s.reset(k);
                s
            }
            None => cache.insert(LosingStarts::new(k, MAX_TERMS)),
        };
        seq.extend_past(n)
            .map_err(|TooLong| fault(line, too_long(line as usize, k, n).what))?;
        Some(&*seq)
    };
    let mut pile = Pile::new(seq, n);
    // A fresh pile's first move takes at most n − 1; mid-game the cap comes from p.
    let mut cap = last.map_or(n - 1, |p| k.cap_after(p));
    let mut our_turn = pile.mover_wins(seq, cap);
    say(out, side(our_turn))?;
    while pile.left > 0 {
        if our_turn {
            let x = match pile.our_move(seq) {
                Some(x) if x <= cap => x,
                _ => 1, // a lost position: cannot happen after a legal opponent move
            };
            say(out, x.to_string().as_bytes())?;
            pile.take(seq, x);
            cap = k.cap_after(x);
        } else {
            let limit = cap.min(pile.left);
            let (line, text) = referee.read("the opponent's move")?;
            if text == b"end" {
                // The referee cut the round at its move cap.
                return Ok(());
            }
            let y = match parse_digits(text, "move") {
                Ok(y) if (1..=limit).contains(&y) => y,
                Ok(y) => return Err(fault(line, format!("move {y} is outside 1 to {limit}"))),
                Err(e) => return Err(fault(line, e)),
            };
            pile.take(seq, y);
            cap = k.cap_after(y);
        }
        our_turn = !our_turn;
    }
    referee.end()
}
