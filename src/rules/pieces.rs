//! What each piece of a variant is called and how it moves, as data a human
//! reads: `menagerie show` prints it as the key to the diagram's letters, and
//! other front ends (a GUI's piece list, generated docs) can use it without
//! knowing any variant. The binding rules stay in `docs/rules/<variant>.md`;
//! these lines are their one-line summaries.

/// One kind of piece of a variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceInfo {
    /// The uppercase FEN letter (White's; Black's is the lowercase one).
    pub letter: char,
    /// The piece's name in the variant's rules.
    pub name: &'static str,
    /// The move in Betza notation where that notation can say it, else "".
    pub betza: &'static str,
    /// One plain-English line: how it moves and captures.
    pub moves: &'static str,
}
