//! Published Sprague–Grundy data of octal games with long preperiods, as data (OEIS entries:
//! their data sections and their comments on the period), for games/impartial/tests/rare.rs.

/// OEIS A071430, Sprague-Grundy values for octal game .16, n = 1..102 (its data section; the
/// entry's offset is 1, g(0) = 0 is not listed).
pub const A071430: [u32; 102] = [
    1, 0, 0, 1, 2, 2, 1, 4, 0, 1, 4, 2, 1, 4, 0, 1, 4, 2, 1, 4, 2, 1, 0, 2, 1, 4, 2, 1, 4, 5, 1, 4,
    2, 1, 4, 2, 1, 4, 2, 3, 4, 2, 3, 4, 2, 3, 4, 2, 3, 4, 2, 3, 4, 2, 1, 4, 2, 3, 3, 2, 5, 4, 2, 5,
    4, 2, 3, 1, 2, 5, 4, 2, 3, 4, 2, 5, 4, 2, 3, 3, 2, 5, 4, 2, 5, 3, 2, 5, 3, 2, 1, 4, 2, 5, 3, 2,
    5, 4, 2, 5, 3, 2,
];

/// OEIS A071464, Sprague-Grundy values for octal games .127 and .1271, n = 1..87.
pub const A071464: [u32; 87] = [
    1, 0, 2, 2, 1, 0, 4, 4, 1, 2, 2, 0, 1, 4, 4, 6, 1, 7, 7, 0, 1, 2, 2, 6, 1, 4, 4, 8, 1, 2, 7, 8,
    1, 0, 7, 2, 6, 8, 1, 4, 9, 8, 1, 2, 6, 0, 1, 4, 6, 2, 1, 8, 9, 0, 1, 6, 2, 2, 7, 0, 1, 8, 3, 2,
    1, 4, 4, 8, 9, 2, 7, 8, 1, 0, 9, 2, 2, 6, 4, 4, 1, 8, 3, 2, 1, 0, 4,
];

/// OEIS A071436, Sprague-Grundy values for octal games .560-.563, n = 1..92.
pub const A071436: [u32; 92] = [
    1, 0, 2, 2, 4, 1, 1, 3, 2, 4, 4, 6, 6, 2, 1, 1, 7, 6, 8, 4, 1, 1, 6, 5, 4, 8, 1, 1, 12, 4, 5,
    6, 1, 1, 3, 12, 6, 6, 8, 9, 2, 11, 6, 6, 4, 2, 1, 1, 12, 13, 4, 10, 8, 1, 12, 12, 5, 11, 1, 16,
    2, 2, 12, 6, 1, 1, 2, 13, 12, 6, 6, 8, 1, 1, 7, 6, 11, 4, 16, 16, 6, 5, 5, 19, 1, 1, 12, 4, 14,
    16, 1, 1,
];

/// (code, period, last exception: the largest heap n with g(n) ≠ g(n + period)), as the OEIS
/// entries' comments state: A071430 (.16), A071464 (.127, after Gangolli and Plambeck),
/// A071435 (.177), A071452 (.11377).
pub const PERIODS: [(&str, u64, u64); 4] = [
    ("0.16", 149459, 105350),
    ("0.127", 4, 46577),
    ("0.177", 20, 496),
    ("0.11377", 32, 186),
];

/// Grundy's game to 2^21 by the rare-value method with mask fe (tczajka/octal-games, README):
/// 1274 rare values, the last at heap 82860; the largest value 231, first at heap 763622.
pub const GRUNDY_RARE: (usize, usize, u64) = (0xfe, 1274, 82860);
