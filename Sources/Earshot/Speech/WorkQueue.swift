import Dispatch

/// A serial queue of its own for long synchronous work in C (decoding, synthesis).
///
/// Swift's shared concurrency pool has one thread per core: a decode that holds one for half a second
/// holds up every other task of the process (a handler's time-out, a server's requests). Work sent
/// here runs on a thread outside that pool, one job at a time, which is also what pocketsphinx asks of
/// a decoder (never two threads at once).
package final class WorkQueue: Sendable {
    private let queue: DispatchQueue

    package init(label: String) {
        queue = DispatchQueue(label: label, qos: .userInitiated)
    }

    /// Runs `body` on the queue and returns what it returns, or throws what it throws.
    package func run<T: Sendable, E: Error>(_ body: @escaping @Sendable () throws(E) -> T) async throws(E) -> T {
        let result: Result<T, E> = await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: Result { () throws(E) -> T in try body() }) }
        }
        return try result.get()
    }
}
