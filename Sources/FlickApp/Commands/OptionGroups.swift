import FlickStudy
import FlickStage
import FlickPhone
import FlickCLI
import FlickIO
import ArgumentParser
import FlickSDL
import FlickSession
import Foundation

// Options that more than one command takes, each defined once with its range check (validate()
// runs for every group a command includes, before the command runs).

/// The card images: `--cards`, `--count`, `--max-image-pixels`.
struct CardOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Folder of PNG or JPEG images to show as cards, in file-name order (default: the bundled app screens).", valueName: "dir"))
    var cards: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Number of cards, 0 to 10000000 (the images repeat when fewer). Default: one per image.", valueName: "n"))
    var count: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("Largest image decoded, in pixels (width x height), 1 to 1000000000; bigger ones become placeholder cards.", valueName: "n"))
    var maxImagePixels: Int = 50_000_000

    static let counts = 0...10_000_000
    static let pixels = 1...1_000_000_000

    func validate() throws {
        if let count, !Self.counts.contains(count) {
            throw ValidationError("--count \(count) is out of range (expected 0 to 10000000)")
        }
        guard Self.pixels.contains(maxImagePixels) else {
            throw ValidationError("--max-image-pixels \(maxImagePixels) is out of range (expected 1 to 1000000000)")
        }
    }
}

/// How the cards look and how the stage is shown.
struct LookOptions: ParsableArguments {
    // Optional so a replay keeps the recorded look for what is not given (defaults in the help).

    @Option(help: ArgumentHelp("How an image meets its card: fit (the whole image, letterboxed in the card background; the default) or fill (cropped, centred)."))
    var fit: FaceStyle.Fit?

    @Option(help: ArgumentHelp("The cards' opaque background, behind letterboxes and transparent images: #RRGGBB or white, black, grey, light, dark (default: #f2f2f7).", valueName: "color"),
            transform: CardColor.parse)
    var cardBackground: CardColor?

    @Option(help: ArgumentHelp("Titles on the cards: none (the default), name (the file name), or a JSON file mapping file names to titles.", valueName: "none|name|file"))
    var titles: TitlesChoice?

    @Flag(help: "Presentation mode: only the phone, centred and scaled to the window (Tab toggles it).")
    var present = false

    @Option(help: ArgumentHelp("A dot under the pointer while it is pressed, for observers and recordings: auto (on in presentation mode; the default), on, off."))
    var touches: TouchesMode?

    @Option(help: ArgumentHelp("Folder for screenshots taken with P (flick-YYYYMMDD-HHMMSS-mmm.png; default: the folder of --record or --log, else Flick in your pictures folder, never the working directory).", valueName: "dir"))
    var shots: String?
}

/// The person running a session: their own window, labelled markers, tasks with goals.
struct FacilitatorOptions: ParsableArguments {
    /// `--tasks`'s help, the participant panel's keys written from their table (`PanelKeys`).
    static let tasksHelp = "JSON file of tasks in order, each with a name, an optional goal and time limit (see README): started from the facilitator window (Enter) or with M. The participant's panel: \(PanelKeys.help)."
    /// `--facilitator`'s help, its keys written from their table (`FacilitatorKeys`).
    static let facilitatorHelp = "Open a facilitator window beside the participant's: recording state, task, markers, notes, live events, decision map, toasts. Its keys: \(FacilitatorKeys.help); typing there writes the note; Ctrl+R, Ctrl+1-5 and the other keys with Ctrl; Ctrl+Q twice quits a recorded session. The participant's window shows only the phone and takes only the pointer, the wheel and the participant keys (the arrows, Z in swipe, or the tasks file's participantKeys)."

    @Flag(help: ArgumentHelp(FacilitatorOptions.facilitatorHelp))
    var facilitator = false

    @Option(parsing: .unconditional, help: ArgumentHelp("The display the facilitator window opens on, from 0 (default: the participant's, beside it, never over it).", valueName: "n"))
    var facilitatorDisplay: Int?

    @Option(help: ArgumentHelp("Labelled markers for keys F1-F9 of the facilitator window, comma-separated (default: \"found it,gave up,asked for help\").", valueName: "labels"))
    var markers: String?

    @Option(help: ArgumentHelp(FacilitatorOptions.tasksHelp, valueName: "file"))
    var tasks: String?

    static let defaultMarkers = ["found it", "gave up", "asked for help"]

    func validate() throws {
        if let n = facilitatorDisplay {
            guard facilitator else { throw ValidationError("--facilitator-display needs --facilitator") }
            guard (0...63).contains(n) else { throw ValidationError("--facilitator-display \(n) is out of range (expected a display number from 0)") }
        }
        if let markers {
            do { _ = try MarkerLabels.parse(markers) } catch let e as UserError { throw ValidationError(e.message) }
        }
    }
}

/// `--phone [HOST:PORT]`: the participant's own phone as the device (docs/phone.md).
struct PhoneOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Serve the session to the participant's phone: a page any phone browser opens (the URL and its QR code are shown), touches in, the cards drawn there. Alone: 127.0.0.1 on a free port; HOST:PORT listens there (0.0.0.0:PORT for the phone on your LAN).", valueName: "host:port"))
    var phone: String?

    /// Who runs the scene for the phone's page.
    enum PageMode: String, EnumerableFlag {
        case phoneEngine, phoneThin

        static func help(for value: Self) -> ArgumentHelp? {
            switch value {
            case .phoneEngine:
                return "With --phone (the default): the page runs the engine itself (WebAssembly, make wasm) and draws its own frames, with no network between a touch and its frame; the host replays the page's inputs into the session and checks its events against the page's (docs/wasm.md)."
            case .phoneThin:
                return "With --phone: the page draws the frames the host sends (the thin client), and the host's own mouse, wheel, slow motion and card folder drive the same scene (docs/phone.md)."
            }
        }
    }

    @Flag var pageMode: PageMode = .phoneEngine

    /// The page runs the engine (`--phone` without `--phone-thin`).
    var phoneEngine: Bool { phone != nil && pageMode == .phoneEngine }

    /// The command line with a bare `--phone` (last, or before another option) given its
    /// default value, since an option's value cannot be left out in ArgumentParser.
    static func expandingBareFlag(_ arguments: [String]) -> [String] {
        var out: [String] = []
        for (i, a) in arguments.enumerated() {
            out.append(a)
            guard a == "--phone" else { continue }
            let next = i + 1 < arguments.count ? arguments[i + 1] : nil
            if next == nil || next!.hasPrefix("-") { out.append(PhoneAddress.bare) }
        }
        return out
    }
}

/// `--plan plan.json --session N` (with `--participant`): a session of a study plan (`flick plan`).
struct PlanOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A study plan (flick plan): with --participant and --session, opens that session's config, interaction, device, cards, tasks (in the plan's order) and marker labels.", valueName: "file"))
    var plan: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("With --plan: the participant's session to open, from 1.", valueName: "n"))
    var session: Int?
}
