@testable import FlickApp
import Testing

/// `flick --help` as a newcomer reads it, word for word (the subcommands, the key table from
/// `KeyBindings`): a change to any of it is a change to this literal, made on purpose.
@Suite struct HelpSnapshotTests {
    @Test func rootHelpIsAsWritten() {
        let expected = """
        OVERVIEW: Card interactions on the desktop: drag, fling, page and throw cards
        away.

        Without a subcommand flick opens the window ('flick window --help' lists its
        options).

        Keys:
          1 2 3 4 5   now, switcher, stack, carousel, swipe (the deck stays)
          ← → ↑ ↓     previous / next card; in swipe, throw the top card that way
          PgUp PgDn   previous / next card
          Delete/Backspace throw the current card away
          Z           undo the last deletion
          R           reset the deck and the scroll position
          H           HUD: fps, frame time, pointer velocity, gesture, cards, textures
          F           fullscreen on / off
          T           tuning panel: every config key, presets, pointer-speed plot
          D           debug overlay: throw boundaries, velocity, card slots, page grid
          S           slow motion on / off: the scene at 1/10 speed
          Space       pause / resume the scene (in a replay: its playback)
          .           one frame at a time while paused
          M           task marker (start, then end) into the log and the recording
          Tab         presentation mode: only the phone
          P           screenshot flick-YYYYMMDD-HHMMSS-mmm.png into --shots DIR
          Esc/Q       quit
        Mouse: drag to pan, let go while moving to fling; wheel or trackpad scrolls.

        USAGE: flick <subcommand>

        OPTIONS:
          --version               Show the version.
          -h, --help              Show help information.

        SUBCOMMANDS:
          window (default)        Open the card window: drag, fling, page and throw
                                  cards away (the default).
          report                  Measure sessions (logs or recordings) gesture by
                                  gesture: DIR/report.html and DIR/gestures.csv.
          study                   Measure a study (many logs or recordings:
                                  participants, tasks, conditions): DIR/study.html and
                                  tidy CSV tables.
          plan                    Make a study plan: each participant's sessions, one
                                  condition each, counterbalanced by a balanced Latin
                                  square.
          host                    Serve a study plan by link: each participant opens
                                  their own link on their phone; sessions come home
                                  exact.
          tune                    Sweep a threshold over real recordings: each value's
                                  throws, snap-backs, near misses and two error
                                  proxies; DIR/tune.html and tune.csv.
          compare                 Play one recording through 2 to 4 presets side by
                                  side (window), or write a contact sheet and report
                                  (--out).
          export                  Render a recording headless into an MP4 or GIF
                                  through ffmpeg, the touch point drawn as a soft dot.

          See 'flick help <subcommand>' for detailed help.
        """
        #expect(Flick.helpMessage(columns: 80) == expected)
    }
}
