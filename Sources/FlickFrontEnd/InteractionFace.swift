import FlickEngine
import Synchronization

/// What a front end shows of an interaction besides the interaction itself: a line saying what
/// it is, its colours, and a scripted session that shows it off. The engine registers what an
/// interaction does (`InteractionRegistry`); a front end looks its face up here by the same
/// name, and an interaction registered without one shows its name, the default colours and the
/// default demo.
public struct InteractionFace: Sendable {
    /// The interaction it belongs to.
    public let name: Interaction
    /// One line saying what it is and how it is used (the window's title line, a help text).
    public let summary: String
    /// The colours a window shows it in.
    public let theme: InteractionTheme
    /// Its scripted session on a viewport (points): what the render benchmarks play.
    public let demo: @Sendable (Size) -> DemoScript

    /// See the properties; `demo` is a drag held and a fling unless given.
    public init(_ name: Interaction, summary: String, theme: InteractionTheme = InteractionTheme(),
                demo: @escaping @Sendable (Size) -> DemoScript = DemoScript.dragAndFling) {
        self.name = name
        self.summary = summary
        self.theme = theme
        self.demo = demo
    }

    /// The face of an interaction registered without one: its name, the default colours and
    /// the default demo.
    public static func plain(_ name: Interaction) -> InteractionFace {
        InteractionFace(name, summary: name.rawValue)
    }
}

/// An sRGB colour, 8 bits a channel.
public struct RGB: Hashable, Sendable {
    public var r: UInt8, g: UInt8, b: UInt8
    /// Red, green, blue, 0 ... 255.
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) { self.r = r; self.g = g; self.b = b }
}

/// The colours of an interaction in a window: around the phone, the phone's screen, and the
/// text written on the window (bright and dimmed).
public struct InteractionTheme: Hashable, Sendable {
    public var window: RGB
    public var stage: RGB
    public var text: RGB
    public var dim: RGB
    /// See the properties; the defaults are the built-ins' text colours on a dark window.
    public init(window: RGB = RGB(26, 28, 34), stage: RGB = RGB(232, 234, 237), text: RGB = RGB(236, 238, 242),
                dim: RGB = RGB(150, 156, 170)) {
        self.window = window
        self.stage = stage
        self.text = text
        self.dim = dim
    }
}

/// The faces front ends show, by interaction name: the five built-ins' (BuiltInFaces.swift) and
/// an embedder's (`register`), beside the engine's `InteractionRegistry`.
public enum InteractionFaces {
    /// The built-ins' faces, in their key order.
    static let builtIns: [InteractionFace] = [.now, .switcher, .stack, .carousel, .swipe]

    private static let table = Mutex<[InteractionFace]>(builtIns)

    /// Set by `withRegistered` for the task running it (and its child tasks); nil elsewhere.
    @TaskLocal private static var scoped: [InteractionFace]?

    /// Every face, built-ins first.
    public static var all: [InteractionFace] { scoped ?? table.withLock { $0 } }

    /// The face registered for `interaction`, else its plain one (`InteractionFace.plain`).
    public static func of(_ interaction: Interaction) -> InteractionFace {
        all.first { $0.name == interaction } ?? .plain(interaction)
    }

    /// Registers a face (or replaces the one of its name) for every task.
    public static func register(_ face: InteractionFace) {
        table.withLock { adding([face], to: &$0) }
    }

    /// Takes the face of `name` out (a test's, say); the built-ins stay.
    public static func unregister(_ name: Interaction) {
        guard !builtIns.contains(where: { $0.name == name }) else { return }
        table.withLock { $0.removeAll { $0.name == name } }
    }

    /// Runs `body` with `faces` added (or replacing those of their names) for the current task
    /// and its child tasks only, as `InteractionRegistry.withRegistered` does for the rules.
    public static func withRegistered<R>(_ faces: [InteractionFace], _ body: () throws -> R) rethrows -> R {
        var t = all
        adding(faces, to: &t)
        return try $scoped.withValue(t, operation: body)
    }

    private static func adding(_ faces: [InteractionFace], to t: inout [InteractionFace]) {
        for f in faces {
            if let i = t.firstIndex(where: { $0.name == f.name }) { t[i] = f } else { t.append(f) }
        }
    }
}
