import FlickCLI
import ArgumentParser
import FlickSession

/// The keys, shown in `--help` and the README.
let keyHelp = """
Keys:
  1 2 3 4 5   now, switcher, stack, carousel, swipe (the deck stays)
  Left Right  previous / next card (Up Down too)
  Delete      throw the current card away
  Z           undo the last deletion
  R           reset the deck and the scroll position
  H           HUD: fps, frame time, pointer velocity, gesture, cards
  T           tuning panel: every config key, presets, pointer speed plot
  D           debug overlay: throw boundaries, velocity, card slots, page grid
  S           slow motion (1/10) on / off
  Space       pause / resume (a replay: its playback); . a frame when paused
  F           fullscreen on / off
  P           screenshot to --shots (flick-YYYYMMDD-HHMMSS-mmm.png)
  Tab         presentation mode: only the phone
  M           task marker (start, then end) into the log and the recording
  Esc Q       quit
Mouse: drag to pan, let go while moving to fling; wheel or trackpad scrolls.
"""

/// `flick`: the window (the default subcommand) and the study tools, each with its own --help
/// (`flick help export` works too).
@main
struct Flick: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flick",
        abstract: "Card interactions on the desktop: drag, fling, page and throw cards away.",
        discussion: "Without a subcommand flick opens the window ('flick window --help' lists its options).\n\n" + keyHelp,
        version: FlickVersion.current,
        subcommands: [WindowCommand.self, Report.self, StudyCommand.self, TuneCommand.self, Compare.self, Export.self],
        defaultSubcommand: WindowCommand.self
    )

    static func main() { runAsFlickCommand() }
}
