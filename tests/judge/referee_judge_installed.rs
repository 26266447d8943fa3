//! An installed referee works anywhere: `referee judge` copied out of the build, with only the
//! programs it runs beside it (the problem's reference solution and checker), judges from any
//! folder as the build's referee does: its samples are built into it, and no path of the
//! source tree is.

use crate::common;

/// The copy's verdicts, exit code and counts are the build's, run from another folder; the
/// binary holds no path of the source tree it was built from.
#[test]
fn a_copied_referee_judges_as_the_build_does_from_any_folder() {
    let dir = common::TempDir::new("installed-referee");
    let installed = dir.join("bin");
    let elsewhere = dir.join("elsewhere");
    std::fs::create_dir_all(&installed).unwrap();
    std::fs::create_dir_all(&elsewhere).unwrap();
    let problem = common::a_game();
    for name in [
        "referee".to_owned(),
        format!("check-{problem}"),
        problem.to_owned(),
    ] {
        std::fs::copy(common::bin(&name), installed.join(&name)).unwrap();
    }
    let solution = common::bin(problem);
    let args = [
        "judge", problem, "--tests", "2", "--seed", "3", "--", &solution,
    ];
    let run = |referee: &std::path::Path| {
        let out = std::process::Command::new(referee)
            .current_dir(&elsewhere)
            .args(args)
            .output()
            .expect("the referee runs");
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
        )
    };
    let (code, stdout) = run(&installed.join("referee"));
    let (tree_code, tree_stdout) = run(std::path::Path::new(&common::referee()));
    let verdicts = common::judge_verdicts(&stdout);
    assert_eq!(verdicts, common::judge_verdicts(&tree_stdout), "{stdout}");
    assert_eq!((code, tree_code), (Some(0), Some(0)), "{stdout}");
    let samples = verdicts
        .iter()
        .filter(|(test, _)| test.starts_with("sample-"))
        .count();
    assert!(samples > 0, "{stdout}");
    assert!(
        verdicts.iter().all(|(_, verdict)| verdict == "OK"),
        "{stdout}"
    );
    assert!(!elsewhere.join("judge-failures").exists());
    let tree = common::root().canonicalize().unwrap();
    let binary = std::fs::read(installed.join("referee")).unwrap();
    let path = tree.to_string_lossy().into_owned();
    assert!(
        !binary.windows(path.len()).any(|w| w == path.as_bytes()),
        "the referee holds the source tree's path {path}"
    );
}
