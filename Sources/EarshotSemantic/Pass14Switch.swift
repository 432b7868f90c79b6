import Foundation

/// Temporary switches for measuring the fourteenth pass's readings one at a time (removed before commit).
enum Pass14 {
    static let off: Set<String> = Set((ProcessInfo.processInfo.environment["EARSHOT_P14_OFF"] ?? "").split(separator: ",").map(String.init))
    static func on(_ name: String) -> Bool { !off.contains(name) && !off.contains("all") }
}
