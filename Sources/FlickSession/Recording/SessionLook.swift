import FlickIO
import Foundation

/// Everything besides the scene that decides a pixel of the participant's screen: how images
/// meet their cards, the cards' background, their titles, the touch dot, presentation mode. A
/// recording's header carries it (format 2), so a replay, an export and a compare pane draw the
/// frame the participant saw, not the defaults.
package struct SessionLook: Codable, Equatable, Sendable {
    /// What is written on the cards: nothing, the file name, or a title per file name.
    package enum Titles: Codable, Equatable, Sendable {
        case none
        case name
        case map([String: String])

        package init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let mode = try? c.decode(String.self) {
                switch mode {
                case "none": self = .none
                case "name": self = .name
                default:
                    throw DecodingError.dataCorruptedError(in: c, debugDescription: "expected 'none', 'name' or an object of file name -> title")
                }
            } else {
                self = .map(try c.decode([String: String].self))
            }
        }

        package func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            switch self {
            case .none: try c.encode("none")
            case .name: try c.encode("name")
            case .map(let map): try c.encode(map)
            }
        }
    }

    /// How an image meets its card: whole and letterboxed (`fit`), or covering it, cropped (`fill`).
    package enum Fit: String, Codable, CaseIterable, Sendable {
        case fit, fill
    }

    package var fit: Fit
    /// The cards' opaque background, "#rrggbb".
    package var cardBackground: String
    package var titles: Titles
    /// The touch dot: nil follows presentation mode (auto), else always on or off.
    package var touches: Bool?
    /// The session started in presentation mode (only the phone).
    package var present: Bool

    /// iOS's grouped background, the cards' colour unless told otherwise.
    package static let defaultCardBackground = "#f2f2f7"

    package init(fit: Fit = .fit, cardBackground: String = SessionLook.defaultCardBackground, titles: Titles = .none,
                 touches: Bool? = nil, present: Bool = false) {
        self.fit = fit
        self.cardBackground = cardBackground
        self.titles = titles
        self.touches = touches
        self.present = present
    }

    /// The look of a recording made before looks were recorded (format 1): the defaults.
    package static let recordedBeforeFormat2 = SessionLook()

    /// The images with their titles as `titles` says.
    package func titled(_ images: [CardImage]) -> [CardImage] {
        images.map { image in
            let name = image.fileName
            var out = image
            switch titles {
            case .none: out.title = nil
            case .name: out.title = name
            case .map(let map): out.title = map[name]
            }
            return out
        }
    }

    /// "#rrggbb" of a colour's channels.
    package static func hex(r: UInt8, g: UInt8, b: UInt8) -> String { String(format: "#%02x%02x%02x", r, g, b) }

    /// "#rrggbb" -> its channels, or nil.
    package static func channels(_ text: String) -> (r: UInt8, g: UInt8, b: UInt8)? {
        guard text.count == 7, text.hasPrefix("#"), let v = UInt32(text.dropFirst(), radix: 16) else { return nil }
        return (UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF))
    }
}
