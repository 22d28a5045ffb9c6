// The native side of the differential test: writes each function's triples (x, y, result as
// little-endian bit patterns) to <directory>/<name>.bin for the JavaScript side to compare.

import Glibc

@main
enum NativeMain {
    static func main() {
        let arguments = CommandLine.arguments
        guard arguments.count == 4, let count = Int32(arguments[1]), let seed = UInt64(arguments[2]) else {
            fputs("usage: math-native COUNT SEED DIRECTORY\n", stderr)
            exit(2)
        }
        let buffer = UnsafeMutablePointer<UInt64>.allocate(capacity: 3 * Int(count))
        for (function, name) in functionNames.enumerated() {
            fill(function: Int32(function), count: count, seed: seed, buffer: buffer)
            let path = arguments[3] + "/" + name + ".bin"
            guard let file = fopen(path, "wb"),
                  fwrite(buffer, 8, 3 * Int(count), file) == 3 * Int(count), fclose(file) == 0
            else {
                fputs("math-native: cannot write \(path)\n", stderr)
                exit(1)
            }
        }
    }
}
