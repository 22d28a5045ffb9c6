import FlickCLI
import FlickStage
import FlickIO
import FlickSession
import FlickEngine
import FlickSDL
import Foundation

/// Frames of replays at chosen moments: the contact sheets of the report and of compare.
@MainActor
enum ContactSheet {
    /// The key moments of a session: just after each throw and each page (at most `limit`).
    static func keyMoments(_ metrics: SessionMetrics, limit: Int = 24) -> [(t: Double, caption: String)] {
        var moments: [(Double, String)] = metrics.gestures.filter { $0.outcome == .thrown }.map {
            ($0.end + 0.12, String(format: "throw %.2f s", $0.end))
        }
        moments += metrics.pages.map { ($0.t, String(format: "page %d→%d %.2f s", $0.from, $0.to, $0.t)) }
        moments.sort { $0.0 < $1.0 }
        if moments.count > limit {
            let step = Double(moments.count) / Double(limit)
            moments = (0..<limit).map { moments[Int(Double($0) * step)] }
        }
        return moments
    }

    /// A cell `width` pixels wide in the viewport's proportions, its height kept within 1/8 to 8
    /// times the width: a 1x16384 stage (valid, if absurd) is drawn letterboxed, not into a
    /// 2.4-million-pixel-tall texture SDL cannot make.
    nonisolated static func cell(width: Int, viewport v: Size) -> (w: Int, h: Int) {
        let ratio = min(max(v.height / v.width, 0.125), 8)
        return (width, max(1, Int((Double(width) * ratio).rounded())))
    }

    /// Replays `recording` (under `config` when given) and draws one frame at each of `times`
    /// (ascending, session seconds) into cells `cell` big; calls `take` after each frame with
    /// the renderer holding it at (0, 0).
    static func frames(of recording: Recording, config: SceneConfig?, cards: CardSource,
                       times: [Double], cell: (w: Int, h: Int), background: RGBA = RGBA(248, 249, 250),
                       take: (Renderer, Int) throws -> Void) throws {
        guard let replay = HeadlessReplay(recording, config: config), let header = recording.header else { return }
        let renderer = try Renderer(offscreenWidth: cell.w, height: cell.h)
        let view = try StageView(renderer: renderer, cards: cards, header: header, recording: recording.path)
        var frame = 0
        for (i, t) in times.enumerated() {
            // The 60 Hz grid of a headless replay, up to the moment itself.
            while Double(frame) / 60 < t {
                if Interrupt.isRequested { throw InterruptedError() }
                replay.advance(to: Double(frame) / 60)
                frame += 1
            }
            replay.advance(to: t)
            // The stage view fills the whole cell with `background` first: no clear of its own.
            view.follow(replay.deckImages)
            try view.draw(replay.scene, in: (0, 0, cell.w, cell.h), outside: background, settle: true)
            try take(renderer, i)
        }
    }

    /// PNG thumbnails of a session's key moments and of the `extra` session times (empty without a recording).
    static func thumbnails(_ metrics: SessionMetrics, config: SceneConfig? = nil, cards: CardSource,
                           width: Int = 240, extra: [Double] = []) throws -> [Thumbnail] {
        guard let recording = metrics.session.recording else { return [] }
        let moments = (keyMoments(metrics) + Set(extra).map { ($0, String(format: "at %.2f s", $0)) }).sorted { $0.t < $1.t }
        guard !moments.isEmpty else { return [] }
        let v = metrics.session.viewport
        let cell = Self.cell(width: width, viewport: v)
        var out: [Thumbnail] = []
        // Encoded in memory: no temporary file, so nothing to plant a symlink on or leave behind.
        try frames(of: recording, config: config, cards: cards,
                   times: moments.map(\.t), cell: cell) { renderer, i in
            let data = Data(try renderer.readPixels().pngData())
            out.append(Thumbnail(t: moments[i].t, caption: moments[i].caption, png: data))
        }
        return out
    }
}
