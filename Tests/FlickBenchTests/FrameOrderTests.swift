import Testing
@testable import flick_bench

/// The frames part interleaves its variants in the rows of a balanced Latin square, so no
/// variant is timed more often right after another (a warm cache favours what follows a frame
/// that read the same textures).
struct FrameOrderTests {
    @Test(arguments: 1...7)
    func everyVariantFollowsEveryOtherEquallyOften(n: Int) {
        let order = FrameOrder(variants: n)
        var follows: [[Int]: Int] = [:]
        var places: [[Int]: Int] = [:]
        for row in order.rows {
            #expect(row.sorted() == Array(0..<n))
            for (k, v) in row.enumerated() { places[[v, k], default: 0] += 1 }
            for k in row.indices.dropLast() { follows[[row[k], row[k + 1]], default: 0] += 1 }
        }
        #expect(order.rows.count == (n == 1 ? 1 : (n % 2 == 0 ? n : 2 * n)))
        // Each ordered pair of distinct variants, equally often.
        #expect(follows.count == n * (n - 1))
        #expect(Set(follows.values).count <= 1)
        // Each variant in each place, equally often.
        #expect(places.count == n * n)
        #expect(Set(places.values).count == 1)
    }

    @Test func fiveVariantsTakeTenRowsAndTheBaselineNoLongerAlwaysFollowsNoShadow() {
        let order = FrameOrder(variants: 5)
        #expect(order.rows.count == 10)
        #expect(order.rows[0] == [0, 1, 4, 2, 3])
        // 1 = no shadow, 2 = baseline: each comes right after the other in as many rows.
        let noShadowThenBaseline = order.rows.filter { r in zip(r, r.dropFirst()).contains { $0 == (1, 2) } }.count
        let baselineThenNoShadow = order.rows.filter { r in zip(r, r.dropFirst()).contains { $0 == (2, 1) } }.count
        #expect(noShadowThenBaseline == 2)
        #expect(baselineThenNoShadow == 2)
        #expect(order.row(10) == order.row(0))
        #expect(order.row(13) == order.rows[3])
    }
}
