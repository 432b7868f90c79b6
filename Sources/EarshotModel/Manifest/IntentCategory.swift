/// A SiriKit intent category: it sets the verbs, whether the device confirms and authenticates,
/// and the default confirmation, success and error lines.
public enum IntentCategory: String, Sendable, CaseIterable, Codable {
    case generic, information, order, start, share, create, search, download, other

    /// The verb used when an intent names none.
    public var defaultVerb: String { verbs[0] }

    /// The default verb first, then the additional verbs.
    public var verbs: [String] {
        switch self {
        case .generic: ["do", "run", "go"]
        case .information: ["view", "open"]
        case .order: ["order", "book", "buy"]
        case .start: ["start", "navigate"]
        case .share: ["share", "post", "send"]
        case .create: ["create", "add"]
        case .search: ["search", "find", "filter"]
        case .download: ["download", "get"]
        case .other: ["set", "request", "toggle", "check in"]
        }
    }

    /// Actions with financial impact are confirmed before they are performed.
    public var requiresConfirmation: Bool { self == .order }

    /// Actions with financial impact need the person to be authenticated.
    public var requiresAuthentication: Bool { self == .order }

    /// The category's default lines, worded with `verb`.
    public func lines(verb: String) -> CategoryLines {
        CategoryLines(verb: verb.lowercased(), category: self)
    }
}

/// The default confirmation, success, decline and error lines of a category, worded with the intent's verb.
///
/// Seed 001 gives "Ready to order?", "OK. Ordering." and "OK. Shared."; the rest follow their pattern:
/// an action that starts something in progress says "OK. <verb>ing.", one that is done at once says
/// "OK. <past>." (see docs/dialogue.md).
public struct CategoryLines: Sendable, Equatable {
    public let confirmation: String
    public let success: String
    public let error: String
    public let declined: String
    /// The information category's answer is the app's own line: its default success ("OK.") is
    /// spoken only when the intent has no custom success line.
    public let successOnlyWithoutCustomLine: Bool

    init(verb: String, category: IntentCategory) {
        let forms = Self.forms[verb] ?? (verb + "ing", verb + "ed", false)
        confirmation = verb == "do" || verb == "go" ? "Ready to do that?" : "Ready to \(verb)?"
        if category == .information {
            success = "OK."
        } else {
            success = forms.doneAtOnce ? "OK. \(forms.past.capitalizedFirst)." : "OK. \(forms.gerund.capitalizedFirst)."
        }
        successOnlyWithoutCustomLine = category == .information
        error = verb == "do" || verb == "run" || verb == "go" || category == .generic
            ? "Sorry, I couldn't complete that."
            : "Sorry, I couldn't \(verb) that."
        declined = "OK, I won't \(verb == "go" ? "do" : verb) that."
    }

    /// Gerund, past, and whether success is reported as done rather than under way.
    private static let forms: [String: (gerund: String, past: String, doneAtOnce: Bool)] = [
        "do": ("doing", "done", true),
        "run": ("running", "running", false),
        "go": ("going", "done", true),
        "view": ("viewing", "viewed", false),
        "open": ("opening", "opened", false),
        "order": ("ordering", "ordered", false),
        "book": ("booking", "booked", false),
        "buy": ("buying", "bought", false),
        "start": ("starting", "started", false),
        "navigate": ("navigating", "navigated", false),
        "share": ("sharing", "shared", true),
        "post": ("posting", "posted", true),
        "send": ("sending", "sent", true),
        "create": ("creating", "created", true),
        "add": ("adding", "added", true),
        "search": ("searching", "searched", false),
        "find": ("finding", "found", false),
        "filter": ("filtering", "filtered", true),
        "download": ("downloading", "downloaded", false),
        "get": ("getting it", "got it", false),
        "set": ("setting", "set", true),
        "request": ("requesting", "requested", true),
        "toggle": ("toggling", "toggled", true),
        "check in": ("checking in", "checked in", true),
    ]
}

extension String {
    /// The string with its first character upper-cased.
    public var capitalizedFirst: String {
        guard let first else { return self }
        return first.uppercased() + dropFirst()
    }
}
