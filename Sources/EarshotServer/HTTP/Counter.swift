import Synchronization

/// A count shared by concurrent requests.
final class Counter: Sendable {
    private let value = Mutex(0)
    var count: Int { value.withLock { $0 } }
    func add(_ delta: Int) { value.withLock { $0 += delta } }
    /// Adds one when the count is below `limit`; whether it did.
    func reserve(below limit: Int) -> Bool {
        value.withLock { count in
            guard count < limit else { return false }
            count += 1
            return true
        }
    }
}
