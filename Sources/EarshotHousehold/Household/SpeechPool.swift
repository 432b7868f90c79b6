import Earshot
import EarshotAudio
import EarshotDialogue
import EarshotModel
import EarshotSpeech
import Foundation

/// Speech loops for the server's audio turns and replies: each loop (a recognizer and a synthesizer on
/// a queue of its own) serves one request at a time; up to `size` run at once, the others wait.
/// Loops start on first use, so a server that only ever hears text never loads the speech model.
public final class SpeechPool: @unchecked Sendable {
    private let lock = NSLock()
    private var idle: [SpeechLoop] = []
    private var started = 0
    private var waiting: [CheckedContinuation<Lease, Never>] = []

    /// A loop handed from one request to the next: only ever used by the request holding it.
    struct Lease: @unchecked Sendable {
        let loop: SpeechLoop
    }
    /// At most this many loops.
    public let size: Int

    public init(size: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.size = max(size, 1)
    }

    /// Runs `body` with a loop of its own.
    func with<T: Sendable>(_ body: @Sendable (SpeechLoop) async throws -> T) async throws -> T {
        let loop = try await checkOut()
        defer { checkIn(loop) }
        return try await body(loop)
    }

    /// The speech model or espeak-ng cannot start: the server's trouble, not the request's.
    public struct Unavailable: Error, CustomStringConvertible {
        public var error: SpeechError
        public var description: String { error.description }
    }

    private func checkOut() async throws(Unavailable) -> SpeechLoop {
        enum Next { case loop(SpeechLoop), start, wait }
        let next: Next = lock.withLock {
            if let loop = idle.popLast() { return .loop(loop) }
            if started < size { started += 1; return .start }
            return .wait
        }
        switch next {
        case .loop(let loop): return loop
        case .start:
            do {
                return try SpeechLoop()
            } catch {
                lock.withLock { started -= 1 }
                throw Unavailable(error: error)
            }
        case .wait:
            let lease = await withCheckedContinuation { (continuation: CheckedContinuation<Lease, Never>) in
                let ready: SpeechLoop? = lock.withLock {
                    if let loop = idle.popLast() { return loop }
                    waiting.append(continuation)
                    return nil
                }
                if let ready { continuation.resume(returning: Lease(loop: ready)) }
            }
            return lease.loop
        }
    }

    private func checkIn(_ loop: SpeechLoop) {
        let waiter: CheckedContinuation<Lease, Never>? = lock.withLock {
            if !waiting.isEmpty { return waiting.removeFirst() }
            idle.append(loop)
            return nil
        }
        waiter?.resume(returning: Lease(loop: loop))
    }
}
