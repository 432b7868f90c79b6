import EarshotModel
@_spi(Testing) import SwiftParser
@_spi(RawSyntax) import SwiftSyntax

/// What a Swift file may hold before the importer parses it, checked on its tokens (swift-syntax's own
/// lexer, one linear pass) so that a broken or hostile file is refused at once instead of holding the
/// parser for seconds.
///
/// swift-syntax's parser (603) takes time that grows with the product of the brackets left open and
/// the tokens after them when it recovers from brackets that are never closed (a 23 KB file of
/// unclosed `(` took 9 s in a debug build), and time that doubles with each level of nested `[`
/// (it looks ahead for an `InlineArray` type at every one: 18 levels took 5.5 s). A file Apple's build
/// takes has balanced brackets, and nests square brackets a few levels at most.
public enum SwiftSourceLimits {
    /// The largest Swift file read: 2 MiB (a real app's largest hand-written files are a few hundred KB).
    public static let fileBytes = 2 << 20
    /// Brackets (`(`, `[`, `{` of any kind) open at once.
    public static let nesting = 64
    /// Square brackets (array and dictionary types and literals) open at once.
    public static let squareNesting = 6

    /// The first thing in `bytes` (the file at `path`) over a limit, as the error the import stops with;
    /// nil when the file may be parsed.
    public static func problem(in bytes: [UInt8], path: String) -> LoadError? {
        if let tooLarge = sizeProblem(bytes.count, path: path) { return tooLarge }
        return bytes.withUnsafeBufferPointer { buffer -> LoadError? in
            var tracker = LookaheadTracker()
            return withUnsafeMutablePointer(to: &tracker) { tracker -> LoadError? in
                var open: [(kind: RawTokenKind, offset: Int)] = []
                var squares = 0
                var offset = 0
                let lines = LineStarts(buffer)
                func at(_ offset: Int) -> SourceLocation {
                    let (line, column) = lines.position(of: offset)
                    return SourceLocation(file: path, line: line, column: column)
                }
                for lexeme in Lexer.tokenize(buffer, lookaheadTracker: tracker, experimentalFeatures: []) {
                    let kind = lexeme.rawTokenKind
                    if kind == .endOfFile { break }
                    let start = offset + lexeme.leadingTriviaText.count
                    offset += lexeme.byteLength
                    switch kind {
                    case .leftParen, .leftSquare, .leftBrace:
                        open.append((kind, start))
                        if kind == .leftSquare { squares += 1 }
                        if open.count > nesting {
                            return LoadError(at(start), "brackets nest more than \(nesting) levels deep here; the importer reads at most \(nesting).",
                                             fix: "Move the inner part into a function or a variable of its own.")
                        }
                        if squares > squareNesting {
                            return LoadError(at(start), "square brackets nest more than \(squareNesting) levels deep here; the importer reads at most \(squareNesting) (Swift's parser takes exponential time on deeper ones).",
                                             fix: "Name an inner type with a typealias, or build the value in steps.")
                        }
                    case .rightParen, .rightSquare, .rightBrace:
                        let opener: RawTokenKind = kind == .rightParen ? .leftParen : kind == .rightSquare ? .leftSquare : .leftBrace
                        guard let last = open.last else {
                            return LoadError(at(start), "this '\(symbol(kind))' closes no bracket; Apple's build refuses the file.",
                                             fix: "Delete it, or open the bracket it closes.")
                        }
                        guard last.kind == opener else {
                            let (line, column) = lines.position(of: last.offset)
                            return LoadError(at(start), "this '\(symbol(kind))' closes the '\(symbol(last.kind))' of line \(line), column \(column); Apple's build refuses the file.",
                                             fix: "Close the '\(symbol(last.kind))' first.")
                        }
                        open.removeLast()
                        if kind == .rightSquare { squares -= 1 }
                    default:
                        break
                    }
                }
                if let first = open.first {
                    return LoadError(at(first.offset), "this '\(symbol(first.kind))' is never closed\(open.count > 1 ? " (nor \(open.count - 1) more after it)" : ""); Apple's build refuses the file.",
                                     fix: "Close it where it ends.")
                }
                return nil
            }
        }
    }

    /// The error for a Swift file of `size` bytes over ``fileBytes``, checked before it is read.
    public static func sizeProblem(_ size: Int, path: String) -> LoadError? {
        guard size > fileBytes else { return nil }
        return LoadError(SourceLocation(file: path), "the Swift file is \(size) bytes; the importer reads files of at most \(fileBytes) bytes (2 MiB).",
                         fix: "Split the file, or move it out of the folder imported.")
    }

    private static func symbol(_ kind: RawTokenKind) -> String {
        switch kind {
        case .leftParen: "("
        case .rightParen: ")"
        case .leftSquare: "["
        case .rightSquare: "]"
        case .leftBrace: "{"
        default: "}"
        }
    }

    /// Where each line starts, for a byte offset's line and column (columns in bytes, from 1, as
    /// swift-syntax counts them).
    private struct LineStarts {
        var starts: [Int] = [0]
        init(_ buffer: UnsafeBufferPointer<UInt8>) {
            for index in buffer.indices where buffer[index] == UInt8(ascii: "\n") { starts.append(index + 1) }
        }
        func position(of offset: Int) -> (line: Int, column: Int) {
            var low = 0, high = starts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if starts[middle] <= offset { low = middle } else { high = middle - 1 }
            }
            return (low + 1, offset - starts[low] + 1)
        }
    }
}
