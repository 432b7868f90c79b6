// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Earshot",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "earshot", targets: ["earshot"]),
        .library(name: "EarshotModel", targets: ["EarshotModel"]),
        .library(name: "EarshotMatching", targets: ["EarshotMatching"]),
        .library(name: "EarshotEmbedding", targets: ["EarshotEmbedding"]),
        .library(name: "EarshotDialogue", targets: ["EarshotDialogue"]),
        .library(name: "Earshot", targets: ["Earshot"]),
        .library(name: "EarshotSuite", targets: ["EarshotSuite"]),
        .library(name: "EarshotReview", targets: ["EarshotReview"]),
        .library(name: "EarshotHousehold", targets: ["EarshotHousehold"]),
        .library(name: "EarshotServer", targets: ["EarshotServer"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        // Without the ConfigurationSupport trait (swift-configuration, which nothing here reads): a smaller build.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: ["FullFoundation"]),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    ],
    targets: [
        // 0. Errors: `UserFacingError` (message, fix, sourceLocation), which every error a user can cause adopts, and
        //    `SourceLocation`. Depends on nothing, so every module can see it; the CLI and the server catch it.
        .target(name: "EarshotErrors"),
        // 1. Model: manifests, profiles, their loaders and the category defaults (re-exports EarshotErrors).
        .target(
            name: "EarshotModel",
            dependencies: ["EarshotErrors", .product(name: "Yams", package: "Yams")]
        ),
        // 1b. Import: an app's own sources (App Intents Swift via swift-syntax, String Catalogs, SiriKit
        //     .intentdefinition, Info.plist / project.pbxproj, an earshot.yaml overlay) read into a manifest.
        .target(
            name: "EarshotImport",
            dependencies: ["EarshotModel", .product(name: "Yams", package: "Yams"),
                           .product(name: "SwiftSyntax", package: "swift-syntax"),
                           .product(name: "SwiftParser", package: "swift-syntax"),
                           .product(name: "SwiftIfConfig", package: "swift-syntax"), "EarshotDigest"]
        ),
        // 2. Matching: normalisation, phrase expansion, the exact index, the flexible-matcher seam.
        .target(name: "EarshotMatching", dependencies: ["EarshotModel"]),
        // 2b. Embedding: all-MiniLM-L6-v2 sentence vectors (WordPiece, BERT on OpenBLAS) for flexible matching.
        .target(name: "EarshotEmbedding", dependencies: ["EarshotErrors", "COpenBLAS"]),
        // 2c. Semantic: the similarity index of the phrases and the flexible matcher over it.
        .target(name: "EarshotSemantic", dependencies: ["EarshotMatching", "EarshotModel", "EarshotEmbedding", "COpenBLAS"]),
        // 3. Dialogue: the conversation state machine, perform (results and handlers), turns.
        .target(
            name: "EarshotDialogue",
            dependencies: [
                "EarshotModel", "EarshotMatching",
                .product(name: "Subprocess", package: "swift-subprocess"),
            ]
        ),
        // C libraries from Debian (pkg-config names the flags).
        .systemLibrary(name: "CPocketSphinx", pkgConfig: "pocketsphinx", providers: [.apt(["libpocketsphinx-dev", "libsphinxbase-dev"])]),
        .systemLibrary(name: "CEspeakNG", pkgConfig: "espeak-ng", providers: [.apt(["libespeak-ng-dev"])]),
        .systemLibrary(name: "CSndfile", pkgConfig: "sndfile", providers: [.apt(["libsndfile1-dev"])]),
        .systemLibrary(name: "CSoxr", pkgConfig: "soxr", providers: [.apt(["libsoxr-dev"])]),
        .systemLibrary(name: "CSpeexDSP", pkgConfig: "speexdsp", providers: [.apt(["libspeexdsp-dev"])]),
        .systemLibrary(name: "COpenBLAS", pkgConfig: "openblas", providers: [.apt(["libopenblas-dev"])]),
        // OpenSSL's libcrypto: SHA-256, the importer's cache key and the signature Earshot keeps in the reports it writes.
        .systemLibrary(name: "COpenSSL", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .target(name: "EarshotDigest", dependencies: ["COpenSSL"]),
        // What Swift cannot call directly: pocketsphinx's variadic configuration, its log switch.
        .target(name: "CSpeechShims", dependencies: ["CPocketSphinx"]),
        // 4a. Audio: files in (any format, rate, channels) as 16 kHz mono; WAV out.
        .target(name: "EarshotAudio", dependencies: ["EarshotErrors", "CSndfile", "CSoxr"]),
        // 4a. Live audio: ALSA capture and playback (any format, rate, channels) as 16 kHz mono.
        .systemLibrary(name: "CALSA", pkgConfig: "alsa", providers: [.apt(["libasound2-dev"])]),
        .target(name: "CALSAShims", dependencies: ["CALSA"]),
        .target(name: "EarshotALSA", dependencies: ["EarshotErrors", "CALSA", "CALSAShims", "EarshotAudio"]),
        // 4a. Signal: pure Swift over 16 kHz samples, no C library: frame loudness (the one place it is
        //     measured), the voice level and the end-pointer shared by the live device and the server's streams.
        .target(name: "EarshotSignal"),
        // 4b. Speech: espeak-ng synthesis, pocketsphinx recognition in the context of the conversation.
        .target(
            name: "EarshotSpeech",
            dependencies: ["EarshotErrors", "EarshotAudio", "EarshotSignal", "EarshotMatching", "EarshotSemantic", "EarshotModel", "CPocketSphinx", "CEspeakNG", "CSpeechShims", "CSpeexDSP",
                           .product(name: "Subprocess", package: "swift-subprocess")]
        ),
        // 4. Device: what a user's machine holds (apps, profiles, the ones that ship inside the binary),
        //    transcripts, and the bundled demo. The CLI is a thin layer over this.
        .target(
            name: "Earshot",
            dependencies: ["EarshotModel", "EarshotImport", "EarshotMatching", "EarshotDialogue", "EarshotAudio", "EarshotSpeech", "EarshotEmbedding", "EarshotSemantic",
                           "EarshotDigest"],
            resources: [.embedInCode("Resources")]
        ),
        // The live device behind `earshot listen`: wake phrase, end-pointing, the conversation spoken
        //    over an ALSA microphone and speaker (or a recording and a file).
        .target(name: "EarshotLive", dependencies: ["Earshot", "EarshotALSA", "EarshotAudio", "EarshotSignal", "EarshotDialogue", "EarshotSpeech"]),
        // 5. Conversation suites behind `earshot test`: test files, the runner, console/JUnit/HTML/JSON reports.
        .target(
            name: "EarshotSuite",
            dependencies: ["Earshot", "EarshotImport", "EarshotModel", "EarshotMatching", "EarshotDialogue", "EarshotAudio", "EarshotSpeech",
                           .product(name: "Yams", package: "Yams")]
        ),
        // 5b. Review rules behind `earshot check`: one rule per passage of Apple's guidance, read from the manifest's
        //     text alone (no C library), the review's context and diagnostics, text and JSON output.
        .target(name: "EarshotReviewRules", dependencies: ["EarshotImport", "EarshotModel", "EarshotMatching"]),
        // 5c. Review: the `Reviewer` over those rules (re-exports EarshotReviewRules) with the checks that need a
        //     model (pronunciations from pocketsphinx's dictionary, semantic overlap on OpenBLAS, the acoustic
        //     review through espeak-ng and pocketsphinx), and the signed SARIF log.
        .target(
            name: "EarshotReview",
            dependencies: ["EarshotReviewRules", "Earshot", "EarshotImport", "EarshotModel", "EarshotMatching", "EarshotDialogue", "EarshotSpeech",
                           "EarshotAudio", "EarshotEmbedding", "EarshotSemantic"]
        ),
        // 6. The household behind `earshot serve`, with no transport: the `Household` actor (devices, apps and
        //    their entities, people's shortcuts, turns, sessions, speech, transcripts, suggestions, the watch
        //    face), its `HouseholdError`, `HouseholdLimits`, and `HouseholdStore` (SQLite through GRDB record
        //    types, one per table). No Hummingbird, no NIO.
        .target(
            name: "EarshotHousehold",
            dependencies: ["Earshot", "EarshotModel", "EarshotMatching", "EarshotDialogue", "EarshotAudio", "EarshotSpeech", "EarshotEmbedding",
                           .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // 6b. The household's transports: HTTP/ (Hummingbird: a RouteCollection per resource in HouseholdAPI+*Routes.swift, a file per
        //     middleware, device streams over WebSocket; household errors mapped to statuses in ServerError)
        //     and Wyoming/ (SwiftNIO: the event codec, the server, a session per connection, the household as a
        //     Wyoming backend; household errors mapped to `error` events).
        .target(
            name: "EarshotServer",
            dependencies: ["Earshot", "EarshotHousehold", "EarshotModel", "EarshotMatching", "EarshotDialogue", "EarshotAudio", "EarshotSpeech",
                           .product(name: "Hummingbird", package: "hummingbird"),
                           .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                           .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"), "EarshotSignal",
                           .product(name: "Yams", package: "Yams"),
                           .product(name: "HummingbirdCore", package: "hummingbird"), .product(name: "NIOHTTP1", package: "swift-nio"),
                           .product(name: "Logging", package: "swift-log")],
            // docs/openapi.yaml (a link), served at GET /openapi.yaml and /openapi.json.
            resources: [.embedInCode("Resources")]
        ),
        // Evaluation: what the benchmarks measure and the tests check against, apart from the benchmarks: the
        //    audio fixtures, the accuracy measures (speech, flexible matching, typed answers) over the development
        //    sets, and the fifty-problem manifest of `earshot check`.
        .target(name: "EarshotEvaluation", dependencies: ["Earshot", "EarshotAudio", "EarshotDialogue", "EarshotEmbedding", "EarshotMatching",
                                                       "EarshotModel", "EarshotSemantic", "EarshotSpeech"]),
        // Benchmarks behind `earshot bench` (over EarshotEvaluation's measures).
        .target(name: "EarshotBench", dependencies: ["Earshot", "EarshotEvaluation", "EarshotImport", "EarshotLive", "EarshotSuite", "EarshotReview",
                                                  .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                                                  .product(name: "Logging", package: "swift-log"), "EarshotSpeech", "EarshotAudio", "EarshotEmbedding", "EarshotSemantic",
                                                  "EarshotServer", "EarshotHousehold", "EarshotModel",
                                                  // The fuzzer hands request bodies to the server's routes in this process.
                                                  .product(name: "Hummingbird", package: "hummingbird"),
                                                  .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOEmbedded", package: "swift-nio")]),
        // The command line: a few lines per verb over the libraries.
        .executableTarget(
            name: "earshot",
            dependencies: [
                "EarshotErrors", "Earshot", "EarshotImport", "EarshotBench", "EarshotLive", "EarshotSuite", "EarshotReview", "EarshotServer", "EarshotHousehold", "EarshotALSA", "EarshotAudio", "EarshotSpeech", "EarshotEmbedding", "EarshotSemantic",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Test support, for test targets only (like Hummingbird's HummingbirdTesting): the package root, temporary
        // folders, sessions over the bundled examples, running a tool.
        .target(name: "EarshotTesting", dependencies: ["Earshot", "EarshotDialogue", "EarshotModel"]),
        .testTarget(name: "EarshotModelTests", dependencies: ["EarshotTesting", "EarshotModel", "Earshot"]),
        .testTarget(name: "EarshotImportTests", dependencies: ["EarshotTesting", "EarshotImport", "EarshotModel", "Earshot", "EarshotSuite", "EarshotDialogue", "EarshotReview",
                                                              "EarshotDigest"]),
        .testTarget(name: "EarshotMatchingTests", dependencies: ["EarshotMatching", "Earshot"]),
        .testTarget(name: "EarshotDialogueTests", dependencies: ["EarshotTesting", "EarshotDialogue", "Earshot"]),
        .testTarget(name: "EarshotCLITests", dependencies: ["EarshotTesting", "Earshot"]),
        .testTarget(name: "EarshotAudioTests", dependencies: ["EarshotTesting", "EarshotAudio"]),
        .testTarget(name: "EarshotALSATests", dependencies: ["EarshotTesting", "EarshotALSA", "EarshotAudio"]),
        .testTarget(name: "EarshotLiveTests", dependencies: ["EarshotTesting", "EarshotLive", "EarshotALSA", "Earshot", "EarshotAudio", "EarshotEvaluation", "EarshotSpeech"]),
        .testTarget(name: "EarshotSemanticTests", dependencies: ["EarshotSemantic", "Earshot", "EarshotEvaluation"]),
        .testTarget(name: "EarshotEmbeddingTests", dependencies: ["EarshotTesting", "EarshotEmbedding"], resources: [.copy("Fixtures")]),
        .testTarget(name: "EarshotSuiteTests", dependencies: ["EarshotTesting", "EarshotSuite", "Earshot", "EarshotAudio", "EarshotModel", "EarshotDialogue"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "EarshotReviewTests", dependencies: ["EarshotTesting", "EarshotReview", "Earshot", "EarshotModel", "EarshotEvaluation"], exclude: ["Fixtures"]),
        .testTarget(name: "EarshotServerTests", dependencies: ["EarshotServer", "EarshotHousehold", "Earshot", "EarshotModel", "EarshotDialogue", "EarshotAudio",
                                                              .product(name: "HummingbirdTesting", package: "hummingbird"),
                                                              .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                                                              .product(name: "Logging", package: "swift-log"),
                                                              .product(name: "GRDB", package: "GRDB.swift")],
                    exclude: ["Fixtures"]),
        .testTarget(name: "EarshotSpeechTests", dependencies: ["EarshotTesting", "EarshotSpeech", "EarshotSemantic", "EarshotAudio", "Earshot", "EarshotEvaluation"]),
    ],
    swiftLanguageModes: [.v6]
)
