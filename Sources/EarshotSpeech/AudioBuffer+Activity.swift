import EarshotAudio
import EarshotSignal
import Foundation

extension AudioBuffer {
    /// 10 ms frame energies in dB relative to full scale.
    func frameLevels() -> [Double] {
        FrameLoudness.levels(samples, frame: sampleRate / 100)
    }

    /// Whether the audio's level moves the way speech does. Speech rises and falls with its syllables
    /// and pauses by 20 dB and more; steady noise, hum or a tone stays within a few dB. The spread
    /// between the loud (90th percentile) and quiet (10th percentile) frames tells them apart.
    func soundsLikeSpeech(minimumSpread: Double = 10) -> Bool {
        let levels = frameLevels().sorted()
        guard levels.count >= 10 else { return false }
        let loud = levels[levels.count * 9 / 10]
        let quiet = levels[levels.count / 10]
        return loud - quiet >= minimumSpread
    }

    /// How far (dB) the loud frames (90th percentile of the 10 ms levels) stand above the quiet ones (10th
    /// percentile): 0 for fewer than ten frames.
    public func levelSpread() -> Double {
        let levels = frameLevels().sorted()
        guard levels.count >= 10 else { return 0 }
        return levels[levels.count * 9 / 10] - levels[levels.count / 10]
    }

    /// Seconds of 10 ms frames whose RMS is above `threshold` (a fraction of full scale).
    func voicedSeconds(threshold: Double) -> Double {
        let floor = 20 * log10(max(threshold, 1e-6))
        return Double(frameLevels().filter { $0 > floor }.count) / 100
    }
}
