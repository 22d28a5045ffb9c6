import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Nanoseconds on CLOCK_MONOTONIC: one clock for every process on the machine, so flick-bench
/// (the parent) and the app (its child) can subtract each other's readings.
private func monotonicNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// Milliseconds since this process started, from /proc/self/stat's start time (clock ticks
/// after boot, so 10 ms resolution) against CLOCK_BOOTTIME; nil when unreadable.
private func processAgeMilliseconds() -> Double? {
    guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")") else { return nil }
    // Fields after "(comm)": state is field 3, starttime field 22.
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
    let hz = Double(sysconf(Int32(_SC_CLK_TCK)))
    var ts = timespec()
    clock_gettime(CLOCK_BOOTTIME, &ts)
    let uptime = Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    return (uptime - ticks / hz) * 1000
}

/// With `FLICK_FIRST_PRESENT_PROBE` set, the app prints one line when its first frame has been
/// presented and exits: `flick-first-present monotonic_ns=<CLOCK_MONOTONIC> age_ms=<from /proc>`.
/// `flick-bench` launches the app this way to time process start to first frame.
enum FirstPresentProbe {
    static let variable = "FLICK_FIRST_PRESENT_PROBE"
    static let enabled = getenv(variable) != nil

    static func didPresent() {
        guard enabled else { return }
        let now = monotonicNanoseconds()
        let age = processAgeMilliseconds().map { String(format: "%.1f", $0) } ?? "nan"
        let line = "flick-first-present monotonic_ns=\(now) age_ms=\(age)\n"
        line.withCString { _ = write(2, $0, strlen($0)) }
        exit(0)
    }
}

