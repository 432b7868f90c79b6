import Foundation

extension Recognizer {
    /// The stages of one recognition, for seeing where its processor time goes (``lastStageSeconds``).
    public enum Stage: String, Sendable, CaseIterable, Comparable {
        /// Choosing the search: a grammar compiled or a language model loaded the first time it is used.
        case prepare
        /// speexdsp's noise suppression (``NoiseSuppressor``).
        case suppression
        /// The streamed search: the context's grammar, or an open-ended answer's language model.
        case grammar
        /// The free phone loop that rejection compares against (a decoder of its own).
        case phoneLoop = "phone loop"
        /// Answers: the second pass, the answers inside their frame of fillers and carriers.
        case framed
        /// Answers the grammars took, checked against the answers' language model.
        case check
        /// Speech the grammars refused, transcribed with the context's language model.
        case fallback

        public static func < (a: Stage, b: Stage) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    /// The calling thread's processor time so far, in seconds (decoding runs on one thread per stage).
    static func threadSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// Runs `body`, adding its processor time to `stage` in ``lastStageSeconds``.
    func charge<T, E: Error>(_ stage: Stage, _ body: () throws(E) -> T) throws(E) -> T {
        let start = Self.threadSeconds()
        defer {
            let spent = Self.threadSeconds() - start
            lastStageSeconds[stage, default: 0] += spent
            lastCriticalSeconds += spent
        }
        return try body()
    }
}
