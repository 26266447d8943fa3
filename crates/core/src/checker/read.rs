//! Reading the jury's files and the contestant's output with a cap ([`read_capped`],
//! [`OutputSource`]), so that output of any size costs bounded memory ([`output_cap`]).

use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// What [`read_capped`] found.
#[derive(Debug)]
pub enum Capped {
    /// The whole file, at most `cap` bytes.
    Whole(Vec<u8>),
    /// The file is longer than `cap`: its first `cap` bytes.
    Truncated(Vec<u8>),
}

/// Reads at most `cap` bytes of `source` (and one more to learn whether there was more), so
/// a stream of any size costs at most `cap + 1` bytes of memory.
pub fn read_capped_from(source: impl Read, cap: u64) -> io::Result<Capped> {
    let mut bytes = Vec::new();
    source.take(cap.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > cap {
        bytes.truncate(cap as usize);
        Ok(Capped::Truncated(bytes))
    } else {
        Ok(Capped::Whole(bytes))
    }
}

/// [`read_capped_from`] a file.
pub fn read_capped(path: &Path, cap: u64) -> io::Result<Capped> {
    read_capped_from(File::open(path)?, cap)
}

/// Where the contestant's output is: a file (testlib) or the checker's stdin (Kattis).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OutputSource {
    File(PathBuf),
    Stdin,
}

impl OutputSource {
    /// [`read_capped`] from the file or from stdin.
    pub fn read_capped(&self, cap: u64) -> io::Result<Capped> {
        match self {
            OutputSource::File(path) => read_capped(path, cap),
            OutputSource::Stdin => read_capped_from(io::stdin().lock(), cap),
        }
    }

    /// For messages: the file's path or `stdin`.
    pub fn describe(&self) -> String {
        match self {
            OutputSource::File(path) => path.display().to_string(),
            OutputSource::Stdin => "stdin".to_owned(),
        }
    }
}

/// The largest jury answer a checker accepts to read (the project's largest answers, a
/// million `Case i: x` lines, are about 20 MB).
pub const ANSWER_CAP: u64 = 512 << 20;

/// How much of the contestant's output is read for an answer of `answer_len` bytes: every
/// line may carry generous whitespace and CR, so four times the answer plus 1 MiB. An output
/// longer than that is PE "output too large", whatever it holds.
pub fn output_cap(answer_len: usize) -> u64 {
    (answer_len as u64)
        .saturating_mul(4)
        .saturating_add(1 << 20)
}
