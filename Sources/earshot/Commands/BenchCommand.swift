import ArgumentParser
import EarshotBench

struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measures exact-match resolution at 10, 1,000 and 100,000 expansions.")

    @Option(help: "Utterances resolved per measurement.")
    var iterations = 200_000

    func run() async throws {
        say(ExactMatchBenchmark.run(iterations: iterations).markdown)
    }
}
