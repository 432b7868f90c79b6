/// One app as its Swift code would declare it with App Intents: the spoken name, intents,
/// value types, App Shortcuts and negative phrases. Loaded from `app.yaml` (or JSON).
public struct AppManifest: Sendable {
    /// The spoken app name: what `{applicationName}` stands for.
    public var name: String
    /// Other names people use for the app; each works wherever the name does.
    public var synonyms: [String]
    /// Where the app is installed (`iOS`, `watchOS`, ...).
    public var platforms: [String]
    /// The "Enable App Shortcuts Flexible Matching" build setting.
    public var flexibleMatching: Bool
    /// The locale of the phrases and dialogue.
    public var locale: String
    /// Enums (`AppEnum`) by id, in file order.
    public var enums: [ValueSet]
    /// Entities (`AppEntity`) with their suggested values, in file order.
    public var entities: [ValueSet]
    /// The intents, in file order.
    public var intents: [Intent]
    /// The App Shortcuts, at most ten.
    public var shortcuts: [Shortcut]
    /// Utterances that must never reach this app.
    public var negativePhrases: [Phrase]
    /// More phrases per locale (the AppShortcuts String Catalog).
    public var localizations: [Localization]
    /// Home Screen quick actions (`UIApplicationShortcutItem`s), at most four.
    public var quickActions: [QuickAction]
    /// Review rules of `earshot check` this manifest silences, each with its reason.
    public var silenced: [Silence]
    /// Where each top-level key's value was written (`app`, `synonyms`, `quickActions`...).
    public var fieldLocations: [String: SourceLocation]
    /// The file it was loaded from.
    public var source: SourceLocation
    /// The folder handlers run in.
    public var directory: String

    /// Where `key`'s value was written, or the file.
    public func location(of key: String) -> SourceLocation { fieldLocations[key] ?? source }

    /// The app name and its synonyms: every way `{applicationName}` can be said.
    public var names: [String] { [name] + synonyms }

    /// The intent with this id.
    public func intent(_ id: String) -> Intent? { intents.first { $0.id == id } }

    /// The enum or entity with this id.
    public func valueSet(_ id: String) -> ValueSet? {
        enums.first { $0.id == id } ?? entities.first { $0.id == id }
    }

    /// The shortcut that runs this intent, if any.
    public func shortcut(for intentID: String) -> Shortcut? { shortcuts.first { $0.intent == intentID } }

    /// The app's spoken name in `locale`.
    public func names(in locale: String) -> [String] {
        guard let localization = localizations.first(where: { $0.locale == locale }) else { return names }
        return [localization.name ?? name] + (localization.synonyms ?? synonyms)
    }

    /// Every locale the app has phrases for.
    public var locales: [String] { [locale] + localizations.map(\.locale).filter { $0 != locale } }
}

/// An enum's cases or an entity's suggested values: the values a parameter can take that are known ahead.
public struct ValueSet: Sendable {
    public enum Kind: String, Sendable { case enumeration = "enum", entity }
    public var id: String
    public var kind: Kind
    /// The type's display title.
    public var title: String
    /// In the app's order (its ranking).
    public var values: [Value]
    public var location: SourceLocation

    public func value(_ id: String) -> Value? { values.first { $0.id == id } }
}

/// One enum case or entity.
public struct Value: Sendable, Hashable, Codable {
    public var id: String
    public var title: String
    public var synonyms: [String]

    public init(id: String, title: String, synonyms: [String] = []) {
        self.id = id
        self.title = title
        self.synonyms = synonyms
    }

    /// The title and synonyms: every way the value can be said.
    public var spokenForms: [String] { [title] + synonyms }

    enum CodingKeys: String, CodingKey { case id, title, synonyms }

    /// `{"id": ..., "title": ..., "synonyms": [...]}`; the title defaults to the id, synonyms to none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        title = try container.decodeIfPresent(String.self, forKey: .title) ?? id
        synonyms = try container.decodeIfPresent([String].self, forKey: .synonyms) ?? []
    }
}

/// What a parameter holds.
public enum ParameterType: Sendable, Hashable, CustomStringConvertible {
    case string, integer, decimal, boolean, date, duration, currency
    /// An enum or entity of the manifest, by id.
    case values(String)

    static let builtins: [String: ParameterType] = [
        "string": .string, "integer": .integer, "decimal": .decimal, "boolean": .boolean,
        "date": .date, "duration": .duration, "currency": .currency,
    ]

    public var description: String {
        switch self {
        case .values(let id): id
        case .string: "string"
        case .integer: "integer"
        case .decimal: "decimal"
        case .boolean: "boolean"
        case .date: "date"
        case .duration: "duration"
        case .currency: "currency"
        }
    }

    /// The enum or entity id, for a parameter whose values are known ahead.
    public var valueSetID: String? {
        if case .values(let id) = self { return id }
        return nil
    }
}

/// A parameter of an intent.
public struct Parameter: Sendable {
    public var id: String
    public var title: String
    public var type: ParameterType
    /// `requestValueDialog`; when absent, "Which <title>?".
    public var prompt: String?
    /// A default value id (or literal for open types).
    public var defaultValue: String?
    /// Offered as a yes/no question before listing the options.
    public var confirmDefault: String?
    /// An optional parameter is never asked for (App Shortcuts only prompt for required ones).
    public var optional: Bool
    /// Asked only when these parameters hold these value ids.
    public var when: [Condition]
    public var location: SourceLocation
    /// Where each key's value was written (`prompt`, `confirmDefault`...).
    public var fieldLocations: [String: SourceLocation]

    /// Where `key`'s value was written, or the parameter's own place.
    public func location(of key: String) -> SourceLocation { fieldLocations[key] ?? location }

    /// The question that asks for this parameter.
    public var question: String { prompt ?? "Which \(title.lowercased())?" }
}

/// `when: { parent: value }` on a chained parameter, or on a result case.
public struct Condition: Sendable, Hashable {
    public var parameter: String
    public var value: String
    public var location: SourceLocation
}

/// An intent: what the app can do.
public struct Intent: Sendable {
    public var id: String
    public var title: String
    public var category: IntentCategory
    /// The verb the dialogue uses: the category's default verb or one of its additional verbs.
    public var verb: String
    /// The parameter summary (`ParameterSummary`); with ``summaryVariants``, the one used otherwise.
    public var summary: String?
    /// Summaries for values of a parent parameter (`When(...) { Summary(...) } otherwise: ...`), first match wins.
    public var summaryVariants: [SummaryVariant]
    public var opensApp: Bool
    /// Ask before performing even outside the categories that always do.
    public var requiresConfirmation: Bool
    public var parameters: [Parameter]
    public var dialog: Dialog
    public var result: ResultSpec
    /// `[program, args...]` run for each perform instead of `result`.
    public var handler: [String]?
    public var location: SourceLocation
    /// Where each key's value was written (`title`, `summary`, `category`...).
    public var fieldLocations: [String: SourceLocation]

    public func parameter(_ id: String) -> Parameter? { parameters.first { $0.id == id } }

    /// Where `key`'s value was written, or the intent's own place.
    public func location(of key: String) -> SourceLocation { fieldLocations[key] ?? location }

    /// The summary for these parameter values (ids): the first variant whose conditions hold, else ``summary``.
    public func summary(for values: [String: String]) -> String? {
        summaryVariants.first { variant in variant.when.allSatisfy { values[$0.parameter] == $0.value } }?.text ?? summary
    }

    /// Whether the device asks "Ready to ...?" before performing.
    public var needsConfirmation: Bool { requiresConfirmation || category.requiresConfirmation }
}

/// The custom lines of an intent (`IntentDialog`s), templates over parameters and result values.
public struct Dialog: Sendable {
    public var confirmation: Template?
    public var success: Template?
    public var successSupporting: Template?
    /// Error key → line, in file order.
    public var errors: [(key: String, line: Template)]
    /// Where each line was written: "confirmation", "success", "successSupporting", "errors.<key>".
    public var locations: [String: SourceLocation]

    public func error(_ key: String) -> Template? { errors.first { $0.key == key }?.line }
}

/// What `perform()` returns when no handler runs.
public struct ResultSpec: Sendable {
    public var values: [(key: String, value: String)]
    public var cases: [ResultCase]
    public var location: SourceLocation?
}

/// A result that applies when the parameters hold certain values; the first that matches wins.
public struct ResultCase: Sendable {
    public var when: [Condition]
    public var values: [(key: String, value: String)]
    public var error: String?
    public var location: SourceLocation
    /// Where `error:` was written.
    public var errorLocation: SourceLocation?
}

/// An App Shortcut: an intent with its trigger phrases, short title and image.
public struct Shortcut: Sendable {
    public var intent: String
    public var phrases: [Phrase]
    public var shortTitle: String?
    public var systemImage: String?
    /// When the Siri watch face shows it (`INRelevantShortcut`'s time-of-day windows); empty: never.
    public var relevance: [TimeWindow] = []
    public var location: SourceLocation
    /// Where each key's value was written (`shortTitle`, `systemImage`...).
    public var fieldLocations: [String: SourceLocation]

    /// Where `key`'s value was written, or the shortcut's own place.
    public func location(of key: String) -> SourceLocation { fieldLocations[key] ?? location }
}

/// A time of day window, `from` up to `to` (minutes after midnight); one that ends before it starts
/// runs past midnight.
public struct TimeWindow: Sendable, Hashable {
    public var from: Int
    public var to: Int

    public init(from: Int, to: Int) {
        self.from = from
        self.to = to
    }

    /// Whether `minute` (after midnight) is inside.
    public func contains(minute: Int) -> Bool {
        from <= to ? (from <= minute && minute < to) : (minute >= from || minute < to)
    }
}

/// A parameter summary used when parent parameters hold certain values.
public struct SummaryVariant: Sendable {
    public var when: [Condition]
    public var text: String
    public var location: SourceLocation
}

/// A Home Screen quick action: a title, an optional subtitle and an icon.
public struct QuickAction: Sendable {
    public var title: String
    public var subtitle: String?
    /// A system image (SF Symbol) name, or the name of the app's own icon.
    public var icon: String?
    /// The intent it runs, when it runs one.
    public var intent: String?
    public var location: SourceLocation
    /// Where each key's value was written.
    public var fieldLocations: [String: SourceLocation]

    /// Where `key`'s value was written, or the action's own place.
    public func location(of key: String) -> SourceLocation { fieldLocations[key] ?? location }
}

/// A review rule a manifest turns off, and why.
public struct Silence: Sendable {
    /// The rule's id, as `earshot check` prints it.
    public var rule: String
    /// Why: required, so a reader of the manifest knows.
    public var reason: String
    public var location: SourceLocation
}

/// A trigger (or negative) phrase as written, with its placeholders in `{name}` form.
public struct Phrase: Sendable, Hashable {
    /// The phrase with Swift interpolations rewritten to `{name}`.
    public var template: Template
    public var location: SourceLocation

    public var text: String { template.text }
}

/// More phrases for another locale.
public struct Localization: Sendable {
    public var locale: String
    public var name: String?
    public var synonyms: [String]?
    /// Intent id → phrases.
    public var shortcuts: [(intent: String, phrases: [Phrase])]
    public var location: SourceLocation
}
