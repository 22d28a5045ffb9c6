/// Who holds the phone server's connection slots, and which connection goes when they run out.
///
/// A connection is *proven* once a whole request head carrying the session's token has come on
/// it (the page, its files, the WebSocket); until then (nothing sent yet, a head that trickles or
/// stopped halfway, a head without the token) it is *pending*. Only pending connections are ever
/// shed, oldest first, as each connection arrives:
/// - one address holds at most `perAddress` pending connections: past that, its own oldest
///   pending connection goes;
/// - all addresses together hold at most `total` connections: past that, the oldest pending
///   connection of the address with the most pending ones goes.
///
/// A newcomer is pending itself, so there is always one to shed; when every other slot is
/// proven, the newcomer goes. So a flood that never sends the token, from one address or many
/// and reopening what is closed, sheds its own connections. A phone on another address is never
/// shed by it; one on the flood's own address (a NAT, `adb reverse`) sends its head at once and
/// is shed only if `perAddress` newer connections of the flood are taken before that head is
/// read (so the share is large: the server takes dozens of connections between two reads of
/// one when a flood keeps it busy).
package struct ConnectionShare: Sendable {
    package let total: Int
    package let perAddress: Int

    private struct Entry {
        var address: String
        var proven: Bool
    }

    /// Ids grow with arrival, so the smallest pending id is the oldest pending connection.
    private var entries: [Int: Entry] = [:]
    private var pending: [String: Int] = [:]
    private var next = 1

    package init(total: Int = PhoneLimits.connections, perAddress: Int = PhoneLimits.pendingPerAddress) {
        self.total = max(1, total)
        self.perAddress = max(1, perAddress)
    }

    /// Connections held.
    package var count: Int { entries.count }

    /// Pending connections held by `address`.
    package func pendingCount(of address: String) -> Int { pending[address, default: 0] }

    /// Why a connection was shed.
    package enum Reason: Equatable, Sendable {
        /// Its address held more than its share of pending connections.
        case addressShare
        /// Every slot was taken.
        case full
    }

    /// A connection to close now (already let go here).
    package struct Shed: Equatable, Sendable {
        package var id: Int
        package var address: String
        package var reason: Reason
        package init(id: Int, address: String, reason: Reason) {
            (self.id, self.address, self.reason) = (id, address, reason)
        }
    }

    /// A connection from `address` arrived: its id, and the connections to close now, the
    /// newcomer's own id among them when it is the one to go.
    package mutating func open(address: String) -> (id: Int, shed: [Shed]) {
        let id = next
        next += 1
        entries[id] = Entry(address: address, proven: false)
        pending[address, default: 0] += 1
        var shed: [Shed] = []
        if pending[address, default: 0] > perAddress, let victim = oldestPending(of: address) {
            release(victim)
            shed.append(Shed(id: victim, address: address, reason: .addressShare))
        }
        if entries.count > total, let victim = oldestPendingOfHeaviest(), let gone = entries[victim] {
            release(victim)
            shed.append(Shed(id: victim, address: gone.address, reason: .full))
        }
        return (id, shed)
    }

    /// A whole request head with the token came on `id`: it is never shed from now on.
    package mutating func prove(_ id: Int) {
        guard let entry = entries[id], !entry.proven else { return }
        entries[id]?.proven = true
        decrementPending(entry.address)
    }

    /// Whether `id` is held and proven.
    package func isProven(_ id: Int) -> Bool { entries[id]?.proven ?? false }

    /// Whether `id` is still held (not closed, not shed).
    package func holds(_ id: Int) -> Bool { entries[id] != nil }

    /// `id` closed (a no-op for one already shed).
    package mutating func close(_ id: Int) { release(id) }

    private mutating func release(_ id: Int) {
        guard let entry = entries.removeValue(forKey: id) else { return }
        if !entry.proven { decrementPending(entry.address) }
    }

    private mutating func decrementPending(_ address: String) {
        let left = pending[address, default: 0] - 1
        pending[address] = left > 0 ? left : nil
    }

    private func oldestPending(of address: String) -> Int? {
        var oldest: Int?
        for (id, entry) in entries where !entry.proven && entry.address == address && id < (oldest ?? .max) {
            oldest = id
        }
        return oldest
    }

    /// The oldest pending connection of the address holding the most pending ones.
    private func oldestPendingOfHeaviest() -> Int? {
        var best: (count: Int, id: Int)?
        for (id, entry) in entries where !entry.proven {
            let count = pending[entry.address, default: 0]
            if let b = best, count < b.count || (count == b.count && id > b.id) { continue }
            best = (count, id)
        }
        return best?.id
    }
}
