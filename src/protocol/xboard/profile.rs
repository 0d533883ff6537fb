//! What XBoard 4.9 must be told about each variant: the only per-variant XBoard
//! data in the engine. Everything else XBoard needs (leg strings, kill
//! squares, highlights, which cells its picture loses) is derived from the
//! variants' move effects in [`super::moves`].
//!
//! A variant missing from [`PROFILES`] gets [`Profile::DEFAULT`]: XBoard's
//! default fairy piece table on a board of the variant's size, legality
//! testing off. That draws any variant whose FEN letters are among XBoard's
//! default fairy letters.

use crate::geometry::Geometry;
use crate::rules::Position;
use crate::variants::bandit::Bandit;
use crate::variants::chess::Chess;
use crate::variants::fugue::Fugue;
use crate::variants::trebuqi::{Trebuqi1, Trebuqi2, Trebuqi3};

/// XBoard's default fairy table: 22 piece images per colour with these letters.
const DEFAULT_FAIRY_TABLE: &str = "PNBRQFEACWMOHIJGDVLSUKpnbrqfeacwmohijgdvlsuk";

/// One variant as XBoard sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Profile {
    /// The variant's `Position::NAME`.
    pub variant: &'static str,
    /// The name XBoard itself knows the variant by (`normal` for chess), if
    /// any. Selected by that name, XBoard needs no `setup`; the engine also
    /// announces it in `feature variants`.
    pub native: Option<&'static str>,
    /// Whether XBoard can referee the variant itself (legality testing on).
    /// It then knows every capture, en passant included; with legality
    /// testing off it learns of a capture off the landing square only from a
    /// kill leg, and it cannot draw a displaced piece (a swap).
    pub legal: bool,
    /// The piece-to-char table of `setup` (XBoard's order of piece images)
    /// and the parent variant; `None`: the default fairy table.
    pub setup: Option<(&'static str, &'static str)>,
    /// `piece` lines (Betza, XBoard's subset) sent after `setup`, e.g. `K& K`.
    pub pieces: &'static [&'static str],
    /// The promotion character XBoard relays for a move whose mover leaves
    /// the board with its target (a character naming no piece in the table
    /// makes XBoard empty the square); `None`: such a move is sent plainly.
    pub vanish: Option<char>,
}

impl Profile {
    /// What a variant without an entry gets.
    pub const DEFAULT: Profile = Profile {
        variant: "",
        native: None,
        legal: false,
        setup: None,
        pieces: &[],
        vanish: None,
    };

    /// The profile of variant `P`.
    pub fn of<P: Position>() -> &'static Profile {
        PROFILES
            .iter()
            .find(|p| p.variant == P::NAME)
            .unwrap_or(&Profile::DEFAULT)
    }

    /// What goes between `setup ` and the FEN: `(PIECETOCHAR) WxH+0_PARENT`.
    pub fn setup_line<G: Geometry>(&self) -> String {
        let (table, parent) = self.setup.unwrap_or((DEFAULT_FAIRY_TABLE, "fairy"));
        format!("({table}) {}x{}+0_{parent}", G::WIDTH, G::HEIGHT)
    }
}

/// Trebuqi's table, the same under all three rule sets: each piece drawn
/// with its Xiang Qi model's image (`docs/xboard.md` §2.4):
/// point = wazir (not the pawn slot: XBoard promotes a pawn reaching its last
/// rank and appended a promotion character to `k10k11`, which the other
/// engine refused), vicbaba (the horse analogue) = knight, trebuchet (the
/// elephant analogue) = alfil, cannon = cannon, rook = rook, general = king
/// (last slot). XBoard has no hexagons; it draws the 11×11 axial grid with
/// the 30 holes blacked out (§2.12) and must run with `-xlegal`.
const TREBUQI_TABLE: &str = ".V.R..T..P.C.........G.v.r..t..p.c.........g";

const fn trebuqi(variant: &'static str) -> Profile {
    Profile {
        variant,
        setup: Some((TREBUQI_TABLE, "fairy")),
        ..Profile::DEFAULT
    }
}

/// The variants XBoard needs to be told something particular about.
pub const PROFILES: &[Profile] = &[
    // XBoard knows orthodox chess: as `normal` it needs nothing, and as the
    // engine-defined name `chess` the standard table on the normal parent
    // lets it referee (legality testing on).
    Profile {
        variant: Chess::NAME,
        native: Some("normal"),
        legal: true,
        setup: Some(("PNBRQKpnbrqk", "normal")),
        ..Profile::DEFAULT
    },
    // Fugue: the fairy table with the pawn drawn as the commoner (M slot): in
    // the pawn slot XBoard promotes a pawn reaching the last rank by itself,
    // but Fugue's promotion is optional (F11). The long leaper takes the
    // nightrider's slot (H) and the lance slot (L) stays empty: XBoard 4.9
    // removes the piece just south of (for White) a lance-slot piece's
    // landing square, even after a plain sideways move (seen under
    // `scripts/xboard-match.sh`: `g6a6` made a black pawn on a5 vanish from
    // its board, and XBoard then forfeited that pawn's next move). A mutual
    // destruction is relayed with `z`, which names no piece in this table:
    // XBoard moves the swapper onto the victim and then leaves the square
    // empty, which is exactly the result.
    Profile {
        variant: Fugue::NAME,
        setup: Some((".NBRQFEACWPOLIJGDV.SUK.nbrqfeacwpolijgdv.suk", "fairy")),
        vanish: Some('z'),
        ..Profile::DEFAULT
    },
    trebuqi(Trebuqi1::NAME),
    trebuqi(Trebuqi2::NAME),
    trebuqi(Trebuqi3::NAME),
    // Bandit: the fairy table with the trickster (an archbishop that cannot
    // capture) drawn with the archbishop image; the other letters are
    // XBoard's defaults (the outlaw gets the cannon image, the sergeant the
    // snake).
    Profile {
        variant: Bandit::NAME,
        setup: Some(("PNBRQFETCWMOHIJGDVLSUKpnbrqfetcwmohijgdvlsuk", "fairy")),
        ..Profile::DEFAULT
    },
];
