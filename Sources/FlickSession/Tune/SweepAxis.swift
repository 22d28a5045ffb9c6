import FlickIO
import FlickEngine
import Foundation

/// One key of a threshold sweep and the values it takes: `--key now.throwSpeed --values
/// 300:900:50` (from:to:step, both ends included) or `--values 300,450,600` (a list). Every
/// value is checked against the key's own range (the one a config file is held to).
package struct SweepAxis: Equatable, Sendable {
    package var key: String
    package var values: [Double]

    /// At most this many values on one key (a step of 1 over 1...100000 would be 100,000 replays
    /// of every recording).
    package static let maxValues = 200

    package init(key: String, values: [Double]) {
        self.key = key
        self.values = values
    }

    /// Parses `--values` for `key`; one line naming the key or the value on any error.
    package static func parse(key: String, values text: String) throws -> SweepAxis {
        guard let configKey = SceneConfig.key(at: key) else {
            throw UserError("--key '\(key)' is not a config key (expected a dotted key such as now.throwSpeed; `flick --print-keys` lists them)")
        }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var values: [Double]
        if trimmed.contains(":") {
            let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 3, let from = parts[0], let to = parts[1], let step = parts[2],
                  from.isFinite, to.isFinite, step.isFinite else {
                throw UserError("--values '\(text)' for \(key) is not FROM:TO:STEP (e.g. 300:900:50) nor a list (e.g. 300,450,600)")
            }
            guard step > 0 else { throw UserError("--values '\(text)' for \(key): the step must be above 0") }
            guard to >= from else { throw UserError("--values '\(text)' for \(key): TO (\(fmt(to))) is below FROM (\(fmt(from))); write the range upwards") }
            let count = ((to - from) / step + 1e-9).rounded(.down) + 1
            guard count <= Double(maxValues) else {
                throw UserError("--values '\(text)' for \(key) makes \(fmt(count)) values (at most \(maxValues); use a larger step)")
            }
            // Each value from the start and its index, not by adding steps (no drift: 0.1 * 3).
            values = (0..<Int(count)).map { clean(from + Double($0) * step) }
        } else {
            values = []
            for part in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
                let s = part.trimmingCharacters(in: .whitespaces)
                guard let v = Double(s), v.isFinite else {
                    throw UserError("--values '\(text)' for \(key): '\(s)' is not a number (expected FROM:TO:STEP or a list such as 300,450,600)")
                }
                values.append(v)
            }
            guard values.count <= maxValues else {
                throw UserError("--values for \(key) lists \(values.count) values (at most \(maxValues))")
            }
            values = Array(Set(values)).sorted()
        }
        for v in values where !configKey.accepts(v) {
            let why = configKey.isInteger && v != v.rounded() ? "not a whole number" : "outside its range"
            throw UserError("--values for \(key): \(fmt(v)) is \(why) (expected \(configKey.rangeDescription) \(configKey.unit))")
        }
        return SweepAxis(key: key, values: values)
    }

    /// 12 decimals at most: 0.1 + 2 * 0.1 is written 0.3, not 0.30000000000000004.
    static func clean(_ v: Double) -> Double { (v * 1e12).rounded() / 1e12 }

    package static func fmt(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}

/// The points a sweep visits: every value of one axis, or every pair on a grid of two.
package struct SweepGrid: Sendable {
    package var axes: [SweepAxis]

    /// At most this many points (values of one key, or pairs of two).
    package static let maxPoints = 400

    package init(_ axes: [SweepAxis]) throws {
        guard !axes.isEmpty else { throw UserError("no --key given (e.g. --key now.throwSpeed --values 300:900:50)") }
        guard axes.count <= 2 else { throw UserError("\(axes.count) --key options; a sweep takes one key or a grid of two") }
        if axes.count == 2, axes[0].key == axes[1].key {
            throw UserError("--key '\(axes[0].key)' is given twice (a grid needs two different keys)")
        }
        let points = axes.reduce(1) { $0 * $1.values.count }
        guard points <= Self.maxPoints else {
            throw UserError("the grid of \(axes.map(\.key).joined(separator: " x ")) has \(points) points (at most \(Self.maxPoints); use fewer values)")
        }
        self.axes = axes
    }

    /// Each point as the value of each axis, in order (the first axis varies slowest).
    package var points: [[Double]] {
        axes.reduce([[]]) { acc, axis in acc.flatMap { p in axis.values.map { p + [$0] } } }
    }

    /// `config` with a point's values set.
    package func config(_ base: SceneConfig, at point: [Double]) throws -> SceneConfig {
        var c = base
        for (axis, v) in zip(axes, point) { try c.setValue(v, at: axis.key) }
        // Checked once every axis is set: a point may raise a minimum and its maximum together.
        do { try c.validateBounds() } catch {
            throw UserError("the point \(zip(axes, point).map { "\($0.key) = \(ConfigError.format($1))" }.joined(separator: ", ")): \(error)")
        }
        return c
    }
}
