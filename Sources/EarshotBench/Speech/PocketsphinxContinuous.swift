import EarshotAudio
import EarshotSpeech
import Foundation

/// Runs Debian's `pocketsphinx_continuous` on files with the grammar and acoustic model Earshot uses, for comparison.
enum PocketsphinxContinuous {
    static let executable = "/usr/bin/pocketsphinx_continuous"

    /// Total decode seconds (from each run's log: "TOTAL fsg … wall") and total process wall seconds.
    static func decode(files: [String], context: RecognitionContext, recognizer: Recognizer) throws(SpeechBenchError) -> (decode: Double, wall: Double) {
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw SpeechBenchError("\(executable) is missing (Debian package pocketsphinx; `make setup`)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let grammar = folder.appendingPathComponent("earshot.gram").path
            try Recognizer.jsgf(context).write(toFile: grammar, atomically: true, encoding: .utf8)
            // The same acoustic model and dictionary: the model's, and the pronunciations Earshot guessed.
            let model = recognizer.model
            var dictionary = try String(contentsOfFile: model.dictionary, encoding: .utf8)
            for (word, phones) in recognizer.guessedWords.sorted(by: { $0.key < $1.key }) { dictionary += "\(word) \(phones)\n" }
            let dict = folder.appendingPathComponent("earshot.dict").path
            try dictionary.write(toFile: dict, atomically: true, encoding: .utf8)
            var decode = 0.0, wall = 0.0
            for (index, file) in files.enumerated() {
                let wav = folder.appendingPathComponent("\(index).wav").path
                try AudioFile.write(try AudioFile.read(file), to: wav)
                let log = folder.appendingPathComponent("\(index).log").path
                let process = Process()
                process.executableURL = URL(fileURLWithPath: executable)
                process.arguments = ["-hmm", model.acousticModel, "-dict", dict, "-jsgf", grammar, "-infile", wav, "-logfn", log]
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                let start = ContinuousClock.now
                try process.run()
                process.waitUntilExit()
                let elapsed = ContinuousClock.now - start
                wall += elapsed.seconds
                guard process.terminationStatus == 0 else { throw SpeechBenchError("pocketsphinx_continuous exited with \(process.terminationStatus) on \(file)") }
                // "INFO: fsg_search.c(266): TOTAL fsg 0.03 wall 0.020 xRT"
                let text = try String(contentsOfFile: log, encoding: .utf8)
                guard let line = text.split(separator: "\n").last(where: { $0.contains("TOTAL fsg") && $0.contains("wall") }),
                      let seconds = line.split(separator: " ").drop(while: { $0 != "fsg" }).dropFirst().first.flatMap({ Double($0) }) else {
                    throw SpeechBenchError("pocketsphinx_continuous did not log its decode time for \(file)")
                }
                decode += seconds
            }
            return (decode, wall)
        } catch let error as SpeechBenchError {
            throw error
        } catch {
            throw SpeechBenchError("\(error)")
        }
    }
}
