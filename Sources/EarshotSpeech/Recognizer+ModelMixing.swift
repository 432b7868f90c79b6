import CPocketSphinx
import Foundation

extension Recognizer {
    /// pocketsphinx's general en-us language model (`en-us.lm.bin`), read for `target` (its configuration and
    /// log-math): dictation's search and the general fallback's.
    static func readGeneralModel(for target: OpaquePointer) throws(SpeechError) -> OpaquePointer {
        guard FileManager.default.isReadableFile(atPath: GeneralVocabulary.path),
              let general = ngram_model_read(ps_get_config(target), GeneralVocabulary.path, NGRAM_AUTO, ps_get_logmath(target)) else {
            throw SpeechError("pocketsphinx could not load its general en-us language model (\(GeneralVocabulary.path)).",
                              fix: "Reinstall pocketsphinx-en-us (`make setup`).")
        }
        return general
    }

    /// `model` read as an n-gram model for `target` (through an ARPA file); `failure` says what could not be
    /// loaded.
    static func readModel(_ model: DomainLanguageModel, for target: OpaquePointer, failure: String) throws(SpeechError) -> OpaquePointer {
        try withArpaFile(of: model) { path throws(SpeechError) in
            guard let own = ngram_model_read(ps_get_config(target), path, NGRAM_AUTO, ps_get_logmath(target)) else {
                throw SpeechError(failure)
            }
            return own
        }
    }

    /// One model of `general` and `own`, `own` at `weight` and the general model at the rest: the set takes
    /// the reference of each it is given. Free the set once a search holds it.
    static func mix(_ general: OpaquePointer, _ own: OpaquePointer, ownName: String, weight: Double, for target: OpaquePointer,
                    failure: String) throws(SpeechError) -> OpaquePointer {
        var models: [OpaquePointer?] = [general, own]
        var names: [UnsafeMutablePointer<CChar>?] = [strdup("general"), strdup(ownName)]
        defer { names.forEach { free($0) } }
        let weights: [Float32] = [Float32(1 - weight), Float32(weight)]
        guard let mixed = ngram_model_set_init(ps_get_config(target), &models, &names, weights, 2) else {
            throw SpeechError(failure)
        }
        return mixed
    }
}
