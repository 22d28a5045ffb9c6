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
    /// A config edit under way (`EngineInput.setValue` with more to come).
    var staged: SceneConfig?
    /// The last frame, 13 numbers a card after the count (see `flick_engine_frame`): memory of
    /// its own, so the page can read it at a fixed address.
    private(set) var frame: UnsafeMutablePointer<Double>
    private var capacity = 1 + 13 * 32
    /// The last frame's stamp (see `flick_engine_label`): card id (-1: none), direction,
    /// opacity, the name's UTF-8 length.
    let label: UnsafeMutablePointer<Double> = .allocate(capacity: 4)
    /// The stamp's name, UTF-8.
    private(set) var labelText: UnsafeMutablePointer<UInt8> = .allocate(capacity: 64)
    private var labelCapacity = 64

    init(scene: CardScene) {
        self.scene = scene
        frame = .allocate(capacity: capacity)
        frame[0] = 0
        label.initialize(repeating: 0, count: 4)
        label[0] = -1
    }

    deinit {
        frame.deallocate()
        label.deallocate()
        labelText.deallocate()
    }

    /// Writes the scene's direction label (the swipe deck's stamp) into `label` and `labelText`.
    func writeLabel() {
        guard let l = scene.directionLabel else {
            label[0] = -1
            label[3] = 0
            return
        }
        let bytes = l.label.utf8
        if bytes.count > labelCapacity {
            labelText.deallocate()
            labelCapacity = bytes.count
            labelText = .allocate(capacity: labelCapacity)
        }
        var i = 0
        for b in bytes {
            labelText[i] = b
            i += 1
        }
        label[0] = Double(l.card.value)
        label[1] = Double(ThrowDirection.allCases.firstIndex(of: l.direction) ?? 0)
        label[2] = l.opacity
        label[3] = Double(bytes.count)
    }

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
        eventsDigested = scene.loggedEvents.count
    }
}

nonisolated(unsafe) var page: PageEngine?

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

/// The config the next `flick_engine_create` starts with: the defaults, then the edits given
/// by `flick_engine_config_set` since the last create.
nonisolated(unsafe) var stagedConfig = SceneConfig()

/// Sets key number `key` (`SceneConfig.keys` order) of the config the next scene starts with.
/// Returns 0, or -2 for a key out of range or a value the key refuses (the config is unchanged).
@_cdecl("flick_engine_config_set")
public func flickEngineConfigSet(key: Int32, value: Double) -> Int32 {
    let keys = SceneConfig.keys
    guard key >= 0, Int(key) < keys.count, let config = try? stagedConfig.setting(value, at: keys[Int(key)].path) else { return -2 }
    stagedConfig = config
    return 0
}

/// Memory the page writes one text into (UTF-8) before `flick_engine_config_set_text`.
nonisolated(unsafe) var textBuffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
nonisolated(unsafe) var textCapacity = 256

/// Room for a text of `length` bytes (at most 4096), for the page to write before
/// `flick_engine_config_set_text`; nil for a length out of range.
@_cdecl("flick_engine_text_buffer")
public func flickEngineTextBuffer(length: Int32) -> UnsafeMutablePointer<UInt8>? {
    guard length >= 0, length <= 4096 else { return nil }
    if Int(length) > textCapacity {
        textBuffer.deallocate()
        textCapacity = Int(length)
        textBuffer = .allocate(capacity: textCapacity)
    }
    return textBuffer
}

/// Sets text key number `key` (`SceneConfig.textKeys` order: the swipe deck's direction names)
/// of the config the next scene starts with, to the `length` bytes of UTF-8 in the text
/// buffer. Returns 0, or -2 for a key or length out of range or a text the key refuses (empty,
/// too long, more than one line; the config is unchanged).
@_cdecl("flick_engine_config_set_text")
public func flickEngineConfigSetText(key: Int32, length: Int32) -> Int32 {
    let keys = SceneConfig.textKeys
    guard key >= 0, Int(key) < keys.count, length >= 0, Int(length) <= textCapacity else { return -2 }
    let text = String(decoding: UnsafeBufferPointer(start: textBuffer, count: Int(length)), as: UTF8.self)
    do { try stagedConfig.setValue(text, at: keys[Int(key)]) } catch { return -2 }
    return 0
}

/// A new scene: interaction number `interaction`, `count` cards, a viewport of `width` x
/// `height` points, the config staged by `flick_engine_config_set`, late input taken up to
/// `lateWindow` seconds. Returns 0, or -1 for an interaction number or count out of range.
@_cdecl("flick_engine_create")
public func flickEngineCreate(interaction: Int32, count: Int32, width: Double, height: Double,
                              lateWindow: Double) -> Int32 {
    let all = Interaction.allCases
    defer { stagedConfig = SceneConfig() }
    guard interaction >= 0, Int(interaction) < all.count, count >= 0, count <= 1_000_000 else { return -1 }
    let scene = CardScene(interaction: all[Int(interaction)], count: Int(count), viewport: Size(width: width, height: height),
                          config: stagedConfig, time: 0)
    scene.lateInputWindow = lateWindow.isFinite ? min(max(0, lateWindow), 1) : 0
    page = PageEngine(scene: scene)
    return 0
}

/// Gives the scene one input of kind `kind` at `time` (seconds) with its numbers
/// (`EngineInput` says which kind takes which). Returns 0 when taken, a rejection's number (1
/// non-finite time, 2 non-finite position, 3 time went backwards, 4 too late, 5 non-finite
/// value, 6 value out of range), -1 with no scene, -2 for an unknown kind or a number out of
/// range (nothing happens then).
@_cdecl("flick_engine_input")
public func flickEngineInput(kind: Int32, a: Double, b: Double, c: Double, time: Double) -> Int32 {
    guard let page else { return -1 }
    let scene = page.scene
    guard let input = EngineInput(kind: kind, a: a, b: b, c: c, deckCount: scene.deck.count) else { return -2 }
    var result: Int32 = 0
    switch input {
    case .pointer(let phase, let position):
        result = code(scene.handle(EngineInput.pointerEvent(phase, position, time: time)))
    case .command(let command, let facilitator):
        result = code(scene.perform(command, at: time, cause: EngineInput.commandCause(byFacilitator: facilitator)).rejection)
    case .notches(let n):
        result = code(scene.scrollNotches(n, at: time))
    case .viewport(let size):
        scene.setViewport(size, at: time)
    case .interaction(let next):
        scene.setInteraction(next, at: time)
    case .insert(let k):
        scene.insert(at: k, time: time)
    case .delete(let k):
        scene.delete(scene.deck.id(at: k), at: time)
    case .frame:
        result = code(scene.advance(to: time))
        page.frames.add(frame: scene.renderList)
        page.writeFrame()
        page.writeLabel()
    case .setValue(let key, let value, let more):
        let edit = EngineInput.edit(&page.staged, of: scene.config, key: key, value: value, more: more)
        if let config = edit.apply { scene.setConfig(config, at: time) }
        if edit.refused { result = -2 }
    case .start(let next, let cards, let reset, let withConfig):
        // The config the edits before it staged (none staged: the config stays).
        let config = withConfig ? EngineInput.takeStaged(&page.staged) : nil
        scene.start(interaction: next, config: config, cards: cards, reset: reset, at: time)
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

/// The last frame's stamp, the name of the direction a dragged card leans toward (the swipe
/// deck's `like`, `nope`): a pointer to 4 numbers, the card's id (-1: no stamp), the direction
/// (`ThrowDirection.allCases` order), the opacity 0...1 and the name's length in bytes, whose
/// UTF-8 `flick_engine_label_text` points to. Valid until the next input.
@_cdecl("flick_engine_label")
public func flickEngineLabel() -> UnsafePointer<Double>? {
    guard let page else { return nil }
    return UnsafePointer(page.label)
}

/// The stamp's name (UTF-8, `flick_engine_label`'s length), valid until the next input.
@_cdecl("flick_engine_label_text")
public func flickEngineLabelText() -> UnsafePointer<UInt8>? {
    guard let page else { return nil }
    return UnsafePointer(page.labelText)
}

/// 1 when nothing moves (no card held or flying, the content still), else 0.
@_cdecl("flick_engine_at_rest")
public func flickEngineAtRest() -> Int32 { page?.scene.isAtRest == true ? 1 : 0 }

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
public func flickEngineEventCount() -> Int32 { Int32(truncatingIfNeeded: page?.scene.loggedEvents.count ?? 0) }

/// The id of the card at deck index `index`, or -1 for an index out of range (a page gives each
/// card of a task's start deck its face by these).
@_cdecl("flick_engine_deck_card")
public func flickEngineDeckCard(index: Int32) -> Double {
    guard let scene = page?.scene, index >= 0, Int(index) < scene.deck.count else { return -1 }
    return Double(scene.deck.id(at: Int(index)).value)
}

/// The interaction the scene shows (its number in `Interaction.allCases`), or -1 with no scene.
@_cdecl("flick_engine_interaction")
public func flickEngineInteraction() -> Int32 {
    guard let scene = page?.scene else { return -1 }
    return Int32(Interaction.allCases.firstIndex(of: scene.interaction) ?? -1)
}

/// The number of cards in the deck.
@_cdecl("flick_engine_card_count")
public func flickEngineCardCount() -> Int32 { Int32(truncatingIfNeeded: page?.scene.deck.count ?? 0) }
