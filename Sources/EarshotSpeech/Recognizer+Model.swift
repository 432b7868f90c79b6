import EarshotModel
import Foundation

extension Recognizer.Model {
    /// The environment variable that names another folder for the synthetic-speech model.
    public static let syntheticFolderVariable = "EARSHOT_SPEECH_MODEL_DIR"

    /// The files pocketsphinx reads from an acoustic model folder.
    static let acousticModelFiles = ["feat.params", "mdef", "means", "variances", "transition_matrices", "noisedict", "sendump"]

    /// Where `make setup` puts the model for synthetic speech: `$EARSHOT_SPEECH_MODEL_DIR` when set, else
    /// `${XDG_CACHE_HOME:-$HOME/.cache}/earshot/models/en-us-espeak-ng`.
    public static func syntheticFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        EarshotCache.folder("models/en-us-espeak-ng", override: syntheticFolderVariable, environment: environment)
    }

    /// Debian's en-us model MAP-adapted to espeak-ng's voices, which `make setup` builds
    /// (scripts/adapt_speech_model.py), with Debian's dictionary.
    /// - Throws: ``SpeechError`` naming the folder and the `make setup` fix when a file is missing.
    public static func synthetic(folder: String = syntheticFolder()) throws(SpeechError) -> Self {
        for file in acousticModelFiles where !FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(file)) {
            throw SpeechError("the acoustic model for synthetic speech is missing from \(folder) (no \(file)).",
                              fix: "Run `make setup`, which builds it from the en-us model (scripts/adapt_speech_model.py).")
        }
        return Self(acousticModel: folder, dictionary: debian.dictionary)
    }

    /// The model for speech from `source`.
    public static func `for`(_ source: SpeechSource) throws(SpeechError) -> Self {
        switch source {
        case .person: debian
        case .synthetic: try synthetic()
        }
    }
}
