import ArgumentParser
import Earshot
import EarshotBench
import EarshotEvaluation
import EarshotLive
import EarshotEmbedding
import EarshotSemantic
import EarshotSpeech
import EarshotSuite
import Foundation

struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measures speed and accuracy: matching, speech, the sentence model, live sessions, test suites, the reviewer and the server.")

    enum Part: String, ExpressibleByArgument, CaseIterable { case exact, speech, speed, embedding, flexible, answers, live, test, check, serve, people, `import`, fuzz, peers, all }

    @Option(help: "What to measure: exact, speech (recognition accuracy over the fixtures), speed, embedding, flexible, answers (answers typed as people say them, answers-dev/), live (wake phrase and reply latency of `listen`), test (`earshot test` over the examples' suites), check (`earshot check` on a 50-problem manifest, and --acoustic), serve (`earshot serve` under 50 text conversations and 4 audio streams), people (answers and requests as people say them, people-dev/, spoken by Piper and espeak-ng voices in noise; not part of all), import (`earshot import` of a generated 50-file project, anew and cached), fuzz (the seeded mutation fuzzers of the readers; not part of all), peers (Earshot beside hassil, pocketsphinx_continuous and the espeak-ng command line on the same work; needs `make setup`'s peers venv; not part of all), or all.")
    var only: Part = .all

    @Option(help: "Runs per fuzz target, for --only fuzz.")
    var runs = 100_000

    @Option(help: "Seconds per fuzz target at most, for --only fuzz.")
    var seconds: Double?

    @Option(help: "The fuzz targets (manifest, convo, audio, http, import; repeatable; default all), for --only fuzz.")
    var target: [String] = []

    @Option(help: "The seed of the fuzz runs.")
    var seed: UInt64 = 20

    @Option(help: "With --only fuzz: the folder that keeps each input over its bound (default: the temporary folder).")
    var keep: String?

    @Option(help: "With --only fuzz --target T: read this one input as target T's runs do, twice, and say how long each took (exit 1 when both are over the bound).")
    var replay: String?

    @Option(help: "With --replay: the importer's Swift file (import) or the server's route (http) the input stands for, as the fuzz run printed it.")
    var slot = 0

    @Option(help: ArgumentHelp("With --only fuzz: every target's bound in seconds of processor time instead of its own (1 s; 2 s for http).", visibility: .hidden))
    var bound: Double?

    @Option(help: "Utterances resolved per exact-match measurement.")
    var iterations = 200_000

    @Option(help: "The audio fixtures folder (default: audio-fixtures of this checkout).")
    var fixtures: String?

    @Option(help: "Only these speech measures: phrase, answer, ood or ood-answer (repeatable).")
    var kind: [String] = []

    @Option(help: "The confidence a wake phrase needs, for --only live.")
    var wakeThreshold = WakeListener.defaultThreshold

    @Option(help: ArgumentHelp("With --only flexible --part: the unrelated-verb penalty instead of the calibrated one (development files only).", visibility: .hidden))
    var unrelatedVerbPenalty: Float?

    @Option(help: ArgumentHelp("With --only flexible --part: the swap vouch instead of the calibrated one (development files only).", visibility: .hidden))
    var swapVouch: Float?

    @Option(help: ArgumentHelp("With --only flexible --part: the verb bonus instead of the calibrated one (development files only).", visibility: .hidden))
    var verbBonus: Float?

    @Option(help: ArgumentHelp("With --only flexible --part: the swap scale instead of the calibrated one (development files only).", visibility: .hidden))
    var swapScale: Float?

    @Option(help: ArgumentHelp("With --only flexible --part: the opposite margin instead of the calibrated one (development files only; 2: off).", visibility: .hidden))
    var oppositeMargin: Float?

    @Flag(help: ArgumentHelp("With --only flexible --part: the calibration grid on those files as well (for tuning on a split of the development files).", visibility: .hidden))
    var grid = false

    @Option(help: ArgumentHelp("With --only flexible --part: write each row's outcome under every setting of the action floor × value bonus sweep (0.3, 0.2, 0.1 × 0, 0.03, 0.06) to this TSV (for choosing with one app left out).", visibility: .hidden))
    var rowsOut: String?

    @Option(help: ArgumentHelp("With --only flexible --part: write every row with each intent of the apps it names and the parts of their scores to this TSV (for studying new signals).", visibility: .hidden))
    var featuresOut: String?

    @Flag(help: "With --only flexible or people: the typed sets only (no speed, no spoken set or voices).")
    var typed = false

    @Flag(help: "With --only flexible --part: those files spoken through the speech loop too (as the spoken development set is).")
    var spoken = false

    @Flag(help: "List every fixture that missed.")
    var misses = false

    @Option(help: "The acoustic model that hears the fixtures (accuracy and speed) and the spoken development set: synthetic (adapted to espeak-ng, as `earshot test --audio` uses) or person (Debian's en-us, as for microphones and recordings).")
    var speaker: SpeechSource?

    @Option(help: "With --only people: the voices (piper, espeak = three espeak-ng voices taking turns, or any espeak-ng voice; repeatable). With --only flexible --part --spoken: the voice (en-us by default, heard by the synthetic model; piper, heard by the person model; or any espeak-ng voice).")
    var voice: [String] = []

    @Option(help: "With --only people: the noises (clean, pink20, pink10, pink5, babble10 …; repeatable).")
    var noise: [String] = []

    @Option(help: "With --only people: the parts (devset.tsv, heldout.tsv; repeatable). With --only flexible: only these files of flexible-dev/, at the calibrated settings.")
    var part: [String] = []

    @Option(help: "With --only people: only rows of these kinds (answer, yesno, value, ood, request; repeatable).")
    var rows: [String] = []

    @Flag(help: ArgumentHelp("Recognise without rejection: accept whatever sentence the grammar search ends on.", visibility: .hidden))
    var noRejection = false

    @Option(help: ArgumentHelp("The recognizer's noise floor (amplitude of 32768), for calibrating it.", visibility: .hidden))
    var noiseFloor: Int?

    @Option(help: ArgumentHelp("With --only people: the speech level (dBFS) quieter clips are raised to before they are heard; 0 leaves every clip as it came. For calibrating it.", visibility: .hidden))
    var inputLevel: Double?

    @Option(help: ArgumentHelp("More pocketsphinx arguments for both decoders, space-separated (\"-remove_noise yes\"), for calibrating.", visibility: .hidden))
    var frontEnd: String?

    @Option(help: ArgumentHelp("The phone loop decoder's pocketsphinx settings instead of its own, space-separated, for calibrating.", visibility: .hidden))
    var phoneLoop: String?

    @Option(help: ArgumentHelp("More pocketsphinx settings for the language-model passes' decoder (the answers' check, the fallback), space-separated, for calibrating.", visibility: .hidden))
    var passDecoder: String?

    @Option(help: ArgumentHelp("The recognizer's noise suppression in dB (negative; 0: none), for calibrating it.", visibility: .hidden))
    var noiseSuppression: Int?

    @Option(help: ArgumentHelp("How much further (gap per frame, per dB of level spread under 30) a language model's transcript may sit from free phones in noise (0: off), for calibrating.", visibility: .hidden))
    var noiseAllowance: Double?

    @Flag(help: ArgumentHelp("In noise, let the answers' language model overrule an answer the grammars took even when it heard the answer's sentence with common words where its value was, as before 2026-11-26, for comparing.", visibility: .hidden))
    var dropFramedValue = false

    @Flag(help: ArgumentHelp("Decode every pass one after the other on one thread (the recognizer's parallel passes off), for comparing.", visibility: .hidden))
    var sequentialPasses = false

    @Flag(help: ArgumentHelp("Pad clips with their own quietest stretch, for calibrating.", visibility: .hidden))
    var ownNoisePad = false

    @Flag(help: ArgumentHelp("Suppress noise in clips from a quiet room too (level spread of 30 dB or more), as before 2026-11-26, for comparing.", visibility: .hidden))
    var suppressQuietClips = false

    @Option(help: ArgumentHelp("The answers' language model's margin over a taken answer (inf: off), for calibrating; with --diagnostics it is always decoded.", visibility: .hidden))
    var competitorMargin: Double?

    @Option(help: ArgumentHelp("The confidence below which the answers' language model overrules any answer taken, for calibrating.", visibility: .hidden))
    var competitorConfidence: Double?

    @Option(help: ArgumentHelp("Write each utterance's score gap, coverage and result to this TSV (for calibrating rejection).",
                               visibility: .hidden))
    var diagnostics: String?

    func validate() throws {
        for name in noise where PeopleBenchmark.Noise(argument: name) == nil {
            throw ValidationError("unknown --noise \(name): use clean, pinkSNR or babbleSNR (e.g. pink10).")
        }
        for name in rows where PeopleSet.Kind(rawValue: name) == nil {
            throw ValidationError("unknown --rows \(name): use answer, yesno, value, ood or request.")
        }
        for name in kind where SpeechAccuracy.Measure(rawValue: name) == nil {
            throw ValidationError("unknown --kind \(name): use phrase, answer, ood or ood-answer.")
        }
    }

    func run() async throws {
        if !part.isEmpty, only == .flexible || only == .people {
            let folder = only == .flexible ? FlexibleMatchingAccuracy.defaultFolder() : PeopleSet.defaultFolder()
            for file in part where !FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(file)) {
                let known = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".tsv") }.sorted()
                throw ValidationError("no part \(file) in \(folder): name one of its files (\(known.joined(separator: ", "))).")
            }
        }
        if only == .fuzz {
            let examples = ((self.fixtures ?? AudioFixtures.defaultFolder()) as NSString).deletingLastPathComponent + "/examples"
            let targets = target.isEmpty ? FuzzBenchmark.Target.allCases : try target.map { name in
                guard let target = FuzzBenchmark.Target(rawValue: name) else { throw ValidationError("unknown --target \(name): use manifest, convo, audio, http or import.") }
                return target
            }
            let bound: Duration? = self.bound.map { .nanoseconds(Int64($0 * 1e9)) }
            if let replay {
                guard targets.count == 1, let target = targets.first else { throw ValidationError("--replay needs one --target: manifest, convo, audio, http or import.") }
                let result = try await FuzzBenchmark.replay(target, file: replay, slot: slot, bound: bound, examples: examples)
                say(String(format: "%@: %@\n%.1f ms of processor time, %.1f ms on a re-run (%.1f ms by the clock); bound %.0f ms: %@",
                           target.rawValue, String(result.outcome.prefix(1_000)), Self.milliseconds(result.cpu), Self.milliseconds(result.rerunCPU),
                           Self.milliseconds(result.wall), Self.milliseconds(result.bound), result.overBound ? "over" : "within"))
                if result.overBound || result.isMalformed { throw ExitCode(1) }
                return
            }
            say("## Fuzzing (seed \(seed), at most \(runs) runs\(seconds.map { " or \($0) s" } ?? "") per target)\n\n" + FuzzBenchmark.header)
            var malformed: [String] = []
            var slow: [FuzzBenchmark.SlowRun] = []
            for target in targets {
                let report = try await FuzzBenchmark.run(target, runs: runs, seconds: seconds ?? .infinity, seed: seed, bound: bound, keep: keep,
                                                         examples: examples, log: {
                    FileHandle.standardError.write(Data(($0 + "\n").utf8))
                }, every: 600) { FileHandle.standardError.write(Data(("so far " + $0.row + "\n").utf8)) }
                say(report.row)
                malformed += report.malformed.map { "\(target.rawValue): \($0)" }
                slow += report.slow
            }
            if !malformed.isEmpty {
                say("\nNot one clear line:\n" + malformed.map { "- \($0)" }.joined(separator: "\n"))
            }
            if !slow.isEmpty {
                say("\nOver the bound (processor time, on the run and on its re-run):\n" + slow.map { "- \($0)" }.joined(separator: "\n"))
            }
            if !malformed.isEmpty || !slow.isEmpty { throw ExitCode(1) }
            return
        }
        if only == .exact || only == .all {
            say("## Exact-match resolution\n\n" + ExactMatchBenchmark.run(iterations: iterations).markdown + "\n")
        }
        if only == .embedding || only == .all {
            say("## Sentence encoder\n\n" + (try EmbeddingBenchmark.run()).markdown + "\n")
        }
        if only == .flexible || only == .all {
            // The calibrated settings, and with --only flexible the grid they were chosen from (on the
            // development files together); then each file alone at the calibrated settings. The held-out
            // files are never tuned on: how the calibration generalises.
            let grid = only == .all ? [] : FlexibleMatchingAccuracy.calibrationGrid
            let encoder = try SentenceEncoder()
            let development = FlexibleMatchingAccuracy.developmentFiles
            // `--part file.tsv`: only those files, at the calibrated settings (a held-out part read once).
            if !part.isEmpty {
                var settings = SemanticMatcher.Settings.calibrated
                if let unrelatedVerbPenalty { settings.unrelatedVerbPenalty = unrelatedVerbPenalty }
                if let swapVouch { settings.swapVouch = swapVouch }
                if let verbBonus { settings.verbBonus = verbBonus }
                if let swapScale { settings.swapScale = swapScale }
                if let oppositeMargin { settings.oppositeMargin = oppositeMargin }
                if let featuresOut {
                    try Self.write(try FlexibleMatchingAccuracy.features(files: part, encoder: encoder, settings: settings),
                                   to: featuresOut, what: "the rows' features")
                    return
                }
                if let rowsOut {
                    try Self.write(try FlexibleMatchingAccuracy.sweepOutcomes(files: part, encoder: encoder, base: settings),
                                   to: rowsOut, what: "the rows' outcomes")
                    return
                }
                for (position, result) in try FlexibleMatchingAccuracy.measure(files: part, encoder: encoder,
                                                                              settings: [settings] + (self.grid ? FlexibleMatchingAccuracy.calibrationGrid : [])).enumerated() {
                    say(String(format: "%@ %@ (action floor %.2f, unrelated verb %.2f, swap vouch %.2f, swap scale %.2f, verb bonus %.2f, threshold %.2f, margin %.2f, verbs %.2f): precision %.3f recall %.3f (rows %d, to match %d, matched %d, correct %d, values right %d, asked %d)",
                               part.joined(separator: " + "), position == 0 ? "at the calibrated settings" : "grid", result.settings.actionFloor, result.settings.unrelatedVerbPenalty, result.settings.swapVouch,
                               result.settings.swapScale, result.settings.verbBonus, result.settings.threshold, result.settings.margin, result.settings.verbPenalty, result.precision, result.recall, result.rows, result.positives, result.matched,
                               result.correct, result.correctValues, result.asked))
                    if misses, position == 0 { say(result.confusions.map { "  - \($0)" }.joined(separator: "\n")) }
                }
                if spoken {
                    // One voice; Piper stands for people, so it is heard as a microphone is (the person model).
                    let voice = self.voice.first ?? "en-us"
                    let source = speaker ?? (Piper.isVoice(voice) ? .person : .synthetic)
                    let heard = try await FlexibleMatchingAccuracy.spoken(files: part, voice: voice, loop: try SpeechLoop(source: source))
                    say("\n### \(part.joined(separator: " + ")) spoken (\(voice), \(source) model, through the speech loop)\n\n" + heard.markdown + "\n")
                    if misses { say(heard.misses.map { "- \($0)" }.joined(separator: "\n") + "\n") }
                }
                return
            }
            say("## Flexible matching over flexible-dev/\(development.joined(separator: " + ")) (HomePod)\n")
            for result in try FlexibleMatchingAccuracy.measure(files: development, encoder: encoder, settings: [.calibrated] + grid) {
                say(String(format: "verbs %.2f unrelated %.2f verb vouch %.2f action vouch %.2f swap vouch %.2f swap scale %.2f threshold %.2f margin %.2f: precision %.3f recall %.3f (matched %d, correct %d, values right %d, asked %d)",
                           result.settings.verbPenalty, result.settings.unrelatedVerbPenalty, result.settings.verbVouch, result.settings.actionVouch, result.settings.swapVouch, result.settings.swapScale,
                           result.settings.threshold, result.settings.margin,
                           result.precision, result.recall, result.matched, result.correct, result.correctValues, result.asked))
                if misses, result.settings == .calibrated { say(result.confusions.map { "  - \($0)" }.joined(separator: "\n")) }
            }
            say("\n### Each set at the calibrated settings\n")
            say("| set | part | rows | to match | matched | correct | values right | asked | precision | recall |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
            var confusions: [String] = []
            // A held-out file that is not there (set aside while tuning) is left out.
            let folder = FlexibleMatchingAccuracy.defaultFolder()
            let heldOut = FlexibleMatchingAccuracy.heldOutFiles.filter { FileManager.default.fileExists(atPath: folder + "/" + $0) }
            for file in development + heldOut {
                for result in try FlexibleMatchingAccuracy.measure(files: [file], encoder: encoder, settings: [.calibrated]) {
                    let part = development.contains(file) ? "development" : "held-out"
                    say(String(format: "| %@ | %@ | %d | %d | %d | %d | %d | %d | %.3f | %.3f |", file, part, result.rows, result.positives,
                               result.matched, result.correct, result.correctValues, result.asked, result.precision, result.recall))
                    confusions += ["\(file):"] + result.confusions.map { "  - \($0)" }
                }
            }
            if misses { say("\n" + confusions.joined(separator: "\n")) }
            guard !typed else { return }
            say("\n### Speed\n\n" + (try FlexibleMatchingSpeed.measure(encoder: try SentenceEncoder())).markdown + "\n")
            let spoken = try await FlexibleMatchingAccuracy.spoken(loop: try SpeechLoop(source: speaker ?? .synthetic))
            say("### Spoken (en-us, through the speech loop)\n\n" + spoken.markdown + "\n")
            if misses { say(spoken.misses.map { "- \($0)" }.joined(separator: "\n") + "\n") }
        }
        if only == .answers || only == .all {
            let root = ((self.fixtures ?? AudioFixtures.defaultFolder()) as NSString).deletingLastPathComponent
            let folder = root + "/answers-dev"
            for (name, file) in [("development set", "devset.tsv"), ("held-out set", "heldout.tsv")] {
                let result = try await TypedAnswerAccuracy.measure(rows: try TypedAnswerAccuracy.rows(folder + "/" + file),
                                                                   examples: root + "/examples")
                say("## Answers typed as people say them: \(name) (answers-dev/\(file))\n\n" + result.markdown + "\n")
                if misses { say(result.misses.map { "- \($0)" }.joined(separator: "\n") + "\n") }
            }
        }
        if only == .test || only == .all {
            let examples = ((self.fixtures ?? AudioFixtures.defaultFolder()) as NSString).deletingLastPathComponent + "/examples"
            say("## Conversation tests (`earshot test`) over \(examples)\n\n" + (try await SuiteBenchmark.measure(folder: examples)).markdown + "\n")
        }
        if only == .check || only == .all {
            let examples = ((self.fixtures ?? AudioFixtures.defaultFolder()) as NSString).deletingLastPathComponent + "/examples"
            say("## Guideline review (`earshot check`)\n\n" + (try await CheckBenchmark.measure(examples: examples)).markdown + "\n")
        }
        if only == .serve || only == .all {
            let examples = ((self.fixtures ?? AudioFixtures.defaultFolder()) as NSString).deletingLastPathComponent + "/examples"
            say("## Household server (`earshot serve`) under load\n\n" + (try await ServeBenchmark.measure(examples: examples)).markdown + "\n")
        }
        if only == .people {  // not part of `all`: it synthesises with Piper and plays hundreds of rows in several noises
            // People's speech: heard with the person model unless --speaker says otherwise. Its start-up (both
            // decoders: the acoustic model and dictionary loaded twice) is once per process, not per turn.
            let startup = PeopleBenchmark.cpuSeconds()
            let loop = try SpeechLoop(recognizer: try Recognizer(model: try .for(speaker ?? .person),
                                                                 frontEndOptions: (frontEnd ?? "").split(separator: " ").map(String.init),
                                                                 phoneLoopOptions: phoneLoop.map { $0.split(separator: " ").map(String.init) }
                                                                    ?? Recognizer.phoneLoopOptions))
            let startupSeconds = PeopleBenchmark.cpuSeconds() - startup
            if let noiseFloor { loop.recognizer.noiseFloor = noiseFloor }
            if let inputLevel { loop.recognizer.inputLevel = inputLevel == 0 ? nil : inputLevel }
            loop.recognizer.padsWithOwnNoise = ownNoisePad
            loop.recognizer.suppressesQuietClips = suppressQuietClips
            if sequentialPasses { loop.recognizer.parallelPasses = false }
            if let passDecoder { loop.recognizer.languageModelPassOptions = passDecoder.split(separator: " ").map(String.init) }
            if let noiseAllowance { loop.recognizer.noiseAllowance = noiseAllowance }
            if dropFramedValue { loop.recognizer.keepsFramedValueInNoise = false }
            if let noiseSuppression { loop.recognizer.noiseSuppression = noiseSuppression == 0 ? nil : noiseSuppression }
            if let competitorMargin { loop.recognizer.competitorMargin = competitorMargin }
            if let competitorConfidence { loop.recognizer.competitorConfidence = competitorConfidence }
            loop.recognizer.recordsCompetitor = diagnostics != nil
            let peopleDiagnostics: FileHandle? = try diagnostics.map { path in
                guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
                    throw ValidationError("cannot write \(path): check the folder exists and is writable.")
                }
                return handle
            }
            let result = try await PeopleBenchmark.measure(
                parts: part.isEmpty ? ["devset.tsv", "heldout.tsv"] : part,
                voices: typed ? [] : voice.isEmpty ? [Piper.voiceName, "espeak"] : voice,
                noises: noise.isEmpty ? [.clean, .pink(20), .pink(10), .pink(5), .babble(10)] : noise.compactMap(PeopleBenchmark.Noise.init(argument:)),
                kinds: rows.isEmpty ? Set(PeopleSet.Kind.allCases) : Set(rows.compactMap(PeopleSet.Kind.init(rawValue:))),
                loop: loop, progress: { FileHandle.standardError.write(Data("people: \($0)\n".utf8)) },
                diagnostics: peopleDiagnostics.map { handle in { handle.write(Data(($0 + "\n").utf8)) } })
            say("## People: answers and requests as people say them (people-dev/, \(loop.recognizer.model.acousticModel.hasSuffix("en-us") ? "person" : "synthetic") model)\n\n" + result.markdown + "\n")
            say(String(format: "The recognizer's start-up (once per process, before the first turn; not in the RTF columns): %.2f s of processor time.\n", startupSeconds))
            say("Where the processor time goes (seconds per second of audio, by stage of recognition):\n\n" + result.stagesMarkdown + "\n")
            if !result.unusable.isEmpty { say("Rows not counted (their expected answer, typed, takes nothing):\n" + result.unusable.map { "- \($0)" }.joined(separator: "\n") + "\n") }
            if misses {
                for tally in result.tallies where !tally.misses.isEmpty {
                    say("Missed, \(tally.part) \(tally.voice) \(tally.noise):\n" + tally.misses.map { "- \($0)" }.joined(separator: "\n") + "\n")
                }
            }
        }
        if only == .import || only == .all {
            say("## Reading an app's sources (`earshot import`)\n\n" + (try ImportBenchmark.measure()).markdown + "\n")
        }
        guard only != .exact, only != .embedding, only != .people, only != .flexible, only != .answers, only != .test, only != .check, only != .serve, only != .import else { return }
        let fixtures = try AudioFixtures(folder: self.fixtures ?? AudioFixtures.defaultFolder())
        let workspace = Workspace(apps: try fixtures.exampleApps(), profiles: try Bundled.profiles())
        if only == .peers {  // not part of `all`: hassil runs from the venv `make setup` installs
            say("## Peers: the same work in the same run\n\n" + (try await PeersBenchmark.measure(fixtures, workspace: workspace, iterations: iterations,
                                                                                                   model: try .for(speaker ?? .synthetic))).markdown + "\n")
        }
        if only == .speech || only == .all {
            let loop = try SpeechLoop(source: speaker ?? .synthetic)
            loop.recognizer.rejects = !noRejection
            if let noiseFloor { loop.recognizer.noiseFloor = noiseFloor }
            let accuracy = try await SpeechAccuracy.measure(fixtures, workspace: workspace,
                                                              kinds: kind.isEmpty ? SpeechAccuracy.Measure.allCases : kind.compactMap(SpeechAccuracy.Measure.init),
                                                              loop: loop)
            if let diagnostics {
                try accuracy.diagnosticsTSV.write(toFile: diagnostics, atomically: true, encoding: .utf8)
            }
            say("## Speech recognition over the fixtures (voices: \(fixtures.voices.joined(separator: ", ")))\n\n" + accuracy.markdown + "\n")
            if misses {
                for tally in accuracy.tallies {
                    let gaps = tally.diagnostics.map(\.gap).sorted()
                    let q = { (p: Double) in gaps.isEmpty ? 0 : gaps[min(gaps.count - 1, Int(Double(gaps.count) * p))] }
                    say("\(tally.kind.rawValue) on \(tally.profile): gap quantiles 5/50/95/max \(q(0.05)) \(q(0.5)) \(q(0.95)) \(gaps.last ?? 0); coverage min \(tally.diagnostics.map(\.coverage).min() ?? 0)")
                    guard !tally.misses.isEmpty else { continue }
                    say("Missed, \(tally.kind.rawValue) on \(tally.profile):\n" + tally.misses.map { "- \($0)" }.joined(separator: "\n") + "\n")
                }
            }
        }
        if only == .speed || only == .all {
            say("## Speech speed\n\n" + (try await SpeechSpeed.measure(fixtures, workspace: workspace, model: try .for(speaker ?? .synthetic))).markdown)
        }
        if only == .live || only == .all {
            say("\n" + (try await LiveBenchmark.measure(fixtures, workspace: workspace, threshold: wakeThreshold)).report(misses: misses) + "\n")
        }
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
    }

    /// Writes a hidden option's report (`what`) to `path`, or one line naming the file and the fix.
    static func write(_ text: String, to path: String, what: String) throws {
        do {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw ValidationError("cannot write \(what) to \(path) (\(error.localizedDescription)). Fix: name a file in a folder you can write to.")
        }
    }
}
