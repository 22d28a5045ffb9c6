import FlickEngine

/// A scene's config as the records a page's engine takes: every host of a page's engine (the
/// window's `--phone-engine`, `flick host`) tells the page its config through these.
package enum PageEngineEdits {
    /// The config's numeric edits of the defaults as [key number, value].
    package static func configEdits(_ config: SceneConfig) -> [[Double]] {
        numericEdits(from: SceneConfig(), to: config).map { [Double($0.key), $0.value] }
    }

    /// The config's text keys that differ from the defaults (the swipe deck's direction names),
    /// by number in `SceneConfig.textKeys`.
    package static func textEdits(_ config: SceneConfig) -> [PhoneEngineSetup.TextEdit] {
        let defaults = SceneConfig()
        return SceneConfig.textKeys.enumerated().compactMap { i, path in
            guard let text = config.text(at: path), text != defaults.text(at: path) else { return nil }
            return PhoneEngineSetup.TextEdit(key: i, text: text)
        }
    }

    /// The numeric keys whose values differ (to the bit) from `base` to `config`, by key number.
    package static func numericEdits(from base: SceneConfig, to config: SceneConfig) -> [(key: Int, value: Double)] {
        SceneConfig.keys.enumerated().compactMap { i, key in
            guard let v = config.value(at: key.path), v.bitPattern != base.value(at: key.path)?.bitPattern else { return nil }
            return (i, v)
        }
    }

    /// The first text key that differs from `base` to `config`.
    package static func changedTextKey(from base: SceneConfig, to config: SceneConfig) -> String? {
        SceneConfig.textKeys.first { config.text(at: $0) != base.text(at: $0) }
    }
}
