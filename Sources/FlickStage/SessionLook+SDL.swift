import FlickSDL
import FlickSession

/// The recorded look as the SDL renderer's types: the cards' colour and face style.
extension SessionLook {
    package init(fit: FaceStyle.Fit, background: RGBA, titles: Titles = .none, touches: Bool? = nil,
                 present: Bool = false) {
        self.init(fit: Fit(fit), cardBackground: Self.hex(background), titles: titles, touches: touches,
                  present: present)
    }

    /// The cards' opaque background (the default when the recorded colour is unreadable).
    package var background: RGBA { Self.rgba(cardBackground) ?? FaceStyle.defaultBackground }

    package var style: FaceStyle { FaceStyle(fit: FaceStyle.Fit(fit), background: background) }

    package static func hex(_ c: RGBA) -> String { hex(r: c.r, g: c.g, b: c.b) }

    /// "#rrggbb" -> RGBA, or nil.
    package static func rgba(_ text: String) -> RGBA? {
        channels(text).map { RGBA($0.r, $0.g, $0.b) }
    }
}

extension SessionLook.Fit {
    package init(_ fit: FaceStyle.Fit) {
        switch fit {
        case .fit: self = .fit
        case .fill: self = .fill
        }
    }
}

extension FaceStyle.Fit {
    package init(_ fit: SessionLook.Fit) {
        switch fit {
        case .fit: self = .fit
        case .fill: self = .fill
        }
    }
}
