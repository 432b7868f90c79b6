/// Finds where speech starts and ends in a stream of 16 kHz mono audio, 10 ms at a time (``VoiceLevel``
/// judges each frame); speech starts after three voiced frames in a row.
public struct EndPointer: Sendable {
    /// Samples per frame (10 ms at 16 kHz).
    public static let frame = VoiceLevel.frame
    /// The background level (dBFS).
    public var background: Double { level.background }
    /// Whether speech has started.
    public private(set) var inSpeech = false
    /// Frames seen so far.
    public private(set) var frames = 0
    /// The frame where speech started, and the last voiced frame.
    public private(set) var speechStart: Int?
    public private(set) var lastVoiced: Int?
    private var level = VoiceLevel()
    private var run = 0
    private var pending: [Int16] = []

    public init() {}

    /// Feeds samples; frames are judged as they complete.
    public mutating func process(_ samples: [Int16]) {
        pending += samples
        var index = 0
        while index + Self.frame <= pending.count {
            judge(level.isVoiced(pending[index..<(index + Self.frame)]))
            index += Self.frame
        }
        pending.removeFirst(index)
    }

    private mutating func judge(_ voiced: Bool) {
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
