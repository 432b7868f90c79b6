/// Everyday wordings of app actions that WordNet does not link to the action's own verb: "save me a
/// spot" reserves one, "wrap up my session" ends it, "jot it down" logs it, "tack on an hour" extends,
/// "listen to" plays, "cap it at" limits, "top up" adds money. English's common usage, written by hand
/// (issue 19: about four in ten of the paraphrases missed on the development files had a verb WordNet
/// relates to no verb of the intent, and the sentence model then costs them the unrelated verb's swap).
///
/// Read one way only: a request's verb (a WordNet lemma, or a two-word verb of this table WordNet lacks:
/// "top up") stands for the actions listed for it; an intent whose own words (its phrases, title and
/// summaries: ``ActionVerbs/ownVerbs(of:phrases:)``, not its category's verbs) hold one of those verbs
/// has it as its own (``ActionVerbs/fit(_:_:answers:own:)`` fits, ``ActionVerbs/confirms(_:_:own:)``).
/// Exactly those verbs, not WordNet's synonyms of them: "book" shares a sense with "order", and "save
/// the soup as a favorite" is no order. Saying the action's own verb ("book") never makes the everyday
/// one ("save") an intent's. No app, device or product words: only verbs anyone uses for these actions.
extension ActionVerbs {
    static let everyday: [String: [String]] = [
        // Keeping something for someone, or a record of it ("save that": logging it; seventeenth pass).
        "save": ["reserve", "book", "hold", "download", "log", "record"],
        "hold": ["reserve", "book"],
        // Ending what runs.
        "wrap_up": ["end", "stop", "finish", "close"],
        "close_out": ["end", "stop", "finish", "close"],
        // Writing down what happened.
        "note": ["log", "record"],
        // Noting something down is also leaving a note, or keeping it for later (twentieth pass).
        "note_down": ["log", "record", "note", "save"],
        "write_down": ["log", "record", "note", "save"],
        "jot_down": ["log", "record", "note", "save"],
        "track": ["log", "record"],
        "enter": ["log", "record"],
        // Making something last longer or hold more.
        "tack_on": ["add", "extend"],
        "add": ["extend", "top_up", "load", "fund"],
        "top_up": ["add", "fund", "load", "reload", "refill", "charge"],
        // Feeding: serving someone a meal (seventeenth pass).
        "serve": ["feed"],
        // Heating: warming a place up.
        "warm_up": ["heat", "boost"],
        // Playing.
        "listen": ["play"],
        // Hearing a show is playing it, as listening is ("let's hear the news show"; eighteenth pass).
        "hear": ["play"],
        "put_on": ["play"],
        "queue_up": ["play"],
        // Setting a bound, raising a level.
        "cap": ["limit", "set"],
        "blast": ["boost", "increase", "raise"],
        "crank_up": ["boost", "increase", "raise"],
        // Bumping up a goal or a target is setting it higher (eleventh pass).
        "bump_up": ["boost", "increase", "raise", "set"],
        "turn_up": ["boost", "increase", "raise"],
        // Starting a thing that did not exist ("start a new list") is making it (eighteenth pass).
        "start": ["create"],
        // Starting.
        "kick_off": ["start", "begin"],
        "fire_up": ["start", "begin"],
        "plug_in": ["start", "charge"],
        // Powering up is starting, as firing up is (eighteenth pass).
        "power_up": ["start", "charge"],
        // Arranging for later.
        "arrange": ["schedule", "book", "plan"],
        "line_up": ["schedule", "book", "plan"],
        // Showing, finding; checking on something that moves is tracking it ("check on my package"; fifteenth pass).
        "pull_up": ["show", "display", "open", "view"],
        // Bringing something up on a screen shows it, as pulling it up does (eighteenth pass).
        "bring_up": ["show", "display", "open", "view"],
        "check_on": ["track", "monitor"],
        "look_up": ["find", "search"],
        // Hunting or tracking something down is finding it (eighteenth pass).
        "hunt_down": ["find", "search"],
        "track_down": ["find", "search"],
        // Reminding: "ping me", "nudge me" (eleventh pass); nudging a level up raises it, as bumping it does
        // (twenty-fifth pass).
        "ping": ["remind", "message"],
        "nudge": ["remind", "set", "raise", "increase", "boost"],
        // Borrowing something from a business is renting or hiring it (eighteenth pass).
        "borrow": ["rent", "hire"],
        // Pinning to a board is posting; flagging a fault is reporting it (eighteenth pass).
        "pin": ["post"],
        "pin_up": ["post"],
        "flag": ["report"],
        // Switching a mode.
        "flip": ["switch", "change", "set", "turn"],
        "flip_over": ["switch", "change", "set", "turn"],
        // Changing a setting is setting it anew ("change how much I study each day"; nineteenth pass).
        "change": ["set", "switch"],
        // Keeping a thing to come back to is saving it (nineteenth pass).
        "bookmark": ["save"],
        "remember": ["save"],
        // Querying someone is asking them (nineteenth pass).
        "query": ["ask"],
        // Revising what one learned is reviewing or practising it; working on a skill is practising it
        // (nineteenth pass).
        "revise": ["review", "practice"],
        "work_on": ["practice"],
        // Writing to someone is messaging them; popping a card in the post is sending it (nineteenth pass).
        "write": ["message", "send"],
        "pop": ["send", "post", "add"],
        // (Twentieth pass.) Settling on or opting for something is choosing it.
        "settle_on": ["choose", "pick", "select"],
        "opt_for": ["choose", "pick", "select"],
        // Picking something up from a shop is buying it; joining a class is booking it.
        "pick_up": ["buy"],
        "join": ["book"],
        // Timing something, or counting down, starts a timer.
        "time": ["start"],
        "count_down": ["start"],
        // Passing word on, contacting or texting someone is messaging them; warning them leaves a note.
        "pass": ["send", "message"],
        "pass_on": ["send", "message"],
        "relay": ["send", "message"],
        "contact": ["message"],
        "text": ["message", "send"],
        "warn": ["note", "message"],
        // Alerting someone about a thing to come reminds them of it.
        "alert": ["remind"],
        // Pricing a trip is checking what it costs; a quote too.
        "price": ["check", "estimate"],
        "quote": ["check", "estimate"],
        // Returning a thing to its owner is bringing it back.
        "return": ["bring_back", "deliver"],
        // Sticking something on a list adds it there.
        "stick": ["add", "save"],
        // Writing up what one thought is reviewing it.
        "write_up": ["review", "post", "log"],
        // Putting money in is topping up.
        "deposit": ["add", "top_up", "fund", "load"],
        "recharge": ["top_up", "add", "reload"],
        // (Twenty-first pass.) Radioing someone is messaging them; finishing up ends what runs.
        "radio": ["message", "send"],
        "finish_up": ["end", "stop", "finish", "close"],
        // Stretching a stay makes it last longer; aiming for a temperature sets it.
        "stretch": ["extend"],
        "aim": ["set"],
        // Guiding someone to a thing finds it for them; reading a list out shows what is on it.
        "guide": ["find", "navigate"],
        "read_out": ["view", "summarize", "list"],
        // (Twenty-second pass.) Sticking a show on plays it; releasing a locked thing unlocks it; closing a
        // session ends it.
        "stick_on": ["play", "add"],
        "release": ["unlock"],
        "close": ["end", "stop", "finish"],
        // A chore finished is marked done; a treat earned is a reward given.
        "finish": ["mark", "tick_off", "complete"],
        "earn": ["reward"],
        // (Twenty-third pass.) Firing off a note or shouting to someone sends them word; handing out a link
        // shares it; posing a question asks it.
        "fire_off": ["send", "message", "post"],
        "shout": ["message", "send"],
        "hand_out": ["share", "send"],
        "pose": ["ask"],
        // Brushing up on a skill practises it; quizzing someone on what they learned reviews it.
        "brush_up": ["practice", "review"],
        "quiz": ["review", "practice"],
        // Walking someone round a place tours it; pointing them towards a thing finds it for them.
        "walk": ["tour", "guide"],
        "point": ["find", "navigate", "guide"],
        // Displaying a thing shows it; reading a list or a record to someone shows what is on it.
        "display": ["show", "view", "open"],
        "read": ["view", "show", "summarize", "list"],
        // Updating or bumping a target sets it anew; pencilling someone in or squeezing them into a class
        // books them; submitting a bill files it; fancying a thing is wanting it; freeing a locked thing
        // unlocks it; filling a car up charges it; throwing a thing in adds it, throwing a show on plays it.
        "update": ["set", "change"],
        "bump": ["set", "raise", "increase", "boost"],
        "pencil": ["book", "schedule", "plan"],
        "pencil_in": ["book", "schedule", "plan"],
        "squeeze": ["book", "start", "practice"],
        "squeeze_in": ["book", "start", "practice"],
        "submit": ["file", "claim", "send", "post"],
        "fancy": ["order", "buy", "rent", "book"],
        "free": ["unlock"],
        "free_up": ["unlock"],
        "fill_up": ["charge", "refill"],
        "throw": ["add", "play"],
        // Setting someone up with a person books them.
        "set_up": ["schedule", "plan", "book"],
        // (Twenty-fourth pass.) Locking in a time or enrolling in a class books it; summoning a car orders
        // one; fetching or collecting a thing from someone picks it up; dropping it back returns it.
        "lock_in": ["book", "reserve"],
        "enrol": ["book", "sign_up", "join"],
        "enroll": ["book", "sign_up", "join"],
        "summon": ["book", "order", "call"],
        "fetch": ["pick_up", "collect"],
        "collect": ["pick_up"],
        "drop_back": ["return", "bring_back", "deliver"],
        // Refilling a card loads money on it, as topping it up does; adding money to one too.
        "refill": ["top_up", "load", "reload"],
        // Tallying up a total shows it; organising an outing plans it; raising a target sets it higher;
        // switching a thing on starts it; writing up a workout logs it.
        "tally": ["show", "view", "total"],
        "tally_up": ["show", "view", "total"],
        "organise": ["plan", "schedule", "arrange"],
        "organize": ["plan", "schedule", "arrange"],
        "raise": ["set", "increase", "boost"],
        "switch_on": ["start", "turn_on"],
        // (Twenty-fifth pass.) Holding a thing back for someone keeps it for them; hooking a car up to a charger
        // plugs it in.
        "hold_back": ["reserve", "book", "hold"],
        "hook_up": ["start", "charge", "connect"],
        // (Twenty-sixth pass.) Publishing a card posts it; signing up for a pass or a class buys or books it;
        // fixing someone up with a thing, or treating them to one, orders or books it; having a thing delivered
        // orders it.
        "publish": ["post", "share"],
        "sign_up": ["buy", "book", "join", "enrol", "enroll"],
        "fix_up": ["order", "book", "arrange"],
        "treat": ["order", "book", "buy"],
        "deliver": ["order"],
    ]

    /// Whether one of a request's verb lemmas stands, in everyday use, for one of an intent's own `verbs`
    /// (``everyday``).
    func standsFor(_ lemmas: [String], _ verbs: Set<String>) -> Bool {
        lemmas.contains { lemma in (Self.everyday[lemma] ?? []).contains(where: verbs.contains) }
    }
}
