import EarshotMatching
import EarshotSemantic

/// A suite that reads typed requests for their action, as the matcher does (normalised, word by word).
protocol ReadsRequests {
    var verbs: ActionVerbs { get }
}

extension ReadsRequests {
    /// What `text`, typed, says about its action.
    func request(_ text: String) -> ActionVerbs.Request {
        verbs.request(Normalizer.normalize(text).split(separator: " "))
    }
}
