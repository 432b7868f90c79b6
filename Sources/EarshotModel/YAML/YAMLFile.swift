import Foundation
import Yams

/// A YAML (or JSON) file parsed into a node tree that remembers line and column of every node.
package struct YAMLFile {
    package let path: String
    package let root: Node

    /// Parses `text`; syntax errors become a ``LoadError`` at the reported position.
    package init(path: String, text: String) throws(LoadError) {
        self.path = path
        try Self.checkText(text, path: path)
        do {
            guard let node = try Yams.compose(yaml: text) else {
                throw LoadError(SourceLocation(file: path, line: 1, column: 1), "the file is empty.",
                                fix: "Write the document, starting with its first key.")
            }
            try Self.checkTree(node, path: path)
            root = node
        } catch let error as LoadError {
            throw error
        } catch let error as YamlError {
            throw Self.loadError(from: error, path: path, text: text)
        } catch {
            throw LoadError(SourceLocation(file: path), "cannot parse: \(error).", fix: "Check the YAML syntax.")
        }
    }

    /// Reads and parses the file at `path`.
    package init(contentsOf path: String) throws(LoadError) {
        // A pipe, a device or a folder is not read (reading one could wait forever or never end).
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            throw LoadError(SourceLocation(file: path), "is not a regular file.", fix: "Give the path of a YAML file.")
        }
        if stat(path, &status) == 0, Int(status.st_size) > YAMLLimits.fileBytes {
            throw LoadError(SourceLocation(file: path), "the file is \(status.st_size) bytes; at most \(YAMLLimits.fileBytes) (1 MiB).",
                            fix: "Split it, or remove what it repeats.")
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let exists = FileManager.default.fileExists(atPath: path)
            throw LoadError(SourceLocation(file: path), exists ? "cannot be read." : "no such file.",
                            fix: exists ? "Check the file's permissions." : "Check the path.")
        }
        try self.init(path: path, text: try Self.text(of: data, path: path))
    }

    private static func loadError(from error: YamlError, path: String, text: String) -> LoadError {
        let fix = "Fix the YAML syntax there (indentation, a missing ':' or an unclosed quote or bracket)."
        switch error {
        case .scanner(let context, let problem, let mark, _),
             .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            var message = "invalid YAML: \(problem)"
            if let context { message += " (\(context.text) at line \(context.mark.line))" }
            return LoadError(SourceLocation(file: path, line: mark.line, column: mark.column), message + ".", fix: fix)
        case .duplicatedKeysInMapping(let duplicates, let context):
            // Yams marks the first occurrence; point at the repeat, which is usually the mistake.
            let first = context.mark
            let key = duplicates.first ?? ""
            let repeatLine = Self.repeatedKeyLine(key, after: first, in: text)
            return LoadError(SourceLocation(file: path, line: repeatLine ?? first.line, column: first.column),
                             "duplicate key \(duplicates.map { "'\($0)'" }.joined(separator: ", "))"
                                 + (repeatLine != nil ? " (first at line \(first.line))." : "."),
                             fix: "Keep one of them.")
        case .reader(let problem, _, _, _):
            return LoadError(SourceLocation(file: path), "unreadable text: \(problem).", fix: "Save the file as UTF-8.")
        default:
            return LoadError(SourceLocation(file: path), "invalid YAML: \(error).", fix: fix)
        }
    }

    /// The line (1-based) after `first` where `key:` starts at the same column, in block style.
    static func repeatedKeyLine(_ key: String, after first: Mark, in text: String) -> Int? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard first.line < lines.count else { return nil }
        let indent = String(repeating: " ", count: max(first.column - 1, 0))
        for index in first.line..<lines.count {
            guard lines[index].hasPrefix(indent) else { continue }
            let body = lines[index].dropFirst(indent.count)
            for form in [key, "\"\(key)\"", "'\(key)'"] where body.hasPrefix(form) {
                if body.dropFirst(form.count).drop(while: { $0 == " " }).hasPrefix(":") { return index + 1 }
            }
        }
        return nil
    }

    package func location(of node: Node) -> SourceLocation {
        SourceLocation(file: path, line: node.mark?.line, column: node.mark?.column)
    }
}

/// Reads one YAML mapping with the keys it allows; anything else is an error at the key.
package struct Fields {
    package let file: YAMLFile
    package let node: Node
    package let pairs: [(key: String, keyNode: Node, value: Node)]
    /// Names the thing being read in errors: "intent 'OrderSoup'".
    package let what: String

    package init(_ node: Node, in file: YAMLFile, what: String, allowed: [String]) throws(LoadError) {
        self.file = file
        self.node = node
        self.what = what
        guard case .mapping(let mapping) = node else {
            throw LoadError(file.location(of: node), "\(what) must be a mapping of keys to values.",
                            fix: "Write it as 'key: value' lines.")
        }
        var pairs: [(String, Node, Node)] = []
        for (keyNode, value) in mapping {
            guard case .scalar(let scalar) = keyNode else {
                throw LoadError(file.location(of: keyNode), "a key in \(what) must be plain text.", fix: "Use a name as the key.")
            }
            guard allowed.contains(scalar.string) else {
                let fix = Spelling.didYouMean(scalar.string, in: allowed, then: "Allowed keys: \(allowed.joined(separator: ", ")).")
                throw LoadError(file.location(of: keyNode), "unknown key '\(LoadError.quote(scalar.string))' in \(what).", fix: fix)
            }
            pairs.append((scalar.string, keyNode, value))
        }
        self.pairs = pairs
    }

    package var location: SourceLocation { file.location(of: node) }

    /// Where each key's value was written.
    package var valueLocations: [String: SourceLocation] {
        var out: [String: SourceLocation] = [:]
        for pair in pairs { out[pair.key] = file.location(of: pair.value) }
        return out
    }

    /// A scalar value of `node` (a mapping) before its keys are checked, to name it in errors.
    package static func peek(_ node: Node, _ key: String) -> String? {
        guard case .mapping(let mapping) = node, case .scalar(let scalar)? = mapping[key] else { return nil }
        return scalar.string
    }

    package subscript(key: String) -> Node? {
        pairs.first { $0.key == key }?.value
    }

    package func location(of key: String) -> SourceLocation {
        if let value = self[key] { return file.location(of: value) }
        return location
    }

    package func keyLocation(of key: String) -> SourceLocation {
        if let pair = pairs.first(where: { $0.key == key }) { return file.location(of: pair.keyNode) }
        return location
    }

    package func require(_ key: String, fix: String) throws(LoadError) -> Node {
        guard let node = self[key] else {
            throw LoadError(location, "\(what) has no '\(key)'.", fix: fix)
        }
        return node
    }

    package func string(_ key: String) throws(LoadError) -> String? {
        guard let node = self[key] else { return nil }
        return try file.scalar(node, what: "'\(key)' of \(what)")
    }

    package func requiredString(_ key: String, fix: String) throws(LoadError) -> String {
        let node = try require(key, fix: fix)
        let value = try file.scalar(node, what: "'\(key)' of \(what)")
        if value.trimmingCharacters(in: .whitespaces).isEmpty {
            throw LoadError(file.location(of: node), "'\(key)' of \(what) is empty.", fix: fix)
        }
        return value
    }

    package func bool(_ key: String) throws(LoadError) -> Bool? {
        guard let node = self[key] else { return nil }
        let text = try file.scalar(node, what: "'\(key)' of \(what)")
        switch text.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default:
            throw LoadError(file.location(of: node), "'\(key)' of \(what) must be true or false, not '\(LoadError.quote(text))'.",
                            fix: "Write true or false.")
        }
    }

    package func int(_ key: String, range: ClosedRange<Int>) throws(LoadError) -> Int? {
        guard let node = self[key] else { return nil }
        let text = try file.scalar(node, what: "'\(key)' of \(what)")
        guard let value = Int(text), range.contains(value) else {
            throw LoadError(file.location(of: node),
                            "'\(key)' of \(what) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(LoadError.quote(text))'.",
                            fix: "Write a number in that range.")
        }
        return value
    }

    /// A list of strings; a single string is taken as a list of one.
    package func strings(_ key: String) throws(LoadError) -> [Located<String>]? {
        guard let node = self[key] else { return nil }
        return try file.strings(node, what: "'\(key)' of \(what)")
    }

    package func oneOf<T: RawRepresentable & CaseIterable>(_ key: String, _ type: T.Type) throws(LoadError) -> T? where T.RawValue == String {
        guard let node = self[key] else { return nil }
        let text = try file.scalar(node, what: "'\(key)' of \(what)")
        guard let value = T(rawValue: text) else {
            let allowed = T.allCases.map(\.rawValue)
            let fix = Spelling.didYouMean(text, in: allowed, then: "Use one of: \(allowed.joined(separator: ", ")).")
            throw LoadError(file.location(of: node), "'\(key)' of \(what) cannot be '\(LoadError.quote(text))'.", fix: fix)
        }
        return value
    }
}

extension YAMLFile {
    package func scalar(_ node: Node, what: String) throws(LoadError) -> String {
        guard case .scalar(let scalar) = node else {
            throw LoadError(location(of: node), "\(what) must be a single value, not a list or mapping.",
                            fix: "Write one value.")
        }
        return scalar.string
    }

    package func strings(_ node: Node, what: String) throws(LoadError) -> [Located<String>] {
        switch node {
        case .scalar(let scalar):
            return [Located(scalar.string, at: location(of: node))]
        case .sequence(let sequence):
            var out: [Located<String>] = []
            for item in sequence {
                out.append(Located(try scalar(item, what: "an item of \(what)"), at: location(of: item)))
            }
            return out
        default:
            throw LoadError(location(of: node), "\(what) must be a list of text values.", fix: "Write [a, b] or one '- item' per line.")
        }
    }

    package func sequence(_ node: Node, what: String) throws(LoadError) -> [Node] {
        guard case .sequence(let sequence) = node else {
            throw LoadError(location(of: node), "\(what) must be a list.", fix: "Write one '- item' per line.")
        }
        return Array(sequence)
    }

    package func mapping(_ node: Node, what: String) throws(LoadError) -> [(key: Located<String>, value: Node)] {
        guard case .mapping(let mapping) = node else {
            throw LoadError(location(of: node), "\(what) must be a mapping.", fix: "Write 'name: value' lines.")
        }
        var out: [(Located<String>, Node)] = []
        for (key, value) in mapping {
            out.append((Located(try scalar(key, what: "a key of \(what)"), at: location(of: key)), value))
        }
        return out
    }
}

/// Finds the closest allowed word to a typo.
package enum Spelling {
    package static func nearest(to word: String, in candidates: [String]) -> String? {
        let lower = word.lowercased()
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(lower, candidate.lowercased())
            if distance <= max(2, candidate.count / 3), distance < (best?.1 ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.0
    }

    /// The fix for `word`, which is not among `candidates`: "Did you mean '…'? " with the nearest
    /// candidate (as `shown` writes it) when one is close, then `rest`.
    package static func didYouMean(_ word: String, in candidates: [String], then rest: String,
                                   shown: (String) -> String = { $0 }) -> String {
        (nearest(to: word, in: candidates).map { "Did you mean '\(shown($0))'? " } ?? "") + rest
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
