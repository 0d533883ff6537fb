//! The seeded input generator shared by the fuzz tests: a small PRNG, random
//! text, mutations of valid texts, random legal walks, and a panic catcher
//! that reports the seed and input.

use menagerie::rules::{game_outcome, GenKind, MoveList, Position};
use std::panic::{catch_unwind, AssertUnwindSafe};

pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn next(&mut self) -> u64 {
        let mut s = self.0;
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        self.0 = s;
        s
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
    pub fn chance(&mut self, one_in: usize) -> bool {
        self.below(one_in) == 0
    }
}

/// Characters FENs, moves and commands are made of, and a few that they are not.
pub const ALPHABET: &[char] = &[
    'K', 'Q', 'R', 'B', 'N', 'P', 'k', 'q', 'r', 'b', 'n', 'p', 'A', 'C', 'E', 'H', 'M', 'O', 'W',
    'X', 'Y', 'Z', 'a', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'l', 'm', 'o', 's', 't', 'w', 'x',
    'y', 'z', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '/', ' ', '-', '*', '+', '~', '[',
    ']', '(', ')', ',', '.', ':', ';', '=', '@', '#', '\'', '"', '\t', 'é', '♚', '\u{0}', '\u{7f}',
];

pub const NUMBERS: &[&str] = &[
    "0",
    "1",
    "9",
    "10",
    "11",
    "12",
    "13",
    "99",
    "255",
    "256",
    "-1",
    "65535",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "99999999999999999999999",
    "007",
    "1.5",
    "",
];

pub fn random_text(rng: &mut Rng, max_len: usize) -> String {
    let len = rng.below(max_len + 1);
    (0..len).map(|_| *rng.pick(ALPHABET)).collect()
}

/// One random change to `text`.
pub fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let at = rng.below(chars.len() + 1);
    match rng.below(10) {
        0 => chars.truncate(at),
        1 if at < chars.len() => chars[at] = *rng.pick(ALPHABET),
        2 => chars.insert(at, *rng.pick(ALPHABET)),
        3 if at < chars.len() => {
            chars.remove(at);
        }
        4 => {
            // Change a digit run into another number.
            let digits: Vec<usize> = (0..chars.len())
                .filter(|&i| chars[i].is_ascii_digit())
                .collect();
            if let Some(&i) = digits.get(rng.below(digits.len())) {
                let n: Vec<char> = rng.pick(NUMBERS).chars().collect();
                chars.splice(i..=i, n);
            }
        }
        5 | 6 => {
            // Shuffle, drop or repeat whitespace-separated fields.
            let s: String = chars.iter().collect();
            let mut fields: Vec<&str> = s.split(' ').collect();
            let n = fields.len();
            match rng.below(3) {
                0 => fields.swap(rng.below(n), rng.below(n)),
                1 if n > 1 => {
                    fields.remove(rng.below(n));
                }
                _ => {
                    let f = fields[rng.below(n)];
                    fields.insert(rng.below(n + 1), f);
                }
            }
            return fields.join(" ");
        }
        7 => {
            // Shuffle the ranks of the board field.
            let s: String = chars.iter().collect();
            let (board, rest) = s.split_once(' ').unwrap_or((&s, ""));
            let mut ranks: Vec<&str> = board.split('/').collect();
            let n = ranks.len();
            ranks.swap(rng.below(n), rng.below(n));
            if rng.chance(3) {
                ranks.remove(rng.below(n));
            }
            return format!("{} {rest}", ranks.join("/"));
        }
        8 => {
            let extra = random_text(rng, 6);
            chars.splice(at..at, extra.chars());
        }
        _ if at < chars.len() => {
            let to = (at + rng.below(8)).min(chars.len());
            chars.drain(at..to);
        }
        _ => {}
    }
    chars.into_iter().collect()
}

pub fn mutated(rng: &mut Rng, text: &str) -> String {
    let mut s = text.to_string();
    for _ in 0..1 + rng.below(3) {
        s = mutate(rng, &s);
    }
    s
}

/// Positions met along a seeded random game from the start position.
pub fn walk<P: Position>(rng: &mut Rng, plies: usize) -> Vec<P> {
    let mut pos = P::startpos();
    let mut history = Vec::new();
    let mut out = vec![pos.clone()];
    for _ in 0..plies {
        if game_outcome(&pos, &history).is_some() {
            break;
        }
        let mut list = MoveList::new();
        pos.generate(GenKind::All, &mut list);
        if list.is_empty() {
            break;
        }
        history.push(pos.hash());
        pos = pos.play(*rng.pick(&list));
        out.push(pos.clone());
    }
    out
}

/// Runs `f`, turning a panic into a failure that names the input and seed.
pub fn no_panic<T>(what: &str, seed: u64, input: &str, f: impl FnOnce() -> T) -> T {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(v) => v,
        Err(e) => {
            let msg = e
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            panic!("{what} panicked (seed {seed:#x}) on {input:?}: {msg}")
        }
    }
}
