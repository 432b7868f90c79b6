import ArgumentParser
import Earshot
import EarshotALSA
import EarshotLive
import EarshotModel
import EarshotSpeech
import Foundation
import Synchronization

struct ListenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listen",
        abstract: "A live device on an ALSA microphone and speaker: wake phrase, request, spoken reply, follow-ups.",
        discussion: """
            Waits for one of the profile's wake phrases ("hey siri"), takes the request that follows, answers \
            aloud, listens for follow-up answers without the wake phrase while the conversation lasts, and \
            goes back to waiting when it ends. Ctrl-C stops it. --input/--output run the same loop over a \
            recording and write the replies to a WAV file instead.
            """)

    @Option(help: "The ALSA capture device.")
    var capture = "default"

    @Option(help: "The ALSA playback device.")
    var playback = "default"

    @Option(help: "A recording to listen to instead of a microphone (any format `run` reads).")
    var input: String?

    @Option(help: "A WAV file to write the replies to instead of playing them.")
    var output: String?

    @Flag(help: "Replace the --output file if it exists.")
    var force = false

    @Option(help: "The confidence (0-1) a wake phrase needs (smaller: fewer missed wakes, more false ones).")
    var wakeThreshold = WakeListener.defaultThreshold

    @OptionGroup var common: CommonOptions
    @OptionGroup var device: DeviceOptions

    func run() async throws {
        if let output, !force, FileManager.default.fileExists(atPath: output) {
            throw LoadError(SourceLocation(file: output), "already exists.", fix: "Choose another --output, or add --force to replace it.")
        }
        let session = try common.workspace().matchingSession(profile: common.profile, locale: common.locale,
                                                             settings: device.settings, handlers: device.handlers)
        let liveInput: LiveInput = try input.map { try FileInput(path: $0) } ?? ALSACapture(name: capture)
        let liveOutput: LiveOutput = try output.map { FileOutput(path: $0) } ?? ALSAPlayback(name: playback)
        let live = LiveSession(session: session, loop: try SpeechLoop(), wakeThreshold: wakeThreshold)
        let stop = StopSignal()
        let writer = common.writer
        let name = session.profile.name
        let json = common.json
        if !json { say("\(name) is listening: say \"\(session.profile.wake.first ?? "hey siri")\" and a request (Ctrl-C stops).") }
        try await live.run(input: liveInput, output: liveOutput, shouldStop: { stop.requested }) { event in
            switch event {
            case .turn(let turn, _):
                say(writer.render(turn, deviceName: name))
            case .state(let state) where !json:
                say("  [\(state.rawValue)]")
            case .woke(let phrase, let at) where !json:
                say("  (heard \"\(phrase)\" at \(String(format: "%.1f", at)) s)")
            case .partial(let words) where !json && !words.isEmpty:
                say("  … \(words)")
            case .timedOut where !json:
                say("  (no request: back to waiting)")
            case .notice(let line):
                FileHandle.standardError.write(Data("earshot: \(line)\n".utf8))
            default:
                break
            }
        }
        if stop.requested, !json { say("  (stopped)") }
    }
}

/// Ctrl-C (SIGINT) or SIGTERM asks the live loop to stop between two blocks of audio: devices are
/// closed and the output file written whole. A second one ends the process at once.
final class StopSignal: Sendable {
    private static let flag = Atomic<Bool>(false)

    init() {
        for number in [SIGINT, SIGTERM] {
            signal(number) { _ in
                if StopSignal.flag.exchange(true, ordering: .relaxed) { _exit(130) }
            }
        }
    }

    var requested: Bool { Self.flag.load(ordering: .relaxed) }
}
