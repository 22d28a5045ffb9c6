@testable import FlickApp
@testable import FlickStudy
import FlickCLI
import FlickPhone
import FlickEngine
import FlickStage
import Testing

/// `flick export` without --size frames the recorded stage: the video has the stage's aspect
/// (a portrait phone gets a portrait video), its longer side 1280, each side even for H.264.
struct ExportFramingTests {
    @Test func theDefaultFrameHasTheStagesAspect() {
        let phone = Export.defaultSize(viewport: Size(width: 390, height: 844))
        #expect(phone.width == 592 && phone.height == 1280, "\(phone)")
        let tablet = Export.defaultSize(viewport: Size(width: 1024, height: 768))
        #expect(tablet.width == 1280 && tablet.height == 960, "\(tablet)")
        for v in [Size(width: 375, height: 667), Size(width: 390, height: 844), Size(width: 1280, height: 800),
                  Size(width: 1, height: 16384), Size(width: 700, height: 700)] {
            let (w, h) = Export.defaultSize(viewport: v)
            #expect(w % 2 == 0 && h % 2 == 0 && w >= 64 && h >= 64 && max(w, h) == 1280, "\(v): \(w)x\(h)")
            #expect((w >= h) == (v.width >= v.height), "\(v): \(w)x\(h) turns the stage")
        }
        // The phone inside it as the export draws it (Stage's 4 % margin): over 90 % of the width.
        let stage = Stage(viewport: Size(width: 390, height: 844), window: Size(width: 592, height: 1280))
        #expect(stage.frame.width / 592 > 0.9, "\(stage.frame)")
    }
}
