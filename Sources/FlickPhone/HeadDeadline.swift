import HummingbirdCore
import Logging
import NIOCore

/// Closes a connection whose HTTP request head does not arrive whole within `limit` of its
/// first byte (a client that trickles its headers, or stops halfway). It sits in front of the
/// HTTP decoder, whose own idle timeout only starts once a whole request has come. A head that
/// asks for the WebSocket upgrade ends its watch: the socket's own watchdog takes over.
final class HeadDeadline: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let limit: TimeAmount
    private let onTimeout: @Sendable () -> Void
    private var deadline: Scheduled<Void>?
    /// The last bytes of the head so far (to find its end and the upgrade across reads).
    private var head: [UInt8] = []
    private var done = false

    init(limit: TimeAmount, onTimeout: @escaping @Sendable () -> Void) {
        self.limit = limit
        self.onTimeout = onTimeout
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(context)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if !done {
            let buffer = unwrapInboundIn(data)
            if deadline == nil { arm(context) }
            head += buffer.readableBytesView
            if let end = Self.endOfHead(head) {
                let text = String(decoding: head[..<end], as: UTF8.self).lowercased()
                deadline?.cancel()
                deadline = nil
                if text.contains("upgrade: websocket") {
                    done = true
                } else {
                    // Anything after this head starts the next one (the routes take no bodies).
                    head = Array(head[(end + 4)...])
                    if !head.isEmpty { arm(context) }
                }
                if head.count > 64 * 1024 { head.removeFirst(head.count - 64 * 1024) }
            } else if head.count > 96 * 1024 {
                head.removeFirst(head.count - 4)
            }
        }
        context.fireChannelRead(data)
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        context.fireChannelInactive()
    }

    private func arm(_ context: ChannelHandlerContext) {
        guard !done, deadline == nil else { return }
        let channel = context.channel
        let onTimeout = self.onTimeout
        deadline = context.eventLoop.scheduleTask(in: limit) {
            onTimeout()
            channel.close(promise: nil)
        }
    }

    static func endOfHead(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for i in 0...(bytes.count - 4) where bytes[i] == 13 && bytes[i + 1] == 10 && bytes[i + 2] == 13 && bytes[i + 3] == 10 {
            return i
        }
        return nil
    }
}

/// The server's child channel with a `HeadDeadline` in front of Hummingbird's own.
struct DeadlinedChannel<Inner: ServerChildChannel>: ServerChildChannel {
    typealias Value = Inner.Value
    let inner: Inner
    let limit: TimeAmount
    let onTimeout: @Sendable () -> Void

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(HeadDeadline(limit: limit, onTimeout: onTimeout))
        }.flatMap {
            inner.setup(channel: channel, logger: logger)
        }
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}
