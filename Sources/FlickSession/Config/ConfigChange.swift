import FlickIO
import FlickEngine

/// A change of the scene's constants made in the app rather than in the `--config` file: a key
/// edited in the tuning panel, or a preset loaded there. It reaches the scene as a recorded
/// input (`RecordedInput.config` with `configSource`), so a replay makes the same change at the
/// same time, and the log says where it came from (`config_changed`).
package struct ConfigChange: Equatable {
    package enum Source: Equatable {
        /// A slider or a reset in the panel's key table.
        case panel
        /// A preset loaded in the panel, by name ("defaults" for the built-in constants).
        case preset(String)

        /// As the recording and the log write it.
        package var name: String {
            switch self {
            case .panel: return "panel"
            case .preset: return "preset"
            }
        }

        package var presetName: String? {
            if case .preset(let name) = self { return name }
            return nil
        }
    }

    package var config: SceneConfig
    package var source: Source

    package init(config: SceneConfig, source: Source) {
        self.config = config
        self.source = source
    }

    /// The keys (`now.throwSpeed`, ...) whose values differ between two configs, in key order.
    package static func changedKeys(from old: SceneConfig, to new: SceneConfig) -> [String] {
        SceneConfig.keys.map(\.path).filter { old.value(at: $0) != new.value(at: $0) }
    }
}
