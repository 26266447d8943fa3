//! The packages scripts/make-packages.sh writes (the batch ones, then the interactive ones
//! through make-interactive-packages.sh), made once for the tests that check them, in the
//! test binary's own scratch folder (removed when it exits).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

pub struct Made {
    /// make-packages.sh's output folder: kattis/ (legacy format) and bapc/ (2025-09).
    pub out: PathBuf,
}

/// The packages, made by the first test that asks (the others wait for them): once per
/// test binary, however the tests that check them fall in time.
pub fn packages() -> &'static Made {
    static MADE: OnceLock<Made> = OnceLock::new();
    MADE.get_or_init(|| {
        // The packages' answers are the solutions' outputs: today's solutions.
        for game in crate::common::games() {
            crate::common::solution(game);
        }
        let out = crate::common::process_scratch().join("packages");
        let bin = Path::new(env!("CARGO_BIN_EXE_gen")).parent().unwrap();
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let status = Command::new(root.join("scripts/make-packages.sh"))
            .arg(bin)
            .arg(&out)
            .stdout(Stdio::null())
            .status()
            .unwrap();
        assert!(status.success(), "make-packages.sh failed");
        Made { out }
    })
}
