import EarshotImport
import EarshotModel
import EarshotTesting
import Foundation
import Testing

/// Swift files that would hold swift-syntax's parser for seconds are refused before it starts, with
/// one line naming the file, line and column and the limit (`SwiftSourceLimits`, docs/limits.md).
@Suite("import: Swift files over the importer's limits are refused before parsing")
struct SwiftSourceLimitsTests {
    /// Imports `text` as one file of an app beside a readable intent and enum; returns the error.
    func refusal(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> LoadError {
        let folder = try SourceFolder(["Intents.swift": tideIntents, "Level.swift": tideEnum, "Broken.swift": text])
        do {
            let result = try folder.imported()
            Issue.record("imported with \(result.diagnostics.count) diagnostics instead of refusing", sourceLocation: sourceLocation)
            throw CancellationError()
        } catch let error as LoadError {
            let line = error.description
            #expect(!line.contains("\n") && line.count <= 500, "not one short line: \(line)", sourceLocation: sourceLocation)
            #expect(error.location.file == folder.file("Broken.swift"), "\(line)", sourceLocation: sourceLocation)
            return error
        }
    }

    /// The input the fuzz target found (one import took 1.9 s, and a longer one 9 s of processor time in a
    /// debug build): a garbled attribute, then a type position with `(` opened over and over and
    /// never closed. The parser's recovery looked ahead from every open bracket to the end of the file.
    @Test("brackets never closed (the slow fuzz input's class): refused at the first one, naming line and column")
    func unclosed() throws {
        let text = "import SwiftUI\n\n@ma i:" + String(repeating: "(", count: 18) + "J" + String(repeating: "(", count: 40) + "\nstruct App {}\n"
        let error = try refusal(text)
        #expect(error.location.line == 3 && error.location.column == 7, "\(error)")
        #expect(error.description.contains("this '(' is never closed (nor 57 more after it); Apple's build refuses the file."), "\(error)")
    }

    @Test("brackets more than 64 deep: refused at the 65th, with the limit")
    func tooDeep() throws {
        let text = "let value = " + String(repeating: "(", count: 70) + "1" + String(repeating: ")", count: 70) + "\n"
        let error = try refusal(text)
        #expect(error.location.line == 1 && error.location.column == 13 + 64, "\(error)")
        #expect(error.description.contains("brackets nest more than 64 levels deep here; the importer reads at most 64."), "\(error)")
    }

    /// Each level of nested `[` doubles the parser's time (18 levels took 5.5 s in a debug build).
    @Test("square brackets 7 deep (balanced, valid Swift): refused with the limit of 6")
    func squares() throws {
        let text = "struct Grid {\n    var cells: " + String(repeating: "[", count: 7) + "Int" + String(repeating: "]", count: 7) + " = []\n}\n"
        let error = try refusal(text)
        #expect(error.location.line == 2 && error.location.column == 22, "\(error)")
        #expect(error.description.contains("square brackets nest more than 6 levels deep here; the importer reads at most 6"), "\(error)")
    }

    @Test("a bracket closed by the wrong kind, and one that closes nothing: refused where they are")
    func mismatched() throws {
        let wrong = try refusal("func f() {\n    let a = [1, 2)\n}\n")
        #expect(wrong.location.line == 2 && wrong.location.column == 18, "\(wrong)")
        #expect(wrong.description.contains("this ')' closes the '[' of line 2, column 13"), "\(wrong)")
        let extra = try refusal("struct S {}\n}\n")
        #expect(extra.location.line == 2 && extra.location.column == 1 && extra.description.contains("this '}' closes no bracket"), "\(extra)")
    }

    @Test("a Swift file over 2 MiB: refused by its size, before it is read")
    func tooLarge() throws {
        let text = String(repeating: "// filler line of a generated file, long enough to add up quickly\n", count: (2 << 20) / 60)
        let error = try refusal(text)
        #expect(error.description.contains("the Swift file is \(text.utf8.count) bytes; the importer reads files of at most 2097152 bytes (2 MiB)."), "\(error)")
    }

    /// Brackets in strings, interpolations, comments and regular expressions are the lexer's, not
    /// counted as code; deep but balanced SwiftUI-like code and three levels of collection types pass.
    @Test("what real code holds passes: brackets in text and comments, deep view code, [[String: [Int]]]")
    func realCodePasses() throws {
        let text = #"""
        import SwiftUI
        // an unmatched ( in a comment, and [[[[[[[[ too
        /* nested /* ( */ [ */
        let smile = ":( and [[[[[[[[ in a string"
        let raw = #"a raw \( string ( with ["#
        let multi = """
            (((( \(smile.count + (1 * 2)) ]]]]
            """
        let pattern = #/[a-z(]+/#
        let table: [[String: [Int]]] = [["a": [1, 2]], ["b": [3]]]
        struct Deep: View {
            var body: some View {
                VStack { HStack { ForEach(0..<3) { index in Button(action: { print((index, [index])) }) { Text("\(index)") } } } }
            }
        }
        """#
        #expect(SwiftSourceLimits.problem(in: Array(text.utf8), path: "Deep.swift") == nil)
    }

    @Test("every Swift file of the examples passes the check")
    func examplesPass() throws {
        let examples = repoPath("examples")
        let files = (FileManager.default.subpaths(atPath: examples) ?? []).filter { $0.hasSuffix(".swift") }
        #expect(files.count >= 6)
        for file in files {
            let data = try #require(FileManager.default.contents(atPath: examples + "/" + file))
            let problem = SwiftSourceLimits.problem(in: [UInt8](data), path: file)
            #expect(problem == nil, "\(problem.map(\.description) ?? "")")
        }
    }
}
