//! The engines a match plays: child processes spoken to over UCI
//! ([`uci`]) or CECP ([`xboard`]), both behind the protocol-neutral
//! [`Client`] ([`client`]); [`process`] runs the child and reads its lines.
//! Dependencies run one way: `client` and `process` ← `uci`, `xboard` ←
//! [`start`].

pub mod client;
pub mod process;
pub mod uci;
pub mod xboard;

pub use client::{Answer, Client, Failure, GameSetup, Reply, Turn, HANDSHAKE};

use crate::arena::config::{EngineSpec, Protocol};
use process::Process;

/// Starts `spec` and completes its handshake for `variant`.
pub fn start(spec: &EngineSpec, variant: &str, debug: bool) -> Result<Box<dyn Client>, Failure> {
    let p = Process::spawn(spec, debug).map_err(Failure::Startup)?;
    Ok(match spec.protocol {
        Protocol::Uci => Box::new(uci::Uci::start(p, spec, variant)?),
        Protocol::Xboard => Box::new(xboard::Xboard::start(p, spec, variant)?),
    })
}
