import Testing
@testable import FlickEngine

@Suite struct RubberBandTests {
    @Test(arguments: [-5000.0, -300, -1, 0, 0.001, 1, 100, 600, 1e6])
    func inverseIsExact(x: Double) {
        let band = RubberBand()
        let s = band.shown(overscroll: x, dimension: 600)
        #expect(abs(s) < 600, "never further than one viewport")
        #expect((s < 0) == (x < 0), "sign kept")
        let back = band.overscroll(shown: s, dimension: 600)
        #expect(abs(back - x) <= 1e-9 * max(1, abs(x)) * 1e3)
    }

    @Test func resistanceGrows() {
        let band = RubberBand()
        // Small pulls follow almost 1:c; each further point shows less.
        #expect(abs(band.shown(overscroll: 1, dimension: 600) - 0.55) < 0.01)
        let a = band.shown(overscroll: 100, dimension: 600), b = band.shown(overscroll: 200, dimension: 600)
        #expect(b - a < a)
    }

    @Test func offsetsOutsideBoundsOnly() {
        let band = RubberBand()
        #expect(band.shownOffset(raw: 50, lower: 0, upper: 100, dimension: 400) == 50)
        let shown = band.shownOffset(raw: 160, lower: 0, upper: 100, dimension: 400)
        #expect(abs(shown - (100 + band.shown(overscroll: 60, dimension: 400))) < 1e-12)
        #expect(abs(band.rawOffset(shown: shown, lower: 0, upper: 100, dimension: 400) - 160) < 1e-9)
    }

    @Test func degenerateDimensionIsAHardStop() {
        let band = RubberBand()
        #expect(band.shown(overscroll: 100, dimension: 0) == 0)
        #expect(band.overscroll(shown: 100, dimension: 0) == 0)
        #expect(band.overscroll(shown: 600, dimension: 600).isFinite, "at the asymptote: finite")
        #expect(band.shown(overscroll: .nan, dimension: 600) == 0)
    }
}
