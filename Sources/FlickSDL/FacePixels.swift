import CSDL2

/// A finished card face as it leaves the face worker: straight RGBA for SDL to upload, or,
/// where the renderer composites on the CPU, premultiplied in the compositor's own memory
/// (`PixelImage`), made on the worker so the main thread neither copies it nor first-touches
/// its pages. Either is immutable once handed over.
enum FacePixels: @unchecked Sendable {
    case straight(Surface)
    case premultiplied(PixelImage)

    /// `surface` as it is, or premultiplied into memory of its own.
    init(_ surface: Surface, premultiplied: Bool) throws {
        guard premultiplied else {
            self = .straight(surface)
            return
        }
        guard let pixels = PixelImage(surface: surface) else {
            throw SDLError(function: "PixelImage", message: "cannot hold a \(surface.width)x\(surface.height) face")
        }
        self = .premultiplied(pixels)
    }

    var width: Int {
        switch self {
        case .straight(let s): s.width
        case .premultiplied(let p): p.width
        }
    }

    var height: Int {
        switch self {
        case .straight(let s): s.height
        case .premultiplied(let p): p.height
        }
    }
}
