import FlickStage
import FlickCLI
import FlickSession
import Foundation

/// `gestures.csv`: one row per gesture of every session (written by `CSV`: RFC 4180 quoting,
/// formulas neutralised), times in seconds, distances in points, velocities in points per
/// second, fractions of the throw thresholds.
enum ReportCSV {
    static let header = ["session", "session_id", "file", "interaction", "kind", "start", "duration", "translation_x",
                         "translation_y", "release_velocity_x", "release_velocity_y", "release_speed", "distance_fraction",
                         "speed_fraction", "outcome", "near_miss", "narrow_throw"]

    static func make(_ sessions: [SessionMetrics]) -> String {
        var rows = [header.joined(separator: ",")]
        for m in sessions {
            for g in m.gestures {
                rows.append([CSV.text(g.session), CSV.text(m.session.sessionID ?? ""), CSV.text(m.session.path), g.interaction.rawValue,
                             g.kind.rawValue, CSV.number(g.start), CSV.number(g.duration),
                             CSV.number(g.translation.dx), CSV.number(g.translation.dy), CSV.number(g.velocity.dx), CSV.number(g.velocity.dy),
                             CSV.number(g.releaseSpeed), CSV.number(g.distanceFraction), CSV.number(g.speedFraction),
                             g.outcome.rawValue, CSV.flag(g.isCardRelease ? g.isNearMiss() : nil),
                             CSV.flag(g.isCardRelease ? g.isNarrowThrow() : nil)].joined(separator: ","))
            }
        }
        return rows.joined(separator: "\n") + "\n"
    }
}
