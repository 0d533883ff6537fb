//! Evaluations as data: every variant's evaluation reads its numbers from one
//! flat array of weights (`variants/<name>/weights.rs`, written by
//! `menagerie tune`), and can list, for a position, how much each weight
//! counts there (its [`Trace`]). The tuner needs the trace because the
//! evaluation is (almost) linear in the weights: with the coefficients of a
//! position known once, any weight vector evaluates it by a dot product, and
//! the gradient of the evaluation is the coefficients themselves.
//!
//! One code path serves both uses: an evaluation is written against an
//! [`Accumulate`] sink; [`Sum`] adds `coefficient × weight` (what the search
//! runs, with the compiled-in weights as constants) and [`Trace`] records the
//! coefficients. So the trace cannot drift from the evaluation, and the test
//! in every variant that `Trace::white_eval` equals `evaluate` checks the
//! glue (tapering, side to move, the non-linear rest).

use super::Evaluate;

/// A named run of weights in a variant's flat array, for the generated file's
/// comments and the documentation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Group {
    pub name: &'static str,
    pub start: usize,
    pub len: usize,
}

/// Declares a weight layout: one `pub const NAME: usize` index per group (in
/// order, each starting where the previous ends), `COUNT`, and `GROUPS`.
#[macro_export]
macro_rules! weight_layout {
    (@at $pos:expr; ) => {
        /// How many weights the layout has.
        pub const COUNT: usize = $pos;
    };
    (@at $pos:expr; $name:ident : $len:expr, $($rest:tt)*) => {
        pub const $name: usize = $pos;
        $crate::weight_layout!(@at $name + $len; $($rest)*);
    };
    ($($name:ident : $len:expr),* $(,)?) => {
        $crate::weight_layout!(@at 0; $($name : $len,)*);
        /// Every group of the layout, in order.
        pub const GROUPS: &[$crate::rules::weights::Group] = &[
            $($crate::rules::weights::Group { name: stringify!($name), start: $name, len: $len }),*
        ];
    };
}

/// Where an evaluation puts its terms. Tapered terms use a weight pair
/// (middle game at `i`, end game at `i + 1`); flat terms one weight. Terms
/// that are not linear in any weight go to the rest, already in centipawns.
pub trait Accumulate {
    /// `c` times the pair at `i` (tapered).
    fn pair(&mut self, i: usize, c: i32);
    /// `c` times the middle-game weight `i` and `c` times the end-game weight
    /// `j` (for variants whose tapered weights are not stored as pairs).
    fn split(&mut self, i: usize, j: usize, c: i32);
    /// `c` times weight `i`, not tapered.
    fn flat(&mut self, i: usize, c: i32);
    /// A non-linear amount in the middle game (tapered with the rest).
    fn rest_mg(&mut self, v: i32);
    /// The terms of one piece that read nothing but its colour, kind and
    /// cell, given both ways: `summed`, the same terms added up once with the
    /// compiled weights (an entry of a start-up table, [`CellSum::of`]),
    /// which the search's [`Sum`] adds in one step; and `terms`, which a
    /// [`Trace`] runs for the coefficients. Why: a learned cell table read
    /// term by term cost Fugue 6% of its instructions.
    fn cell(&mut self, summed: &CellSum, terms: impl FnOnce(&mut Self))
    where
        Self: Sized;
}

/// One entry of a start-up table: the terms of one piece on one cell summed
/// with the compiled weights (see [`Accumulate::cell`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CellSum {
    pub mg: i32,
    pub eg: i32,
    pub flat: i32,
}

impl CellSum {
    /// `terms` summed with `weights`.
    pub fn of<'a, const N: usize>(
        weights: &'a [i32; N],
        terms: impl FnOnce(&mut Sum<'a, N>),
    ) -> Self {
        let mut sum = Sum::new(weights);
        terms(&mut sum);
        CellSum {
            mg: sum.mg,
            eg: sum.eg,
            flat: sum.flat,
        }
    }
}

/// The evaluation's sum with fixed weights: what the search uses. The
/// weights are an array, not a slice, so indices bounded by the layout need
/// no run-time check.
pub struct Sum<'a, const N: usize> {
    pub w: &'a [i32; N],
    pub mg: i32,
    pub eg: i32,
    pub flat: i32,
}

impl<'a, const N: usize> Sum<'a, N> {
    #[inline(always)]
    pub fn new(w: &'a [i32; N]) -> Self {
        Sum {
            w,
            mg: 0,
            eg: 0,
            flat: 0,
        }
    }

    /// The tapered total plus the flat part (`phase_max` 0: no tapering, the
    /// middle-game sum counts alone).
    #[inline(always)]
    pub fn total(&self, phase: i32, phase_max: i32) -> i32 {
        taper(self.mg, self.eg, phase, phase_max) + self.flat
    }

    /// [`Sum::total`] with the end-game sum scaled by `scale` out of
    /// [`SCALE_FULL`] first (an evaluation that knows drawish endings).
    #[inline(always)]
    pub fn total_scaled(&self, phase: i32, phase_max: i32, scale: i32) -> i32 {
        taper(self.mg, scale_eg(self.eg, scale), phase, phase_max) + self.flat
    }
}

/// An evaluation written once as `terms` (which accumulates its terms and
/// returns the phase), summed with `weights` and seen from `side`: the body
/// of `Evaluate::evaluate` for every variant whose terms are all linear.
#[inline(always)]
pub fn side_total<const N: usize>(
    weights: &[i32; N],
    phase_max: i32,
    side: crate::geometry::Color,
    terms: impl FnOnce(&mut Sum<'_, N>) -> i32,
) -> i32 {
    let mut sum = Sum::new(weights);
    let phase = terms(&mut sum);
    let white = sum.total(phase, phase_max);
    if side == crate::geometry::Color::White {
        white
    } else {
        -white
    }
}

/// The same `terms` read by a [`Trace`]: the body of [`Tunable::trace`].
pub fn trace_of(terms: impl FnOnce(&mut Trace) -> i32) -> Trace {
    let mut t = Trace::default();
    t.phase = terms(&mut t);
    t
}

impl<const N: usize> Accumulate for Sum<'_, N> {
    #[inline(always)]
    fn pair(&mut self, i: usize, c: i32) {
        self.mg += c * self.w[i];
        self.eg += c * self.w[i + 1];
    }
    #[inline(always)]
    fn split(&mut self, i: usize, j: usize, c: i32) {
        self.mg += c * self.w[i];
        self.eg += c * self.w[j];
    }
    #[inline(always)]
    fn flat(&mut self, i: usize, c: i32) {
        self.flat += c * self.w[i];
    }
    #[inline(always)]
    fn rest_mg(&mut self, v: i32) {
        self.mg += v;
    }
    /// Adds the table's entry; debug builds check it against `terms`.
    #[inline(always)]
    fn cell(&mut self, summed: &CellSum, terms: impl FnOnce(&mut Self)) {
        debug_assert_eq!(CellSum::of(self.w, terms), *summed, "a stale cell table");
        self.mg += summed.mg;
        self.eg += summed.eg;
        self.flat += summed.flat;
    }
}

/// The cell `sq` of a `width` × `height` board (numbered row by row) as a
/// learned cell table reads it: seen from its owner's side (`white`: as it
/// is; Black's rows reversed) and folded onto the left half (file `f` shares
/// its cell with file `width − 1 − f`), `(width + 1) / 2` cells a row. The
/// rectangular boards share it; Trebuqi's hexagon folds its own way.
pub const fn folded_cell(sq: usize, width: usize, height: usize, white: bool) -> usize {
    let (file, row) = (sq % width, sq / width);
    let row = if white { row } else { height - 1 - row };
    let mirror = width - 1 - file;
    let folded = if file < mirror { file } else { mirror };
    row * width.div_ceil(2) + folded
}

/// A start-up table `[colour][kind][cell]` of [`CellSum`]s: `terms(colour,
/// kind, cell, sum)` summed with `weights` for every entry.
pub fn cell_table<'a, const N: usize, const K: usize, const S: usize>(
    weights: &'a [i32; N],
    terms: impl Fn(usize, usize, usize, &mut Sum<'a, N>),
) -> [[[CellSum; S]; K]; 2] {
    std::array::from_fn(|color| {
        std::array::from_fn(|kind| {
            std::array::from_fn(|sq| CellSum::of(weights, |s| terms(color, kind, sq, s)))
        })
    })
}

/// The engine's tapering, in integers: the middle-game value weighs `phase`,
/// the end-game value `phase_max − phase`.
#[inline(always)]
pub fn taper(mg: i32, eg: i32, phase: i32, phase_max: i32) -> i32 {
    if phase_max == 0 {
        mg
    } else {
        (mg * phase + eg * (phase_max - phase)) / phase_max
    }
}

/// The denominator of end-game scales: a scale of `SCALE_FULL` leaves the
/// end-game sum whole, 0 cancels it. A power of two, so that the scale's
/// rounding stays small against centipawns.
pub const SCALE_FULL: i32 = 64;

/// The end-game sum `eg` scaled by `scale` out of [`SCALE_FULL`]: the one
/// integer formula the search ([`Sum::total_scaled`]) and the trace
/// ([`Trace::white_eval`]) share. Division truncates toward zero, so a
/// position and its colour-swapped twin get opposite values; at
/// `SCALE_FULL` it gives `eg` back exactly.
#[inline(always)]
pub fn scale_eg(eg: i32, scale: i32) -> i32 {
    eg * scale / SCALE_FULL
}

/// The coefficients of one position's evaluation, from White's side:
/// `white_eval(w) = taper(Σ mg + rest_mg, Σ eg · scale / SCALE_FULL, phase) + Σ flat`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    /// The middle-game share, `0..=phase_max`.
    pub phase: i32,
    pub mg: Vec<(u16, i32)>,
    pub eg: Vec<(u16, i32)>,
    pub flat: Vec<(u16, i32)>,
    /// The non-linear middle-game amount (computed with the compiled weights;
    /// the tuner keeps the weights it depends on fixed).
    pub rest_mg: i32,
    /// The end-game scale out of [`SCALE_FULL`] when the end-game sum
    /// favours White (`[0]`) and when it favours Black (`[1]`). Both are
    /// kept because which side the sum favours depends on the weights: so
    /// the trace stays exact for any weight vector. `SCALE_FULL` (no
    /// scaling) unless a variant sets them.
    pub eg_scales: [i32; 2],
}

/// An empty trace: no terms, phase 0, and no end-game scaling (variants
/// without scaling never touch `eg_scales`, hence not a derived default).
impl Default for Trace {
    fn default() -> Self {
        Trace {
            phase: 0,
            mg: Vec::new(),
            eg: Vec::new(),
            flat: Vec::new(),
            rest_mg: 0,
            eg_scales: [SCALE_FULL; 2],
        }
    }
}

impl Accumulate for Trace {
    fn pair(&mut self, i: usize, c: i32) {
        self.split(i, i + 1, c);
    }
    fn split(&mut self, i: usize, j: usize, c: i32) {
        if c != 0 {
            self.mg.push((i as u16, c));
            self.eg.push((j as u16, c));
        }
    }
    fn flat(&mut self, i: usize, c: i32) {
        if c != 0 {
            self.flat.push((i as u16, c));
        }
    }
    fn rest_mg(&mut self, v: i32) {
        self.rest_mg += v;
    }
    fn cell(&mut self, _: &CellSum, terms: impl FnOnce(&mut Self)) {
        terms(self)
    }
}

impl Trace {
    /// The evaluation from White's side with weights `w`, in the engine's
    /// integer arithmetic.
    pub fn white_eval(&self, w: &[i32], phase_max: i32) -> i32 {
        let eg = dot(&self.eg, w);
        taper(
            dot(&self.mg, w) + self.rest_mg,
            scale_eg(eg, self.scale_for(eg)),
            self.phase,
            phase_max,
        ) + dot(&self.flat, w)
    }

    /// The end-game scale that applies with weights `w` (out of
    /// [`SCALE_FULL`]): the tuner holds it fixed at the compiled weights'
    /// value, as it does the rest.
    pub fn eg_scale(&self, w: &[i32]) -> i32 {
        self.scale_for(dot(&self.eg, w))
    }

    /// The scale for an end-game sum `eg` (White's side): the favoured
    /// side's; at 0 either, since nothing is scaled.
    fn scale_for(&self, eg: i32) -> i32 {
        self.eg_scales[usize::from(eg <= 0)]
    }
}

/// `Σ c · w[i]` over a trace's list.
fn dot(terms: &[(u16, i32)], w: &[i32]) -> i32 {
    terms.iter().map(|&(i, c)| c * w[i as usize]).sum()
}

/// A variant whose evaluation is data: what `menagerie tune` needs.
pub trait Tunable: Evaluate {
    /// The layout of [`Tunable::WEIGHTS`].
    const GROUPS: &'static [Group];
    /// The compiled-in weights (from the variant's generated `weights.rs`).
    const WEIGHTS: &'static [i32];
    /// The tapering's full middle-game phase; 0 where nothing is tapered.
    const PHASE_MAX: i32;
    /// Where the weights live, from the repository root; `tune` writes there
    /// unless told otherwise.
    const WEIGHTS_FILE: &'static str;
    /// Weights the tuner must not move: values of royal pieces (never
    /// traded), the inputs of non-linear terms, counts that are not scores.
    fn is_fixed(i: usize) -> bool;
    /// The coefficients of this position's evaluation, from White's side;
    /// `white_eval(WEIGHTS)` with the side to move's sign is `evaluate()`.
    fn trace(&self) -> Trace;
}

/// The name of weight `i` for humans: `GROUP[k]`.
pub fn weight_name(groups: &[Group], i: usize) -> String {
    groups
        .iter()
        .find(|g| (g.start..g.start + g.len).contains(&i))
        .map_or_else(
            || format!("#{i}"),
            |g| format!("{}[{}]", g.name, i - g.start),
        )
}

/// Test support: along seeded random walks of `games` games of up to `plies`
/// plies, the trace read with the compiled weights gives the evaluation.
#[cfg(test)]
pub(crate) fn check_trace<P: Tunable>(games: usize, plies: usize) {
    use super::{GenKind, MoveList};
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut checked = 0;
    for _ in 0..games {
        let mut pos = P::startpos();
        for _ in 0..plies {
            let t = pos.trace();
            assert!((0..=P::PHASE_MAX).contains(&t.phase), "{}", pos.to_fen());
            let white = t.white_eval(P::WEIGHTS, P::PHASE_MAX);
            let stm = match pos.side_to_move() {
                crate::geometry::Color::White => white,
                crate::geometry::Color::Black => -white,
            };
            assert_eq!(stm, pos.evaluate(), "{}", pos.to_fen());
            checked += 1;
            let mut list = MoveList::new();
            pos.generate(GenKind::All, &mut list);
            if list.is_empty() || pos.static_outcome().is_some() {
                break;
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            pos = pos.play(list[(state % list.len() as u64) as usize]);
        }
    }
    assert!(checked >= games * 10, "{checked} positions");
}

/// Test support: the coefficients of weight `i` summed over a trace's lists,
/// as (middle game, end game, flat).
#[cfg(test)]
pub(crate) fn coefficient(t: &Trace, i: usize) -> (i32, i32, i32) {
    let sum = |list: &[(u16, i32)]| {
        list.iter()
            .filter(|&&(j, _)| j as usize == i)
            .map(|&(_, c)| c)
            .sum()
    };
    (sum(&t.mg), sum(&t.eg), sum(&t.flat))
}

/// Test support: every weight of `range` has the coefficient `expect` gives
/// it (index, (middle game, end game, flat); absent means none) in `pos`,
/// and the opposite one in `mirror`, the same position with the colours
/// swapped.
#[cfg(test)]
pub(crate) fn check_coefficients<P: Tunable>(
    pos: &P,
    mirror: &P,
    range: core::ops::Range<usize>,
    expect: &[(usize, (i32, i32, i32))],
) {
    let (t, m) = (pos.trace(), mirror.trace());
    for i in range {
        let want = expect
            .iter()
            .find(|&&(j, _)| j == i)
            .map_or((0, 0, 0), |&(_, c)| c);
        let name = weight_name(P::GROUPS, i);
        let fen = pos.to_fen();
        assert_eq!(coefficient(&t, i), want, "{name} in {fen}");
        let neg = (-want.0, -want.1, -want.2);
        assert_eq!(coefficient(&m, i), neg, "{name} in {}", mirror.to_fen());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    mod layout {
        crate::weight_layout! { A: 2, B: 3, C: 1 }
    }

    #[test]
    fn layout_counts_and_names() {
        assert_eq!(
            (layout::A, layout::B, layout::C, layout::COUNT),
            (0, 2, 5, 6)
        );
        assert_eq!(weight_name(layout::GROUPS, 3), "B[1]");
    }

    /// Files fold onto the left half (the middle file of an odd width on its
    /// own), Black's rows count from its side.
    #[test]
    fn folded_cells_pair_the_wings_and_the_colours() {
        assert_eq!(folded_cell(7, 8, 8, true), folded_cell(0, 8, 8, true));
        assert_eq!(
            folded_cell(8 * 7 + 1, 8, 8, false),
            folded_cell(6, 8, 8, true)
        );
        assert_eq!(folded_cell(9 * 7 - 1, 7, 9, false), 0);
        assert_eq!(
            (folded_cell(3, 7, 9, true), folded_cell(4, 7, 9, true)),
            (3, 2)
        );
        assert_eq!(
            (folded_cell(7, 5, 11, true), folded_cell(9, 5, 11, true)),
            (5, 3)
        );
        assert_eq!(folded_cell(52, 5, 11, true), 32);
    }

    /// A sum adds the table's entry, a trace records the terms' coefficients:
    /// the two give the same evaluation.
    #[test]
    fn cells_add_the_table_to_a_sum_and_run_the_terms_in_a_trace() {
        fn terms<A: Accumulate>(acc: &mut A) {
            acc.pair(0, 2);
            acc.flat(3, -1);
        }
        let w = [3, 5, 7, 11];
        let summed = CellSum::of(&w, terms);
        assert_eq!((summed.mg, summed.eg, summed.flat), (6, 10, -11));
        let mut s = Sum::new(&w);
        s.cell(&summed, terms);
        let mut t = Trace {
            phase: 5,
            ..Trace::default()
        };
        t.cell(&CellSum::default(), terms);
        assert_eq!((t.mg.len(), t.flat.len()), (1, 1));
        assert_eq!(t.white_eval(&w, 24), s.total(5, 24));
    }

    #[test]
    fn trace_and_sum_agree() {
        let w = [3, 5, 7, 11];
        let mut t = Trace {
            phase: 5,
            ..Trace::default()
        };
        let mut s = Sum::new(&w);
        for acc in [&mut t as &mut dyn Accumulate, &mut s] {
            acc.pair(0, 4);
            acc.split(2, 1, -3);
            acc.flat(3, 2);
            acc.rest_mg(17);
        }
        assert_eq!(t.white_eval(&w, 24), s.total(5, 24));
        // A default trace does not scale; a scaled one matches the scaled
        // sum for the side its end-game sum favours (here White: 4·5 − 3·5).
        assert_eq!(t.eg_scales, [SCALE_FULL; 2]);
        assert_eq!(t.eg_scale(&w), SCALE_FULL);
        t.eg_scales = [16, SCALE_FULL];
        assert_eq!((s.eg, t.eg_scale(&w)), (5, 16));
        assert_eq!(t.white_eval(&w, 24), s.total_scaled(5, 24, 16));
        assert_ne!(s.total_scaled(0, 24, 16), s.total(0, 24));
    }
}
