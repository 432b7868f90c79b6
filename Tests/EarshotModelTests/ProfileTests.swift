import Earshot
import EarshotModel
import EarshotTesting
import Foundation
import Testing

@Suite("Profiles")
struct ProfileTests {
    @Test("the five shipped profiles load with the spec's table")
    func shipped() throws {
        let catalog = try Bundled.profiles()
        #expect(catalog.profiles.map(\.id) == ["airpods", "carplay", "homepod", "iphone", "watch"])
        let homepod = try catalog.profile("homepod")
        #expect(homepod.screen == .none && homepod.matching == .flexible && homepod.dialog == .full)
        #expect(homepod.apps == .companion && !homepod.opensApps && homepod.authentication == .personalRequests)
        let watch = try catalog.profile("watch")
        #expect(watch.matching == .exact && watch.dialog == .supporting && watch.apps == .onDevice && watch.platform == "watchOS")
        #expect(watch.authentication == .wrist && watch.opensApps)
        let iphone = try catalog.profile("iphone")
        #expect(iphone.screen == .full && iphone.authentication == .passcode)
        let carplay = try catalog.profile("carplay")
        #expect(carplay.dialog == .full && carplay.authentication == .none && !carplay.opensApps)
    }

    @Test("every file in profiles/ is built into the binary, unchanged")
    func bundledMatchesFiles() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("profiles")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }.sorted()
        #expect(names == Bundled.profileFiles.map(\.name))
        for (name, text) in Bundled.profileFiles {
            #expect(try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) == text)
        }
    }

    @Test("a user's own profile works the same, and its errors point at the line")
    func userProfile() throws {
        let speaker = try Profile(yaml: """
        id: kitchen-speaker
        name: Kitchen Speaker
        screen: none
        matching: exact
        dialog: full
        apps: companion
        platform: iOS
        opensApps: false
        authentication: none
        spokenOptions: 2
        """, path: "kitchen.yaml")
        #expect(speaker.spokenOptions == 2 && speaker.attributionRuns == 3)
        #expect(throws: LoadError.self) { try Profile(yaml: "id: x\nscreen: tiny\n", path: "p.yaml") }
        do {
            _ = try Profile(yaml: "id: x\nname: X\nscren: none\n", path: "p.yaml")
            Issue.record("an unknown key must fail")
        } catch {
            #expect(error.location.line == 3 && error.location.column == 1)
            #expect(error.description.contains("Did you mean 'screen'?"))
        }
    }

    @Test("an unknown --profile names the ones there are")
    func unknownProfile() throws {
        do {
            _ = try Bundled.profiles().profile("homepd")
            Issue.record("must fail")
        } catch {
            #expect(error.description.contains("Did you mean 'homepod'?"))
        }
    }
}

@Suite("Examples")
struct ExampleTests {
    @Test("every example app loads, and the bundled copies are the files in examples/")
    func examplesLoad() throws {
        let examples = packageRoot.appendingPathComponent("examples")
        let names = try FileManager.default.contentsOfDirectory(atPath: examples.path).sorted()
        #expect(names.count >= 4)
        for name in names {
            // A manifest, or (plantpal) an app's Swift sources, imported.
            let manifest = try #require(try Workspace.loadApps([examples.appendingPathComponent(name).path]).first)
            #expect(!manifest.shortcuts.isEmpty, "\(name)")
        }
        for (path, text) in Bundled.exampleFiles {
            #expect(try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8) == text)
        }
    }
}
