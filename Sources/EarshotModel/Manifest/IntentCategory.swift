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
        let forms = Self.forms[verb] ?? (verb, verb + "ing", verb + "ed", false)
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

    /// base, gerund, past, and whether success is reported as done rather than under way.
    private static let forms: [String: (base: String, gerund: String, past: String, doneAtOnce: Bool)] = [
        "do": ("do", "doing", "done", true),
        "run": ("run", "running", "running", false),
        "go": ("go", "going", "done", true),
        "view": ("view", "viewing", "viewed", false),
        "open": ("open", "opening", "opened", false),
        "order": ("order", "ordering", "ordered", false),
        "book": ("book", "booking", "booked", false),
        "buy": ("buy", "buying", "bought", false),
        "start": ("start", "starting", "started", false),
        "navigate": ("navigate", "navigating", "navigated", false),
        "share": ("share", "sharing", "shared", true),
        "post": ("post", "posting", "posted", true),
        "send": ("send", "sending", "sent", true),
        "create": ("create", "creating", "created", true),
        "add": ("add", "adding", "added", true),
        "search": ("search", "searching", "searched", false),
        "find": ("find", "finding", "found", false),
        "filter": ("filter", "filtering", "filtered", true),
        "download": ("download", "downloading", "downloaded", false),
        "get": ("get", "getting it", "got it", false),
        "set": ("set", "setting", "set", true),
        "request": ("request", "requesting", "requested", true),
        "toggle": ("toggle", "toggling", "toggled", true),
        "check in": ("check in", "checking in", "checked in", true),
    ]
}

extension String {
    /// The string with its first character upper-cased.
    public var capitalizedFirst: String {
        guard let first else { return self }
        return first.uppercased() + dropFirst()
    }
}
