/// Whose speech a recognizer hears, which picks its acoustic model (docs/speech.md, "Two acoustic models").
///
/// Debian's en-us model was trained on people. espeak-ng's voices are far from any of them: on the
/// audio fixtures that model hears espeak-ng's "first" as "third" in every voice. Earshot therefore
/// recognises the speech it synthesises itself (`earshot test --audio`'s `say:` lines, the demo,
/// `check --acoustic`, the benchmark's fixtures) with that model adapted to espeak-ng, and everything a
/// person may have said (a microphone, a recording, a served stream) with the model as Debian ships it.
public enum SpeechSource: String, Sendable, CaseIterable {
    /// A person: a microphone or a recording. Debian's en-us model.
    case person
    /// espeak-ng's voices (`earshot say` and everything Earshot speaks itself). The en-us model adapted
    /// to them by `make setup` (``Recognizer/Model/synthetic(folder:)``).
    case synthetic
}

extension SpeechSource {
    /// Whose speech a voice Earshot speaks with is: espeak-ng's voices are synthetic (the adapted model
    /// hears them); Piper's natural voice is heard as a person's, with Debian's model, as a recording or
    /// a microphone would be (the people benchmark measured both models on it: BENCHMARKS.md, "People").
    public static func of(voice: String) -> SpeechSource {
        Piper.isVoice(voice) ? .person : .synthetic
    }
}
