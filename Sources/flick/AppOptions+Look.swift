import FlickSession
import FlickEngine
import FlickSDL
import Foundation

/// How the cards look and how the stage is shown: `--fit`, `--card-background`, `--titles`,
/// `--present`, `--touches`, `--shots`, and the device names `--stage` takes.
struct Look {
    var style: FaceStyle
    var titles: Titles
    /// Start in presentation mode (only the phone).
    var present: Bool
    /// The touch indicator: nil follows presentation mode.
    var touches: Bool?
    /// Folder for screenshots taken with P.
    var shots: String

    /// What is written on the cards.
    enum Titles: Equatable {
        case none
        /// The file name.
        case name
        /// File name -> title, from a JSON file; files not in it have no title.
        case mapped([String: String])
    }

    /// The parsed --fit, --card-background, --titles, --present, --touches and --shots (the
    /// shots folder was checked by the parser); a titles file is read here.
    init(_ c: LookOptions) throws {
        style = FaceStyle(fit: c.fit, background: c.cardBackground.rgba)
        switch c.titles {
        case .none: titles = .none
        case .name: titles = .name
        case .file(let path): titles = .mapped(try Self.loadTitles(path))
        }
        present = c.present
        touches = c.touches.forced
        // Checked now, not at the first P: a screenshot that cannot be saved would be lost.
        switch PathKind.target(of: c.shots) {
        case .directory:
            guard access(c.shots, W_OK | X_OK) == 0 else {
                throw UserError("--shots folder '\(c.shots)' is not writable (expected a folder for screenshots)")
            }
        case .missing:
            throw UserError("--shots folder '\(c.shots)' does not exist (expected a folder for screenshots)")
        case let kind:
            throw UserError("--shots '\(c.shots)' is not a folder: it \(kind.phrase) (expected a folder for screenshots)")
        }
        shots = c.shots
    }

    /// The images with their titles as `titles` says.
    func titled(_ images: [CardImage]) -> [CardImage] {
        images.map { image in
            let name = (image.path as NSString).lastPathComponent
            var out = image
            switch titles {
            case .none: out.title = nil
            case .name: out.title = name
            case .mapped(let map): out.title = map[name]
            }
            return out
        }
    }

    /// A JSON object of file name -> title.
    static func loadTitles(_ path: String) throws -> [String: String] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UserError("--titles '\(path)' is neither none, name nor a readable file (expected a JSON object of file name -> title)")
        }
        guard let map = try? JSONDecoder().decode([String: String].self, from: data) else {
            throw UserError("--titles file '\(path)' is not a JSON object of file name -> title (e.g. {\"01-weather.png\": \"Weather\"})")
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
