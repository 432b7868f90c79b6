import Foundation

/// The folder where Earshot keeps what it builds or installs once per machine: models, the phrase
/// index, imported apps, virtual environments, synthesised benchmark audio.
public enum EarshotCache {
    /// `name` under `${XDG_CACHE_HOME:-$HOME/.cache}/earshot`, or the folder the environment variable
    /// `override` names, when it is set and not empty.
    public static func folder(_ name: String, override variable: String? = nil,
                              environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let variable, let folder = environment[variable], !folder.isEmpty { return folder }
        let cache: String
        if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty {
            cache = xdg
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            cache = (home as NSString).appendingPathComponent(".cache")
        }
        return ((cache as NSString).appendingPathComponent("earshot") as NSString).appendingPathComponent(name)
    }
}
