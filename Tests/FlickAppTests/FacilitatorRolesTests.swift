import FlickEngine
@testable import FlickSDL
@testable import FlickApp
import FlickIO
import FlickSession
import Foundation
import Testing

/// Two windows, two roles: which keys the participant's window answers, the tasks
/// file's `participantKeys`, and where the two windows go.
@MainActor
@Suite struct FacilitatorRolesTests {
    /// By default the participant's window answers the arrows, and Z in the swipe deck; never
    /// reset, an interaction switch, pause, the tools or quit.
    @Test func participantKeysByDefault() {
        let plain: Set<ParticipantKey> = [.arrows], swipe: Set<ParticipantKey> = [.arrows, .undo]
        for d in ThrowDirection.allCases { #expect(App.isParticipant(.throwOrPage(d), keys: plain)) }
        #expect(!App.isParticipant(.undo, keys: plain))
        #expect(App.isParticipant(.undo, keys: swipe))
        for action in KeyAction.allCases {
            if case .throwOrPage = action { continue }
            if action == .undo { continue }
            #expect(!App.isParticipant(action, keys: swipe), "\(action) is no participant key")
        }
        #expect(App.isParticipant(.nextCard, keys: [.pages]))
        #expect(App.isParticipant(.throwCurrent, keys: [.throw]))
        #expect(!App.isParticipant(.throwOrPage(.left), keys: [.pages]))
    }

    /// `participantKeys` of a tasks file: read, kept in the header's JSON, and a wrong name is a
    /// one-line error naming the file and the names it takes.
    @Test func tasksFileParticipantKeys() throws {
        let list = try TaskList.parse(["tasks": [["name": "a"]], "participantKeys": ["arrows", "pages"]],
                                      file: "t.json", cards: nil)
        #expect(list.participantKeys == [.arrows, .pages])
        let back = try JSONDecoder().decode(TaskList.self, from: JSONEncoder().encode(list))
        #expect(back == list)
        #expect(try TaskList.parse(["tasks": [["name": "a"]]], file: "t.json", cards: nil).participantKeys == nil)
        do {
            _ = try TaskList.parse(["tasks": [["name": "a"]], "participantKeys": ["arrows", "reset"]], file: "t.json", cards: nil)
            Issue.record("reset taken as a participant key")
        } catch let e as UserError {
            #expect(e.message == "t.json: 'participantKeys' has 'reset' (expected some of arrows, pages, undo, throw)")
        }
    }

    static func overlap(_ p: FacilitatorPlacement) -> Bool {
        guard let a = p.participantOrigin, let b = p.facilitatorOrigin else { return false }
        return a.x < b.x + p.facilitator.width && b.x < a.x + p.participant.width
            && a.y < b.y + p.facilitator.height && b.y < a.y + p.participant.height
    }

    /// On a screen wide enough both keep their sizes, centred side by side, 16 pt apart.
    @Test func sideBySideAtTheAskedSizes() throws {
        let p = try FacilitatorPlacement.sideBySide(participant: Size(width: 900, height: 800), facilitator: Size(width: 560, height: 800),
                                                    bounds: Rect(x: 0, y: 0, width: 1920, height: 1080), display: 0)
        #expect(p.participant == Size(width: 900, height: 800))
        #expect(p.facilitator == Size(width: 560, height: 800))
        #expect(p.participantOrigin == Point(x: 222, y: 140))
        #expect(p.facilitatorOrigin == Point(x: 1138, y: 140))
        #expect(!p.participantShrunk)
        #expect(!Self.overlap(p))
    }

    /// On a laptop screen (1280x800, or 1366x768 with a panel) the participant's window is made
    /// narrower and lower to fit beside the facilitator's, never under it.
    @Test func laptopScreensShrinkTheParticipantWindow() throws {
        for bounds in [Rect(x: 0, y: 0, width: 1280, height: 800), Rect(x: 0, y: 32, width: 1366, height: 736),
                       Rect(x: 1920, y: 0, width: 800, height: 600)] {
            let p = try FacilitatorPlacement.sideBySide(participant: Size(width: 1280, height: 800),
                                                        facilitator: FacilitatorWindow.size, bounds: bounds, display: 0)
            #expect(p.participantShrunk)
            #expect(!Self.overlap(p), "\(bounds)")
            for (o, s) in [(p.participantOrigin, p.participant), (p.facilitatorOrigin, p.facilitator)] {
                let o = try #require(o)
                #expect(o.x >= bounds.minX && o.y >= bounds.minY && o.x + s.width <= bounds.maxX && o.y + s.height <= bounds.maxY,
                        "\(s) at \(o) is off \(bounds)")
            }
        }
        let p = try FacilitatorPlacement.sideBySide(participant: Size(width: 1280, height: 800), facilitator: FacilitatorWindow.size,
                                                    bounds: Rect(x: 0, y: 0, width: 1280, height: 800), display: 0)
        #expect(p.participant == Size(width: 704, height: 800))
        #expect(p.facilitatorOrigin == Point(x: 720, y: 0))
    }

    /// Too small for both even at their smallest: refused, with the sizes that would fit.
    @Test func tooSmallIsRefusedWithTheSizesThatFit() {
        do {
            _ = try FacilitatorPlacement.sideBySide(participant: Size(width: 390, height: 700), facilitator: FacilitatorWindow.size,
                                                    bounds: Rect(x: 0, y: 0, width: 700, height: 500), display: 0)
            Issue.record("700x500 took both windows")
        } catch let e as UserError {
            #expect(e.message.contains("display 0 (700x500 usable): they need at least 756x480 (participant 320x480, facilitator 420x480, 16 apart)"),
                    "\(e.message)")
        } catch { Issue.record("\(error)") }
    }

    /// A facilitator display that is not there names the ones that are.
    @Test func aMissingDisplayIsNamed() {
        do {
            _ = try FacilitatorPlacement.apart(participant: Size(width: 900, height: 800), facilitator: FacilitatorWindow.size,
                                               participantBounds: nil, facilitatorBounds: nil, facilitatorDisplay: 2, displays: 2)
            Issue.record("display 2 of 2 taken")
        } catch let e as UserError {
            #expect(e.message == "--facilitator-display 2: there is no such display (SDL sees 2: 0 to 1)")
        } catch { Issue.record("\(error)") }
    }
}
