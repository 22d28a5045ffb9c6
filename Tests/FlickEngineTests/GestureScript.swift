import Testing
@_exported import FlickEngineTesting
@testable import FlickEngine

// The gesture synthesiser, frame schedules and the frame driver live in the FlickEngineTesting
// library (shared with the benchmarks and flick-bench); what is left here is for these tests only.

extension FrameSchedule: CustomTestStringConvertible {
    public var testDescription: String { description }
}

extension SceneEvent {
    /// One short line for printed tables and failure messages.
    var brief: String {
        func f(_ x: Double) -> String { fixed(x, 3) }
        switch self {
        case let .gestureBegan(t, kind, card): return "\(f(t)) began \(kind.rawValue) \(card.map { "\($0)" } ?? "-")"
        case let .gestureEnded(t, kind, _, v, outcome, _):
            return "\(f(t)) ended \(kind.rawValue) v=(\(Int(v.dx)),\(Int(v.dy))) → \(outcome.rawValue)"
        case let .paged(t, from, to): return "\(f(t)) paged \(from)→\(to)"
        case let .deleted(t, card, index): return "\(f(t)) deleted \(card)@\(index)"
        case let .restored(t, card, index): return "\(f(t)) restored \(card)@\(index)"
        case let .snappedBack(t, card): return "\(f(t)) snapped back \(card)"
        case let .selected(t, card): return "\(f(t)) selected \(card)"
        case let .inserted(t, card, index): return "\(f(t)) inserted \(card)@\(index)"
        case let .reset(t): return "\(f(t)) reset"
        case let .interactionChanged(t, from, to): return "\(f(t)) interaction \(from.rawValue)→\(to.rawValue)"
        }
    }
}

/// A script starting `delay` seconds after the scene's time.
func script(after scene: CardScene, delay: Double = 0.1, step: Int = 8) -> GestureScript {
    GestureScript(after: scene, delay: delay, step: step)
}

/// The ids of a deck, in order.
func cardIDs(_ deck: Deck) -> [CardID] { (0..<deck.count).map { deck.id(at: $0) } }

/// `x` with `digits` decimals, without Foundation.
func fixed(_ x: Double, _ digits: Int) -> String {
    guard x.isFinite else { return "\(x)" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let n = Int((abs(x) * scale).rounded())
    let whole = n / Int(scale), frac = n % Int(scale)
    var fs = String(frac)
    while fs.count < digits { fs = "0" + fs }
    return (x < 0 && n != 0 ? "-" : "") + String(whole) + (digits > 0 ? "." + fs : "")
}
