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
        .library(name: "EarshotServer", targets: ["EarshotServer"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
    ],
    targets: [
        // 1. Model: manifests, profiles, their loaders and the category defaults.
        .target(
            name: "EarshotModel",
            dependencies: [.product(name: "Yams", package: "Yams")]
        ),
        // 1b. Import: an app's own sources (App Intents Swift via swift-syntax, String Catalogs, SiriKit
        //     .intentdefinition, Info.plist / project.pbxproj, an earshot.yaml overlay) read into a manifest.
        .target(
            name: "EarshotImport",
            dependencies: ["EarshotModel", .product(name: "Yams", package: "Yams"),
                           .product(name: "SwiftSyntax", package: "swift-syntax"),
                           .product(name: "SwiftParser", package: "swift-syntax"),
                           .product(name: "SwiftIfConfig", package: "swift-syntax"),
                           .product(name: "Crypto", package: "swift-crypto")]
        ),
        // 2. Matching: normalisation, phrase expansion, the exact index, the flexible-matcher seam.
        .target(name: "EarshotMatching", dependencies: ["EarshotModel"]),
        // 2b. Embedding: all-MiniLM-L6-v2 sentence vectors (WordPiece, BERT on OpenBLAS) for flexible matching.
        .target(name: "EarshotEmbedding", dependencies: ["COpenBLAS"]),
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
        .systemLibrary(name: "COpenBLAS", pkgConfig: "openblas", providers: [.apt(["libopenblas-dev"])]),
        // OpenSSL's libcrypto: SHA-256, the signature Earshot keeps in the reports it writes.
        // What Swift cannot call directly: pocketsphinx's variadic configuration, its log switch.
        .target(name: "CSpeechShims", dependencies: ["CPocketSphinx"]),
        // 4a. Audio: files in (any format, rate, channels) as 16 kHz mono; WAV out.
        .target(name: "EarshotAudio", dependencies: ["CSndfile", "CSoxr"]),
        // 4a. Live audio: ALSA capture and playback (any format, rate, channels) as 16 kHz mono.
        .systemLibrary(name: "CALSA", pkgConfig: "alsa", providers: [.apt(["libasound2-dev"])]),
        .target(name: "CALSAShims", dependencies: ["CALSA"]),
        .target(name: "EarshotALSA", dependencies: ["CALSA", "CALSAShims", "EarshotAudio"]),
        // 4b. Speech: espeak-ng synthesis, pocketsphinx recognition in the context of the conversation.
        .target(
            name: "EarshotSpeech",
            dependencies: ["EarshotAudio", "EarshotMatching", "EarshotModel", "CPocketSphinx", "CEspeakNG", "CSpeechShims",
                           .product(name: "Subprocess", package: "swift-subprocess")]
        ),
        // 4. Device: what a user's machine holds (apps, profiles, the ones that ship inside the binary),
        //    transcripts, and the bundled demo. The CLI is a thin layer over this.
        .target(
            name: "Earshot",
            dependencies: ["EarshotModel", "EarshotImport", "EarshotMatching", "EarshotDialogue", "EarshotAudio", "EarshotSpeech", "EarshotEmbedding", "EarshotSemantic",
                           .product(name: "Crypto", package: "swift-crypto")],
            resources: [.embedInCode("Resources")]
        ),
        // The live device behind `earshot listen`: wake phrase, end-pointing, the conversation spoken
        //    over an ALSA microphone and speaker (or a recording and a file).
        .target(name: "EarshotLive", dependencies: ["Earshot", "EarshotALSA", "EarshotAudio", "EarshotDialogue", "EarshotSpeech"]),
        // 5. Conversation suites behind `earshot test`: test files, the runner, console/JUnit/HTML/JSON reports.
        .target(
            name: "EarshotSuite",
            dependencies: ["Earshot", "EarshotImport", "EarshotModel", "EarshotMatching", "EarshotDialogue", "EarshotAudio", "EarshotSpeech",
                           .product(name: "Yams", package: "Yams")]
        ),
        // 5b. Review behind `earshot check`: rules from Apple's guidance over a manifest, text/JSON/SARIF output.
        .target(
            name: "EarshotReview",
            dependencies: ["Earshot", "EarshotImport", "EarshotModel", "EarshotMatching", "EarshotDialogue", "EarshotSpeech", "EarshotAudio",
                           "EarshotEmbedding", "EarshotSemantic"]
        ),
        // 6. The household server behind `earshot serve`: devices, apps, user shortcuts and donations in SQLite
        //    (GRDB), an HTTP API (Hummingbird).
        .target(
            name: "EarshotServer",
            dependencies: ["Earshot", "EarshotModel", "EarshotMatching", "EarshotDialogue", "EarshotAudio", "EarshotSpeech",
                           .product(name: "Hummingbird", package: "hummingbird"),
                           .product(name: "GRDB", package: "GRDB.swift"),
                           .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                           .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"), "EarshotLive",
                           .product(name: "Yams", package: "Yams"),
                           .product(name: "HummingbirdCore", package: "hummingbird"), .product(name: "NIOHTTP1", package: "swift-nio"),
                           .product(name: "Logging", package: "swift-log")],
            // docs/openapi.yaml (a link), served at GET /openapi.yaml and /openapi.json.
            resources: [.embedInCode("Resources")]
        ),
        // Benchmarks behind `earshot bench`.
        .target(name: "EarshotBench", dependencies: ["Earshot", "EarshotImport", "EarshotLive", "EarshotSuite", "EarshotReview",
                                                  .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                                                  .product(name: "Logging", package: "swift-log"), "EarshotSpeech", "EarshotAudio", "EarshotEmbedding", "EarshotSemantic",
                                                  "EarshotServer", "EarshotModel",
                                                  // The fuzzer hands request bodies to the server's routes in this process.
                                                  .product(name: "Hummingbird", package: "hummingbird"),
                                                  .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOEmbedded", package: "swift-nio")]),
        // The command line: a few lines per verb over the libraries.
        .executableTarget(
            name: "earshot",
            dependencies: [
                "Earshot", "EarshotImport", "EarshotBench", "EarshotLive", "EarshotSuite", "EarshotReview", "EarshotServer", "EarshotALSA", "EarshotAudio", "EarshotSpeech", "EarshotEmbedding", "EarshotSemantic",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "EarshotModelTests", dependencies: ["EarshotModel", "Earshot"]),
        .testTarget(name: "EarshotImportTests", dependencies: ["EarshotImport", "EarshotModel", "Earshot", "EarshotSuite", "EarshotDialogue", "EarshotReview"]),
        .testTarget(name: "EarshotMatchingTests", dependencies: ["EarshotMatching", "Earshot"]),
        .testTarget(name: "EarshotDialogueTests", dependencies: ["EarshotDialogue", "Earshot"]),
        .testTarget(name: "EarshotCLITests", dependencies: ["Earshot"]),
        .testTarget(name: "EarshotAudioTests", dependencies: ["EarshotAudio"]),
        .testTarget(name: "EarshotALSATests", dependencies: ["EarshotALSA", "EarshotAudio"]),
        .testTarget(name: "EarshotLiveTests", dependencies: ["EarshotLive", "EarshotALSA", "Earshot", "EarshotAudio", "EarshotBench", "EarshotSpeech"]),
        .testTarget(name: "EarshotSemanticTests", dependencies: ["EarshotSemantic", "Earshot", "EarshotBench"]),
        .testTarget(name: "EarshotEmbeddingTests", dependencies: ["EarshotEmbedding"], resources: [.copy("Fixtures")]),
        .testTarget(name: "EarshotSuiteTests", dependencies: ["EarshotSuite", "Earshot", "EarshotAudio", "EarshotModel", "EarshotDialogue"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "EarshotReviewTests", dependencies: ["EarshotReview", "Earshot", "EarshotModel", "EarshotBench"], exclude: ["Fixtures"]),
        .testTarget(name: "EarshotServerTests", dependencies: ["EarshotServer", "Earshot", "EarshotModel", "EarshotDialogue", "EarshotAudio",
                                                              .product(name: "HummingbirdTesting", package: "hummingbird"),
                                                              .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                                                              .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "EarshotSpeechTests", dependencies: ["EarshotSpeech", "EarshotAudio", "Earshot", "EarshotBench"]),
    ],
    swiftLanguageModes: [.v6]
)
