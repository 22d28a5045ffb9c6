import FlickCLI
import ArgumentParser
import FlickSession

/// `flick-lab`: the quality tools, kept out of the shipped `flick` (which links no
/// FlickEngineTesting): `soak` (`make test`, `make soak-hour`) and `fuzz` (`make fuzz`).
@main
struct FlickLab: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flick-lab",
        abstract: "Quality tools for Flick: a soak of random gestures and a fuzzer of its parsers.",
        subcommands: [Soak.self, Fuzz.self])

    static func main() { runAsFlickCommand() }
}
