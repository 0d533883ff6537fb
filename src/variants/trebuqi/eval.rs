//! Placeholder, replaced below.
use super::{Trebuqi, TrebuqiMove};
use crate::rules::Evaluate;
impl<const RULE: u8> Evaluate for Trebuqi<RULE> {
    fn evaluate(&self) -> i32 {
        0
    }
    fn capture_gain(&self, _m: TrebuqiMove) -> i32 {
        0
    }
}
