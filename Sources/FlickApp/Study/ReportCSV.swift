import FlickSession
import Foundation

/// `gestures.csv`: one row per gesture of every session (RFC 4180 quoting), times in seconds,
/// distances in points, velocities in points per second, fractions of the throw thresholds.
enum ReportCSV {
    static let header = ["session", "session_id", "file", "interaction", "kind", "start", "duration", "translation_x",
                         "translation_y", "release_velocity_x", "release_velocity_y", "release_speed", "distance_fraction",
                         "speed_fraction", "outcome", "near_miss", "narrow_throw"]

    static func make(_ sessions: [SessionMetrics]) -> String {
        var rows = [header.joined(separator: ",")]
        for m in sessions {
            for g in m.gestures {
                rows.append([quoted(g.session), quoted(m.session.sessionID ?? ""), quoted(m.session.path), g.interaction.rawValue,
                             g.kind.rawValue, num(g.start), num(g.duration),
                             num(g.translation.dx), num(g.translation.dy), num(g.velocity.dx), num(g.velocity.dy),
                             num(g.releaseSpeed), g.distanceFraction.map(num) ?? "", g.speedFraction.map(num) ?? "",
                             g.outcome.rawValue, flag(g.isCardRelease ? g.isNearMiss() : nil),
                             flag(g.isCardRelease ? g.isNarrowThrow() : nil)].joined(separator: ","))
            }
        }
        return rows.joined(separator: "\n") + "\n"
    }

    /// Booleans as every Flick table writes them: true, false, or empty where it does not apply.
    static func flag(_ b: Bool?) -> String { b.map { $0 ? "true" : "false" } ?? "" }

    static func num(_ x: Double) -> String {
        guard x.isFinite else { return "" }
        let r = (x * 1_000_000).rounded() / 1_000_000
        return r == r.rounded() && abs(r) < 1e15 ? String(Int(r)) : String(r)
    }

    static func quoted(_ s: String) -> String {
        s.contains(where: { ",\"\n\r".contains($0) }) ? "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : s
    }
}
