import FlickIO
import FlickEngine

extension RecordedInput {
    /// A config change made in the app, at session time `t`.
    package init(t: Double, change: ConfigChange) {
        self.init(t: t, .config(ConfigInput(config: change.config, source: change.source.name,
                                            preset: change.source.presetName)))
    }
}

extension ConfigInput {
    /// The change this config input stands for, when it came from the app (nil for a reload of
    /// the `--config` file).
    package var change: ConfigChange? {
        guard let source else { return nil }
        switch source {
        case "preset": return ConfigChange(config: config, source: .preset(preset ?? ""))
        default: return ConfigChange(config: config, source: .panel)
        }
    }
}
