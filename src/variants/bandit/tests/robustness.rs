//! Bandit FEN errors, fuzzing, small perfts, random walks and worst-case move lists.

use super::*;

#[test]
fn fen_errors_are_typed() {
    let ok = "ctbkorc/n1sss1n/ppppppp/7/7/7/PPPPPPP/N1SSS1N/CROKBTC w - - 0 1";
    assert!(Bandit::from_fen(ok).is_ok());
    assert!(matches!(
        Bandit::from_fen(""),
        Err(FenError::MissingField(_))
    ));
    assert!(matches!(
        Bandit::from_fen("ctbkorc/n1sss1n/ppppppp/7/7/PPPPPPP/N1SSS1N/CROKBTC w - - 0 1"),
        Err(FenError::RankCount { .. })
    ));
    assert!(matches!(
        Bandit::from_fen("ctbkorc/n1sss1n/ppppppp/8/7/7/PPPPPPP/N1SSS1N/CROKBTC w - - 0 1"),
        Err(FenError::RankLength { .. })
    ));
    assert!(matches!(
        Bandit::from_fen("ctbqorc/n1sss1n/ppppppp/7/7/7/PPPPPPP/N1SSS1N/CROKBTC w - - 0 1"),
        Err(FenError::UnknownPiece('q'))
    ));
    assert!(matches!(
        Bandit::from_fen("ctbrorc/n1sss1n/ppppppp/7/7/7/PPPPPPP/N1SSS1N/CROKBTC w - - 0 1"),
        Err(FenError::RoyalCount { .. })
    ));
    for bad in [
        "k1P4/7/7/7/7/7/7/7/6K w - - 0 1",
        "k6/7/7/7/7/7/7/7/2p3K w - - 0 1",
    ] {
        assert!(
            matches!(Bandit::from_fen(bad), Err(FenError::Illegal(_))),
            "{bad}"
        );
    }
    assert!(Bandit::from_fen(&ok.replace(" w ", " x ")).is_err());
    assert!(Bandit::from_fen(&ok.replace(" - - ", " KQ - ")).is_err());
    assert!(Bandit::from_fen(&format!("{ok} extra")).is_err());
    // A sergeant on its last rank is accepted: tricks make them (B14). This
    // one arose in a random walk (a black trick turned a white piece on a9
    // into a sergeant), so its FEN must read back.
    let reached = "S1bkc2/t1s3n/S2pps1/2s2o1/7/P1P4/1nS2p1/N4T1/3KBC1 w - - 2 29";
    assert_eq!(
        Bandit::from_fen(reached).map(|p| p.to_fen()),
        Ok(reached.to_string())
    );
    assert!(Bandit::from_fen("k6/7/7/7/7/7/7/7/2s3K w - - 0 1").is_ok());
    // More than 21 agents a side cannot arise.
    assert!(matches!(
        Bandit::from_fen("k6/7/7/7/PPPPPPP/PPPPPPP/PPPPPPP/K6/7 w - - 0 1"),
        Err(FenError::Illegal(_))
    ));
    // A sergeant on its last rank is accepted: tricks make them (B14). This
    // one arose in a random walk (a black trick turned a white piece on a9
    // into a sergeant), so its FEN must read back.
    let reached = "S1bkc2/t1s3n/S2pps1/2s2o1/7/P1P4/1nS2p1/N4T1/3KBC1 w - - 2 29";
    assert_eq!(
        Bandit::from_fen(reached).map(|p| p.to_fen()),
        Ok(reached.to_string())
    );
    assert!(Bandit::from_fen("k6/7/7/7/7/7/7/7/2s3K w - - 0 1").is_ok());
    // More than 21 agents a side cannot arise.
    assert!(matches!(
        Bandit::from_fen("k6/7/7/7/PPPPPPP/PPPPPPP/PPPPPPP/K6/7 w - - 0 1"),
        Err(FenError::Illegal(_))
    ));
    // Two kings (after a trick) are fine.
    assert!(Bandit::from_fen("k5k/7/7/7/7/7/7/7/6K w - - 0 1").is_ok());
}

#[test]
fn fen_fuzz_never_panics() {
    let base = Bandit::START_FEN;
    let mut s = 0x1234_5678u64;
    let alphabet = b"kcrbnstopKCRBNSTOP0123456789/ -wx*";
    for i in 0..5000 {
        let mut bytes = base.as_bytes().to_vec();
        let r = crate::rules::zobrist::splitmix64(&mut s);
        match i % 3 {
            0 => bytes.truncate((r % bytes.len() as u64) as usize),
            1 => {
                let at = (r % bytes.len() as u64) as usize;
                bytes[at] = alphabet[(r >> 32) as usize % alphabet.len()];
            }
            _ => {
                let at = (r % bytes.len() as u64) as usize;
                bytes.insert(at, alphabet[(r >> 32) as usize % alphabet.len()]);
            }
        }
        if let Ok(text) = String::from_utf8(bytes) {
            if let Ok(p) = Bandit::from_fen(&text) {
                let _ = moves(&p);
            }
        }
    }
}

#[test]
fn small_perfts() {
    let p = Bandit::startpos();
    assert_eq!(perft(&p, 1), 17);
    assert_eq!(perft(&p, 2), 289);
    assert_eq!(perft(&p, 3), 5_625);
}

#[test]
fn random_walks_keep_invariants() {
    let mut s = 99u64;
    let mut seen = [0; 3];
    for _ in 0..40 {
        let mut p = Bandit::startpos();
        for _ in 0..80 {
            check_invariants(&p);
            let mut list = MoveList::new();
            p.generate(GenKind::All, &mut list);
            if list.is_empty() {
                break;
            }
            let r = crate::rules::zobrist::splitmix64(&mut s);
            // Prefer noisy moves so tricks and outlaw captures come up.
            let noisy: Vec<_> = list.iter().copied().filter(|&m| p.is_noisy(m)).collect();
            let m = if !noisy.is_empty() && r.is_multiple_of(3) {
                noisy[(r >> 8) as usize % noisy.len()]
            } else {
                list[(r >> 8) as usize % list.len()]
            };
            if m.is_trick() {
                seen[0] += 1;
            }
            if m.is_outlaw_capture() {
                seen[1] += 1;
            }
            if kind_of(p.board[m.to()]) == OUTLAW && !m.is_outlaw_capture() {
                seen[2] += 1;
            }
            p = p.play(m);
        }
    }
    // The walks reach tricks, outlaw captures and captures of outlaws.
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}

#[test]
fn move_list_worst_case_fits() {
    // The largest list `search_worst_case` (a hill climb over positions with
    // at most 21 agents a side, the start count, which no rule increases)
    // found: a swarm of chancellors, 245 moves. Tricks multiply moves by at
    // most 4 per destination but need two enemy pieces beside it, so they
    // fan out far less: the trick fan below (a trickster on c5 whose
    // diagonals all end between black pieces) has 31.
    for (fen, expected) in [
        (
            "COoOTOk/1C5/4C2/3C1CC/2C4/3C3/COC1C2/3C1C1/K3C1C w - - 0 1",
            245,
        ),
        (
            "5n1/4o1s/1b1b1n1/k1s1n2/1tTt3/o1s1b2/1t1s1t1/4b1n/K4o1 w - - 0 1",
            31,
        ),
    ] {
        let p = Bandit::from_fen(fen).unwrap();
        let n = moves(&p).len();
        assert!(n <= MAX_MOVES);
        assert_eq!(n, expected, "{fen}");
        check_invariants(&p);
    }
}

#[test]
#[ignore]
fn search_worst_case() {
    // Hill-climb over positions: White has a king, tricksters and chancellors,
    // Black a king and varied pieces; maximise the legal move count.
    let mut s = 7u64;
    let mut rnd = move |n: u64| crate::rules::zobrist::splitmix64(&mut s) % n;
    let letters_w = ['T', 'T', 'T', 'C', 'C', 'Q'];
    let letters_b = ['c', 'r', 'b', 'n', 's', 'o', 't', 'k'];
    let mut best_fen = String::new();
    let mut best = 0;
    for _restart in 0..60 {
        let mut cells: Vec<Option<char>> = vec![None; 63];
        cells[0] = Some('K');
        cells[62] = Some('k');
        for _ in 0..6 {
            let i = 1 + rnd(61) as usize;
            cells[i] = Some(letters_w[rnd(6) as usize]);
        }
        for _ in 0..12 {
            let i = 1 + rnd(61) as usize;
            cells[i] = Some(letters_b[rnd(8) as usize]);
        }
        let count = |cells: &Vec<Option<char>>| -> Option<(usize, String)> {
            let mut pieces = Vec::new();
            let names: Vec<String> = (0..63)
                .map(|i| Sq::from_index_unchecked(i).name())
                .collect();
            for i in 0..63 {
                if let Some(c) = cells[i] {
                    pieces.push((names[i].as_str(), c));
                }
            }
            let fen = fen_of(&pieces, 'w');
            let p = Bandit::from_fen(&fen).ok()?;
            let mut list = MoveList::new();
            p.generate(GenKind::All, &mut list);
            Some((list.len(), fen))
        };
        let mut cur = count(&cells).map(|c| c.0).unwrap_or(0);
        for _ in 0..8000 {
            let mut next = cells.clone();
            let i = 1 + rnd(61) as usize;
            if i == 62 {
                continue;
            }
            next[i] = match rnd(3) {
                0 => None,
                1 => Some(match letters_w[rnd(6) as usize] {
                    'Q' => ['R', 'B', 'N', 'O', 'S'][rnd(5) as usize],
                    c => c,
                }),
                _ => Some(letters_b[rnd(8) as usize]),
            };
            let wc = next
                .iter()
                .filter(|c| matches!(c, Some(x) if x.is_ascii_uppercase()))
                .count();
            let bc = next
                .iter()
                .filter(|c| matches!(c, Some(x) if x.is_ascii_lowercase()))
                .count();
            if wc > 21 || bc > 21 {
                continue;
            }
            if let Some((n, fen)) = count(&next) {
                if n >= cur {
                    cur = n;
                    cells = next;
                    if n > best {
                        best = n;
                        best_fen = fen;
                    }
                }
            }
        }
    }
    eprintln!("best {best}: {best_fen}");
}
