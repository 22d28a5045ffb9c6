import CSDL2

/// An SDL call failed: the function that failed and SDL's own message, read at the failure site.
public struct SDLError: Error, CustomStringConvertible, Sendable {
    /// The SDL function (or wrapper operation) that failed, e.g. "SDL_CreateRenderer".
    public var function: String
    /// `SDL_GetError()` text at the time of the failure ("" when SDL gave none).
    public var message: String

    public init(function: String, message: String) {
        self.function = function
        self.message = message
    }

    /// Reads `SDL_GetError()` now and clears it, so a later failure never reports a stale message.
    public static func current(_ function: String) -> SDLError {
        let text = SDL_GetError().map { String(cString: $0) } ?? ""
        SDL_ClearError()
        return SDLError(function: function, message: text)
    }

    public var description: String {
        message.isEmpty ? "\(function) failed" : "\(function) failed: \(message)"
    }
}

/// An image file could not become a card texture: names the file so the app can show and log it.
public struct ImageLoadError: Error, CustomStringConvertible, Sendable {
    /// The path as given to the loader.
    public var path: String
    /// Why, in words ("file is empty (0 bytes)", "Unsupported image format", ...).
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// The last path component, for a placeholder card's caption.
    public var fileName: String {
        path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
    }

    public var description: String { "cannot load image '\(path)': \(reason)" }
}

// MARK: - Checking return codes

/// Throws the current SDL error unless `code` is 0 (SDL's success value for int-returning calls).
@inline(__always)
func check(_ code: Int32, _ function: @autoclosure () -> String) throws(SDLError) {
    if code != 0 { throw SDLError.current(function()) }
}

/// Unwraps a pointer an SDL call returned, or throws the current SDL error.
@inline(__always)
func check<T>(_ value: T?, _ function: @autoclosure () -> String) throws(SDLError) -> T {
    guard let value else { throw SDLError.current(function()) }
    return value
}
