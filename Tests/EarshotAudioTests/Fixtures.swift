import EarshotAudio
import EarshotTesting
import Foundation
import Testing

/// A fresh temporary folder per test, and audio files made in it with `sox`.
struct Fixtures: ~Copyable {
    let folder: URL

    init() throws {
        folder = try temporaryFolder("earshot-audio-tests")
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// The path of `name` inside the folder.
    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// Runs `sox` with `arguments` (paths relative to the folder) and returns the path of `output`.
    func sox(_ output: String, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let run = try runTool(["sox"] + arguments, in: folder)
        try #require(run.status == 0, "sox \(arguments.joined(separator: " ")) failed: \(run.stderr)", sourceLocation: sourceLocation)
        return path(output)
    }

    /// Writes `data` to `name` and returns its path.
    func file(_ name: String, _ data: Data) throws -> String {
        try data.write(to: folder.appendingPathComponent(name))
        return path(name)
    }

    /// Whether this `sox` can write files of `format` (e.g. "ogg").
    static func soxWrites(_ format: String) -> Bool {
        guard let text = try? runTool(["sox", "-h"]).stdout else { return false }
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("AUDIO FILE FORMATS:") }) else {
            return false
        }
        return line.split(separator: " ").contains(Substring(format))
    }

    /// A 44-byte canonical WAV header whose data chunk claims `dataBytes` bytes; `format` 1 is
    /// integer PCM, 3 is IEEE float.
    static func wavHeader(rate: Int, channels: Int, bits: Int, dataBytes: Int, format: Int = 1) -> Data {
        var data = Data()
        func text(_ string: String) { data.append(contentsOf: Array(string.utf8)) }
        func u32(_ value: Int) { withUnsafeBytes(of: UInt32(value).littleEndian) { data.append(contentsOf: $0) } }
        func u16(_ value: Int) { withUnsafeBytes(of: UInt16(value).littleEndian) { data.append(contentsOf: $0) } }
        let blockAlign = channels * bits / 8
        text("RIFF"); u32(36 + dataBytes); text("WAVE")
        text("fmt "); u32(16); u16(format); u16(channels); u32(rate); u32(rate * blockAlign); u16(blockAlign); u16(bits)
        text("data"); u32(dataBytes)
        return data
    }
}

/// The error `body` throws, recording an issue when it returns instead.
func audioError(_ body: () throws(AudioError) -> Void, sourceLocation: SourceLocation = #_sourceLocation) -> AudioError? {
    do {
        try body()
        Issue.record("expected an AudioError, but it succeeded", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}
