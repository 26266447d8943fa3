// A part of solutions/src/impartial.rs, included there in its place:
// the bundle (tools/bundle.rs) is that file's text with this one put back.

// ---------------------------------------------------------------------------------------------
// Answers

/// A move: heap index (0-based, in the list without empty heaps) and what it becomes.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Move {
    heap: usize,
    parts: Vec<u64>,
}

fn move_text(mv: &Move) -> String {
    let mut text = (mv.heap + 1).to_string();
    for p in &mv.parts {
        text.push(' ');
        text.push_str(&p.to_string());
    }
    text
}

/// The solver for one spec: values for normal play; for misère play the heaps' kinds (tame
/// or wild) and the exact search.
struct Solver {
    spec: Spec,
    values: Values,
    kinds: misere::Kinds,
    search: Option<misere::Search>,
    /// The misère quotient answering wild positions beyond the search, once computed (or why
    /// it was not found, for heaps up to the given one).
    quotient: Option<Result<quotient::Quotient, (u64, String)>>,
}

/// None: the first player loses. Some(Some(mv)): wins by mv. Some(None): wins with no move to
/// make (a finished position in misère play).
type Answer = Option<Option<Move>>;

impl Solver {
    fn new(spec: Spec) -> Solver {
        let values = Values::new(&spec.game);
        let cap = if has_split(&spec.game) {
            MAX_KINDS_SPLIT
        } else {
            MAX_KINDS
        };
        let kinds = misere::Kinds::new(&spec.game, cap);
        Solver {
            spec,
            values,
            kinds,
            search: None,
            quotient: None,
        }
    }

    /// Whether this position can be decided (misère search bound); the refusal otherwise.
    fn check(&self, heaps: &[u64]) -> Result<(), String> {
        if let Some(&h) = heaps.iter().max() {
            let limit = match &self.spec.game {
                Game::Queue => MAX_QUEUE_HEAP,
                Game::Subtraction(_) => MAX_PERIODIC_HEAP,
                Game::Octal(digits) if digits.iter().all(|&d| d & 8 == 0) => MAX_PERIODIC_HEAP,
                _ => MAX_HEAP,
            };
            if h > limit {
                return Err(format!("heap {h} is above {limit}"));
            }
        }
        Ok(())
    }

    /// Misère play (prepared): whether this position is decided, by the tame rule (every heap
    /// tame) or by the search (heaps summing to at most MISERE_MAX_SUM); the refusal otherwise.
    fn misere_check(&mut self, heaps: &[u64]) -> Result<(), String> {
        if !self.misere_general() || self.all_tame(heaps) {
            return Ok(());
        }
        let sum = heaps.iter().fold(0u64, |s, &h| s.saturating_add(h));
        if sum <= MISERE_MAX_SUM {
            return Ok(());
        }
        let top = heaps.iter().copied().max().unwrap_or(0);
        let quotient = match self.quotient_to(top) {
            Ok(()) => return Ok(()),
            Err(e) => format!(", {e}"),
        };
        let h = heaps
            .iter()
            .copied()
            .find(|&h| self.kinds.kind(h) == misere::WILD)
            .unwrap_or(0);
        let why = if self.kinds.knows(h) {
            format!("heap {h} is wild")
        } else {
            format!(
                "heap {h} is beyond the {} heaps whose misère kind is computed and no period of the kinds is proven",
                self.kinds.codes.len()
            )
        };
        Err(format!(
            "misère value unknown: {why}, the heaps sum to {sum}, beyond the exact search's {MISERE_MAX_SUM}{quotient}"
        ))
    }

    /// One quotient for every position that needs one (wild, beyond the search), computed for
    /// the largest of their heaps.
    fn quotient_for(&mut self, positions: &[Vec<u64>]) {
        let top = positions
            .iter()
            .filter(|heaps| {
                self.misere_general()
                    && !self.all_tame(heaps)
                    && heaps.iter().fold(0u64, |s, &h| s.saturating_add(h)) > MISERE_MAX_SUM
            })
            .filter_map(|heaps| heaps.iter().copied().max())
            .max();
        if let Some(top) = top {
            // A failure is reported by misere_check, position by position.
            let _ = self.quotient_to(top);
        }
    }

    /// Computes the misère quotient covering heaps up to `top`, once: of heaps up to `top`
    /// within MAX_QUOTIENT_HEAP, else of heaps up to it with a period proven (a failure is
    /// kept and answers any larger heap too).
    fn quotient_to(&mut self, top: u64) -> Result<(), String> {
        let beyond = |q: &quotient::Quotient| {
            format!(
                "heap {top} is above the {} heaps of the misère quotient computed and no period of its elements is proven",
                q.heaps
            )
        };
        match &self.quotient {
            Some(Ok(q)) if q.covers(top) => return Ok(()),
            Some(Ok(q)) if q.heaps >= MAX_QUOTIENT_HEAP => return Err(beyond(q)),
            Some(Err((n, e))) if *n <= top => return Err(e.clone()),
            _ => {}
        }
        let n = top.min(MAX_QUOTIENT_HEAP);
        let game = &self.spec.game;
        let b = &QUOTIENT_ANSWER_BOUNDS;
        let found = quotient::Quotient::compute(game, n, b).and_then(|mut q| {
            if top > n {
                q.prove_period(game, true, b)?;
            }
            Ok(q)
        });
        self.quotient = Some(found.map_err(|f| (n, quotient_failure(f, n))));
        match &self.quotient {
            Some(Ok(q)) if q.covers(top) => Ok(()),
            Some(Ok(q)) => Err(beyond(q)),
            Some(Err((_, e))) => Err(e.clone()),
            None => Ok(()),
        }
    }

    /// Misère play of a game other than nim and lasker (their closed form).
    fn misere_general(&self) -> bool {
        self.spec.misere && !matches!(self.spec.game, Game::Nim | Game::Lasker)
    }

    fn all_tame(&self, heaps: &[u64]) -> bool {
        heaps.iter().all(|&h| self.kinds.kind(h) != misere::WILD)
    }

    /// Prepares the values every heap up to `max` needs: computed up to MAX_HEAP, beyond only
    /// through a period proven within the first MAX_HEAP values (refused otherwise).
    fn prepare(&mut self, max: u64) -> Result<(), String> {
        if self.misere_general() {
            self.kinds.ensure(max.max(MISERE_MAX_SUM));
            return Ok(());
        }
        self.values.ensure(max.min(MAX_HEAP))?;
        if !self.values.knows(max) {
            return Err(format!(
                "heap {max} is above {MAX_HEAP} and no period is proven within the first {MAX_HEAP} values"
            ));
        }
        Ok(())
    }

    /// The answer for heaps without empty ones (checked and prepared).
    fn solve(&mut self, heaps: &[u64]) -> Answer {
        match (self.spec.misere, &self.spec.game) {
            (false, _) => self.normal(heaps).map(Some),
            (true, Game::Nim | Game::Lasker) => self.misere_tame(heaps),
            (true, _) => {
                if self.all_tame(heaps) {
                    if let Ok(answer) = self.kinds.tame_answer(heaps) {
                        return answer;
                    }
                }
                let sum = heaps.iter().fold(0u64, |s, &h| s.saturating_add(h));
                match &self.quotient {
                    Some(Ok(q)) if sum > MISERE_MAX_SUM => self.quotient_answer(q, heaps),
                    _ => self.misere_search(heaps),
                }
            }
        }
    }

    fn normal(&self, heaps: &[u64]) -> Option<Move> {
        let x = heaps.iter().fold(0, |x, &h| x ^ self.values.value(h));
        if x == 0 {
            return None;
        }
        let (heap, &h) = heaps
            .iter()
            .enumerate()
            .find(|(_, &h)| self.values.value(h) ^ x < self.values.value(h))?;
        let target = self.values.value(h) ^ x;
        Some(Move {
            heap,
            parts: self.option_of_value(h, target)?,
        })
    }

    /// An option of a heap of h whose value is `target` (one exists below the heap's value).
    fn option_of_value(&self, h: u64, target: u64) -> Option<Vec<u64>> {
        let direct = match self.spec.game {
            Game::Nim => Some(target),
            Game::Lasker => Some(lasker_heap(target)).filter(|&s| s < h),
            _ => None,
        };
        if let Some(s) = direct {
            return Some(if s == 0 { vec![] } else { vec![s] });
        }
        if let (Game::Octal(digits), Some((n0, p))) = (&self.spec.game, self.values.period) {
            return self.octal_option_of_value(digits, n0 + p, h, target);
        }
        let mut found = None;
        for_each_option(&self.spec.game, h, |parts| {
            let v = parts.iter().fold(0, |v, &p| v ^ self.values.value(p));
            if v == target {
                found = Some(parts.to_vec());
            }
            found.is_some()
        });
        found
    }

    /// An option of value `target` of a heap of h for a code whose values are periodic from
    /// n0 with period p (bound = n0 + p): a split {a, b} with a ≥ bound has the value of
    /// {a − p, b + p}, so the splits with a < bound hold every value the splits have, and the
    /// search is short on any heap (up to 10^18).
    fn octal_option_of_value(
        &self,
        digits: &[u8],
        bound: u64,
        h: u64,
        target: u64,
    ) -> Option<Vec<u64>> {
        // The order of for_each_option: per digit, nothing left, one heap, two, three.
        let g = |n: u64| self.values.value(n);
        for (k, &d) in digits.iter().enumerate() {
            let k = k as u64;
            if k > h {
                break;
            }
            let rest = h - k;
            if k > 0 && d & 1 != 0 && rest == 0 && target == 0 {
                return Some(vec![]);
            }
            if k > 0 && d & 2 != 0 && rest >= 1 && g(rest) == target {
                return Some(vec![rest]);
            }
            if d & 4 != 0 {
                for a in 1..=(rest / 2).min(bound) {
                    if g(a) ^ g(rest - a) == target {
                        return Some(vec![a, rest - a]);
                    }
                }
            }
            if d & 8 != 0 {
                for a in 1..=rest / 3 {
                    for b in a..=(rest - a) / 2 {
                        if g(a) ^ g(b) ^ g(rest - a - b) == target {
                            return Some(vec![a, b, rest - a - b]);
                        }
                    }
                }
            }
        }
        None
    }

    /// Misère nim and lasker: as normal play unless every heap is 1, then lost iff their number
    /// is odd (checked against exhaustive search in games/impartial/tests/solution.rs).
    fn misere_tame(&self, heaps: &[u64]) -> Answer {
        let big: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] >= 2).collect();
        let ones = heaps.len() - big.len();
        match big.len() {
            0 if ones % 2 == 1 => None,
            0 if ones == 0 => Some(None),
            0 => Some(Some(Move {
                heap: 0,
                parts: vec![],
            })),
            // Leave an odd number of 1-heaps and nothing else.
            1 => Some(Some(Move {
                heap: big[0],
                parts: if ones % 2 == 1 { vec![] } else { vec![1] },
            })),
            // The normal move keeps another heap of 2 or more.
            _ => self.normal(heaps).map(Some),
        }
    }

    /// Exact misère search over multisets of heaps (sum ≤ MISERE_MAX_SUM, checked).
    fn misere_search(&mut self, heaps: &[u64]) -> Answer {
        let game = self.spec.game.clone();
        let mut moves = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            if heaps[..i].contains(&h) {
                continue;
            }
            for_each_option(&game, h, |parts| {
                moves.push(Move {
                    heap: i,
                    parts: parts.to_vec(),
                });
                false
            });
        }
        if moves.is_empty() {
            return Some(None);
        }
        let kinds = &self.kinds;
        let search = self
            .search
            .get_or_insert_with(|| misere::Search::new(&game, Some(kinds), MISERE_MAX_SUM, None));
        for mv in moves {
            if search.wins(&apply(heaps, &mv)) == Some(false) {
                return Some(Some(mv));
            }
        }
        None
    }

    /// The answer through the misère quotient (heaps within it, checked): lost iff the
    /// position's element is in the P-portion; a winning move is an option whose element is.
    fn quotient_answer(&self, q: &quotient::Quotient, heaps: &[u64]) -> Answer {
        if q.p[q.element(heaps) as usize] {
            return None;
        }
        let mut found = None;
        for (i, &h) in heaps.iter().enumerate() {
            if heaps[..i].contains(&h) {
                continue;
            }
            let mut rest = heaps.to_vec();
            rest.remove(i);
            let rest = q.element(&rest) as usize;
            // Past the proof's heap kinds, the options of the heap `base` ≡ h (mod p) among
            // them, the largest part shifted: the same elements (quotient::prove_period).
            let base = match q.period {
                Some((_, p)) if h > q.types => q.types - p + 1 + (h - (q.types - p + 1)) % p,
                _ => h,
            };
            for_each_option(&self.spec.game, base, |parts| {
                if q.p[q.mul[rest][q.element(parts) as usize] as usize] {
                    let mut parts = parts.to_vec();
                    if let Some(top) = parts.iter_mut().max() {
                        *top += h - base;
                    }
                    found = Some(Move { heap: i, parts });
                }
                found.is_some()
            });
            if found.is_some() {
                break;
            }
        }
        // No move at all: every heap is without one (the proof rules out a position in N
        // with no move into P).
        Some(found)
    }

    /// Any legal move (when the side to move loses), or None when there is none.
    fn any_move(&self, heaps: &[u64]) -> Option<Move> {
        heaps.iter().enumerate().find_map(|(heap, &h)| {
            let mut found = None;
            for_each_option(&self.spec.game, h, |parts| {
                found = Some(parts.to_vec());
                true
            });
            found.map(|parts| Move { heap, parts })
        })
    }
}

/// The heaps after a move: heap `mv.heap` replaced in place by its parts.
fn apply(heaps: &[u64], mv: &Move) -> Vec<u64> {
    let mut next = heaps[..mv.heap].to_vec();
    next.extend(mv.parts.iter().copied().filter(|&p| p > 0));
    next.extend_from_slice(&heaps[mv.heap + 1..]);
    next
}

fn answer_text(answer: &Answer) -> String {
    match answer {
        None => "Second".into(),
        Some(None) => "First".into(),
        Some(Some(mv)) => format!("First {}", move_text(mv)),
    }
}
