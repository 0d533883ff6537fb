//! Standard output for the command-line tools. `println!` panics when the
//! reader has gone (`menagerie openings trubix | head -3`, or a test that
//! stops reading): the program would die with a panic message and a
//! backtrace on standard error. A C program dies of SIGPIPE there, quietly;
//! Rust ignores that signal (a dead engine's pipe must not kill a match), so
//! these macros do it by hand: a closed pipe ends the program quietly with
//! the shell's SIGPIPE status, 141. Any other write error is reported and
//! ends it with status 1.

use std::fmt;
use std::io::{ErrorKind, Write};

/// The exit status a shell reports for a program killed by SIGPIPE.
pub const CLOSED_PIPE_STATUS: i32 = 128 + 13;

/// Writes `args` to standard output and flushes it (what is printed is seen
/// at once, as with a line-buffered terminal); see the module comment for
/// what a write error does.
pub fn print(args: fmt::Arguments) {
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_fmt(args).and_then(|()| out.flush()) {
        if e.kind() == ErrorKind::BrokenPipe {
            std::process::exit(CLOSED_PIPE_STATUS);
        }
        eprintln!("menagerie: cannot write to standard output: {e}");
        std::process::exit(1);
    }
}

/// `print!` through [`print()`]: a closed pipe ends the program quietly.
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::tools::out::print(format_args!($($arg)*))
    };
}

/// `println!` through [`print()`]: a closed pipe ends the program quietly.
#[macro_export]
macro_rules! outln {
    () => {
        $crate::tools::out::print(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::tools::out::print(format_args!("{}\n", format_args!($($arg)*)))
    };
}
