import FlickEngine

/// The device the participant's gestures came from: the recording's header and the log name
/// it, and the study takes it as a condition (mouse against touch).
package struct SessionDevice: Codable, Equatable, Sendable {
    /// What produced the pointer events: `mouse` (the window) or `touch` (a phone's page).
    package var input: PointerEvent.Device
    /// The page's viewport, CSS pixels (points); nil for the window's mouse.
    package var viewport: Size?
    /// The page's `devicePixelRatio`.
    package var pixelRatio: Double?
    /// The browser's user agent, as it said it (bounded by `userAgentLimit`).
    package var userAgent: String?
    /// The page ran the engine itself (`--phone-engine`). Its questionnaire covers its stage, so
    /// what its engine took under it is the participant's own doing, and a session (live or
    /// replayed) does not block the page's touches or commands again (`SessionRunner`).
    package var engine: Bool?

    package static let userAgentLimit = 512

    package enum CodingKeys: String, CodingKey {
        case input, viewport, pixelRatio = "pixel_ratio", userAgent = "user_agent", engine
    }

    package init(input: PointerEvent.Device, viewport: Size? = nil, pixelRatio: Double? = nil, userAgent: String? = nil) {
        self.input = input
        self.viewport = viewport
        self.pixelRatio = pixelRatio
        self.userAgent = userAgent
    }

    /// The window's own mouse.
    package static let mouse = SessionDevice(input: .mouse)

    /// One line for the terminal and the facilitator: "touch, 390x844 pt at 3x (Mozilla/5.0 ...)".
    package var summary: String {
        var s = input.rawValue
        if let v = viewport { s += ", \(Int(v.width))x\(Int(v.height)) pt" }
        if let r = pixelRatio { s += " at \(r == r.rounded() ? String(Int(r)) : String(r))x" }
        if let ua = userAgent, !ua.isEmpty { s += " (\(ua.prefix(60)))" }
        return s
    }
}
