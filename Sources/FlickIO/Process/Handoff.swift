/// A value handed to other threads where something else orders the accesses: written before
/// the hand-over (a thread's start, a semaphore's signal) and read after it (the thread's body,
/// the wait), never written while another thread can read it. Such an order is not one the
/// compiler sees, hence `@unchecked Sendable`: the one such box of the package.
package final class Handoff<T>: @unchecked Sendable {
    package var value: T
    package init(_ value: T) { self.value = value }
}
