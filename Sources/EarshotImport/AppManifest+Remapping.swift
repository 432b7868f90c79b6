import EarshotModel

extension AppManifest {
    /// Every location of the manifest passed through `map`: the imported YAML's lines become the
    /// Swift (or catalog, plist, overlay) lines they were read from.
    mutating func remapLocations(_ map: (SourceLocation) -> SourceLocation) {
        func each(_ locations: inout [String: SourceLocation]) {
            for key in locations.keys { locations[key] = map(locations[key]!) }
        }
        func conditions(_ list: inout [Condition]) {
            for i in list.indices { list[i].location = map(list[i].location) }
        }
        each(&fieldLocations)
        for i in enums.indices { enums[i].location = map(enums[i].location) }
        for i in entities.indices { entities[i].location = map(entities[i].location) }
        for i in intents.indices {
            intents[i].location = map(intents[i].location)
            each(&intents[i].fieldLocations)
            each(&intents[i].dialog.locations)
            intents[i].result.location = intents[i].result.location.map(map)
            for c in intents[i].result.cases.indices {
                intents[i].result.cases[c].location = map(intents[i].result.cases[c].location)
                intents[i].result.cases[c].errorLocation = intents[i].result.cases[c].errorLocation.map(map)
                conditions(&intents[i].result.cases[c].when)
            }
            for v in intents[i].summaryVariants.indices {
                intents[i].summaryVariants[v].location = map(intents[i].summaryVariants[v].location)
                conditions(&intents[i].summaryVariants[v].when)
            }
            for p in intents[i].parameters.indices {
                intents[i].parameters[p].location = map(intents[i].parameters[p].location)
                each(&intents[i].parameters[p].fieldLocations)
                conditions(&intents[i].parameters[p].when)
            }
        }
        for i in shortcuts.indices {
            shortcuts[i].location = map(shortcuts[i].location)
            each(&shortcuts[i].fieldLocations)
            for p in shortcuts[i].phrases.indices { shortcuts[i].phrases[p].location = map(shortcuts[i].phrases[p].location) }
        }
        for i in negativePhrases.indices { negativePhrases[i].location = map(negativePhrases[i].location) }
        for i in localizations.indices {
            localizations[i].location = map(localizations[i].location)
            for s in localizations[i].shortcuts.indices {
                for p in localizations[i].shortcuts[s].phrases.indices {
                    localizations[i].shortcuts[s].phrases[p].location = map(localizations[i].shortcuts[s].phrases[p].location)
                }
            }
        }
        for i in quickActions.indices {
            quickActions[i].location = map(quickActions[i].location)
            each(&quickActions[i].fieldLocations)
        }
        for i in silenced.indices { silenced[i].location = map(silenced[i].location) }
    }
}
