//! referee: plays a game against a solution's `--play` mode over pipes and judges it; judges a
//! batch solution; lets a person play. Protocol, verdicts and exit codes: docs/protocol.md.
//! The program is the library's (crates/referee/src/program.rs).

fn main() -> std::process::ExitCode {
    combgames_referee::program::main()
}
