import EarshotModel

/// What running an intent gave: values for the dialogue, maybe an app error, or a failure to run.
public enum PerformResult: Sendable, Equatable {
    /// `perform()` succeeded with these values.
    case values([String: String])
    /// `perform()` threw the app error `key` (a key of `dialog.errors`).
    case appError(key: String, values: [String: String])
    /// The handler could not give an answer: it failed, timed out or printed garbage.
    case failure(reason: String)
}

/// When the device asks the app: before confirming (to say what the order comes to), or to perform.
public enum PerformPhase: String, Sendable, Codable {
    case confirm, perform
}

extension Intent {
    /// The manifest's `result`: its values, overlaid by the first case whose conditions hold.
    public func staticResult(for values: [String: ParameterValue]) -> PerformResult {
        var out: [String: String] = [:]
        for (key, value) in result.values { out[key] = value }
        for resultCase in result.cases where resultCase.when.allSatisfy({ values[$0.parameter]?.id == $0.value }) {
            for (key, value) in resultCase.values { out[key] = value }
            if let error = resultCase.error { return .appError(key: error, values: out) }
            return .values(out)
        }
        return .values(out)
    }
}
