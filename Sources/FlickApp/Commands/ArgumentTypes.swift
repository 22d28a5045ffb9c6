import ArgumentParser
import FlickCLI
import FlickEngine
import FlickSDL
import FlickSession
import Foundation

// The values only the window's command line takes (FlickCLI has those every tool shares), as
// types: the parser turns text into them, lists their valid values in --help, and refuses a bad
// one with a one-line message that names the option, the value and what was expected.

extension FaceStyle.Fit: ExpressibleByArgument {}

/// The phone screen the scene lives on: a size in points, a device by name, or the window.
enum StageChoice: ExpressibleByArgument, Equatable, CustomStringConvertible {
    case window
    case device(StageDevice)
    case size(PointSize)

    init?(argument: String) { try? self.init(parsing: argument) }

    init(parsing text: String) throws {
        if text.lowercased() == "window" { self = .window; return }
        if let device = StageDevice.named(text) { self = .device(device); return }
        guard let size = PointSize(argument: text) else {
            throw ArgumentProblem("expected WIDTHxHEIGHT in points (each side 64 to 16384, e.g. 390x844), a device (\(StageDevice.all.map(\.name).joined(separator: ", "))) or 'window'")
        }
        self = .size(size)
    }

    static func parse(_ text: String) throws -> StageChoice { try StageChoice(parsing: text) }

    static var allValueStrings: [String] { StageDevice.all.map(\.name) + ["window", "WIDTHxHEIGHT"] }

    /// The stage's size (nil fills the window) and its screen corner radius, points.
    var stage: (size: Size?, cornerRadius: Double) {
        switch self {
        case .window: return (nil, StageDevice.defaultCornerRadius)
        case .device(let d): return (d.size, d.cornerRadius)
        case .size(let s): return (s.size, StageDevice.defaultCornerRadius)
        }
    }

    var description: String {
        switch self {
        case .window: return "window"
        case .device(let d): return d.name
        case .size(let s): return s.description
        }
    }
}

/// The touch indicator: on in presentation mode only (auto), always, or never.
enum TouchesMode: String, CaseIterable, ExpressibleByArgument {
    case auto, on, off

    /// nil follows presentation mode.
    var forced: Bool? {
        switch self {
        case .auto: return nil
        case .on: return true
        case .off: return false
        }
    }
}

/// What is written on the cards: nothing, the file name, or titles from a JSON file.
enum TitlesChoice: ExpressibleByArgument, Equatable, CustomStringConvertible {
    case none
    case name
    case file(String)

    init?(argument: String) {
        switch argument.lowercased() {
        case "none": self = .none
        case "name": self = .name
        default: self = .file(argument)
        }
    }

    static var allValueStrings: [String] { ["none", "name", "FILE.json"] }

    var description: String {
        switch self {
        case .none: return "none"
        case .name: return "name"
        case .file(let path): return path
        }
    }
}

/// An opaque colour: #RRGGBB, #RGB or a name.
struct CardColor: ExpressibleByArgument, CustomStringConvertible {
    var rgba: RGBA
    var text: String

    static let names: [String: RGBA] = [
        "white": RGBA(255, 255, 255), "black": RGBA(0, 0, 0), "grey": RGBA(128, 128, 128),
        "gray": RGBA(128, 128, 128), "light": FaceStyle.defaultBackground, "dark": RGBA(28, 28, 30),
    ]

    init?(argument: String) { try? self.init(parsing: argument) }

    init(parsing text: String) throws {
        self.text = text
        let t = text.lowercased().trimmingCharacters(in: .whitespaces)
        if let named = Self.names[t] { rgba = named; return }
        var hex = t.hasPrefix("#") ? String(t.dropFirst()) : t
        if hex.count == 3 { hex = hex.map { "\($0)\($0)" }.joined() }
        guard hex.count == 6, let v = UInt32(hex, radix: 16) else {
            throw ArgumentProblem("expected #RRGGBB (e.g. #f2f2f7) or one of: \(Self.names.keys.sorted().joined(separator: ", "))")
        }
        rgba = RGBA(UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF))
    }

    static func parse(_ text: String) throws -> CardColor { try CardColor(parsing: text) }

    var description: String { text }
}
