import SwiftUI

@main
struct PlantPalApp: App {
    var body: some Scene {
        WindowGroup { Text("Plant Pal") }
    }
}
