import EarshotImport

extension Guideline {
    static let importedSources = Guideline(.earshot, "Apps read from their sources",
        "An app imported from its Xcode project is reviewed as its code says; what the code computes at run time comes from earshot.yaml beside it (docs/import.md).")
}

extension Rule {
    /// Apple's build refuses this in the app's Swift sources (a phrase with two parameters, one naming no parameter...).
    static let importBuildError = Rule("import.build-error", .error, "What Apple's build refuses in the app's sources, at the Swift line.",
                                       guideline: .importedSources, needs: .sources) { _ in [] }
    /// Something of the sources the import could not read as the app does: the overlay can say it.
    static let importUnread = Rule("import.unread", .warning, "What the import of the app's sources could not read, and the earshot.yaml key that says it.",
                                   guideline: .importedSources, needs: .sources) { _ in [] }

    /// An import diagnostic as a finding of the review.
    package static func diagnostic(for imported: ImportDiagnostic) -> Diagnostic {
        let rule = imported.severity == .error ? importBuildError : importUnread
        return Diagnostic(rule: rule.id, severity: rule.severity, location: imported.location.location, message: imported.message,
                          fix: imported.fix ?? "Describe it in earshot.yaml beside the sources.", guideline: rule.guideline, sourceLine: nil)
    }
}
