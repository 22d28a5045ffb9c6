/// Orders of `n` conditions balanced for order and first-order carry-over (Williams, 1949):
/// every condition takes every position equally often, and every ordered pair of different
/// conditions is adjacent (one right after the other) equally often.
///
/// The first row is 0, 1, n-1, 2, n-2, 3, …; row r adds r to each entry (mod n). For an even
/// `n` these n rows are balanced on their own (each ordered pair adjacent once); for an odd
/// `n` no single square is, and the n rows are followed by their reverses (2n rows, each pair
/// adjacent twice).
package enum BalancedLatinSquare {
    /// The rows, each a permutation of 0..<n; n rows for an even n, 2n for an odd n.
    package static func rows(_ n: Int) -> [[Int]] {
        guard n > 0 else { return [] }
        var first: [Int] = [0]
        var low = 1, high = n - 1
        while first.count < n {
            first.append(low)
            low += 1
            if first.count < n {
                first.append(high)
                high -= 1
            }
        }
        let square = (0..<n).map { r in first.map { ($0 + r) % n } }
        return n % 2 == 0 || n == 1 ? square : square + square.map { Array($0.reversed()) }
    }

    /// How often each condition stands at each position: `[condition][position]`.
    package static func positionCounts(_ rows: [[Int]], n: Int) -> [[Int]] {
        var counts = Array(repeating: Array(repeating: 0, count: n), count: n)
        for row in rows { for (p, c) in row.enumerated() { counts[c][p] += 1 } }
        return counts
    }

    /// How often condition `a` comes right before `b`: `[a][b]`.
    package static func adjacencyCounts(_ rows: [[Int]], n: Int) -> [[Int]] {
        var counts = Array(repeating: Array(repeating: 0, count: n), count: n)
        for row in rows { for (a, b) in zip(row, row.dropFirst()) { counts[a][b] += 1 } }
        return counts
    }
}
