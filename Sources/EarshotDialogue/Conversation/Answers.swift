import EarshotMatching

/// Understands the answers people give to the device's questions (behaviour spec §2.7, §3.4): yes/no in
/// their common forms, ordinals, core requests, and a value by title or synonym, said alone or inside a
/// sentence. A thin door onto ``AnswerReader`` (EarshotMatching), which typed and spoken answers share.
/// Every function takes text already through ``Normalizer/normalize(_:)`` (raw text works too).
public enum Answers {
    static let reader = AnswerReader()

    public static func isYes(_ text: String) -> Bool { reader.reply(text) == .yes }
    public static func isNo(_ text: String) -> Bool { reader.reply(text) == .no }
    public static func isCancel(_ text: String) -> Bool { reader.isCancel(text) }
    public static func isRepeat(_ text: String) -> Bool { reader.isRepeat(text) }
    public static func isMoreOptions(_ text: String) -> Bool { reader.reply(text) == .moreOptions }

    /// "the second one", "number two", "2", "the last one" → a 0-based position among `count` options.
    public static func ordinal(_ text: String, count: Int) -> Int? { reader.ordinal(text, count: count) }

    /// A number from normalised words: "7", "7.4", "7 point 4", "7 and a half", "half".
    public static func decimal(_ words: [String]) -> Double? { SpokenNumbers.decimal(words.joined(separator: " ")) }

    /// The option whose title or synonym the answer says, the longest winning; `nil` when none, or two
    /// different ones, are said.
    public static func choose(_ text: String, among options: [[String]]) -> Int? { reader.choose(text, among: options).index }

    /// "what can I say with Soup Chef" (or "what can Soup Chef do") → "soup chef".
    public static func helpRequest(_ text: String) -> String? {
        let prefixes = ["what can i say with ", "what can i say to ", "what can i do with ", "what can you do with ",
                        "what can i ask ", "help with ", "what does "]
        for prefix in prefixes where text.hasPrefix(prefix) {
            var rest = String(text.dropFirst(prefix.count))
            if prefix == "what does " {
                guard rest.hasSuffix(" do") else { continue }
                rest = String(rest.dropLast(3))
            }
            return rest.isEmpty ? nil : rest
        }
        if text.hasPrefix("what can "), text.hasSuffix(" do"), text.count > 12 {
            return String(text.dropFirst(9).dropLast(3))
        }
        return nil
    }
}
