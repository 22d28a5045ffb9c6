import FlickEngine

/// A whole session made up from a seed: an interaction, a deck, a viewport, and a timeline of
/// flings, drags, holds, taps, cancels, key commands, wheel notches, inserts, deletes, config
/// edits, resizes and switches of interaction, some delivered late. The same seed gives the
/// same session on every platform (integer arithmetic only), so the native engine and the
/// WebAssembly engine can be run on it and their digests compared (`Tests/wasm`).
public struct RandomSession: Sendable {
    /// One input at its own time.
    public enum Step: Sendable {
        case script(GestureScript.Step)
        /// A new card at deck index `index` (clamped to the deck).
        case insert(index: Int, time: Double)
        /// The card at deck index `position` modulo the deck's size leaves.
        case delete(position: Int, time: Double)
        /// A config key set to a value (one inside its range; a config that fails validation is
        /// not applied, as a panel refuses it).
        case setValue(key: String, value: Double, time: Double)
        /// Wheel notches.
        case wheel(notches: Int, time: Double)

        /// When it happens, seconds.
        public var time: Double {
            switch self {
            case .script(let s): return s.time
            case .insert(_, let t), .delete(_, let t), .setValue(_, _, let t), .wheel(_, let t): return t
            }
        }

        /// Gives the step to `scene` at its own time.
        func apply(to scene: CardScene) {
            switch self {
            case .script(let s):
                s.apply(to: scene)
            case .insert(let index, let t):
                scene.insert(at: min(max(0, index), scene.deck.count), time: t)
            case .delete(let position, let t):
                guard scene.deck.count > 0 else { return }
                scene.delete(scene.deck.id(at: position % scene.deck.count), at: t)
            case .setValue(let key, let value, let t):
                guard let config = try? scene.config.setting(value, at: key) else { return }
                scene.setConfig(config, at: t)
            case .wheel(let notches, let t):
                scene.scrollNotches(notches, at: t)
            }
        }
    }

    /// What a run gave: its digest (every frame drawn, then every event with its notes) and
    /// how much it held.
    public struct Outcome: Hashable, Sendable {
        public var digest: UInt64
        public var events: Int
        public var frames: Int
        public var cards: Int
    }

    public let seed: UInt64
    public let interaction: Interaction
    public let count: Int
    public let viewport: Size
    public let lateInputWindow: Double
    public let frameRate: Double
    public private(set) var steps: [Step] = []
    /// How late each step is delivered, seconds (0 for most).
    public private(set) var lateBy: [Double] = []
    /// The last frame's time.
    public private(set) var end: Double = 0

    /// The session of `seed`, with about `inputs` gestures and other inputs.
    public init(seed: UInt64, inputs: Int = 24) {
        self.seed = seed
        var r = SeededRandom(seed: seed)
        func below(_ n: Int) -> Int { n <= 0 ? 0 : Int(r.next() % UInt64(n)) }
        func unit() -> Double { Double(r.next() >> 11) * 0x1p-53 }
        func uniform(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }
        let interactions = Interaction.allCases
        interaction = interactions[below(interactions.count)]
        count = [0, 1, 2, 3, 5, 8, 20, 200][below(8)]
        let sizes = [Size(width: 390, height: 844), Size(width: 360, height: 640), Size(width: 1024, height: 768),
                     Size(width: 844, height: 390), Size(width: 200, height: 300)]
        viewport = sizes[below(sizes.count)]
        lateInputWindow = [0, 0.05, 0.1][below(3)]
        frameRate = [30, 60, 120, 144][below(4)]

        var g = GestureScript(start: 100 + below(200), step: [4, 8, 16][below(3)])
        var extras: [(after: Int, step: Step)] = []
        func extra(_ s: Step) { extras.append((g.steps.count, s)) }
        var size = viewport
        func point() -> Point {
            // Mostly on the cards (the middle), sometimes anywhere, sometimes outside.
            switch below(10) {
            case 0: return Point(x: uniform(-40, size.width + 40), y: uniform(-40, size.height + 40))
            case 1, 2: return Point(x: uniform(0, size.width), y: uniform(0, size.height))
            default: return Point(x: size.width * uniform(0.3, 0.7), y: size.height * uniform(0.3, 0.7))
            }
        }
        func vector(_ scale: Double) -> Vector {
            switch below(5) {
            case 0: return Vector(dx: uniform(-scale, scale), dy: 0)
            case 1: return Vector(dx: 0, dy: uniform(-scale, scale))
            default: return Vector(dx: uniform(-scale, scale), dy: uniform(-scale, scale))
            }
        }
        let commands: [CardScene.Command] = [.nextPage, .previousPage, .throwCurrent, .undo, .reset,
                                             .throwLeft, .throwRight, .throwUp, .throwDown]
        let keys = SceneConfig.keys
        var lates: [Int: Double] = [:]
        for _ in 0..<inputs {
            let release: GestureScript.Release = below(8) == 0 ? .cancel : .up
            let first = g.steps.count
            switch below(20) {
            case 0...4: g.fling(from: point(), by: vector(400), speed: uniform(50, 4000), release: release)
            case 5...7: g.drag(from: point(), by: vector(300), duration: uniform(0.05, 0.8), release: release)
            case 8: g.hold(from: point(), by: vector(200), duration: uniform(0.05, 0.4), for: uniform(0.05, 0.3),
                           release: release)
            case 9, 10: g.tap(at: point(), duration: uniform(0.01, 0.3))
            case 11, 12: g.command(commands[below(commands.count)])
            case 13: extra(.wheel(notches: below(7) - 3, time: g.time))
            case 14: extra(.insert(index: below(30), time: g.time))
            case 15: extra(.delete(position: below(30), time: g.time))
            case 16:
                let key = keys[below(keys.count)]
                var v = uniform(key.range.lowerBound, min(key.range.upperBound, key.range.lowerBound + 5000))
                if key.isInteger { v = v.rounded(.down) }
                extra(.setValue(key: key.path, value: v, time: g.time))
            case 17:
                size = sizes[below(sizes.count)]
                g.viewport(size)
            case 18:
                g.interaction(interactions[below(interactions.count)])
            default:
                // A command in the middle of a drag, the drag then let go.
                let start = point(), by = vector(200)
                g.down(at: start)
                g.moves(from: start, by: by, duration: uniform(0.05, 0.3))
                g.command(commands[below(commands.count)])
                g.moves(from: start + by, by: vector(100), duration: uniform(0.02, 0.2))
                g.up(at: start + by)
            }
            // Some gestures arrive late: their events reach the scene after later frames.
            if lateInputWindow > 0, below(4) == 0 {
                let late = uniform(0, lateInputWindow * 0.9)
                for k in first..<g.steps.count { lates[k] = late }
            }
            g.wait(uniform(0, 1) < 0.3 ? uniform(0.4, 1.5) : uniform(0, 0.15))
        }
        // The script's steps and the extras, in the order they were written.
        var e = 0
        for (k, s) in g.steps.enumerated() {
            while e < extras.count, extras[e].after == k {
                steps.append(extras[e].step)
                lateBy.append(0)
                e += 1
            }
            steps.append(.script(s))
            lateBy.append(lates[k] ?? 0)
        }
        while e < extras.count {
            steps.append(extras[e].step)
            lateBy.append(0)
            e += 1
        }
        end = g.time + 2
    }

    /// Runs the session on a fresh scene, drawing frames at `frameRate` between the inputs as a
    /// front end does (each input after the frames due by its time plus its lateness), digesting
    /// every frame's render list, then every event with its notes.
    public func run(onFrame: (CardScene, SceneDigest) -> Void = { _, _ in }) -> Outcome {
        let scene = CardScene(interaction: interaction, count: count, viewport: viewport)
        scene.lateInputWindow = lateInputWindow
        var digest = SceneDigest()
        var frames = 0
        var k = 0
        func frame(_ t: Double) {
            scene.advance(to: t)
            digest.add(frame: scene.renderList)
            frames += 1
            onFrame(scene, digest)
        }
        for (i, s) in steps.enumerated() {
            let due = s.time + lateBy[i]
            while Double(k) / frameRate <= due, Double(k) / frameRate < end {
                frame(Double(k) / frameRate)
                k += 1
            }
            s.apply(to: scene)
        }
        while Double(k) / frameRate < end {
            frame(Double(k) / frameRate)
            k += 1
        }
        frame(end)
        scene.commit()
        digest.add(frame: scene.renderList)
        digest.addEvents(of: scene)
        return Outcome(digest: digest.value, events: scene.loggedEvents.count, frames: frames, cards: scene.deck.count)
    }
}
