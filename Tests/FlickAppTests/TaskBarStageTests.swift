import FlickEngine
@testable import FlickApp
import FlickStage
import Testing

/// The participant's task bar and the phone-sized stage in the window: with the bar's height as
/// the stage's bottom inset the stage ends above the bar, at every margin and for the phone's own
/// viewport (with and without the page's panel); without it, the bar covered the stage's bottom.
@Suite struct TaskBarStageTests {
    static func overlap(_ viewport: Size, window: Size, margin: Double, inset: Double) -> Double {
        let stage = Stage(viewport: viewport, window: window, margin: margin, bottomInset: inset)
        let bar = ParticipantPanelLayout(.taskBar(text: "Task 1 of 2: t"), window: window).panel
        return max(0, stage.frame.maxY - bar.minY)
    }

    /// 1280x800, a 390x844 phone: the bar (64 pt) covered the stage's bottom 52 pt in
    /// presentation (margin 0.015 of 800: the stage 12 to 788, the bar from 736) and 32 pt
    /// outside it (margin 32: the stage 32 to 768); kept clear, it covers none.
    @Test func theBarCoveredThePhonesBottomAndNoLonger() {
        let window = Size(width: 1280, height: 800), phone = Size(width: 390, height: 844)
        #expect(Self.overlap(phone, window: window, margin: 0.015, inset: 0) == 52)
        #expect(Self.overlap(phone, window: window, margin: 0.04, inset: 0) == 32)
        let inset = ParticipantPanelLayout(.taskBar(text: "t"), window: window).panel.height
        #expect(inset == 64)
        #expect(Self.overlap(phone, window: window, margin: 0.015, inset: inset) == 0)
        #expect(Self.overlap(phone, window: window, margin: 0.04, inset: inset) == 0)
        let kept = Stage(viewport: phone, window: window, margin: 0.015, bottomInset: inset)
        #expect(kept.frame.maxY == 724 && kept.origin.y == 12)
    }

    @Test(arguments: [Size(width: 1280, height: 800), Size(width: 1920, height: 1080), Size(width: 480, height: 640),
                      Size(width: 700, height: 760), Size(width: 320, height: 300)])
    func noWindowSizeLetsTheBarCoverTheStage(_ window: Size) {
        for viewport in [Size(width: 390, height: 844), Size(width: 390, height: 717), Size(width: 844, height: 390)] {
            for margin in [0.015, 0.04] {
                let inset = ParticipantPanelLayout(.taskBar(text: "t"), window: window).panel.height
                #expect(Self.overlap(viewport, window: window, margin: margin, inset: inset) == 0, "\(window) \(viewport) \(margin)")
            }
        }
        // A stage that fills the window keeps no inset (the bar is over it as over the window).
        #expect(Stage(viewport: nil, window: window, bottomInset: 64).bottomInset == 0)
    }
}
