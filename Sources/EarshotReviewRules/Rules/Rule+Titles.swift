import EarshotMatching
import EarshotModel
import Foundation

extension Guideline {
    static let titleVerb = Guideline(.shortcutsAndSuggestions, "Create shortcut titles and subtitles",
        "Start titles with a verb and use sentence-style capitalization without punctuation. Think of a shortcut title as a brief instruction.")
    static let titleAppName = Guideline(.shortcutsAndSuggestions, "Create shortcut titles and subtitles",
        "Exclude your app name. The system already identifies the app associated with a shortcut.")
    static let shortTitleAndImage = Guideline(.appShortcutsSession, "Short title and system image",
        "Every App Shortcut needs a short title and a system image: they are what people first see of it in Spotlight and Shortcuts.")
}

extension Rule {
    /// A title people see: an intent's title or a shortcut's short title.
    struct Title {
        var text: String
        var what: String
        var location: SourceLocation
    }

    static func titles(_ context: ReviewContext) -> [Title] {
        guard context.isEnglish else { return [] }
        var out = context.manifest.intents.map { Title(text: $0.title, what: "the title of \($0.id)", location: $0.location(of: "title")) }
        for shortcut in context.manifest.shortcuts {
            if let short = shortcut.shortTitle {
                out.append(Title(text: short, what: "the short title of the \(shortcut.intent) shortcut", location: shortcut.location(of: "shortTitle")))
            }
        }
        return out
    }

    /// Names a title may capitalise: the app's, its values', and words its dialogue capitalises inside
    /// a sentence.
    static func properNames(_ context: ReviewContext) -> [String] {
        var names = context.allNames
        for set in context.manifest.enums + context.manifest.entities {
            names += set.values.flatMap(\.spokenForms)
        }
        let appWords = Set(context.allNames.flatMap { Language.words($0) })
        for line in dialogueLines(context) {
            let words = line.text.split(separator: " ")
            for (index, word) in words.enumerated() where index > 0 {
                let previous = words[index - 1]
                guard let last = previous.last, !".!?:".contains(last), word.first?.isUppercase == true else { continue }
                let clean = word.trimmingCharacters(in: .punctuationCharacters)
                // The app's own name is removed whole; its words alone ("Soup") are no names.
                if clean.count > 1, !appWords.contains(clean.lowercased()) { names.append(clean) }
            }
        }
        return names
    }

    static let titleVerb = Rule("title.verb", .warning, "Intent titles and short titles start with a verb.",
                                guideline: .titleVerb) { context in
        titles(context).compactMap { title in
            guard let word = Language.firstWord(title.text), !Language.isVerb(word) else { return nil }
            return Finding(title.location, "\(title.what), '\(title.text)', does not start with a verb.",
                           fix: "Start with what the shortcut does, like 'Order my favorite coffee' rather than 'Large latte'.")
        }
    }

    static let titleSentenceCase = Rule("title.sentence-case", .warning, "Intent titles, short titles and parameter summaries use sentence case.",
                                        guideline: .titleVerb) { context in
        let names = properNames(context)
        let summaryTitles = context.isEnglish ? context.manifest.intents.flatMap { intent in
            summaries(intent).map { Title(text: $0.text, what: "the summary of \(intent.id)", location: $0.location) }
        } : []
        return (titles(context) + summaryTitles).compactMap { title in
            let capitals = Language.titleCaseWords(title.text, names: names)
            let lowerStart = title.text.first.map { $0.isLetter && $0.isLowercase } ?? false
            guard !capitals.isEmpty || lowerStart else { return nil }
            var fixed = title.text
            for word in capitals {
                fixed = fixed.replacingOccurrences(of: "\\b\(word)\\b", with: word.lowercased(), options: .regularExpression)
            }
            if lowerStart { fixed = fixed.prefix(1).uppercased() + fixed.dropFirst() }
            let what = lowerStart ? "starts with a small letter" : "capitalises \(capitals.map { "“\($0)”" }.joined(separator: ", "))"
            return Finding(title.location, "\(title.what), '\(title.text)', \(what): titles use sentence case.",
                           fix: "Write '\(fixed)': a capital for the first word and for names only.")
        }
    }

    static let titlePunctuation = Rule("title.punctuation", .warning, "Intent titles and short titles end without punctuation.",
                                       guideline: .titleVerb) { context in
        titles(context).compactMap { title in
            guard Language.endsWithPunctuation(title.text) else { return nil }
            let trimmed = title.text.trimmingCharacters(in: .whitespaces)
            return Finding(SourceLocation(file: title.location.file, line: title.location.line,
                                          column: title.location.column.map { $0 + trimmed.count - 1 }),
                           "\(title.what), '\(title.text)', ends with “\(trimmed.last!)”.",
                           fix: "Remove it: a title is a brief instruction, not a sentence.")
        }
    }

    static let titleAppName = Rule("title.app-name", .warning, "Intent titles and short titles do not name the app.",
                                   guideline: .titleAppName) { context in
        titles(context).compactMap { title in
            guard let name = Language.mention(of: context.manifest.names, in: title.text) else { return nil }
            return Finding(context.locate(name, at: title.location), "\(title.what), '\(title.text)', names the app (“\(name)”).",
                           fix: "Remove the app's name: the system shows which app the shortcut belongs to.")
        }
    }

    static let shortcutShortTitle = Rule("shortcut.short-title", .warning, "Every App Shortcut has a short title.",
                                         guideline: .shortTitleAndImage) { context in
        context.manifest.shortcuts.compactMap { shortcut in
            guard shortcut.shortTitle == nil else { return nil }
            let title = context.manifest.intent(shortcut.intent)?.title ?? shortcut.intent
            return Finding(shortcut.location, "the \(shortcut.intent) shortcut has no short title.",
                           fix: "Add 'shortTitle:' with a few words that start with a verb, like '\(title)'.")
        }
    }

    static let shortcutSystemImage = Rule("shortcut.system-image", .warning, "Every App Shortcut has a system image.",
                                          guideline: .shortTitleAndImage) { context in
        context.manifest.shortcuts.compactMap { shortcut in
            guard shortcut.systemImage == nil else { return nil }
            return Finding(shortcut.location, "the \(shortcut.intent) shortcut has no system image.",
                           fix: "Add 'systemImage:' with an SF Symbols name that shows what it does, like 'cup.and.saucer'.")
        }
    }

    static let shortcutSystemImageName = Rule("shortcut.system-image-name", .warning,
                                              "A shortcut's system image is an SF Symbols name (lower-case words joined by dots).",
                                              guideline: .shortTitleAndImage) { context in
        context.manifest.shortcuts.compactMap { shortcut in
            guard let image = shortcut.systemImage, !Language.isSymbolName(image) else { return nil }
            let emoji = Language.hasEmoji(image)
            return Finding(shortcut.location(of: "systemImage"),
                           "the \(shortcut.intent) shortcut's system image '\(image)' \(emoji ? "is an emoji" : "is not an SF Symbols name").",
                           fix: "Use an SF Symbols name such as 'cart' or 'list.bullet' (lower case, words joined by dots).")
        }
    }
}
