import EarshotTesting
import Foundation
import Testing

/// `earshot bench --only fuzz`: a run over its bound fails the command, as a crash or an error that is
/// not one line does, and leaves its input where `--replay` reads it again.
@Suite("fuzz: runs over their bound fail the command")
struct FuzzCommandTests {
    let fixtures = repoPath("audio-fixtures")

    @Test("every run over a bound of 1 µs of processor time: exit 1, each run named with its input kept and a command that reads it again")
    func overBoundFails() async throws {
        let keep = try temporaryFolder("earshot-fuzz-keep")
        defer { try? FileManager.default.removeItem(at: keep) }
        let run = try await CLIExitTests.run(["bench", "--only", "fuzz", "--target", "manifest", "--runs", "3", "--seed", "7", "--bound", "0.000001",
                                              "--keep", keep.path, "--fixtures", fixtures], in: keep)
        #expect(run.status == 1 && !run.signaled, "status \(run.status); stdout: \(run.stdout) stderr: \(run.stderr)")
        #expect(run.stdout.contains("| manifest | 3 |"), "stdout: \(run.stdout)")
        #expect(run.stdout.contains("Over the bound (processor time, on the run and on its re-run):"), "stdout: \(run.stdout)")
        for index in 0..<3 {
            let file = keep.appendingPathComponent("earshot-fuzz-manifest-seed7-run\(index).yaml").path
            #expect(FileManager.default.fileExists(atPath: file), "no \(file); stdout: \(run.stdout)")
            #expect(run.stdout.contains("manifest run \(index) (seed 7):") && run.stdout.contains("earshot bench --only fuzz --target manifest --replay \(file)"),
                    "stdout: \(run.stdout)")
        }

        // The kept input, read again: over the same bound it fails; within the real bound it passes.
        let kept = keep.appendingPathComponent("earshot-fuzz-manifest-seed7-run0.yaml").path
        let again = try await CLIExitTests.run(["bench", "--only", "fuzz", "--target", "manifest", "--replay", kept, "--bound", "0.000001",
                                                "--fixtures", fixtures], in: keep)
        #expect(again.status == 1 && again.stdout.contains("bound 0 ms: over"), "status \(again.status); stdout: \(again.stdout) stderr: \(again.stderr)")
        let within = try await CLIExitTests.run(["bench", "--only", "fuzz", "--target", "manifest", "--replay", kept, "--fixtures", fixtures], in: keep)
        #expect(within.status == 0 && within.stdout.contains("bound 1000 ms: within"), "status \(within.status); stdout: \(within.stdout) stderr: \(within.stderr)")
    }

    @Test("the same runs within the target's own bound: exit 0, nothing kept")
    func withinBoundPasses() async throws {
        let keep = try temporaryFolder("earshot-fuzz-keep")
        defer { try? FileManager.default.removeItem(at: keep) }
        let run = try await CLIExitTests.run(["bench", "--only", "fuzz", "--target", "manifest", "--runs", "3", "--seed", "7",
                                              "--keep", keep.path, "--fixtures", fixtures], in: keep)
        #expect(run.status == 0, "status \(run.status); stdout: \(run.stdout) stderr: \(run.stderr)")
        #expect(run.stdout.contains("| manifest | 3 |") && !run.stdout.contains("Over the bound"), "stdout: \(run.stdout)")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: keep.path)) ?? []).isEmpty)
    }
}
