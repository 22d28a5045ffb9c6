import FlickIO
import FlickSession
import FlickEngine
import FlickSDL
import Foundation

/// The tuning panel: every numeric key of the config in force, grouped into the physics every
/// interaction shares and one section per interaction, each with its unit, its range (the
/// slider's ends) and a reset to the default. An edit hands a new config to `apply`; the
/// panel itself keeps no copy of the config between frames (the scene's is the truth), so a
/// reloaded `--config` file or a loaded preset shows at once.
@MainActor
final class TuningPanel {
    var isOpen: Bool
    /// Width of the panel, points; it sits at the window's right edge.
    static let width = 400.0
    let presets: PresetLibrary
    /// The watched `--config` file, written back when the panel changes a value.
    let configFile: ConfigFileSync?
    let plot = SpeedPlot()
    private let defaults = SceneConfig()
    private var saveName = "my-preset"
    /// A preset "Save" found already there: the popup asks before replacing it.
    private var replacing: PresetExists?
    private var message: (text: String, isError: Bool)?
    private(set) var selectedPreset: String?
    /// Where each key's slider was drawn last frame, pixels (tests drive the mouse there).
    private(set) var sliderRects: [String: (x: Double, y: Double, w: Double, h: Double)] = [:]

    init(open: Bool, presets: PresetLibrary, configFile: ConfigFileSync?) {
        isOpen = open
        self.presets = presets
        self.configFile = configFile
    }

    /// Keys in display order: the shared physics first, then the interactions.
    static func sections(current: Interaction) -> [(title: String, groups: [String], open: Bool)] {
        let interactions = Interaction.allCases.map(\.rawValue)
        var physics: [String] = []
        for key in SceneConfig.keys where !interactions.contains(key.group) && !physics.contains(key.group) {
            physics.append(key.group)
        }
        return [("Physics (every interaction)", physics, false)]
            + Interaction.allCases.map { ($0.rawValue, [$0.rawValue], $0 == current) }
    }

    /// Builds the panel window; returns the new config when the user changed one this frame.
    func build(config: SceneConfig, interaction: Interaction, x: Double, y: Double, width: Double,
               height: Double, px: Double) -> SceneConfig? {
        guard isOpen else { return nil }
        var changed: SceneConfig?
        let stillOpen = UI.window("Tuning  (T hides)", x: x, y: y, width: width, height: height, closable: true) {
            changed = body(config: config, interaction: interaction, px: px)
        }
        if !stillOpen { isOpen = false }
        return changed
    }

    /// Where the last config `build` returned came from: a preset's name, or nil for a slider
    /// or reset in the key table (the recording and the log say which).
    private(set) var lastSource: ConfigChange.Source = .panel

    private func body(config: SceneConfig, interaction: Interaction, px: Double) -> SceneConfig? {
        var result: SceneConfig?
        lastSource = .panel
        // Presets and saving.
        UI.itemWidth(150 * px) {
            UI.combo("##preset", preview: selectedPreset ?? "preset…") {
                if UI.selectable("defaults", selected: selectedPreset == "defaults") {
                    result = defaults
                    selectedPreset = "defaults"
                    lastSource = .preset("defaults")
                }
                let names = presets.names()
                if names.isEmpty { UI.dim("no presets in \(presets.folder)") }
                for name in names where UI.selectable(name, selected: name == selectedPreset) {
                    do {
                        result = try presets.load(name)
                        selectedPreset = name
                        lastSource = .preset(name)
                        message = ("loaded \(name)", false)
                    } catch {
                        message = ("\(error)", true)
                    }
                }
            }
        }
        UI.sameLine()
        if UI.button("Save preset…") { UI.openPopup("save-preset") }
        savePopup(config: config, px: px)
        if let message {
            UI.text(message.text, color: message.isError ? RGBA(255, 120, 110) : RGBA(140, 210, 140))
        }
        if let file = configFile { UI.dim("writes back to \(file.path)") }
        UI.separator()
        plot.build(config: config, interaction: interaction, px: px)
        UI.separator()

        var working = config
        for section in Self.sections(current: interaction) {
            guard UI.header(section.title, open: section.open) else { continue }
            for group in section.groups {
                let keys = SceneConfig.keys.filter { $0.group == group }
                UI.table("keys-\(group)", columns: [("key", false, 0), ("value", true, 0), ("", false, 0)]) {
                    for key in keys {
                        if let edited = row(key, in: working) {
                            working = edited
                            result = edited
                            lastSource = .panel
                        }
                    }
                }
            }
        }
        return result
    }

    /// One key: its name, a drag field showing the value with its unit (fine steps near the
    /// value, Shift for coarse ones; double-click to type one), and a reset button when it
    /// differs from the default. Returns the edited config, the value at the key's precision.
    private func row(_ key: ConfigKey, in config: SceneConfig) -> SceneConfig? {
        guard var value = config.value(at: key.path) else {
            // An optional key left unset (pan.slopOverride): the engine picks; a file can set it.
            UI.row(); UI.column()
            UI.text(key.path.split(separator: ".").dropFirst().joined(separator: "."))
            UI.column()
            UI.dim("auto (unset)")
            if UI.itemHovered { UI.tooltip("\(key.path)\n\(key.summary)\nset it in a config file") }
            UI.column()
            return nil
        }
        let initial = value
        let fallback = defaults.value(at: key.path) ?? value
        UI.row()
        UI.column()
        let name = key.path.split(separator: ".").dropFirst().joined(separator: ".")
        UI.text(name.isEmpty ? key.path : name)
        if UI.itemHovered { UI.tooltip("\(key.path)\n\(key.summary)\nrange \(Self.format(key.range.lowerBound, key)) to \(Self.format(key.range.upperBound, key)) \(key.unit)\ndefault \(Self.format(fallback, key))") }
        UI.column()
        let changed = UI.withID(key.path) { () -> Bool in
            UI.itemWidth(-1) {
                UI.drag("##v", &value, speed: key.panelDragSpeed(at: value), range: key.range, format: key.panelFormat)
            }
        }
        if changed { value = key.panelRounded(value) }
        sliderRects[key.path] = UI.itemRect
        UI.column()
        var reset = false
        if value != fallback {
            reset = UI.withID(key.path) { UI.smallButton("reset") }
            if UI.itemHovered { UI.tooltip("back to \(Self.format(fallback, key)) \(key.unit)") }
        }
        if reset { value = fallback } else if !changed || value == initial { return nil }
        var edited = config
        do {
            try edited.setValue(value, at: key.path)
            // A shortest above its longest would be refused when the file is read again.
            try edited.validateBounds()
            return edited
        } catch {
            message = ("\(error)", true)
            return nil
        }
    }

    private func savePopup(config: SceneConfig, px: Double) {
        guard UI.beginPopupModal("save-preset") else { return }
        if let existing = replacing {
            UI.text("A preset named '\(existing.name)' exists:")
            UI.dim(existing.path)
            UI.text("Replace it with the keys that differ from the defaults?")
            if UI.button("Replace") {
                save(config: config, replace: true)
                UI.closePopup()
            }
            UI.sameLine()
            if UI.button("Keep it") {
                replacing = nil
                message = ("'\(existing.name)' kept as it was; choose another name", false)
            }
            UI.endPopup()
            return
        }
        UI.text("Save the keys that differ from the defaults as a preset:")
        UI.itemWidth(260 * px) { _ = UI.input("name", &saveName) }
        UI.dim("→ \(presets.path(for: saveName))")
        if UI.button("Save") {
            if save(config: config, replace: false) { UI.closePopup() }
        }
        UI.sameLine()
        if UI.button("Cancel") { replacing = nil; UI.closePopup() }
        UI.endPopup()
    }

    /// Saves the preset; false when it exists and the popup should ask (never replaced unasked).
    @discardableResult
    func save(config: SceneConfig, replace: Bool) -> Bool {
        replacing = nil
        do {
            let path = try presets.save(changedFrom: defaults, config: config, name: saveName, replace: replace)
            message = ("saved \(path)", false)
            selectedPreset = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        } catch let exists as PresetExists {
            replacing = exists
            return false
        } catch let error as OutputError {
            // A full disk: said here and on standard error, and the run ends with exit code 3.
            warn(error.message)
            OutputFailures.record(error)
            message = ("\(error)", true)
        } catch {
            message = ("\(error)", true)
        }
        return true
    }

    /// A line under the preset row (a write-back refused, a preset kept).
    func say(_ text: String, isError: Bool) { message = (text, isError) }

    static func format(_ v: Double, _ key: ConfigKey) -> String {
        key.isInteger ? String(Int(v.rounded())) : String(format: "%.\(max(key.panelDecimals, 3))g", v)
    }
}
