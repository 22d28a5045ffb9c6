import FlickIO
import FlickSession
import FlickEngine
import FlickSDL
import Foundation

/// How the cards look and how the stage is shown: the session's look (recorded in the header,
/// so replays and study tools draw what the participant saw) and where P saves screenshots.
struct Look {
    var session: SessionLook
    /// Folder for screenshots taken with P.
    var shots: ScreenshotFolder

    var style: FaceStyle { session.style }
    /// Start in presentation mode (only the phone).
    var present: Bool { session.present }
    /// The touch indicator: nil follows presentation mode.
    var touches: Bool? { session.touches }

    /// The images with their titles as the look says.
    func titled(_ images: [CardImage]) -> [CardImage] { session.titled(images) }

    /// The parsed --fit, --card-background, --titles, --present, --touches over `recorded` (a
    /// replay's look; the defaults otherwise): an option given replaces what it names. A titles
    /// file is read here, and a --shots folder checked (the default one is made at the first P).
    init(_ c: LookOptions, recorded: SessionLook?, recordPath: String? = nil, logPath: String? = nil) throws {
        var look = recorded ?? SessionLook()
        if let fit = c.fit { look.fit = SessionLook.Fit(fit) }
        if let color = c.cardBackground { look.cardBackground = SessionLook.hex(color.rgba) }
        switch c.titles {
        case nil: break
        case .none?: look.titles = .none
        case .name?: look.titles = .name
        case .file(let path)?: look.titles = .map(try Self.loadTitles(path))
        }
        if c.present { look.present = true }
        if let touches = c.touches { look.touches = touches.forced }
        session = look
        shots = ScreenshotFolder.resolve(given: c.shots, recordPath: recordPath, logPath: logPath)
        // Checked now, not at the first P: a screenshot that cannot be saved would be lost.
        if let given = c.shots {
            switch PathKind.target(of: given) {
            case .directory:
                guard access(given, W_OK | X_OK) == 0 else {
                    throw UserError("--shots folder '\(given)' is not writable (expected a folder for screenshots)")
                }
            case .missing:
                throw UserError("--shots folder '\(given)' does not exist (expected a folder for screenshots)")
            case let kind:
                throw UserError("--shots '\(given)' is not a folder: it \(kind.phrase) (expected a folder for screenshots)")
            }
            if let why = Checkout.problem(given + "/") { throw UserError("--shots folder '\(given)': \(why)") }
        }
    }

    /// A JSON object of file name -> title.
    static func loadTitles(_ path: String) throws -> [String: String] {
        // Read as every input is (a regular file, bounded): a FIFO or a huge file never stalls start-up.
        guard let data = try? InputFile.read(path, what: "--titles file", maxBytes: 4 << 20) else {
            throw UserError("--titles '\(path)' is neither none, name nor a readable file (expected a JSON object of file name -> title)")
        }
        guard let map = try? JSONDecoder().decode([String: String].self, from: data) else {
            throw UserError("--titles file '\(path)' is not a JSON object of file name -> title (e.g. {\"01-weather.png\": \"Weather\"})")
        }
        // Each title is drawn on its card: one line of at most TextLimits.cardTitle characters.
        for (file, title) in map.sorted(by: { $0.key < $1.key }) {
            if let why = TextLimits.problem(title, limit: TextLimits.cardTitle) {
                throw UserError("--titles file '\(path)': the title of '\(TextLimits.excerpt(file, 80))' \(why)")
            }
        }
        return map
    }
}

/// Phone and tablet screens `--stage` knows by name: size in points and screen corner radius.
struct StageDevice: Equatable {
    var name: String
    var size: Size
    /// Corner radius of the screen, points (0: square corners).
    var cornerRadius: Double

    static let all: [StageDevice] = [
        StageDevice(name: "iphone-se", size: Size(width: 375, height: 667), cornerRadius: 0),
        StageDevice(name: "iphone-15", size: Size(width: 393, height: 852), cornerRadius: 55),
        StageDevice(name: "pixel-8", size: Size(width: 412, height: 915), cornerRadius: 46),
        StageDevice(name: "ipad-mini", size: Size(width: 744, height: 1133), cornerRadius: 22),
    ]

    /// The corner radius of a stage given as WIDTHxHEIGHT, points.
    static let defaultCornerRadius = 40.0

    static func named(_ name: String) -> StageDevice? {
        all.first { $0.name == name.lowercased() }
    }
}
