import Testing
@testable import FlickEngine

/// The reuse pool's hook installed from outside, as an embedder with one view per slot does it.
@Suite struct ReuseHookTests {
    /// A pool made without a hook hands out slots; a hook installed later hears of every live
    /// slot at once, then of each reuse.
    @Test func aHookInstalledLaterHearsOfTheLiveSlots() {
        var pool = ReusePool()
        _ = pool.checkOut(CardID(1))
        _ = pool.checkOut(CardID(2))
        _ = pool.checkOut(CardID(3))
        pool.checkIn(CardID(2))
        let log = ResetLog()
        pool.setResetHook { log.calls.append(($0, $1, $2)) }
        #expect(log.calls.map(\.slot) == [0, 2])
        #expect(log.calls.map(\.card) == [CardID(1), CardID(3)])
        #expect(log.calls.allSatisfy { $0.previous == nil })
        #expect(pool.checkOut(CardID(9)) == 1)
        #expect(log.calls.count == 3 && log.calls[2].previous == CardID(2) && log.calls[2].card == CardID(9))
        pool.setResetHook(nil)
        pool.checkIn(CardID(9))
        _ = pool.checkOut(CardID(10))
        #expect(log.calls.count == 3)
    }

    /// The embedder's views, kept by the hook alone, draw exactly the render list's cards on
    /// every frame of a long scroll, with throws in it, and never number more than the bound.
    @Test(arguments: Interaction.allCases)
    func viewsKeptByTheHookMatchEveryFrame(_ interaction: Interaction) {
        let scene = CardScene(interaction: interaction, count: 60, viewport: Size(width: 390, height: 844))
        var views: [Int: CardID] = [:]
        var rebinds = 0
        scene.setReuseHook { slot, _, card in
            views[slot] = card
            rebinds += 1
        }
        var t = 0.0
        for step in 0..<90 {
            let command: CardScene.Command = step % 9 == 4 ? .throwCurrent : .nextPage
            scene.perform(command, at: t)
            for _ in 0..<6 {
                t += 1.0 / 60
                scene.advance(to: t)
                for a in scene.renderList {
                    #expect(views[a.slot] == a.card, "\(interaction) t=\(t): slot \(a.slot) shows \(String(describing: views[a.slot])), should show \(a.card)")
                }
            }
        }
        #expect(views.count <= scene.viewBound, "\(interaction): \(views.count) views for a bound of \(scene.viewBound)")
        #expect(rebinds > views.count, "\(interaction): slots were reused (\(rebinds) rebinds of \(views.count) views)")
    }
}
