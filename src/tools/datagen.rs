//! `menagerie datagen`: training positions for an evaluation, labelled by the
//! engine's own self-play (issue #17 item 1).
//!
//! Every game is a pure function of `(seed, game index, settings)`: it starts
//! from an opening (the start position or a line of an openings file) plus
//! seeded random legal plies that a short search calls balanced, then each
//! side plays a one-thread fixed-node search with a table and histories
//! cleared for that game. Because nothing is shared between games, the output
//! does not depend on how many threads play them or on which machine; games
//! are written whole and in index order, so a run is reproducible byte for
//! byte and `--shard I/N` runs (games I, I+N, I+2N, ...) concatenate to the
//! full run's positions.
//!
//! Each kept position is one line, `FEN | score | result`: the search's score
//! in centipawns and the game's result (`1.0`, `0.5`, `0.0`), both from
//! White's side, the text format `bullet-utils` reads. Positions that a
//! static evaluation cannot be fitted to are left out: the side to move in
//! check (or with its king capturable, in games without check), a best move
//! that is noisy (the position is not quiet), a mate score (no centipawn
//! target), and the first plies after the opening (still random).
//!
//! Nothing here names a variant: [`run`] and [`Player`] are generic over
//! `P: Position + Evaluate`, and the command line reaches them through the
//! registry's `dispatch`.

use super::rng::Rng;
use crate::arena::openings::Opening;
use crate::geometry::Color;
use crate::rules::{game_outcome, Evaluate, GenKind, MoveList, Outcome, Position};
use crate::search::{Limits, Score, Searcher};
use std::collections::BTreeMap;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

/// Table size per game (MiB). A few thousand nodes a move fill a small
/// fraction of it, and with one table per playing thread a small one keeps
/// memory flat and the per-game clear cheap.
pub const HASH_MB: usize = 2;
/// Plies after the opening whose positions are not written: they are still
/// shaped by the random plies, not by play.
pub const SKIP_PLIES: usize = 8;
/// Adjudication: a side is declared the winner once the search has scored
/// the game at least this much (or a mate) for it ...
pub const WIN_CP: i32 = 1000;
/// ... on this many consecutive plies, both sides' searches agreeing.
pub const WIN_PLIES: u32 = 4;
/// Random openings whose balance check scores them beyond this (centipawns,
/// either side) are discarded: a game decided by its random plies teaches
/// little but "material wins".
pub const OPENING_MAX_CP: i32 = 300;
/// Candidate openings tried per game before the game is given up.
pub const OPENING_TRIES: usize = 200;
/// Plies after the opening before a game without a move-count rule is
/// called a draw (self-play can shuffle forever where nothing forces an end).
pub const MOVE_CAP: usize = 400;
/// The same cap for games with a move-count rule: their rule ends them, this
/// only guards against an endless game all the same.
pub const MOVE_CAP_WITH_RULE: usize = 1000;

/// Which slice of the seeded game sequence a run plays: games `index`,
/// `index + count`, `index + 2 * count`, ...
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl Shard {
    /// The whole sequence.
    pub const ALL: Shard = Shard { index: 0, count: 1 };

    /// Parses `I/N` with `0 <= I < N`.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad = || format!("bad --shard '{text}': give I/N with 0 <= I < N, e.g. 0/4");
        let (i, n) = text.split_once('/').ok_or_else(bad)?;
        let index: u64 = i.trim().parse().map_err(|_| bad())?;
        let count: u64 = n.trim().parse().map_err(|_| bad())?;
        if count == 0 || index >= count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// How many of `games` games this shard plays.
    pub fn len(self, games: u64) -> u64 {
        games.saturating_sub(self.index).div_ceil(self.count)
    }

    /// Whether this shard plays none of `games` games.
    pub fn is_empty(self, games: u64) -> bool {
        self.len(games) == 0
    }

    /// The game index of this shard's `k`-th game.
    pub fn game(self, k: u64) -> u64 {
        self.index + k * self.count
    }
}

/// What a run plays; validated by the command line.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Games of the whole sequence (all shards together).
    pub games: u64,
    /// Node limit of every search.
    pub nodes: u64,
    /// Games played at once.
    pub threads: usize,
    pub seed: u64,
    /// Random legal plies after the opening.
    pub random_plies: usize,
    pub shard: Shard,
}

/// A position games may start from: an opening's position and the hashes of
/// the positions before it (so repetitions through the opening count).
#[derive(Clone)]
pub struct Start<P> {
    pos: P,
    history: Vec<u64>,
}

impl<P> Start<P> {
    /// The position games start from.
    pub fn position(&self) -> &P {
        &self.pos
    }

    /// The hashes of the positions before it, oldest first.
    pub fn history(&self) -> &[u64] {
        &self.history
    }
}

/// The starts of an openings file's lines, each checked against the rules of
/// `P`; an error names the opening (1-based, in file order).
pub fn starts<P: Position>(openings: &[Opening]) -> Result<Vec<Start<P>>, String> {
    openings
        .iter()
        .enumerate()
        .map(|(i, o)| {
            o.check::<P>()
                .map_err(|e| format!("opening {}: {e}", i + 1))?;
            let (pos, history) = o
                .play::<P>()
                .map_err(|e| format!("opening {}: {e}", i + 1))?;
            Ok(Start { pos, history })
        })
        .collect()
}

/// The seed of game `g` of a run seeded `seed`: a SplitMix64 step over both,
/// so neighbouring games and neighbouring seeds get unrelated streams.
pub fn game_seed(seed: u64, g: u64) -> u64 {
    Rng::new(seed ^ g.wrapping_mul(0xD1B5_4A32_D192_ED03)).next_u64()
}

/// One finished game's output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The kept positions' lines, each ending in a newline.
    pub text: String,
    /// How many lines `text` holds.
    pub positions: usize,
    /// Plies played after the opening.
    pub plies: usize,
    /// The result for White: 2 = win, 1 = draw, 0 = loss (halves of a point).
    pub half_points: u8,
}

/// What became of one game index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Played {
    Game(Game),
    /// No balanced opening was found in [`OPENING_TRIES`] candidates.
    NoOpening,
    /// The run was stopped while the game went on: nothing of it is kept.
    Stopped,
}

/// The score of a position worth keeping, from White's side, or `None` if
/// the position must be skipped (see the module doc): `ply` counts plies
/// after the opening, `best` is the search's move, `score` its score for the
/// side to move.
pub fn kept_score<P: Position + Evaluate>(
    pos: &P,
    best: P::Move,
    score: Score,
    ply: usize,
) -> Option<i32> {
    let Score::Cp(cp) = score else {
        return None;
    };
    if ply < SKIP_PLIES || pos.in_check() || pos.royal_threatened() || pos.is_noisy(best) {
        return None;
    }
    Some(white_view(pos.side_to_move(), cp))
}

fn white_view(stm: Color, cp: i32) -> i32 {
    if stm == Color::White {
        cp
    } else {
        -cp
    }
}

/// Win adjudication: the plies running on which the search has scored the
/// game beyond [`WIN_CP`] (or a mate) for the same side.
#[derive(Clone, Copy, Debug, Default)]
pub struct WinStreak(Option<(Color, u32)>);

impl WinStreak {
    /// Records the search's `score` for the side to move `stm`; the winner
    /// once one side has led for [`WIN_PLIES`] plies running.
    pub fn record(&mut self, stm: Color, score: Score) -> Option<Color> {
        let leader = match score {
            Score::Mate(n) if n > 0 => Some(stm),
            Score::Mate(_) => Some(stm.flip()),
            Score::Cp(cp) if cp >= WIN_CP => Some(stm),
            Score::Cp(cp) if cp <= -WIN_CP => Some(stm.flip()),
            Score::Cp(_) => None,
        };
        self.0 = match (leader, self.0) {
            (Some(side), Some((s, n))) if s == side => Some((side, n + 1)),
            (Some(side), _) => Some((side, 1)),
            (None, _) => None,
        };
        self.0
            .filter(|&(_, n)| n >= WIN_PLIES)
            .map(|(side, _)| side)
    }
}

/// One playing thread: a searcher and the openings games start from.
pub struct Player<'a, P: Position + Evaluate> {
    searcher: Searcher<P>,
    settings: &'a Settings,
    starts: &'a [Start<P>],
}

impl<'a, P: Position + Evaluate> Player<'a, P> {
    /// `starts` must not be empty (the start position when no file is given).
    pub fn new(settings: &'a Settings, starts: &'a [Start<P>]) -> Self {
        Player {
            searcher: Searcher::new(HASH_MB, 1),
            settings,
            starts,
        }
    }

    fn search(&mut self, pos: &P, history: &[u64]) -> (Option<P::Move>, Score) {
        let limits = Limits {
            nodes: Some(self.settings.nodes),
            ..Limits::default()
        };
        let stop = Arc::new(AtomicBool::new(false));
        let r = self
            .searcher
            .search(pos, history, &limits, stop, &mut |_| {});
        (r.best, r.score)
    }

    /// A balanced start for a game: an opening drawn by `rng`, then
    /// `random_plies` random legal plies that do not end the game, kept when
    /// a search of the run's node limit scores it within [`OPENING_MAX_CP`].
    fn opening(&mut self, rng: &mut Rng) -> Option<(P, Vec<u64>)> {
        'candidates: for _ in 0..OPENING_TRIES {
            let start = &self.starts[rng.below(self.starts.len())];
            let (mut pos, mut history) = (start.pos.clone(), start.history.clone());
            for _ in 0..self.settings.random_plies {
                let mut list = MoveList::new();
                pos.generate(GenKind::All, &mut list);
                if list.is_empty() {
                    continue 'candidates;
                }
                let m = list[rng.below(list.len())];
                history.push(pos.hash());
                pos = pos.play(m);
                if game_outcome(&pos, &history).is_some() {
                    continue 'candidates;
                }
            }
            self.searcher.clear();
            if let (Some(_), Score::Cp(cp)) = self.search(&pos, &history) {
                if cp.abs() <= OPENING_MAX_CP {
                    return Some((pos, history));
                }
            }
        }
        None
    }

    /// Plays game `g` of the run (see the module doc); gives up with
    /// [`Played::Stopped`] as soon as `stop` is seen.
    pub fn play(&mut self, g: u64, stop: &AtomicBool) -> Played {
        let mut rng = Rng::new(game_seed(self.settings.seed, g));
        let Some((mut pos, mut history)) = self.opening(&mut rng) else {
            return Played::NoOpening;
        };
        self.searcher.clear();
        let cap = if P::MOVE_RULE.is_some() {
            MOVE_CAP_WITH_RULE
        } else {
            MOVE_CAP
        };
        let mut kept: Vec<(String, i32)> = Vec::new();
        let mut streak = WinStreak::default();
        let mut ply = 0;
        let winner = loop {
            if stop.load(Relaxed) {
                return Played::Stopped;
            }
            if let Some(o) = game_outcome(&pos, &history) {
                break o.winner();
            }
            if ply >= cap {
                break None;
            }
            let (Some(best), score) = self.search(&pos, &history) else {
                // game_outcome saw a legal move, so the search has one too.
                break Outcome::winner(pos.no_move_outcome());
            };
            if let Some(white) = kept_score(&pos, best, score, ply) {
                kept.push((pos.to_fen(), white));
            }
            if let Some(side) = streak.record(pos.side_to_move(), score) {
                break Some(side);
            }
            history.push(pos.hash());
            pos = pos.play(best);
            ply += 1;
        };
        let (half_points, result) = match winner {
            Some(Color::White) => (2, "1.0"),
            Some(Color::Black) => (0, "0.0"),
            None => (1, "0.5"),
        };
        let mut text = String::new();
        for (fen, score) in &kept {
            text.push_str(&format!("{fen} | {score} | {result}\n"));
        }
        Played::Game(Game {
            text,
            positions: kept.len(),
            plies: ply,
            half_points,
        })
    }
}

/// What a run did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    /// Games finished and written.
    pub games: u64,
    pub positions: u64,
    /// Plies played after the openings, all games together.
    pub plies: u64,
    /// Results for White: wins, draws, losses.
    pub white: [u64; 3],
    /// Games given up for want of a balanced opening.
    pub no_opening: u64,
    /// Whether `stop` ended the run early.
    pub stopped: bool,
    pub time: Duration,
}

impl Summary {
    pub fn positions_per_second(&self) -> f64 {
        self.positions as f64 / self.time.as_secs_f64().max(1e-9)
    }
}

/// Plays this shard's games on `settings.threads` threads and writes each
/// finished game's lines to `out` in one `write_all`, in game order (a game
/// finished early waits for the ones before it). An empty `starts` is an
/// error.
/// When `stop` becomes true the games in play are dropped, the games before
/// them are written, and the run returns with `stopped`. `progress` shows
/// a bar on standard error (the caller decides whether anyone sees it).
pub fn run<P: Position + Evaluate>(
    settings: &Settings,
    starts: &[Start<P>],
    out: &mut dyn Write,
    stop: &AtomicBool,
    progress: bool,
) -> io::Result<Summary> {
    if starts.is_empty() {
        return Err(io::Error::other("no opening to start games from"));
    }
    let begin = Instant::now();
    let total = settings.shard.len(settings.games);
    let bar = progress_bar(total, progress);
    let next = AtomicU64::new(0);
    let mut summary = Summary::default();
    let written = std::thread::scope(|s| -> io::Result<()> {
        let (tx, rx) = mpsc::channel::<(u64, Played)>();
        for _ in 0..settings.threads.max(1) {
            let tx = tx.clone();
            let next = &next;
            s.spawn(move || {
                let mut player = Player::new(settings, starts);
                loop {
                    let k = next.fetch_add(1, Relaxed);
                    if k >= total || stop.load(Relaxed) {
                        break;
                    }
                    let played = player.play(settings.shard.game(k), stop);
                    if tx.send((k, played)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        // Finished games wait here until every game before them is written.
        let mut pending = BTreeMap::new();
        let mut due = 0;
        let mut result = Ok(());
        for (k, played) in rx {
            pending.insert(k, played);
            while let Some(played) = pending.remove(&due) {
                due += 1;
                match played {
                    Played::Game(game) => {
                        if result.is_ok() {
                            result = out
                                .write_all(game.text.as_bytes())
                                .and_then(|_| out.flush());
                        }
                        if result.is_err() {
                            // Nowhere to write: stop playing, report the error.
                            stop.store(true, Relaxed);
                        }
                        summary.games += 1;
                        summary.positions += game.positions as u64;
                        summary.plies += game.plies as u64;
                        summary.white[2 - game.half_points as usize] += 1;
                    }
                    Played::NoOpening => summary.no_opening += 1,
                    Played::Stopped => {
                        summary.stopped = true;
                        // Later games may have finished, but writing them
                        // would leave a hole: the file stays a prefix.
                        pending.clear();
                        due = u64::MAX;
                    }
                }
                let secs = begin.elapsed().as_secs_f64().max(1e-9);
                bar.set_message(format!(
                    "{} positions, {:.0} positions/s",
                    summary.positions,
                    summary.positions as f64 / secs
                ));
                bar.inc(1);
            }
        }
        result
    });
    bar.finish_and_clear();
    written?;
    summary.stopped |= stop.load(Relaxed) && summary.games + summary.no_opening < total;
    summary.time = begin.elapsed();
    Ok(summary)
}

/// The bar on standard error: games done of this shard's, kept positions,
/// positions per second and the time left (from the games' rate). Hidden
/// when `visible` is false (standard error is not a terminal).
fn progress_bar(games: u64, visible: bool) -> indicatif::ProgressBar {
    use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
    if !visible {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(games), ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template(
        "datagen {bar:30} {pos}/{len} games, {msg}, {elapsed} (ETA {eta})",
    )
    .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar.set_message("0 positions");
    bar
}

#[cfg(test)]
mod tests;
