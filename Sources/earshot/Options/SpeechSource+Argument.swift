import ArgumentParser
import EarshotSpeech

/// `--speaker person|synthetic`: whose speech the audio holds, which picks the acoustic model.
extension SpeechSource: ExpressibleByArgument {}
