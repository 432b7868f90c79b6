import Foundation

/// Finds where speech starts and ends in a stream of 16 kHz mono audio, 10 ms at a time, from its
/// level against a running estimate of the background's.
///
/// A frame is voiced when it is 15 dB above the background and above −55 dBFS; speech starts after
/// three voiced frames in a row. The background follows the quietest frames down at once and rises
/// slowly (a fan switched on is background again after a few seconds).
public struct EndPointer: Sendable {
    /// Samples per frame (10 ms at 16 kHz).
    public static let frame = 160
    /// The background level (dBFS).
    public private(set) var background = -70.0
    /// Whether speech has started.
    public private(set) var inSpeech = false
    /// Frames seen so far.
    public private(set) var frames = 0
    /// The frame where speech started, and the last voiced frame.
    public private(set) var speechStart: Int?
    public private(set) var lastVoiced: Int?
    private var run = 0
    private var pending: [Int16] = []

    public init() {}

    /// Feeds samples; frames are judged as they complete.
    public mutating func process(_ samples: [Int16]) {
        pending += samples
        var index = 0
        while index + Self.frame <= pending.count {
            var sum = 0.0
            for sample in pending[index..<(index + Self.frame)] {
                let value = Double(sample) / 32768
                sum += value * value
            }
            judge(10 * log10(max(sum / Double(Self.frame), 1e-12)))
            index += Self.frame
        }
        pending.removeFirst(index)
    }

    private mutating func judge(_ level: Double) {
        let voiced = level > max(background + 15, -55)
        if level < background { background = max(level, -90) } else if !voiced { background += 0.02 }
        if voiced {
            run += 1
            lastVoiced = frames
            if !inSpeech, run >= 3 {
                inSpeech = true
                speechStart = frames - 2
            }
        } else {
            run = 0
        }
        frames += 1
    }

    /// Seconds since the last voiced frame (0 while speaking; the whole stream when none was voiced).
    public var silence: Double {
        Double(frames - 1 - (lastVoiced ?? -1)) / 100
    }

    /// Seconds of audio judged so far.
    public var seconds: Double { Double(frames) / 100 }
}
