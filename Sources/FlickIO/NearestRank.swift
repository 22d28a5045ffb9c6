/// The `p` percentile of `sorted` (ascending, not empty) by nearest rank: the smallest value
/// with at least `p` of the values at or below it. The one rule behind every median, p90 and
/// p99 of frame times, latencies and leads the app and the bench print.
package func nearestRank(_ sorted: [Double], _ p: Double) -> Double {
    sorted[min(sorted.count - 1, max(0, Int((p * Double(sorted.count)).rounded(.up)) - 1))]
}
