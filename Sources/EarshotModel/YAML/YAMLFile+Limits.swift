import Foundation
import Yams

/// Bounds on every YAML file Earshot reads (manifests, profiles, conversation tests), checked before
/// and right after parsing so that a hostile or broken file is refused at once, at its first bad byte.
public enum YAMLLimits {
    /// The largest file, in bytes.
    public static let fileBytes = 1 << 20
    /// The deepest nesting of lists and mappings.
    public static let depth = 32
    /// The most indentation of a line, in columns.
    public static let indentation = 256
    /// The most values (scalars, lists, mappings) in a file, counting what each alias repeats.
    public static let values = 100_000
}

extension YAMLFile {
    /// The file's bytes as text: at most ``YAMLLimits/fileBytes``, UTF-8, else an error at the first bad byte.
    static func text(of data: Data, path: String) throws(LoadError) -> String {
        guard data.count <= YAMLLimits.fileBytes else {
            throw LoadError(SourceLocation(file: path), "the file is \(data.count) bytes; at most \(YAMLLimits.fileBytes) (1 MiB).",
                            fix: "Split it, or remove what it repeats.")
        }
        if let text = String(validating: data, as: UTF8.self) { return text }
        // Where the first byte that is not UTF-8 is.
        var line = 1, column = 1
        var iterator = data.makeIterator()
        var decoder = UTF8()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
            case .emptyInput, .error: break loop
            }
        }
        throw LoadError(SourceLocation(file: path, line: line, column: column), "the file is not UTF-8 text (a byte here is not).",
                        fix: "Save the file as UTF-8.")
    }

    /// Refuses, before parsing, text with a control character, a line indented past
    /// ``YAMLLimits/indentation``, or lists and mappings nested past ``YAMLLimits/depth``, at the line
    /// and column where it happens.
    static func checkText(_ text: String, path: String) throws(LoadError) {
        guard text.utf8.count <= YAMLLimits.fileBytes else {
            throw LoadError(SourceLocation(file: path), "the file is \(text.utf8.count) bytes; at most \(YAMLLimits.fileBytes) (1 MiB).",
                            fix: "Split it, or remove what it repeats.")
        }
        var line = 1, column = 0
        var atStart = true
        var indent = 0
        var markers = 0
        var flow = 0
        var previous: Unicode.Scalar = "\n"
        func deep() -> LoadError {
            LoadError(SourceLocation(file: path, line: line, column: column), "lists and mappings nest deeper than \(YAMLLimits.depth) levels here.",
                      fix: "Flatten the structure; no Earshot file needs that depth.")
        }
        for scalar in text.unicodeScalars {
            column += 1
            let value = scalar.value
            if value == 0x0A {
                line += 1
                column = 0
                atStart = true
                indent = 0
                markers = 0
                previous = scalar
                continue
            }
            let control = (value < 0x20 && value != 0x09 && value != 0x0D) || (0x7F...0x9F).contains(value) && value != 0x85
            if control {
                throw LoadError(SourceLocation(file: path, line: line, column: column),
                                "the file has a control character (U+\(String(format: "%04X", value))).",
                                fix: "Remove it: YAML text holds tabs and newlines, no other control characters.")
            }
            if atStart {
                if scalar == " " {
                    if markers == 0 { indent += 1 }
                    if indent > YAMLLimits.indentation {
                        throw LoadError(SourceLocation(file: path, line: line, column: column),
                                        "the line is indented more than \(YAMLLimits.indentation) columns.", fix: "Indent less; no Earshot file needs that.")
                    }
                } else if (scalar == "-" || scalar == "?"), previous == " " || previous == "\n" || previous == "\t" {
                    markers += 1
                    if markers > YAMLLimits.depth { throw deep() }
                } else if scalar != "\t" {
                    atStart = false
                }
            }
            if scalar == "[" || scalar == "{" {
                flow += 1
                if flow > YAMLLimits.depth { throw deep() }
            } else if scalar == "]" || scalar == "}" {
                flow = max(flow - 1, 0)
            }
            previous = scalar
        }
    }

    /// Refuses a parsed tree nested deeper than ``YAMLLimits/depth`` or holding more than
    /// ``YAMLLimits/values`` values (each alias counted as what it repeats), without expanding it further.
    static func checkTree(_ root: Node, path: String) throws(LoadError) {
        var stack: [(node: Node, depth: Int)] = [(root, 1)]
        var count = 0
        while let (node, depth) = stack.popLast() {
            count += 1
            let location = SourceLocation(file: path, line: node.mark?.line, column: node.mark?.column)
            if count > YAMLLimits.values {
                throw LoadError(location, "the file holds more than \(YAMLLimits.values) values (counting what each alias repeats).",
                                fix: "Write less, or use fewer aliases (*name).")
            }
            if depth > YAMLLimits.depth {
                throw LoadError(location, "lists and mappings nest deeper than \(YAMLLimits.depth) levels here.",
                                fix: "Flatten the structure; no Earshot file needs that depth.")
            }
            switch node {
            case .mapping(let mapping):
                for (key, value) in mapping {
                    stack.append((key, depth + 1))
                    stack.append((value, depth + 1))
                }
            case .sequence(let sequence):
                for item in sequence { stack.append((item, depth + 1)) }
            default:
                break
            }
        }
    }
}
