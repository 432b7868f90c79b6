/// Tells speech from background in 10 ms frames of 16 kHz audio by level: a frame is voiced when it is
/// 15 dB above a running estimate of the background and above −55 dBFS. The background follows the
/// quietest frames down at once and rises slowly (a fan switched on is background again after a few
/// seconds). Shared by ``EndPointer`` and the live device's wake listener.
public struct VoiceLevel: Sendable {
    /// Samples per frame (10 ms at 16 kHz).
    public static let frame = 160
    /// The background level (dBFS).
    public private(set) var background = -70.0

    public init() {}

    /// Judges the next frame and updates the background.
    public mutating func isVoiced(_ frame: ArraySlice<Int16>) -> Bool {
        let level = FrameLoudness.decibels(frame)
        let voiced = level > max(background + 15, -55)
        if level < background { background = max(level, -90) } else if !voiced { background += 0.02 }
        return voiced
    }
}
