import EarshotModel
import Foundation
import SwiftParser
import SwiftSyntax

/// Reads Apple's SiriEvaluations scenarios out of a Swift test file with swift-syntax, without compiling
/// or running it: every `SiriScenario { … }` written in the file (alone, in an array, in a
/// `SiriScenarioLoader`), its `UserTurn`s and their `Calls`, `Finds`, `OnScreen`, `Loads` and
/// `SiriResponse` expectations, and the AppIntentsTesting definitions they name
/// (`IntentDefinitions(bundleIdentifier:)`, `.intents["…"]`, `.entities["…"]`, `.expect(…)`, `.equals(…)`).
///
/// Constants are followed (`let water = definitions.intents["WaterPlantIntent"]`). What only running the code
/// would tell — a scenario built in a loop or a `map`, an utterance interpolated from run-time data, an
/// `if` inside an expectation block — is an error at its line, as are unknown expectation types and wrong
/// arguments: nothing is skipped silently.
public struct SiriScenarioReader {
    public init() {}

    /// Whether `text` (a Swift file) writes any `SiriScenario`.
    public static func mentionsScenarios(_ text: String) -> Bool { text.contains("SiriScenario") }

    /// Reads the file at `path`.
    ///
    /// - Throws: ``LoadError`` at the Swift line of the first thing that cannot be read.
    public func read(contentsOf path: String) throws(LoadError) -> SiriScenarioFile {
        // A pipe, a device or a folder is not read (reading one could wait forever), nor a file past the bound
        // every test file has (docs/limits.md).
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            throw LoadError(EarshotModel.SourceLocation(file: path), "is not a regular file.", fix: "Give the path of a Swift file.")
        }
        if stat(path, &status) == 0, Int(status.st_size) > YAMLLimits.fileBytes {
            throw LoadError(EarshotModel.SourceLocation(file: path), "the file is \(status.st_size) bytes; at most \(YAMLLimits.fileBytes) (1 MiB).",
                            fix: "Split the scenarios over several files.")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LoadError(EarshotModel.SourceLocation(file: path), "cannot read this Swift file.", fix: "Check the path and that the file is readable.")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw LoadError(EarshotModel.SourceLocation(file: path), "this Swift file is not UTF-8 text.", fix: "Save it as UTF-8.")
        }
        return try read(swift: text, path: path)
    }

    /// Reads Swift `text`; `path` names it in locations.
    public func read(swift text: String, path: String) throws(LoadError) -> SiriScenarioFile {
        guard text.utf8.count <= YAMLLimits.fileBytes else {
            throw LoadError(EarshotModel.SourceLocation(file: path), "the file is \(text.utf8.count) bytes; at most \(YAMLLimits.fileBytes) (1 MiB).",
                            fix: "Split the scenarios over several files.")
        }
        let tree = Parser.parse(source: text)
        var reading = Reading(path: path, tree: tree)
        return try reading.file()
    }
}

/// One reading of one file.
private struct Reading {
    let path: String
    let tree: SourceFileSyntax
    let converter: SourceLocationConverter
    /// `let`/`var` constants with an initial value, by name.
    var constants: [String: ExprSyntax] = [:]

    init(path: String, tree: SourceFileSyntax) {
        self.path = path
        self.tree = tree
        converter = SourceLocationConverter(fileName: path, tree: tree)
    }

    func location(of node: some SyntaxProtocol) -> EarshotModel.SourceLocation {
        let start = converter.location(for: node.positionAfterSkippingLeadingTrivia)
        return EarshotModel.SourceLocation(file: path, line: start.line, column: start.column)
    }

    func error(_ node: some SyntaxProtocol, _ message: String, fix: String? = nil) -> LoadError {
        LoadError(location(of: node), message, fix: fix)
    }

    /// The text of `node`, shortened for a message.
    static func short(_ node: some SyntaxProtocol) -> String {
        let text = node.trimmedDescription.replacingOccurrences(of: "\n", with: " ")
        return LoadError.quote(text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " "), limit: 50)
    }

    mutating func file() throws(LoadError) -> SiriScenarioFile {
        if tree.hasError {
            let bad = ErrorFinder.first(in: tree)
            throw LoadError(bad.map { location(of: $0) } ?? EarshotModel.SourceLocation(file: path), "this Swift file does not parse.",
                            fix: "Fix the syntax there (the Swift compiler would stop at it too).")
        }
        for binding in Collector<PatternBindingSyntax>.all(in: tree) {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                  let value = binding.initializer?.value else { continue }
            constants[name] = value
        }
        var scenarios: [SiriScenarioTest] = []
        var names: [String: Int] = [:]
        for call in Collector<FunctionCallExprSyntax>.all(in: tree) where Self.callee(call) == "SiriScenario" {
            var scenario = try self.scenario(call)
            names[scenario.name, default: 0] += 1
            if names[scenario.name]! > 1 { scenario.name += " #\(names[scenario.name]!)" }
            scenarios.append(scenario)
        }
        if scenarios.isEmpty {
            throw LoadError(EarshotModel.SourceLocation(file: path), "no SiriScenario in this Swift file.",
                            fix: "Write scenarios as SiriScenario { UserTurn(\"…\") { … } } (SiriEvaluations), or give Earshot the file that holds them.")
        }
        return SiriScenarioFile(path: path, scenarios: scenarios)
    }

    // MARK: Scenarios and turns

    func scenario(_ call: FunctionCallExprSyntax) throws(LoadError) -> SiriScenarioTest {
        try checkWrittenOut(call)
        var closures = Self.closures(of: call)
        guard let turnsClosure = closures.first(where: { $0.label == nil })?.closure else {
            throw error(call, "a SiriScenario without its turns.", fix: "Write SiriScenario { UserTurn(\"…\") … }.")
        }
        closures.removeAll { $0.label == nil }
        var expectationClosure: ClosureExprSyntax?
        for (label, closure) in closures {
            guard label == "expectation" else {
                throw error(closure, "SiriScenario has no argument '\(label ?? "_")'.",
                            fix: "SiriScenario takes its turns and, optionally, expectation: { … } for the whole conversation.")
            }
            expectationClosure = closure
        }
        for argument in call.arguments where !(argument.expression.is(ClosureExprSyntax.self)) {
            throw error(argument, "SiriScenario takes closures only, not \(Self.short(argument)).",
                        fix: "Write SiriScenario { turns } expectation: { … }.")
        }
        var turns: [SiriScenarioTurn] = []
        for item in turnsClosure.statements {
            guard case .expr(let expr) = item.item, let turnCall = expr.as(FunctionCallExprSyntax.self),
                  Self.callee(turnCall) == "UserTurn" else {
                throw unreadable(item, in: "a SiriScenario", expected: "UserTurn(\"…\") { … }")
            }
            turns.append(try turn(turnCall))
        }
        if turns.isEmpty {
            throw error(turnsClosure, "a SiriScenario with no turns.", fix: "Add at least one UserTurn(\"…\").")
        }
        var expectations: [SiriExpectation] = []
        if let expectationClosure {
            for item in expectationClosure.statements {
                let expectation = try self.expectation(item, level: "a scenario's expectation block")
                if case .response = expectation.kind {
                    throw LoadError(expectation.location, "SiriResponse is not a scenario-level expectation.",
                                    fix: "Move it into the UserTurn that gives the reply: SiriEvaluations checks a reply on its own turn.")
                }
                expectations.append(expectation)
            }
        }
        return SiriScenarioTest(name: scenarioName(call), location: location(of: call), turns: turns, expectations: expectations)
    }

    /// Refuses a scenario the code builds at run time: in a loop, or in a closure passed to `map` and the like.
    func checkWrittenOut(_ call: FunctionCallExprSyntax) throws(LoadError) {
        var node: Syntax? = call.parent
        while let current = node {
            if current.is(ForStmtSyntax.self) || current.is(WhileStmtSyntax.self) || current.is(RepeatStmtSyntax.self) {
                throw error(call, "this SiriScenario is built in a loop, from values only running the code would give.",
                            fix: "Write each scenario out (an array literal of SiriScenario { … } is read): Earshot reads the file, it does not run it.")
            }
            if let closure = current.as(ClosureExprSyntax.self), let outer = closure.parent?.as(FunctionCallExprSyntax.self)
                ?? closure.parent?.as(LabeledExprSyntax.self)?.parent?.parent?.as(FunctionCallExprSyntax.self),
               let name = Self.callee(outer), !["SiriScenarioLoader", "SiriScenario"].contains(name),
               outer.calledExpression.is(MemberAccessExprSyntax.self) {
                throw error(call, "this SiriScenario is built by '\(name)' over values only running the code would give.",
                            fix: "Write each scenario out (an array literal of SiriScenario { … } is read): Earshot reads the file, it does not run it.")
            }
            node = current.parent
        }
    }

    /// The constant or function the scenario is bound to, else where it starts.
    func scenarioName(_ call: FunctionCallExprSyntax) -> String {
        var node: Syntax? = call.parent
        while let current = node {
            if let binding = current.as(PatternBindingSyntax.self), let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                return name
            }
            if let function = current.as(FunctionDeclSyntax.self) { return function.name.text }
            node = current.parent
        }
        return "scenario at line \(location(of: call).line ?? 0)"
    }

    func turn(_ call: FunctionCallExprSyntax) throws(LoadError) -> SiriScenarioTurn {
        let arguments = Array(call.arguments)
        guard let first = arguments.first, first.label == nil, !(first.expression.is(ClosureExprSyntax.self)) else {
            throw error(call, "UserTurn needs what the person says first.", fix: "Write UserTurn(\"…\") or UserTurn(\"…\") { expectations }.")
        }
        let utterance = try string(first.expression, what: "the utterance of UserTurn")
        if utterance.trimmingCharacters(in: .whitespaces).isEmpty {
            throw error(first, "UserTurn's utterance is empty.", fix: "Write what the person says.")
        }
        for extra in arguments.dropFirst() where !(extra.label == nil && extra.expression.is(ClosureExprSyntax.self)) {
            throw error(extra, "UserTurn takes an utterance and an expectation block, not \(Self.short(extra)).",
                        fix: "Write UserTurn(\"…\") { Calls { … }; SiriResponse(…) }.")
        }
        if let labeled = call.additionalTrailingClosures.first {
            throw error(labeled, "UserTurn takes one expectation block.", fix: "Put every expectation of the turn in one block.")
        }
        var expectations: [SiriExpectation] = []
        if let closure = Self.closures(of: call).first?.closure {
            for item in closure.statements {
                expectations.append(try expectation(item, level: "a UserTurn's block"))
            }
        }
        return SiriScenarioTurn(utterance: utterance, location: location(of: call), expectations: expectations)
    }

    // MARK: Expectations

    static let expectationNames = ["Calls", "Finds", "OnScreen", "Loads", "SiriResponse"]

    func expectation(_ item: CodeBlockItemSyntax, level: String) throws(LoadError) -> SiriExpectation {
        guard case .expr(let expr) = item.item, let call = expr.as(FunctionCallExprSyntax.self), let name = Self.callee(call) else {
            throw unreadable(item, in: level, expected: "Calls, Finds, OnScreen, Loads or SiriResponse")
        }
        let at = location(of: call)
        switch name {
        case "Calls":
            var ordering = SiriExpectation.Ordering.ordered
            for argument in call.arguments where !argument.expression.is(ClosureExprSyntax.self) {
                guard argument.label == nil, let member = argument.expression.as(MemberAccessExprSyntax.self),
                      let value = SiriExpectation.Ordering(rawValue: member.declName.baseName.text) else {
                    throw error(argument, "Calls takes an ordering, .ordered, .unordered or .disallowed, not \(Self.short(argument)).",
                                fix: "Write Calls { … }, Calls(.unordered) { … } or Calls(.disallowed) { … }.")
                }
                ordering = value
            }
            var intents: [SiriIntentExpectation] = []
            for element in try block(call, of: "Calls") {
                intents.append(try intentExpectation(element))
            }
            return SiriExpectation(kind: .calls(ordering, intents), location: at)
        case "SiriResponse":
            var checks: [SiriResponseCheck] = []
            for argument in call.arguments {
                checks.append(try responseCheck(argument))
            }
            if checks.isEmpty || call.trailingClosure != nil {
                throw error(call, "SiriResponse takes its checks in parentheses.",
                            fix: "Write SiriResponse(.contains(\"…\")) or SiriResponse(.contains(\"…\", caseSensitive: false), …).")
            }
            return SiriExpectation(kind: .response(checks), location: at)
        case "OnScreen", "Finds":
            var entities: [SiriEntityExpectation] = []
            for element in try block(call, of: name) {
                let entity = try entityExpectation(element, in: name)
                if name == "OnScreen", !entity.properties.isEmpty {
                    throw error(element, "OnScreen matches entities by identity only, not by their properties.",
                                fix: "Write the bare entity definition or .expectIdentifier(\"…\"); check properties with Finds.")
                }
                entities.append(entity)
            }
            return SiriExpectation(kind: name == "Finds" ? .finds(entities) : .onScreen(entities), location: at)
        case "Loads":
            let positional = call.arguments.filter { !$0.expression.is(ClosureExprSyntax.self) }
            guard positional.count == 1, let first = positional.first, first.label == nil,
                  let member = first.expression.as(MemberAccessExprSyntax.self),
                  ["required", "preferred"].contains(member.declName.baseName.text) else {
                throw error(call, "Loads needs its enforcement, .required or .preferred.",
                            fix: "Write Loads(.required) { skill } or Loads(.preferred) { skill }: it has no default.")
            }
            var skills: [String] = []
            for element in try block(call, of: "Loads") {
                switch try value(element) {
                case .skill(let skill), .unbound(let skill), .string(let skill): skills.append(skill)
                default: throw error(element, "Loads names App Skills, not \(Self.short(element)).",
                                     fix: "Write definitions.skills[\"…\"] (a SkillDefinition).")
                }
            }
            return SiriExpectation(kind: .loads(required: member.declName.baseName.text == "required", skills: skills), location: at)
        default:
            let near = Spelling.nearest(to: name, in: Self.expectationNames)
            throw error(call, "'\(name)' is not a SiriEvaluations expectation.",
                        fix: (near.map { "Did you mean '\($0)'? " } ?? "") + "A turn takes Calls, Finds, OnScreen, Loads and SiriResponse.")
        }
    }

    /// The expressions of an expectation's builder block, each one written out.
    func block(_ call: FunctionCallExprSyntax, of name: String) throws(LoadError) -> [ExprSyntax] {
        guard let closure = Self.closures(of: call).first?.closure else {
            throw error(call, "\(name) without its block.", fix: "Write \(name) { … } with what it expects inside.")
        }
        var out: [ExprSyntax] = []
        for item in closure.statements {
            guard case .expr(let expr) = item.item, !expr.is(IfExprSyntax.self), !expr.is(SwitchExprSyntax.self) else {
                throw unreadable(item, in: "a \(name) block", expected: "one definition or .expect(…) per line")
            }
            out.append(expr)
        }
        if out.isEmpty { throw error(closure, "an empty \(name) block.", fix: "Name at least one thing it expects.") }
        return out
    }

    func unreadable(_ item: CodeBlockItemSyntax, in level: String, expected: String) -> LoadError {
        let what: String
        switch item.item {
        case .stmt(let statement) where statement.is(ForStmtSyntax.self) || statement.is(WhileStmtSyntax.self): what = "a loop"
        case .stmt(let statement) where statement.as(ExpressionStmtSyntax.self).map({ $0.expression.is(IfExprSyntax.self) || $0.expression.is(SwitchExprSyntax.self) }) ?? false:
            what = "a condition"
        case .stmt: what = "a statement"
        case .decl: what = "a declaration"
        case .expr(let expr) where expr.is(IfExprSyntax.self) || expr.is(SwitchExprSyntax.self): what = "a condition"
        case .expr(let expr):
            if let call = expr.as(FunctionCallExprSyntax.self), let name = Self.callee(call) {
                let near = Spelling.nearest(to: name, in: Self.expectationNames + ["UserTurn"])
                return error(item, "'\(name)' cannot stand in \(level).",
                             fix: (near.map { "Did you mean '\($0)'? " } ?? "") + "Write \(expected) there.")
            }
            what = "'\(Self.short(expr))'"
        }
        return error(item, "Earshot cannot evaluate \(what) in \(level): only running the code would tell what it gives.",
                     fix: "Write \(expected) out, one per line.")
    }

    func responseCheck(_ argument: LabeledExprSyntax) throws(LoadError) -> SiriResponseCheck {
        let fix = "Write .contains(\"…\") or .contains(\"…\", caseSensitive: false): plain text, never a pattern."
        guard argument.label == nil, let call = argument.expression.as(FunctionCallExprSyntax.self),
              let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "contains" else {
            throw error(argument, "SiriResponse checks are .contains(…), not \(Self.short(argument)).", fix: fix)
        }
        var text: String?
        var caseSensitive = true
        for part in call.arguments {
            switch part.label?.text {
            case nil: text = try string(part.expression, what: "the text of .contains")
            case "caseSensitive":
                guard let literal = part.expression.as(BooleanLiteralExprSyntax.self) else {
                    throw error(part, "caseSensitive must be true or false here.", fix: fix)
                }
                caseSensitive = literal.literal.tokenKind == .keyword(.true)
            default: throw error(part, ".contains has no argument '\(part.label?.text ?? "")'.", fix: fix)
            }
        }
        guard let text else { throw error(call, ".contains without its text.", fix: fix) }
        return SiriResponseCheck(text: text, caseSensitive: caseSensitive, location: location(of: argument))
    }

    func intentExpectation(_ expr: ExprSyntax) throws(LoadError) -> SiriIntentExpectation {
        switch try value(expr) {
        case .intent(let name), .unbound(let name): return SiriIntentExpectation(intent: name, parameters: [], location: location(of: expr))
        case .intentExpectation(let expectation):
            var located = expectation
            located.location = location(of: expr)
            return located
        case .entity, .entityExpectation:
            throw error(expr, "Calls names intents; \(Self.short(expr)) is an entity.", fix: "Check entities with Finds or OnScreen.")
        default:
            throw error(expr, "Calls names intents, not \(Self.short(expr)).",
                        fix: "Write definitions.intents[\"…\"] or definitions.intents[\"…\"].expect(parameter: .equals(\"…\")).")
        }
    }

    func entityExpectation(_ expr: ExprSyntax, in name: String) throws(LoadError) -> SiriEntityExpectation {
        switch try value(expr) {
        case .entity(let type), .unbound(let type): return SiriEntityExpectation(type: type, identifier: nil, properties: [], location: location(of: expr))
        case .entityExpectation(let expectation):
            var located = expectation
            located.location = location(of: expr)
            return located
        default:
            throw error(expr, "\(name) names entities, not \(Self.short(expr)).",
                        fix: "Write definitions.entities[\"…\"], .expectIdentifier(\"…\") on it, or .expect(property: …).")
        }
    }

    // MARK: Values

    /// What an expression of a scenario file stands for.
    enum Value {
        case definitions
        case intent(String)
        case entity(String)
        case skill(String)
        case string(String)
        case intentExpectation(SiriIntentExpectation)
        case entityExpectation(SiriEntityExpectation)
        case valueExpectation(SiriValueExpectation?)
        /// A name bound to nothing in the file: read as the type of that name (`Calls { CreateEventIntent }`).
        case unbound(String)
    }

    func value(_ expr: ExprSyntax, depth: Int = 0) throws(LoadError) -> Value {
        guard depth < 20 else { throw error(expr, "the constants here refer to each other in a circle.", fix: "Write the value out.") }
        if let reference = expr.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if let bound = constants[name] { return try value(bound, depth: depth + 1) }
            return .unbound(name)
        }
        if let literal = expr.as(StringLiteralExprSyntax.self) { return .string(try string(ExprSyntax(literal), what: "this text")) }
        if expr.is(NilLiteralExprSyntax.self) { return .valueExpectation(nil) }
        if let call = expr.as(FunctionCallExprSyntax.self) {
            if Self.callee(call) == "IntentDefinitions" { return .definitions }
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
                let method = member.declName.baseName.text
                guard let base = member.base else { return .valueExpectation(try valueExpectation(call, method: method)) }
                let target = try value(base, depth: depth + 1)
                switch (target, method) {
                case (.unbound(let name), "expect") where Self.looksLikeEntity(name):
                    return .entityExpectation(SiriEntityExpectation(type: name, identifier: nil,
                                                                    properties: try properties(call), location: location(of: call)))
                case (.intent(let name), "expect"), (.unbound(let name), "expect"):
                    return .intentExpectation(SiriIntentExpectation(intent: name, parameters: try properties(call), location: location(of: call)))
                case (.entity(let name), "expect"):
                    return .entityExpectation(SiriEntityExpectation(type: name, identifier: nil, properties: try properties(call), location: location(of: call)))
                case (.entity(let name), "expectIdentifier"), (.unbound(let name), "expectIdentifier"):
                    guard call.arguments.count == 1, let first = call.arguments.first, first.label == nil else {
                        throw error(call, "expectIdentifier takes one identifier.", fix: "Write .expectIdentifier(\"…\").")
                    }
                    return .entityExpectation(SiriEntityExpectation(type: name, identifier: try string(first.expression, what: "the identifier"),
                                                                    properties: [], location: location(of: call)))
                case (.entityExpectation(var entity), "expect"):
                    entity.properties += try properties(call)
                    return .entityExpectation(entity)
                case (_, "result"):
                    throw error(call, "intent results (.result(…)) are not checked by Earshot yet.",
                                fix: "Leave the result out of the offline run, or check what the reply says with SiriResponse.")
                default:
                    throw error(call, "Earshot cannot evaluate '\(Self.short(call))' in a scenario.",
                                fix: "Use IntentDefinitions' intents[…], entities[…] and skills[…], .expect(…) and .expectIdentifier(…).")
                }
            }
        }
        if let member = expr.as(MemberAccessExprSyntax.self) {
            if member.base == nil {
                switch member.declName.baseName.text {
                case "isNil": return .valueExpectation(.isNil)
                case "notNil": return .valueExpectation(.notNil)
                default: break
                }
            }
            // `Namespace.constant`: a constant declared in a type.
            if let bound = constants[member.declName.baseName.text], member.base.map({ Self.isTypeName($0, bound: constants) }) ?? false {
                return try value(bound, depth: depth + 1)
            }
        }
        if let subscriptCall = expr.as(SubscriptCallExprSyntax.self),
           let member = subscriptCall.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base {
            guard case .definitions = try value(base, depth: depth + 1) else {
                throw error(expr, "Earshot cannot evaluate '\(Self.short(expr))': \(Self.short(base)) is not IntentDefinitions.",
                            fix: "Declare let definitions = IntentDefinitions(bundleIdentifier: \"…\") in this file.")
            }
            guard subscriptCall.arguments.count == 1, let key = subscriptCall.arguments.first else {
                throw error(expr, "definitions.\(member.declName.baseName.text)[…] takes one name.", fix: "Write the type's name as a string.")
            }
            let name = try string(key.expression, what: "the name in \(member.declName.baseName.text)[…]")
            switch member.declName.baseName.text {
            case "intents": return .intent(name)
            case "entities", "enums": return .entity(name)
            case "skills": return .skill(name)
            default:
                throw error(expr, "IntentDefinitions has no '\(member.declName.baseName.text)' Earshot reads.",
                            fix: "Use intents[…], entities[…], enums[…] or skills[…].")
            }
        }
        throw error(expr, "Earshot cannot evaluate '\(Self.short(expr))': only running the code would tell what it is.",
                    fix: "Write the value out, or bind it with let to a definition in this file.")
    }

    /// `.equals("…")`, `.contains("…")`, `.contains(regex: …)`.
    func valueExpectation(_ call: FunctionCallExprSyntax, method: String) throws(LoadError) -> SiriValueExpectation {
        let fix = "Use .equals(\"…\"), .contains(\"…\"), .contains(regex: /…/), .isNil or .notNil (AppIntentsTesting)."
        guard call.arguments.count == 1, let argument = call.arguments.first else {
            throw error(call, ".\(method) takes one value.", fix: fix)
        }
        switch (method, argument.label?.text) {
        case ("equals", nil): return .equals(try string(argument.expression, what: "the value of .equals"))
        case ("contains", nil): return .contains(try string(argument.expression, what: "the value of .contains"))
        case ("contains", "regex"):
            if let regex = argument.expression.as(RegexLiteralExprSyntax.self) { return .matches(regex.regex.text) }
            return .matches(try string(argument.expression, what: "the pattern of .contains(regex:)"))
        default:
            let near = Spelling.nearest(to: method, in: ["equals", "contains", "isNil", "notNil"])
            throw error(call, "'.\(method)' is not a value expectation Earshot knows.", fix: (near.map { "Did you mean '.\($0)'? " } ?? "") + fix)
        }
    }

    /// The labeled arguments of `expect(…)`; `nil` arguments are not checked, as in AppIntentsTesting.
    func properties(_ call: FunctionCallExprSyntax) throws(LoadError) -> [SiriPropertyExpectation] {
        var out: [SiriPropertyExpectation] = []
        for argument in call.arguments {
            guard let label = argument.label?.text else {
                throw error(argument, "each argument of expect(…) names a parameter or property.", fix: "Write expect(name: .equals(\"…\")).")
            }
            let expectation: SiriValueExpectation?
            switch try value(argument.expression) {
            case .valueExpectation(let value): expectation = value
            case .entity(let type): expectation = .entity(type: type, identifier: nil)
            case .entityExpectation(let entity) where entity.properties.isEmpty: expectation = .entity(type: entity.type, identifier: entity.identifier)
            case .entityExpectation:
                throw error(argument, "a parameter's entity is checked by type or identifier only: no query has run to fill its properties.",
                            fix: "Write entities[\"…\"] or .expectIdentifier(\"…\") for '\(label)'.")
            default:
                throw error(argument, "'\(Self.short(argument.expression))' is not a value expectation.",
                            fix: "Use .equals(\"…\"), .contains(\"…\"), .contains(regex: /…/), .isNil, .notNil or an entity definition.")
            }
            if let expectation {
                out.append(SiriPropertyExpectation(name: label, value: expectation, location: location(of: argument)))
            }
        }
        return out
    }

    /// The text of a string literal without interpolation, or of a constant bound to one.
    func string(_ expr: ExprSyntax, what: String, depth: Int = 0) throws(LoadError) -> String {
        if let reference = expr.as(DeclReferenceExprSyntax.self), let bound = constants[reference.baseName.text], depth < 20 {
            return try string(bound, what: what, depth: depth + 1)
        }
        guard let literal = expr.as(StringLiteralExprSyntax.self) else {
            throw error(expr, "\(what) must be written out as text; Earshot cannot evaluate '\(Self.short(expr))'.",
                        fix: "Write it as a string literal (\"…\").")
        }
        guard let text = SwiftValues.text(of: literal, interpolation: { _ in nil }) else {
            throw error(expr, "\(what) is interpolated from values only running the code would give.",
                        fix: "Write the text out in full.")
        }
        return text
    }

    // MARK: Syntax helpers

    /// The name a call calls: `SiriScenario`, `Calls`, or a method's name.
    static func callee(_ call: FunctionCallExprSyntax) -> String? {
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            // `SiriEvaluations.Calls` as a module-qualified type.
            if let base = member.base?.as(DeclReferenceExprSyntax.self), base.baseName.text == "SiriEvaluations" {
                return member.declName.baseName.text
            }
            return member.declName.baseName.text
        }
        return nil
    }

    /// A call's closures, trailing or passed in the parentheses, with their labels.
    static func closures(of call: FunctionCallExprSyntax) -> [(label: String?, closure: ClosureExprSyntax)] {
        var out: [(String?, ClosureExprSyntax)] = []
        for argument in call.arguments {
            if let closure = argument.expression.as(ClosureExprSyntax.self) { out.append((argument.label?.text, closure)) }
        }
        if let trailing = call.trailingClosure { out.append((nil, trailing)) }
        for extra in call.additionalTrailingClosures { out.append((extra.label.text, extra.closure)) }
        return out
    }

    /// Whether `expr` names a type or constant rather than a run-time value: an identifier.
    static func isTypeName(_ expr: ExprSyntax, bound: [String: ExprSyntax]) -> Bool {
        expr.is(DeclReferenceExprSyntax.self) || expr.as(MemberAccessExprSyntax.self).map { $0.base.map { isTypeName($0, bound: bound) } ?? false } ?? false
    }

    /// An unbound type name read as an entity when `.expect` is called on it: `EventEntity.expect(title:)`.
    static func looksLikeEntity(_ name: String) -> Bool { name.hasSuffix("Entity") }
}

/// Every node of one kind in a tree, in source order.
private final class Collector<Node: SyntaxProtocol>: SyntaxAnyVisitor {
    var found: [Node] = []

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        if let match = node.as(Node.self) { found.append(match) }
        return .visitChildren
    }

    static func all(in tree: some SyntaxProtocol) -> [Node] {
        let collector = Collector(viewMode: .sourceAccurate)
        collector.walk(tree)
        return collector.found
    }
}

/// The first node swift-syntax could not parse.
private enum ErrorFinder {
    static func first(in tree: SourceFileSyntax) -> Syntax? {
        for node in Collector<UnexpectedNodesSyntax>.all(in: tree) { return Syntax(node) }
        for token in tree.tokens(viewMode: .all) where token.presence == .missing { return Syntax(token) }
        return nil
    }
}
