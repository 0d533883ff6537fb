//! Time controls and the runner's clocks.
//!
//! Forms accepted on the command line: `40/60` (40 moves in 60 s, repeating),
//! `10+0.1` (10 s plus 0.1 s per move), `40/60+1`, `60` (sudden death), bases
//! also as `m:ss` (`1:30+1`), and `st=1` (a fixed 1 s per move).

use std::fmt;
use std::time::Duration;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// `moves` moves (or the whole game) in `base`, plus `inc` after each move.
    Clock {
        moves: Option<u32>,
        base: Duration,
        inc: Duration,
    },
    /// A fixed time per move.
    MoveTime(Duration),
}

fn seconds(text: &str) -> Result<Duration, String> {
    let bad = || format!("bad time '{text}' (seconds, or m:ss)");
    let secs = match text.split_once(':') {
        Some((m, s)) => {
            let m: u32 = m.parse().map_err(|_| bad())?;
            let s: f64 = s.parse().map_err(|_| bad())?;
            m as f64 * 60.0 + s
        }
        None => text.parse().map_err(|_| bad())?,
    };
    if !secs.is_finite() || !(0.0..=1e6).contains(&secs) {
        return Err(bad());
    }
    Ok(Duration::from_secs_f64(secs))
}

impl TimeControl {
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let text = text.trim();
        if let Some(st) = text.strip_prefix("st=") {
            let d = seconds(st)?;
            if d.is_zero() {
                return Err("st= needs a positive time".into());
            }
            return Ok(TimeControl::MoveTime(d));
        }
        let (moves, rest) = match text.split_once('/') {
            Some((m, rest)) => match m.parse::<u32>() {
                Ok(n) if n > 0 => (Some(n), rest),
                _ => return Err(format!("bad moves count in time control '{text}'")),
            },
            None => (None, text),
        };
        let (base, inc) = match rest.split_once('+') {
            Some((b, i)) => (seconds(b)?, seconds(i)?),
            None => (seconds(rest)?, Duration::ZERO),
        };
        if base.is_zero() && inc.is_zero() {
            return Err(format!("time control '{text}' gives no time at all"));
        }
        Ok(TimeControl::Clock { moves, base, inc })
    }
}

/// Seconds to the microsecond, trailing zeros dropped (`0.1`, `0.00625`), so a
/// short control of a time-odds match prints as it was given.
fn secs_str(d: Duration) -> String {
    let s = format!("{:.6}", d.as_secs_f64());
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The PGN `TimeControl` form (`40/60`, `10+0.1`); a fixed move time is `st=1`.
impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::MoveTime(d) => write!(f, "st={}", secs_str(d)),
            TimeControl::Clock { moves, base, inc } => {
                if let Some(m) = moves {
                    write!(f, "{m}/")?;
                }
                write!(f, "{}", secs_str(base))?;
                if !inc.is_zero() {
                    write!(f, "+{}", secs_str(inc))?;
                }
                Ok(())
            }
        }
    }
}

/// One side's clock as the runner keeps it.
#[derive(Clone, Debug)]
pub struct Clock {
    pub tc: TimeControl,
    /// Time left (for a fixed move time: that time).
    pub left: Duration,
    /// Moves made in the current period.
    made: u32,
}

impl Clock {
    pub fn new(tc: TimeControl) -> Clock {
        let left = match tc {
            TimeControl::Clock { base, .. } => base,
            TimeControl::MoveTime(d) => d,
        };
        Clock { tc, left, made: 0 }
    }

    /// What each move adds (nothing for a fixed move time).
    pub fn increment(&self) -> Duration {
        match self.tc {
            TimeControl::Clock { inc, .. } => inc,
            TimeControl::MoveTime(_) => Duration::ZERO,
        }
    }

    /// Moves to the next time control, if the control has periods.
    pub fn moves_to_go(&self) -> Option<u32> {
        match self.tc {
            TimeControl::Clock { moves: Some(m), .. } => Some(m - self.made % m),
            _ => None,
        }
    }

    /// Charges a move that took `used`. Returns false if the flag fell (more
    /// than the time left plus `margin`).
    pub fn charge(&mut self, used: Duration, margin: Duration) -> bool {
        if used > self.left + margin {
            return false;
        }
        if let TimeControl::Clock { moves, base, inc } = self.tc {
            self.left = self.left.saturating_sub(used) + inc;
            self.made += 1;
            if let Some(m) = moves {
                if self.made.is_multiple_of(m) {
                    self.left += base;
                }
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn parse_forms() {
        assert_eq!(
            TimeControl::parse("40/60"),
            Ok(TimeControl::Clock {
                moves: Some(40),
                base: ms(60_000),
                inc: ms(0)
            })
        );
        assert_eq!(
            TimeControl::parse("10+0.1"),
            Ok(TimeControl::Clock {
                moves: None,
                base: ms(10_000),
                inc: ms(100)
            })
        );
        assert_eq!(
            TimeControl::parse("1:30+1"),
            Ok(TimeControl::Clock {
                moves: None,
                base: ms(90_000),
                inc: ms(1000)
            })
        );
        assert_eq!(
            TimeControl::parse("st=1"),
            Ok(TimeControl::MoveTime(ms(1000)))
        );
        assert_eq!(
            TimeControl::parse("st=0.25"),
            Ok(TimeControl::MoveTime(ms(250)))
        );
        for bad in [
            "", "x", "0/60", "st=0", "st=", "10+", "0+0", "-5", "40/", "1:xx",
        ] {
            assert!(TimeControl::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn display_round_trips() {
        for s in [
            "40/60",
            "10+0.1",
            "60",
            "40/60+1",
            "st=1",
            "st=0.25",
            "0.625+0.00625",
        ] {
            assert_eq!(TimeControl::parse(s).unwrap().to_string(), s);
        }
    }

    #[test]
    fn clock_periods_increment_and_flag() {
        let mut c = Clock::new(TimeControl::parse("2/10").unwrap());
        assert_eq!(c.moves_to_go(), Some(2));
        assert!(c.charge(ms(4000), ms(0)));
        assert_eq!(c.moves_to_go(), Some(1));
        assert!(c.charge(ms(4000), ms(0)));
        assert_eq!(c.left, ms(12_000)); // 2 s left + the next period's 10 s
        assert_eq!(c.moves_to_go(), Some(2));
        assert!(!c.charge(ms(12_051), ms(50)));

        let mut c = Clock::new(TimeControl::parse("1+0.5").unwrap());
        assert!(c.charge(ms(800), ms(0)));
        assert_eq!(c.left, ms(700));
        assert!(c.charge(ms(750), ms(50)));
        assert_eq!(c.left, ms(500));

        let mut c = Clock::new(TimeControl::parse("st=1").unwrap());
        assert!(c.charge(ms(1000), ms(0)));
        assert_eq!(c.left, ms(1000));
        assert!(!c.charge(ms(1101), ms(100)));
    }
}
