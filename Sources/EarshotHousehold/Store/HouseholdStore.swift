import Foundation
import GRDB

/// The household's state in one SQLite file (GRDB): devices, apps, entities, user shortcuts, donations,
/// run counts and transcripts. Every change is one transaction, committed before it is acknowledged:
/// a process killed afterwards loses nothing it answered for.
///
/// Each table has a record type (Store/Records); the migrations below are the schema's history, kept as
/// they were written so that every earlier state file opens as it is.
public struct HouseholdStore: Sendable {
    let database: DatabaseQueue
    /// The file, or `nil` in memory.
    public let path: String?

    /// Opens (creating when needed) the state file at `path`; `nil` keeps everything in memory.
    ///
    /// - Throws: ``HouseholdError`` naming the file when it cannot be opened or is not Earshot's.
    public init(path: String?) throws(HouseholdError) {
        self.path = path
        do {
            var configuration = Configuration()
            configuration.prepareDatabase { db in
                // WAL: readers never wait for the writer. FULL: a commit is on disk before it returns.
                try db.execute(sql: "PRAGMA synchronous = FULL")
            }
            if let path {
                let folder = (path as NSString).deletingLastPathComponent
                if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
                database = try DatabaseQueue(path: path, configuration: configuration)
                try database.writeWithoutTransaction { db in _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") }
            } else {
                database = try DatabaseQueue(configuration: configuration)
            }
            try Self.migrator.migrate(database)
        } catch {
            throw HouseholdError(.failed, "state file \(path ?? ":memory:") cannot be used: \(error)",
                                 fix: "Give --state a new file, or an earlier Earshot state file.")
        }
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("household-1") { db in
            try db.execute(sql: """
                CREATE TABLE device (id TEXT PRIMARY KEY, profile TEXT NOT NULL, name TEXT NOT NULL, created REAL NOT NULL);
                CREATE TABLE app (name TEXT PRIMARY KEY, manifest TEXT NOT NULL, installed REAL NOT NULL);
                CREATE TABLE entity (app TEXT NOT NULL REFERENCES app(name) ON DELETE CASCADE, entity TEXT NOT NULL,
                                     "values" TEXT NOT NULL, PRIMARY KEY (app, entity));
                CREATE TABLE user_shortcut (id INTEGER PRIMARY KEY AUTOINCREMENT, phrase TEXT NOT NULL, normalized TEXT NOT NULL UNIQUE,
                                            app TEXT NOT NULL, intent TEXT NOT NULL, "values" TEXT NOT NULL, device TEXT,
                                            created REAL NOT NULL);
                CREATE TABLE donation (id INTEGER PRIMARY KEY AUTOINCREMENT, device TEXT NOT NULL, app TEXT NOT NULL,
                                       intent TEXT NOT NULL, "values" TEXT NOT NULL, at REAL NOT NULL);
                CREATE INDEX donation_app ON donation(app, intent);
                CREATE TABLE run (device TEXT NOT NULL, app TEXT NOT NULL, intent TEXT NOT NULL, count INTEGER NOT NULL,
                                  PRIMARY KEY (device, app, intent));
                CREATE TABLE turn (id INTEGER PRIMARY KEY AUTOINCREMENT, device TEXT NOT NULL, at REAL NOT NULL, json TEXT NOT NULL);
                CREATE INDEX turn_device ON turn(device, id);
                """)
        }
        migrator.registerMigration("household-2") { db in
            // The lines of each device's conversation in progress, replayed when its session is rebuilt.
            try db.execute(sql: "CREATE TABLE conversation (device TEXT PRIMARY KEY, lines TEXT NOT NULL)")
        }
        return migrator
    }

    /// Runs `body` in one write transaction: all of it is committed, or none.
    func write<T: Sendable>(_ body: @Sendable (Database) throws -> T) throws(HouseholdError) -> T {
        try Self.reporting("written") { try database.write(body) }
    }

    /// Runs `body` on a snapshot of the state.
    func read<T: Sendable>(_ body: @Sendable (Database) throws -> T) throws(HouseholdError) -> T {
        try Self.reporting("read") { try database.read(body) }
    }

    /// A household error `body` threw as it is; any other (SQLite's, a record's) as the state file's failure.
    private static func reporting<T>(_ verb: String, _ body: () throws -> T) throws(HouseholdError) -> T {
        do {
            return try body()
        } catch let error as HouseholdError {
            throw error
        } catch {
            throw HouseholdError(.failed, "the state file could not be \(verb): \(error)")
        }
    }
}
