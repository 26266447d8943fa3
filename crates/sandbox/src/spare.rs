//! The next run's namespaces and box, made while this run goes on.
//!
//! Making a run's namespaces and box is most of its start (the network namespace alone is
//! about 0.6 ms). After each confined start, a thread forks a holder process that makes the
//! namespaces and the box for the next run of the same command by the code the child would
//! run ([`Confinement::enter`]), says it is ready and waits; the thread opens the namespaces
//! (`/proc/<holder>/ns/*`), kills the holder and keeps the descriptors. The next start of the
//! same command from the same folder, its files unchanged ([`crate::mounts::View::unchanged`]),
//! joins them (`setns`) instead of making them. Every run still gets namespaces and a scratch
//! space that no other run has been in: the holder was their only process, and it is dead
//! before the run starts. A start that finds no spare for its command makes its own, as
//! before.

use crate::spawn::Confinement;
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

/// The namespaces of one future run, held by descriptors, in the order the child joins them
/// (the user namespace first, where there is one: it gives the rights to join the others).
pub(crate) struct Spare {
    joins: Vec<(OwnedFd, libc::c_int)>,
    /// Whether the box is closed already ([`Confinement::make_ahead`]).
    closed: bool,
}

impl Spare {
    /// Whether the box is closed already: the child only goes into its working folder.
    pub(crate) fn closed(&self) -> bool {
        self.closed
    }

    /// Copies of the namespaces' descriptors, for [`crate::measure::Tree`] to hold until the
    /// run is over ([`release`]); empty if one cannot be copied.
    pub(crate) fn held(&self) -> Vec<OwnedFd> {
        self.joins
            .iter()
            .map(|(fd, _)| fd.try_clone())
            .collect::<io::Result<_>>()
            .unwrap_or_default()
    }

    /// In the child, between fork and exec: joins the namespaces; the mount namespace's root,
    /// the box, becomes the child's root and working folder.
    ///
    /// # Safety
    /// Only system calls; call only in a single-threaded child, between fork and exec.
    pub(crate) unsafe fn enter(&self) -> io::Result<()> {
        for (fd, kind) in &self.joins {
            if libc::setns(fd.as_raw_fd(), *kind) < 0 {
                return Err(io::Error::last_os_error());
            }
        }
        Ok(())
    }
}

/// Closes a finished run's namespace descriptors on a thread of its own. The last reference to
/// a mount namespace unmounts the box (its binds, its scratch space) when it goes, which takes
/// about as long as the run's start: held by [`crate::measure::Tree`] past the run's end, the
/// namespaces go here instead of in the run's last exiting process, whose exit the referee
/// waits for.
pub(crate) fn release(held: Vec<OwnedFd>) {
    use std::sync::mpsc::{channel, Sender};
    static CLOSER: Mutex<Option<Sender<Vec<OwnedFd>>>> = Mutex::new(None);
    let Ok(mut closer) = CLOSER.lock() else {
        return;
    };
    if closer.is_none() {
        let (tx, rx) = channel::<Vec<OwnedFd>>();
        let started = std::thread::Builder::new()
            .name("sandbox-release".into())
            .spawn(move || rx.into_iter().for_each(drop));
        if started.is_err() {
            return;
        }
        *closer = Some(tx);
    }
    if let Some(tx) = closer.as_ref() {
        let _ = tx.send(held);
    }
}

/// The spare being made or made, with what it was made for.
struct Pending {
    command: Vec<String>,
    scratch_bytes: u64,
    with_pid_namespace: bool,
    confinement: Arc<Confinement>,
    job: JoinHandle<Option<Spare>>,
}

static NEXT: Mutex<Option<Pending>> = Mutex::new(None);

/// The confinement and spare namespaces made for `command`, when the last start made them for
/// the same command, scratch size, working folder and files; `None` otherwise (a spare made
/// for something else is dropped).
pub(crate) fn take(
    command: &[String],
    scratch_bytes: u64,
    with_pid_namespace: bool,
) -> Option<(Arc<Confinement>, Spare)> {
    let pending = NEXT.lock().ok()?.take()?;
    // A spare made for something else is not waited for: its thread drops it.
    let same = pending.command == command
        && pending.scratch_bytes == scratch_bytes
        && pending.with_pid_namespace == with_pid_namespace
        && pending.confinement.view.unchanged();
    if !same {
        return None;
    }
    let spare = pending.job.join().ok().flatten()?;
    Some((pending.confinement, spare))
}

/// Starts making the spare for the next run of `command` in the background.
pub(crate) fn prepare(
    command: Vec<String>,
    scratch_bytes: u64,
    with_pid_namespace: bool,
    confinement: Arc<Confinement>,
) {
    let for_holder = Arc::clone(&confinement);
    let Ok(job) = std::thread::Builder::new()
        .name("sandbox-spare".into())
        .spawn(move || make(&for_holder, with_pid_namespace))
    else {
        return;
    };
    if let Ok(mut next) = NEXT.lock() {
        *next = Some(Pending {
            command,
            scratch_bytes,
            with_pid_namespace,
            confinement,
            job,
        });
    }
}

/// Forks the holder, waits until it has made the namespaces and the box, opens them and
/// kills it. `None` when any step fails (the next start then makes its own).
fn make(confinement: &Confinement, with_pid_namespace: bool) -> Option<Spare> {
    let mut fds = [0; 2];
    // SAFETY: pipe2 into a local array.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } < 0 {
        return None;
    }
    // SAFETY: both descriptors were just made and are owned here alone.
    let (ready_r, ready_w) =
        unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
    // SAFETY: getpid has no arguments.
    let referee = unsafe { libc::getpid() };
    // SAFETY: the child makes only system calls (Confinement::enter's, write, pause, _exit)
    // on memory made before the fork.
    let pid = unsafe { libc::fork() };
    if pid < 0 {
        return None;
    }
    if pid == 0 {
        // SAFETY: in the forked child, only system calls.
        unsafe {
            hold(
                confinement,
                with_pid_namespace,
                referee,
                ready_w.as_raw_fd(),
            )
        }
    }
    drop(ready_w);
    let mut byte = 0u8;
    // SAFETY: a one-byte read into a local.
    let ready = unsafe { libc::read(ready_r.as_raw_fd(), (&mut byte as *mut u8).cast(), 1) } == 1;
    let closed = byte == CLOSED;
    let joins = if ready { open_namespaces(pid) } else { None };
    // SAFETY: the holder is this thread's own child; nothing else waits for it.
    unsafe {
        libc::kill(pid, libc::SIGKILL);
        let mut status = 0;
        while libc::waitpid(pid, &mut status, 0) < 0
            && io::Error::last_os_error().raw_os_error() == Some(libc::EINTR)
        {}
    }
    Some(Spare {
        joins: joins?,
        closed,
    })
}

/// What the holder says when the box is made, and when it is closed too.
const MADE: u8 = b'+';
const CLOSED: u8 = b'c';

/// The holder's whole life: makes the namespaces and the box, says so on `ready`, waits to
/// be killed.
///
/// # Safety
/// Only in the child of [`make`]'s fork.
unsafe fn hold(
    confinement: &Confinement,
    with_pid_namespace: bool,
    referee: libc::pid_t,
    ready: libc::c_int,
) -> ! {
    // Killed with the thread that made it, whatever happens to the referee; a referee gone
    // before the request was made (its exit racing the fork) shows as another parent.
    libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
    if libc::getppid() != referee {
        libc::_exit(1);
    }
    // Nothing of the referee's is held open by the holder, its standard streams included: a
    // pipe's end held here would keep the referee's reader from its EOF.
    for fd in 0..ready {
        libc::close(fd);
    }
    crate::fds::close_range(
        ready as libc::c_uint + 1,
        libc::c_uint::MAX,
        crate::fds::Action::Close,
    );
    if let Ok(closed) = confinement.make_ahead(with_pid_namespace) {
        let said = if closed { CLOSED } else { MADE };
        // No one to tell (the thread is gone): nothing to wait for.
        if libc::write(ready, (&said as *const u8).cast(), 1) == 1 {
            loop {
                libc::pause();
            }
        }
    }
    libc::_exit(1)
}

/// Descriptors of the holder's namespaces, in the order a child joins them.
fn open_namespaces(pid: libc::pid_t) -> Option<Vec<(OwnedFd, libc::c_int)>> {
    // SAFETY: geteuid has no arguments.
    let root = unsafe { libc::geteuid() } == 0;
    let kinds = [
        ("user", libc::CLONE_NEWUSER),
        ("mnt", libc::CLONE_NEWNS),
        ("ipc", libc::CLONE_NEWIPC),
        ("net", libc::CLONE_NEWNET),
        ("uts", libc::CLONE_NEWUTS),
    ];
    kinds
        .iter()
        .filter(|(name, _)| !(root && *name == "user"))
        .map(|&(name, kind)| {
            let file = std::fs::File::open(format!("/proc/{pid}/ns/{name}")).ok()?;
            Some((OwnedFd::from(file), kind))
        })
        .collect()
}
