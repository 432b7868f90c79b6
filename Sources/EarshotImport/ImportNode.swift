import EarshotModel
import Foundation
import Yams

/// A manifest as the importer builds it: YAML-shaped, each node remembering the source it came from,
/// so the written `app.yaml` can name it in a `# file:line` comment and the loaded manifest can point
/// at the Swift line.
public struct ImportNode: Sendable {
    public enum Content: Sendable {
        /// Text; `plain` values (numbers, booleans) are written unquoted.
        case scalar(String, plain: Bool)
        case list([ImportNode])
        case map([(key: String, value: ImportNode)])
    }

    public var content: Content
    /// Where the element was read: a Swift line, a catalog entry, the overlay.
    public var location: EarshotModel.SourceLocation?
    /// A remark written as a comment after the element (what was not represented).
    public var note: String?

    public init(_ content: Content, at location: EarshotModel.SourceLocation? = nil, note: String? = nil) {
        self.content = content
        self.location = location
        self.note = note
    }

    public static func text(_ value: String, at location: EarshotModel.SourceLocation? = nil) -> ImportNode {
        ImportNode(.scalar(value, plain: false), at: location)
    }

    public static func plain(_ value: String, at location: EarshotModel.SourceLocation? = nil) -> ImportNode {
        ImportNode(.scalar(value, plain: true), at: location)
    }

    public static func list(_ items: [ImportNode], at location: EarshotModel.SourceLocation? = nil) -> ImportNode {
        ImportNode(.list(items), at: location)
    }

    public static func map(_ pairs: [(String, ImportNode)], at location: EarshotModel.SourceLocation? = nil) -> ImportNode {
        ImportNode(.map(pairs.map { (key: $0.0, value: $0.1) }), at: location)
    }

    /// The value under `key` of a map.
    public subscript(key: String) -> ImportNode? {
        guard case .map(let pairs) = content else { return nil }
        return pairs.first { $0.key == key }?.value
    }

    /// The scalar's text.
    public var scalar: String? {
        if case .scalar(let text, _) = content { return text }
        return nil
    }
}

// MARK: - The overlay

extension ImportNode {
    /// A YAML node read from `path` (the overlay), each element located in that file.
    init(yaml node: Node, path: String) {
        let location = SourceLocation(file: path, line: node.mark.map { $0.line }, column: node.mark.map { $0.column })
        switch node {
        case .scalar(let scalar):
            let plain = scalar.style == .plain && (Int(scalar.string) != nil || Double(scalar.string) != nil
                                                   || ["true", "false", "~", "null"].contains(scalar.string))
            self.init(.scalar(scalar.string, plain: plain), at: location)
        case .sequence(let sequence):
            self.init(.list(sequence.map { ImportNode(yaml: $0, path: path) }), at: location)
        case .mapping(let mapping):
            self.init(.map(mapping.map { (key: $0.key.string ?? "", value: ImportNode(yaml: $0.value, path: path)) }), at: location)
        case .alias:
            self.init(.scalar("", plain: false), at: location)
        }
    }

    /// This node with `overlay` merged over it: maps key by key, lists of maps item by item when the
    /// items have an `id` (or `intent`, for shortcuts), anything else replaced by the overlay's.
    public func merging(_ overlay: ImportNode) -> ImportNode {
        switch (content, overlay.content) {
        case (.map(let base), .map(let over)):
            var pairs = base
            for (key, value) in over {
                if let index = pairs.firstIndex(where: { $0.key == key }) {
                    pairs[index].value = pairs[index].value.merging(value)
                } else {
                    pairs.append((key, value))
                }
            }
            return ImportNode(.map(pairs), at: location ?? overlay.location, note: note)
        case (.list(let base), .list(let over)):
            guard let identity = Self.identityKey(of: base + over) else { return overlay }
            var items = base
            for item in over {
                let id = item[identity]?.scalar
                if let id, let index = items.firstIndex(where: { $0[identity]?.scalar == id }) {
                    items[index] = items[index].merging(item)
                } else {
                    items.append(item)
                }
            }
            return ImportNode(.list(items), at: location ?? overlay.location, note: note)
        default:
            return overlay
        }
    }

    private static func identityKey(of items: [ImportNode]) -> String? {
        for key in ["id", "intent"] where !items.isEmpty && items.allSatisfy({ $0[key]?.scalar != nil }) {
            return key
        }
        return nil
    }
}

// MARK: - Writing

/// The YAML text of an imported manifest, and which source each of its lines came from.
public struct ImportedYAML: Sendable, Codable {
    /// The manifest, with a `# file:line` comment on each element read from a source.
    public var text: String
    /// Line number (1-based) of `text` → the source location of what is written there.
    public var lines: [Int: SourceLocationRecord]
}

/// A ``SourceLocation`` that can be stored in the import cache.
public struct SourceLocationRecord: Sendable, Codable, Hashable {
    public var file: String
    public var line: Int?
    public var column: Int?

    public init(_ location: EarshotModel.SourceLocation) {
        file = location.file
        line = location.line
        column = location.column
    }

    public var location: EarshotModel.SourceLocation { SourceLocation(file: file, line: line, column: column) }
}

extension ImportNode {
    /// Writes the node as YAML; comments name each element's source relative to `root`.
    public func yaml(header: [String], relativeTo root: String) -> ImportedYAML {
        var writer = YAMLWriter(root: root)
        for line in header { writer.append("# \(line)", location: nil) }
        writer.writeMapBody(self, indent: 0)
        return ImportedYAML(text: writer.lines.joined(separator: "\n") + "\n", lines: writer.map)
    }
}

private struct YAMLWriter {
    let root: String
    var lines: [String] = []
    var map: [Int: SourceLocationRecord] = [:]

    init(root: String) {
        self.root = root.hasSuffix("/") ? root : root + "/"
    }

    mutating func append(_ text: String, location: EarshotModel.SourceLocation?, note: String? = nil) {
        var line = text
        var comments: [String] = []
        if let location { comments.append(describe(location)) }
        if let note { comments.append(note) }
        if !comments.isEmpty { line += "  # " + comments.joined(separator: "; ").replacingOccurrences(of: "\n", with: " ") }
        lines.append(line)
        if let location { map[lines.count] = SourceLocationRecord(location) }
    }

    func describe(_ location: SourceLocation) -> String {
        var file = location.file
        if file.hasPrefix(root) { file.removeFirst(root.count) }
        guard let line = location.line else { return file }
        return "\(file):\(line)"
    }

    mutating func writeMapBody(_ node: ImportNode, indent: Int, firstPrefix: String? = nil) {
        guard case .map(let pairs) = node.content else { return }
        let pad = String(repeating: " ", count: indent)
        for (index, pair) in pairs.enumerated() {
            let lead = index == 0 && firstPrefix != nil ? firstPrefix! : pad
            write(key: pair.key, value: pair.value, lead: lead, indent: indent)
        }
    }

    mutating func write(key: String, value: ImportNode, lead: String, indent: Int) {
        let keyText = Self.key(key)
        switch value.content {
        case .scalar(let text, let plain):
            append("\(lead)\(keyText): \(plain ? text : Self.quote(text))", location: value.location, note: value.note)
        case .list(let items):
            if items.isEmpty {
                append("\(lead)\(keyText): []", location: value.location, note: value.note)
                return
            }
            append("\(lead)\(keyText):", location: value.location, note: value.note)
            writeList(items, indent: indent + 2)
        case .map(let pairs):
            if pairs.isEmpty {
                append("\(lead)\(keyText): {}", location: value.location, note: value.note)
                return
            }
            append("\(lead)\(keyText):", location: value.location, note: value.note)
            writeMapBody(value, indent: indent + 2)
        }
    }

    mutating func writeList(_ items: [ImportNode], indent: Int) {
        let pad = String(repeating: " ", count: indent)
        for item in items {
            switch item.content {
            case .scalar(let text, let plain):
                append("\(pad)- \(plain ? text : Self.quote(text))", location: item.location, note: item.note)
            case .list(let inner):
                append("\(pad)-", location: item.location, note: item.note)
                writeList(inner, indent: indent + 2)
            case .map(let pairs):
                if pairs.isEmpty {
                    append("\(pad)- {}", location: item.location, note: item.note)
                    continue
                }
                if let note = item.note { append("\(pad)# \(note)", location: nil) }
                writeMapBody(item, indent: indent + 2, firstPrefix: "\(pad)- ")
            }
        }
    }

    static func key(_ key: String) -> String {
        let simple = !key.isEmpty && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }
            && !(key.first?.isNumber ?? false) && !["true", "false", "null", "yes", "no", "on", "off"].contains(key.lowercased())
        return simple ? key : quote(key)
    }

    static func quote(_ text: String) -> String {
        QuotedText.quoted(text) { $0.value < 0x20 || $0.value == 0x7F ? String(format: "\\x%02X", $0.value) : nil }
    }
}
