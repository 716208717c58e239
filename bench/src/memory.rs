//! This process's memory, read from `/proc/self/status` (the servers under
//! test run in this process).

/// A `kB` field of `/proc/self/status` (`VmRSS`, `VmHWM`).
pub fn proc_kb(field: &str) -> Option<u64> {
    std::fs::read_to_string("/proc/self/status")
        .ok()?
        .lines()
        .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// Resets `VmHWM` to the current resident set (Linux ≥ 4.0); false when
/// the kernel refuses (the peak is then only sampled).
pub fn reset_peak() -> bool {
    std::fs::write("/proc/self/clear_refs", "5").is_ok()
}
