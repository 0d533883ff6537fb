//! Commands generic over any variant.

pub mod perft;
