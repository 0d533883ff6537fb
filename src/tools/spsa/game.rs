//! One game between two parameter tables, inside the process: each side a
//! one-thread fixed-node search with its own table and histories, cleared
//! before the game, so a game is a pure function of its start and the two
//! tables. Ended by the variant's rules, or adjudicated as `datagen` does
//! (a win once both sides' searches have scored it beyond
//! [`datagen::WIN_CP`] for [`datagen::WIN_PLIES`] plies running; a draw at
//! the move cap).

use crate::geometry::Color;
use crate::rules::{game_outcome, Evaluate, Outcome, Position};
use crate::search::{Limits, Params, Searcher};
use crate::tools::datagen::{self, Start};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Arc;

/// Table size of each side's searcher (MiB), as in `datagen`.
pub const HASH_MB: usize = datagen::HASH_MB;

/// The two searchers one playing thread owns, reused game after game.
pub struct Seats<P: Position + Evaluate> {
    seats: [Searcher<P>; 2],
}

impl<P: Position + Evaluate> Default for Seats<P> {
    fn default() -> Self {
        Seats {
            seats: [Searcher::new(HASH_MB, 1), Searcher::new(HASH_MB, 1)],
        }
    }
}

/// How a game ended, from White's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    WhiteWins,
    Draw,
    BlackWins,
}

impl GameResult {
    fn of(winner: Option<Color>) -> Self {
        match winner {
            Some(Color::White) => GameResult::WhiteWins,
            Some(Color::Black) => GameResult::BlackWins,
            None => GameResult::Draw,
        }
    }
}

impl<P: Position + Evaluate> Seats<P> {
    /// Plays a game from `start`: White searches with `white`, Black with
    /// `black`, `nodes` nodes a move. `None` when `stop` was seen first.
    pub fn play(
        &mut self,
        start: &Start<P>,
        white: &Params,
        black: &Params,
        nodes: u64,
        stop: &AtomicBool,
    ) -> Option<GameResult> {
        for (seat, params) in self.seats.iter_mut().zip([white, black]) {
            seat.set_params(*params);
            seat.clear();
        }
        let limits = Limits {
            nodes: Some(nodes),
            ..Limits::default()
        };
        let cap = if P::MOVE_RULE.is_some() {
            datagen::MOVE_CAP_WITH_RULE
        } else {
            datagen::MOVE_CAP
        };
        let mut pos = start.position().clone();
        let mut history = start.history().to_vec();
        let mut streak = datagen::WinStreak::default();
        for _ in 0..cap {
            if stop.load(Relaxed) {
                return None;
            }
            if let Some(o) = game_outcome(&pos, &history) {
                return Some(GameResult::of(o.winner()));
            }
            let stm = pos.side_to_move();
            let seat = &mut self.seats[stm as usize];
            let r = seat.search(
                &pos,
                &history,
                &limits,
                Arc::new(AtomicBool::new(false)),
                &mut |_| {},
            );
            let Some(best) = r.best else {
                // game_outcome saw a legal move, so the search has one too.
                return Some(GameResult::of(Outcome::winner(pos.no_move_outcome())));
            };
            if let Some(side) = streak.record(stm, r.score) {
                return Some(GameResult::of(Some(side)));
            }
            history.push(pos.hash());
            pos = pos.play(best);
        }
        Some(game_outcome(&pos, &history).map_or(GameResult::Draw, |o| GameResult::of(o.winner())))
    }

    /// A pair of games from `start`, colours swapped: the first table's
    /// points minus the second's (wins minus losses, -2 to 2). `None` when
    /// `stop` was seen first.
    pub fn play_pair(
        &mut self,
        start: &Start<P>,
        first: &Params,
        second: &Params,
        nodes: u64,
        stop: &AtomicBool,
    ) -> Option<i32> {
        let a = self.play(start, first, second, nodes, stop)?;
        let b = self.play(start, second, first, nodes, stop)?;
        let score = |r: GameResult, first_is_white: bool| match (r, first_is_white) {
            (GameResult::Draw, _) => 0,
            (GameResult::WhiteWins, true) | (GameResult::BlackWins, false) => 1,
            _ => -1,
        };
        Some(score(a, true) + score(b, false))
    }
}
