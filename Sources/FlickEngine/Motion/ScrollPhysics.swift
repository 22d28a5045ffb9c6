/// Every constant of scrolling in one Codable value, so presets can be saved, compared and
/// replayed. Defaults follow UIKit.
public struct ScrollPhysics: Hashable, Sendable {
    /// Fraction of velocity kept per millisecond of momentum (0.998 normal, 0.99 fast); per millisecond.
    public var decelerationRate: Double
    /// Rubber band stiffness past the edges, unitless (0.55).
    public var rubberBandCoefficient: Double
    /// Spring that brings content back from past an edge: ratio 1, response 0.4 s.
    public var bounceSpring: SpringParameters
    /// Spring that settles on a page: ratio 1 (no overshoot), response 0.3 s.
    public var pagingSpring: SpringParameters
    /// How many pages one fling may travel from the page where the drag began.
    public var maxPagesPerFling: Int
    /// Fastest content velocity a release may start, pt/s: keeps a glitchy sample from flinging miles.
    public var maxVelocity: Double
    /// A spring counts as settled within this distance of its target, pt.
    public var restingDistance: Double
    /// A spring counts as settled below this speed, pt/s.
    public var restingSpeed: Double

    /// - Parameters:
    ///   - decelerationRate: per millisecond.
    ///   - rubberBandCoefficient: unitless.
    ///   - bounceSpring: damping ratio and response (seconds).
    ///   - pagingSpring: damping ratio and response (seconds).
    ///   - maxPagesPerFling: pages.
    ///   - maxVelocity: pt/s.
    ///   - restingDistance: pt.
    ///   - restingSpeed: pt/s.
    public init(decelerationRate: Double = Decay.normalRate,
                rubberBandCoefficient: Double = RubberBand.defaultCoefficient,
                bounceSpring: SpringParameters = SpringParameters(dampingRatio: 1, response: 0.4),
                pagingSpring: SpringParameters = SpringParameters(dampingRatio: 1, response: 0.3),
                maxPagesPerFling: Int = 1, maxVelocity: Double = 8000,
                restingDistance: Double = 0.5, restingSpeed: Double = 5) {
        self.decelerationRate = decelerationRate
        self.rubberBandCoefficient = rubberBandCoefficient
        self.bounceSpring = bounceSpring
        self.pagingSpring = pagingSpring
        self.maxPagesPerFling = maxPagesPerFling
        self.maxVelocity = maxVelocity
        self.restingDistance = restingDistance
        self.restingSpeed = restingSpeed
    }

    /// UIKit's default scroll view.
    public static let `default` = ScrollPhysics()
    /// A paged scroll view: fast deceleration for the projection.
    public static let paged = ScrollPhysics(decelerationRate: Decay.fastRate)

    /// The same physics with every out-of-range constant replaced by its default, so a bad
    /// preset file cannot make the engine produce NaN.
    public var sanitized: ScrollPhysics {
        var p = self
        let d = ScrollPhysics.default
        if !(p.decelerationRate > 0 && p.decelerationRate < 1) { p.decelerationRate = d.decelerationRate }
        if !(p.rubberBandCoefficient > 0 && p.rubberBandCoefficient.isFinite) { p.rubberBandCoefficient = d.rubberBandCoefficient }
        if !p.bounceSpring.isValid { p.bounceSpring = d.bounceSpring }
        if !p.pagingSpring.isValid { p.pagingSpring = d.pagingSpring }
        if p.maxPagesPerFling < 0 { p.maxPagesPerFling = d.maxPagesPerFling }
        if !(p.maxVelocity > 0) || p.maxVelocity.isNaN { p.maxVelocity = d.maxVelocity }
        if !(p.restingDistance > 0 && p.restingDistance.isFinite) { p.restingDistance = d.restingDistance }
        if !(p.restingSpeed > 0 && p.restingSpeed.isFinite) { p.restingSpeed = d.restingSpeed }
        return p
    }
}

// Codable only natively: Embedded Swift (the WebAssembly engine) has no Codable.
#if !hasFeature(Embedded)
extension ScrollPhysics: Codable {}
#endif
