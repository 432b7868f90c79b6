import EarshotMatching
import EarshotModel

/// The little English the word-level rules need: words, verbs, capitals, punctuation.
public enum Language {
    /// `en`, `en-US`, `en_GB`...
    public static func isEnglish(_ locale: String) -> Bool {
        let lower = locale.lowercased()
        return lower == "en" || lower.hasPrefix("en-") || lower.hasPrefix("en_")
    }

    /// The words of `text`, lower-cased, apostrophes kept ("what's"), everything else a separator.
    public static func words(_ text: String) -> [String] {
        var out: [String] = []
        var current = ""
        for ch in text.lowercased() {
            if ch.isLetter || ch.isNumber || ((ch == "'" || ch == "’") && !current.isEmpty) {
                current.append(ch == "’" ? "'" : ch)
            } else if !current.isEmpty {
                out.append(current.trimmingCharacters(in: ["'"]))
                current = ""
            }
        }
        if !current.isEmpty { out.append(current.trimmingCharacters(in: ["'"])) }
        return out.filter { !$0.isEmpty }
    }

    /// The words of a template's literal text; each placeholder is one token `{name}`.
    public static func tokens(_ template: Template) -> [String] {
        template.pieces.flatMap { piece -> [String] in
            switch piece {
            case .text(let text): words(text)
            case .placeholder(let name): ["{\(name)}"]
            }
        }
    }

    /// Whether `phrase` (normalised words) holds `sequence` (normalised words) as whole words.
    public static func contains(_ phrase: String, _ sequence: String) -> Bool {
        guard !sequence.isEmpty else { return false }
        return " \(phrase) ".contains(" \(sequence) ")
    }

    /// The first of `names` that `text` says as written (case-sensitive, whole words; placeholders left
    /// out): "Soup Chef" in "Soup Chef says hi", but not "postcard" in "Send a postcard" for an app
    /// named Postcard. A brand is written with its capitals; the common word is not the app.
    public static func mention(of names: [String], in text: String) -> String? {
        let literal = " " + Template(text).pieces.map { piece -> String in
            if case .text(let text) = piece { return text }
            return " | "
        }.joined().map { $0.isLetter || $0.isNumber || $0 == "'" ? String($0) : " " }.joined() + " "
        let padded = literal.split(separator: " ").joined(separator: " ")
        return names.first { name in
            let words = name.map { $0.isLetter || $0.isNumber || $0 == "'" ? String($0) : " " }.joined().split(separator: " ").joined(separator: " ")
            return !words.isEmpty && " \(padded) ".contains(" \(words) ")
        }
    }

    /// Whether `text` ends with sentence punctuation.
    public static func endsWithPunctuation(_ text: String) -> Bool {
        guard let last = text.trimmingCharacters(in: .whitespaces).last else { return false }
        return ".!?,;:…".contains(last)
    }

    /// The first word of `text`, lower-cased (`nil` when it starts with a placeholder or is empty).
    public static func firstWord(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.hasPrefix("{") else { return nil }
        return words(trimmed).first
    }

    /// Whether `word` (lower-cased) is a verb an action's title could start with.
    public static func isVerb(_ word: String) -> Bool {
        verbs.contains(word) || IntentCategory.allCases.contains { $0.verbs.contains(word) }
    }

    /// Words after the first that are capitalised without being names: `["Soup"]` for "Order Soup".
    /// Names are the app's names and the titles and synonyms of its values; "I" and all-capital words
    /// (acronyms) are fine.
    public static func titleCaseWords(_ text: String, names: [String]) -> [String] {
        var remaining = text
        // Remove the names first, longest first, so "Clam Chowder" is not two capitalised words.
        for name in names.sorted(by: { $0.count > $1.count }) where !name.isEmpty {
            remaining = remaining.replacingOccurrences(of: name, with: " ", options: .caseInsensitive)
        }
        let raw = remaining.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "'" && $0 != "{" && $0 != "}" }).map(String.init)
        guard let first = text.split(separator: " ").first.map(String.init) else { return [] }
        var out: [String] = []
        for (index, word) in raw.enumerated() {
            if index == 0 && text.hasPrefix(word) && word == first { continue }
            if word.hasPrefix("{") || word == "I" || word.hasPrefix("I'") { continue }
            guard let initial = word.first, initial.isUppercase else { continue }
            if word.count > 1 && word.allSatisfy({ !$0.isLetter || $0.isUppercase }) { continue }
            out.append(word)
        }
        return out
    }

    /// Whether `text` holds an emoji (pictographs, dingbats, flags, keycaps).
    public static func hasEmoji(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            scalar.properties.isEmojiPresentation
                || (scalar.properties.isEmoji && scalar.value > 0x2000 && !(0x2000...0x206F).contains(scalar.value))
                || scalar.value == 0xFE0F
        }
    }

    /// SF Symbols names: lower-case words and digits joined by dots (`takeoutbag.and.cup.and.straw`).
    public static func isSymbolName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.allSatisfy { part in
            !part.isEmpty && part.allSatisfy { ($0.isLetter && $0.isLowercase && $0.isASCII) || ($0.isNumber && $0.isASCII) }
        }
    }

    /// `UIApplicationShortcutIcon.IconType` names, the system icons of quick actions.
    public static let quickActionIconTypes: Set<String> = [
        "compose", "play", "pause", "add", "location", "search", "share", "prohibit", "contact", "home",
        "markLocation", "favorite", "love", "cloud", "invitation", "confirmation", "mail", "message", "date",
        "time", "capturePhoto", "captureVideo", "task", "taskCompleted", "alarm", "bookmark", "shuffle",
        "audio", "update",
    ]

    /// Verbs an action's title or summary commonly starts with (imperatives).
    static let verbs: Set<String> = [
        "accept", "activate", "add", "adjust", "answer", "apply", "approve", "archive", "arm", "arrange", "ask",
        "assign", "attach", "back", "backup", "begin", "block", "book", "boost", "borrow", "browse", "build",
        "buy", "calculate", "call", "cancel", "capture", "change", "charge", "chat", "check", "choose", "claim",
        "clean", "clear", "close", "collect", "compare", "complete", "compose", "configure", "confirm", "connect",
        "continue", "convert", "cook", "copy", "count", "create", "customize", "decline", "decrease", "delete",
        "deliver", "deposit", "describe", "dictate", "dim", "disable", "disarm", "disconnect", "discover",
        "dismiss", "display", "do", "donate", "download", "draft", "draw", "drink", "drive", "duplicate", "edit",
        "email", "enable", "end", "enter", "estimate", "explore", "export", "favorite", "fetch", "fill", "filter",
        "find", "finish", "fix", "flag", "follow", "forward", "generate", "get", "give", "go", "grab", "hail",
        "handle", "hear", "hide", "highlight", "hold", "import", "increase", "invite", "join", "jump", "keep",
        "launch", "learn", "leave", "like", "list", "listen", "load", "locate", "lock", "log", "look", "make",
        "manage", "mark", "measure", "meditate", "merge", "message", "mute", "name", "navigate", "note", "notify",
        "open", "order", "organize", "pack", "pause", "pay", "pin", "place", "plan", "play", "plot", "post",
        "practice", "prepare", "preview", "print", "publish", "queue", "quit", "rate", "read", "rebook",
        "record", "redeem", "refill", "refresh", "regenerate", "register", "reload", "remind", "remove",
        "rename", "renew", "reorder", "repeat", "replay", "reply", "report", "request", "reschedule", "reserve",
        "reset", "resume", "return", "review", "rewind", "ride", "run", "save", "scan", "schedule", "search",
        "see", "select", "sell", "send", "set", "share", "shop", "show", "shuffle", "sign", "skip", "sleep",
        "snooze", "sort", "speak", "split", "start", "stop", "stream", "submit", "subscribe", "suggest",
        "summarize", "summarise", "switch", "sync", "take", "talk", "tell", "test", "text", "tip", "toggle",
        "track", "train", "transfer", "translate", "turn", "undo", "unlock", "unmute", "update", "upload",
        "use", "verify", "view", "visit", "vote", "wake", "walk", "watch", "water", "withdraw", "write",
    ]

    /// Verbs of intents that only show or tell something.
    static let informationVerbs: Set<String> = [
        "show", "view", "display", "read", "see", "summarize", "summarise", "check", "list", "tell", "review",
        "look", "hear", "preview",
    ]
}
