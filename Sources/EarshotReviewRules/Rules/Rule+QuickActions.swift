import EarshotMatching
import EarshotModel

extension Guideline {
    static let quickActionCount = Guideline(.quickActions, "Home Screen quick actions",
        "Every app should enable at least one useful quick action; you can provide a total of four.")
    static let quickActionTitle = Guideline(.quickActions, "Home Screen quick actions",
        "Provide a succinct title for each quick action … Don’t include your app name or any extraneous information in the title or subtitle, keep the text short to avoid truncation.")
    static let quickActionIcon = Guideline(.quickActions, "Home Screen quick actions",
        "Provide a recognizable icon for each quick action. Whenever possible, use the familiar system icons … Don't use an emoji in place of an icon.")
}

extension Rule {
    /// The most quick actions an app can show.
    static let maximumQuickActions = 4
    /// Longer titles are cut off on the Home Screen.
    static let quickActionTitleLength = 25
    static let quickActionSubtitleLength = 40

    /// Whether the app has a Home Screen: it runs on iPhone or iPad.
    static func hasHomeScreen(_ manifest: AppManifest) -> Bool {
        manifest.platforms.contains { $0 == "iOS" || $0 == "iPadOS" }
    }

    static let quickActionMissing = Rule("quick-action.missing", .warning, "An iPhone app offers at least one Home Screen quick action.",
                                         guideline: .quickActionCount) { context in
        guard hasHomeScreen(context.manifest), context.manifest.quickActions.isEmpty else { return [] }
        return [Finding(context.manifest.location(of: "app"), "\(context.manifest.name) has no Home Screen quick actions.",
                        fix: "Add 'quickActions:' with one to four of its most useful tasks: '- { title: …, icon: …, intent: … }'.")]
    }

    static let quickActionCount = Rule("quick-action.count", .error, "At most four Home Screen quick actions.",
                                       guideline: .quickActionCount) { context in
        let actions = context.manifest.quickActions
        guard actions.count > maximumQuickActions else { return [] }
        return [Finding(actions[maximumQuickActions].location,
                        "\(actions.count) quick actions; the Home Screen shows at most \(maximumQuickActions).",
                        fix: "Keep the \(maximumQuickActions) most useful ones.")]
    }

    static let quickActionAppName = Rule("quick-action.app-name", .warning, "Quick action titles and subtitles do not name the app.",
                                         guideline: .quickActionTitle) { context in
        var out: [Finding] = []
        for action in context.manifest.quickActions {
            for (key, text) in [("title", action.title), ("subtitle", action.subtitle)] {
                guard let text, let name = Language.mention(of: context.manifest.names, in: text) else { continue }
                out.append(Finding(context.locate(name, at: action.location(of: key)),
                                   "the quick action \(key) '\(text)' names the app (“\(name)”).",
                                   fix: "Remove it: the quick actions sit on the app's own icon."))
            }
        }
        return out
    }

    static let quickActionLength = Rule("quick-action.length", .warning,
                                        "Quick action titles are succinct (at most \(quickActionTitleLength) characters; subtitles \(quickActionSubtitleLength)).",
                                        guideline: .quickActionTitle) { context in
        var out: [Finding] = []
        for action in context.manifest.quickActions {
            if action.title.count > quickActionTitleLength {
                out.append(Finding(action.location(of: "title"),
                                   "the quick action title '\(action.title)' has \(action.title.count) characters; it may be cut off.",
                                   fix: "Say the result in two or three words, like “New message” or “Directions home”; put more in 'subtitle:'."))
            }
            if let subtitle = action.subtitle, subtitle.count > quickActionSubtitleLength {
                out.append(Finding(action.location(of: "subtitle"),
                                   "the quick action subtitle '\(subtitle)' has \(subtitle.count) characters; it may be cut off.",
                                   fix: "Shorten it to the one detail that helps choose."))
            }
        }
        return out
    }

    static let quickActionEmoji = Rule("quick-action.emoji", .warning, "Quick actions use a system icon, not an emoji.",
                                       guideline: .quickActionIcon) { context in
        var out: [Finding] = []
        for action in context.manifest.quickActions {
            for (key, text) in [("icon", action.icon), ("title", action.title), ("subtitle", action.subtitle)] {
                guard let text, Language.hasEmoji(text) else { continue }
                out.append(Finding(action.location(of: key), "the quick action '\(action.title)' has an emoji in its \(key).",
                                   fix: "Use a system icon ('icon: compose', or an SF Symbols name like 'square.and.pencil'); emoji are full colour and do not align."))
            }
        }
        return out
    }

    static let quickActionIcon = Rule("quick-action.icon", .warning,
                                      "Every quick action has a system icon (an icon type such as 'compose', or an SF Symbols name).",
                                      guideline: .quickActionIcon) { context in
        context.manifest.quickActions.compactMap { action in
            guard let icon = action.icon else {
                return Finding(action.location, "the quick action '\(action.title)' has no icon.",
                               fix: "Add 'icon:' with a system icon: an icon type like 'compose' or 'search', or an SF Symbols name.")
            }
            guard !Language.hasEmoji(icon), !Language.quickActionIconTypes.contains(icon), !Language.isSymbolName(icon) else { return nil }
            return Finding(action.location(of: "icon"), "the quick action icon '\(icon)' is neither a system icon type nor an SF Symbols name.",
                           fix: "Use an icon type (\(Language.quickActionIconTypes.sorted().prefix(6).joined(separator: ", ")), …) or an SF Symbols name.")
        }
    }
}
