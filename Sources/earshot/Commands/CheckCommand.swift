import ArgumentParser
import Earshot
import EarshotModel
import Foundation

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validates manifests (every rule the loader enforces) and lists the words the recognizer would have to guess.")

    @Argument(help: "Manifests, or folders holding app.yaml.")
    var apps: [String] = []

    @Flag(help: "JSON: one object per manifest, one per line.")
    var json = false

    func run() throws {
        let paths = apps.isEmpty ? ["."] : apps
        var failed = false
        let pronunciations = PronunciationCheck()
        for path in paths {
            let report = ManifestCheck.run(path, pronunciations: pronunciations)
            if json || report.ok {
                say(json ? report.json : report.text)
            } else {
                FileHandle.standardError.write(Data("earshot: \(report.text)\n".utf8))
            }
            failed = failed || !report.ok
        }
        if failed { throw ExitCode(2) }
    }
}
