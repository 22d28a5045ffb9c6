import Testing
import FlickEngine
import FlickEngineTesting

/// The digest the native and WebAssembly engines are compared by, and the random sessions they
/// run (Tests/wasm compares the two builds; these hold the pieces to what that needs).
@Suite struct SceneDigestTests {
    @Test("a seed makes one session: the same digest and counts on every run")
    func deterministic() {
        for seed in UInt64(1)...12 {
            let a = RandomSession(seed: seed).run(), b = RandomSession(seed: seed).run()
            #expect(a == b, "seed \(seed)")
            #expect(a.frames > 0)
        }
        #expect(RandomSession(seed: 1).run().digest != RandomSession(seed: 2).run().digest)
    }

    @Test("one bit of any field, or the order of two events, changes the digest")
    func sensitive() throws {
        func digest(_ events: [SceneEvent], notes: [LoggedSceneEvent.Notes]? = nil) -> UInt64 {
            var d = SceneDigest()
            for (i, e) in events.enumerated() { d.add(e, notes: notes?[i] ?? .init()) }
            return d.value
        }
        let ended = SceneEvent.gestureEnded(time: 1.25, kind: .card, translation: Vector(dx: 120, dy: -3),
                                            velocity: Vector(dx: 900, dy: 10), outcome: .thrown, card: CardID(4))
        let base = digest([ended, .paged(time: 2, from: 0, to: 1)])
        let nudged = SceneEvent.gestureEnded(time: 1.25, kind: .card, translation: Vector(dx: 120.00000000000001, dy: -3),
                                             velocity: Vector(dx: 900, dy: 10), outcome: .thrown, card: CardID(4))
        #expect(digest([nudged, .paged(time: 2, from: 0, to: 1)]) != base)
        #expect(digest([.paged(time: 2, from: 0, to: 1), ended]) != base)
        #expect(digest([ended, .paged(time: 2, from: 0, to: 2)]) != base)
        #expect(digest([ended, .paged(time: 2, from: 0, to: 1)]) == base)
        let release = LoggedSceneEvent.Notes(release: ReleaseRecord(direction: .right, label: "like",
                                                                   distanceFraction: 0.5, speedFraction: 1.5))
        #expect(digest([ended], notes: [release]) != digest([ended]))
        // A frame: one card moved by one ulp.
        let scene = CardScene(interaction: .now, count: 5, viewport: Size(width: 390, height: 844))
        var frame = scene.renderList
        try #require(!frame.isEmpty)
        var a = SceneDigest(), b = SceneDigest()
        a.add(frame: frame)
        frame[0].transform.tx = frame[0].transform.tx.nextUp
        b.add(frame: frame)
        #expect(a != b)
    }

    @Test("the random sessions reach every interaction, every kind of input and late input")
    func coverage() {
        var interactions = Set<Interaction>(), kinds = Set<String>(), late = 0
        for seed in UInt64(1)...300 {
            let s = RandomSession(seed: seed)
            interactions.insert(s.interaction)
            for (i, step) in s.steps.enumerated() {
                if s.lateBy[i] > 0 { late += 1 }
                switch step {
                case .script(let g):
                    switch g {
                    case .pointer(let e): kinds.insert("pointer \(e.phase.rawValue)")
                    case .command: kinds.insert("command")
                    case .viewport: kinds.insert("viewport")
                    case .interaction(let i, _): kinds.insert("switch"); interactions.insert(i)
                    }
                case .insert: kinds.insert("insert")
                case .delete: kinds.insert("delete")
                case .setValue: kinds.insert("config")
                case .wheel: kinds.insert("wheel")
                }
            }
        }
        #expect(interactions == Set(Interaction.allCases))
        #expect(kinds == ["pointer down", "pointer move", "pointer up", "pointer cancel", "command", "viewport",
                          "switch", "insert", "delete", "config", "wheel"])
        #expect(late > 1000)
    }
}
