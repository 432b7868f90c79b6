import Foundation

/// The loudness of short frames of 16-bit audio: the one place Earshot measures it, for telling speech
/// from background (``VoiceLevel``) and for judging whether a recording moves the way speech does.
public enum FrameLoudness {
    /// The mean power of `frame` in dB relative to full scale; silence (and an empty frame) is −120 dBFS.
    public static func decibels(_ frame: ArraySlice<Int16>) -> Double {
        var sum = 0.0
        for sample in frame {
            let value = Double(sample) / 32768
            sum += value * value
        }
        return 10 * log10(max(sum / Double(max(1, frame.count)), 1e-12))
    }

    /// The level of each whole frame of `length` samples in `samples` (a last partial frame is left out).
    public static func levels(_ samples: [Int16], frame length: Int) -> [Double] {
        guard length > 0 else { return [] }
        var levels: [Double] = []
        levels.reserveCapacity(samples.count / length)
        var index = 0
        while index + length <= samples.count {
            levels.append(decibels(samples[index..<(index + length)]))
            index += length
        }
        return levels
    }
}
