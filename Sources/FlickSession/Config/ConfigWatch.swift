import Foundation
import FlickEngine
import FlickIO

/// The `--config` file watched for edits (FlickIO's `FileWatch`, reading it as a config file).
package typealias ConfigWatch = FileWatch<SceneConfig>

extension FileWatch where Value == SceneConfig {
    package convenience init(path: String) {
        self.init(path: path, what: "Config", load: { try ConfigFile.load($0) })
    }

    /// The config when the file changed and reads as a valid config.
    package func changedConfig(now: Date = Date()) -> SceneConfig? { changedValue(now: now) }
}
