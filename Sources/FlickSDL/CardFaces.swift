import FlickIO
import CImageDecode
import CSDL2
import FlickEngine

/// A problem with one image, for the front end to report (FlickSDL never prints).
public struct CardImageProblem: Hashable, Sendable, CustomStringConvertible {
    public var path: String
    /// What is wrong, e.g. "is empty (0 bytes)".
    public var problem: String
    public var description: String { "'\(path)' \(problem); shown as a placeholder card" }

    /// What the placeholder card says under the file's name: the problem in a few words.
    public var shortReason: String { Self.shortReason(problem) }

    /// `problem` in a few words for a card: "too large (78.4 megapixels)", "truncated",
    /// "empty file", "not a PNG or JPEG", "missing", else "unreadable".
    public static func shortReason(_ problem: String) -> String {
        if problem.contains("megapixels") || problem.contains("over the limit of") {
            // "is 10240x7680 pixels (78.6 megapixels, over the limit of 50; ...)"
            if let open = problem.firstIndex(of: "("), let mp = problem[open...].range(of: " megapixels") {
                return "too large (\(problem[problem.index(after: open)..<mp.lowerBound]) megapixels)"
            }
            return "too large"
        }
        if problem.contains("truncated") { return "truncated" }
        if problem.contains("is empty") { return "empty file" }
        if problem.contains("not a PNG or JPEG") { return "not a PNG or JPEG" }
        if problem.contains("does not exist") || problem.contains("symlink to nothing") { return "missing" }
        if problem.contains("took more than") { return "too slow to decode" }
        return "unreadable"
    }
}

/// The card faces of a deck, drawn through reuse slots like the original designs' reused
/// card views: each live slot of the scene's reuse pool owns one texture, refilled (uploaded
/// in place) when the pool hands the slot to another card, so the card-face textures alive
/// never exceed the interaction's view bound however long the deck is.
///
/// Below the slots: a background `FaceWorker` decodes each image once (downscaled to cover the
/// stage) and composes faces from it; finished faces wait in a small CPU cache until a slot
/// takes them. A card whose face is not ready yet draws a neutral placeholder and its face
/// fades in when it arrives; the main thread never waits for a file.
///
/// Per frame: `prepare(_:time:cardSize:scale:viewBound:)` with the render list (uploads happen
/// here, before anything is drawn), then `face(for:)` for each card while drawing.
public final class CardFaces {
    /// Corner radius of a card, points (the card renderer's shadows use the same).
    public static let cornerRadiusPoints = 12.0

    /// Every image a card may show; files added or changed while the app runs are appended
    /// (`addImage`), so an index always means the same picture and no cache goes stale.
    public private(set) var images: [CardImage]
    /// Cards 0, 1, 2, … cycle over the first `baseImageCount` images; cards given an image of
    /// their own (`assignedImages`) show that one.
    public let baseImageCount: Int
    public var assignedImages: [CardID: Int] = [:]
    public let renderer: Renderer
    /// Font for the captions of placeholder cards of broken files.
    public let fontPath: String?
    /// How faces show their images; changing it remakes every face.
    public var style: FaceStyle {
        didSet { if style != oldValue { composed.removeAll() } }
    }
    /// How long a face takes to fade in over its placeholder, seconds of frame time.
    public var fadeDuration = 0.2
    /// The neutral colour of a card whose face is not ready.
    public var placeholderColor = RGBA(214, 217, 223)

    /// The face size in pixels for the current interaction and scale.
    public private(set) var faceSize: (width: Int, height: Int) = (1, 1)
    public private(set) var cornerRadius = CardFaces.cornerRadiusPoints

    private struct Slot {
        var texture: Texture?
        var key: FaceKey?
        /// Frame time its face arrived after a placeholder; -infinity: shown at once.
        var readyAt = -Double.infinity
        /// It drew a placeholder since its last face.
        var waited = false
        /// The face fading in over the placeholder: the texture holds the two cross-faded on
        /// the CPU (one upload a frame) so a fade frame draws one texture, not two. nil while a
        /// premultiplied face fades: the CPU compositor draws it over the placeholder at its
        /// opacity (two whole-pixel blends, cheaper than a cross-fade and its copy every frame).
        var fading: Surface?
        /// The fade step (0...256) the texture holds.
        var fadeStep = -1
    }

    private let worker: FaceWorker
    private var slots: [Int: Slot] = [:]
    /// Finished faces not in a slot yet (CPU), most recent first out last.
    private var composed: LRUCache<FaceKey, FacePixels>
    private var placeholder: Texture?
    private var placeholderSurface: Surface?
    private var placeholderKey: (Int, Int, Int)?
    /// Where fades are cross-faded before their upload (one per face size, reused).
    private var fadeScratch: Surface?
    private var brokenImages: [Int: String] = [:]
    private var problems: [CardImageProblem] = []
    private var reported: Set<Int> = []
    private var captionFonts: [Int: Font] = [:]
    private var time = 0.0
    private var decodeBox = (width: 1, height: 1)
    private var wanted: [FaceWorker.Job] = []
    private var wantedKeys: Set<FaceKey> = []
    private var faces: [CardID: CardRenderer.Face] = [:]
    private var usedSlots: Set<Int> = []
    private var settling = false

    /// Counters for the HUD, tests and the bench.
    public struct Statistics: Hashable, Sendable {
        /// Faces uploaded into slot textures (refills).
        public var uploads = 0
        /// Card-face textures alive now (one per live slot).
        public var textures = 0
        /// The most card-face textures alive at once so far.
        public var maxTextures = 0
        /// Cards drawn as a placeholder (summed over frames).
        public var placeholderDraws = 0
        /// Images decoded and faces composed by the background worker.
        public var decodes = 0
        public var composes = 0
        /// The background worker is making a face now.
        public var workerBusy = false
        /// The longest the worker has run between two of its pause points (seconds): how long
        /// a frame that begins can share the cores with a decode.
        public var longestWorkerStep = 0.0
    }
    private var counts = Statistics()
    public var statistics: Statistics {
        var s = counts
        let c = worker.counters
        s.decodes = c.decodes
        s.composes = c.composes
        s.longestWorkerStep = c.longestStep
        s.workerBusy = worker.isBusy
        return s
    }

    /// - Parameter decodeBox: initial size (pixels) images are decoded to cover; `prepare`
    ///   follows the stage from then on.
    public init(images: [CardImage], renderer: Renderer, fontPath: String?, style: FaceStyle = FaceStyle(),
                composedCapacity: Int = 24) {
        self.images = images
        baseImageCount = images.count
        self.renderer = renderer
        self.fontPath = fontPath
        self.style = style
        composed = LRUCache(capacity: composedCapacity)
        worker = FaceWorker(paths: images.map(\.path), premultiplies: renderer.compositesOnCPU)
    }

    deinit { worker.stop() }

    /// Card-face textures alive (one per live slot; the shared placeholder not counted).
    public var count: Int { slots.values.reduce(0) { $0 + ($1.texture == nil ? 0 : 1) } }

    /// Problems found since the last call (each image is reported once), for the app to print.
    public func takeProblems() -> [CardImageProblem] {
        defer { problems.removeAll() }
        return problems
    }

    /// The image a card shows: cards cycle through the images.
    public func imageIndex(of card: CardID) -> Int? {
        if let assigned = assignedImages[card] { return assigned }
        let n = baseImageCount
        guard n > 0 else { return nil }
        return ((card.value % n) + n) % n
    }

    /// Appends an image (a file added to the folder, or a new version of a changed one) and
    /// returns its index.
    @discardableResult
    public func addImage(_ image: CardImage) -> Int {
        images.append(image)
        return images.count - 1
    }

    // MARK: - Each frame

    /// Gets every card of `list` its face for this frame: slots whose card changed are refilled
    /// from finished faces, missing faces are asked of the worker (front cards first), and
    /// slots beyond `viewBound` that drew nothing this frame give their texture back.
    /// `cardSize` is in points, `scale` pixels per point, `stage` the viewport in points (the
    /// largest a card is drawn: images are decoded to cover it).
    public func prepare(_ list: [CardAttributes], time: Double, cardSize: Size, scale: Double,
                        stage: Size, viewBound: Int) {
        self.time = time
        worker.frameBegan()
        faceSize = (max(1, Int((cardSize.width * scale).rounded())), max(1, Int((cardSize.height * scale).rounded())))
        cornerRadius = Self.cornerRadiusPoints * scale
        decodeBox = (max(1, Int((stage.width * scale).rounded())), max(1, Int((stage.height * scale).rounded())))
        collectResults()
        faces.removeAll(keepingCapacity: true)
        usedSlots.removeAll(keepingCapacity: true)
        wanted.removeAll(keepingCapacity: true)
        wantedKeys.removeAll(keepingCapacity: true)
        // Front cards (drawn last) are wanted first.
        let order = list.indices.sorted { list[$0].zIndex > list[$1].zIndex }
        var keys: [FaceKey?] = Array(repeating: nil, count: list.count)
        for i in order {
            let card = list[i]
            guard let key = key(for: card) else { continue }
            keys[i] = key
            usedSlots.insert(card.slot)
            var slot = slots[card.slot] ?? Slot()
            if slot.key != key {
                if let face = composed.lookup(key) ?? brokenFace(key) {
                    fill(&slot, with: face, key: key)
                } else if wantedKeys.insert(key).inserted {
                    wanted.append(FaceWorker.Job(key: key, path: images[key.image].path))
                }
            }
            slots[card.slot] = slot
        }
        for i in list.indices {
            guard let key = keys[i] else { continue }
            let card = list[i]
            if var slot = slots[card.slot], let texture = slot.texture, slot.key == key {
                var opacity = 1.0
                if slot.readyAt > -Double.infinity {
                    opacity = settling ? 1 : min(1, max(0, (time - slot.readyAt) / max(1e-6, fadeDuration)))
                    if let face = slot.fading {
                        showFade(of: face, at: opacity, in: &slot, texture: texture)
                        opacity = 1
                    } else if opacity >= 1 {
                        slot.readyAt = -Double.infinity
                    }
                    slots[card.slot] = slot
                }
                if opacity < 1, let under = placeholderTexture() {
                    faces[card.card] = CardRenderer.Face(texture: texture, opacity: opacity, under: under)
                } else {
                    faces[card.card] = CardRenderer.Face(texture: texture)
                }
            } else if let standIn = standIn(for: key) {
                faces[card.card] = CardRenderer.Face(texture: standIn)
            } else if let p = placeholderTexture() {
                slots[card.slot]?.waited = true
                faces[card.card] = CardRenderer.Face(texture: p)
                counts.placeholderDraws += 1
            }
        }
        // Slots beyond the bound that drew nothing now give their texture back.
        if slots.count > max(1, viewBound) {
            for id in Array(slots.keys) where !usedSlots.contains(id) && slots.count > max(1, viewBound) {
                slots[id] = nil
            }
        }
        settling = false
        worker.submit(wanted, decodeBox: decodeBox)
        counts.textures = count
        counts.maxTextures = max(counts.maxTextures, counts.textures)
    }

    /// Says the frame `prepare` began is presented: the background decoder, which steps aside
    /// while a frame draws (so the frame has the caches, the memory bandwidth and the cores to
    /// itself), goes on until the next `prepare`. A front end that never calls it still gets its
    /// faces: the decoder then steps aside only for the first 12 ms after a `prepare`.
    public func presented() { worker.frameEnded() }

    /// Says a frame is about to begin (a paced loop calls it `decoderNotice` before its latch,
    /// `LatchWait.nextFrame`): the decoder steps aside from its next pause point on, as it does
    /// once `prepare` begins the frame, so its step in hand is over before the frame starts.
    /// Otherwise the frame, real-time, takes its core mid-step, and while the present waits
    /// for the X server's copy the decoder's step resumes on the core the server wakes on: the
    /// server then waits up to a scheduler slice for a core. The pause ends with `presented`.
    public func frameComing() { worker.frameBegan() }

    /// How long before a paced frame's latch the decoder is told (`frameComing`), seconds:
    /// over the longest the decoder runs between two pause points (0.2 to 0.5 ms of CPU, up to
    /// 1.4 in a stall run), so a step begun just before the notice is over by the latch.
    public static let decoderNotice = 0.0015

    /// The face `prepare` chose for `card` this frame.
    public func face(for card: CardAttributes) -> CardRenderer.Face? { faces[card.card] }

    /// True when every card of the last `prepare` has its own face (no placeholder, no stand-in).
    public var isComplete: Bool { wanted.isEmpty }

    /// True when nothing is on its way or fading in: a front end may sleep until the next input.
    public var isSettled: Bool {
        wanted.isEmpty && !slots.values.contains { $0.readyAt > -Double.infinity }
    }

    /// Waits (up to `timeout` seconds) until the worker has made every face the last `prepare`
    /// asked for and sniffed every file; the next `prepare` shows them at once, without a fade.
    /// For headless screenshots, which must not depend on how fast the machine decodes. With
    /// `fadeIn` the faces that came fade in from the next `prepare`'s time as in a window, for
    /// tests that wait for a face instead of drawing frames until it comes.
    @discardableResult
    public func settle(timeout: Double = 60, fadeIn: Bool = false) -> Bool {
        let idle = worker.waitUntilIdle(timeout: timeout)
        collectResults()
        settling = !fadeIn
        return idle
    }

    /// Drops every texture (lost render targets); the faces are remade from the cache.
    public func removeAll() {
        slots.removeAll()
        placeholder = nil
        placeholderSurface = nil
        placeholderKey = nil
        composed.removeAll()
    }

    // MARK: - Slots

    private func key(for card: CardAttributes) -> FaceKey? {
        guard let image = imageIndex(of: card.card) else { return nil }
        return FaceKey(image: image, width: faceSize.width, height: faceSize.height, style: style,
                       cornerRadius: Int((cornerRadius * 100).rounded()))
    }

    /// Uploads `face` into the slot's texture (made anew only when the size changes); a slot
    /// that showed a placeholder fades it in instead (`showFade`, from the placeholder up). A
    /// premultiplied face becomes the slot's texture as it is: no copy.
    private func fill(_ slot: inout Slot, with face: FacePixels, key: FaceKey) {
        let fades = slot.waited && !settling
        do {
            switch face {
            case .premultiplied(let pixels):
                slot.texture = Texture(renderer: renderer, pixels: pixels)
                slot.fading = nil
            case .straight(let surface):
                if slot.texture == nil || slot.texture?.width != face.width || slot.texture?.height != face.height {
                    slot.texture = try Texture(renderer: renderer, width: face.width, height: face.height, access: .static)
                }
                if !fades { try slot.texture?.update(from: surface) }
                slot.fading = fades ? surface : nil
            }
        } catch {
            slot.texture = nil
            slot.key = nil
            return
        }
        slot.key = key
        slot.readyAt = fades ? time : -Double.infinity
        slot.fadeStep = -1
        slot.waited = false
        counts.uploads += 1
    }

    /// Puts `face` at `opacity` over the placeholder into the slot's texture: cross-faded on the
    /// CPU and uploaded when the step changes; at 1 the face itself, and the fade is over.
    private func showFade(of face: Surface, at opacity: Double, in slot: inout Slot, texture: Texture) {
        let step = Int((opacity * 256).rounded())
        if step >= 256 || !face.isRGBA32 {
            try? texture.update(from: face)
            slot.fading = nil
            slot.readyAt = -Double.infinity
            return
        }
        guard step != slot.fadeStep else { return }
        _ = placeholderTexture()
        guard let under = placeholderSurface, under.width == face.width, under.height == face.height else {
            try? texture.update(from: face)
            slot.fading = nil
            slot.readyAt = -Double.infinity
            return
        }
        if fadeScratch?.width != face.width || fadeScratch?.height != face.height {
            fadeScratch = try? Surface(width: face.width, height: face.height)
        }
        guard let scratch = fadeScratch else { return }
        face.withRGBABytes { o, op in
            under.withRGBABytes { u, up in
                scratch.withRGBABytes { d, dp in
                    flick_crossfade(o.baseAddress?.assumingMemoryBound(to: UInt8.self), op,
                                    u.baseAddress?.assumingMemoryBound(to: UInt8.self), up,
                                    d.baseAddress?.assumingMemoryBound(to: UInt8.self), dp,
                                    Int32(face.width), Int32(face.height), Int32(step))
                }
            }
        }
        try? texture.update(from: scratch)
        slot.fadeStep = step
    }

    /// A slot texture of the same image in the same style at another size (the window was
    /// resized or the interaction changed): drawn stretched until the new face is ready.
    private func standIn(for key: FaceKey) -> Texture? {
        for slot in slots.values {
            if let k = slot.key, k.image == key.image, k.style == key.style, let t = slot.texture { return t }
        }
        return nil
    }

    private func placeholderTexture() -> Texture? {
        let k = (faceSize.width, faceSize.height, Int(cornerRadius * 100))
        if let placeholder, let pk = placeholderKey, pk == k { return placeholder }
        placeholderSurface = try? CardFace.placeholder(caption: "", font: nil, width: faceSize.width, height: faceSize.height,
                                                      cornerRadius: cornerRadius, background: placeholderColor)
            .withClearBorder()
        placeholder = try? placeholderSurface?.uploaded(to: renderer)
        placeholderKey = k
        return placeholder
    }

    private func collectResults() {
        for result in worker.takeResults() {
            switch result {
            case .face(let key, let face):
                composed.insert(face, for: key)
            case .broken(let key, let image, let problem):
                if brokenImages[image] == nil { brokenImages[image] = problem }
                if reported.insert(image).inserted {
                    problems.append(CardImageProblem(path: images[image].path, problem: problem))
                }
                if let key, let face = brokenFace(key) { composed.insert(face, for: key) }
            }
        }
    }

    /// The face of a broken image: a plain card naming the file and, under it, why.
    private func brokenFace(_ key: FaceKey) -> FacePixels? {
        guard let surface = brokenCard(key) else { return nil }
        return try? FacePixels(surface, premultiplied: renderer.compositesOnCPU)
    }

    private func brokenCard(_ key: FaceKey) -> Surface? {
        guard let problem = brokenImages[key.image] else { return nil }
        let name = images[key.image].path.split(separator: "/").last.map(String.init) ?? ""
        let caption = name + "\n" + CardImageProblem.shortReason(problem)
        let face = try? CardFace.placeholder(caption: caption, font: captionFont(height: key.height),
                                             width: key.width, height: key.height,
                                             cornerRadius: Double(key.cornerRadius) / 100, background: RGBA(72, 78, 96))
        face?.clearBorder()
        return face
    }

    private func captionFont(height: Int) -> Font? {
        guard let fontPath else { return nil }
        let size = max(10, height / 28)
        if let f = captionFonts[size] { return f }
        let f = try? Font(path: fontPath, pixelSize: size)
        captionFonts[size] = f
        return f
    }

    /// nil when `path` starts like a PNG or JPEG; otherwise what is wrong with it.
    public static func sniff(_ path: String) -> String? {
        if let problem = ImageFile.problem(at: path) { return problem }
        guard let rw = SDL_RWFromFile(path, "rb") else {
            SDL_ClearError()
            return "cannot be opened"
        }
        defer { SDL_RWclose(rw) }
        var bytes = [UInt8](repeating: 0, count: 8)
        let got = bytes.withUnsafeMutableBytes { SDL_RWread(rw, $0.baseAddress, 1, 8) }
        let head = Array(bytes.prefix(got))
        if head.isEmpty { return "is empty (0 bytes)" }
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        if head.count >= 8 && Array(head.prefix(8)) == png { return nil }
        if head.count >= 3 && head[0] == 0xFF && head[1] == 0xD8 && head[2] == 0xFF { return nil }
        return "is not a PNG or JPEG image"
    }
}

extension Surface {
    fileprivate func withClearBorder() -> Surface {
        clearBorder()
        return self
    }

    fileprivate func uploaded(to renderer: Renderer) throws -> Texture {
        try Texture(renderer: renderer, surface: self)
    }
}

extension Surface {
    /// Makes the outermost ring of pixels transparent, so a tilted card's edge is smoothed by
    /// the texture filter instead of showing stairs (the quad itself is not anti-aliased).
    public func clearBorder() {
        guard isRGBA32, width > 2, height > 2 else { return }
        let w = width, h = height
        withRGBABytes { bytes, pitch in
            for x in 0..<w {
                bytes[x * 4 + 3] = 0
                bytes[(h - 1) * pitch + x * 4 + 3] = 0
            }
            for y in 0..<h {
                bytes[y * pitch + 3] = 0
                bytes[y * pitch + (w - 1) * 4 + 3] = 0
            }
        }
    }
}
