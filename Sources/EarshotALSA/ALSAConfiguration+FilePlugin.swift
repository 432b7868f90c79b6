extension ALSAConfiguration {
    /// A configuration with two devices over ALSA's `file` plugin, for running the real ALSA path with
    /// no sound card: `earshot_in` captures from `input` (raw S16_LE; silence after its end) and
    /// `earshot_out` writes what is played to `output` (raw, in the device's format).
    ///
    ///     pcm.earshot_in  { type file; slave.pcm { type null }; file "/dev/null"; infile "<input>"; format "raw" }
    ///     pcm.earshot_out { type file; slave.pcm { type null }; file "<output>"; format "raw" }
    public static func filePluginText(input: String, output: String) -> String {
        """
        pcm.earshot_in {
            type file
            slave.pcm { type null }
            file "/dev/null"
            infile "\(input)"
            format "raw"
        }
        pcm.earshot_out {
            type file
            slave.pcm { type null }
            file "\(output)"
            format "raw"
        }
        """
    }
}
