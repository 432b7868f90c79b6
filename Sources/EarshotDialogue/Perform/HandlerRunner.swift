import EarshotModel
import Foundation
import Subprocess
#if canImport(System)
import System
#else
import SystemPackage
#endif

/// Runs an intent's `handler` process: one JSON object on standard input, one on standard output.
///
/// The program runs directly (no shell) in the manifest's folder, in a session of its own so that a
/// time-out kills it and everything it started. What the person said never reaches its command line.
public struct HandlerRunner: Sendable {
    /// How long a handler may take.
    public var timeout: Duration
    /// The most a handler may print on standard output.
    public var outputLimit: Int

    public init(timeout: Duration = .seconds(5), outputLimit: Int = 1 << 20) {
        self.timeout = timeout
        self.outputLimit = outputLimit
    }

    /// The JSON object a handler reads.
    public struct Request: Sendable, Encodable {
        public var intent: String
        public var phase: PerformPhase
        public var parameters: [String: ParameterValue?]
        public var profile: ProfileInfo
        public var locale: String

        public struct ProfileInfo: Sendable, Encodable {
            public var id: String
            public var name: String
            public var screen: Profile.Screen
            public var dialog: Profile.DialogKind

            public init(id: String, name: String, screen: Profile.Screen, dialog: Profile.DialogKind) {
                self.id = id
                self.name = name
                self.screen = screen
                self.dialog = dialog
            }
        }

        public init(intent: String, phase: PerformPhase, parameters: [String: ParameterValue?], profile: ProfileInfo, locale: String) {
            self.intent = intent
            self.phase = phase
            self.parameters = parameters
            self.profile = profile
            self.locale = locale
        }

        enum CodingKeys: String, CodingKey { case intent, phase, parameters, profile, locale }
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(intent, forKey: .intent)
            try c.encode(phase, forKey: .phase)
            try c.encode(parameters, forKey: .parameters)
            try c.encode(profile, forKey: .profile)
            try c.encode(locale, forKey: .locale)
        }
    }

    /// Runs `command` in `directory` with `request` on standard input.
    public func run(_ command: [String], in directory: String, request: Request) async -> PerformResult {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let input = try? encoder.encode(request) else {
            return .failure(reason: "could not encode the handler's input")
        }
        let program = command[0]
        let executable: Executable
        if program.contains("/") {
            let path = program.hasPrefix("/") ? program : (directory as NSString).appendingPathComponent(program)
            guard FileManager.default.isExecutableFile(atPath: path) else {
                return .failure(reason: "handler program \(path) does not exist or is not executable")
            }
            executable = .path(FilePath(path))
        } else {
            executable = .name(program)
        }
        // Standard input is a file, not a pipe: a handler that exits without reading it can't break
        // a write (no SIGPIPE, no lost exit status), and one that reads it gets it all at once.
        let inputPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("earshot-handler-\(UUID().uuidString).json").path
        guard FileManager.default.createFile(atPath: inputPath, contents: input),
              let inputFile = try? FileDescriptor.open(FilePath(inputPath), .readOnly) else {
            return .failure(reason: "could not write the handler's input to \(inputPath)")
        }
        unlink(inputPath)
        signal(SIGPIPE, SIG_IGN)
        var options = PlatformOptions()
        options.createSession = true
        options.teardownSequence = [.send(signal: .kill, toProcessGroup: true, allowedDurationToNextStep: .milliseconds(200))]
        let platformOptions = options
        let arguments = Array(command.dropFirst())
        let limit = outputLimit
        let timeout = timeout
        let name = command.joined(separator: " ")

        let outcome: Result<(status: TerminationStatus, stdout: [UInt8], stderr: [UInt8]), any Error>? =
            await withTaskGroup(of: Result<(status: TerminationStatus, stdout: [UInt8], stderr: [UInt8]), any Error>?.self) { group in
                group.addTask {
                    do {
                        let result = try await Subprocess.run(
                            executable, arguments: Arguments(arguments),
                            workingDirectory: FilePath(directory), platformOptions: platformOptions,
                            input: .fileDescriptor(inputFile, closeAfterSpawningProcess: true), output: .bytes(limit: limit), error: .bytes(limit: limit))
                        return .success((result.terminationStatus, result.standardOutput, result.standardError))
                    } catch {
                        return .failure(error)
                    }
                }
                group.addTask {
                    try? await Task.sleep(for: timeout)
                    return nil
                }
                let first = await group.next() ?? nil
                group.cancelAll()
                return first
            }

        guard let outcome else {
            return .failure(reason: "handler '\(name)' did not answer within \(timeout.seconds) s and was stopped")
        }
        let status: TerminationStatus, stdout: [UInt8], stderr: [UInt8]
        switch outcome {
        case .success(let result): (status, stdout, stderr) = result
        case .failure(let error):
            if case let error as SubprocessError = error, "\(error)".contains("limit") {
                return .failure(reason: "handler '\(name)' printed more than \(limit) bytes")
            }
            return .failure(reason: "handler '\(name)' could not run: \(error)")
        }
        guard case .exited(0) = status else {
            let detail = String(decoding: stderr.suffix(300), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            let how: String
            switch status {
            case .exited(let code): how = "exited with status \(code)"
            case .signaled(let signal): how = "was killed by signal \(signal)"
            }
            return .failure(reason: "handler '\(name)' \(how)" + (detail.isEmpty ? "" : ": \(detail.replacingOccurrences(of: "\n", with: " "))"))
        }
        return Self.parse(stdout, name: name)
    }

    /// Reads `{"values": {...}}` or `{"error": "key", "values": {...}}`.
    static func parse(_ output: [UInt8], name: String) -> PerformResult {
        let garbage = "handler '\(name)' printed something other than one JSON object with 'values' and optionally 'error'"
        guard let object = try? JSONDecoder().decode([String: JSONValue].self, from: Data(output)) else {
            let preview = String(decoding: output.prefix(60), as: UTF8.self).replacingOccurrences(of: "\n", with: " ")
            return .failure(reason: garbage + (preview.isEmpty ? " (it printed nothing)" : ": \(preview)"))
        }
        if let unknown = object.keys.sorted().first(where: { $0 != "values" && $0 != "error" }) {
            return .failure(reason: garbage + " (unknown key '\(unknown)')")
        }
        var values: [String: String] = [:]
        if let raw = object["values"] {
            guard case .object(let dictionary) = raw else { return .failure(reason: garbage + " ('values' is not an object)") }
            for (key, value) in dictionary {
                guard let text = value.text else {
                    return .failure(reason: garbage + " (value '\(key)' is not text, a number or a boolean)")
                }
                values[key] = text
            }
        }
        if let error = object["error"] {
            guard case .string(let key) = error else { return .failure(reason: garbage + " ('error' is not a string)") }
            return .appError(key: key, values: values)
        }
        return .values(values)
    }
}

/// Any JSON value, enough to tell scalars from the rest.
enum JSONValue: Decodable {
    case string(String), number(Double), bool(Bool), null
    case object([String: JSONValue]), array([JSONValue])

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let n = try? c.decode(Double.self) { self = .number(n) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([JSONValue].self) { self = .array(a) }
        else { self = .object(try c.decode([String: JSONValue].self)) }
    }

    /// A scalar as dialogue text: whole numbers without a decimal point.
    var text: String? {
        switch self {
        case .string(let s): s
        case .bool(let b): b ? "true" : "false"
        case .number(let n): n.rounded() == n && abs(n) < 1e15 ? String(Int64(n)) : String(n)
        default: nil
        }
    }
}

extension Duration {
    var seconds: String {
        let (s, attos) = components
        let value = Double(s) + Double(attos) / 1e18
        return value.rounded() == value ? String(Int(value)) : String(format: "%.1f", value)
    }
}
