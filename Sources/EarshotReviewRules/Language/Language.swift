import EarshotMatching
import EarshotModel
import Foundation

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

    /// Number words as digits ("nine" → "9"), for reading numbers said either way.
    static func spokenDigits(_ word: String) -> String {
        let digits = ["zero": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6",
                      "seven": "7", "eight": "8", "nine": "9"]
        return digits[word] ?? word
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

    /// Whether `word` (lower-cased) is a verb an action's title could start with: one of the common
    /// action verbs below or a category's verbs, a verb first in WordNet (``Lexicon``), or one of those
    /// with "re" or "un" before it ("redial", "re-order", "unpin").
    public static func isVerb(_ word: String, lexicon: Lexicon = .shared) -> Bool {
        let word = word.replacingOccurrences(of: "-", with: "")
        func known(_ word: String) -> Bool {
            verbs.contains(word) || IntentCategory.allCases.contains { $0.verbs.contains(word) } || lexicon.isVerb(word)
        }
        if known(word) { return true }
        for prefix in ["re", "un"] where word.hasPrefix(prefix) && word.count > prefix.count + 2 {
            if known(String(word.dropFirst(prefix.count))) { return true }
        }
        return false
    }

    /// The capitalised words that make `text` Title Case rather than sentence case: `["Soup"]` for
    /// "Order Soup", `["Menu"]` for "Show the Menu". Names are left out first: `names` (the app's, its
    /// values', words the manifest capitalises inside its sentences), Apple's feature names ("Do Not
    /// Disturb", "Apple Pay"), days and months, acronyms, words with inner capitals ("iPhone") or
    /// hyphens ("Wi-Fi"), "I". Then, when every remaining word after the first (small words like "the",
    /// "of" aside) starts with a capital, those are the ones returned; a lone capital among lower-case
    /// words is taken for a name ("Send my list to Instacart").
    public static func titleCaseWords(_ text: String, names: [String]) -> [String] {
        var remaining = Template(text).pieces.map { piece -> String in
            if case .text(let text) = piece { return text }
            return " | "
        }.joined()
        // Remove the names first, longest first, so "Clam Chowder" is not two capitalised words.
        for name in (names + appleNames).sorted(by: { $0.count > $1.count }) where !name.isEmpty {
            remaining = remaining.replacingOccurrences(of: "\\b\(NSRegularExpression.escapedPattern(for: name))\\b", with: " | ",
                                                       options: .regularExpression)
        }
        let words = remaining.split(whereSeparator: { $0 == " " || $0 == "\t" }).map { word in
            word.trimmingCharacters(in: CharacterSet.punctuationCharacters.subtracting(CharacterSet(charactersIn: "'-|")))
        }.filter { !$0.isEmpty }
        guard words.count > 1 else { return [] }
        var candidates: [String] = []
        for word in words.dropFirst() {
            if word == "|" || isNameLike(word) { continue }
            if minorWords.contains(word.lowercased()) { continue }
            candidates.append(word)
        }
        let capitalised = candidates.filter { $0.first?.isUppercase == true }
        guard !capitalised.isEmpty, capitalised.count == candidates.count else { return [] }
        return capitalised
    }

    /// Words a title may capitalise whatever else it does.
    static func isNameLike(_ word: String) -> Bool {
        let letters = word.filter(\.isLetter)
        if word == "I" || word.hasPrefix("I'") { return true }
        if letters.count > 1 && letters.allSatisfy(\.isUppercase) { return true }      // NPR, TV
        if letters.dropFirst().contains(where: \.isUppercase) { return true }           // iPhone, AirPods
        if word.contains("-") && word.first?.isUppercase == true { return true }         // Wi-Fi
        let base = word.lowercased().replacingOccurrences(of: "'s", with: "")
        return calendarNames.contains(base)
    }

    /// Words Title Case leaves in lower case.
    static let minorWords: Set<String> = ["a", "an", "the", "and", "or", "but", "nor", "of", "in", "on", "at", "to", "for", "by",
                                          "with", "from", "as", "into", "onto", "my", "your", "our", "their", "its", "this", "that"]

    static let calendarNames: Set<String> = [
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "january", "february", "march",
        "april", "may", "june", "july", "august", "september", "october", "november", "december",
    ]

    /// Apple's feature and product names, written as Apple writes them.
    static let appleNames = [
        "Do Not Disturb", "Low Power Mode", "Dark Mode", "Apple Pay", "Apple Music", "Apple TV", "Apple Watch", "Apple Card",
        "Safari", "Siri", "Spotlight", "Shortcuts", "Bluetooth", "AirDrop", "AirPlay", "FaceTime", "iCloud", "Focus", "Wallet",
        "Health", "Home", "Maps", "Photos", "Reminders", "Calendar", "Notes",
    ]

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
        "bake", "bookmark", "brew", "brighten", "dial", "dim", "find", "freeze", "lower", "mix", "move", "preheat",
        "raise", "redial", "restart", "stretch", "swim", "tag", "wash", "weigh", "boil", "chop", "clip", "feed",
        "fold", "grind", "heat", "hike", "iron", "jog", "knit", "lift", "lend", "meet", "mop", "pick", "pour",
        "pray", "roast", "row", "sail", "scrub", "serve", "sew", "sing", "ski", "spin", "steam", "study", "surf",
        "sweep", "teach", "vacuum", "warm", "wipe", "yield",
    ]

    /// Verbs of intents that only show or tell something.
    static let informationVerbs: Set<String> = [
        "show", "view", "display", "read", "see", "summarize", "summarise", "check", "list", "tell",
    ]
}
