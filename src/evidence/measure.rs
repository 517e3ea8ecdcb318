//! How `bench` and `gain` measure: items on threads, and each step a
//! child process under limits.
//!
//! In: a list of items and a measurement; a command, a wall-clock limit
//! and a memory limit. Out: the results in the order of the items; for a
//! command, how it ended (exit, timeout, out of memory), its stdout and
//! stderr, the seconds taken and the peak memory of its process tree.
//!
//! The whole process tree of a run is sampled from /proc (CBMC's
//! `bin/cbmc` may be a wrapper script, and CBMC runs the preprocessor as a
//! child) and killed at either limit, so one run away program costs one
//! limit and the others go on.

use std::collections::{HashMap, HashSet};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use wait_timeout::ChildExt;

/// How often the memory of the known processes of a run is sampled: a
/// sample costs a read of /proc/PID/status each, and what grows after the
/// last sample of a run is lost (its high-water mark goes with it), so the
/// interval is short against runs of a tenth of a second.
const SAMPLE_EVERY: Duration = Duration::from_millis(5);

/// Every how many samples /proc is scanned for new processes of the tree
/// (reading the parent of every process costs more than a sample).
const RESCAN_EVERY: u32 = 4;

/// `measure` of every item on `jobs` threads, each item once, in the order
/// of `items`; `on_done` sees each result as it is finished (a progress
/// bar). For `bench` and `gain`, whose programs take seconds each.
pub fn measure_all<T: Sync, R: Send>(
    items: &[T],
    jobs: usize,
    measure: &(dyn Fn(&T) -> R + Sync),
    on_done: &(dyn Fn(&R) + Sync),
) -> Vec<R> {
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<R>>> = Mutex::new((0..items.len()).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, items.len().max(1)) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(i) else { break };
                    let r = measure(item);
                    on_done(&r);
                    results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(r);
                }
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .flatten()
        .collect()
}

/// How a measured process ended.
pub(super) enum End {
    Exited(ExitStatus),
    Timeout,
    OutOfMemory,
}

pub(super) struct Finished {
    pub(super) end: End,
    pub(super) stdout: String,
    pub(super) stderr: String,
    pub(super) seconds: f64,
    pub(super) peak_mib: f64,
}

/// The parent of `pid`, from /proc/PID/stat.
fn parent_of(pid: u32) -> Option<u32> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name, in parentheses, may itself contain spaces and
    // parentheses: the fields after it are "state ppid ...".
    let rest = stat.get(stat.rfind(')')? + 1..)?;
    rest.split_whitespace().nth(1)?.parse().ok()
}

/// `root` and its descendants, from the parent links in /proc (only
/// `root` where there is no /proc).
fn process_tree(root: u32) -> Vec<u32> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return vec![root];
    };
    let mut children: HashMap<u32, Vec<u32>> = HashMap::new();
    for e in entries.flatten() {
        let Some(pid) = e.file_name().to_str().and_then(|s| s.parse::<u32>().ok()) else {
            continue;
        };
        if let Some(ppid) = parent_of(pid) {
            children.entry(ppid).or_default().push(pid);
        }
    }
    let mut tree = vec![root];
    let mut seen: HashSet<u32> = tree.iter().copied().collect();
    let mut i = 0;
    while let Some(&p) = tree.get(i) {
        for &c in children.get(&p).map_or(&[][..], Vec::as_slice) {
            if seen.insert(c) {
                tree.push(c);
            }
        }
        i += 1;
    }
    tree
}

/// Current and peak resident memory of one process, in KiB (VmRSS and
/// VmHWM of /proc/PID/status); none once it has exited.
fn memory_kib(pid: u32) -> Option<(u64, u64)> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
    };
    Some((field("VmRSS:")?, field("VmHWM:").unwrap_or(0)))
}

/// Kill `child` and all its descendants, and reap `child`.
fn kill_tree(child: &mut Child) {
    #[cfg(unix)]
    {
        use rustix::process::{Pid, Signal, kill_process};
        let send = |pid: u32, sig: Signal| {
            if let Some(pid) = i32::try_from(pid).ok().and_then(Pid::from_raw) {
                let _ = kill_process(pid, sig);
            }
        };
        // Stop the tree first, until no new process turns up: a stopped
        // process starts no other, and a child killed before its parent
        // would lose its link to the tree.
        let mut stopped: Vec<u32> = Vec::new();
        for _ in 0..10 {
            let new: Vec<u32> = process_tree(child.id())
                .into_iter()
                .filter(|p| !stopped.contains(p))
                .collect();
            if new.is_empty() {
                break;
            }
            for &p in &new {
                send(p, Signal::STOP);
            }
            stopped.extend(new);
        }
        for &p in &stopped {
            send(p, Signal::KILL);
        }
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// `run_measured` without a memory limit: the exit code (None at the time
/// limit or on a signal), stdout, stderr and the seconds taken.
pub(super) fn run_limited(cmd: Command, limit: Duration) -> Result<(Option<i32>, String, String, f64), String> {
    let f = run_measured(cmd, limit, u64::MAX / 1024)?;
    let code = match f.end {
        End::Exited(status) => status.code(),
        End::Timeout | End::OutOfMemory => None,
    };
    Ok((code, f.stdout, f.stderr, f.seconds))
}

/// Run `cmd` with stdout and stderr into files (large outputs cannot block
/// the child), sampling the memory of its process tree, and kill the tree
/// at the wall-clock limit or when its resident memory passes the limit.
pub(super) fn run_measured(mut cmd: Command, time_limit: Duration, memory_limit_mib: u64) -> Result<Finished, String> {
    let out = tempfile::tempfile().map_err(|e| format!("temporary file: {e}"))?;
    let err = tempfile::tempfile().map_err(|e| format!("temporary file: {e}"))?;
    let out_read = out.try_clone().map_err(|e| e.to_string())?;
    let err_read = err.try_clone().map_err(|e| e.to_string())?;
    let start = Instant::now();
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(out)
        .stderr(err)
        .spawn()
        .map_err(|e| format!("cannot run {:?}: {e}", cmd.get_program()))?;
    let limit_kib = memory_limit_mib.saturating_mul(1024);
    let mut peak_kib = 0u64;
    let mut tree = vec![child.id()];
    let mut samples = 0u32;
    let end = loop {
        let left = time_limit.saturating_sub(start.elapsed());
        if left.is_zero() {
            kill_tree(&mut child);
            break End::Timeout;
        }
        match child.wait_timeout(left.min(SAMPLE_EVERY)) {
            Err(e) => {
                kill_tree(&mut child);
                return Err(e.to_string());
            }
            Ok(Some(status)) => break End::Exited(status),
            Ok(None) => {}
        }
        // The tree's current total is what the limit is about; a process's
        // own high-water mark also catches a peak between two samples.
        if samples.is_multiple_of(RESCAN_EVERY) {
            tree = process_tree(child.id());
        }
        samples = samples.wrapping_add(1);
        let (mut total, mut hwm) = (0u64, 0u64);
        for &pid in &tree {
            if let Some((rss, h)) = memory_kib(pid) {
                total += rss;
                hwm = hwm.max(h);
            }
        }
        peak_kib = peak_kib.max(total).max(hwm);
        if total > limit_kib {
            kill_tree(&mut child);
            break End::OutOfMemory;
        }
    };
    let seconds = start.elapsed().as_secs_f64();
    let read = |mut f: std::fs::File| {
        use std::io::{Read, Seek};
        let mut s = String::new();
        let _ = f.rewind();
        let _ = f.read_to_string(&mut s);
        s
    };
    Ok(Finished {
        end,
        stdout: read(out_read),
        stderr: read(err_read),
        seconds,
        peak_mib: peak_kib as f64 / 1024.0,
    })
}

/// Exit code, or the signal that ended the process.
pub(super) fn describe_exit(status: ExitStatus) -> (Option<i32>, String) {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(sig) = status.signal() {
            return (None, format!("killed by signal {sig}"));
        }
    }
    (status.code(), String::new())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tree_of_this_process_contains_a_child() {
        let Ok(mut child) = Command::new("sleep").arg("5").stdout(Stdio::null()).spawn() else {
            return;
        };
        let me = std::process::id();
        if std::fs::metadata("/proc/self/stat").is_ok() {
            assert!(process_tree(me).contains(&child.id()));
            assert!(memory_kib(me).is_some_and(|(rss, _)| rss > 0));
        }
        let started = Instant::now();
        kill_tree(&mut child);
        assert!(started.elapsed() < Duration::from_secs(4));
    }
}
