import Foundation

/// Tells speech from background in 10 ms frames of 16 kHz audio by level: a frame is voiced when it is
/// 15 dB above a running estimate of the background and above −55 dBFS. The background follows the
/// quietest frames down at once and rises slowly (a fan switched on is background again after a few
/// seconds). Shared by ``EndPointer`` and ``WakeListener``.
struct VoiceLevel: Sendable {
    /// Samples per frame (10 ms at 16 kHz).
    static let frame = 160
    /// The background level (dBFS).
    private(set) var background = -70.0

    /// Judges the next frame and updates the background.
    mutating func isVoiced(_ frame: ArraySlice<Int16>) -> Bool {
        var sum = 0.0
        for sample in frame {
            let value = Double(sample) / 32768
            sum += value * value
        }
        let level = 10 * log10(max(sum / Double(max(1, frame.count)), 1e-12))
        let voiced = level > max(background + 15, -55)
        if level < background { background = max(level, -90) } else if !voiced { background += 0.02 }
        return voiced
    }
}
