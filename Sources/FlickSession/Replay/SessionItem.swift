import FlickIO
import FlickEngine
import Foundation

/// One thing that happened in a session, at its time (session seconds).
package enum SessionItem {
    /// A scene event, with the throw rule's verdict when it is a card release and the origin of
    /// a deck change (nil in older logs).
    case scene(LoggedSceneEvent)
    case marker(t: Double, label: String, task: String?)
    case config(t: Double, config: SceneConfig)

    /// A scene event with no origin (a test's, or an older log's), its verdict if any.
    package static func scene(_ event: SceneEvent, _ release: ReleaseRecord? = nil) -> SessionItem {
        .scene(LoggedSceneEvent(event, release: release))
    }

    package var time: Double {
        switch self {
        case .scene(let e): return e.event.time
        case .marker(let t, _, _), .config(let t, _): return t
        }
    }
}
