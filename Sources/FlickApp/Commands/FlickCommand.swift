import FlickStudy
import FlickHost
import FlickCLI
import ArgumentParser
import FlickSession

/// The window's keys in `--help`, written from `KeyBindings`.
let keyHelp = KeyBindings.help()

/// `flick`: the window (the default subcommand) and the study tools, each with its own --help
/// (`flick help export` works too).
public struct Flick: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "flick",
        abstract: "Card interactions on the desktop: drag, fling, page and throw cards away.",
        discussion: "Without a subcommand flick opens the window ('flick window --help' lists its options).\n\n" + keyHelp,
        version: FlickVersion.current,
        subcommands: [WindowCommand.self, Report.self, StudyCommand.self, PlanCommand.self, HostCommand.self, TuneCommand.self, Compare.self, Export.self],
        defaultSubcommand: WindowCommand.self
    )

    public init() {}

    /// Runs the command line: the window, or a study tool. Interactions registered before
    /// (`InteractionRegistry.register`) are on the window's keys and take `--demo` like the five
    /// built-ins.
    public static func main() { runAsFlickCommand(arguments: PhoneOptions.expandingBareFlag(Array(CommandLine.arguments.dropFirst()))) }
}
