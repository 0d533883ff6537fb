//! The variants, and the one registry that maps a variant name to its type.
//!
//! Code that must run for a variant chosen at run time (perft from the command
//! line, a protocol's `variant` command) implements [`VariantVisitor`]; the
//! registry calls it with the concrete position type, so everything below is
//! monomorphised per variant and the name is looked at exactly once.

pub mod bandit;
pub mod chess;
pub mod fugue;
pub mod trebuqi;
pub mod trubix;

use crate::rules::{Evaluate, Position, Tunable};

/// Every variant name the engine knows, in the order they are listed to users.
pub const VARIANTS: &[&str] = &[
    "chess", "trubix", "fugue", "trebuqi", "trebuqi2", "trebuqi3", "bandit",
];

/// The variant protocols and file formats assume when none is named:
/// orthodox chess (a GUI protocol's default game, PGN without a `Variant`
/// tag).
pub const ORTHODOX: &str = <chess::Chess as Position>::NAME;

/// Whether `name` is [`ORTHODOX`], the variant nobody needs to be told.
pub fn is_orthodox(name: &str) -> bool {
    name == ORTHODOX
}

/// Generic code to run for one variant type.
pub trait VariantVisitor {
    type Output;
    /// Every variant's type is a [`Position`] with an [`Evaluate`] that is
    /// [`Tunable`]; a visitor may ask for less.
    fn visit<P: Position + Evaluate + Tunable>(self) -> Self::Output;
}

/// The error for a name that is not in [`VARIANTS`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl core::fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "unknown variant '{}' (known: {})",
            self.0,
            VARIANTS.join(", ")
        )
    }
}

impl std::error::Error for UnknownVariant {}

/// Runs `visitor` with the position type of variant `name`.
pub fn dispatch<V: VariantVisitor>(name: &str, visitor: V) -> Result<V::Output, UnknownVariant> {
    match name {
        "chess" => Ok(visitor.visit::<chess::Chess>()),
        "trubix" => Ok(visitor.visit::<trubix::Trubix>()),
        "fugue" => Ok(visitor.visit::<fugue::Fugue>()),
        "trebuqi" => Ok(visitor.visit::<trebuqi::Trebuqi1>()),
        "trebuqi2" => Ok(visitor.visit::<trebuqi::Trebuqi2>()),
        "trebuqi3" => Ok(visitor.visit::<trebuqi::Trebuqi3>()),
        "bandit" => Ok(visitor.visit::<bandit::Bandit>()),
        _ => Err(UnknownVariant(name.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Name;
    impl VariantVisitor for Name {
        type Output = &'static str;
        fn visit<P: Position + Evaluate>(self) -> &'static str {
            P::NAME
        }
    }

    #[test]
    fn every_listed_name_dispatches_to_itself() {
        for &name in VARIANTS {
            assert_eq!(dispatch(name, Name), Ok(name));
        }
        assert!(dispatch("nosuch", Name).is_err());
    }
}
