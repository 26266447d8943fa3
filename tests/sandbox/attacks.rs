//! The box against the attacks of docs/sandbox.md (tests/fixtures/hostile/tries_to_escape.sh,
//! the rows bench/hostile.sh also plays): each tried from inside a `referee play` run as root
//! and, where the tests run as root, as `nobody`; each must fail, so the perfect player plays
//! after it and the verdict is OK, alone on the referee's stdout. The referee is started with
//! two more descriptors open (7 on its own stdout, 9 on a host file) and a variable of its
//! own (`SECRET`) that is not passed.

use super::hostile::{fixture, root};
use crate::common;

use std::os::fd::AsRawFd;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::Command;

/// One attack: the referee's stdout, and what reached the host file on descriptor 9.
fn attack(nobody: bool, name: &str, tag: &str, files: &str, dir: &Path) -> (String, String) {
    let nine = dir.join(format!("nine-{name}-{nobody}"));
    let file = std::fs::File::create(&nine).unwrap();
    let fd = file.as_raw_fd();
    let mut cmd = super::hostile::referee_as(nobody);
    cmd.args(["play", common::a_game(), "--rounds", "1", "--seed", "1"])
        .args([
            "-E",
            "HOSTILE_ATTACK",
            "-E",
            "HOSTILE_TAG",
            "-E",
            "HOSTILE_FILES",
        ])
        .arg("--")
        .arg(fixture("tries_to_escape.sh"))
        .args([common::bin(common::a_game()).as_str(), "--play"])
        .env("HOSTILE_ATTACK", name)
        .env("HOSTILE_TAG", tag)
        .env("HOSTILE_FILES", files)
        .env("SECRET", "the referee's");
    // SAFETY: dup2 only, between fork and exec; std's stdio is in place by then.
    unsafe {
        cmd.pre_exec(move || {
            if libc::dup2(1, 7) < 0 || libc::dup2(fd, 9) < 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let out = cmd.output().unwrap();
    drop(file);
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        std::fs::read_to_string(&nine).unwrap(),
    )
}

/// Whether `nobody` can run the referee and read the fixtures, and with `temp` enter the
/// temporary folder the tests make their shared folders in: not from a checkout in a folder
/// only root may enter, nor (`temp`) with a private `TMPDIR`; then a test run as nobody cannot
/// run, and says why (CI's clone and temporary folder are open to others).
pub fn nobody_reaches_the_test_files(temp: bool) -> bool {
    let mut test = Command::new("setpriv");
    test.args([
        "--reuid=nobody",
        "--regid=nogroup",
        "--clear-groups",
        "test",
        "-x",
    ])
    .arg(env!("CARGO_BIN_EXE_referee"))
    .args(["-a", "-r"])
    .arg(fixture("tries_to_escape.sh"));
    if temp {
        test.args(["-a", "-x"]).arg(std::env::temp_dir());
    }
    let reaches = test.status().is_ok_and(|s| s.success());
    if !reaches {
        common::cannot_run(
            "nobody cannot reach this checkout or the temporary folder (a private folder): not tried as nobody",
        );
    }
    reaches
}

fn every_attack_fails(nobody: bool) {
    if nobody && !nobody_reaches_the_test_files(false) {
        return;
    }
    if !combgames_sandbox::pid_namespace_works() {
        common::cannot_run("no namespaces here: the box's attacks are not tried");
        return;
    }
    let dir = common::TempDir::new("sandbox-attacks");
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&*dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    // What the box must not show: a world-readable file, a socket and a FIFO open to all, the
    // referee, a solution of the project that is not the command's, the project itself.
    let host_file = dir.join("host.txt");
    std::fs::write(&host_file, "secret\n").unwrap();
    let socket_path = dir.join("socket");
    let _socket = std::os::unix::net::UnixListener::bind(&socket_path).unwrap();
    std::fs::set_permissions(&socket_path, std::fs::Permissions::from_mode(0o777)).unwrap();
    let fifo = dir.join("fifo");
    let c_fifo = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: mkfifo of a NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c_fifo.as_ptr(), 0o666) }, 0);
    let files = [
        env!("CARGO_BIN_EXE_referee").to_owned(),
        common::bin(common::another_game()),
        host_file.display().to_string(),
        socket_path.display().to_string(),
        fifo.display().to_string(),
        root().join("Cargo.toml").display().to_string(),
    ]
    .join(" ");
    // A listener of the host on an abstract name the fixture tries, and the name the first
    // abstract-socket run leaves in flight for the second.
    let tag = format!("{}-{nobody}", std::process::id());
    use std::os::linux::net::SocketAddrExt;
    let name = format!("combgames-host-{tag}");
    let address = std::os::unix::net::SocketAddr::from_abstract_name(name.as_bytes()).unwrap();
    let _host = std::os::unix::net::UnixListener::bind_addr(&address).unwrap();
    for name in [
        "inherited-fds",
        "see-referee",
        "host-files",
        "environment",
        "keyring",
        "sysv-shm",
        "memfd",
        "user-namespace",
        "abstract-socket",
        "abstract-socket",
        "write-host",
        "forge-verdict",
        "see-processes",
    ] {
        let (stdout, nine) = attack(nobody, name, &tag, &files, &dir);
        assert!(
            stdout.starts_with(&format!("OK {}", common::a_game())) && stdout.lines().count() == 1,
            "{name} (as nobody: {nobody}): {stdout}"
        );
        assert_eq!(
            nine, "",
            "{name} (as nobody: {nobody}): wrote to descriptor 9"
        );
    }
}

#[test]
fn every_attack_fails_for_the_referees_own_user() {
    every_attack_fails(false);
}

/// As `nobody`, where the tests run as root (CI): the user-namespace path.
#[test]
fn every_attack_fails_for_an_ordinary_user() {
    // SAFETY: geteuid has no arguments.
    if unsafe { libc::geteuid() } != 0 {
        common::cannot_run("not root; the referee's own user is the ordinary user, tried above");
        return;
    }
    every_attack_fails(true);
}
