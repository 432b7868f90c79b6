/// Sentences as a tree of their words, shared beginnings merged: the shape of a grammar a decoder
/// searches quickly.
struct WordTree {
    private final class Node {
        var children: [(word: String, node: Node)] = []
        var ends = false

        func child(_ word: String) -> Node {
            if let found = children.first(where: { $0.word == word }) { return found.node }
            let node = Node()
            children.append((word, node))
            return node
        }

        /// JSGF for what may follow this node ("" when nothing may).
        var jsgf: String {
            guard !children.isEmpty else { return "" }
            let alternatives = children.map { child in
                let rest = child.node.jsgf
                return rest.isEmpty ? child.word : "\(child.word) \(rest)"
            }
            let body = alternatives.count == 1 ? alternatives[0] : "(\(alternatives.joined(separator: " | ")))"
            return ends ? "[\(alternatives.count == 1 ? body : String(body.dropFirst().dropLast()))]" : body
        }
    }

    private let root = Node()

    init(_ sentences: [String]) {
        for sentence in sentences {
            var node = root
            for word in sentence.split(separator: " ") { node = node.child(String(word)) }
            node.ends = true
        }
    }

    /// The JSGF expansion of every sentence.
    var jsgf: String { root.jsgf }
}
