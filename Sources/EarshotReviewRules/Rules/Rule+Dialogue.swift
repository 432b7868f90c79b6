import EarshotMatching
import EarshotModel

extension Guideline {
    static let dialogAppName = Guideline(.customIntents, "Enhance the voice experience for custom intents",
        "Exclude your app name. The system provides verbal and visual attribution for your app when responding to people.")
    static let dialogVoiceOnly = Guideline(.customIntents, "Enhance the voice experience for custom intents",
        "People may perform your app’s tasks from their HomePod … without looking at a screen. In these cases, the voice response should convey the same essential information that the visual elements display.")
    static let dialogClear = Guideline(.customIntents, "Enhance the voice experience for custom intents",
        "If you ask follow-up questions, be sure to customize the default dialogue for clarity. For example, “Which soup?” is clearer than “Which one?”")
    static let dialogPronouns = Guideline(.customIntents, "Enhance the voice experience for custom intents",
        "Avoid using personal pronouns. Create content that’s inclusive of all people.")
    static let dialogAdvertising = Guideline(.customIntents, "Enhance the voice experience for custom intents",
        "Don’t advertise. Don’t include advertisements, marketing, or in-app purchase sales pitches in your intent content.")
    static let dialogSiri = Guideline(.customIntents, "Enhance the voice experience for custom intents",
        "Don’t attempt to mimic or manipulate Siri. Your app should never impersonate Siri … or provide a response that appears to come from Apple.")
    static let dialogDevice = Guideline(.customIntents, "Enhance the voice experience for custom intents",
        "Keep responses device-independent. People may use Siri to interact with your app on Apple Watch, HomePod, iPad, iPhone, or through CarPlay.")
    static let followUps = Guideline(.customIntents, "Help people customize their requests",
        "Design intents that require as few follow-up questions as possible … In most cases, it’s best to offer just one or two follow-up questions.")
    static let confirmOnce = Guideline(.customIntents, "Help people customize their requests",
        "Ask for confirmation only when necessary … In all cases, avoid asking for confirmation more than once.")
    static let orderConfirmation = Guideline(.customIntents, "Custom intent categories and responses",
        "The customized confirmation dialogue would begin with something like, “Your large coffee with cream comes to $2.50.” and end with the default dialogue, “Ready to order?”")
    static let informationCategory = Guideline(.customIntents, "Design a custom intent",
        "If your action’s primary purpose is to retrieve information or show something to people — like displaying a sports score or the weather — use the information category. Using a different category requires people to make additional taps.")
}

extension Rule {
    /// A line the device may say for the app.
    struct Line {
        var text: String
        var what: String
        var location: SourceLocation
        /// Spoken on devices that speak the full dialogue (voice-only ones); `false` for `successSupporting`.
        var full: Bool
    }

    static func dialogueLines(_ context: ReviewContext) -> [Line] {
        var out: [Line] = []
        for intent in context.manifest.intents {
            let dialog = intent.dialog
            let lines: [(String, Template?)] = [("confirmation", dialog.confirmation), ("success", dialog.success),
                                                ("successSupporting", dialog.successSupporting)]
                + dialog.errors.map { ("errors.\($0.key)", $0.line) }
            for (key, template) in lines {
                guard let template else { continue }
                out.append(Line(text: template.text, what: "dialog.\(key) of \(intent.id)",
                                location: dialog.locations[key] ?? intent.location(of: "dialog"), full: key != "successSupporting"))
            }
            for parameter in intent.parameters {
                if let prompt = parameter.prompt {
                    out.append(Line(text: prompt, what: "the prompt for \(parameter.id) of \(intent.id)", location: parameter.location(of: "prompt"), full: true))
                }
                if let question = parameter.confirmDefault {
                    out.append(Line(text: question, what: "confirmDefault of \(parameter.id) of \(intent.id)",
                                    location: parameter.location(of: "confirmDefault"), full: true))
                }
            }
        }
        return out
    }

    /// The literal words of a line (placeholders left out), normalised.
    static func literalWords(_ text: String) -> String {
        Template(text).pieces.map { piece -> String in
            if case .text(let text) = piece { return Normalizer.normalize(text) }
            return "|"
        }.joined(separator: " ")
    }

    /// The first of `phrases` the line says, as whole words (both normalised alike, so "she's" is found
    /// in "She's on her way").
    static func says(_ line: Line, any phrases: [String]) -> String? {
        let words = literalWords(line.text)
        return phrases.first { Language.contains(words, Normalizer.normalize($0)) }
    }

    /// The first of `patterns` (regular expressions, case ignored) the line's text matches, as written.
    static func matches(_ line: Line, any patterns: [String]) -> String? {
        let text = Template(line.text).pieces.map { piece -> String in
            if case .text(let text) = piece { return text }
            return "{…}"
        }.joined()
        for pattern in patterns {
            if let range = text.range(of: pattern, options: [.regularExpression, .caseInsensitive]) { return String(text[range]) }
        }
        return nil
    }

    static func lineRule(_ id: String, _ severity: Severity, _ summary: String, guideline: Guideline, fullOnly: Bool = false,
                         englishOnly: Bool = true,
                         _ finding: @escaping @Sendable (ReviewContext, Line) -> Finding?) -> Rule {
        Rule(id, severity, summary, guideline: guideline) { context in
            guard !englishOnly || context.isEnglish else { return [] }
            return dialogueLines(context).filter { !fullOnly || $0.full }.compactMap { finding(context, $0) }
        }
    }

    static let dialogAppName = lineRule("dialog.app-name", .warning, "Dialogue does not name the app.",
                                        guideline: .dialogAppName, englishOnly: false) { context, line in
        guard let name = Language.mention(of: context.allNames, in: line.text) else { return nil }
        return Finding(context.locate(name, at: line.location), "\(line.what) names the app (“\(name)”): '\(line.text)'.",
                       fix: "Remove the name: the device says which app answers (“Soup Chef says…”) for the first runs, then leaves it out.")
    }

    /// Wording that needs a screen: a command to touch it, or pointing at what it shows.
    static let screenPatterns = [
        #"\b(tap|click|press|touch)( on)? (the|a|an|this|that|here|below|above|it|to|and)\b"#, #"\btap(ping)? here\b"#, #"\bswipe\b"#,
        #"\bscroll (up|down)\b"#, #"\b(see|shown|listed|displayed|pictured) (below|above|here)\b"#, #"\bon (the |your )?screen\b"#,
        #"\bonscreen\b"#, #"\bhere's what i found\b"#, #"\bhere is what i found\b"#, #"\bas you can see\b"#,
        #"\blook at (the|your) (screen|display|list)\b"#,
    ]

    static let dialogScreenWords = lineRule("dialog.screen-words", .warning,
                                            "Full dialogue (spoken by voice-only devices) does not need a screen: no “tap”, “below”, “on screen”.",
                                            guideline: .dialogVoiceOnly, fullOnly: true) { context, line in
        guard let word = matches(line, any: screenPatterns) else { return nil }
        let voiceOnly = context.profiles.filter { $0.dialog == .full && $0.screen == .none }.map(\.id)
        let devices = voiceOnly.isEmpty ? "voice-only devices" : "voice-only devices (\(voiceOnly.joined(separator: ", ")))"
        return Finding(context.locate(word, at: line.location),
                       "\(line.what) says “\(word)”, but \(devices) speak it with no screen: '\(line.text)'.",
                       fix: "Say the information itself; put screen wording only in successSupporting, which devices with a screen speak.")
    }

    /// Questions that could ask for anything.
    static let vaguePatterns = [
        #"^(which|what)( one)?$"#, #"^which (one|option|item|value|thing|of these|of them)\b"#, #"^what (one|would you like|do you want)$"#,
        #"^(choose|pick|select) (one|an option|an item|something)\b"#, #"^(choose|pick|select)$"#,
    ]

    static let dialogVaguePrompt = Rule("dialog.vague-prompt", .warning, "Follow-up questions name what they ask for (“Which soup?”, not “Which one?”).",
                                        guideline: .dialogClear) { context in
        guard context.isEnglish else { return [] }
        var out: [Finding] = []
        for intent in context.manifest.intents {
            for parameter in intent.parameters {
                let question = parameter.question
                // Words, not the matcher's normalisation, which writes "one" as "1". A question that names the
                // parameter, its type or one of its values is specific whatever its wording.
                let words = Language.words(question).joined(separator: " ")
                var specific = Set(Language.words(parameter.title) + Language.words(parameter.id))
                if let id = parameter.type.valueSetID, let set = context.manifest.valueSet(id) {
                    specific.formUnion(Language.words(set.title) + set.values.flatMap { $0.spokenForms.flatMap(Language.words) })
                }
                specific.subtract(["one", "item", "option", "value", "thing", "a", "the"])
                let vague = vaguePatterns.contains { words.range(of: $0, options: .regularExpression) != nil }
                    || vaguePatterns.contains { Language.words(parameter.title).joined(separator: " ").range(of: $0, options: .regularExpression) != nil }
                guard vague, specific.isDisjoint(with: Language.words(question)) || Language.words(parameter.title).allSatisfy({ ["item", "option", "value", "thing", "one"].contains($0) }) else { continue }
                let located = parameter.prompt != nil ? parameter.location(of: "prompt") : parameter.location(of: "title")
                out.append(Finding(located, "the question for \(parameter.id) of \(intent.id), '\(question)', does not say what it asks for.",
                                   fix: "Name the thing, like “Which soup?” or “Which address?”."))
            }
        }
        return out
    }

    static let genderedPronouns = ["he", "she", "him", "her", "his", "hers", "himself", "herself", "he's", "she's", "he'll", "she'll",
                                   "he'd", "she'd", "guys", "sir", "ma'am", "madam", "ladies", "gentlemen"]

    static let dialogGenderedPronoun = lineRule("dialog.gendered-pronoun", .warning, "Dialogue uses no gendered pronouns.",
                                                guideline: .dialogPronouns) { context, line in
        guard let word = says(line, any: genderedPronouns) else { return nil }
        return Finding(context.locate(word, at: line.location), "\(line.what) says “\(word)”: '\(line.text)'.",
                       fix: "Use the person's name from a placeholder, “they”, or reword without a pronoun.")
    }

    /// Sales wording: offers, upgrades, codes, calls to buy or rate.
    static let advertisingPatterns = [
        #"\bupgrade (to|now)\b"#, #"\bgo (premium|pro|plus)\b"#, #"\btry (our|the) \w+"#, #"\bunlock (premium|pro|plus|more|all|every)\b"#,
        #"\b\d+ ?% off\b"#, #"\b(use|enter) (the )?(promo )?code\b"#, #"\bpromo code\b"#, #"\bsign up\b"#, #"\bsubscribe (to|now|today)\b"#,
        #"\bbuy now\b"#, #"\bfree trial\b"#, #"\bin-? ?app purchases?\b"#, #"\brate us\b"#, #"\b(download|check out) our\b"#,
        #"\blimited[- ]time\b"#, #"\bspecial offer\b"#, #"\bdon't miss (out|our)\b"#,
    ]

    static let dialogAdvertising = lineRule("dialog.advertising", .warning, "Dialogue has no advertising or in-app purchase pitch.",
                                            guideline: .dialogAdvertising) { context, line in
        guard let word = matches(line, any: advertisingPatterns) else { return nil }
        return Finding(context.locate(word, at: line.location), "\(line.what) sounds like a sales pitch (“\(word)”): '\(line.text)'.",
                       fix: "Say only what the shortcut did or needs; keep offers in the app.")
    }

    static let dialogImpersonatesSiri = lineRule("dialog.impersonates-siri", .error, "Dialogue never speaks as Siri or Apple.",
                                                 guideline: .dialogSiri, englishOnly: false) { context, line in
        // Speaking as Siri or Apple, not mentioning them ("You can ask Siri to reorder" is fine).
        guard let hit = matches(line, any: [#"\b(i'm|i am|this is|it's) siri\b"#, #"\bsiri (here|says|speaking)\b"#, #"^siri\b"#,
                                            #"\bapple (says|recommends|suggests)\b"#, #"\b(from|this is) apple\b"#]) else { return nil }
        return Finding(context.locate(hit, at: line.location), "\(line.what) speaks of or as “\(hit)”: '\(line.text)'.",
                       fix: "Speak for the app only; the device is the one that is Siri.")
    }

    /// Devices named as the one people are using.
    static let devicePatterns = [
        #"\b(iPhone|iPad|HomePod|CarPlay|Apple Watch)\b"#, #"\byour (watch|phone)\b(?! (list|bill|number|plan|case|band|strap))"#,
        #"(?-i)\bMac\b"#,
    ]

    static let dialogDeviceSpecific = lineRule("dialog.device-specific", .warning, "Dialogue does not name a device.",
                                               guideline: .dialogDevice) { context, line in
        guard let word = matches(line, any: devicePatterns) else { return nil }
        return Finding(context.locate(word, at: line.location), "\(line.what) names a device (“\(word)”), but any device may speak it: '\(line.text)'.",
                       fix: "Word it so it is true on every device; the device itself says when to continue on the iPhone.")
    }

    /// The most follow-up questions a path of a conversation should ask.
    static let maximumFollowUps = 2

    /// The questions the longest conversation started by `phrase` asks: ask for values missing, offer
    /// defaults with `confirmDefault`, and follow chained parameters for every value that enables them.
    static func followUps(of intent: Intent, phrase: Phrase, manifest: AppManifest) -> [String] {
        let given = Set(phrase.template.placeholders)
        var longest: [String] = []
        var visited = 0
        func values(_ parameter: Parameter) -> [String] {
            guard let id = parameter.type.valueSetID, let set = manifest.valueSet(id), !set.values.isEmpty else { return ["*"] }
            return set.values.map(\.id)
        }
        func walk(_ index: Int, _ chosen: [String: String], _ asked: [String]) {
            visited += 1
            guard visited < 20_000 else { return }
            guard index < intent.parameters.count else {
                if asked.count > longest.count { longest = asked }
                return
            }
            let parameter = intent.parameters[index]
            guard parameter.when.allSatisfy({ chosen[$0.parameter] == $0.value }) else { return walk(index + 1, chosen, asked) }
            if given.contains(parameter.id) {
                for value in values(parameter) { walk(index + 1, chosen.merging([parameter.id: value]) { $1 }, asked) }
            } else if parameter.optional {
                walk(index + 1, chosen, asked)
            } else if let value = parameter.defaultValue, parameter.confirmDefault == nil {
                walk(index + 1, chosen.merging([parameter.id: value]) { $1 }, asked)
            } else {
                for value in values(parameter) { walk(index + 1, chosen.merging([parameter.id: value]) { $1 }, asked + [parameter.id]) }
            }
        }
        walk(0, [:], [])
        return longest
    }

    static let dialogFollowUps = Rule("dialog.follow-ups", .warning,
                                      "At most \(maximumFollowUps) follow-up questions on any path of a conversation.",
                                      guideline: .followUps) { context in
        var out: [Finding] = []
        for shortcut in context.manifest.shortcuts {
            guard let intent = context.manifest.intent(shortcut.intent) else { continue }
            let paths = shortcut.phrases.map { ($0, followUps(of: intent, phrase: $0, manifest: context.manifest)) }
            guard let worst = paths.max(by: { $0.1.count < $1.1.count }), worst.1.count > maximumFollowUps else { continue }
            out.append(Finding(worst.0.location,
                               "after '\(worst.0.text)', \(intent.id) can ask \(worst.1.count) follow-up questions (\(worst.1.joined(separator: ", "))).",
                               fix: "Ask one or two: give parameters defaults, make some optional, or put them in the phrases."))
        }
        return out
    }

    static let dialogConfirmTwice = Rule("dialog.confirm-twice", .warning, "Confirmation is asked once: the custom confirmation line asks no question of its own.",
                                         guideline: .confirmOnce) { context in
        context.manifest.intents.compactMap { intent in
            guard intent.needsConfirmation, let line = intent.dialog.confirmation, line.text.contains("?") else { return nil }
            let question = intent.category.lines(verb: intent.verb).confirmation
            return Finding(intent.dialog.locations["confirmation"] ?? intent.location,
                           "dialog.confirmation of \(intent.id) asks a question, and the device then asks “\(question)”: two confirmations in a row.",
                           fix: "State what will happen (“Your Clam Chowder comes to $4.50.”) and let the device ask “\(question)”.")
        }
    }

    static let dialogOrderConfirmation = Rule("dialog.order-confirmation", .warning,
                                              "An order-category intent has a custom confirmation that states what will be bought.",
                                              guideline: .orderConfirmation) { context in
        context.manifest.intents.compactMap { intent in
            guard intent.category == .order else { return nil }
            guard let line = intent.dialog.confirmation else {
                return Finding(intent.location(of: "category"),
                               "\(intent.id) orders something but has no dialog.confirmation: people hear only “\(intent.category.lines(verb: intent.verb).confirmation)”.",
                               fix: "Add 'dialog: confirmation:' that says what and how much, like 'Your {item} comes to {total}.'.")
            }
            // What is bought: a parameter, or words beyond the generic frame ("Your usual oat latte comes
            // to $5.25." says it; "Your order comes to {total}." does not).
            if line.placeholders.contains(where: { intent.parameter($0) != nil }) { return nil }
            let literal = Template(line.text).pieces.compactMap { piece -> String? in
                if case .text(let text) = piece { return text }
                return nil
            }.joined(separator: " ")
            let content = Language.words(literal).filter { word in !genericOrderWords.contains(word) && !word.allSatisfy { $0.isNumber } }
            if !content.isEmpty { return nil }
            return Finding(intent.dialog.locations["confirmation"] ?? intent.location,
                           "dialog.confirmation of \(intent.id), '\(line.text)', does not say what will be bought.",
                           fix: "Name the order in it with placeholders, like 'Your {item} comes to {total}.'.")
        }
    }

    /// Words of an order confirmation that say nothing of what is bought.
    static let genericOrderWords: Set<String> = [
        "your", "order", "orders", "total", "comes", "come", "to", "is", "the", "of", "a", "an", "cost", "costs", "price", "amount",
        "it", "that", "this", "will", "be", "and", "for", "ready", "thanks", "thank", "you", "ordering", "purchase", "cart", "confirm",
        "sure", "are", "want", "do", "all", "in", "at", "items", "item", "everything", "so", "far", "now",
    ]

    static let categoryInformation = Rule("category.information", .warning,
                                          "An intent that only shows information is in the information category.",
                                          guideline: .informationCategory) { context in
        guard context.isEnglish else { return [] }
        return context.manifest.intents.compactMap { intent in
            // Never the order category: it confirms and authenticates, which money needs.
            guard intent.category != .information, intent.category != .order, let verb = Language.firstWord(intent.title),
                  Language.informationVerbs.contains(verb) else { return nil }
            let words = Language.words(intent.title)
            let second = words.dropFirst().first ?? ""
            if verb == "check", ["in", "off", "out"].contains(second) { return nil }
            if verb == "tell", second != "me" { return nil }
            return Finding(intent.location(of: "category"),
                           "\(intent.id), '\(intent.title)', shows information but is in the \(intent.category.rawValue) category.",
                           fix: "Use 'category: information' (its verbs: view, open); other categories make people tap to see the result.")
        }
    }
}
