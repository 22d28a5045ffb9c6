
/// The iOS edge resistance: content pulled past an edge by `x` pt shows only
/// (1 − 1/(x·c/d + 1))·d, so it can never be dragged further than one viewport `d` away,
/// and pulling harder gives less and less.
public struct RubberBand: Hashable, Sendable {
    /// UIKit's constant: how stiff the band feels; unitless.
    public static let defaultCoefficient = 0.55

    /// Stiffness, unitless (0.55 in UIKit): smaller resists more.
    public var coefficient: Double

    /// - Parameter coefficient: unitless; non-positive or non-finite values fall back to 0.55.
    public init(coefficient: Double = RubberBand.defaultCoefficient) {
        self.coefficient = (coefficient > 0 && coefficient.isFinite) ? coefficient : RubberBand.defaultCoefficient
    }

    /// How far the content is shown past the edge (pt) when pulled `overscroll` pt past it, sign kept.
    /// A zero or negative `dimension` (no viewport) shows nothing past the edge: a hard stop.
    /// - Parameters:
    ///   - overscroll: distance past the edge the finger asks for, pt.
    ///   - dimension: viewport extent along the axis, pt.
    public func shown(overscroll: Double, dimension: Double) -> Double {
        guard dimension > 0, dimension.isFinite, overscroll.isFinite else {
            return (dimension > 0 && dimension.isFinite && overscroll.isInfinite)
                ? (overscroll > 0 ? dimension : -dimension) : 0
        }
        let x = abs(overscroll)
        let shown = (1 - 1 / (x * coefficient / dimension + 1)) * dimension
        return overscroll < 0 ? -shown : shown
    }

    /// The exact inverse of `shown`: how far the finger must pull (pt) to show `shown` pt past
    /// the edge. Grabbing content mid-bounce uses it so the content stays under the finger.
    /// `shown` is limited to just under `dimension` (the band's asymptote); the result is finite.
    /// - Parameters:
    ///   - shown: displayed distance past the edge, pt.
    ///   - dimension: viewport extent along the axis, pt.
    public func overscroll(shown: Double, dimension: Double) -> Double {
        guard dimension > 0, dimension.isFinite, shown.isFinite else { return 0 }
        let s = min(abs(shown), dimension * (1 - 1e-12))
        // s = (1 − 1/(x c/d + 1)) d  ⇔  x = s d / ((d − s) c)
        let x = s * dimension / ((dimension - s) * coefficient)
        return shown < 0 ? -x : x
    }

    /// The offset drawn (pt) for a `raw` offset the finger asks for, with the band applied past
    /// `lower` or `upper` (pt). Inside the bounds it is `raw` itself.
    public func shownOffset(raw: Double, lower: Double, upper: Double, dimension: Double) -> Double {
        if raw < lower { return lower + shown(overscroll: raw - lower, dimension: dimension) }
        if raw > upper { return upper + shown(overscroll: raw - upper, dimension: dimension) }
        return raw
    }

    /// Inverse of `shownOffset`: the raw offset (pt) that draws at `shown` (pt).
    public func rawOffset(shown: Double, lower: Double, upper: Double, dimension: Double) -> Double {
        if shown < lower { return lower + overscroll(shown: shown - lower, dimension: dimension) }
        if shown > upper { return upper + overscroll(shown: shown - upper, dimension: dimension) }
        return shown
    }
}

// Codable only natively: Embedded Swift (the WebAssembly engine) has no Codable.
#if !hasFeature(Embedded)
extension RubberBand: Codable {}
#endif
