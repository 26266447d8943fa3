//! scripts/tex-styles.sh, the check that decides whether `make verify-packages` renders the
//! statements: run here with a stand-in for `kpsewhich` ($KPSEWHICH) that knows every file
//! but the ones a test leaves out, so a half-present TeX is made without touching the
//! machine's. Its table of files and Debian packages is read here only to name the packages
//! docs/overview.md's set-up must list.

use crate::common::TempDir;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs tex-styles.sh (no --install) with a `kpsewhich` that finds every file but `absent`:
/// its exit code and stdout.
fn styles_without(scratch: &Path, absent: &[&str]) -> (Option<i32>, String) {
    let stub = scratch.join("kpsewhich");
    let cases: String = absent.iter().map(|f| format!("{f}) exit 1 ;; ")).collect();
    std::fs::write(
        &stub,
        format!("#!/bin/sh\ncase \"$1\" in {cases}*) echo \"/texmf/$1\" ;; esac\n"),
    )
    .unwrap();
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&stub, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    run(&stub)
}

fn run(kpsewhich: &Path) -> (Option<i32>, String) {
    let out = Command::new(root().join("scripts/tex-styles.sh"))
        .env("KPSEWHICH", kpsewhich)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// The machine: lualatex and latexmk, but no Debian texlive-science (siunitx, which
/// BAPCtools' bapc.cls loads) and no texlive-pictures (tikz-qtree): one line naming the files
/// and the two packages, exit 1 (the callers skip the statements).
#[test]
fn a_half_present_tex_is_named_in_one_line_with_its_debian_packages() {
    let scratch = TempDir::new("tex-styles");
    let (code, out) = styles_without(&scratch, &["siunitx.sty", "tikz-qtree.sty"]);
    assert_eq!(code, Some(1), "{out}");
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(
        out.starts_with("tex-styles: TeX lacks siunitx.sty tikz-qtree.sty: ")
            && out.contains("apt-get install texlive-science texlive-pictures)"),
        "{out}"
    );
    let (code, out) = styles_without(&scratch, &["memoir.cls"]);
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("Debian's texlive-latex-recommended "), "{out}");
}

#[test]
fn a_complete_tex_passes_and_no_tex_is_said_so() {
    let scratch = TempDir::new("tex-styles");
    let (code, out) = styles_without(&scratch, &[]);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.starts_with("tex-styles: all "), "{out}");
    let (code, out) = run(&scratch.join("no-such-kpsewhich"));
    assert_eq!(code, Some(1), "{out}");
    assert!(out.starts_with("tex-styles: no TeX here"), "{out}");
}

/// `--install` (CI's way) as root with apt-get: the missing files' Debian packages are
/// installed, then the check runs again and passes. A stand-in apt-get (first on PATH) records
/// its arguments and makes the stand-in kpsewhich find everything from then on. Not as root,
/// nothing is installed and the one line names the packages.
#[test]
fn install_asks_apt_get_for_the_missing_packages_and_checks_again() {
    let scratch = TempDir::new("tex-styles-install");
    let bin = scratch.join("bin");
    std::fs::create_dir(&bin).unwrap();
    let log = scratch.join("apt-get.log");
    let installed = scratch.join("installed");
    let script = |path: &Path, text: String| {
        use std::os::unix::fs::PermissionsExt;
        std::fs::write(path, text).unwrap();
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
    };
    script(
        &bin.join("apt-get"),
        format!(
            "#!/bin/sh\necho \"$*\" >>{}\n[ \"$1\" = install ] && touch {}\nexit 0\n",
            log.display(),
            installed.display()
        ),
    );
    let kpsewhich = scratch.join("kpsewhich");
    script(
        &kpsewhich,
        format!(
            "#!/bin/sh\n[ -e {} ] && exit 0\ncase \"$1\" in siunitx.sty) exit 1 ;; esac\n",
            installed.display()
        ),
    );
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap());
    let out = Command::new(root().join("scripts/tex-styles.sh"))
        .arg("--install")
        .env("KPSEWHICH", &kpsewhich)
        .env("PATH", path)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let root_user = Command::new("id").arg("-u").output().unwrap().stdout == b"0\n";
    if root_user {
        assert_eq!(out.status.code(), Some(0), "{stdout}");
        assert!(stdout.starts_with("tex-styles: all "), "{stdout}");
        let calls = std::fs::read_to_string(&log).unwrap();
        assert_eq!(calls, "update -q\ninstall -y -q texlive-science\n");
    } else {
        assert_eq!(out.status.code(), Some(1), "{stdout}");
        assert!(
            stdout.contains("apt-get install texlive-science)"),
            "{stdout}"
        );
        assert!(!log.exists());
    }
}

/// Every Debian package the check may name is in docs/overview.md's set-up list, so a reader who follows
/// it gets a TeX the check passes.
#[test]
fn readme_names_every_debian_package_of_the_styles() {
    let script = std::fs::read_to_string(root().join("scripts/tex-styles.sh")).unwrap();
    let table = script
        .split("STYLES='")
        .nth(1)
        .unwrap()
        .split('\'')
        .next()
        .unwrap();
    let readme = std::fs::read_to_string(root().join("docs/overview.md")).unwrap();
    let at = readme
        .find("apt-get install latexmk")
        .expect("docs/overview.md's TeX line");
    let listed: Vec<&str> = readme[at..]
        .split("\n\n")
        .next()
        .unwrap()
        .split_whitespace()
        .collect();
    let mut packages: Vec<&str> = table.lines().filter_map(|l| l.split(' ').nth(1)).collect();
    packages.dedup();
    assert!(packages.len() >= 8, "{packages:?}");
    for package in packages {
        assert!(
            listed.contains(&package),
            "docs/overview.md's set-up lacks {package}"
        );
    }
}
