import EarshotModel
import Foundation
import SwiftSyntax

/// Reads App Intents from Swift: `AppShortcutsProvider` conformers and their `AppShortcut`s, the
/// `AppIntent` types they run, and the `AppEnum` / `AppEntity` types their parameters hold.
struct AppIntentsReader {
    static let intentProtocols: Set<String> = [
        "AppIntent", "AudioPlaybackIntent", "AudioRecordingIntent", "ForegroundContinuableIntent", "OpenIntent",
        "URLRepresentableIntent", "LiveActivityIntent", "SetValueIntent", "DeleteIntent", "ShowInAppSearchResultsIntent",
        "SystemIntent", "CameraCaptureIntent", "PlayVideoIntent", "ProgressReportingIntent", "AudioStartingIntent",
        "PushToTalkTransmissionIntent", "UndoableIntent", "SnippetIntent", "TargetContentProvidingIntent",
    ]
    static let enumProtocols: Set<String> = ["AppEnum"]
    static let entityProtocols: Set<String> = ["AppEntity", "TransientAppEntity", "UniqueAppEntity", "IndexedEntity", "FileEntity"]

    let index: SwiftIndex
    let values: SwiftValues
    var diagnostics: [ImportDiagnostic] = []
    var app = ImportedApp()
    /// `#if` regions whose choice was reported already.
    private var reportedIfConfigs: Set<String> = []

    init(index: SwiftIndex) {
        self.index = index
        values = SwiftValues(index: index)
    }

    mutating func warn(_ location: SourceLocation, _ message: String, fix: String? = nil) {
        diagnostics.append(ImportDiagnostic(.warning, location, message, fix: fix))
    }

    mutating func error(_ location: SourceLocation, _ message: String, fix: String? = nil) {
        diagnostics.append(ImportDiagnostic(.error, location, message, fix: fix))
    }

    // MARK: - Providers

    mutating func read() {
        let providers = index.all.filter { $0.inherited.contains("AppShortcutsProvider") }
        var intentOrder: [String] = []
        for provider in providers {
            readProvider(provider, intentOrder: &intentOrder)
        }
        if providers.count > 1 {
            // At most three names, each at most 60 characters: the line stays one short line (found by fuzzing).
            var names = providers.prefix(3).map { $0.qualifiedName.count > 60 ? $0.qualifiedName.prefix(59) + "…" : $0.qualifiedName }
            if providers.count > 3 { names.append("\(providers.count - 3) more") }
            warn(providers[1].conformanceLocations["AppShortcutsProvider"] ?? providers[1].location,
                 "\(providers.count) AppShortcutsProvider types (\(names.joined(separator: ", "))); their shortcuts are read as one app's.",
                 fix: "Import the folder of one app target, or remove the other shortcuts in earshot.yaml.")
        }
        // Intents: those the shortcuts run first, then every other AppIntent of the code.
        let otherIntents = index.all.filter { $0.kind != .protocolType && index.conforms($0, to: Self.intentProtocols) }
            .map(\.qualifiedName)
        for name in intentOrder + otherIntents where !app.intents.contains(where: { $0.id == shortName(name) }) {
            readIntent(named: name)
        }
        // Every other AppEnum of the code: parameters of entities and of intents not read here use them too.
        for type in index.all where type.kind != .protocolType && index.conforms(type, to: Self.enumProtocols) {
            readEnum(type)
        }
        reportIfConfigs()
        for duplicate in index.duplicates where app.intents.contains(where: { $0.id == shortName(duplicate.name) }) || app.hasValueSet(shortName(duplicate.name)) {
            warn(duplicate.location, "a second declaration of \(duplicate.name) (another target or app in this folder?); the one at \(duplicate.first) is read.",
                 fix: "Import the folder of one app.")
        }
    }

    private func shortName(_ name: String) -> String { String(name.split(separator: ".").last ?? Substring(name)) }

    private mutating func readProvider(_ provider: SwiftType, intentOrder: inout [String]) {
        guard let variable = provider.variable("appShortcuts") else {
            warn(provider.conformanceLocations["AppShortcutsProvider"] ?? provider.location,
                 "\(provider.qualifiedName) conforms to AppShortcutsProvider but its appShortcuts were not found.",
                 fix: "Add the shortcuts under 'shortcuts:' in earshot.yaml.")
            return
        }
        var entries: [(call: FunctionCallExprSyntax, file: SwiftFile)] = []
        var pending = values.values(of: variable.binding).map { ($0, variable.file, 0) }
        while !pending.isEmpty {
            let (expr, file, depth) = pending.removeFirst()
            if let call = expr.as(FunctionCallExprSyntax.self), SwiftValues.calledTypeName(call) == "AppShortcut" {
                entries.append((call, file))
            } else if let array = expr.as(ArrayExprSyntax.self) {
                pending += array.elements.map { ($0.expression, file, depth) }
            } else if let sequence = expr.as(SequenceExprSyntax.self) {
                pending += sequence.elements.filter { !$0.is(BinaryOperatorExprSyntax.self) }.map { ($0, file, depth) }
            } else if depth < 4, let resolved = values.resolve(expr, scope: provider) {
                pending.append((resolved.expr, resolved.file, depth + 1))
            } else {
                warn(file.location(of: expr), "an App Shortcut built at run time (\(Self.short(expr))) is not read.",
                     fix: "Add it under 'shortcuts:' in earshot.yaml.")
            }
        }
        for (call, file) in entries {
            readShortcut(call, file: file, provider: provider, intentOrder: &intentOrder)
        }
        if let negative = provider.variable("negativePhrases") {
            for expr in values.values(of: negative.binding) {
                readNegativePhrases(expr, file: negative.file, scope: provider)
            }
        }
    }

    private mutating func readNegativePhrases(_ expr: ExprSyntax, file: SwiftFile, scope: SwiftType) {
        if let array = expr.as(ArrayExprSyntax.self) {
            for element in array.elements { readNegativePhrases(element.expression, file: file, scope: scope) }
            return
        }
        if let call = expr.as(FunctionCallExprSyntax.self), SwiftValues.calledTypeName(call) == "NegativeAppShortcutPhrases" {
            for element in SwiftValues.results(of: call.trailingClosure?.statements ?? []) {
                readNegativePhrases(element, file: file, scope: scope)
            }
            if let first = call.arguments.first { readNegativePhrases(first.expression, file: file, scope: scope) }
            return
        }
        if let literal = values.literal(expr, scope: scope) {
            if let text = phraseText(literal, intent: nil, file: file) {
                app.negativePhrases.append(.init(value: text, location: file.location(of: literal)))
            }
            return
        }
        warn(file.location(of: expr), "a negative phrase built at run time (\(Self.short(expr))) is not read.",
             fix: "Add it under 'negativePhrases:' in earshot.yaml.")
    }

    private mutating func readShortcut(_ call: FunctionCallExprSyntax, file: SwiftFile, provider: SwiftType, intentOrder: inout [String]) {
        let location = file.location(of: call)
        guard let intentExpr = SwiftValues.argument("intent", of: call) else {
            warn(location, "an AppShortcut without 'intent:' is not read.", fix: "Add it under 'shortcuts:' in earshot.yaml.")
            return
        }
        guard let intentCall = intentExpr.as(FunctionCallExprSyntax.self), let typeName = SwiftValues.calledTypeName(intentCall) else {
            warn(file.location(of: intentExpr), "the shortcut's intent (\(Self.short(intentExpr))) is not a type constructed here; it is not read.",
                 fix: "Add the shortcut under 'shortcuts:' in earshot.yaml.")
            return
        }
        let intentType = index.type(typeName)
        let intentID = intentType?.name ?? typeName
        if !intentOrder.contains(intentType?.qualifiedName ?? typeName) { intentOrder.append(intentType?.qualifiedName ?? typeName) }
        var note: String?
        if !intentCall.arguments.isEmpty {
            note = "the shortcut sets \(intentCall.arguments.trimmedDescription); Earshot asks for these instead"
            warn(file.location(of: intentCall), "the shortcut presets \(intentCall.arguments.trimmedDescription) of \(intentID); a manifest shortcut cannot preset values, so the conversation asks for them.",
                 fix: "Give the parameter a default under intents.\(intentID).parameters in earshot.yaml if that is what the app does.")
        }
        var phrases: [ImportedApp.Text] = []
        if let phrasesExpr = SwiftValues.argument("phrases", of: call) {
            phrases = phraseList(phrasesExpr, file: file, scope: provider, intentType: intentType)
        } else {
            warn(location, "the AppShortcut for \(intentID) has no 'phrases:'.", fix: "Add its phrases under 'shortcuts:' in earshot.yaml.")
        }
        var shortTitle: ImportedApp.Text?
        if let titleExpr = SwiftValues.argument("shortTitle", of: call) {
            if let text = values.plainText(titleExpr, scope: provider) {
                shortTitle = .init(value: text, location: file.location(of: titleExpr))
            } else {
                warn(file.location(of: titleExpr), "the short title (\(Self.short(titleExpr))) is not a literal; it is left out.",
                     fix: "Set 'shortTitle' of the shortcut for \(intentID) in earshot.yaml.")
            }
        }
        var image: ImportedApp.Text?
        if let imageExpr = SwiftValues.argument("systemImageName", of: call), let text = values.plainText(imageExpr, scope: provider) {
            image = .init(value: text, location: file.location(of: imageExpr))
        }
        if app.shortcuts.contains(where: { $0.intent == intentID }) {
            note = (note.map { $0 + "; " } ?? "") + "a second shortcut for \(intentID)"
        }
        app.shortcuts.append(.init(intent: intentID, phrases: phrases, shortTitle: shortTitle, systemImage: image, location: location, note: note))
    }

    /// The phrases of `phrases:`: literals, `AppShortcutPhrase` wrappers, constants, `a + b`.
    private mutating func phraseList(_ expr: ExprSyntax, file: SwiftFile, scope: SwiftType, intentType: SwiftType?, depth: Int = 0) -> [ImportedApp.Text] {
        if let array = expr.as(ArrayExprSyntax.self) {
            return array.elements.flatMap { phraseList($0.expression, file: file, scope: scope, intentType: intentType, depth: depth) }
        }
        if let sequence = expr.as(SequenceExprSyntax.self) {
            return sequence.elements.filter { !$0.is(BinaryOperatorExprSyntax.self) }
                .flatMap { phraseList($0, file: file, scope: scope, intentType: intentType, depth: depth) }
        }
        if let literal = expr.as(StringLiteralExprSyntax.self) {
            guard let text = phraseText(literal, intent: intentType, file: file) else { return [] }
            return [.init(value: text, location: file.location(of: literal))]
        }
        if let call = expr.as(FunctionCallExprSyntax.self), SwiftValues.calleeName(call) == "AppShortcutPhrase",
           let first = call.arguments.first {
            return phraseList(first.expression, file: file, scope: scope, intentType: intentType, depth: depth)
        }
        if depth < 4, let resolved = values.resolve(expr, scope: scope) {
            return phraseList(resolved.expr, file: resolved.file, scope: resolved.scope ?? scope, intentType: intentType, depth: depth + 1)
        }
        warn(file.location(of: expr), "a phrase built at run time (\(Self.short(expr))) is not read.",
             fix: "Add the phrase to the shortcut's 'phrases:' in earshot.yaml.")
        return []
    }

    /// A phrase in `{name}` form; nil (with a warning) when part of it is computed.
    private mutating func phraseText(_ literal: StringLiteralExprSyntax, intent: SwiftType?, file: SwiftFile) -> String? {
        var unreadable: String?
        let text = SwiftValues.text(of: literal) { expr in
            if let member = expr.as(MemberAccessExprSyntax.self), member.base == nil, member.declName.baseName.text == "applicationName" {
                return "{applicationName}"
            }
            if expr.is(KeyPathExprSyntax.self), let name = SwiftValues.parameterName(expr) { return "{\(name)}" }
            unreadable = expr.trimmedDescription
            return nil
        }
        guard var text else {
            warn(file.location(of: literal), "the phrase \(LoadError.quote(literal.trimmedDescription)) interpolates \(unreadable.map { LoadError.quote($0) } ?? "a value") at run time; it is not read.",
                 fix: "Add the phrase as the app says it to the shortcut's 'phrases:' in earshot.yaml.")
            return nil
        }
        if text.contains("${") {
            // The String Catalog's spelling, written literally in Swift: real apps do, and it works.
            text = Self.catalogToTemplate(text)
            if text.contains("{applicationName}") {
                warn(file.location(of: literal), "the phrase \(LoadError.quote(literal.trimmedDescription)) writes ${applicationName} literally; read as the app-name token.",
                     fix: "Write \\(.applicationName) in Swift.")
            }
        }
        return text
    }

    /// `${applicationName}` / `${param}` → `{applicationName}` / `{param}`.
    static func catalogToTemplate(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let start = rest.range(of: "${") {
            out += rest[..<start.lowerBound]
            let after = rest[start.upperBound...]
            guard let close = after.firstIndex(of: "}") else { out += rest[start.lowerBound...]; rest = ""; break }
            out += "{\(after[..<close])}"
            rest = after[after.index(after: close)...]
        }
        return out + rest
    }

    static func short(_ expr: some SyntaxProtocol) -> String {
        let text = expr.trimmedDescription.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        return text.count > 60 ? String(text.prefix(57)) + "..." : text
    }

    // MARK: - Intents

    private mutating func readIntent(named name: String) {
        guard let type = index.type(name) else {
            let location = app.shortcuts.first { $0.intent == shortName(name) }?.location ?? SourceLocation(file: "?")
            warn(location, "the intent \(name) is not declared in these sources (another package?); it is read as a stub.",
                 fix: "Describe intents.\(shortName(name)) (title, parameters) in earshot.yaml.")
            app.intents.append(.init(id: shortName(name), title: .init(value: Self.humanized(shortName(name)), location: nil), location: location))
            return
        }
        var intent = ImportedApp.Intent(id: type.name, title: .init(value: Self.humanized(type.name), location: nil), location: type.location)
        if let title = type.variable("title") {
            if let expr = values.values(of: title.binding).first, let text = values.plainText(expr, scope: type) {
                intent.title = .init(value: text, location: title.file.location(of: expr))
            } else {
                warn(title.file.location(of: title.binding), "the title of \(type.name) is not a literal; '\(intent.title.value)' is used.",
                     fix: "Set intents.\(type.name).title in earshot.yaml.")
            }
        } else {
            warn(type.location, "\(type.name) has no static title; '\(intent.title.value)' is used.", fix: "Set intents.\(type.name).title in earshot.yaml.")
        }
        if let description = type.variable("description"), let expr = values.values(of: description.binding).first {
            intent.description = values.plainText(expr, scope: type)
        }
        if let opens = type.variable("openAppWhenRun"), let expr = values.values(of: opens.binding).first, let flag = values.bool(expr) {
            intent.opensApp = flag
        } else if index.conforms(type, to: ["OpenIntent"]) {
            intent.opensApp = true
        }
        if let modes = type.variable("supportedModes"), let expr = values.values(of: modes.binding).first,
           expr.trimmedDescription.contains("foreground") {
            intent.opensApp = true
        }
        // Parameters.
        for (decl, file) in type.members {
            guard let variable = decl.as(VariableDeclSyntax.self),
                  let attribute = variable.attributes.compactMap({ $0.as(AttributeSyntax.self) })
                    .first(where: { $0.attributeName.trimmedDescription == "Parameter" }) else { continue }
            for binding in variable.bindings {
                if let parameter = readParameter(binding, attribute: attribute, file: file, intent: type) {
                    intent.parameters.append(parameter)
                }
            }
        }
        readPerform(type, into: &intent)
        readSummary(type, into: &intent)
        app.intents.append(intent)
    }

    private mutating func readParameter(_ binding: PatternBindingSyntax, attribute: AttributeSyntax, file: SwiftFile, intent: SwiftType) -> ImportedApp.Parameter? {
        guard let id = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return nil }
        let location = file.location(of: binding)
        guard let typeSyntax = binding.typeAnnotation?.type else {
            warn(location, "the parameter \(id) of \(intent.name) has no written type; read as a string.",
                 fix: "Set intents.\(intent.name).parameters.\(id).type in earshot.yaml.")
            return .init(id: id, title: .init(value: Self.humanized(id), location: nil), type: "string", optional: false, location: location)
        }
        let arguments: LabeledExprListSyntax
        if case .argumentList(let list)? = attribute.arguments { arguments = list } else { arguments = [] }
        func argument(_ label: String) -> ExprSyntax? { arguments.first { $0.label?.text == label }?.expression }
        let (swiftType, optional, array) = Self.unwrap(typeSyntax)
        var note: String?
        let mapped = mapType(swiftType, location: location, intent: intent.name, parameter: id)
        if array { note = "a list of \(swiftType) in the app; Earshot asks for one" }
        if let newNote = mapped.note { note = (note.map { $0 + "; " } ?? "") + newNote }
        let typeName = mapped.type
        var title = ImportedApp.Text(value: Self.humanized(id), location: nil)
        if let expr = argument("title") ?? arguments.first(where: { $0.label == nil })?.expression {
            if let text = values.plainText(expr, scope: intent) {
                title = .init(value: text, location: file.location(of: expr))
            }
        }
        var prompt: ImportedApp.Text?
        if let expr = argument("requestValueDialog") {
            if let text = dialogText(expr, intent: intent, file: file, allowValues: false) {
                prompt = .init(value: text, location: file.location(of: expr))
            }
        }
        var defaultValue: ImportedApp.Text?
        if let expr = argument("default") ?? binding.initializer?.value {
            if let value = values.literalValue(expr) {
                defaultValue = .init(value: value, location: file.location(of: expr))
            } else {
                warn(file.location(of: expr), "the default of \(intent.name).\(id) (\(Self.short(expr))) is not a literal; it is left out.",
                     fix: "Set intents.\(intent.name).parameters.\(id).default in earshot.yaml.")
            }
        }
        return .init(id: id, title: title, type: typeName, prompt: prompt, defaultValue: defaultValue, optional: optional,
                     location: location, note: note)
    }

    /// `T?`, `[T]`, `Optional<T>`: the element type name, whether optional, whether a list.
    static func unwrap(_ type: TypeSyntax) -> (String, Bool, Bool) {
        if let optional = type.as(OptionalTypeSyntax.self) {
            let (name, _, array) = unwrap(optional.wrappedType)
            return (name, true, array)
        }
        if let implicit = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            let (name, _, array) = unwrap(implicit.wrappedType)
            return (name, true, array)
        }
        if let array = type.as(ArrayTypeSyntax.self) {
            let (name, optional, _) = unwrap(array.element)
            return (name, optional, true)
        }
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.name.text == "Optional" || identifier.name.text == "Array",
           let clause = identifier.genericArgumentClause, clause.arguments.count == 1, let inner = TypeSyntax(clause.arguments.first?.argument) {
            let (name, optional, array) = unwrap(inner)
            return (name, optional || identifier.name.text == "Optional", array || identifier.name.text == "Array")
        }
        return (type.trimmedDescription, false, false)
    }

    static let builtinTypes: [String: String] = [
        "String": "string", "Substring": "string", "AttributedString": "string", "URL": "string",
        "Int": "integer", "Int8": "integer", "Int16": "integer", "Int32": "integer", "Int64": "integer", "UInt": "integer",
        "Double": "decimal", "Float": "decimal", "CGFloat": "decimal", "Decimal": "decimal",
        "Bool": "boolean", "Date": "date", "DateComponents": "date",
        "IntentCurrencyAmount": "currency", "IntentPaymentMethod": "string", "IntentPerson": "string", "IntentFile": "string",
        "PlacemarkParameter": "string", "CLPlacemark": "string", "Color": "string",
    ]

    /// The manifest type of a Swift parameter type: a built-in, or an enum or entity read from the code.
    private mutating func mapType(_ name: String, location: SourceLocation, intent: String, parameter: String) -> (type: String, note: String?) {
        if let builtin = Self.builtinTypes[name] {
            return (builtin, ["URL", "IntentFile", "IntentPerson", "PlacemarkParameter", "CLPlacemark", "Color", "IntentPaymentMethod"].contains(name)
                    ? "\(name) in the app" : nil)
        }
        if name.hasPrefix("Measurement<") {
            return name.contains("UnitDuration") ? ("duration", nil) : ("decimal", "\(name) in the app")
        }
        let simple = shortName(name)
        if app.hasValueSet(simple) { return (simple, nil) }
        guard let type = index.type(name) else {
            warn(location, "the type \(name) of \(intent).\(parameter) is not declared in these sources; read as an entity with no values.",
                 fix: "Describe entities.\(simple) (title, suggested) or enums.\(simple) in earshot.yaml.")
            app.entities.append(.init(id: simple, title: .init(value: Self.humanized(simple), location: nil), values: [], location: nil,
                                      note: "not found in the sources"))
            return (simple, nil)
        }
        if index.conforms(type, to: Self.enumProtocols) || (type.kind == .enumeration && !index.conforms(type, to: Self.entityProtocols)) {
            readEnum(type)
            return (type.name, nil)
        }
        readEntity(type)
        return (type.name, nil)
    }

    // MARK: - perform(), dialogue, summary

    /// The dialogue of `perform()`: the last `.result(dialog:)` is the success line; `requestConfirmation`
    /// makes the intent confirm (its dialog is the confirmation line).
    private mutating func readPerform(_ type: SwiftType, into intent: inout ImportedApp.Intent) {
        guard let (perform, file) = type.function("perform"), let body = perform.body else { return }
        let calls = CallCollector.calls(in: body)
        var confirmationRanges: [Range<AbsolutePosition>] = []
        for call in calls where SwiftValues.calleeName(call) == "requestConfirmation" {
            intent.requiresConfirmation = true
            confirmationRanges.append(call.position..<call.endPosition)
            let dialogExpr = SwiftValues.argument("dialog", of: call)
                ?? SwiftValues.argument("result", of: call).flatMap { result in
                    result.as(FunctionCallExprSyntax.self).flatMap { SwiftValues.argument("dialog", of: $0) }
                }
            if let dialogExpr, let text = dialogText(resolveLocal(dialogExpr, in: body), intent: type, file: file, allowValues: true, into: &intent) {
                intent.confirmation = .init(value: text, location: file.location(of: dialogExpr))
            }
        }
        let results = calls.filter { call in
            SwiftValues.calleeName(call) == "result" && SwiftValues.argument("dialog", of: call) != nil
                && !confirmationRanges.contains { $0.contains(call.position) }
        }
        guard let last = results.last, let dialogExpr = SwiftValues.argument("dialog", of: last) else { return }
        let resolved = resolveLocal(dialogExpr, in: body)
        if let call = resolved.as(FunctionCallExprSyntax.self), SwiftValues.calledTypeName(call) == "IntentDialog",
           let full = SwiftValues.argument("full", of: call) {
            if let text = dialogText(full, intent: type, file: file, allowValues: true, into: &intent) {
                intent.success = .init(value: text, location: file.location(of: full))
            }
            if let supporting = SwiftValues.argument("supporting", of: call),
               let text = dialogText(supporting, intent: type, file: file, allowValues: true, into: &intent) {
                intent.successSupporting = .init(value: text, location: file.location(of: supporting))
            }
            return
        }
        if let text = dialogText(resolved, intent: type, file: file, allowValues: true, into: &intent) {
            intent.success = .init(value: text, location: file.location(of: dialogExpr))
        }
        if results.count > 1 {
            warn(file.location(of: results[0]), "perform() of \(type.name) has \(results.count) results with dialog; the last (line \(file.location(of: last).line ?? 0)) is read as the success line.",
                 fix: "Describe the other outcomes under intents.\(type.name).result.cases and dialog.errors in earshot.yaml.")
        }
    }

    /// A local `let dialog = ...` that an argument names, else the argument.
    private func resolveLocal(_ expr: ExprSyntax, in body: CodeBlockSyntax) -> ExprSyntax {
        guard let reference = expr.as(DeclReferenceExprSyntax.self) else { return expr }
        for item in body.statements {
            guard case .decl(let decl) = item.item, let variable = decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == reference.baseName.text {
                if let value = binding.initializer?.value { return value }
            }
        }
        return expr
    }

    private mutating func dialogText(_ expr: ExprSyntax, intent: SwiftType, file: SwiftFile, allowValues: Bool) -> String? {
        var scratch = ImportedApp.Intent(id: intent.name, title: .init(value: "", location: nil))
        return dialogText(expr, intent: intent, file: file, allowValues: allowValues, into: &scratch)
    }

    /// A dialogue line in `{name}` form: interpolated parameters become placeholders; other values
    /// become result values (warned: the overlay gives them).
    private mutating func dialogText(_ expr: ExprSyntax, intent: SwiftType, file: SwiftFile, allowValues: Bool,
                                     into imported: inout ImportedApp.Intent) -> String? {
        guard let literal = values.literal(expr, scope: intent) else {
            warn(file.location(of: expr), "the dialog \(Self.short(expr)) of \(intent.name) is computed at run time; it is not read.",
                 fix: "Write the line under intents.\(intent.name).dialog in earshot.yaml.")
            return nil
        }
        let parameterNames = Set(intent.members.compactMap { member -> [String]? in
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                  variable.attributes.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "Parameter" }) else { return nil }
            return variable.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
        }.flatMap { $0 })
        var computed: [(String, String)] = []
        var failed = false
        let text = SwiftValues.text(of: literal) { inner in
            if let name = SwiftValues.parameterName(inner), parameterNames.contains(name) { return "{\(name)}" }
            guard allowValues else { failed = true; return nil }
            var key = ""
            for ch in inner.trimmedDescription where ch.isLetter || ch.isNumber {
                key.append(key.isEmpty ? Character(ch.lowercased()) : ch)
            }
            if key.isEmpty || key.first!.isNumber { key = "value\(computed.count + 1)" }
            computed.append((key, inner.trimmedDescription))
            return "{\(key)}"
        }
        guard let text, !failed else {
            warn(file.location(of: literal), "the line \(Self.short(literal)) of \(intent.name) interpolates values computed at run time; it is not read.",
                 fix: "Write it under intents.\(intent.name) in earshot.yaml.")
            return nil
        }
        for (key, source) in computed where !imported.resultValues.contains(where: { $0.key == key }) {
            imported.resultValues.append((key, source))
            warn(file.location(of: literal), "the line of \(intent.name) says \\(\(source)), computed in perform(); the manifest speaks '\(source)' until the overlay gives it.",
                 fix: "Set intents.\(intent.name).result.values.\(key) in earshot.yaml.")
        }
        return text
    }

    /// `parameterSummary`: `Summary("...")`, and `When(\.$p, .equalTo, .v) { Summary } otherwise: { Summary }`.
    private mutating func readSummary(_ type: SwiftType, into intent: inout ImportedApp.Intent) {
        guard let variable = type.variable("parameterSummary") else { return }
        let parameterNames = Set(intent.parameters.map(\.id))
        for expr in values.values(of: variable.binding) {
            for call in CallCollector.calls(in: expr) where SwiftValues.calleeName(call) == "Summary" {
                guard let first = call.arguments.first, let literal = values.literal(first.expression, scope: type) else { continue }
                var unknown = false
                let text = SwiftValues.text(of: literal) { inner in
                    guard let name = SwiftValues.parameterName(inner), parameterNames.contains(name) else { unknown = true; return nil }
                    return "{\(name)}"
                }
                if let text, !unknown {
                    intent.summary = .init(value: text, location: variable.file.location(of: literal))
                    if CallCollector.calls(in: expr).contains(where: { ["When", "Switch"].contains(SwiftValues.calleeName($0) ?? "") }) {
                        warn(variable.file.location(of: expr), "the parameter summary of \(type.name) depends on values (When/Switch); the first Summary is read.",
                             fix: "Write the variants under intents.\(type.name).summary in earshot.yaml.")
                    }
                    return
                }
            }
        }
    }

    // MARK: - Enums and entities

    private mutating func readEnum(_ type: SwiftType) {
        guard !app.hasValueSet(type.name) else { return }
        var set = ImportedApp.ValueSet(id: type.name, title: typeTitle(type), values: [], location: type.location)
        if let variable = type.variable("caseDisplayRepresentations") {
            var dictionary: DictionaryElementListSyntax?
            for expr in values.values(of: variable.binding) {
                if let dict = expr.as(DictionaryExprSyntax.self), case .elements(let elements) = dict.content { dictionary = elements }
            }
            if let dictionary {
                for element in dictionary {
                    guard let id = element.key.as(MemberAccessExprSyntax.self)?.declName.baseName.text else {
                        warn(variable.file.location(of: element), "the case key \(Self.short(element.key)) of \(type.name) is not `.case`; it is not read.",
                             fix: "List the case under enums.\(type.name).cases in earshot.yaml.")
                        continue
                    }
                    let (title, synonyms) = displayRepresentation(element.value, scope: type)
                    set.values.append((id, title ?? Self.humanized(id), synonyms, variable.file.location(of: element)))
                    if title == nil {
                        warn(variable.file.location(of: element.value), "the title of \(type.name).\(id) is not a literal; '\(Self.humanized(id))' is used.",
                             fix: "Set enums.\(type.name).cases.\(id).title in earshot.yaml.")
                    }
                }
            } else {
                warn(variable.file.location(of: variable.binding), "the caseDisplayRepresentations of \(type.name) are computed; its cases are read by name.",
                     fix: "List them with titles under enums.\(type.name).cases in earshot.yaml.")
            }
        }
        if set.values.isEmpty {
            set.values = type.cases.map { ($0.name, Self.humanized($0.name), [], $0.location) }
        }
        if set.values.isEmpty {
            // Nothing to say: read as an entity, whose values the overlay gives.
            warn(type.location, "no cases of \(type.name) were found.", fix: "List them under enums.\(type.name).cases in earshot.yaml.")
            app.entities.append(set)
            return
        }
        app.enums.append(set)
    }

    private func typeTitle(_ type: SwiftType) -> ImportedApp.Text {
        if let variable = type.variable("typeDisplayRepresentation"), let expr = values.values(of: variable.binding).first,
           let text = values.plainText(expr, scope: type) {
            return .init(value: text, location: variable.file.location(of: expr))
        }
        return .init(value: Self.humanized(type.name), location: nil)
    }

    /// `"Title"`, `DisplayRepresentation(title: "T", synonyms: ["a"])`, `.init(stringLiteral: "T")`.
    private func displayRepresentation(_ expr: ExprSyntax, scope: SwiftType) -> (String?, [String]) {
        var synonyms: [String] = []
        if let call = expr.as(FunctionCallExprSyntax.self), let list = SwiftValues.argument("synonyms", of: call)?.as(ArrayExprSyntax.self) {
            synonyms = list.elements.compactMap { values.plainText($0.expression, scope: scope) }
        }
        return (values.plainText(expr, scope: scope), synonyms)
    }

    private mutating func readEntity(_ type: SwiftType) {
        guard !app.hasValueSet(type.name) else { return }
        var set = ImportedApp.ValueSet(id: type.name, title: typeTitle(type), values: [], location: type.location)
        var found = false
        for query in queryTypes(of: type) {
            for name in ["suggestedEntities", "allEntities"] {
                guard !found, let (function, file) = query.function(name), let body = function.body else { continue }
                let results = SwiftValues.results(of: body.statements)
                var constructed: [(FunctionCallExprSyntax, SwiftFile)] = []
                for result in results { constructed += entityCalls(result, file: file, scope: query, entity: type) }
                if !constructed.isEmpty {
                    found = true
                    for (call, callFile) in constructed {
                        set.values.append(entityValue(call, entity: type, file: callFile))
                    }
                }
            }
        }
        if !found {
            warn(type.location, "the values of the entity \(type.name) come from a query at run time; it has no suggested values here.",
                 fix: "List them under entities.\(type.name).suggested in earshot.yaml.")
            set.note = "suggested values come from the app at run time"
        }
        app.entities.append(set)
    }

    private func queryTypes(of entity: SwiftType) -> [SwiftType] {
        var out: [SwiftType] = []
        if let variable = entity.variable("defaultQuery"), let expr = values.values(of: variable.binding).first,
           let call = expr.as(FunctionCallExprSyntax.self), let name = SwiftValues.calledTypeName(call), let query = index.type(name, from: entity) {
            out.append(query)
        }
        // Queries declared for the entity elsewhere (`struct Q: EntityQuery { ... -> [Entity] }`).
        for type in index.all where type.inherited.contains(where: { $0.hasSuffix("EntityQuery") || $0 == "EntityStringQuery" }) && !out.contains(where: { $0 === type }) {
            if type.qualifiedName.hasPrefix(entity.qualifiedName + ".") { out.append(type) }
        }
        return out
    }

    /// The entity constructions a query's result holds: `[E(...), E(...)]`, `E.all`, `Self.samples`...
    private func entityCalls(_ expr: ExprSyntax, file: SwiftFile, scope: SwiftType, entity: SwiftType, depth: Int = 0) -> [(FunctionCallExprSyntax, SwiftFile)] {
        var expr = expr
        if let tryExpr = expr.as(TryExprSyntax.self) { expr = tryExpr.expression }
        if let awaitExpr = expr.as(AwaitExprSyntax.self) { expr = awaitExpr.expression }
        if let array = expr.as(ArrayExprSyntax.self) {
            return array.elements.flatMap { entityCalls($0.expression, file: file, scope: scope, entity: entity, depth: depth) }
        }
        if let call = expr.as(FunctionCallExprSyntax.self) {
            let name = SwiftValues.calledTypeName(call)
            if name == entity.name || name == "Self" || (name == "init" && scope === entity) { return [(call, file)] }
            if call.calledExpression.as(MemberAccessExprSyntax.self)?.base == nil, call.calledExpression.is(MemberAccessExprSyntax.self) {
                return [(call, file)]
            }
            return []
        }
        if depth < 3 {
            if let resolved = values.resolve(expr, scope: scope) {
                return entityCalls(resolved.expr, file: resolved.file, scope: resolved.scope ?? scope, entity: entity, depth: depth + 1)
            }
            if let resolved = values.resolve(expr, scope: entity) {
                return entityCalls(resolved.expr, file: resolved.file, scope: resolved.scope ?? entity, entity: entity, depth: depth + 1)
            }
        }
        return []
    }

    /// One suggested entity from its initializer's literal arguments; the title is the entity's
    /// `displayRepresentation` filled with them (or a `title:`/`name:` argument).
    private func entityValue(_ call: FunctionCallExprSyntax, entity: SwiftType, file: SwiftFile) -> (id: String, title: String, synonyms: [String], location: SourceLocation?) {
        var arguments: [String: String] = [:]
        for argument in call.arguments {
            if let label = argument.label?.text, let value = values.literalValue(argument.expression) { arguments[label] = value }
        }
        var title: String?
        if let variable = entity.variable("displayRepresentation"), let expr = values.values(of: variable.binding).first,
           let literal = values.literal(expr, scope: entity) {
            title = SwiftValues.text(of: literal) { inner in
                SwiftValues.parameterName(inner).flatMap { arguments[$0] }
            }
        }
        let fallback = ["title", "name", "displayName", "label", "text"].lazy.compactMap { arguments[$0] }.first
        let resolvedTitle = title ?? fallback ?? arguments["id"] ?? "value"
        let id = arguments["id"] ?? arguments["identifier"] ?? Self.slug(resolvedTitle)
        return (id, resolvedTitle, [], file.location(of: call))
    }

    // MARK: - #if

    private mutating func reportIfConfigs() {
        for choice in index.ifConfigChoices {
            // Only the regions around what was read: providers, intents, enums, entities.
            let key = "\(choice.location)"
            guard !reportedIfConfigs.contains(key), Self.mentionsAppIntents(choice.node) else { continue }
            reportedIfConfigs.insert(key)
            warn(choice.location, "read the \(choice.taken) branch (an iOS device build); the others are not read.",
                 fix: "Describe what the other branch declares in earshot.yaml if the app ships it.")
        }
    }

    private static func mentionsAppIntents(_ node: Syntax) -> Bool {
        for token in node.tokens(viewMode: .sourceAccurate) {
            switch token.text {
            case "AppShortcutsProvider", "AppShortcut", "AppIntent", "AppEnum", "AppEntity", "Parameter", "appShortcuts",
                 "caseDisplayRepresentations", "AppShortcutPhrase": return true
            default: continue
            }
        }
        return false
    }

    // MARK: - Names

    /// `OrderSoupIntent` → "Order Soup", `soupSize` → "Soup Size".
    static func humanized(_ name: String) -> String {
        var base = name
        for suffix in ["AppIntent", "Intent"] where base.hasSuffix(suffix) && base.count > suffix.count {
            base.removeLast(suffix.count)
            break
        }
        var words: [String] = []
        var current = ""
        for ch in base {
            if ch == "_" { if !current.isEmpty { words.append(current) }; current = ""; continue }
            if ch.isUppercase, let last = current.last, last.isLowercase || last.isNumber {
                words.append(current)
                current = ""
            }
            current.append(ch)
        }
        if !current.isEmpty { words.append(current) }
        guard let first = words.first else { return name }
        return ([first.prefix(1).uppercased() + first.dropFirst()] + words.dropFirst().map { $0.lowercased() }).joined(separator: " ")
    }

    static func slug(_ text: String) -> String {
        var out = ""
        for ch in text.lowercased() {
            if ch.isLetter || ch.isNumber { out.append(ch) } else if !out.isEmpty, out.last != "-" { out.append("-") }
        }
        while out.last == "-" { out.removeLast() }
        return out.isEmpty ? "value" : out
    }
}
