import EarshotMatching
import Foundation

/// What a text expectation (`reply`, `heard`, `snippet`) accepts, written the way the test-file spec says:
/// plain text is equal after normalisation, `*` and `?` are a glob, `/…/` is a regular expression.
///
/// - Plain text: equal to the actual text after ``Normalizer/normalize(_:)`` of both (case, punctuation and
///   spacing do not count; "ten" and "10" are the same).
/// - A glob (text holding `*` or `?`): `*` is any run of characters, `?` any one character, matched
///   against the whole actual text with case and runs of spaces ignored, or against the normalised text
///   with its literal parts normalised (so punctuation does not count there either). Because `?` is also
///   a question mark, such text is first tried as plain text: `Do you want a bowl?` holds for "Do you want
///   a bowl?".
/// - `/…/`: a regular expression (ICU syntax) found anywhere in the actual text as it is; anchor it
///   with `^` and `$` for the whole text. `/…/i` ignores case.
public struct TextPattern: Sendable, CustomStringConvertible {
    /// How the pattern is read.
    public enum Kind: String, Sendable { case text, glob, regex }

    /// The pattern as the test file wrote it.
    public let source: String
    public let kind: Kind
    /// The source normalised, as plain text is compared (once, not per turn checked).
    private let normalizedSource: String
    private let compiled: CompiledRegex?
    /// A glob over normalised text: its literal parts normalised as plain text is.
    private let normalizedGlob: CompiledRegex?

    /// Reads `source`; a `/…/` that is not a valid regular expression throws with the reason.
    public init(_ source: String) throws(PatternError) {
        self.source = source
        normalizedSource = Normalizer.normalize(source)
        if source.count >= 2, source.hasPrefix("/"), let close = source.lastIndex(of: "/"), close != source.startIndex {
            let body = String(source[source.index(after: source.startIndex)..<close])
            let flags = source[source.index(after: close)...]
            guard flags.allSatisfy({ $0 == "i" }) else {
                throw PatternError(message: "'\(flags)' after the closing '/' of a regular expression; only 'i' (ignore case) is allowed")
            }
            if let nested = Self.nestedQuantifier(in: body) {
                throw PatternError(message: "the regular expression repeats a group that repeats ('\(nested)'), which can take minutes on one reply; write it without the outer repetition")
            }
            do {
                compiled = CompiledRegex(try NSRegularExpression(pattern: body, options: flags.isEmpty ? [] : [.caseInsensitive]))
            } catch {
                throw PatternError(message: "'\(body)' is not a valid regular expression")
            }
            normalizedGlob = nil
            kind = .regex
        } else if source.contains("*") || source.contains("?") {
            var pattern = "^"
            for ch in Self.collapsingSpaces(source) {
                switch ch {
                case "*": pattern += ".*"
                case "?": pattern += "."
                default: pattern += NSRegularExpression.escapedPattern(for: String(ch))
                }
            }
            // The glob's text was escaped above, so it always compiles.
            compiled = (try? NSRegularExpression(pattern: pattern + "$", options: [.caseInsensitive, .dotMatchesLineSeparators]))
                .map(CompiledRegex.init)
            normalizedGlob = (try? NSRegularExpression(pattern: Self.normalizedGlob(source), options: [.dotMatchesLineSeparators]))
                .map(CompiledRegex.init)
            kind = .glob
        } else {
            compiled = nil
            normalizedGlob = nil
            kind = .text
        }
    }

    /// Whether `text` is what the pattern accepts.
    public func matches(_ text: String) -> Bool {
        switch kind {
        case .text:
            return Normalizer.normalize(text) == normalizedSource
        case .glob:
            let normalized = Normalizer.normalize(text)
            if normalized == normalizedSource { return true }
            if compiled?.matches(Self.collapsingSpaces(text), whole: true) == true { return true }
            return normalizedGlob?.matches(normalized, whole: true) ?? false
        case .regex:
            return compiled?.matches(text, whole: false) ?? false
        }
    }

    public var description: String { source }

    /// The first group of `pattern` that holds an unbounded repetition (`*`, `+`, `{n,}`) and is itself
    /// repeated (`(a+)*`, `(?:.*)+`, `(x*){2,}`): such nesting makes the regular expression engine
    /// backtrack exponentially on a text that almost matches. Nil when there is none.
    static func nestedQuantifier(in pattern: String) -> String? {
        let chars = Array(pattern)
        // Per open group: where it starts, and whether it holds an unbounded repetition.
        var groups: [(start: Int, repeats: Bool)] = []
        var index = 0
        /// Whether a repetition starts at `at`, and whether it is unbounded; the index after it.
        func quantifier(at: Int) -> (repeating: Bool, unbounded: Bool, end: Int)? {
            guard at < chars.count else { return nil }
            switch chars[at] {
            case "*", "+": return (true, true, at + 1)
            case "?": return (false, false, at + 1)
            case "{":
                guard let close = chars[at...].firstIndex(of: "}") else { return nil }
                let inside = String(chars[(at + 1)..<close])
                let parts = inside.split(separator: ",", omittingEmptySubsequences: false)
                guard (1...2).contains(parts.count), parts.allSatisfy({ $0.allSatisfy(\.isNumber) }), !parts[0].isEmpty else { return nil }
                let unbounded = parts.count == 2 && parts[1].isEmpty
                let most = parts.count == 2 ? Int(parts[1]) ?? Int.max : Int(parts[0]) ?? 0
                return (most > 1 || unbounded, unbounded, close + 1)
            default: return nil
            }
        }
        while index < chars.count {
            let ch = chars[index]
            switch ch {
            case "\\":
                index += 2
                if let q = quantifier(at: index), q.unbounded, !groups.isEmpty { groups[groups.count - 1].repeats = true }
                continue
            case "[":
                // A character class: skip to its closing bracket (a ']' first in it is literal).
                var end = index + 1
                if end < chars.count, chars[end] == "^" { end += 1 }
                if end < chars.count, chars[end] == "]" { end += 1 }
                while end < chars.count, chars[end] != "]" { end += chars[end] == "\\" ? 2 : 1 }
                index = end + 1
                if let q = quantifier(at: index), q.unbounded, !groups.isEmpty { groups[groups.count - 1].repeats = true }
                continue
            case "(":
                groups.append((index, false))
                index += 1
                if index < chars.count, chars[index] == "?" { index += 1 }
                continue
            case ")":
                guard let group = groups.popLast() else { index += 1; continue }
                index += 1
                if let q = quantifier(at: index) {
                    if q.repeating, group.repeats {
                        return String(chars[group.start..<min(q.end, chars.count)])
                    }
                    if q.unbounded, !groups.isEmpty { groups[groups.count - 1].repeats = true }
                }
                if group.repeats, !groups.isEmpty { groups[groups.count - 1].repeats = true }
                continue
            default:
                index += 1
                if let q = quantifier(at: index), q.unbounded, !groups.isEmpty { groups[groups.count - 1].repeats = true }
            }
        }
        return nil
    }

    /// The regular expression of a glob over normalised text: each literal part normalised, a space kept
    /// where the part began or ended at a word boundary next to a wildcard.
    static func normalizedGlob(_ glob: String) -> String {
        var pattern = "^"
        var literal = ""
        var afterWildcard = false
        func flush(beforeWildcard: Bool) {
            defer { literal = "" }
            let normalized = Normalizer.normalize(literal)
            guard !normalized.isEmpty else {
                // Only spaces or punctuation between wildcards (or at an end): a word boundary at most.
                if !literal.isEmpty, afterWildcard, beforeWildcard { pattern += "(?: |)" }
                return
            }
            let startsAtBoundary = literal.first.map { !$0.isLetter && !$0.isNumber } ?? false
            let endsAtBoundary = literal.last.map { !$0.isLetter && !$0.isNumber } ?? false
            if afterWildcard, startsAtBoundary { pattern += " " }
            pattern += NSRegularExpression.escapedPattern(for: normalized)
            if beforeWildcard, endsAtBoundary { pattern += " " }
        }
        for ch in glob {
            switch ch {
            case "*", "?":
                flush(beforeWildcard: true)
                pattern += ch == "*" ? ".*" : "."
                afterWildcard = true
            default:
                literal.append(ch)
            }
        }
        flush(beforeWildcard: false)
        return pattern + "$"
    }

    /// `text` with runs of white space as one space, trimmed, and typographic quotes as plain ones.
    static func collapsingSpaces(_ text: String) -> String {
        var out = ""
        var space = false
        for ch in text {
            if ch.isWhitespace {
                space = !out.isEmpty
                continue
            }
            if space { out.append(" "); space = false }
            switch ch {
            case "\u{2018}", "\u{2019}": out.append("'")
            case "\u{201C}", "\u{201D}": out.append("\"")
            default: out.append(ch)
            }
        }
        return out
    }
}

/// Why a text pattern cannot be used.
public struct PatternError: Error, Sendable {
    public var message: String
}

/// A compiled expression, shared read-only between the workers of a run (matching does not mutate it).
private final class CompiledRegex: @unchecked Sendable {
    let regex: NSRegularExpression
    init(_ regex: NSRegularExpression) { self.regex = regex }

    func matches(_ text: String, whole: Bool) -> Bool {
        let range = NSRange(text.startIndex..., in: text)
        guard let match = regex.firstMatch(in: text, range: range) else { return false }
        return !whole || match.range == range
    }
}
