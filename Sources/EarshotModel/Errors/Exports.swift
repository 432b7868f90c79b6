// `SourceLocation` and `UserFacingError` live in EarshotErrors, which depends on nothing, so the audio,
// ALSA and embedding modules can adopt the one protocol too; `import EarshotModel` brings them as before.
@_exported import EarshotErrors
