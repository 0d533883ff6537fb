//! Ctrl-C for the long-running tools (`perft`, `datagen`): the first interrupt
//! asks the work to stop cleanly (a partial count, the finished games and a
//! summary); a second one ends the program at once.
//!
//! A second interrupt counts only when it comes at least [`SAME_REQUEST`] after
//! the first. GNU `timeout` without `--foreground` sends its signal to the
//! command and then to the command's whole process group, so one time-out can
//! arrive as two SIGINTs a moment apart; taking the second for an impatient
//! user's second Ctrl-C used to end `datagen` without its summary line. A
//! person pressing Ctrl-C again after a second still gets the hard exit.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Interrupts closer than this to the first are the same request.
pub const SAME_REQUEST: Duration = Duration::from_secs(1);

/// What one interrupt does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reaction {
    /// The first: ask the work to stop cleanly.
    Stop,
    /// An echo of the first (within [`SAME_REQUEST`]): nothing more to do.
    Ignore,
    /// A later one: the user wants out now.
    Exit,
}

/// The interrupts seen so far: only the time of the first matters.
#[derive(Clone, Copy, Debug, Default)]
pub struct Interrupts {
    first: Option<Instant>,
}

impl Interrupts {
    /// Records an interrupt arriving at `now` and says what it does.
    pub fn on_signal(&mut self, now: Instant) -> Reaction {
        match self.first {
            None => {
                self.first = Some(now);
                Reaction::Stop
            }
            Some(first) if now.saturating_duration_since(first) < SAME_REQUEST => Reaction::Ignore,
            Some(_) => Reaction::Exit,
        }
    }
}

/// Installs the process's Ctrl-C handler: the first interrupt sets `stop`, a
/// later one (see [`SAME_REQUEST`]) exits with status 130. A handler already
/// installed is left alone (the tools install one each, once per process).
pub fn install(stop: &'static AtomicBool) {
    let mut seen = Interrupts::default();
    let _ = ctrlc::set_handler(move || match seen.on_signal(Instant::now()) {
        Reaction::Stop => stop.store(true, Ordering::SeqCst),
        Reaction::Ignore => {}
        Reaction::Exit => std::process::exit(130),
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_stops_an_echo_is_ignored_a_later_one_exits() {
        let t0 = Instant::now();
        let mut seen = Interrupts::default();
        assert_eq!(seen.on_signal(t0), Reaction::Stop);
        assert_eq!(
            seen.on_signal(t0 + Duration::from_millis(1)),
            Reaction::Ignore
        );
        assert_eq!(
            seen.on_signal(t0 + SAME_REQUEST - Duration::from_millis(1)),
            Reaction::Ignore
        );
        assert_eq!(seen.on_signal(t0 + SAME_REQUEST), Reaction::Exit);
        // The window runs from the first interrupt, not from the echoes.
        assert_eq!(seen.on_signal(t0 + SAME_REQUEST * 3), Reaction::Exit);
    }

    #[test]
    fn a_clock_read_before_the_first_is_an_echo_not_a_panic() {
        let t0 = Instant::now() + Duration::from_secs(5);
        let mut seen = Interrupts::default();
        assert_eq!(seen.on_signal(t0), Reaction::Stop);
        assert_eq!(
            seen.on_signal(t0 - Duration::from_secs(1)),
            Reaction::Ignore
        );
    }
}
