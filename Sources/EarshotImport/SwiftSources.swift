import EarshotModel
import Foundation
import SwiftIfConfig
import SwiftParser
import SwiftSyntax

/// One parsed Swift file.
final class SwiftFile: @unchecked Sendable {
    /// The path as the importer names it (the folder given, then the path inside).
    let path: String
    let tree: SourceFileSyntax
    let converter: SourceLocationConverter

    init(path: String, text: String) {
        self.path = path
        tree = Parser.parse(source: text)
        converter = SourceLocationConverter(fileName: path, tree: tree)
    }

    /// Where `node` starts (its first token, past leading comments).
    func location(of node: some SyntaxProtocol) -> EarshotModel.SourceLocation {
        let start = node.startLocation(converter: converter)
        return EarshotModel.SourceLocation(file: path, line: start.line, column: start.column)
    }
}

/// A type of the app's code: its declaration and every extension of it, across files and modules.
final class SwiftType {
    enum Kind { case structure, classType, enumeration, actor, protocolType, extensionOnly }

    let name: String
    var qualifiedName: String
    var kind: Kind
    /// Conformances and superclass, as last path components (`AppIntents.AppIntent` → `AppIntent`).
    var inherited: [String] = []
    /// Members with the file each is in.
    var members: [(decl: DeclSyntax, file: SwiftFile)] = []
    /// Enum cases in declaration order.
    var cases: [(name: String, location: EarshotModel.SourceLocation)] = []
    var location: EarshotModel.SourceLocation
    /// Where each conformance was declared (the type or the extension that adds it).
    var conformanceLocations: [String: EarshotModel.SourceLocation] = [:]
    /// The attributes written on the declaration (`@main`...).
    var attributes: [String] = []

    init(name: String, qualifiedName: String, kind: Kind, location: EarshotModel.SourceLocation) {
        self.name = name
        self.qualifiedName = qualifiedName
        self.kind = kind
        self.location = location
    }

    /// The variable `name` among the members (static or not), with its binding and file.
    func variable(_ name: String) -> (binding: PatternBindingSyntax, decl: VariableDeclSyntax, file: SwiftFile)? {
        for (decl, file) in members {
            guard let variable = decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings {
                if binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                    return (binding, variable, file)
                }
            }
        }
        return nil
    }

    /// The function `name` among the members.
    func function(_ name: String) -> (decl: FunctionDeclSyntax, file: SwiftFile)? {
        for (decl, file) in members {
            if let function = decl.as(FunctionDeclSyntax.self), function.name.text == name { return (function, file) }
        }
        return nil
    }
}

/// Every type, extension and top-level constant of the app's Swift files, with `#if` regions resolved
/// the way an iOS device build resolves them.
final class SwiftIndex {
    private(set) var types: [String: SwiftType] = [:]
    /// Simple name → qualified names, for types nested in others.
    private var bySimpleName: [String: [String]] = [:]
    private(set) var order: [String] = []
    /// Top-level `let`/`var` by name.
    private(set) var globals: [String: (binding: PatternBindingSyntax, file: SwiftFile)] = [:]
    /// The `#if` branches taken around what the importer reads, reported as warnings by the reader.
    private(set) var ifConfigChoices: [(location: EarshotModel.SourceLocation, taken: String, node: Syntax)] = []
    /// Second declarations of a type already declared (another target or app in the same folder): not read.
    private(set) var duplicates: [(name: String, location: EarshotModel.SourceLocation, first: EarshotModel.SourceLocation)] = []
    let build = DeviceBuildConfiguration()

    init(files: [SwiftFile]) {
        for file in files {
            for item in file.tree.statements {
                collect(item.item, file: file, outer: nil)
            }
        }
    }

    /// The type called `name` (qualified, or simple when only one type has that simple name), seen
    /// from inside `scope` (its nested types first).
    func type(_ name: String, from scope: SwiftType? = nil) -> SwiftType? {
        var name = name
        if name.hasPrefix("Self."), let scope { name = scope.qualifiedName + name.dropFirst(4) }
        if let scope, let nested = types[scope.qualifiedName + "." + name] { return nested }
        if let exact = types[name] { return exact }
        let last = String(name.split(separator: ".").last ?? "")
        if let candidates = bySimpleName[last], let first = candidates.first {
            return types[first]
        }
        return nil
    }

    /// All types, in the order they were first seen.
    var all: [SwiftType] { order.compactMap { types[$0] } }

    /// Whether `type` conforms to (or inherits) any of `names`, directly or through protocols and
    /// classes of the app's own code.
    func conforms(_ type: SwiftType, to names: Set<String>, seen: Set<String> = []) -> Bool {
        if seen.contains(type.qualifiedName) { return false }
        for parent in type.inherited {
            if names.contains(parent) { return true }
            if let declared = self.type(parent), declared !== type,
               conforms(declared, to: names, seen: seen.union([type.qualifiedName])) {
                return true
            }
        }
        return false
    }

    private func collect(_ item: CodeBlockItemSyntax.Item, file: SwiftFile, outer: SwiftType?) {
        switch item {
        case .decl(let decl):
            collect(decl: decl, file: file, outer: outer)
        case .stmt, .expr:
            // A `#if` at the top level of a file is an IfConfigDecl, handled as a declaration.
            break
        }
    }

    private func collect(decl: DeclSyntax, file: SwiftFile, outer: SwiftType?) {
        if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
            guard let clause = activeClause(ifConfig, file: file) else { return }
            switch clause.elements {
            case .statements(let items)?:
                for item in items { collect(item.item, file: file, outer: outer) }
            case .decls(let members)?:
                for member in members { collect(member: member.decl, file: file, into: outer) }
            default:
                break
            }
            return
        }
        if let variable = decl.as(VariableDeclSyntax.self), outer == nil {
            for binding in variable.bindings {
                if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                    globals[name] = (binding, file)
                }
            }
            return
        }
        let location = file.location(of: decl)
        let attributes: AttributeListSyntax?
        let name: String
        let kind: SwiftType.Kind
        let inheritance: InheritanceClauseSyntax?
        let memberBlock: MemberBlockSyntax
        if let s = decl.as(StructDeclSyntax.self) {
            (name, kind, inheritance, memberBlock, attributes) = (s.name.text, .structure, s.inheritanceClause, s.memberBlock, s.attributes)
        } else if let c = decl.as(ClassDeclSyntax.self) {
            (name, kind, inheritance, memberBlock, attributes) = (c.name.text, .classType, c.inheritanceClause, c.memberBlock, c.attributes)
        } else if let e = decl.as(EnumDeclSyntax.self) {
            (name, kind, inheritance, memberBlock, attributes) = (e.name.text, .enumeration, e.inheritanceClause, e.memberBlock, e.attributes)
        } else if let a = decl.as(ActorDeclSyntax.self) {
            (name, kind, inheritance, memberBlock, attributes) = (a.name.text, .actor, a.inheritanceClause, a.memberBlock, a.attributes)
        } else if let p = decl.as(ProtocolDeclSyntax.self) {
            (name, kind, inheritance, memberBlock, attributes) = (p.name.text, .protocolType, p.inheritanceClause, p.memberBlock, p.attributes)
        } else if let x = decl.as(ExtensionDeclSyntax.self) {
            let extended = x.extendedType.trimmedDescription
            (name, kind, inheritance, memberBlock, attributes) = (extended, .extensionOnly, x.inheritanceClause, x.memberBlock, x.attributes)
        } else if let alias = decl.as(TypeAliasDeclSyntax.self) {
            // `typealias Intent = AppIntent & ...` is read as a protocol with those parents.
            let type = entry(alias.name.text, outer: outer, kind: .protocolType, location: location)
            type.inherited += Self.names(in: alias.initializer.value)
            return
        } else {
            return
        }
        let qualified = outer.map { "\($0.qualifiedName).\(name)" } ?? name
        if kind != .extensionOnly, let existing = types[qualified], existing.kind != .extensionOnly {
            duplicates.append((qualified, location, existing.location))
            return
        }
        let type = entry(name, outer: kind == .extensionOnly ? nil : outer, kind: kind, location: location)
        if kind != .extensionOnly {
            type.location = location
            if type.kind == .extensionOnly { type.kind = kind }
        }
        for attribute in attributes ?? [] {
            if let attribute = attribute.as(AttributeSyntax.self) { type.attributes.append(attribute.attributeName.trimmedDescription) }
        }
        for inherited in inheritance?.inheritedTypes ?? [] {
            for parent in Self.names(in: inherited.type) where !type.inherited.contains(parent) {
                type.inherited.append(parent)
                type.conformanceLocations[parent] = file.location(of: inherited)
            }
        }
        for member in memberBlock.members {
            collect(member: member.decl, file: file, into: type)
        }
    }

    private func collect(member decl: DeclSyntax, file: SwiftFile, into type: SwiftType?) {
        guard let type else {
            collect(decl: decl, file: file, outer: nil)
            return
        }
        if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
            guard let clause = activeClause(ifConfig, file: file) else { return }
            if case .decls(let members)? = clause.elements {
                for member in members { collect(member: member.decl, file: file, into: type) }
            }
            return
        }
        if let cases = decl.as(EnumCaseDeclSyntax.self) {
            for element in cases.elements { type.cases.append((element.name.text, file.location(of: element))) }
            return
        }
        if decl.is(StructDeclSyntax.self) || decl.is(ClassDeclSyntax.self) || decl.is(EnumDeclSyntax.self)
            || decl.is(ActorDeclSyntax.self) || decl.is(TypeAliasDeclSyntax.self) {
            collect(decl: decl, file: file, outer: type)
            return
        }
        type.members.append((decl, file))
    }

    private func entry(_ name: String, outer: SwiftType?, kind: SwiftType.Kind, location: EarshotModel.SourceLocation) -> SwiftType {
        let qualified = outer.map { "\($0.qualifiedName).\(name)" } ?? name
        if let existing = types[qualified] { return existing }
        // An extension of `Outer.Inner` written with its full name, or of a type nested elsewhere.
        if kind == .extensionOnly, let found = type(qualified), found.qualifiedName.hasSuffix(qualified) { return found }
        let type = SwiftType(name: String(name.split(separator: ".").last ?? Substring(name)), qualifiedName: qualified, kind: kind, location: location)
        types[qualified] = type
        order.append(qualified)
        bySimpleName[type.name, default: []].append(qualified)
        return type
    }

    /// The last path component of each type in `A & B.C & D<E>`.
    static func names(in type: some SyntaxProtocol) -> [String] {
        if let composition = type.as(CompositionTypeSyntax.self) {
            return composition.elements.flatMap { names(in: $0.type) }
        }
        if let attributed = type.as(AttributedTypeSyntax.self) { return names(in: attributed.baseType) }
        if let member = type.as(MemberTypeSyntax.self) { return [member.name.text] }
        if let identifier = type.as(IdentifierTypeSyntax.self) { return [identifier.name.text] }
        if let some = type.as(SomeOrAnyTypeSyntax.self) { return names(in: some.constraint) }
        let text = type.trimmedDescription
        return text.isEmpty ? [] : [String(text.split(separator: ".").last ?? "")]
    }

    /// The clause an iOS device build compiles, remembered so the reader can say which it took.
    func activeClause(_ ifConfig: IfConfigDeclSyntax, file: SwiftFile) -> IfConfigClauseSyntax? {
        let clause = ifConfig.activeClause(in: build).clause
        let taken = clause.map { clause in
            clause.condition.map { "#\(clause.poundKeyword.text.dropFirst()) \($0.trimmedDescription)" } ?? "#else"
        } ?? "no branch"
        ifConfigChoices.append((file.location(of: ifConfig), taken, Syntax(ifConfig)))
        return clause
    }
}

/// The build the importer reads code as: an iOS app on an arm64 device, release (no DEBUG), Swift 6,
/// where every module can be imported except the Mac-only ones.
struct DeviceBuildConfiguration: BuildConfiguration {
    private let base = StaticBuildConfiguration(
        targetOSs: ["iOS"], targetArchitectures: ["arm64"], targetEnvironments: [], targetRuntimes: ["_ObjC"],
        targetObjectFileFormats: ["MachO"], targetPointerBitWidth: 64, targetAtomicBitWidths: [8, 16, 32, 64, 128],
        endianness: .little, languageVersion: VersionTuple(6, 0), compilerVersion: VersionTuple(6, 2))

    static let unavailableModules: Set<String> = ["AppKit", "Cocoa", "XCTest", "Testing", "WatchKit", "ClockKit", "TVUIKit"]

    func isCustomConditionSet(name: String) -> Bool { false }
    func hasFeature(name: String) -> Bool { true }
    func hasAttribute(name: String) -> Bool { true }
    func canImport(importPath: [(TokenSyntax, String)], version: CanImportVersion) -> Bool {
        !Self.unavailableModules.contains(importPath.first?.1 ?? "")
    }
    func isActiveTargetOS(name: String) -> Bool { base.isActiveTargetOS(name: name) }
    func isActiveTargetArchitecture(name: String) -> Bool { base.isActiveTargetArchitecture(name: name) }
    func isActiveTargetEnvironment(name: String) -> Bool { base.isActiveTargetEnvironment(name: name) }
    func isActiveTargetRuntime(name: String) -> Bool { base.isActiveTargetRuntime(name: name) }
    func isActiveTargetPointerAuthentication(name: String) -> Bool { false }
    func isActiveTargetObjectFormat(name: String) -> Bool { base.isActiveTargetObjectFormat(name: name) }
    var targetPointerBitWidth: Int { 64 }
    var targetAtomicBitWidths: [Int] { base.targetAtomicBitWidths }
    var endianness: Endianness { .little }
    var languageVersion: VersionTuple { base.languageVersion }
    var compilerVersion: VersionTuple { base.compilerVersion }
}
