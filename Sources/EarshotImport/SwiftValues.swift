import EarshotModel
import SwiftSyntax

/// Reading literal values out of Swift expressions: strings with their interpolations, localized
/// strings, booleans, numbers, and references to constants declared elsewhere.
struct SwiftValues {
    let index: SwiftIndex

    /// The text of a string literal; each interpolation is passed to `interpolation`, which returns
    /// its `{name}` form or nil when the string is built at run time.
    static func text(of literal: StringLiteralExprSyntax, interpolation: (ExprSyntax) -> String?) -> String? {
        var out = ""
        let raw = literal.openingPounds != nil
        for segment in literal.segments {
            switch segment {
            case .stringSegment(let piece):
                out += raw ? piece.content.text : unescape(piece.content.text)
            case .expressionSegment(let expression):
                guard expression.expressions.count == 1, let inner = expression.expressions.first,
                      let replacement = interpolation(inner.expression) else { return nil }
                out += replacement
            }
        }
        if literal.openingQuote.tokenKind == .multilineStringQuote {
            // Multi-line literals: a trailing backslash joins lines; the text is one phrase either way.
            out = out.replacingOccurrences(of: "\\\n", with: "")
        }
        return out
    }

    /// Swift's escapes in a string segment: `\"`, `\\`, `\n`, `\t`, `\u{...}`...
    static func unescape(_ source: String) -> String {
        guard source.contains("\\") else { return source }
        var out = ""
        var iterator = source.makeIterator()
        while let ch = iterator.next() {
            guard ch == "\\" else { out.append(ch); continue }
            guard let next = iterator.next() else { out.append(ch); break }
            switch next {
            case "n": out.append("\n")
            case "t": out.append("\t")
            case "r": out.append("\r")
            case "0": break
            case "u":
                var digits = ""
                if iterator.next() == "{" {
                    while let d = iterator.next(), d != "}" { digits.append(d) }
                }
                if let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value) { out.unicodeScalars.append(scalar) }
            case "\n":
                // A line continuation in a multi-line literal.
                break
            default: out.append(next)
            }
        }
        return out
    }

    /// The first string literal an expression holds directly: `"x"`, `"x" as LocalizedStringResource`,
    /// `LocalizedStringResource("key", defaultValue: "x")` (the default value), `String(localized: "x")`,
    /// `IntentDialog("x")`, `.init(stringLiteral: "x")`, `TypeDisplayRepresentation(name: "x")`...
    func literal(_ expr: ExprSyntax, scope: SwiftType? = nil, depth: Int = 0) -> StringLiteralExprSyntax? {
        guard depth < 8 else { return nil }
        if let string = expr.as(StringLiteralExprSyntax.self) { return string }
        if let sequence = expr.as(SequenceExprSyntax.self), let first = sequence.elements.first {
            // `"x" as LocalizedStringResource` before operator folding.
            return literal(first, scope: scope, depth: depth + 1)
        }
        if let cast = expr.as(AsExprSyntax.self) { return literal(cast.expression, scope: scope, depth: depth + 1) }
        if let paren = expr.as(TupleExprSyntax.self), paren.elements.count == 1, let only = paren.elements.first {
            return literal(only.expression, scope: scope, depth: depth + 1)
        }
        if let call = expr.as(FunctionCallExprSyntax.self) {
            let args = Array(call.arguments)
            for label in ["defaultValue", "title", "name", "stringLiteral", "localized", "full"] {
                if let arg = args.first(where: { $0.label?.text == label }), let found = literal(arg.expression, scope: scope, depth: depth + 1) {
                    return found
                }
            }
            if let first = args.first, first.label == nil { return literal(first.expression, scope: scope, depth: depth + 1) }
            return nil
        }
        if let reference = resolve(expr, scope: scope) {
            return literal(reference.expr, scope: reference.scope, depth: depth + 1)
        }
        return nil
    }

    /// A plain text value (no interpolations allowed) of a string expression.
    func plainText(_ expr: ExprSyntax, scope: SwiftType? = nil) -> String? {
        guard let literal = literal(expr, scope: scope) else { return nil }
        return Self.text(of: literal) { _ in nil }
    }

    /// `true`/`false`.
    func bool(_ expr: ExprSyntax) -> Bool? {
        if let literal = expr.as(BooleanLiteralExprSyntax.self) { return literal.literal.tokenKind == .keyword(.true) }
        return nil
    }

    /// A number, boolean, string or `.case` written literally, as text.
    func literalValue(_ expr: ExprSyntax) -> String? {
        if let b = bool(expr) { return b ? "true" : "false" }
        if let i = expr.as(IntegerLiteralExprSyntax.self) { return i.literal.text.replacingOccurrences(of: "_", with: "") }
        if let f = expr.as(FloatLiteralExprSyntax.self) { return f.literal.text.replacingOccurrences(of: "_", with: "") }
        if let prefix = expr.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-", let inner = literalValue(prefix.expression) {
            return "-" + inner
        }
        if let member = expr.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        if let string = expr.as(StringLiteralExprSyntax.self) { return Self.text(of: string) { _ in nil } }
        return nil
    }

    /// The expressions a variable stands for: its initializer, or what its getter returns (every
    /// statement of a result-builder body).
    func values(of binding: PatternBindingSyntax) -> [ExprSyntax] {
        if let initializer = binding.initializer { return [initializer.value] }
        guard let accessors = binding.accessorBlock?.accessors else { return [] }
        switch accessors {
        case .getter(let items):
            return Self.results(of: items)
        case .accessors(let list):
            for accessor in list where accessor.accessorSpecifier.tokenKind == .keyword(.get) {
                if let body = accessor.body { return Self.results(of: body.statements) }
            }
            return []
        }
    }

    /// The values a body yields: `return x`, a lone expression, or each expression of a result builder
    /// (inside `if`/`#available` branches too).
    static func results(of items: CodeBlockItemListSyntax) -> [ExprSyntax] {
        var out: [ExprSyntax] = []
        for item in items {
            switch item.item {
            case .stmt(let statement):
                if let ret = statement.as(ReturnStmtSyntax.self), let value = ret.expression { return [value] }
                if let expression = statement.as(ExpressionStmtSyntax.self) { out += results(ofExpression: expression.expression) }
            case .expr(let expression):
                out += results(ofExpression: expression)
            case .decl:
                continue
            }
        }
        return out
    }

    private static func results(ofExpression expression: ExprSyntax) -> [ExprSyntax] {
        if let ifExpr = expression.as(IfExprSyntax.self) {
            return results(of: ifExpr.body.statements)
        }
        return [expression]
    }

    /// What a reference names: `name`, `Self.name`, `Type.name` (a static member or a global).
    func resolve(_ expr: ExprSyntax, scope: SwiftType?) -> (expr: ExprSyntax, scope: SwiftType?, file: SwiftFile)? {
        var owner: SwiftType? = scope
        let name: String
        if let reference = expr.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
        } else if let member = expr.as(MemberAccessExprSyntax.self), let base = member.base {
            name = member.declName.baseName.text
            let baseName = base.trimmedDescription
            if baseName != "Self" && baseName != "self" { owner = index.type(baseName, from: scope) }
            guard owner != nil else { return nil }
        } else {
            return nil
        }
        if let owner, let variable = owner.variable(name), let value = values(of: variable.binding).first {
            return (value, owner, variable.file)
        }
        if owner === scope, let global = index.globals[name], let value = values(of: global.binding).first {
            return (value, nil, global.file)
        }
        return nil
    }

    /// The type name a call constructs: `X()`, `Module.X(...)`, `X.init(...)`.
    static func calledTypeName(_ call: FunctionCallExprSyntax) -> String? {
        var callee = call.calledExpression
        if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init", let base = member.base {
            callee = base
        }
        if let specialized = callee.as(GenericSpecializationExprSyntax.self) { callee = specialized.expression }
        if let reference = callee.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = callee.as(MemberAccessExprSyntax.self), member.base != nil { return member.declName.baseName.text }
        return nil
    }

    /// The name a call is made to, for `.result(...)`, `requestConfirmation(...)`, `Summary(...)`.
    static func calleeName(_ call: FunctionCallExprSyntax) -> String? {
        var callee = call.calledExpression
        if let specialized = callee.as(GenericSpecializationExprSyntax.self) { callee = specialized.expression }
        if let reference = callee.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = callee.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        return nil
    }

    /// The argument labelled `label`.
    static func argument(_ label: String?, of call: FunctionCallExprSyntax) -> ExprSyntax? {
        call.arguments.first { $0.label?.text == label }?.expression
    }

    /// `x`, `self.x`, `\.$x`, `\Self.$x`, `$x`, `x.title`... as the parameter name `x`.
    static func parameterName(_ expr: ExprSyntax) -> String? {
        if let keyPath = expr.as(KeyPathExprSyntax.self) {
            guard let first = keyPath.components.first, case .property(let property) = first.component else { return nil }
            return String(property.declName.baseName.text.drop { $0 == "$" })
        }
        if let reference = expr.as(DeclReferenceExprSyntax.self) { return String(reference.baseName.text.drop { $0 == "$" }) }
        if let member = expr.as(MemberAccessExprSyntax.self), let base = member.base {
            if base.trimmedDescription == "self" { return String(member.declName.baseName.text.drop { $0 == "$" }) }
            return parameterName(base)
        }
        if let forced = expr.as(ForceUnwrapExprSyntax.self) { return parameterName(forced.expression) }
        if let optional = expr.as(OptionalChainingExprSyntax.self) { return parameterName(optional.expression) }
        return nil
    }
}

/// Every function call under a node, in source order.
final class CallCollector: SyntaxVisitor {
    private(set) var calls: [FunctionCallExprSyntax] = []

    init() { super.init(viewMode: .sourceAccurate) }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        calls.append(node)
        return .visitChildren
    }

    static func calls(in node: some SyntaxProtocol) -> [FunctionCallExprSyntax] {
        let collector = CallCollector()
        collector.walk(node)
        return collector.calls
    }
}
