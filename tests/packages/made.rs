//! The packages scripts/make-packages.sh writes (the batch ones, then the interactive ones
//! through make-interactive-packages.sh), made once for the tests that check them and removed
//! when the last of those is done with them.

use crate::common::TempDir;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex, Weak};

pub struct Made {
    _scratch: TempDir,
    /// make-packages.sh's output folder: kattis/ (legacy format) and bapc/ (2025-09).
    pub out: PathBuf,
}

/// The packages, made by the first test that asks while no other holds them.
pub fn packages() -> Arc<Made> {
    static MADE: Mutex<Option<Weak<Made>>> = Mutex::new(None);
    let mut made = MADE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(m) = made.as_ref().and_then(Weak::upgrade) {
        return m;
    }
    // The packages' answers are the solutions' outputs: today's solutions.
    for game in crate::common::games() {
        crate::common::solution(game);
    }
    let scratch = TempDir::new("packages");
    let out = scratch.join("packages");
    let bin = Path::new(env!("CARGO_BIN_EXE_gen")).parent().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let status = Command::new(root.join("scripts/make-packages.sh"))
        .arg(bin)
        .arg(&out)
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success(), "make-packages.sh failed");
    let m = Arc::new(Made {
        _scratch: scratch,
        out,
    });
    *made = Some(Arc::downgrade(&m));
    m
}
