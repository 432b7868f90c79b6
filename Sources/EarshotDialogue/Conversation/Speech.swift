/// Small helpers for wording replies.
enum Speech {
    /// "A", "A or B", "A, B, or C" — with "or something else" when more options exist.
    static func list(_ items: [String], conjunction: String = "or", more: Bool = false) -> String {
        var items = items
        if more { items.append("something else") }
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        case 2: return "\(items[0]) \(conjunction) \(items[1])"
        default: return items.dropLast().joined(separator: ", ") + ", \(conjunction) " + items.last!
        }
    }

    /// Joins sentences with single spaces, skipping empty ones.
    static func join(_ parts: String?...) -> String {
        parts.compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// Lower-cases a title for use inside a sentence ("Order Soup" → "order soup").
    static func inline(_ title: String) -> String { title.lowercased() }
}
