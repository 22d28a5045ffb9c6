import ArgumentParser
import FlickCLI
import FlickIO
import FlickPhone
import FlickSession
import Foundation
import Synchronization

/// Where the host listens and what its links say.
package struct HostNetworkOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Listen on HOST:PORT (port 0: a free one; 0.0.0.0:PORT: every interface).", valueName: "host:port"))
    var listen: String = "127.0.0.1:0"

    @Option(name: .customLong("base-url"),
            help: ArgumentHelp("The address participants open, when it is not this one (behind a reverse proxy: https://study.example.org).", valueName: "url"))
    var baseURL: String?

    @Option(name: .customLong("tls-cert"), help: ArgumentHelp("Serve HTTPS with this PEM certificate chain (with --tls-key).", valueName: "file"))
    var tlsCert: String?

    @Option(name: .customLong("tls-key"), help: ArgumentHelp("The PEM private key of --tls-cert.", valueName: "file"))
    var tlsKey: String?

    package init() {}

    package func validate() throws {
        if (tlsCert == nil) != (tlsKey == nil) { throw ValidationError("--tls-cert and --tls-key go together") }
        for (option, path) in [("--tls-cert", tlsCert), ("--tls-key", tlsKey)] {
            guard let path else { continue }
            guard case .regular = PathKind.target(of: path) else { throw ValidationError("\(option) '\(path)' \(PathKind.target(of: path).phrase) (expected a PEM file)") }
        }
        if let baseURL {
            guard let url = URL(string: baseURL), ["http", "https"].contains(url.scheme ?? ""), url.host != nil, url.query == nil else {
                throw ValidationError("--base-url '\(baseURL)' (expected http:// or https:// and a host, without a query)")
            }
        }
    }
}

/// Who may take part, and for how long.
package struct HostAccessOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A file of the researcher's consent text, shown before anything is recorded (paragraphs on blank lines).", valueName: "file"))
    var consent: String?

    @Option(help: ArgumentHelp("Links made now expire this many hours from now (1 to 8760).", valueName: "hours"))
    var expires: Double?

    @Option(help: ArgumentHelp("Withdraw a participant's link (give it once per participant); the host file keeps it.", valueName: "id"))
    var revoke: [String] = []

    @Option(help: ArgumentHelp("Give a withdrawn link back.", valueName: "id"))
    var restore: [String] = []

    package init() {}

    package func validate() throws {
        if let expires, !(1...8760).contains(expires) { throw ValidationError("--expires \(expires) (expected 1 to 8760 hours)") }
    }
}

/// `flick host PLAN --out DIR`: a study by link (docs/study-by-link.md).
package struct HostCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "host",
        abstract: "Serve a study plan by link: each participant opens their own link on their phone; sessions come home exact.",
        discussion: "Writes DIR/links.csv (one link per participant) and serves the participant's page, which runs the engine itself, and the researcher's page. Each session's recording and log are written in DIR as its records come; 'flick study DIR' measures the study. Stop with Ctrl-C; run again with the same --out to go on."
    )

    @Argument(help: ArgumentHelp("The study plan (flick plan).", valueName: "plan"))
    var plan: String

    @Option(help: ArgumentHelp("The host's folder: made on the first run, taken up again on later ones.", valueName: "dir"))
    var out: String

    @OptionGroup(title: "Network") var network: HostNetworkOptions
    @OptionGroup(title: "Access") var access: HostAccessOptions

    package init() {}

    package func run() throws {
        let study = try StudyPlan.load(plan, option: "the plan")
        let setups = try LinkSetup.all(planFile: plan, plan: study)
        let consent = try access.consent.map { path -> String in
            let data = try InputFile.read(path, what: "--consent file")
            guard let text = String(data: data, encoding: .utf8), !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw UserError("--consent file '\(path)' is not UTF-8 text, or empty (expected the consent text)")
            }
            guard text.utf8.count <= 20_000 else { throw UserError("--consent file '\(path)' is \(text.utf8.count) bytes (at most 20,000)") }
            return text
        } ?? "You are invited to take part in a study of card gestures on your phone. What you do on the cards is recorded and sent to the researcher; nothing else about you or your phone is, besides its screen size and browser name."
        let engine = try PhoneServer.EngineFiles.find(for: "flick host")
        let address = try PhoneAddress.parse(network.listen, option: "--listen")
        let tls = try network.tlsCert.flatMap { cert in try network.tlsKey.map { try LinkServer.tls(cert: cert, key: $0) } }
        // Every id to withdraw or give back is one of the plan's before anything is made.
        for id in access.revoke + access.restore where !study.participants.contains(where: { $0.id == id }) {
            throw UserError("--revoke/--restore \(id): no such participant in the plan '\(plan)' (expected one of \(study.participants.map(\.id).joined(separator: ", ")))")
        }
        let (file, made) = try HostFile.openOrMake(folder: out, plan: plan, participants: study.participants.map(\.id), expires: access.expires)
        let host: LinkHost
        do { host = try LinkHost(folder: out, file: file, setups: setups, consent: consent) } catch {
            // A folder made by this run holds only its new tokens: nothing of it is left.
            if made { try? FileManager.default.removeItem(atPath: out) }
            throw error
        }
        if !access.revoke.isEmpty { try host.revoke(access.revoke) }
        if !access.restore.isEmpty { try host.revoke(access.restore, revoked: false) }
        let pages = ProcessInfo.processInfo.environment["FLICK_HOST_PAGES"].flatMap { $0.isEmpty ? nil : $0 }
        let server = LinkServer(host: host, engine: engine, pagesFolder: pages)
        let bound = DispatchSemaphore(value: 0)
        let port = Mutex(0)
        let failure = Mutex<String?>(nil)
        let app = try server.application(address: address, tls: tls) { p in
            port.withLock { $0 = p }
            bound.signal()
        }
        let task = Task.detached {
            do { try await app.run() } catch { failure.withLock { $0 = "\(error)" } }
            bound.signal()
        }
        _ = bound.wait(timeout: .now() + 15)
        let listening = port.withLock { $0 }
        guard listening > 0 else {
            // A folder made by this run holds only its new tokens: nothing of it is left.
            if made { try? FileManager.default.removeItem(atPath: out) }
            let why = failure.withLock { $0 }.map {
                $0.contains("errno: 98") ? "the address is in use" : $0.contains("errno: 99") ? "not an address of this machine" : $0
            } ?? "it did not start within 15 s"
            throw UserError("cannot listen on \(network.listen) (\(why))")
        }
        let scheme = tls == nil ? "http" : "https"
        let shown = address.host.contains(":") ? "[\(address.shownHost)]" : address.shownHost
        host.base = network.baseURL.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 } ?? "\(scheme)://\(shown):\(listening)"
        try host.writeLinks()
        print("flick host: \(made ? "made" : "took up") \(out): \(file.participants.count) participants, \(setups.count) sessions")
        print("links: \(out)/links.csv")
        print("researcher: \(host.base)/r?t=\(host.file.researcher)")
        print("listening: \(scheme)://\(address.host):\(listening)")
        _ = StandardOutput.flushProblem()
        while !Interrupt.isRequested, failure.withLock({ $0 }) == nil { usleep(100_000) }
        task.cancel()
        if let why = failure.withLock({ $0 }) { throw UserError("the host's server stopped (\(why))") }
        let overview = host.overview()
        let complete = overview.participants.flatMap(\.sessions).filter { $0.status == "complete" }.count
        note("stopped; \(complete) of \(setups.count) sessions complete, \(host.refused) requests refused (\(out)/host-refusals.jsonl)")
    }
}
