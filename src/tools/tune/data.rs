//! Reading tuning data: lines of `FEN | score | result` (the format
//! `menagerie datagen` writes: score in centipawns from White's side, result
//! 1.0 / 0.5 / 0.0 for White), each position resolved to its quiet leaf and
//! stored as the sparse coefficients of its evaluation.

use crate::rules::weights::SCALE_FULL;
use crate::rules::Tunable;
use crate::search::quiet_leaf;
use std::fmt;

/// One position's evaluation as a dot product: `eval = Σ coef·w[idx] + rest`
/// over `Samples::feats[start..end]`, tapering and the end-game scale
/// already folded into the coefficients.
#[derive(Clone, Copy, Debug)]
pub struct Sample {
    pub start: u32,
    pub end: u32,
    pub rest: f64,
    /// The game's result for White, 0 to 1.
    pub result: f64,
    /// The search score from White's side (centipawns).
    pub score: f64,
}

/// Every position of a data set, its coefficients in one arena.
#[derive(Clone, Debug, Default)]
pub struct Samples {
    /// Stored in `f32` to halve the memory of a million positions; sums run
    /// in `f64`.
    pub feats: Vec<(u16, f32)>,
    pub list: Vec<Sample>,
    /// Lines read, and positions left out (decided or unresolvable).
    pub lines: usize,
    pub skipped: usize,
    /// How much each weight is used: the sum over the positions of its
    /// coefficients' sizes, each piece's apart (a white and a black knight
    /// on mirrored cells cancel in `feats`, not here), tapering included.
    pub usage: Vec<f64>,
    /// Which part of the evaluation each weight belongs to: middle game,
    /// end game or flat (`usage` 0: never seen).
    pub part: Vec<Part>,
}

/// The part of a tapered evaluation a weight belongs to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Part {
    #[default]
    Middle,
    End,
    Flat,
}

impl Samples {
    /// Counts a coefficient `c` of weight `i`, of the evaluation's `part`.
    fn note_use(&mut self, i: usize, c: f64, part: Part) {
        if self.usage.len() <= i {
            self.usage.resize(i + 1, 0.0);
            self.part.resize(i + 1, Part::Middle);
        }
        self.usage[i] += c.abs();
        self.part[i] = part;
    }
}

/// What the tool says about one data file in the weights file's header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileInfo {
    pub name: String,
    pub lines: usize,
    pub hash: u64,
}

/// A data problem: the file, the line (1-based, 0 for the file itself), what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataError {
    pub file: String,
    pub line: usize,
    pub what: String,
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.file, self.what)
        } else {
            write!(f, "{}:{}: {}", self.file, self.line, self.what)
        }
    }
}

/// FNV-1a, 64 bits: names the data's content in the weights file's header
/// (not for security; a changed file gets a different number).
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Reads one data file into `out`.
pub fn read_file<P: Tunable>(path: &str, out: &mut Samples) -> Result<FileInfo, DataError> {
    let bytes = std::fs::read(path).map_err(|e| DataError {
        file: path.to_string(),
        line: 0,
        what: format!("cannot read: {e}"),
    })?;
    let text = String::from_utf8(bytes).map_err(|_| DataError {
        file: path.to_string(),
        line: 0,
        what: "not UTF-8 text".to_string(),
    })?;
    let lines = read_text::<P>(path, &text, out)?;
    Ok(FileInfo {
        name: path.to_string(),
        lines,
        hash: fnv1a(text.as_bytes()),
    })
}

/// Reads data lines from `text` (named `name` in errors); blank lines and
/// `#` comments are skipped. Returns how many lines the text has.
pub fn read_text<P: Tunable>(
    name: &str,
    text: &str,
    out: &mut Samples,
) -> Result<usize, DataError> {
    let mut count = 0;
    for (i, line) in text.lines().enumerate() {
        count = i + 1;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let err = |what: String| DataError {
            file: name.to_string(),
            line: i + 1,
            what,
        };
        let (pos, score, result) = parse_line::<P>(line).map_err(err)?;
        out.lines += 1;
        if !push::<P>(&pos, score, result, out) {
            out.skipped += 1;
        }
    }
    Ok(count)
}

/// `FEN | score | result` → the position and its two labels.
fn parse_line<P: Tunable>(line: &str) -> Result<(P, f64, f64), String> {
    let fields: Vec<&str> = line.split('|').map(str::trim).collect();
    let [fen, score, result] = fields[..] else {
        return Err(format!(
            "expected `FEN | score | result`, found {} field(s)",
            fields.len()
        ));
    };
    let pos = P::from_fen(fen).map_err(|e| format!("bad FEN for {}: {e}", P::NAME))?;
    let score: f64 = score
        .parse()
        .ok()
        .filter(|s: &f64| s.is_finite())
        .ok_or_else(|| format!("bad score '{score}': give centipawns from White's side"))?;
    let result: f64 = result
        .parse()
        .ok()
        .filter(|r| (0.0..=1.0).contains(r))
        .ok_or_else(|| format!("bad result '{result}': give 1.0, 0.5 or 0.0 (for White)"))?;
    Ok((pos, score, result))
}

/// Resolves `pos` to its quiet leaf and stores the leaf's coefficients;
/// false when the position has no evaluation to fit (decided, or a capture
/// storm past the resolution's budget).
fn push<P: Tunable>(pos: &P, score: f64, result: f64, out: &mut Samples) -> bool {
    let Some(q) = quiet_leaf(pos) else {
        return false;
    };
    let t = q.leaf.trace();
    let rho = if P::PHASE_MAX == 0 {
        1.0
    } else {
        t.phase as f64 / P::PHASE_MAX as f64
    };
    // The end-game share, scaled as the evaluation scales it (drawish
    // endings); the scale is the compiled weights' and stays fixed here.
    let eg_share = (1.0 - rho) * t.eg_scale(P::WEIGHTS) as f64 / SCALE_FULL as f64;
    let mut terms: Vec<(u16, f64)> = Vec::with_capacity(t.mg.len() + t.eg.len() + t.flat.len());
    for (list, share, part) in [
        (&t.mg, rho, Part::Middle),
        (&t.eg, eg_share, Part::End),
        (&t.flat, 1.0, Part::Flat),
    ] {
        for &(i, c) in list {
            let c = c as f64 * share;
            terms.push((i, c));
            out.note_use(i as usize, c, part);
        }
    }
    // One entry per weight, in index order: fewer products per pass, and
    // the same sums in the same order on every run.
    terms.sort_by_key(|&(i, _)| i);
    let start = out.feats.len() as u32;
    for (i, c) in terms {
        let fresh = out.feats.len() as u32 == start;
        match out.feats.last_mut() {
            Some(last) if !fresh && last.0 == i => last.1 += c as f32,
            _ => out.feats.push((i, c as f32)),
        }
    }
    out.list.push(Sample {
        start,
        end: out.feats.len() as u32,
        rest: t.rest_mg as f64 * rho,
        result,
        score,
    });
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Evaluate, Position};
    use crate::variants::chess::Chess;

    #[test]
    fn lines_parse_and_bad_lines_name_their_line() {
        let mut s = Samples::default();
        let text = format!("# comment\n\n{} | 35 | 0.5\n", Chess::START_FEN);
        assert_eq!(read_text::<Chess>("d.txt", &text, &mut s), Ok(3));
        assert_eq!((s.list.len(), s.lines, s.skipped), (1, 1, 0));
        // The start position's coefficients give its evaluation back.
        let w: Vec<f64> = <Chess as Tunable>::WEIGHTS
            .iter()
            .map(|&x| x as f64)
            .collect();
        let smp = s.list[0];
        let e: f64 = s.feats[smp.start as usize..smp.end as usize]
            .iter()
            .map(|&(i, c)| c as f64 * w[i as usize])
            .sum::<f64>()
            + smp.rest;
        assert!((e - Chess::startpos().evaluate() as f64).abs() < 1.0, "{e}");
        for (bad, what) in [
            ("nonsense", "expected"),
            ("x | 0 | 1.0", "bad FEN"),
            ("8/8/8/8/8/8/8/K6k w - - 0 1 | zero | 1.0", "bad score"),
            ("8/8/8/8/8/8/8/K6k w - - 0 1 | 0 | 2", "bad result"),
        ] {
            let text = format!("{} | 0 | 1.0\n{bad}\n", Chess::START_FEN);
            let e = read_text::<Chess>("d.txt", &text, &mut Samples::default()).unwrap_err();
            assert_eq!(e.line, 2, "{bad}");
            assert!(e.to_string().starts_with("d.txt:2: "), "{e}");
            assert!(e.what.contains(what), "{e}");
        }
    }
}
