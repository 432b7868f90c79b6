/// Text with `{name}` placeholders: a trigger phrase or a dialogue line.
///
/// The Swift forms `\(.applicationName)` and `\(\.$param)` are accepted and rewritten to `{name}`.
public struct Template: Sendable, Hashable, CustomStringConvertible {
    /// A literal run of text or a placeholder.
    public enum Piece: Sendable, Hashable {
        case text(String)
        case placeholder(String)
    }

    /// The text in `{name}` form.
    public let text: String
    public let pieces: [Piece]

    /// The placeholder that stands for the app's name.
    public static let applicationName = "applicationName"

    public init(_ source: String) {
        let canonical = Self.rewritingSwiftInterpolations(source)
        var pieces: [Piece] = []
        var literal = ""
        var index = canonical.startIndex
        while index < canonical.endIndex {
            let ch = canonical[index]
            if ch == "{", let close = canonical[index...].firstIndex(of: "}") {
                let name = String(canonical[canonical.index(after: index)..<close]).trimmingWhitespace()
                if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) {
                    if !literal.isEmpty { pieces.append(.text(literal)); literal = "" }
                    pieces.append(.placeholder(name))
                    index = canonical.index(after: close)
                    continue
                }
            }
            literal.append(ch)
            index = canonical.index(after: index)
        }
        if !literal.isEmpty { pieces.append(.text(literal)) }
        self.pieces = pieces
        self.text = canonical
    }

    /// The placeholder names, in order.
    public var placeholders: [String] {
        pieces.compactMap { if case .placeholder(let name) = $0 { name } else { nil } }
    }

    /// Fills every placeholder; names `fill` doesn't know are left as written.
    public func render(_ fill: (String) -> String?) -> String {
        var out = ""
        for piece in pieces {
            switch piece {
            case .text(let text): out += text
            case .placeholder(let name): out += fill(name) ?? "{\(name)}"
            }
        }
        return out
    }

    public var description: String { text }

    /// `\(.applicationName)` → `{applicationName}`, `\(\.$soup)` → `{soup}`.
    static func rewritingSwiftInterpolations(_ source: String) -> String {
        guard source.contains("\\(") else { return source }
        var out = ""
        var rest = Substring(source)
        while let start = rest.range(of: "\\(") {
            out += rest[..<start.lowerBound]
            let after = rest[start.upperBound...]
            guard let close = after.firstIndex(of: ")") else {
                out += rest[start.lowerBound...]
                rest = ""
                break
            }
            var inner = after[..<close].trimmingWhitespace()
            for prefix in ["\\.$", "\\.", ".$", "."] where inner.hasPrefix(prefix) {
                inner.removeFirst(prefix.count)
                break
            }
            out += "{\(inner)}"
            rest = after[after.index(after: close)...]
        }
        out += rest
        return out
    }
}

extension StringProtocol {
    func trimmingWhitespace() -> String {
        var slice = Substring(self)
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return String(slice)
    }
}
