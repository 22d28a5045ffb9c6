import FlickIO
import Foundation

extension PhoneServer.EngineFiles {
    /// The engine's files: `make wasm` leaves them in .build/wasm; beside the binary, or in
    /// /usr/share/flick for one in /usr/lib/flick, they are found too. `FLICK_WASM_DIR` names
    /// another folder. `option`: what asked for them, for the one-line error.
    package static func find(for option: String) throws -> PhoneServer.EngineFiles {
        var dirs: [String] = []
        if let dir = ProcessInfo.processInfo.environment["FLICK_WASM_DIR"], !dir.isEmpty { dirs.append(dir) }
        let exe = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                      ?? CommandLine.arguments[0]).deletingLastPathComponent()
        dirs += [exe.path, exe.appendingPathComponent("../wasm").standardized.path,
                 exe.appendingPathComponent("../../wasm").standardized.path,
                 exe.appendingPathComponent("../../share/flick").standardized.path]
        for dir in dirs {
            let fm = FileManager.default
            if let module = fm.contents(atPath: dir + "/flick-engine.wasm"), let script = fm.contents(atPath: dir + "/flick-engine.mjs") {
                return PhoneServer.EngineFiles(module: Array(module), script: Array(script))
            }
        }
        throw UserError("\(option): flick-engine.wasm and flick-engine.mjs are in none of \(dirs.joined(separator: ", ")) (run make wasm, or set FLICK_WASM_DIR to their folder)")
    }
}
