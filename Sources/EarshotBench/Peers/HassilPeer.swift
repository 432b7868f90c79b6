import EarshotModel
import Foundation

/// hassil (Home Assistant's sentence matcher, from PyPI in its own venv) driven by a small Python script:
/// it loads intents and slot lists, then times `hassil.recognize` per utterance inside Python (start-up,
/// parsing and compiling excluded).
enum HassilPeer {
    /// The venv `make setup` installs hassil in (`scripts/setup.sh`).
    static var python: String {
        (EarshotCache.folder("peers-venv", override: "EARSHOT_PEERS_VENV") as NSString).appendingPathComponent("bin/python")
    }

    /// What hassil did: microseconds per utterance (mean over `rounds` passes) and utterances it matched to
    /// the expected intent.
    struct Result: Sendable {
        var microseconds: Double
        var matched: Int
        var utterances: Int
    }

    static let script = """
    import json, sys, time
    from hassil import Intents, recognize
    spec = json.load(open(sys.argv[1]))
    intents = Intents.from_dict(spec["intents"])
    utterances = spec["utterances"]
    expected = spec["expected"]
    matched = sum(1 for text, name in zip(utterances, expected)
                  if (r := recognize(text, intents)) is not None and r.intent.name == name)
    rounds = spec["rounds"]
    start = time.perf_counter()
    for _ in range(rounds):
        for text in utterances:
            recognize(text, intents)
    elapsed = time.perf_counter() - start
    print(json.dumps({"microseconds": elapsed * 1e6 / (rounds * len(utterances)), "matched": matched}))
    """

    /// Matches `utterances` against `intents` (hassil's intents dictionary: language, intents, lists).
    static func run(intents: [String: Any], utterances: [String], expected: [String], rounds: Int) throws(SpeechBenchError) -> Result {
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw SpeechBenchError("\(python) is missing (hassil's venv; run `make setup`)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-peers-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let scriptPath = folder.appendingPathComponent("match.py").path
            try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
            // JSON is YAML: the intents file hassil would read, with the utterances alongside.
            let specPath = folder.appendingPathComponent("intents.json").path
            let spec: [String: Any] = ["intents": intents, "utterances": utterances, "expected": expected, "rounds": rounds]
            try JSONSerialization.data(withJSONObject: spec).write(to: URL(fileURLWithPath: specPath))
            let process = Process()
            process.executableURL = URL(fileURLWithPath: python)
            process.arguments = [scriptPath, specPath]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0,
                  let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let microseconds = object["microseconds"] as? Double, let matched = object["matched"] as? Int else {
                throw SpeechBenchError("hassil's script failed (exit \(process.terminationStatus))")
            }
            return Result(microseconds: microseconds, matched: matched, utterances: utterances.count)
        } catch let error as SpeechBenchError {
            throw error
        } catch {
            throw SpeechBenchError("\(error)")
        }
    }
}
