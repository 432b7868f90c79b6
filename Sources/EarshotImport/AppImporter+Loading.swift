import EarshotModel
import Foundation

extension AppImporter {
    /// Loads the app at `path`: a manifest, a folder holding `app.yaml`, or a folder of app sources,
    /// imported (cached by content hash). Refuses what the manifest loader refuses, and what Apple's
    /// build refuses in the sources, with the first problem's file and line.
    public func loadApp(_ path: String) throws(LoadError) -> AppManifest {
        guard Self.isSourceFolder(path) else { return try AppManifest(contentsOf: path) }
        let result = try importApp([path])
        if let error = result.errors.first { throw error.loadError }
        let (manifest, violations) = try result.manifest()
        if let first = violations.first { throw first.error }
        return manifest
    }

    /// Loads the app at `path` for review: every limit the manifest breaks and every import problem is
    /// returned instead of refusing it.
    public func reviewApp(_ path: String) throws(LoadError) -> (manifest: AppManifest, violations: [AppManifest.Violation], diagnostics: [ImportDiagnostic]) {
        guard Self.isSourceFolder(path) else {
            let (manifest, violations) = try AppManifest.reviewing(contentsOf: AppManifest.manifestPath(for: path))
            return (manifest, violations, [])
        }
        let result = try importApp([path])
        let (manifest, violations) = try result.manifest()
        return (manifest, violations, result.diagnostics)
    }
}

extension ImportDiagnostic {
    /// The diagnostic as the error a loader throws.
    public var loadError: LoadError { LoadError(location.location, message, fix: fix) }
}
