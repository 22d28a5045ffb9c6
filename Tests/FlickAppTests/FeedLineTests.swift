import FlickEngine
import FlickSDL
@testable import FlickApp
import Testing

/// The facilitator's feed names a decision by its direction's name and the card by its title,
/// never by a bare id; the toasts' lasting line stays until taken away.
@Suite struct FeedLineTests {
    let titles: [CardID: String] = [CardID(3): "03-chat.png", CardID(5): "Maps"]

    @Test func aSwipeDecisionSaysLikeOrNopeAndTheTitle() {
        let nope = Overlay.feedLine(.deleted(time: 1.5, card: CardID(3), index: 0),
                                    origin: DeckChangeOrigin(cause: .pointer, direction: .left, label: "nope"),
                                    title: { titles[$0] })
        #expect(nope == "   1.50  nope '03-chat.png' (#3)")
        let like = Overlay.feedLine(.deleted(time: 2, card: CardID(5), index: 0),
                                    origin: DeckChangeOrigin(cause: .key, direction: .right, label: "like"),
                                    title: { titles[$0] })
        #expect(like == "   2.00  like 'Maps' (#5)")
    }

    @Test func unnamedDirectionsAndOtherCausesAreSaid() {
        let up = Overlay.feedLine(.deleted(time: 0, card: CardID(5), index: 2),
                                  origin: DeckChangeOrigin(cause: .pointer, direction: .up), title: { titles[$0] })
        #expect(up == "   0.00  thrown up 'Maps' (#5)")
        let folder = Overlay.feedLine(.deleted(time: 0, card: CardID(9), index: 2),
                                      origin: DeckChangeOrigin(cause: .folder), title: { titles[$0] })
        #expect(folder == "   0.00  deleted #9 by folder")
        let undo = Overlay.feedLine(.restored(time: 3, card: CardID(3), index: 0), origin: nil, title: { titles[$0] })
        #expect(undo == "   3.00  undo: '03-chat.png' (#3) back")
    }

    @Test func aLastingToastStaysAndNeedsNoFramesOnceShown() {
        var toasts = Toasts()
        toasts.post("Replay ended", lasting: true, now: 10)
        toasts.post("Screenshot saved", now: 10)
        #expect(toasts.isShowing(now: 10.5))
        toasts.prune(now: 100)
        #expect(toasts.visible(now: 100).map(\.toast.text) == ["Replay ended"])
        #expect(toasts.visible(now: 100).first?.alpha == 1)
        #expect(!toasts.isShowing(now: 100))
        toasts.removeLasting()
        #expect(toasts.visible(now: 100).isEmpty)
    }

    @Test(arguments: ["llvmpipe (LLVM 15.0.6, 256 bits)", "softpipe", "Mesa X11 swrast", "Software Rasterizer"])
    func softwareRasterizersAreKnown(_ gl: String) {
        #expect(Renderer.isSoftwareRasterizer(gl))
    }

    @Test(arguments: ["Mesa Intel(R) UHD Graphics 620 (KBL GT2)", "NVIDIA GeForce RTX 3060/PCIe/SSE2", "AMD Radeon RX 6600 (radeonsi, navi23, LLVM 15.0.6)"])
    func hardwareIsNot(_ gl: String) {
        #expect(!Renderer.isSoftwareRasterizer(gl))
    }
}
