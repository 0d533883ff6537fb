//! `menagerie baseline`: a minimal UCI player for every variant that looks one
//! ply ahead at material only. It takes a move that ends the game in its
//! favour if there is one, avoids moves that lose on the spot, and otherwise
//! plays the move with the largest `capture_gain`, breaking ties with a seeded
//! generator (mixed with the position hash, so games vary by position but are
//! reproducible). It is the yardstick opponent ("90% against a one-ply
//! material-only player") and lets the arena be tested in every variant
//! without the full engine.
//!
//! Commands: `uci`, `isready`, `setoption name UCI_Variant|Seed value X`,
//! `ucinewgame`, `position startpos|fen FEN [moves ...]`, `go ...` (any
//! limits; answers at once), `quit`. Anything else is ignored.

use crate::rules::Evaluate;
use crate::rules::{game_outcome, GenKind, MoveList, Position};
use crate::tools::rng::Rng;
use crate::variants::{dispatch, VariantVisitor, ORTHODOX, VARIANTS};
use std::any::Any;
use std::io::{self, Write};
use std::process::ExitCode;

/// The move the baseline plays after `position <args>`, or an error text.
pub fn choose(variant: &str, position_args: &str, seed: u64) -> Result<Option<String>, String> {
    choose_cached(variant, position_args, seed, &mut None)
}

/// [`choose`] reusing the previous position when the new one extends its
/// move list (a game in progress), so a move costs the same at ply 300 as at
/// ply 3. The cache holds a `Cached<P>` of the last variant.
fn choose_cached(
    variant: &str,
    position_args: &str,
    seed: u64,
    cache: &mut Option<Box<dyn Any>>,
) -> Result<Option<String>, String> {
    let think = Think {
        position_args,
        seed,
        cache,
    };
    dispatch(variant, think).map_err(|e| e.to_string())?
}

struct Cached<P> {
    head: String,
    moves: Vec<String>,
    pos: P,
    history: Vec<u64>,
}

struct Think<'a> {
    position_args: &'a str,
    seed: u64,
    cache: &'a mut Option<Box<dyn Any>>,
}

impl VariantVisitor for Think<'_> {
    type Output = Result<Option<String>, String>;
    fn visit<P: Position + Evaluate>(self) -> Self::Output {
        let (head, moves) = match self.position_args.split_once("moves") {
            Some((h, m)) => (h.trim(), m.split_whitespace().collect::<Vec<_>>()),
            None => (self.position_args.trim(), Vec::new()),
        };
        let reusable = self
            .cache
            .take()
            .and_then(|b| b.downcast::<Cached<P>>().ok())
            .filter(|c| {
                c.head == head
                    && c.moves.len() <= moves.len()
                    && c.moves.iter().zip(&moves).all(|(a, b)| a == b)
            });
        let mut c = match reusable {
            Some(c) => *c,
            None => new_cached::<P>(head)?,
        };
        for text in &moves[c.moves.len()..] {
            let m = c.pos.parse_move(text).map_err(|e| e.to_string())?;
            c.history.push(c.pos.hash());
            c.pos = c.pos.play(m);
            c.moves.push(text.to_string());
        }
        let best = pick(&c.pos, &c.history, self.seed).map(|m| c.pos.format_move(m));
        *self.cache = Some(Box::new(c));
        Ok(best)
    }
}

fn new_cached<P: Position>(head: &str) -> Result<Cached<P>, String> {
    let pos = if head == "startpos" || head.is_empty() {
        P::startpos()
    } else if let Some(fen) = head.strip_prefix("fen") {
        P::from_fen(fen.trim()).map_err(|e| format!("bad fen: {e}"))?
    } else {
        return Err(format!("bad position '{head}'"));
    };
    Ok(Cached {
        head: head.to_string(),
        moves: Vec::new(),
        pos,
        history: Vec::new(),
    })
}

/// The baseline's choice in `pos` (`history`: hashes of earlier positions).
pub fn pick<P: Position + Evaluate>(pos: &P, history: &[u64], seed: u64) -> Option<P::Move> {
    let mut list = MoveList::new();
    pos.generate(GenKind::All, &mut list);
    let me = pos.side_to_move();
    let mut hist = history.to_vec();
    hist.push(pos.hash());
    let key = |m: P::Move| {
        let class = match game_outcome(&pos.play(m), &hist) {
            Some(o) if o.winner() == Some(me) => 2,
            Some(o) if o.winner() == Some(me.flip()) => 0,
            _ => 1,
        };
        (class, pos.capture_gain(m))
    };
    let keyed: Vec<_> = list.iter().map(|&m| (key(m), m)).collect();
    let best = keyed.iter().map(|k| k.0).max()?;
    let ties: Vec<P::Move> = keyed.iter().filter(|k| k.0 == best).map(|k| k.1).collect();
    let mut rng = Rng::new(seed ^ pos.hash());
    Some(ties[rng.below(ties.len())])
}

/// The UCI loop on stdin/stdout.
pub fn run(seed: u64) -> ExitCode {
    let mut seed = seed;
    let mut variant = ORTHODOX.to_string();
    let mut position = "startpos".to_string();
    let mut cache = None;
    let stdout = io::stdout();
    let mut out = stdout.lock();
    for line in crate::protocol::lossy_lines(io::stdin().lock()) {
        let line = line.trim();
        let (cmd, rest) = line.split_once(' ').unwrap_or((line, ""));
        let reply = match cmd {
            "uci" => format!(
                "id name menagerie-baseline\nid author menagerie\noption name UCI_Variant type combo default chess{}\noption name Seed type spin default 0 min 0 max 1000000000\nuciok",
                VARIANTS.iter().map(|v| format!(" var {v}")).collect::<String>()
            ),
            // Build the variant's move tables now (chess finds its magics at
            // start-up, about 0.2 s) so that time is not charged to the first
            // move: under a short clock it once lost that move on time.
            "isready" => {
                let _ = choose(&variant, "startpos", seed);
                "readyok".into()
            }
            "ucinewgame" => {
                position = "startpos".into();
                continue;
            }
            "position" => {
                position = rest.trim().to_string();
                continue;
            }
            "setoption" => {
                let (name, value) = match rest.split_once(" value ") {
                    Some((n, v)) => (n.trim_start_matches("name").trim(), v.trim()),
                    None => continue,
                };
                match name {
                    "UCI_Variant" if VARIANTS.contains(&value) => variant = value.to_string(),
                    "UCI_Variant" => {
                        let _ = writeln!(out, "info string unknown variant {value}");
                    }
                    "Seed" => seed = value.parse().unwrap_or(seed),
                    _ => {}
                }
                continue;
            }
            "go" => match choose_cached(&variant, &position, seed, &mut cache) {
                Ok(Some(m)) => format!("info depth 1\nbestmove {m}"),
                Ok(None) => "bestmove 0000".into(),
                Err(e) => format!("info string {e}\nbestmove 0000"),
            },
            "quit" => break,
            _ => continue,
        };
        if writeln!(out, "{reply}").and_then(|_| out.flush()).is_err() {
            break;
        }
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn takes_the_queen_and_mates() {
        // White Rd1 can take the queen on d8 (or something smaller): it must take the queen.
        let fen = "3qk3/8/8/8/8/8/8/3RK2n w - - 0 1";
        assert_eq!(
            choose("chess", &format!("fen {fen}"), 1)
                .unwrap()
                .as_deref(),
            Some("d1d8")
        );
        // Fool's mate available: Qh4# is the win, preferred over any capture.
        let line = "startpos moves f2f3 e7e5 g2g4";
        assert_eq!(choose("chess", line, 5).unwrap().as_deref(), Some("d8h4"));
        assert!(choose("chess", "startpos moves e2e5", 1).is_err());
        assert!(choose("nosuch", "startpos", 1).is_err());
        // A game in progress reuses the cache; a different line rebuilds it.
        let mut cache = None;
        let a = choose_cached("chess", "startpos moves e2e4", 3, &mut cache).unwrap();
        let b = choose_cached("chess", "startpos moves e2e4 e7e5 g1f3", 3, &mut cache).unwrap();
        assert_eq!(a, choose("chess", "startpos moves e2e4", 3).unwrap());
        assert_eq!(
            b,
            choose("chess", "startpos moves e2e4 e7e5 g1f3", 3).unwrap()
        );
        let line = "startpos moves f2f3 e7e5 g2g4";
        assert_eq!(
            choose_cached("chess", line, 5, &mut cache)
                .unwrap()
                .as_deref(),
            Some("d8h4")
        );
        assert!(choose_cached("chess", "startpos moves e2e5", 1, &mut cache).is_err());
    }
}
