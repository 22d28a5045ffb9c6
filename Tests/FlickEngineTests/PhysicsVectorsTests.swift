import Foundation
import Testing
@testable import FlickEngine

/// The shared reference data (Fixtures/physics-vectors.json), decoded once per test.
private struct PhysicsVectors: Decodable {
    struct DecayCase: Decodable { let v0, rate, t, x, v: Double }
    struct ProjectionCase: Decodable { let v, rate, distance, distanceContinuous: Double }
    struct RubberBandCase: Decodable { let overscroll, dimension, c, shown: Double }
    struct SpringCase: Decodable {
        let from, velocity, dampingRatio, response, stiffness, damping, t, x: Double
    }
    struct PagingCase: Decodable {
        let offset, velocity, pageSize, rate: Double
        let currentPage, targetPage: Int
    }
    let decay: [DecayCase]
    let projection: [ProjectionCase]
    let rubberBand: [RubberBandCase]
    let spring: [SpringCase]
    let paging: [PagingCase]

    static func load() throws -> PhysicsVectors {
        let url = try #require(Bundle.module.url(forResource: "physics-vectors", withExtension: "json",
                                                 subdirectory: "Fixtures"))
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(PhysicsVectors.self, from: Data(contentsOf: url))
    }
}

/// |got − want| / |want| as a fraction (0.005 = 0.5 %).
private func relativeError(_ got: Double, _ want: Double) -> Double {
    abs(got - want) / max(abs(want), 1e-12)
}

/// Every vector of the reference file: positions within 0.5 pt, velocities and distances within 0.5 %.
@Suite struct PhysicsVectorsTests {
    @Test func fileHasEveryCategory() throws {
        let v = try PhysicsVectors.load()
        #expect(v.decay.count >= 4 && v.projection.count >= 4 && v.rubberBand.count >= 4)
        #expect(v.spring.count >= 4 && v.paging.count >= 4)
    }

    @Test func decay() throws {
        for c in try PhysicsVectors.load().decay {
            let d = Decay(position: 0, velocity: c.v0, rate: c.rate, time: 0)
            let x = d.position(at: c.t), v = d.velocity(at: c.t)
            #expect(abs(x - c.x) < 0.5, "decay x(\(c.t)) = \(x), want \(c.x)")
            #expect(relativeError(v, c.v) < 0.005, "decay v(\(c.t)) = \(v), want \(c.v)")
            // The same motion started later is the same curve shifted in time.
            let later = Decay(position: 10, velocity: c.v0, rate: c.rate, time: 5)
            #expect(abs(later.position(at: 5 + c.t) - 10 - c.x) < 0.5)
        }
    }

    @Test func projection() throws {
        for c in try PhysicsVectors.load().projection {
            let got = Decay.projectedDistance(velocity: c.v, rate: c.rate)
            // We use the continuous limit (the decay's true end), consistently, as `_about`
            // allows. (The discrete WWDC form is 0.1 % away at 0.998 but 0.5 % at 0.99.)
            #expect(relativeError(got, c.distanceContinuous) < 1e-5, "projection \(got) vs \(c.distanceContinuous)")
            #expect(relativeError(got, c.distance) < 0.006, "projection \(got) vs discrete \(c.distance)")
            // And it is where the decay actually ends.
            let d = Decay(position: 0, velocity: c.v, rate: c.rate)
            #expect(abs(d.position(at: 60) - got) < 1e-6)
        }
    }

    @Test func rubberBand() throws {
        for c in try PhysicsVectors.load().rubberBand {
            let band = RubberBand(coefficient: c.c)
            let shown = band.shown(overscroll: c.overscroll, dimension: c.dimension)
            #expect(abs(shown - c.shown) < 0.5, "band(\(c.overscroll)) = \(shown), want \(c.shown)")
            #expect(abs(band.shown(overscroll: -c.overscroll, dimension: c.dimension) + c.shown) < 0.5)
            #expect(abs(band.overscroll(shown: c.shown, dimension: c.dimension) - c.overscroll) < 0.5)
        }
    }

    @Test func spring() throws {
        for c in try PhysicsVectors.load().spring {
            let p = SpringParameters(dampingRatio: c.dampingRatio, response: c.response)
            #expect(relativeError(p.stiffness, c.stiffness) < 0.005)
            #expect(relativeError(p.damping, c.damping) < 0.005)
            // "x measured from rest": target 0.
            let s = Spring(from: c.from, to: 0, velocity: c.velocity, parameters: p, time: 0)
            let x = s.position(at: c.t)
            #expect(abs(x - c.x) < 0.5, "spring x(\(c.t)) = \(x), want \(c.x)")
        }
    }

    @Test func paging() throws {
        for c in try PhysicsVectors.load().paging {
            let d = Paging.decide(offset: c.offset, velocity: c.velocity, pageSize: c.pageSize,
                                  startPage: c.currentPage, rate: c.rate, maxPages: 1)
            #expect(d.targetPage == c.targetPage, "paging \(c) gave \(d)")
        }
    }
}
