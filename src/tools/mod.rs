//! Commands generic over any variant.

pub mod bench;
pub mod datagen;
pub mod interrupt;
pub mod openings;
pub mod out;
pub mod perft;
pub mod rng;
pub mod show;
pub mod spsa;
pub mod tune;
