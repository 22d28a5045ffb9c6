import FlickApp
import FlickIO
import FlickEngine
import FlickSDL
import Foundation

/// `flick --headless`'s own frame times beside the bench's frames of the same app on the same
/// load: the bench must measure what the app does.
struct HeadlessAgreement: Codable {
    var interaction: String
    var size: String
    /// The bench's app frames (`AppFrames`, in this process), median ms per round.
    var benchMedianMs: [Double]
    /// `flick --headless --frame-times` (a child process), median ms per round.
    var headlessMedianMs: [Double]
    /// Median of the rounds' headless ÷ bench ratios.
    var ratio: Double
}

/// The same load, HUD off, the software renderer: drawn by `flick --headless --frame-times` in a
/// child and by the bench's `AppFrames` here with the same arguments, in turn (flick, bench,
/// flick, bench, ...), `rounds` times; each side's median per round. The load is a scene at
/// rest filling the window (`interaction` given) or a recorded session replayed (`replay`:
/// every frame of it until it settles, motion included).
@MainActor
enum HeadlessBench {
    static func run(interaction: Interaction?, replay: String? = nil, size: Size, count: Int, cardsFolder: String,
                    frames: Int, rounds: Int, sdl: SDLContext) throws -> HeadlessAgreement {
        let sizeText = "\(Int(size.width))x\(Int(size.height))"
        var arguments = ["--size", sizeText]
        if let replay {
            arguments += ["--replay", replay]
        } else {
            arguments += ["--demo", (interaction ?? .switcher).rawValue, "--stage", "window", "--count", "\(count)",
                          "--cards", cardsFolder]
        }
        var bench: [Double] = [], headless: [Double] = []
        for _ in 0..<rounds {
            try stopPoint()
            let child = try runChild(executable: BenchCards.appPath(),
                                     arguments: arguments + ["--headless", "--frame-times"] + (replay == nil ? ["--frames", "\(frames)"] : []),
                                     environment: [:], timeout: 300)
            guard child.status == 0, let line = child.stdout.split(separator: "\n").last(where: { $0.hasPrefix("{") }),
                  let data = line.data(using: .utf8),
                  let figures = try? JSONDecoder().decode(ChildFigures.self, from: data) else {
                throw UserError("flick \(arguments.joined(separator: " ")) --headless --frame-times failed (exit \(child.status)): "
                                + (child.stderr.split(separator: "\n").last.map(String.init) ?? "no message"))
            }
            headless.append(figures.medianMs)
            let app = try AppFrames(arguments: arguments, software: true, hud: false, sdl: sdl)
            var times: [Double] = []
            for i in 0..<figures.frames {
                try stopPoint()
                times.append(try app.frame(i, inputs: []))
            }
            bench.append(Percentiles(times).median * 1000)
        }
        let ratios = zip(headless, bench).map { $0 / $1 }.sorted()
        let ratio = ratios.isEmpty ? .nan : ratios.count % 2 == 1 ? ratios[ratios.count / 2]
            : (ratios[ratios.count / 2 - 1] + ratios[ratios.count / 2]) / 2
        return HeadlessAgreement(interaction: replay.map { "replay of \(($0 as NSString).lastPathComponent)" } ?? (interaction ?? .switcher).rawValue,
                                 size: sizeText, benchMedianMs: bench,
                                 headlessMedianMs: headless, ratio: ratio)
    }

    private struct ChildFigures: Decodable {
        var frames: Int
        var medianMs: Double
    }
}

/// The physical floor of a frame: one plain `memcpy` of a frame's pixels (4 bytes each) into
/// another buffer, the least a software frame that writes every pixel once can cost.
struct CopyFloor: Codable {
    nonisolated(unsafe) static var sink = 0

    var size: String
    var megabytes: Double
    var medianMs: Double
    var minMs: Double
    /// Megabytes a second at the median.
    var bandwidthMBps: Double

    static func measure(size: Size, copies: Int = 120) throws -> CopyFloor {
        let bytes = Int(size.width) * Int(size.height) * 4
        let src = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        let dst = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        defer { src.deallocate(); dst.deallocate() }
        memset(src, 0x5a, bytes)
        memset(dst, 0, bytes)   // both touched before timing: no page faults in the copies
        var times: [Double] = []
        for i in 0..<copies {
            try stopPoint()
            src.storeBytes(of: UInt8(truncatingIfNeeded: i), toByteOffset: bytes - 1, as: UInt8.self)
            let start = PerformanceClock.now
            memcpy(dst, src, bytes)
            times.append(PerformanceClock.now - start)
            sink &+= Int(dst.load(fromByteOffset: bytes - 1, as: UInt8.self))   // the copy is used
        }
        let median = Percentiles(times).median
        return CopyFloor(size: "\(Int(size.width))x\(Int(size.height))", megabytes: Double(bytes) / 1e6,
                         medianMs: median * 1000, minMs: (times.min() ?? .nan) * 1000,
                         bandwidthMBps: Double(bytes) / 1e6 / median)
    }
}
