//! Invariant walks over seeded random games, for every registered variant:
//! - the incrementally kept hash equals the hash recomputed from scratch;
//! - the FEN round-trips (`from_fen(to_fen(p))` writes the same FEN and hash);
//! - every legal move's notation parses back to that move, and no two legal
//!   moves share a notation;
//! - the same for the form sent to XBoard (`protocol::xboard::moves`, multi-leg moves);
//! - every legal move's effects, played on a board of letters, give the board
//!   `play` gives (so the effects are complete);
//! - every legal move packs and unpacks to itself, and `is_legal` accepts it;
//! - the noisy moves are exactly the legal moves `is_noisy` accepts;
//! - a game ends (per `game_outcome`) exactly when the walk finds no move or a rule fires,
//!   and once over, the walk stops.

use menagerie::protocol::xboard::moves as xboard;
use menagerie::rules::effects::letter_board;
use menagerie::rules::{game_outcome, Evaluate, FenError, GameMove, GenKind, MoveList, Position};
use menagerie::variants::{dispatch, VariantVisitor, VARIANTS};
use std::collections::HashSet;

struct Walk {
    games: u32,
    max_plies: u32,
}

fn xorshift(s: &mut u64) -> u64 {
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    *s
}

impl VariantVisitor for Walk {
    type Output = (u32, u32);
    fn visit<P: Position + Evaluate>(self) -> (u32, u32) {
        let mut seed = 0x2545_F491_4F6C_DD1D;
        let mut plies = 0;
        let mut ended = 0;
        for _ in 0..self.games {
            let mut pos = P::startpos();
            let mut history: Vec<u64> = Vec::new();
            for _ in 0..self.max_plies {
                check_position(&pos);
                if let Some(_outcome) = game_outcome(&pos, &history) {
                    ended += 1;
                    break;
                }
                let mut list = MoveList::new();
                pos.generate(GenKind::All, &mut list);
                assert!(
                    !list.is_empty(),
                    "{}: no move but no outcome at {}",
                    P::NAME,
                    pos.to_fen()
                );
                let m = list[(xorshift(&mut seed) % list.len() as u64) as usize];
                history.push(pos.hash());
                pos = pos.play(m);
                plies += 1;
            }
        }
        (plies, ended)
    }
}

fn check_position<P: Position>(pos: &P) {
    let fen = pos.to_fen();
    assert_eq!(
        pos.hash(),
        pos.recompute_hash(),
        "{}: hash drift at {fen}",
        P::NAME
    );
    match P::from_fen(&fen) {
        Ok(back) => {
            assert_eq!(back.to_fen(), fen, "{}: FEN round trip", P::NAME);
            assert_eq!(
                back.hash(),
                pos.hash(),
                "{}: hash after FEN round trip at {fen}",
                P::NAME
            );
        }
        // A game lost by having no king left (Fugue F12, Bandit B11) ends in a
        // position whose FEN is refused by design: nothing is left to play.
        Err(FenError::RoyalCount { found: 0, .. }) if pos.static_outcome().is_some() => {}
        Err(e) => panic!("{}: own FEN rejected: {fen}: {e}", P::NAME),
    }

    let mut all = MoveList::new();
    pos.generate(GenKind::All, &mut all);
    assert_eq!(
        pos.count_moves(),
        all.len(),
        "{}: count_moves disagrees with generate at {fen}",
        P::NAME
    );
    let mut seen = HashSet::new();
    let mut seen_xboard: HashSet<String> = HashSet::new();
    for &m in &all {
        let text = pos.format_move(m);
        assert!(
            seen.insert(text.clone()),
            "{}: two moves written {text} at {fen}",
            P::NAME
        );
        assert_eq!(
            pos.parse_move(&text),
            Ok(m),
            "{}: {text} does not parse back at {fen}",
            P::NAME
        );
        assert_eq!(
            P::Move::unpack(m.pack()),
            Some(m),
            "{}: packing {text}",
            P::NAME
        );
        assert_ne!(m.pack(), 0);
        assert!(
            pos.is_legal(m),
            "{}: is_legal rejects {text} at {fen}",
            P::NAME
        );
        let mut rebuilt = letter_board::<P::Geo>(|sq| pos.piece_char(sq));
        pos.effects(m).apply(&mut rebuilt);
        let next = pos.play(m);
        assert_eq!(
            rebuilt,
            letter_board::<P::Geo>(|sq| next.piece_char(sq)),
            "{}: the effects of {text} do not give the board play gives at {fen}",
            P::NAME
        );
        let xb = xboard::move_text(pos, m);
        assert!(
            seen_xboard.insert(xb.clone()),
            "{}: two moves sent to XBoard as {xb} at {fen}",
            P::NAME
        );
        assert_eq!(
            xboard::parse(pos, &xb),
            Ok(m),
            "{}: XBoard form {xb} does not parse back at {fen}",
            P::NAME
        );
    }
    let mut noisy = MoveList::new();
    pos.generate(GenKind::Noisy, &mut noisy);
    let expected: HashSet<_> = all.iter().copied().filter(|&m| pos.is_noisy(m)).collect();
    let got: HashSet<_> = noisy.iter().copied().collect();
    assert_eq!(got, expected, "{}: noisy generation at {fen}", P::NAME);
    assert_eq!(
        noisy.len(),
        got.len(),
        "{}: duplicate noisy moves at {fen}",
        P::NAME
    );
}

#[test]
fn random_walks_keep_every_invariant() {
    for &name in VARIANTS {
        let (plies, ended) = dispatch(
            name,
            Walk {
                games: 40,
                max_plies: 300,
            },
        )
        .unwrap();
        eprintln!("{name}: {plies} plies walked, {ended} games ended by rule");
        assert!(plies > 1000, "{name}: walk too short");
    }
}

/// The long version (issue 10): thousands of seeded games per variant, with
/// two more invariants on top of `check_position`:
/// - the outcome the position reports equals one recomputed from scratch
///   (the position rebuilt from the start FEN by replaying the moves, its
///   history of hashes rebuilt alongside, then `game_outcome` compared);
/// - every move a short node-limited search returns is legal.
///
/// `INVARIANT_GAMES` (default 2000) games per variant:
/// `INVARIANT_GAMES=5000 cargo test --release --test invariants -- --ignored`
struct LongWalk {
    games: u32,
    max_plies: u32,
}

impl VariantVisitor for LongWalk {
    type Output = (u32, u32, u32);
    fn visit<P: Position + Evaluate>(self) -> (u32, u32, u32) {
        use menagerie::search::{Limits, Searcher};
        use std::sync::atomic::AtomicBool;
        use std::sync::Arc;
        let mut seed = 0x9E37_79B9_7F4A_7C15;
        let mut searcher = Searcher::<P>::new(1, 1);
        let (mut plies, mut ended, mut searched) = (0, 0, 0);
        let start_fen = P::startpos().to_fen();
        for _ in 0..self.games {
            let mut pos = P::startpos();
            let mut history: Vec<u64> = Vec::new();
            let mut moves: Vec<P::Move> = Vec::new();
            for _ in 0..self.max_plies {
                check_position(&pos);
                let outcome = game_outcome(&pos, &history);
                // One ply in 16, rebuild from scratch and compare the outcome.
                if outcome.is_some() || xorshift(&mut seed).is_multiple_of(16) {
                    let mut again = P::from_fen(&start_fen).unwrap();
                    let mut again_history = Vec::new();
                    for &m in &moves {
                        assert!(again.is_legal(m), "{}: replay", P::NAME);
                        again_history.push(again.hash());
                        again = again.play(m);
                    }
                    assert_eq!(again.to_fen(), pos.to_fen(), "{}: replay", P::NAME);
                    assert_eq!(
                        game_outcome(&again, &again_history),
                        outcome,
                        "{}: outcome recomputed from scratch at {}",
                        P::NAME,
                        pos.to_fen()
                    );
                }
                if outcome.is_some() {
                    ended += 1;
                    break;
                }
                if xorshift(&mut seed).is_multiple_of(32) {
                    let limits = Limits {
                        nodes: Some(200 + xorshift(&mut seed) % 2000),
                        ..Limits::default()
                    };
                    let stop = Arc::new(AtomicBool::new(false));
                    let r = searcher.search(&pos, &history, &limits, stop, &mut |_| {});
                    let best = r.best.expect("a move when the game is not over");
                    let mut legal = MoveList::new();
                    pos.generate(GenKind::All, &mut legal);
                    assert!(
                        legal.contains(&best),
                        "{}: search returned an illegal move {} at {}",
                        P::NAME,
                        pos.format_move(best),
                        pos.to_fen()
                    );
                    if let Some(p) = r.ponder {
                        assert!(pos.play(best).is_legal(p), "{}: ponder move", P::NAME);
                    }
                    searched += 1;
                }
                let mut list = MoveList::new();
                pos.generate(GenKind::All, &mut list);
                let m = list[(xorshift(&mut seed) % list.len() as u64) as usize];
                history.push(pos.hash());
                moves.push(m);
                pos = pos.play(m);
                plies += 1;
            }
        }
        (plies, ended, searched)
    }
}

#[test]
#[ignore]
fn long_random_walks_keep_every_invariant() {
    let games = std::env::var("INVARIANT_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2000);
    for &name in VARIANTS {
        let (plies, ended, searched) = dispatch(
            name,
            LongWalk {
                games,
                max_plies: 300,
            },
        )
        .unwrap();
        eprintln!(
            "{name}: {games} games, {plies} plies, {ended} ended by rule, {searched} searches"
        );
    }
}
