-- A state file written by `earshot serve` before the record types (the raw-SQL store), dumped by
-- Python's sqlite3 iterdump; @EXAMPLES@ stands for the examples folder. See StateFileTests.swift.
CREATE TABLE app (name TEXT PRIMARY KEY, manifest TEXT NOT NULL, installed REAL NOT NULL);
INSERT INTO "app" VALUES('Demo','# earshot-folder: @EXAMPLES@/demo
# Demo: the to-do list app of WWDC23 "Spotlight your app with App Shortcuts" (seed 002).
app: Demo
platforms: [iOS, watchOS]
flexibleMatching: true

entities:
  TodoList:
    title: List
    suggested:            # what suggestedEntities() returns: the person''s lists, most recent first
      - id: shopping
        title: Shopping
        synonyms: [grocery]
      - id: work
        title: Work
      - id: packing
        title: Packing

intents:
  - id: SummarizeList
    title: Summarize a list
    category: information
    summary: Summarize {list}
    parameters:
      - id: list
        title: List
        type: TodoList
        prompt: Which list?
    dialog:
      success: Your {list} list has {count} items. {items}.
      successSupporting: "{count} items."
    result:
      values: { count: 0, items: Nothing to do }
      cases:
        - when: { list: shopping }
          values: { count: 3, items: "Milk, eggs, and bread" }
        - when: { list: work }
          values: { count: 2, items: "Send the report and book the room" }
        - when: { list: packing }
          values: { count: 2, items: "Passport and charger" }

  - id: CreateList
    title: Create a list
    category: create
    summary: Create a list called {name}
    parameters:
      - id: name
        title: Name
        type: string
        prompt: What do you want to call it?
    dialog:
      success: Your {name} list is ready.

shortcuts:
  - intent: SummarizeList
    phrases:
      - Summarize my {list} list with {applicationName}
      - Summarize my list with {applicationName}
      - What''s on my {list} list in {applicationName}
    shortTitle: Summarize list
    systemImage: list.bullet.rectangle
    relevance:                    # the Siri watch face shows it in the morning, before the shops
      - { from: "07:00", to: "10:00" }
  - intent: CreateList
    phrases:
      - Create a list with {applicationName}
      - Make a new list in {applicationName}
    shortTitle: Create list
    systemImage: plus.rectangle.on.rectangle

quickActions:
  - { title: Summarize a list, icon: list.bullet.rectangle, intent: SummarizeList }
  - { title: New list, icon: add, intent: CreateList }

negativePhrases:
  - Send {applicationName} summary to the grocery store
',1.79565569556741809844e+09);
INSERT INTO "app" VALUES('Soup Chef','# earshot-folder: @EXAMPLES@/soupchef
# Soup Chef: the manifest spec''s example, complete.
app: Soup Chef
synonyms: [Soup App]
platforms: [iOS, watchOS]
flexibleMatching: true
locale: en-US

enums:
  SoupSize:
    title: Size
    cases:
      - id: cup
        title: Cup
        synonyms: [small]
      - id: bowl
        title: Bowl
        synonyms: [large, big]
  Fulfillment:
    title: Pickup or delivery
    cases:
      - { id: pickup, title: Pickup }
      - { id: delivery, title: Delivery }

entities:
  Soup:
    title: Soup
    suggested:
      - id: clam-chowder
        title: Clam Chowder
        synonyms: [chowder]
      - id: tomato
        title: Tomato Soup
      - id: chicken-noodle
        title: Chicken Noodle Soup
  Address:
    title: Address
    suggested:
      - { id: home, title: Home }
      - { id: work, title: Work }

intents:
  - id: OrderSoup
    title: Order soup
    category: order
    # The spec''s example says `verb: buy`; the default lines are worded with the intent''s verb
    # ("Ready to buy?"), and behaviour scenarios 9-10 expect "Ready to order?" / "OK. Ordering.",
    # so this example uses the category''s default verb.
    verb: order
    # Two parameter summaries: the address shows only once delivery is chosen.
    summary:
      - text: Order {quantity} {size} {soup} for {fulfillment}
      - when: { fulfillment: delivery }
        text: Order {quantity} {size} {soup} for {fulfillment} to {address}
    opensApp: false
    parameters:
      - id: soup
        title: Soup
        type: Soup
        prompt: Which soup?
      - id: size
        title: Size
        type: SoupSize
        default: bowl
        confirmDefault: Do you want a bowl?
      - id: quantity
        title: Quantity
        type: integer
        default: 1
      - id: fulfillment
        title: Pickup or delivery
        type: Fulfillment
        default: pickup
      - id: address
        title: Address
        type: Address
        prompt: Which address?
        when: { fulfillment: delivery }
    dialog:
      confirmation: Your {soup} comes to {total}.
      success: Your soup will be ready in {minutes} minutes.
      successSupporting: Ready in {minutes} minutes.
      errors:
        soldOut: Sorry, we''re out of {soup}.
        notFound: Sorry, {soup} isn''t on the menu today.
    result:
      values: { total: "$4.50", minutes: 10 }
      cases:
        - when: { soup: chicken-noodle }
          error: soldOut

  - id: TrackOrder
    title: Track my order
    category: information
    summary: Track my order
    parameters: []
    dialog:
      success: Your soup is {status} and arrives in {minutes} minutes.
      successSupporting: "{status}: {minutes} min."
    result:
      values: { status: on its way, minutes: 12 }
    # Real logic runs in a handler: JSON in on stdin, JSON out on stdout.
    handler: [python3, handlers/track.py]

  - id: OpenMenu
    title: Open the menu
    category: information
    verb: open
    summary: Open the menu
    opensApp: true
    dialog:
      success: Today''s menu is open.

shortcuts:
  - intent: OrderSoup
    phrases:
      - Order soup with {applicationName}
      - Order {soup} with {applicationName}
      - Get a {size} of soup from {applicationName}
      - Order soup for {fulfillment} with {applicationName}
    shortTitle: Order soup
    systemImage: takeoutbag.and.cup.and.straw
    relevance:                   # the Siri watch face shows it around lunch and dinner
      - { from: "11:00", to: "14:00" }
      - { from: "17:30", to: "20:30" }
  - intent: TrackOrder
    phrases:
      - Track my order with {applicationName}
      - Where is my soup in {applicationName}
    shortTitle: Track order
    systemImage: box.truck
  - intent: OpenMenu
    phrases:
      - Show the menu in {applicationName}
    shortTitle: Open menu
    systemImage: menucard

quickActions:                  # Home Screen quick actions: at most four, system icons
  - { title: Order soup, icon: takeoutbag.and.cup.and.straw, intent: OrderSoup }
  - { title: Track order, icon: box.truck, intent: TrackOrder }

negativePhrases:
  - Send {applicationName} soup recipe to my friend

review:                        # `earshot check` rules this app turns off, each with its reason
  silence:
    - rule: dialog.follow-ups
      reason: A trigger phrase holds one parameter (Apple''s rule), so "Order soup for delivery" leaves the soup, the size and the address to ask, as behaviour scenario 16 does.

localizations:
  fr-FR:
    app: Chef Soupe
    shortcuts:
      OrderSoup:
        - Commande une soupe avec {applicationName}
',1.79565569559842371939e+09);
CREATE TABLE conversation (device TEXT PRIMARY KEY, lines TEXT NOT NULL);
INSERT INTO "conversation" VALUES('kitchen','["Order soup with Soup Chef"]');
CREATE TABLE device (id TEXT PRIMARY KEY, profile TEXT NOT NULL, name TEXT NOT NULL, created REAL NOT NULL);
INSERT INTO "device" VALUES('wrist','watch','Apple Watch',1.79565569547553062438e+09);
INSERT INTO "device" VALUES('kitchen','homepod','HomePod',1.79565569555172443389e+09);
CREATE TABLE donation (id INTEGER PRIMARY KEY AUTOINCREMENT, device TEXT NOT NULL, app TEXT NOT NULL,
                       intent TEXT NOT NULL, "values" TEXT NOT NULL, at REAL NOT NULL);
INSERT INTO "donation" VALUES(1,'wrist','Demo','SummarizeList','{"list":"camping"}',1.79565569576742458347e+09);
CREATE TABLE entity (app TEXT NOT NULL REFERENCES app(name) ON DELETE CASCADE, entity TEXT NOT NULL,
                     "values" TEXT NOT NULL, PRIMARY KEY (app, entity));
INSERT INTO "entity" VALUES('Demo','TodoList','[{"id":"camping","title":"Camping","synonyms":[]}]');
CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
INSERT INTO "grdb_migrations" VALUES('household-1');
INSERT INTO "grdb_migrations" VALUES('household-2');
CREATE TABLE run (device TEXT NOT NULL, app TEXT NOT NULL, intent TEXT NOT NULL, count INTEGER NOT NULL,
                  PRIMARY KEY (device, app, intent));
INSERT INTO "run" VALUES('wrist','Demo','SummarizeList',1);
CREATE TABLE turn (id INTEGER PRIMARY KEY AUTOINCREMENT, device TEXT NOT NULL, at REAL NOT NULL, json TEXT NOT NULL);
INSERT INTO "turn" VALUES(1,'wrist',1.79565569576742458347e+09,'{"asking":null,"heard":{"source":"text","text":"Camp list"},"match":{"app":"Demo","candidates":[{"app":"Demo","intent":"SummarizeList","phrase":"Camp list","said":"Camp list","score":1}],"intent":"SummarizeList","mode":"exact","phrase":"Camp list","score":1,"shortcut":"Summarize list"},"outcome":"success","parameters":{"list":{"id":"camping","title":"Camping"}},"profile":"watch","reply":{"attribution":"Demo","audio":"/devices/wrist/replies/1.wav","dialog":"supporting","snippet":{"image":"list.bullet.rectangle","lines":["Summarize Camping","0 items."],"title":"Summarize list"},"text":"Demo says: 0 items."},"turn":1}');
INSERT INTO "turn" VALUES(2,'kitchen',1.79565569824859762194e+09,'{"asking":"soup","heard":{"source":"text","text":"Order soup with Soup Chef"},"match":{"app":"Soup Chef","candidates":[{"app":"Soup Chef","intent":"OrderSoup","phrase":"Order soup with {applicationName}","said":"Order soup with Soup Chef","score":1}],"intent":"OrderSoup","mode":"exact","phrase":"Order soup with {applicationName}","score":1,"shortcut":"Order soup"},"outcome":"in-progress","parameters":{"address":null,"fulfillment":null,"quantity":null,"size":null,"soup":null},"profile":"homepod","reply":{"audio":"/devices/kitchen/replies/2.wav","dialog":"full","snippet":null,"text":"Which soup? Clam Chowder, Tomato Soup, or Chicken Noodle Soup?"},"turn":1}');
CREATE TABLE user_shortcut (id INTEGER PRIMARY KEY AUTOINCREMENT, phrase TEXT NOT NULL, normalized TEXT NOT NULL UNIQUE,
                            app TEXT NOT NULL, intent TEXT NOT NULL, "values" TEXT NOT NULL, device TEXT,
                            created REAL NOT NULL);
INSERT INTO "user_shortcut" VALUES(1,'Camp list','camp list','Demo','SummarizeList','{"list":"camping"}',NULL,1.79565569574147558215e+09);
CREATE INDEX donation_app ON donation(app, intent);
CREATE INDEX turn_device ON turn(device, id);
DELETE FROM "sqlite_sequence";
INSERT INTO "sqlite_sequence" VALUES('user_shortcut',1);
INSERT INTO "sqlite_sequence" VALUES('turn',2);
INSERT INTO "sqlite_sequence" VALUES('donation',1);
