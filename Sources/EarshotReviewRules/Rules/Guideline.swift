/// Where a rule comes from: a passage of Apple's guidance (the project's seeds).
public struct Guideline: Sendable, Codable, Hashable {
    /// A document of Apple's guidance.
    public enum Source: String, Sendable, Codable, CaseIterable {
        /// HIG, Siri: "Shortcuts and suggestions" (seeds 000 and 004).
        case shortcutsAndSuggestions
        /// HIG, Siri: "Custom intents" (seed 001).
        case customIntents
        /// WWDC23 "Spotlight your app with App Shortcuts" (seed 002).
        case appShortcutsSession
        /// HIG, iOS: "Home Screen quick actions" (seed 003).
        case quickActions
        /// Earshot's own rules about the review itself (silences).
        case earshot

        public var title: String {
            switch self {
            case .shortcutsAndSuggestions: "Human Interface Guidelines › Siri › Shortcuts and suggestions"
            case .customIntents: "Human Interface Guidelines › Siri › Custom intents"
            case .appShortcutsSession: "WWDC23 “Spotlight your app with App Shortcuts”"
            case .quickActions: "Human Interface Guidelines › Home Screen quick actions"
            case .earshot: "Earshot › earshot check (docs/check.md)"
            }
        }

        /// Where to read it; `nil` for Earshot's own rules.
        public var url: String? {
            switch self {
            case .shortcutsAndSuggestions, .customIntents: "https://developer.apple.com/design/human-interface-guidelines/siri"
            case .appShortcutsSession: "https://developer.apple.com/videos/play/wwdc2023/10102/"
            case .quickActions: "https://developer.apple.com/design/human-interface-guidelines/home-screen-quick-actions"
            case .earshot: nil
            }
        }

        /// The seed files under `shared/seeds/` that hold it.
        public var seeds: [String] {
            switch self {
            case .shortcutsAndSuggestions: ["000", "004"]
            case .customIntents: ["001"]
            case .appShortcutsSession: ["002"]
            case .quickActions: ["003"]
            case .earshot: []
            }
        }
    }

    public var source: Source
    /// The heading the passage sits under.
    public var section: String
    /// The guidance, in its own words (seed 002, a Korean transcript, in English).
    public var quote: String

    init(_ source: Source, _ section: String, _ quote: String) {
        self.source = source
        self.section = section
        self.quote = quote
    }

    /// "Source › Section: “quote”".
    public var citation: String { "\(source.title) › \(section): “\(quote)”" }
}
