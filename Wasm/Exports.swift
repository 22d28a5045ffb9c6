// The engine's C interface in WebAssembly: what a page (or Node) calls to run one scene. Every
// input goes through one function, `flick_engine_input`, as a numbered kind with up to three
// numbers and its time, so a page can record exactly what it gave the engine and a host can
// give the same records to its own engine. Frames come back as numbers in a buffer the page
// reads from the module's memory; digests (SceneDigest) say whether two engines agree.
//
// Compiled into flick-engine.wasm by `make wasm` (Wasm/build.sh), and natively into the tests
// that compare the two builds (Tests/wasm).

/// The scene the page runs, its digests and its frame buffer.
final class PageEngine {
    let scene: CardScene
    /// Every frame drawn (`advance`), in order.
    var frames = SceneDigest()
    /// Every event committed, with its notes, in order.
    var events = SceneDigest()
    var eventsDigested = 0
    /// The last frame, 13 numbers a card after the count (see `flick_engine_frame`): memory of
    /// its own, so the page can read it at a fixed address.
    private(set) var frame: UnsafeMutablePointer<Double>
    private var capacity = 1 + 13 * 32

    init(scene: CardScene) {
        self.scene = scene
        frame = .allocate(capacity: capacity)
        frame[0] = 0
    }

    deinit { frame.deallocate() }

    /// Writes the scene's render list into `frame`.
    func writeFrame() {
        let list = scene.renderList
        if 1 + 13 * list.count > capacity {
            frame.deallocate()
            capacity = 1 + 13 * list.count
            frame = .allocate(capacity: capacity)
        }
        frame[0] = Double(list.count)
        var i = 1
        func put(_ x: Double) {
            frame[i] = x
            i += 1
        }
        for card in list {
            let t = card.transform
            put(Double(card.card.value))
            put(Double(card.slot))
            put(card.size.width)
            put(card.size.height)
            put(t.a)
            put(t.b)
            put(t.c)
            put(t.d)
            put(t.tx)
            put(t.ty)
            put(card.alpha)
            put(card.zIndex)
            put(Double(card.index))
        }
    }

    func digestEvents() {
        events.addEvents(of: scene, from: eventsDigested)
        eventsDigested = scene.events.count
    }
}

nonisolated(unsafe) var page: PageEngine?

/// The kinds of input `flick_engine_input` takes, by number.
enum PageInput: Int32 {
    /// A touch: a = phase (0 down, 1 move, 2 up, 3 cancel), b = x, c = y (points).
    case pointer = 0
    /// A key command: a = its number (`CardScene.Command.allCases` order).
    case command = 1
    /// Wheel notches: a = notches.
    case wheel = 2
    /// A new viewport: a = width, b = height (points).
    case viewport = 3
    /// Another interaction: a = its number (`Interaction.allCases` order).
    case interaction = 4
    /// A new card at deck index a.
    case insert = 5
    /// The card at deck index a leaves.
    case delete = 6
    /// A frame: the scene moves to the time and lays out.
    case frame = 7
    /// A config edit: a = the key's number (`SceneConfig.keys` order), b = its value.
    case setValue = 8
}

/// Why an input was refused, as a number (0: taken).
func code(_ rejection: InputRejection?) -> Int32 {
    switch rejection {
    case nil: return 0
    case .nonFiniteTime: return 1
    case .nonFinitePosition: return 2
    case .timeWentBackwards: return 3
    case .tooLate: return 4
    case .nonFiniteValue: return 5
    case .invalidValue: return 6
    }
}

/// A new scene: interaction number `interaction`, `count` cards, a viewport of `width` x
/// `height` points, late input taken up to `lateWindow` seconds. Returns 0, or -1 for an
/// interaction number or count out of range.
@_cdecl("flick_engine_create")
public func flickEngineCreate(interaction: Int32, count: Int32, width: Double, height: Double,
                              lateWindow: Double) -> Int32 {
    let all = Interaction.allCases
    guard interaction >= 0, Int(interaction) < all.count, count >= 0, count <= 1_000_000 else { return -1 }
    let scene = CardScene(interaction: all[Int(interaction)], count: Int(count), viewport: Size(width: width, height: height))
    scene.lateInputWindow = lateWindow.isFinite ? min(max(0, lateWindow), 1) : 0
    page = PageEngine(scene: scene)
    return 0
}

/// Gives the scene one input of kind `kind` at `time` (seconds) with its numbers. Returns 0 when
/// taken, a rejection's number (1 non-finite time, 2 non-finite position, 3 time went
/// backwards, 4 too late, 5 non-finite value, 6 value out of range), -1 with no scene, -2 for an unknown kind or a
/// number out of range (nothing happens then).
@_cdecl("flick_engine_input")
public func flickEngineInput(kind: Int32, a: Double, b: Double, c: Double, time: Double) -> Int32 {
    guard let page else { return -1 }
    guard let input = PageInput(rawValue: kind) else { return -2 }
    let scene = page.scene
    func index(_ x: Double, below n: Int) -> Int? {
        guard x.isFinite, x >= 0, x < Double(n), x == x.rounded(.down) else { return nil }
        return Int(x)
    }
    var result: Int32 = 0
    switch input {
    case .pointer:
        let phases = PointerEvent.Phase.allCases
        guard let p = index(a, below: phases.count) else { return -2 }
        result = code(scene.handle(PointerEvent(pointerID: 0, phase: phases[p], position: Point(x: b, y: c),
                                                time: time, device: .touch)))
    case .command:
        let commands = CardScene.Command.allCases
        guard let k = index(a, below: commands.count) else { return -2 }
        result = code(scene.perform(commands[k], at: time).rejection)
    case .wheel:
        guard a.isFinite, abs(a) <= 1000, a == a.rounded(.down) else { return -2 }
        result = code(scene.scrollNotches(Int(a), at: time))
    case .viewport:
        guard a.isFinite, b.isFinite else { return -2 }
        scene.setViewport(Size(width: a, height: b), at: time)
    case .interaction:
        let all = Interaction.allCases
        guard let k = index(a, below: all.count) else { return -2 }
        scene.setInteraction(all[k], at: time)
    case .insert:
        guard let k = index(a, below: scene.deck.count + 1) else { return -2 }
        scene.insert(at: k, time: time)
    case .delete:
        guard let k = index(a, below: scene.deck.count) else { return -2 }
        scene.delete(scene.deck.id(at: k), at: time)
    case .frame:
        result = code(scene.advance(to: time))
        page.frames.add(frame: scene.renderList)
        page.writeFrame()
    case .setValue:
        let keys = SceneConfig.keys
        guard let k = index(a, below: keys.count) else { return -2 }
        guard let config = try? scene.config.setting(b, at: keys[k].path) else { return -2 }
        scene.setConfig(config, at: time)
    }
    page.digestEvents()
    return result
}

/// The last frame: a pointer to its count, then for each card back to front 13 numbers: card
/// id, view slot, width, height, transform a b c d tx ty, alpha, z, deck index. Valid until the
/// next input.
@_cdecl("flick_engine_frame")
public func flickEngineFrame() -> UnsafePointer<Double>? {
    guard let page else { return nil }
    return UnsafePointer(page.frame)
}

/// Commits everything up to the scene's time (no late input will come), then digests the events.
@_cdecl("flick_engine_commit")
public func flickEngineCommit() {
    guard let page else { return }
    page.scene.commit()
    page.digestEvents()
}

/// The digest of every frame drawn so far.
@_cdecl("flick_engine_frames_digest")
public func flickEngineFramesDigest() -> UInt64 { page?.frames.value ?? 0 }

/// The digest of every event committed so far, with its notes.
@_cdecl("flick_engine_events_digest")
public func flickEngineEventsDigest() -> UInt64 { page?.events.value ?? 0 }

/// The number of events committed so far.
@_cdecl("flick_engine_event_count")
public func flickEngineEventCount() -> Int32 { Int32(truncatingIfNeeded: page?.scene.events.count ?? 0) }

/// The number of cards in the deck.
@_cdecl("flick_engine_card_count")
public func flickEngineCardCount() -> Int32 { Int32(truncatingIfNeeded: page?.scene.deck.count ?? 0) }
