//! The test process's own memory, for the servers' hostile-peer tests
//! (`tests/servers.rs`).

/// The process's anonymous resident memory (`RssAnon` of `/proc/self/status`), in bytes;
/// 0 where that file does not exist (the tests that use it then check nothing about
/// memory: they run on Linux in CI).
pub fn rss_anon() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("RssAnon:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .map_or(0, |kb| kb * 1024)
}
