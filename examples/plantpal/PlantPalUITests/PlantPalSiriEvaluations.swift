// Plant Pal's Siri evaluation: Apple's SiriEvaluations scenarios (iOS 27.3), run on a device from the UI test
// target, and offline by Earshot on Linux (`earshot test examples/plantpal/tests`, which names this file in
// plantpal-siri.convo.yaml with the devices to run it on).

import AppIntentsTesting
import SiriEvaluations

let plantPal = IntentDefinitions(bundleIdentifier: "com.example.PlantPal")
let waterPlant = plantPal.intents["WaterPlantIntent"]
let checkSoil = plantPal.intents["CheckSoilIntent"]
let plant = plantPal.entities["PlantEntity"]

/// A plant named in the request: watered at once, and the reply names it.
let waterTheBasil = SiriScenario {
    UserTurn("Water the basil in Plant Pal") {
        Calls {
            waterPlant.expect(plant: plant.expectIdentifier("basil"))
        }
        Finds { plant.expectIdentifier("basil") }
        SiriResponse(.contains("Basil"))
    }
}

/// Siri asks which plant, and waters only once the person answers.
let waterAfterTheQuestion = SiriScenario {
    UserTurn("Water a plant with Plant Pal") {
        SiriResponse(.contains("which plant", caseSensitive: false))
        Calls(.disallowed) { waterPlant }
    }
    UserTurn("the last one") {
        Calls { waterPlant.expect(plant: plant.expectIdentifier("monstera")) }
        SiriResponse(.contains("Monstera"))
    }
} expectation: {
    Calls { waterPlant }
    Calls(.disallowed) { checkSoil }
}

/// A room by its synonym, with the app's other name.
let checkTheTerrace = SiriScenario {
    UserTurn("Check the terrace in Plant Buddy") {
        Calls(.unordered) { checkSoil.expect(room: .equals("balcony")) }
        SiriResponse(.contains("still damp"))
    }
}

/// The negative phrase never reaches the app.
let buyingPlantsIsNotPlantPal = SiriScenario {
    UserTurn("Buy plants with Plant Pal") {
        Calls(.disallowed) {
            waterPlant
            checkSoil
        }
    }
}

let plantPalScenarios = SiriScenarioLoader {
    waterTheBasil
    waterAfterTheQuestion
    checkTheTerrace
    buyingPlantsIsNotPlantPal
}
