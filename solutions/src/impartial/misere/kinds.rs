// A part of solutions/src/impartial/misere.rs, included there in its place:
// the bundle (tools/bundle.rs) is that file's text with this one put back.

/// The kind of a heap of n from the kinds of the smaller heaps.
fn heap_kind(game: &Game, n: u64, kinds: &[u32]) -> u32 {
    let mut sums = Vec::new();
    let wild = for_each_option(game, n, |parts| {
        let code = parts
            .iter()
            .fold(EMPTY, |c, &p| combine(c, kinds[p as usize]));
        sums.push(code);
        code == WILD
    });
    if wild {
        return WILD;
    }
    sums.sort_unstable();
    sums.dedup();
    let genera: Vec<Genus> = sums.iter().map(|&c| Genus::of_kind(c)).collect();
    let refs: Vec<&Genus> = genera.iter().collect();
    Genus::from_options(&refs).map_or(WILD, |g| g.kind())
}

/// Heaps' kinds, computed in order, and read through a proven period beyond the table.
pub(super) struct Kinds {
    game: Game,
    pub codes: Vec<u32>,
    pub period: Option<(u64, u64)>,
    /// The heaps up to which the table is computed at most.
    cap: usize,
    /// Heaps from this one on, congruent modulo the period, have options of the same kinds
    /// that map one to one (the largest part shifted): see `option_where`.
    shift_from: u64,
}

/// The most option lists the kinds table walks (about a second).
const KINDS_WORK: u64 = 60_000_000;

impl Kinds {
    pub(super) fn new(game: &Game, max_table: usize) -> Kinds {
        Kinds {
            game: game.clone(),
            codes: Vec::new(),
            period: None,
            cap: max_table,
            shift_from: 0,
        }
    }

    pub(super) fn knows(&self, n: u64) -> bool {
        n < self.codes.len() as u64 || self.period.is_some()
    }

    pub(super) fn kind(&self, n: u64) -> u32 {
        if n < self.codes.len() as u64 {
            return self.codes[n as usize];
        }
        match self.period {
            Some((n0, p)) => self.codes[(n0 + (n - n0) % p) as usize],
            None => WILD,
        }
    }

    /// Options a heap of n has, about (for the work bound).
    fn options_about(&self, n: u64) -> u64 {
        match &self.game {
            Game::Octal(d) if d.iter().any(|&x| x & 8 != 0) => n * n / 6 + 8,
            Game::Subtraction(set) => set.len() as u64,
            Game::Octal(d) if d.iter().all(|&x| x & 12 == 0) => d.len() as u64,
            _ => n + 8,
        }
    }

    /// Computes kinds until heap `max` is known, a period is proven, or the work bound or
    /// the cap is reached.
    pub(super) fn ensure(&mut self, max: u64) {
        let mut work = 0u64;
        let mut next_proof = 64usize;
        while !self.knows(max) && self.codes.len() < self.cap {
            let n = self.codes.len() as u64;
            work += self.options_about(n);
            if work > KINDS_WORK {
                return;
            }
            let code = heap_kind(&self.game, n, &self.codes);
            self.codes.push(code);
            if self.codes.len() == next_proof || self.codes.len() as u64 > max {
                next_proof *= 2;
                if let Some((n0, p)) = super::prove_period(&self.game, &self.codes) {
                    self.proven(n0, p);
                }
            }
        }
    }

    fn proven(&mut self, n0: usize, p: usize) {
        let (three, w) = match &self.game {
            Game::Octal(d) => (d.iter().any(|&x| x & 8 != 0), d.len() - 1),
            Game::Subtraction(set) => (false, *set.last().unwrap_or(&0) as usize),
            _ => (false, 1),
        };
        // A heap n ≥ from with n − w ≥ 3·n0: every option's largest part is ≥ n0.
        let from = 3 * n0.max(2) + w + usize::from(three);
        while self.codes.len() < from + p + 1 {
            let n = self.codes.len() as u64;
            let code = heap_kind(&self.game, n, &self.codes);
            self.codes.push(code);
        }
        self.period = Some((n0 as u64, p as u64));
        self.shift_from = from as u64;
    }

    /// An option of a heap of h whose sum kind passes `want`. Beyond the table (through the
    /// period), the option is found on the heap h' ≡ h in the table and its largest part
    /// shifted by h − h' (that part is ≥ n0, so its kind is unchanged).
    pub(super) fn option_where(&self, h: u64, want: impl Fn(u32) -> bool) -> Option<Vec<u64>> {
        let (base, shift) = match self.period {
            Some((_, p)) if h >= self.codes.len() as u64 => {
                let from = self.shift_from;
                let base = from + (h - from) % p;
                (base, h - base)
            }
            _ => (h, 0),
        };
        let mut found = None;
        for_each_option(&self.game, base, |parts| {
            let code = parts.iter().fold(EMPTY, |c, &p| combine(c, self.kind(p)));
            if code != WILD && want(code) {
                found = Some(parts.to_vec());
            }
            found.is_some()
        });
        let mut parts = found?;
        if shift > 0 {
            let i = (0..parts.len()).max_by_key(|&i| parts[i])?;
            parts[i] += shift;
        }
        Some(parts)
    }

    /// The tame rule on heaps that are all tame: None when the mover loses, Some(None) when
    /// the mover has no move (and wins), Some(Some(move)) otherwise. None is also returned
    /// (as `Err`) if a move the proof promises is not found, which the tests rule out.
    pub(super) fn tame_answer(&self, heaps: &[u64]) -> Result<Option<Option<Move>>, ()> {
        let codes: Vec<u32> = heaps.iter().map(|&h| self.kind(h)).collect();
        let x = codes.iter().fold(0, |x, &c| x ^ (c >> 1));
        let small = codes.iter().all(|&c| c & 1 == 1);
        let mv = |heap: usize, want: &dyn Fn(u32) -> bool| {
            self.option_where(heaps[heap], want)
                .map(|parts| Some(Some(Move { heap, parts })))
                .ok_or(())
        };
        let ones = (0..heaps.len()).find(|&i| codes[i] == 3);
        if small {
            if x == 1 {
                return Ok(None);
            }
            // An even number of small ones: turn one into a small zero, or a small zero
            // with a move into a small one.
            if let Some(i) = ones {
                return mv(i, &|c| c == EMPTY);
            }
            for (i, &h) in heaps.iter().enumerate() {
                if let Some(parts) = self.option_where(h, |c| c == 3) {
                    return Ok(Some(Some(Move { heap: i, parts })));
                }
            }
            return Ok(Some(None));
        }
        if x == 0 {
            return Ok(None);
        }
        let big: Vec<usize> = (0..heaps.len()).filter(|&i| codes[i] & 1 == 0).collect();
        if big.len() >= 2 {
            let top = 1 << (31 - x.leading_zeros());
            let i = (0..heaps.len())
                .find(|&i| (codes[i] >> 1) & top != 0)
                .ok_or(())?;
            let target = (codes[i] >> 1) ^ x;
            return mv(i, &|c| c >> 1 == target);
        }
        let h = big[0];
        let g = codes[h] >> 1;
        let y = x ^ g;
        if y < g {
            // γ0 of the option is y: a small option leaves xor 1, a big one xor 0.
            return mv(h, &|c| gamma0(c) == y);
        }
        // g = 0, the small heaps' xor 1: a small one becomes a small zero.
        mv(ones.ok_or(())?, &|c| c == EMPTY)
    }
}

/// The genera of heaps 0..=to (`impartial --genus`): sums of tame heaps by the tame rule, a
/// single heap by its own genus, and a sum holding a wild heap by the genus recursion over
/// its positions (memoised over multisets, within `budget` of them).
pub(super) fn genera(game: &Game, to: u64, budget: usize) -> Result<(Vec<Genus>, Vec<u32>), u64> {
    let mut genera: Vec<Genus> = Vec::new();
    let mut kinds: Vec<u32> = Vec::new();
    let mut memo: HashMap<Vec<u64>, Genus> = HashMap::new();
    for n in 0..=to {
        let mut options: Vec<Genus> = Vec::new();
        let mut parts_list = Vec::new();
        for_each_option(game, n, |parts| {
            parts_list.push(parts.to_vec());
            false
        });
        let mut tame_options = true;
        for parts in parts_list {
            let code = parts
                .iter()
                .fold(EMPTY, |c, &p| combine(c, kinds[p as usize]));
            let genus = if code != WILD {
                Genus::of_kind(code)
            } else {
                tame_options = false;
                if parts.len() == 1 {
                    genera[parts[0] as usize].clone()
                } else {
                    sum_genus(game, &genera, &kinds, parts, &mut memo, budget).ok_or(n)?
                }
            };
            if !options.contains(&genus) {
                options.push(genus);
            }
        }
        let refs: Vec<&Genus> = options.iter().collect();
        let genus = Genus::from_options(&refs).ok_or(n)?;
        kinds.push(if tame_options { genus.kind() } else { WILD });
        genera.push(genus);
    }
    Ok((genera, kinds))
}

/// The genus of a sum of heaps (some wild) by the recursion over its options; heaps without
/// a move are the zero game and are left out.
fn sum_genus(
    game: &Game,
    genera: &[Genus],
    kinds: &[u32],
    mut heaps: Vec<u64>,
    memo: &mut HashMap<Vec<u64>, Genus>,
    budget: usize,
) -> Option<Genus> {
    heaps.retain(|&h| for_each_option(game, h, |_| true));
    heaps.sort_unstable();
    match heaps.len() {
        0 => return Some(Genus::of_kind(EMPTY)),
        1 => return Some(genera[heaps[0] as usize].clone()),
        _ => {}
    }
    let code = heaps
        .iter()
        .fold(EMPTY, |c, &h| combine(c, kinds[h as usize]));
    if code != WILD {
        return Some(Genus::of_kind(code));
    }
    if let Some(g) = memo.get(&heaps) {
        return Some(g.clone());
    }
    if memo.len() >= budget {
        return None;
    }
    let mut options: Vec<Genus> = Vec::new();
    for i in 0..heaps.len() {
        if i > 0 && heaps[i] == heaps[i - 1] {
            continue;
        }
        let mut nexts = Vec::new();
        for_each_option(game, heaps[i], |parts| {
            let mut next = heaps.clone();
            next.remove(i);
            next.extend_from_slice(parts);
            nexts.push(next);
            false
        });
        for next in nexts {
            let genus = sum_genus(game, genera, kinds, next, memo, budget)?;
            if !options.contains(&genus) {
                options.push(genus);
            }
        }
    }
    let refs: Vec<&Genus> = options.iter().collect();
    let genus = Genus::from_options(&refs)?;
    memo.insert(heaps, genus.clone());
    Some(genus)
}
