import EarshotModel

/// A profile in a few words, for `earshot profiles`.
public enum ProfileDescription {
    public static func describe(_ p: Profile, source: String) -> String {
        let apps = p.apps == .companion ? "the iPhone's \(p.platform) apps" : "\(p.platform) apps installed on it"
        let auth: String
        switch p.authentication {
        case .none: auth = "cannot authenticate (orders go to the iPhone)"
        case .personalRequests: auth = "authenticates by Personal Requests"
        case .wrist: auth = "authenticates while worn"
        case .passcode: auth = "authenticates by passcode"
        }
        return """
        \(p.id) — \(p.name)\(p.os.map { " \($0)" } ?? "") [\(source)]
            screen \(p.screen.rawValue), \(p.matching.rawValue) matching, speaks \(p.dialog.rawValue) dialog, \
        reads \(p.spokenOptions) options at a time
            uses \(apps); \(p.opensApps ? "opens apps" : "cannot open apps"); \(auth); \
        names the app for \(p.attributionRuns) runs; App Shortcuts from \(p.minimumOS ?? "any version")
        """
    }
}
