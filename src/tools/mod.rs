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

/// A whole number in `range` given as text (the tools read numbers as text
/// so that every bad value gets one `error:` line), or the message naming
/// the option.
pub fn number(
    option: &str,
    text: &str,
    range: std::ops::RangeInclusive<u64>,
) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(n) if range.contains(&n) => Ok(n),
        _ => Err(format!(
            "bad {option} '{text}': give a whole number from {} to {}",
            range.start(),
            range.end()
        )),
    }
}
