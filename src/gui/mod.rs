//! `menagerie gui`: a board in the browser, served by the binary, that draws
//! every variant from its geometry (Trebuqi as 91 hexagons) and every move
//! from its effects, to play, watch and analyse.
//!
//! - [`layout`]: the board's picture computed from the geometry (cells,
//!   coordinates, the regions the rules mark);
//! - [`board`]: one page's game and its JSON messages (sync, testable);
//! - [`engines`]: the engines of `engines.ini` playing on a board;
//! - [`server`]: axum on tokio, the only async code in the crate, and the
//!   embedded page (`assets/`).

pub mod board;
pub mod engines;
pub mod layout;
pub mod server;

/// The page, embedded so the binary works offline and from `cargo install`.
pub(crate) mod assets {
    pub const INDEX: &str = include_str!("assets/index.html");
    pub const STYLE: &str = include_str!("assets/style.css");
    pub const BOARD_JS: &str = include_str!("assets/board.js");
    pub const PIECES_JS: &str = include_str!("assets/pieces.js");
    pub const PGN_JS: &str = include_str!("assets/pgn.js");
    pub const APP_JS: &str = include_str!("assets/app.js");
}

pub use server::{app, app_with, run};
