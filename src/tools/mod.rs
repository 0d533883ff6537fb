//! Commands generic over any variant.

pub mod bench;
pub mod perft;
pub mod show;
