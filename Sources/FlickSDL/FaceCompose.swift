import CSDL2

/// How a card shows its image.
public struct FaceStyle: Hashable, Sendable {
    /// How the image meets the card's shape.
    public enum Fit: String, Hashable, Sendable, CaseIterable {
        /// The whole image, centred, letterboxed in the background colour.
        case fit
        /// The card covered, the image cropped centred.
        case fill
    }

    public var fit: Fit
    /// The card's opaque background: letterbox bars and whatever shows through a transparent image.
    public var background: RGBA

    public init(fit: Fit = .fit, background: RGBA = FaceStyle.defaultBackground) {
        self.fit = fit
        self.background = RGBA(background.r, background.g, background.b, 255)
    }

    /// A light neutral grey (iOS's grouped background).
    public static let defaultBackground = RGBA(242, 242, 247)
}

extension CardFace {
    /// A `width`×`height` face of `image` in `style`: the opaque background, the image fitted
    /// (whole, centred) or filled (centre-cropped) and blended over it (so transparent pixels
    /// show the background), rounded corners of `cornerRadius` pixels and a transparent
    /// one-pixel ring (smooth tilted edges). Safe off the main thread: surfaces only.
    /// `pause` runs between the steps and within the resample (a fraction of a millisecond
    /// apart); what it throws ends the compose.
    public static func compose(_ image: Surface, width: Int, height: Int, style: FaceStyle,
                               cornerRadius: Double, pause: () throws -> Void = {}) throws -> Surface {
        let face = try Surface(width: max(1, width), height: max(1, height))
        try face.fill(style.background)
        try pause()
        let iw = Double(image.width), ih = Double(image.height)
        let fw = Double(face.width), fh = Double(face.height)
        switch style.fit {
        case .fit:
            let s = min(fw / iw, fh / ih)
            let w = max(1, min(face.width, Int((iw * s).rounded())))
            let h = max(1, min(face.height, Int((ih * s).rounded())))
            let scaled = try image.resampled(width: w, height: h, source: nil, pause: pause)
            try pause()
            try face.draw(scaled, x: (face.width - w) / 2, y: (face.height - h) / 2)
        case .fill:
            let s = max(fw / iw, fh / ih)
            let cw = max(1, min(image.width, Int((fw / s).rounded())))
            let ch = max(1, min(image.height, Int((fh / s).rounded())))
            let crop = (x: (image.width - cw) / 2, y: (image.height - ch) / 2, width: cw, height: ch)
            let scaled = try image.resampled(width: face.width, height: face.height, source: crop, pause: pause)
            try pause()
            try face.draw(scaled, x: 0, y: 0)
        }
        try pause()
        face.makeOpaque()   // SDL's blend rounds dst alpha to 254 here and there
        roundCorners(of: face, radius: cornerRadius)
        face.clearBorder()
        return face
    }
}

extension Surface {
    /// Sets every pixel's alpha to 255 (RGBA32 only).
    func makeOpaque() {
        guard isRGBA32 else { return }
        let w = width, h = height
        withRGBABytes { bytes, pitch in
            for y in 0..<h {
                var i = y * pitch + 3
                for _ in 0..<w { bytes[i] = 255; i += 4 }
            }
        }
    }

    /// A `width`×`height` RGBA32 copy of `source` (the whole image when nil) with good quality at
    /// any ratio: whole-pixel box averaging down to less than twice the target, then bilinear
    /// (SDL_SoftStretchLinear). Surfaces only: safe off the main thread. `pause` runs about
    /// every 128 KB of pixels averaged; what it throws ends the resample.
    public func resampled(width: Int, height: Int,
                          source: (x: Int, y: Int, width: Int, height: Int)? = nil,
                          pause: () throws -> Void = {}) throws -> Surface {
        var src = try rgba32()
        var rect = source ?? (0, 0, src.width, src.height)
        // Blocks of at most 64x64 keep the sums within UInt32; bigger ratios take two passes.
        while true {
            let k = min(64, rect.width / max(1, width), rect.height / max(1, height))
            if k < 2 { break }
            src = try src.boxReduced(factor: k, source: rect, pause: pause)
            rect = (0, 0, src.width, src.height)
            try pause()
        }
        let out = try Surface(width: max(1, width), height: max(1, height))
        var s = SDL_Rect(x: Int32(rect.x), y: Int32(rect.y), w: Int32(rect.width), h: Int32(rect.height))
        var d = SDL_Rect(x: 0, y: 0, w: Int32(out.width), h: Int32(out.height))
        if rect.width == out.width && rect.height == out.height {
            SDL_SetSurfaceBlendMode(src.pointer, SDL_BLENDMODE_NONE)
            try check(flick_blit_surface(src.pointer, &s, out.pointer, &d), "SDL_BlitSurface")
        } else {
            try check(SDL_SoftStretchLinear(src.pointer, &s, out.pointer, &d), "SDL_SoftStretchLinear")
        }
        return out
    }

    /// The part `source` of this RGBA32 surface, each `factor`×`factor` block averaged into one
    /// pixel (colour weighted by alpha, so transparent pixels do not darken edges).
    func boxReduced(factor k: Int, source r: (x: Int, y: Int, width: Int, height: Int),
                    pause: () throws -> Void = {}) throws -> Surface {
        let w = max(1, r.width / k), h = max(1, r.height / k)
        let out = try Surface(uninitializedWidth: w, height: h)   // every pixel is written
        let n = UInt32(k * k)
        // Output rows between two pauses: about 128 KB of source pixels (0.1 to 0.2 ms here).
        let rowsPerPause = max(1, 131_072 / (w * k * k * 4))
        try withRGBABytes { src, srcPitch in
            try out.withRGBABytes { dst, dstPitch in
                guard let sp = src.baseAddress?.assumingMemoryBound(to: UInt8.self),
                      let dp = dst.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
                var sums = [UInt32](repeating: 0, count: w * 4)
                for oy in 0..<h {
                    if oy > 0 && oy % rowsPerPause == 0 { try pause() }
                    for i in 0..<sums.count { sums[i] = 0 }
                    sums.withUnsafeMutableBufferPointer { acc in
                        for dy in 0..<k {
                            let row = sp + (r.y + oy * k + dy) * srcPitch + r.x * 4
                            var p = row
                            for ox in 0..<w {
                                var rr: UInt32 = 0, gg: UInt32 = 0, bb: UInt32 = 0, aa: UInt32 = 0
                                for _ in 0..<k {
                                    let a = UInt32(p[3])
                                    rr &+= UInt32(p[0]) &* a
                                    gg &+= UInt32(p[1]) &* a
                                    bb &+= UInt32(p[2]) &* a
                                    aa &+= a
                                    p += 4
                                }
                                let j = ox * 4
                                acc[j] &+= rr; acc[j + 1] &+= gg; acc[j + 2] &+= bb; acc[j + 3] &+= aa
                            }
                        }
                        let out = dp + oy * dstPitch
                        for ox in 0..<w {
                            let j = ox * 4
                            let a = acc[j + 3]
                            if a == 0 {
                                out[j] = 0; out[j + 1] = 0; out[j + 2] = 0; out[j + 3] = 0
                            } else {
                                out[j] = UInt8(acc[j] / a)
                                out[j + 1] = UInt8(acc[j + 1] / a)
                                out[j + 2] = UInt8(acc[j + 2] / a)
                                out[j + 3] = UInt8(a / n)
                            }
                        }
                    }
                }
            }
        }
        return out
    }
}
