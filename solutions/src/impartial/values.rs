// A part of solutions/src/impartial.rs, included there in its place:
// the bundle (tools/bundle.rs) is that file's text with this one put back.

/// The mask of the rare-value method: chosen from a prefix, none, or given (`--mask`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MaskChoice {
    Auto,
    Plain,
    /// A mask, and whether the rule is by heap.
    Given(usize, bool),
}

/// The Grundy values of one heap, computed lazily.
struct Values {
    game: Game,
    rules: Option<Rules>,
    /// g(0..): two bytes a value (periodic sets keep `wide`).
    g: Vec<u16>,
    /// Periodic sets `{r mod m}`: their values grow with n.
    wide: Vec<u32>,
    /// A proven period: g(n + p) = g(n) for every n ≥ n0.
    period: Option<(u64, u64)>,
    proof: Proof,
    choice: MaskChoice,
    /// The rare heaps' rule in use (None: the plain loop), once chosen.
    mask: Option<Sparse>,
    mask_decided: bool,
    /// The heaps 1.. of the table whose value is rare for the mask.
    rare: Vec<u32>,
    /// The parts whose splits the method stamps: the heaps 1..=STAMPED_SPLITS and the rare
    /// heaps above, in order.
    listed: Vec<u32>,
    /// Their values, in the same order (read in one stream by the method's main loop).
    listed_values: Vec<u16>,
    seen: Box<Seen>,
    /// The method's stamp tables, one per heap of a batch (allocated when first used).
    lanes: Option<Box<Lanes>>,
    /// The values split by the mask in use.
    classes: Option<Classes>,
    /// The values below the current heap backwards, for the method's search.
    reversed: Reversed,
    /// The method's rare values still looked for (kept to reuse its memory).
    missing: Vec<u16>,
    /// Periodic sets: per residue of n, the values seen among the options.
    seen_by_residue: Vec<Vec<u64>>,
    mex_by_residue: Vec<u32>,
}

fn lasker_value(n: u64) -> u64 {
    match n % 4 {
        0 if n == 0 => 0,
        0 => n - 1,
        3 => n + 1,
        _ => n,
    }
}

/// The Lasker heap whose value is v (its inverse).
fn lasker_heap(v: u64) -> u64 {
    match v % 4 {
        0 if v == 0 => 0,
        0 => v - 1,
        3 => v + 1,
        _ => v,
    }
}

fn has_split(game: &Game) -> bool {
    match game {
        Game::Octal(d) => d.iter().any(|&x| x & 12 != 0),
        Game::Queue | Game::Grundy | Game::Lasker => true,
        _ => false,
    }
}

impl Values {
    fn new(game: &Game) -> Values {
        Values::with_mask(game, MaskChoice::Auto)
    }

    fn with_mask(game: &Game, choice: MaskChoice) -> Values {
        let proof = match game {
            Game::Nim | Game::Lasker => Proof::ClosedForm,
            _ => Proof::None,
        };
        Values {
            game: game.clone(),
            rules: Rules::of(game),
            g: Vec::new(),
            wide: Vec::new(),
            period: None,
            proof,
            choice,
            mask: None,
            mask_decided: false,
            rare: Vec::new(),
            listed: Vec::new(),
            listed_values: Vec::new(),
            seen: new_seen(),
            lanes: None,
            classes: None,
            reversed: Reversed::default(),
            missing: Vec::new(),
            seen_by_residue: Vec::new(),
            mex_by_residue: Vec::new(),
        }
    }

    /// How many values the table holds.
    fn len(&self) -> usize {
        match self.game {
            Game::Periodic { .. } => self.wide.len(),
            _ => self.g.len(),
        }
    }

    fn at(&self, n: usize) -> u64 {
        match self.game {
            Game::Periodic { .. } => u64::from(self.wide[n]),
            _ => u64::from(self.g[n]),
        }
    }

    /// Whether g(n) is known (computed, through the period or a formula).
    fn knows(&self, n: u64) -> bool {
        matches!(self.game, Game::Nim | Game::Lasker)
            || self.period.is_some()
            || n < self.len() as u64
    }

    fn value(&self, n: u64) -> u64 {
        match self.game {
            Game::Nim => return n,
            Game::Lasker => return lasker_value(n),
            _ => {}
        }
        if n < self.len() as u64 {
            return self.at(n as usize);
        }
        let (n0, p) = self
            .period
            .expect("value beyond the table without a period");
        self.at((n0 + (n - n0) % p) as usize)
    }

    /// The largest value of the computed table.
    fn largest(&self) -> Option<u64> {
        match self.game {
            Game::Nim | Game::Lasker => None,
            Game::Periodic { .. } => self.wide.iter().max().map(|&v| u64::from(v)),
            _ => self.g.iter().max().map(|&v| u64::from(v)),
        }
    }

    /// Makes every heap up to `max` known (exactly, or through a proven period).
    fn ensure(&mut self, max: u64) -> Result<(), String> {
        if self.knows(max) {
            return Ok(());
        }
        let want = max as usize + 1;
        if !has_split(&self.game) || self.game == Game::Grundy {
            self.extend(want)?;
            self.try_prove();
            return Ok(());
        }
        // Splits cost more per value: double the table until a period is proven.
        let mut len = self.len().max(512);
        loop {
            len = len.min(want);
            self.extend(len)?;
            if self.try_prove() || len >= want {
                return Ok(());
            }
            len *= 2;
        }
    }

    /// Computes g up to (not including) len.
    fn extend(&mut self, len: usize) -> Result<(), String> {
        if let Game::Periodic { .. } = self.game {
            self.extend_periodic(len);
            return Ok(());
        }
        if self.rules.is_some() {
            return self.extend_rules(len);
        }
        let seen = &mut *self.seen;
        for n in self.g.len()..len {
            let stamp = n as u32;
            let g = &self.g;
            match &self.game {
                Game::Subtraction(set) => {
                    for &s in set.iter().take_while(|&&s| s as usize <= n) {
                        seen[usize::from(g[n - s as usize])] = stamp;
                    }
                }
                Game::Queue => {
                    // A group of one leaves the game: it counts as an empty group.
                    let h = |p: usize| if p >= 2 { g[p] } else { 0 };
                    if n >= 1 {
                        for a in 0..=(n - 1) / 2 {
                            seen[usize::from(h(a) ^ h(n - 1 - a))] = stamp;
                        }
                    }
                }
                _ => unreachable!("closed forms have no table"),
            }
            let v = mex(seen, stamp);
            self.g.push(checked_value(v, n)?);
        }
        Ok(())
    }

    /// Octal/hex codes and Grundy's game: the plain recurrence for the prefix, then the
    /// rare-value method when a mask helps.
    fn extend_rules(&mut self, len: usize) -> Result<(), String> {
        let rules = self.rules.take().expect("rules");
        let result = self.extend_with(&rules, len);
        self.rules = Some(rules);
        result
    }

    fn extend_with(&mut self, rules: &Rules, len: usize) -> Result<(), String> {
        let two_only = rules.to_three.is_empty() && !rules.to_two.is_empty();
        while self.g.len() < len {
            let n = self.g.len();
            // The mask is chosen at MASK_PREFIX and chosen again each time the table doubles
            // (values with new high bits appear as n grows).
            let choose = match self.choice {
                _ if !two_only => false,
                MaskChoice::Given(..) => !self.mask_decided && n >= 1,
                MaskChoice::Plain => false,
                MaskChoice::Auto => n >= MASK_PREFIX && (!self.mask_decided || n.is_power_of_two()),
            };
            if choose {
                let mask = match self.choice {
                    MaskChoice::Given(mask, false) => Some(Sparse {
                        mask,
                        by_heap: None,
                    }),
                    MaskChoice::Given(mask, true) => match rules.split_parity() {
                        Some(t) => Some(Sparse {
                            mask,
                            by_heap: Some(t),
                        }),
                        None => {
                            return Err(format!(
                                "--mask {mask:x}:heap needs every split to remove an even number of tokens, or every one an odd number"
                            ))
                        }
                    },
                    _ => choose_mask(&self.g, self.mask, rules.split_parity()),
                };
                if !self.mask_decided || mask != self.mask {
                    self.mask = mask;
                    self.mask_decided = true;
                    if let Some(mask) = self.mask {
                        self.rare = (1..n)
                            .filter(|&i| mask.heap_is_rare(i, usize::from(self.g[i])))
                            .map(|i| i as u32)
                            .collect();
                        self.listed = (1..n)
                            .filter(|&i| {
                                i <= STAMPED_SPLITS || mask.heap_is_rare(i, usize::from(self.g[i]))
                            })
                            .map(|i| i as u32)
                            .collect();
                        self.listed_values =
                            self.listed.iter().map(|&r| self.g[r as usize]).collect();
                        self.classes = Some(Classes::of(mask.mask));
                    }
                }
            }
            match self.mask {
                Some(mask) => self.rare_batch(rules, mask, len)?,
                None => {
                    let v = plain_value(rules, &self.g, n, &mut self.seen);
                    self.g.push(checked_value(v, n)?);
                }
            }
        }
        Ok(())
    }

    /// The rare-value method on the next heaps: LANES of them when they are all below `len` and
    /// the next power of two (where the mask is chosen again), else one.
    fn rare_batch(&mut self, rules: &Rules, mask: Sparse, len: usize) -> Result<(), String> {
        let n = self.g.len();
        let end = len.min((n + 1).next_power_of_two());
        let count = if end - n >= LANES { LANES } else { 1 };
        let lanes = self.lanes.get_or_insert_with(new_lanes);
        self.reversed.update(&self.g);
        let classes = self.classes.as_ref().expect("classes of the mask");
        for &k in &rules.to_two {
            let (from, to) = batch_range(&self.listed, n, k);
            let (parts, values) = (&self.listed[from..to], &self.listed_values[from..to]);
            if count == LANES {
                stamp_batch::<LANES>(&self.g, n, k, parts, values, lanes);
            } else {
                stamp_batch::<1>(&self.g, n, k, parts, values, lanes);
            }
        }
        for j in 0..count {
            let m = n + j;
            let v = rare_lane(
                rules,
                &self.g,
                m,
                n,
                classes,
                mask.shift(m),
                &self.listed,
                &self.listed_values,
                lanes,
                &self.reversed,
                &mut self.missing,
            );
            self.g.push(checked_value(v, m)?);
            let rare = mask.heap_is_rare(m, v);
            if rare {
                self.rare.push(m as u32);
            }
            if rare || m <= STAMPED_SPLITS {
                self.listed.push(m as u32);
                self.listed_values.push(v as u16);
            }
        }
        Ok(())
    }

    /// The rare-value method's account: (its rule, rare heaps 0..=checked, the last of them).
    fn rare_stats(&self) -> Option<(Sparse, usize, usize)> {
        let mask = self.mask?;
        // The list starts at heap 1; heap 0 (value 0) is rare by value, by heap when t is even.
        let zero = usize::from(mask.heap_is_rare(0, 0));
        let last = self.rare.last().map_or(0, |&r| r as usize);
        Some((mask, self.rare.len() + zero, last))
    }

    /// Periodic sets: the options of n are all earlier heaps j ≡ n - r (mod m), j ≤ n - s_min(r),
    /// which is every earlier heap of that class. The values seen by the n of one residue only
    /// grow, so each residue keeps a set and a mex that only moves up.
    fn extend_periodic(&mut self, len: usize) {
        let Game::Periodic { modulus, residues } = &self.game else {
            unreachable!()
        };
        let m = *modulus as usize;
        if self.seen_by_residue.is_empty() {
            self.seen_by_residue = vec![Vec::new(); m];
            self.mex_by_residue = vec![0; m];
        }
        for n in self.wide.len()..len {
            let c = n % m;
            let seen = &self.seen_by_residue[c];
            let mut mex = self.mex_by_residue[c];
            while (seen.get(mex as usize / 64).copied().unwrap_or(0) >> (mex % 64)) & 1 == 1 {
                mex += 1;
            }
            self.mex_by_residue[c] = mex;
            self.wide.push(mex);
            // Heap n is an option of every later heap n + s, s ≡ r: residues n + r.
            for &r in residues {
                let set = &mut self.seen_by_residue[(n + r as usize) % m];
                let word = mex as usize / 64;
                if set.len() <= word {
                    set.resize(word + 1, 0);
                }
                set[word] |= 1 << (mex % 64);
            }
        }
    }

    /// Looks for a period that the theorem of this game proves over the computed table.
    fn try_prove(&mut self) -> bool {
        if self.period.is_some() {
            return true;
        }
        let Some((n0, p)) = prove_period(&self.game, &self.g) else {
            return false;
        };
        self.period = Some((n0 as u64, p as u64));
        self.proof = match self.game {
            Game::Subtraction(_) => Proof::Window,
            _ => Proof::GuySmith,
        };
        true
    }
}

/// A period (n0, p) that the theorem of this game proves over `seq`, a sequence of heap
/// values computed from the options' values, where an option's value is a commutative
/// combination of its parts' (the Grundy values by xor, the misère kinds by misere::combine):
/// the exchange arguments of games/impartial/docs/impartial.md hold for either.
fn prove_period<T: PartialEq>(game: &Game, seq: &[T]) -> Option<(usize, usize)> {
    let len = seq.len();
    // (smallest n0 the theorem allows, a function giving the end of the range to check)
    let check: Box<dyn Fn(usize, usize) -> usize> = match game {
        Game::Octal(digits) => {
            let t = digits.len() - 1;
            let three = digits.iter().any(|&d| d & 8 != 0);
            Box::new(move |n0, p| {
                let n0 = n0.max(1);
                if three {
                    3 * n0 + 2 * p + t
                } else {
                    2 * n0 + p + t
                }
            })
        }
        Game::Queue => Box::new(|n0, p| 2 * n0.max(2) + p + 1),
        Game::Subtraction(set) => {
            let w = *set.last().unwrap() as usize;
            // g(n) is a function of the w values before it: once g(n0..n0+w) repeats p
            // later, everything does. Checked over n0 ≤ n < n0 + w.
            Box::new(move |n0, _p| n0 + w)
        }
        _ => return None,
    };
    for p in 1..len / 2 {
        // Smallest n0 with g(n + p) = g(n) for n0 ≤ n < len - p.
        let mut n0 = len - p;
        while n0 > 0 && seq[n0 - 1] == seq[n0 - 1 + p] {
            n0 -= 1;
        }
        // Checked: n0 ≤ n < len - p.
        if check(n0, p) <= len - p {
            return Some((n0, p));
        }
    }
    None
}

/// A computed value, refused (never truncated) when it does not fit the table.
fn checked_value(v: usize, n: usize) -> Result<u16, String> {
    if v > MAX_VALUE {
        return Err(format!(
            "g({n}) is above {MAX_VALUE}, the largest value this program stores"
        ));
    }
    Ok(v as u16)
}
