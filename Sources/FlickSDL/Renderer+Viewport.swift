import CSDL2

extension Renderer {
    /// Confines drawing to `rect` (pixels; origin becomes the drawing origin, outside is
    /// clipped), or to the whole output when nil.
    public func setViewport(x: Int, y: Int, width: Int, height: Int) throws {
        var r = SDL_Rect(x: Int32(x), y: Int32(y), w: Int32(width), h: Int32(height))
        try check(SDL_RenderSetViewport(pointer, &r), "SDL_RenderSetViewport")
    }

    /// Drawing covers the whole output again.
    public func resetViewport() throws {
        try check(SDL_RenderSetViewport(pointer, nil), "SDL_RenderSetViewport(nil)")
    }

    /// Blocks until the GPU has finished the frame drawn so far, by reading back one pixel: a GL
    /// renderer only queues work, so timing a frame without this measures submission only.
    public func finish() {
        var pixel: UInt32 = 0
        var r = SDL_Rect(x: 0, y: 0, w: 1, h: 1)
        _ = SDL_RenderReadPixels(pointer, &r, SDL_PIXELFORMAT_RGBA32.rawValue, &pixel, 4)
    }
}

extension Renderer {
    /// Copies the part `source` (texture pixels) of `texture` to `destination` (output pixels).
    public func copy(_ texture: Texture, source: (x: Int, y: Int, width: Int, height: Int),
                     to destination: (x: Double, y: Double, width: Double, height: Double)) throws {
        var s = SDL_Rect(x: Int32(source.x), y: Int32(source.y), w: Int32(source.width), h: Int32(source.height))
        var d = SDL_FRect(x: Float(destination.x), y: Float(destination.y),
                          w: Float(destination.width), h: Float(destination.height))
        try check(SDL_RenderCopyF(pointer, try texture.pointer, &s, &d), "SDL_RenderCopyF")
    }
}
