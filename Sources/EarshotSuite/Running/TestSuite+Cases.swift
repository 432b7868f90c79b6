import EarshotModel
import Foundation

/// The K-th of N slices of a suite's cases (`--shard K/N`), so a CI matrix can spread a large suite.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// 1-based.
    public var index: Int
    public var count: Int

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Reads "K/N" with 1 ≤ K ≤ N; `nil` for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else {
            return nil
        }
        self.init(index: index, count: count)
    }

    public var description: String { "\(index)/\(count)" }
}

extension TestSuite {
    /// Every conversation on each of its devices, in file order, then conversation order, then the
    /// order the profiles are named; narrowed by `filter`, `tags` and `shard`.
    ///
    /// - Parameters:
    ///   - filter: a regular expression (case ignored) a conversation's name must contain a match of.
    ///   - tags: when not empty, only conversations with at least one of these tags.
    ///   - shard: every N-th case from the K-th on, counted over the cases left by the filter and tags,
    ///     so the slices together hold every case once and are about equal in size.
    /// - Throws: ``LoadError`` for a filter that is not a regular expression.
    public func cases(filter: String? = nil, tags: [String] = [], shard: Shard? = nil) throws(LoadError) -> [TestCase] {
        var expression: NSRegularExpression?
        if let filter {
            do {
                expression = try NSRegularExpression(pattern: filter, options: [.caseInsensitive])
            } catch {
                throw LoadError(SourceLocation(file: "--filter \(filter)"), "not a regular expression.",
                                fix: "Give part of a conversation's name, or a valid regular expression.")
            }
        }
        var out: [TestCase] = []
        for (fileIndex, file) in files.enumerated() {
            for conversation in file.test.conversations {
                if let expression {
                    let name = conversation.name
                    if expression.firstMatch(in: name, range: NSRange(name.startIndex..., in: name)) == nil { continue }
                }
                if !tags.isEmpty, !conversation.tags.contains(where: tags.contains) { continue }
                for profile in conversation.profiles ?? file.test.profiles {
                    out.append(TestCase(fileIndex: fileIndex, file: file.test.path, conversation: conversation, profile: profile.value))
                }
            }
        }
        guard let shard else { return out }
        return Self.slice(out, shard)
    }

    /// Every N-th of `cases` from the K-th on.
    public static func slice(_ cases: [TestCase], _ shard: Shard) -> [TestCase] {
        cases.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element)
    }
}
