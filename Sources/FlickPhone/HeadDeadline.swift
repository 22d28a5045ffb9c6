import HummingbirdCore
import Logging
import NIOCore
import Synchronization

/// The first handler of every phone connection, in front of Hummingbird's own. It reads the raw
/// bytes, and:
/// - closes a connection whose HTTP request head does not arrive whole within `limit` of its
///   first byte (a client that trickles its headers, or stops halfway); the HTTP decoder's own
///   idle timeout only starts once a whole request has come;
/// - says when a whole head carries the session's token (`onProven`: the connection is no longer
///   one to shed, `ConnectionShare`);
/// - after a WebSocket upgrade with the token, reads each frame's header and closes the
///   connection with 1002 (protocol error) at the first frame without the mask bit: RFC 6455
///   5.1 has the server close on a client frame that is not masked (the mask keeps a page's
///   bytes from being read as something else by a proxy in between).
final class HeadDeadline: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let limit: TimeAmount
    private let onTimeout: @Sendable () -> Void
    private let carriesToken: @Sendable (URI) -> Bool
    private let onProven: @Sendable () -> Void
    private let onFault: @Sendable (String) -> Void
    private var deadline: Scheduled<Void>?
    /// The last bytes of the head so far (to find its end and the upgrade across reads).
    private var head: [UInt8] = []
    private var proven = false

    private enum Mode {
        case heads
        /// WebSocket frames: the header of the next frame so far, and the payload bytes of the
        /// current frame still to come.
        case frames(header: [UInt8], payloadLeft: UInt64)
        /// Upgraded without the token (the WebSocket package refuses it) or closed for a fault.
        case off
    }
    private var mode = Mode.heads

    init(limit: TimeAmount, onTimeout: @escaping @Sendable () -> Void,
         carriesToken: @escaping @Sendable (URI) -> Bool = { _ in false },
         onProven: @escaping @Sendable () -> Void = {}, onFault: @escaping @Sendable (String) -> Void = { _ in }) {
        self.limit = limit
        self.onTimeout = onTimeout
        self.carriesToken = carriesToken
        self.onProven = onProven
        self.onFault = onFault
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(context)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        switch mode {
        case .heads:
            if deadline == nil { arm(context) }
            head += buffer.readableBytesView
            while case .heads = mode, let end = Self.endOfHead(head) {
                let text = String(decoding: head[..<end], as: UTF8.self)
                let rest = Array(head[(end + 4)...])
                deadline?.cancel()
                deadline = nil
                let target = Self.requestTarget(text)
                let uri = target.map { URI($0) }
                let withToken = uri.map(carriesToken) ?? false
                if withToken && !proven {
                    proven = true
                    onProven()
                }
                head = rest
                if text.lowercased().contains("upgrade: websocket") {
                    // The bytes after an upgrade head are the socket's first frames.
                    mode = withToken && uri?.path == "/ws" ? .frames(header: [], payloadLeft: 0) : .off
                    head = []
                    if case .frames = mode, !rest.isEmpty {
                        let start = buffer.readerIndex + buffer.readableBytes - rest.count
                        // Frames that came with the head: the answer may not have gone yet, so
                        // a fault among them closes the socket without a close frame.
                        if !checkFrames(context: context, buffer: buffer, from: start, closeFrame: false) { return }
                    }
                } else if !head.isEmpty {
                    // Anything after this head starts the next one (the routes take no bodies).
                    arm(context)
                }
            }
            if case .heads = mode {
                if head.count > 96 * 1024 { head.removeFirst(head.count - 4) }
            }
        case .frames:
            if !checkFrames(context: context, buffer: buffer, from: buffer.readerIndex, closeFrame: true) { return }
        case .off:
            break
        }
        context.fireChannelRead(data)
    }

    /// Reads the frame headers in `buffer` from index `from`; at an unmasked frame, passes on
    /// what came before it, sends the close frame (when `closeFrame`), closes the connection and
    /// returns false.
    private func checkFrames(context: ChannelHandlerContext, buffer: ByteBuffer, from start: Int, closeFrame: Bool) -> Bool {
        guard case .frames(var header, var payloadLeft) = mode else { return true }
        var i = start
        let end = buffer.readerIndex + buffer.readableBytes
        while i < end {
            if payloadLeft > 0 {
                let take = min(payloadLeft, UInt64(end - i))
                payloadLeft -= take
                i += Int(take)
                continue
            }
            let frameStart = i
            header.append(buffer.getInteger(at: i, as: UInt8.self) ?? 0)
            i += 1
            guard header.count >= 2 else { continue }
            guard header[1] & 0x80 != 0 else {
                fault(context: context, buffer: buffer, before: frameStart - (header.count - 1), closeFrame: closeFrame)
                return false
            }
            let short = header[1] & 0x7F
            let lengthBytes = short == 126 ? 2 : short == 127 ? 8 : 0
            guard header.count == 2 + lengthBytes + 4 else { continue }
            var length = UInt64(short)
            if lengthBytes > 0 {
                length = header[2..<(2 + lengthBytes)].reduce(0) { $0 << 8 | UInt64($1) }
            }
            payloadLeft = length
            header.removeAll(keepingCapacity: true)
        }
        mode = .frames(header: header, payloadLeft: payloadLeft)
        return true
    }

    private func fault(context: ChannelHandlerContext, buffer: ByteBuffer, before index: Int, closeFrame: Bool) {
        mode = .off
        let clean = index - buffer.readerIndex
        if clean > 0, let slice = buffer.getSlice(at: buffer.readerIndex, length: clean) {
            context.fireChannelRead(wrapInboundOut(slice))
        }
        onFault("a frame without the mask bit")
        let channel = context.channel
        guard closeFrame else {
            channel.close(promise: nil)
            return
        }
        // Close 1002 (protocol error), unmasked as every server frame; then the socket.
        var close = context.channel.allocator.buffer(capacity: 4)
        close.writeBytes([0x88, 0x02, 0x03, 0xEA])
        context.writeAndFlush(NIOAny(close)).whenComplete { _ in channel.close(promise: nil) }
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        context.fireChannelInactive()
    }

    private func arm(_ context: ChannelHandlerContext) {
        guard case .heads = mode, deadline == nil else { return }
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

    /// The target of a head's request line (`GET /ws?t=... HTTP/1.1`), nil when the line is not
    /// three parts. Read as bytes: to a Swift string, CR LF is one character.
    static func requestTarget(_ head: String) -> String? {
        let line = head.utf8.prefix { $0 != 13 && $0 != 10 }
        let parts = line.split(separator: 32, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[2].starts(with: "HTTP/".utf8) else { return nil }
        return String(decoding: parts[1], as: UTF8.self)
    }
}

/// The address a connection counts against in `ConnectionShare`: an IPv4 address as itself (an
/// IPv4-mapped IPv6 one too), an IPv6 address by its /64 (one host can hold a whole /64).
func shareKey(_ address: SocketAddress?) -> String {
    switch address {
    case .v4(let a)?:
        return address?.ipAddress ?? "\(a)"
    case .v6(let a)?:
        let bytes = withUnsafeBytes(of: a.address.sin6_addr) { Array($0) }
        if bytes.count == 16, bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
            return "\(bytes[12]).\(bytes[13]).\(bytes[14]).\(bytes[15])"
        }
        let digits = Array("0123456789abcdef")
        return String(bytes.prefix(8).flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xF)]] }) + "::/64"
    default:
        return "local"
    }
}

/// The server's child channel with a `HeadDeadline` in front of Hummingbird's own, each
/// connection counted in the server's `ConnectionShare` from its setup to its close.
/// The phone's server and `flick host` both put their connections through it.
package struct DeadlinedChannel<Inner: ServerChildChannel>: ServerChildChannel {
    package typealias Value = Inner.Value
    let inner: Inner
    let limit: TimeAmount
    let onTimeout: @Sendable () -> Void
    let gate: ConnectionGate
    let onShed: @Sendable (ConnectionShare.Shed) -> Void

    package init(inner: Inner, limit: TimeAmount, onTimeout: @escaping @Sendable () -> Void, gate: ConnectionGate,
                 onShed: @escaping @Sendable (ConnectionShare.Shed) -> Void) {
        self.inner = inner
        self.limit = limit
        self.onTimeout = onTimeout
        self.gate = gate
        self.onShed = onShed
    }

    package func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let gate = self.gate
        let slot = gate.opened(channel, onShed: onShed)
        return channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(HeadDeadline(
                limit: limit, onTimeout: onTimeout,
                carriesToken: { gate.accepts($0.queryParameters["t"].map(String.init)) },
                onProven: { gate.prove(slot) },
                onFault: { gate.fault(slot, $0) }))
        }.flatMap {
            inner.setup(channel: channel, logger: logger)
        }
    }

    package func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}

/// The server's connections as `ConnectionShare` sees them, with their channels: sheds what
/// must go as each one arrives, and keeps what a connection's front handler found wrong for the
/// WebSocket that ends on it.
package final class ConnectionGate: Sendable {
    /// Whether a request's token (its `t`) is one the server serves: its connection is proven.
    let accepts: @Sendable (String?) -> Bool
    private struct State {
        var share: ConnectionShare
        var channels: [Int: any Channel] = [:]
        var slots: [ObjectIdentifier: Int] = [:]
        var faults: [Int: String] = [:]
    }
    private let state: Mutex<State>

    package init(total: Int, perAddress: Int, accepts: @escaping @Sendable (String?) -> Bool) {
        self.accepts = accepts
        state = Mutex(State(share: ConnectionShare(total: total, perAddress: perAddress)))
    }

    /// A connection arrived: its slot; whatever must go to make room is closed (`onShed` says
    /// each), the newcomer itself when every other slot is proven.
    func opened(_ channel: any Channel, onShed: @Sendable (ConnectionShare.Shed) -> Void) -> Int {
        let address = shareKey(channel.remoteAddress)
        let (slot, shed) = state.withLock { s in
            let (id, shed) = s.share.open(address: address)
            s.channels[id] = channel
            s.slots[ObjectIdentifier(channel)] = id
            let victims = shed.map { gone -> (ConnectionShare.Shed, (any Channel)?) in
                let victim = s.channels.removeValue(forKey: gone.id)
                if let victim { s.slots[ObjectIdentifier(victim)] = nil }
                return (gone, victim)
            }
            return (id, victims)
        }
        channel.closeFuture.whenComplete { [self] _ in closed(slot, channel) }
        for (gone, victim) in shed {
            victim?.close(promise: nil)
            onShed(gone)
        }
        return slot
    }

    func prove(_ slot: Int) { state.withLock { $0.share.prove(slot) } }

    /// The slot of a connection still open.
    func slot(of channel: any Channel) -> Int? { state.withLock { $0.slots[ObjectIdentifier(channel)] } }

    func fault(_ slot: Int, _ reason: String) { state.withLock { $0.faults[slot] = reason } }

    /// What the front handler found wrong on `slot`, once.
    func takeFault(_ slot: Int) -> String? { state.withLock { $0.faults.removeValue(forKey: slot) } }

    private func closed(_ slot: Int, _ channel: any Channel) {
        state.withLock { s in
            s.share.close(slot)
            if s.channels[slot] != nil {
                s.channels[slot] = nil
                s.slots[ObjectIdentifier(channel)] = nil
            }
        }
    }
}
