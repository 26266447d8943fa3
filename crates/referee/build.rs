//! Embeds the project's samples (samples/<problem>/<name>.in with <name>.out, or <name>.ans)
//! into the referee, so that `referee judge` finds its default samples wherever the binary is:
//! an installed or copied referee needs no source tree. Writes `$OUT_DIR/samples.rs`, a table
//! of every folder of samples/ by name, each sample by name order, read by
//! src/judge/sources.rs.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let samples = manifest.join("../../samples");
    // A folder: cargo reruns this script when anything under it changes.
    println!("cargo:rerun-if-changed={}", samples.display());
    println!("cargo:rerun-if-changed=build.rs");
    let mut problems: Vec<PathBuf> = std::fs::read_dir(&samples)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.is_dir())
                .collect()
        })
        .unwrap_or_default();
    problems.sort();
    let mut table = String::from(
        "/// Each folder of samples/: its name, and its samples (name, input, answer) in name order.\n\
         pub static EMBEDDED: &[(&str, &[Embedded])] = &[\n",
    );
    for dir in &problems {
        let name = file_name(dir);
        let _ = writeln!(table, "    ({name:?}, &[");
        let mut inputs: Vec<PathBuf> = std::fs::read_dir(dir)
            .expect("a samples folder")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "in"))
            .collect();
        inputs.sort();
        for input in inputs {
            let Some(answer) = ["out", "ans"]
                .into_iter()
                .map(|ext| input.with_extension(ext))
                .find(|answer| answer.is_file())
            else {
                continue;
            };
            let stem = input
                .file_stem()
                .map_or(String::new(), |s| s.to_string_lossy().into_owned());
            let _ = writeln!(
                table,
                "        ({stem:?}, include_bytes!({:?}), include_bytes!({:?})),",
                absolute(&input),
                absolute(&answer)
            );
        }
        table.push_str("    ]),\n");
    }
    table.push_str("];\n");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets it"));
    std::fs::write(out.join("samples.rs"), table).expect("writing $OUT_DIR/samples.rs");
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map_or(String::new(), |s| s.to_string_lossy().into_owned())
}

fn absolute(path: &Path) -> String {
    path.canonicalize()
        .unwrap_or_else(|_| path.to_path_buf())
        .to_string_lossy()
        .into_owned()
}
