//! menagerie: one engine for unusual chess variants.
//!
//! The layout reads from the board up:
//! - [`geometry`]: board shapes, squares, bitboards and move tables (no rules);
//! - [`rules`]: the variant contract ([`rules::Position`]) and what all variants share;
//! - [`variants`]: one folder per game, and the registry that maps names to types;
//! - [`tools`]: perft and other commands generic over any variant;
//! - [`search`]: the search (fixed API, generic over any variant);
//! - [`protocol`]: the XBoard and UCI loops over a variant-free `Session`;
//! - [`arena`]: the match runner (`menagerie match`) and the baseline player.
//!
//! ```
//! use menagerie::rules::Position;
//! use menagerie::variants::chess::Chess;
//! use menagerie::tools::perft::perft;
//! assert_eq!(perft(&Chess::startpos(), 3), 8_902);
//! ```

pub mod arena;
pub mod geometry;
pub mod gui;
pub mod protocol;
pub mod rules;
pub mod search;
pub mod tools;
pub mod variants;
