import EarshotDialogue
import Foundation
import GRDB

extension Household {
    /// A Siri Suggestion: a shortcut people ran, ranked by how often and how near this time of day.
    public struct Suggestion: Codable, Sendable, Equatable {
        public var app: String
        public var intent: String
        public var values: [String: String]
        /// The shortcut's short title (or the intent's title).
        public var title: String
        /// Donations of it.
        public var count: Int
        public var score: Double
    }

    /// Siri Suggestions at `date` for `device` (only what that device can run; every device when `nil`):
    /// donations grouped by intent and values, each weighing more the closer its time of day is to
    /// `date`'s (a Gaussian of two hours on the 24-hour circle).
    public func suggestions(device id: String? = nil, at date: Date? = nil, limit: Int = 10) throws(HouseholdError) -> [Suggestion] {
        let when = date ?? now()
        let manifests = try manifests()
        var available = manifests
        if let id {
            let device = try device(id)
            let profile = (try? profiles.profile(device.profile))
            available = manifests.filter { profile?.hasApp(platforms: $0.platforms) ?? true }
        }
        let donations = try store.read { db in try DonationRecord.fetchAll(db) }
        let hour = Self.hourOfDay(when)
        // One suggestion per intent run with the same values.
        struct Key: Hashable { var run: RunKey; var values: [String: String] }
        var groups: [Key: Suggestion] = [:]
        for donation in donations {
            let (app, intent) = (donation.app, donation.intent)
            guard let manifest = available.first(where: { $0.name == app }) else { continue }
            let key = Key(run: RunKey(app: app, intent: intent), values: donation.values)
            let distance = Self.circularDistance(Self.hourOfDay(Date(timeIntervalSince1970: donation.at)), hour)
            let weight = exp(-distance * distance / (2 * 2 * 2))
            var entry = groups[key] ?? Suggestion(app: app, intent: intent, values: donation.values,
                                                  title: manifest.shortcut(for: intent)?.shortTitle ?? manifest.intent(intent)?.title ?? intent,
                                                  count: 0, score: 0)
            entry.count += 1
            entry.score += weight
            groups[key] = entry
        }
        return groups.values.sorted { ($0.score, $0.count, $1.title) > ($1.score, $1.count, $0.title) }.prefix(limit).map { suggestion in
            var rounded = suggestion
            rounded.score = (suggestion.score * 1000).rounded() / 1000
            return rounded
        }
    }

    /// The time of day of `date` in UTC, in hours (8.5 is 08:30).
    static func hourOfDay(_ date: Date) -> Double {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return Double(parts.hour ?? 0) + Double(parts.minute ?? 0) / 60
    }

    /// How far apart two times of day are, in hours, on the 24-hour circle.
    static func circularDistance(_ a: Double, _ b: Double) -> Double {
        let d = abs(a - b).truncatingRemainder(dividingBy: 24)
        return min(d, 24 - d)
    }
}
