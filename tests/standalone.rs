//! Every solution must compile on its own with plain `rustc`, std only, so it can be pasted
//! into a judge as it is: this test compiles each file of `solutions/` outside cargo.

use std::path::Path;
use std::process::Command;

#[test]
fn every_solution_compiles_alone_with_rustc() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out_dir = std::env::temp_dir().join(format!("standalone-{}", std::process::id()));
    std::fs::create_dir_all(&out_dir).unwrap();
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let mut files: Vec<_> = std::fs::read_dir(root.join("solutions"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .collect();
    files.sort();
    assert!(
        files.len() >= 6,
        "expected the six solutions, found {files:?}"
    );
    for file in &files {
        let name = file.file_stem().unwrap().to_string_lossy().into_owned();
        let out = Command::new(&rustc)
            .args(["--edition", "2021", "-O", "--crate-type", "bin", "-o"])
            .arg(out_dir.join(&name))
            .arg(file)
            .output()
            .unwrap_or_else(|e| panic!("cannot run {rustc}: {e}"));
        assert!(
            out.status.success(),
            "{} does not compile alone:\n{}",
            file.display(),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    std::fs::remove_dir_all(&out_dir).ok();
}
