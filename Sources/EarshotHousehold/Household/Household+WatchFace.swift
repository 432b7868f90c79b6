import Foundation

extension Household {
    /// A shortcut the Siri watch face shows now.
    public struct RelevantShortcut: Codable, Sendable, Equatable {
        public var app: String
        public var intent: String
        public var title: String
        public var systemImage: String?
    }

    /// The shortcuts whose `relevance` windows hold `date`'s time of day (UTC), of the apps `device` has.
    public func relevantShortcuts(device id: String, at date: Date? = nil) throws(HouseholdError) -> [RelevantShortcut] {
        let device = try device(id)
        let profile = try? profiles.profile(device.profile)
        let minute = Int(Self.hourOfDay(date ?? now()) * 60)
        return try manifests().filter { profile?.hasApp(platforms: $0.platforms) ?? false }.flatMap { manifest in
            manifest.shortcuts.filter { $0.relevance.contains { $0.contains(minute: minute) } }.map { shortcut in
                RelevantShortcut(app: manifest.name, intent: shortcut.intent,
                                 title: shortcut.shortTitle ?? manifest.intent(shortcut.intent)?.title ?? shortcut.intent,
                                 systemImage: shortcut.systemImage)
            }
        }
    }
}
