import ArgumentParser
import Foundation
import FlickEngine

// The values every Flick command line takes (flick, flick-bench, flick-lab), as types: the
// parser turns text into them, lists their valid values in --help, and refuses a bad one with a
// one-line message that names the option, the value and what was expected. Values with a reason
// to give are declared with `transform:` so the reason reaches the message.

/// An error whose text the parser appends to "The value 'x' is invalid for '--option <v>': ".
package struct ArgumentProblem: Error, CustomStringConvertible {
    package let description: String
    package init(_ text: String) { description = text }
}

extension Interaction: ExpressibleByArgument {
    /// The registered names, for --help and the parser's refusal.
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

/// WIDTHxHEIGHT, each side 64 to 16384 (points for a window, pixels for a video).
package struct PointSize: ExpressibleByArgument, Equatable, CustomStringConvertible, Sendable {
    package var width: Int
    package var height: Int

    package static let sides = 64...16384
    package static let expected = "expected WIDTHxHEIGHT, each side 64 to 16384, e.g. 1280x800"

    package init(width: Int, height: Int) { self.width = width; self.height = height }

    package init?(argument: String) { try? self.init(parsing: argument) }

    package init(parsing text: String) throws {
        let parts = text.lowercased().trimmingCharacters(in: .whitespaces)
            .split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              Self.sides.contains(w), Self.sides.contains(h) else { throw ArgumentProblem(Self.expected) }
        self.init(width: w, height: h)
    }

    package static func parse(_ text: String) throws -> PointSize { try PointSize(parsing: text) }

    package var size: Size { Size(width: Double(width), height: Double(height)) }
    package var description: String { "\(width)x\(height)" }
}

/// A comma-separated list of values ("now,stack", "1280x800,1920x1080"): each item parsed as its
/// own option value would be, the first bad one named with what was expected.
package enum CommaList {
    /// Items of a type with a fixed set of values (an enum of parts, interactions).
    package static func parse<T: ExpressibleByArgument & CaseIterable & RawRepresentable>(_ text: String) throws -> [T]
        where T.RawValue == String {
        try items(text) { word in
            guard let value = T(rawValue: word.lowercased()) else {
                throw ArgumentProblem("'\(word)' is not one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return value
        }
    }

    /// Sizes, WIDTHxHEIGHT each.
    package static func sizes(_ text: String) throws -> [PointSize] {
        try items(text) { word in
            do { return try PointSize(parsing: word) } catch { throw ArgumentProblem("'\(word)': \(PointSize.expected)") }
        }
    }

    /// Numbers ("60,144").
    package static func numbers(_ text: String) throws -> [Double] {
        try items(text) { word in
            guard let v = Double(word), v.isFinite else { throw ArgumentProblem("'\(word)' is not a number") }
            return v
        }
    }

    private static func items<T>(_ text: String, _ parse: (String) throws -> T) throws -> [T] {
        let words = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard !words.contains(where: \.isEmpty) else {
            throw ArgumentProblem("an empty item in '\(text)' (expected a comma list without empty items)")
        }
        return try words.map(parse)
    }
}
