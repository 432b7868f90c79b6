import EarshotMatching
import EarshotModel
import Foundation
import Testing

/// Open-ended answers (behavior.md §3.4): one parser for typed and spoken numbers, amounts, dates, times,
/// durations and dictated strings.
@Suite("Open-ended values")
struct OpenValueTests {
    /// Wednesday 25 November 2026, 09:30 in New York.
    static let zone = TimeZone(identifier: "America/New_York")!
    static let now: Date = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(from: DateComponents(year: 2026, month: 11, day: 25, hour: 9, minute: 30))!
    }()
    let reader = OpenValueReader(now: OpenValueTests.now, timeZone: OpenValueTests.zone)

    @Test("integers in spoken and written forms", arguments: [
        ("a hundred and twenty", "120"), ("1,200", "1200"), ("twelve hundred", "1200"), ("about twelve", "12"),
        ("three please", "3"), ("make it two", "2"), ("two thousand five hundred", "2500"), ("forty two", "42"),
        ("a dozen", "12"), ("zero", "0"), ("just one", "1"), ("half a dozen", "6"),
        // "The one" alone is one; a described "one" is no number; a one shared out is not the count (twenty-second pass).
        ("just the one", "1"), ("the one, please", "1"), ("a hundred and thirty two, it's a quick one", "132"),
        ("three, one for each of the kids", "3"), ("two, one each", "2"), ("a hundred and one", "101"),
        // One of the count given to someone (twenty-third pass); "one for me" alone is one.
        ("two bottles, one for my sister", "2"), ("one for me", "1"),
    ])
    func integers(answer: String, expected: String) {
        #expect(reader.read(answer, as: .integer)?.id == expected)
    }

    @Test("decimals", arguments: [
        ("twelve point five", "12.5"), ("seven and a half", "7.5"), ("4.1", "4.1"), ("about 3 point 2 miles", "3.2"),
        ("half", "0.5"), ("ten", "10"), ("three point one four", "3.14"), ("three and three quarter miles", "3.75"),
    ])
    func decimals(answer: String, expected: String) {
        #expect(reader.read(answer, as: .decimal)?.id == expected)
    }

    @Test("amounts of money", arguments: [
        ("four fifty", "4.50", "$4.50"), ("three dollars and twenty cents", "3.20", "$3.20"), ("$12.99", "12.99", "$12.99"),
        ("fifty cents", "0.50", "$0.50"), ("twenty bucks", "20.00", "$20.00"), ("twelve ninety nine", "12.99", "$12.99"),
        ("twelve point five", "12.50", "$12.50"), ("a hundred and twenty dollars", "120.00", "$120.00"),
        ("3 dollars 20", "3.20", "$3.20"), ("two grand", "2000.00", "$2000.00"), ("a grand", "1000.00", "$1000.00"),
        ("it came to six oh five", "6.05", "$6.05"), ("a tenner", "10.00", "$10.00"), ("a fiver, please", "5.00", "$5.00"),
    ])
    func amounts(answer: String, id: String, title: String) {
        let value = reader.read(answer, as: .currency)
        #expect(value?.id == id)
        #expect(value?.title == title)
    }

    @Test("of two numbers, the one the person settles on", arguments: [
        ("a bit over five, call it five point three", "5.3"), ("about seven miles, seven point four", "7.4"),
        ("six, no, six and a half", "6.5"), ("roughly nine, let's say nine point one", "9.1"),
        ("four, maybe five, let's say five", "5"), ("seven, no wait, eight", "8"),
    ])
    func settledDecimals(answer: String, expected: String) {
        #expect(reader.read(answer, as: .decimal)?.id == expected)
    }

    @Test("of two lengths, the one the person settles on", arguments: [
        ("eight, no wait, ten minutes", "600"), ("two hours, sorry, three hours", "10800"),
    ])
    func settledDurations(answer: String, expected: String) {
        #expect(reader.read(answer, as: .duration)?.id == expected)
    }

    @Test("a second number settled by words after it, or said again more exactly", arguments: [
        ("ten, twelve fifty actually", "12.50"), ("thirty, thirty two fifty I mean", "32.50"),
        ("about forty bucks, forty one twenty to be exact", "41.20"), ("it was eighteen, eighteen seventy five", "18.75"),
        ("forty one twenty", "41.20"), ("twenty one fifty", "21.50"),
    ])
    func settledAmounts(answer: String, expected: String) {
        #expect(reader.read(answer, as: .currency)?.id == expected)
    }

    @Test("a number said in a remark about the first is no answer (twenty-fifth pass)", arguments: [
        ("fifteen fifty, that's three buckets", ParameterType.currency, "15.50"),
        ("eighty seven, and three of those were in the bunker", .integer, "87"),
        ("twenty, that's about four coffees", .integer, "20"), ("ten, twelve actually", .integer, "12"),
        ("eighty seven an three of those were in the bunker", .integer, "87"),
    ])
    func remarkAfterNumber(answer: String, type: ParameterType, expected: String) {
        #expect(reader.read(answer, as: type)?.id == expected)
    }

    @Test("where only a digit can follow, a word that sounds like one is that digit (twenty-fifth pass)", arguments: [
        ("eleven point to, my longest ever", ParameterType.decimal, "11.2"), ("twelve point for", .decimal, "12.4"),
        ("a hundred and for, it was blowing a gale", .integer, "104"), ("two hundred and for", .integer, "204"),
        ("a hundred and forty five dollars, for the filling", .currency, "145.00"),
    ])
    func digitSoundAlikes(answer: String, type: ParameterType, expected: String) {
        #expect(reader.read(answer, as: type)?.id == expected)
    }

    @Test("what a thing to do is about is the thing to do (twenty-fifth pass)")
    func taskAbout() {
        #expect(reader.read("something about renewing the car insurance", as: .string, question: "What should I remind you about?",
                            asking: "Subject subject")?.id == "renewing the car insurance")
        // A name keeps its words.
        #expect(reader.read("Something About Mary", as: .string, question: "What do you want to call it?")?.id == "Something About Mary")
    }

    @Test("an hour said last after the day or the part of the day, or with -ish (twenty-sixth pass)", arguments: [
        ("tomorrow morning, ten-ish", "2026-11-26T10:00"), ("tomorrow morning, ten", "2026-11-26T10:00"),
        ("tomorrow, tenish", "2026-11-26T10:00"), ("Sunday, crack of dawn, six", "2026-11-29T06:00"),
        ("Sunday, first thing, seven", "2026-11-29T07:00"), ("Sunday, bright and early, seven", "2026-11-29T07:00"),
        ("tonight, eight thirty-ish", "2026-11-25T20:30"),
        // A day of the month stays a day; an hour too high stays out.
        ("Sunday the sixth", "2026-12-06"), ("tomorrow morning", "2026-11-26T09:00"),
    ])
    func hourAfterDay(answer: String, expected: String) {
        #expect(reader.read(answer, as: .date)?.id == expected)
    }

    @Test("a correction with no number before it settles on the number after it (twenty-sixth pass)", arguments: [
        ("it was free, oh no wait, five dollars", ParameterType.currency, "5.00"), ("nothing, no wait, five dollars", .currency, "5.00"),
        ("it was free, no, actually five dollars", .currency, "5.00"), ("two, no, three dollars", .currency, "3.00"),
    ])
    func correctedFromNoNumber(answer: String, type: ParameterType, expected: String) {
        #expect(reader.read(answer, as: type)?.id == expected)
        #expect(reader.settles(answer, as: type))
    }

    @Test("a correction that leads to no number alone settles nothing")
    func correctionWithoutNumber() {
        #expect(reader.read("two adults, no kids", as: .integer)?.id == "2")
        #expect(!reader.settles("five dollars, no", as: .currency))
    }

    @Test("a setting after a length is no more time (twenty-sixth pass)")
    func settingAfterLength() {
        #expect(reader.read("eight minutes at two hundred", as: .duration)?.id == "480")
        #expect(reader.read("ten minutes at level five", as: .duration)?.id == "600")
        // Without a length first, the bare number still reads as nothing.
        #expect(reader.read("at two hundred", as: .duration) == nil)
    }

    @Test("'and' going on, 'just' before a thing, and 'the bit I need is' open no dictated value (twenty-sixth pass)")
    func dictationOpenings() {
        #expect(reader.read("oh, and collect the turkey from the butcher", as: .string, question: "What should I remind you about?",
                            asking: "Subject subject")?.id == "collect the turkey from the butcher")
        #expect(reader.read("just a broken kettle", as: .string, question: "What do you want to throw away?", asking: "Thing thing")?.id
                == "a broken kettle")
        #expect(reader.read("the bit I need is where's the nearest chemist", as: .string, question: "What should I translate?",
                            asking: "Phrase phrase")?.id == "where's the nearest chemist")
        // "the bit" without the clause describes; a title keeps its "And".
        #expect(reader.read("the bit is broken", as: .string, question: "What's wrong?", asking: "Problem problem")?.id == "the bit is broken")
        #expect(reader.read("And Then There Were None", as: .string, question: "Which book would you like?", asking: "Book book")?.id
                == "And Then There Were None")
    }

    @Test("words a recognizer writes for others that sound the same (twenty-sixth pass)")
    func heardAlike() {
        #expect(reader.read("the couple bucks", as: .currency)?.id == "2.00")
        #expect(reader.read("right down pick up the cake", as: .string, question: "What should I remind you about?",
                            asking: "Subject subject")?.id == "pick up the cake")
        #expect(reader.read("have it's say well done for emptying the dishwasher", as: .string, question: "What should the note say?",
                            asking: "Message message")?.id == "well done for emptying the dishwasher")
        // In a message, where "right" is no opener, "right down the hall" keeps its words.
        #expect(reader.read("right down the hall on the left", as: .string, question: "What's the message?", asking: "Message message")?.id
                == "right down the hall on the left")
    }

    @Test("an approximate distance and the exact one after it", arguments: [
        ("just shy of six miles, five point nine", "5.9"), ("six, six point two", "6.2"),
    ])
    func settledDistances(answer: String, expected: String) {
        #expect(reader.read(answer, as: .decimal)?.id == expected)
    }

    @Test("lengths settled after other words, and words that only weigh a length", arguments: [
        ("a bit under an hour, say fifty five minutes", "3300"), ("just under an hour, call it fifty minutes", "3000"),
        ("an hour and fifteen, it's a big roast", "4500"), ("an hour and ten", "4200"), ("a solid hour", "3600"),
        ("a good ten minutes", "600"),
    ])
    func settledLengths(answer: String, expected: String) {
        #expect(reader.read(answer, as: .duration)?.id == expected)
    }

    @Test("two numbers nothing settles are still no value", arguments: [
        "seven or eight", "about seven, eight", "between two and three", "two adults and two kids",
        "four, let's say five, or six",
    ])
    func unsettledNumbers(answer: String) {
        #expect(reader.read(answer, as: .integer) == nil)
        #expect(reader.read(answer, as: .decimal) == nil)
    }

    @Test("a count of people said without a number", arguments: [
        ("just me", "1"), ("only me, thanks", "1"), ("it'll be me and my brother", "2"), ("Priya and me", "2"),
        ("me and a friend", "2"),
    ])
    func peopleCounts(answer: String, expected: String) {
        #expect(reader.read(answer, as: .integer, question: "How many people are coming?", asking: "Guests guests")?.id == expected)
    }

    @Test("a number joined to the speaker counts the speaker too", arguments: [
        ("me plus three coworkers", "4"), ("me and my two kids", "3"), ("two friends and me", "3"),
        ("me and three of my friends", "4"),
        // The number may count the speaker already, or is the whole party: as said.
        ("the three of us", "3"), ("four including me", "4"), ("two, me and my wife", "2"),
        ("me and the kids, so three", "3"),
    ])
    func countsWithTheSpeaker(answer: String, expected: String) {
        #expect(reader.read(answer, as: .integer, question: "How many people are riding?", asking: "Riders riders")?.id == expected)
    }

    @Test("a clitic on a number, a day or a unit does not hide the value", arguments: [
        ("ninety's good", ParameterType.integer, "90"), ("ten minutes'll do", .duration, "600"),
        ("tomorrow's fine", .date, "2026-11-26"), ("twenty bucks'd be fine", .currency, "20.00"),
    ])
    func clitics(answer: String, type: ParameterType, expected: String) {
        #expect(reader.read(answer, as: type)?.id.hasPrefix(expected) == true)
    }

    @Test("an hour heard as an ordinal after 'around', 'after', 'at' is that hour; a day of the month stays a day", arguments: [
        ("tonight around seventh", "2026-11-25T19:00"), ("wednesday evening after sixth", "2026-12-02T18:00"),
        ("around the seventh", "2026-12-07"), ("december seventh at noon", "2026-12-07T12:00"),
    ])
    func ordinalHours(answer: String, expected: String) {
        #expect(reader.read(answer, as: .date)?.id.hasPrefix(expected) == true)
    }

    @Test("'me' counts nothing that is not people, nor a group said without a number", arguments: [
        ("just me", "How many miles did you run?", "Distance distance"),
        ("me and the kids", "How many people are coming?", "Guests guests"),
        ("me and my friends", "How many people are coming?", "Guests guests"),
        ("me and my wife and her sister", "How many people are coming?", "Guests guests"),
    ])
    func notPeopleCounts(answer: String, question: String, asking: String) {
        #expect(reader.read(answer, as: .integer, question: question, asking: asking) == nil)
    }

    @Test("a word that sounds like a number, said alone, is that number (a transcript's \"for\" for \"four\")", arguments: [
        ("for", "4"), ("um, for", "4"), ("for please", "4"), ("to", "2"), ("too", "2"), ("won", "1"), ("ate", "8"),
    ])
    func soundAlikes(answer: String, expected: String) {
        #expect(reader.read(answer, as: .integer)?.id == expected)
        #expect(reader.read(answer, as: .decimal)?.id == expected)
        #expect(reader.read(answer, as: .currency)?.id == expected + ".00")
    }

    @Test("a sound-alike beside other words is the word it is", arguments: [
        ("for five", "5"), ("a table for six", "6"), ("up to eight", "8"), ("two to three", nil), ("to go", nil), ("for us", nil),
    ])
    func soundAlikesInSentences(answer: String, expected: String?) {
        #expect(reader.read(answer, as: .integer)?.id == expected)
    }

    @Test("what is no number", arguments: ["a lot", "far", "seven or eight", "the second one", "yes", ""])
    func notNumbers(answer: String) {
        #expect(reader.read(answer, as: .integer) == nil)
        #expect(reader.read(answer, as: .decimal) == nil)
    }

    @Test("dates and times relative to the clock (Wednesday 25 November 2026, 9:30)", arguments: [
        ("tomorrow at three p m", "2026-11-26T15:00", "Thursday, November 26 at 3 PM"),
        ("tomorrow at 3pm", "2026-11-26T15:00", "Thursday, November 26 at 3 PM"),
        ("next Friday", "2026-11-27", "Friday, November 27"),
        ("December the fourth", "2026-12-04", "Friday, December 4"),
        ("the fourth of December", "2026-12-04", "Friday, December 4"),
        ("December 24th at noon", "2026-12-24T12:00", "Thursday, December 24 at 12 PM"),
        ("in two hours", "2026-11-25T11:30", "Wednesday, November 25 at 11:30 AM"),
        ("in 3 days", "2026-11-28", "Saturday, November 28"),
        ("today at half past six in the evening", "2026-11-25T18:30", "Wednesday, November 25 at 6:30 PM"),
        ("at 8", "2026-11-25T20:00", "Wednesday, November 25 at 8 PM"),
        ("at 10 am", "2026-11-25T10:00", "Wednesday, November 25 at 10 AM"),
        ("at 9 am", "2026-11-26T09:00", "Thursday, November 26 at 9 AM"),
        ("um, on Monday at quarter to five", "2026-11-30T16:45", "Monday, November 30 at 4:45 PM"),
        ("January the first", "2027-01-01", "Friday, January 1, 2027"),
        ("tomorrow morning", "2026-11-26T09:00", "Thursday, November 26 at 9 AM"),
        ("2026-12-04", "2026-12-04", "Friday, December 4"),
        ("2026-12-04T15:30", "2026-12-04T15:30", "Friday, December 4 at 3:30 PM"),
        ("the day after tomorrow", "2026-11-27", "Friday, November 27"),
        ("wednesday", "2026-12-02", "Wednesday, December 2"),
        // "this morning" is today's even when its hour has passed (a time alone would be tomorrow's).
        ("nine this morning", "2026-11-25T09:00", "Wednesday, November 25 at 9 AM"),
        ("five thirty this evening", "2026-11-25T17:30", "Wednesday, November 25 at 5:30 PM"),
        // A weekday with a day of the month: the next such day that is that weekday (nineteenth pass).
        ("Monday the fourteenth, I'm home all day", "2026-12-14", "Monday, December 14"),
        ("Friday the first", "2027-01-01", "Friday, January 1, 2027"),
        ("Monday, first thing", "2026-11-30", "Monday, November 30"),
        // Holidays on a fixed day, and a weekday next to a day named (twentieth pass).
        ("Christmas Eve at six", "2026-12-24T18:00", "Thursday, December 24 at 6 PM"),
        ("New Year's Day", "2027-01-01", "Friday, January 1, 2027"),
        ("the Monday after Christmas", "2026-12-28", "Monday, December 28"),
        ("the Friday before December the eleventh", "2026-12-04", "Friday, December 4"),
        ("the Tuesday after next", "2026-12-08", "Tuesday, December 8"),
        // Minutes before "past" or "to" count toward the hour after them, hedged too (twenty-first pass).
        ("about five past three", "2026-11-25T15:05", "Wednesday, November 25 at 3:05 PM"),
        ("around ten to four", "2026-11-25T15:50", "Wednesday, November 25 at 3:50 PM"),
        // An hour heard as the word it sounds like, after "at" (spoken transcripts).
        ("at for this afternoon", "2026-11-25T16:00", "Wednesday, November 25 at 4 PM"),
        ("tomorrow at to p m", "2026-11-26T14:00", "Thursday, November 26 at 2 PM"),
        ("Friday, say have twelve", "2026-11-27T12:30", "Friday, November 27 at 12:30 PM"),
        // "at night", a week on a weekday, a weekday of a month (twenty-second pass; the clock is Wednesday 25 November).
        ("ten at night, right before bed", "2026-11-25T22:00", "Wednesday, November 25 at 10 PM"),
        ("a week on Monday", "2026-12-07", "Monday, December 7"),
        ("a week from Friday", "2026-12-04", "Friday, December 4"),
        ("the first Saturday in December", "2026-12-05", "Saturday, December 5"),
        ("the last Friday of the month", "2026-11-27", "Friday, November 27"),
        ("the second Tuesday of next month", "2026-12-08", "Tuesday, December 8"),
        ("the first Monday in November", "2027-11-01", "Monday, November 1, 2027"),
    ])
    func dates(answer: String, id: String, title: String) {
        let value = reader.read(answer, as: .date)
        #expect(value?.id == id)
        #expect(value?.title == title)
    }

    @Test("an hour framed by the part of the day after it, or by 'say' and 'like' before it", arguments: [
        ("ten tonight", "2026-11-25T22:00"), ("seven in the morning on Saturday", "2026-11-28T07:00"),
        ("Monday, let's say ten in the morning", "2026-11-30T10:00"), ("later tonight, say eleven", "2026-11-25T23:00"),
        ("tomorrow, early, like six thirty", "2026-11-26T06:30"), ("early tomorrow, like seven", "2026-11-26T07:00"),
        // "tonight" alone is the night's usual hour, 8 PM; "tonight at eight" and "quarter to eight tonight" keep theirs.
        ("tonight", "2026-11-25T20:00"), ("tonight at eight", "2026-11-25T20:00"), ("quarter to eight tonight", "2026-11-25T19:45"),
    ])
    func framedHours(answer: String, id: String) {
        #expect(reader.read(answer, as: .date)?.id == id)
    }

    @Test("a value taken back at the start ('not Friday, Saturday at ten') gives way to the one meant, typed or as heard", arguments: [
        ("not Friday, Saturday at ten in the morning", "2026-11-28T10:00"), ("not tonight tomorrow night at seven", "2026-11-26T19:00"),
        ("no, not Monday, Tuesday", "2026-12-01"),
    ])
    func negatedDate(answer: String, id: String) {
        #expect(reader.read(answer, as: .date)?.id == id)
        // Its "not" is no "no" to the question (the dialogue asks `settles` before it takes a no).
        #expect(reader.settles(answer, as: .date))
    }

    @Test("a number or a length taken back at the start gives way to the one meant")
    func negatedNumber() {
        #expect(reader.read("not four, five of us", as: .integer, question: "How many people?")?.id == "5")
        #expect(reader.read("not twenty minutes, half an hour", as: .duration)?.id == "1800")
    }

    @Test("'early' makes a said hour a morning one, and is no hour itself", arguments: [
        ("Monday, early", "2026-11-30"), ("early on Friday", "2026-11-27"), ("early Friday at eight", "2026-11-27T08:00"),
    ])
    func earlyIsNoHour(answer: String, id: String) {
        #expect(reader.read(answer, as: .date)?.id == id)
    }

    @Test("whole days from a day, with the time said after them", arguments: [
        ("a week from tomorrow at noon", "2026-12-03T12:00"), ("two weeks from today at 5 pm", "2026-12-09T17:00"),
        ("a week from today at nine in the morning", "2026-12-02T09:00"), ("three days from now", "2026-11-28"),
    ])
    func daysFromADay(answer: String, id: String) {
        #expect(reader.read(answer, as: .date)?.id == id)
    }

    @Test("a length alone answers 'when' from now", arguments: [
        ("give me twenty minutes", "2026-11-25T09:50"), ("forty five minutes", "2026-11-25T10:15"),
    ])
    func lengthsFromNow(answer: String, id: String) {
        #expect(reader.read(answer, as: .date)?.id == id)
    }

    @Test("a number before a unit of time is a length from now, not an hour, even after 'about' or 'around'", arguments: [
        ("about twenty minutes", "2026-11-25T09:50"), ("um, around ten minutes", "2026-11-25T09:40"),
        ("like three hours", "2026-11-25T12:30"), ("about five", "2026-11-25T17:00"),
    ])
    func lengthsAfterApproximations(answer: String, id: String) {
        // Before, "about 20" read as 8 PM and "about twenty minutes" (the date grammar's own sentence, heard when
        // a person's "in" was lost) as tonight at eight.
        #expect(reader.read(answer, as: .date)?.id == id)
    }

    @Test("of two days, the one said after words that take the first back", arguments: [
        ("tomorrow, no wait, Thursday at four", "2026-11-26T16:00"), ("Friday, sorry, I mean Saturday", "2026-11-28"),
    ])
    func correctedDates(answer: String, id: String) {
        #expect(reader.read(answer, as: .date)?.id == id)
        #expect(reader.settles(answer, as: .date))
    }

    @Test("a time settled after another keeps the first one's day and half of the day", arguments: [
        ("Friday at five, no, make that five thirty", "2026-11-27T17:30"),
        ("any time after seven tonight, say seven fifteen", "2026-11-25T19:15"),
        ("around nine tomorrow, let's say nine fifteen", "2026-11-26T09:15"),
        ("Monday, let's say ten in the morning", "2026-11-30T10:00"),
        // A length settled on counts from now; a day settled on is the day.
        ("in an hour, hour and a bit, call it seventy five minutes", "2026-11-25T10:45"),
        ("tomorrow, no wait, Thursday at four", "2026-11-26T16:00"),
    ])
    func settledTimes(answer: String, id: String) {
        #expect(reader.read(answer, as: .date)?.id == id)
    }

    @Test("a bare number settling a length takes its unit when it restates it; not a far one")
    func carriedUnits() {
        #expect(reader.read("forty minutes or so, say forty five", as: .duration)?.id == "2700")
        #expect(reader.read("in forty minutes or so, say forty five", as: .date)?.id == "2026-11-25T10:15")
        #expect(reader.read("twenty minutes, no, twenty five", as: .duration)?.id == "1500")
        // "ninety" is no restatement of "two hours" (ninety hours? minutes?): no unit is carried, and the
        // answer is asked again.
        #expect(reader.read("two hours, say ninety", as: .duration) == nil)
    }

    @Test("'half nine' is half past; 'the first of December' is the day whatever number follows", arguments: [
        ("half nine tonight", "2026-11-25T21:30"), ("half seven tomorrow morning", "2026-11-26T07:30"),
        ("on the first of December, ten a m", "2026-12-01T10:00"), ("the third of January, nine p m", "2027-01-03T21:00"),
    ])
    func halfHoursAndDaysOfMonths(answer: String, id: String) {
        #expect(reader.read(answer, as: .date)?.id == id)
    }

    @Test("'after' before a bare hour is that hour, read as 'at' would be", arguments: [
        ("Thursday after 4", "2026-11-26T16:00"), ("Friday after three", "2026-11-27T15:00"),
        // "round", as said in Britain, is "around".
        ("Saturday, round eleven in the morning", "2026-11-28T11:00"), ("Friday round about three", "2026-11-27T15:00"),
    ])
    func afterAnHour(answer: String, id: String) {
        #expect(reader.read(answer, as: .date)?.id == id)
    }

    @Test("'half' of a length or an amount is no time of day", arguments: [
        ("an hour and a half", 5400), ("half an hour", 1800), ("nine and a half minutes", 570),
    ])
    func halfLengths(answer: String, seconds: Int) {
        #expect(reader.read(answer, as: .duration)?.id == String(seconds))
    }

    @Test("a day refined by 'say' keeps the day; a plain no settles nothing", arguments: [
        "Monday, let's say ten in the morning", "no, tomorrow", "tomorrow at three",
    ])
    func uncorrectedDates(answer: String) {
        #expect(!reader.settles(answer, as: .date))
    }

    @Test("what is no date", arguments: ["whenever", "soon", "February the thirtieth", "I don't know", ""])
    func notDates(answer: String) {
        #expect(reader.read(answer, as: .date) == nil)
    }

    @Test("a question of the speaker's own holds no value: its days and numbers are not the answer", arguments: [
        ("what's the weather like tomorrow", ParameterType.date), ("hang on, is it going to rain later", .date),
        ("what time do you close tonight", .date), ("how busy is it tonight", .integer),
        ("are they open on Sundays", .date), ("how long does pasta take, ten minutes?", .duration),
        ("what's than whether ninety", .currency), ("do you know if it'll snow tomorrow", .date),
    ])
    func questionsBack(answer: String, type: ParameterType) {
        #expect(reader.read(answer, as: type) == nil)
    }

    @Test("a task of the speaker's own holds no value, unless the question is about reminding (twenty-third pass)")
    func anotherTask() {
        #expect(reader.read("remind me to check the forecast for Sunday first", as: .date, question: "When do you want to go?") == nil)
        #expect(reader.read("oh, don't forget to book the taxi tomorrow", as: .date, question: "When do you want to go?") == nil)
        #expect(reader.read("remind me on Sunday", as: .date, question: "When do you want to go?")?.id == "2026-11-29")
        #expect(reader.read("remind me to do it on Sunday", as: .date, question: "When should I remind you?")?.id == "2026-11-29")
    }

    @Test("'how about', 'what about', a question settled by a value, and 'could you make it' are answers", arguments: [
        ("how about ten", ParameterType.integer, "10"), ("what about Friday", .date, "2026-11-27"),
        ("what was it, call it twelve fifty", .currency, "12.50"), ("could you make it Friday", .date, "2026-11-27"),
        ("what if we say six", .integer, "6"), ("is ten okay", .integer, "10"),
    ])
    func answersThatAsk(answer: String, type: ParameterType, expected: String) {
        #expect(reader.read(answer, as: type)?.id == expected)
    }

    @Test("a question said as a dictated string is kept")
    func questionDictated() {
        #expect(reader.read("what time is the match on Saturday", as: .string)?.id == "what time is the match on Saturday")
    }

    @Test("durations", arguments: [
        ("ten minutes", "600", "10 minutes"), ("an hour and a half", "5400", "1 hour and 30 minutes"),
        ("half an hour", "1800", "30 minutes"), ("2 hours 30", "9000", "2 hours and 30 minutes"),
        ("90 seconds", "90", "1 minute and 30 seconds"), ("a quarter of an hour", "900", "15 minutes"),
        ("one and a half hours", "5400", "1 hour and 30 minutes"), ("set it for 5 minutes please", "300", "5 minutes"),
        ("1 hour and 15 minutes", "4500", "1 hour and 15 minutes"), ("two days", "172800", "2 days"),
        ("um, three quarters of an hour", "2700", "45 minutes"),
        // A rate after the length is no more time; "and a day" is.
        ("fifteen minutes a day", "900", "15 minutes"), ("an hour per week", "3600", "1 hour"),
        ("a week and a day", "691200", "8 days"),
    ])
    func durations(answer: String, id: String, title: String) {
        let value = reader.read(answer, as: .duration)
        #expect(value?.id == id)
        #expect(value?.title == title)
    }

    @Test("what is no duration", arguments: ["ten", "a while", "not long", "yes"])
    func notDurations(answer: String) {
        #expect(reader.read(answer, as: .duration) == nil)
    }

    @Test("a string takes the words dictated, without fillers, carriers and politeness", arguments: [
        ("Camping Trip", "Camping Trip"), ("um, call it Camping Trip please", "Camping Trip"),
        ("let's call it groceries", "groceries"), ("Leave it by the door.", "Leave it by the door"),
        ("uh, it's called Book Club, thanks", "Book Club"),
    ])
    func strings(answer: String, expected: String) {
        #expect(reader.read(answer, as: .string)?.id == expected)
    }

    @Test("a naming carrier is taken off when the question asks for a name", arguments: [
        ("let's name it Weekend Chores", "Weekend Chores"), ("call this one Books to Read, please", "Books to Read"),
        ("you can title it Road Trip", "Road Trip"), ("I'd like to call it Garden", "Garden"),
        ("how about just Groceries", "Groceries"), ("how about Christmas Cards", "Christmas Cards"),
    ])
    func namingCarriers(answer: String, expected: String) {
        #expect(reader.read(answer, as: .string, question: "What do you want to call it?")?.id == expected)
    }

    @Test("a few words ending in 'called' or 'named' that only describe the thing asked are taken off", arguments: [
        ("something called Blue River Stories", "Which book would you like?", "Blue River Stories"),
        ("a book named River of Stars", "Which book would you like?", "River of Stars"),
        ("I think it's called Rust Belt Radio", "Which show?", "Rust Belt Radio"),
        ("um, just Weekend Chores", "What do you want to call it?", "Weekend Chores"),
        ("call the list Holiday Cards", "What do you want to call it?", "Holiday Cards"),
        ("name my new playlist Road Songs", "What do you want to call it?", "Road Songs"),
        // Words that say more than the thing asked stay: the person named in a reminder is part of it.
        ("a guy named Bob called", "What should I remind you about?", "a guy named Bob called"),
        ("just breathe", "What should I remind you about?", "just breathe"),
    ])
    func participleCarriers(answer: String, question: String, expected: String) {
        #expect(reader.read(answer, as: .string, question: question)?.id == expected)
    }

    @Test("a title asked for loses the words that only say what it is", arguments: [
        ("a novel called The Glass Hotel", "The Glass Hotel"), ("it's a cookbook called Salt Fat Acid Heat", "Salt Fat Acid Heat"),
        ("the book is Small Things Like These", "Small Things Like These"), ("I think it's Piranesi", "Piranesi"),
        ("the title is The Overstory", "The Overstory"), ("um, the book's called Circe", "Circe"),
        // A title's own words, typed with its capitals, stay.
        ("A Man Called Ove", "A Man Called Ove"), ("Say Anything", "Say Anything"), ("Tell Me Everything", "Tell Me Everything"),
    ])
    func titleCarriers(answer: String, expected: String) {
        #expect(reader.read(answer, as: .string, question: "Which book would you like?", asking: "Title bookTitle")?.id == expected)
    }

    @Test("a show's name said with a carrier, whatever the carrier's noun", arguments: [
        ("a podcast called Kitchen Secrets", "Kitchen Secrets"), ("it's Rust Belt Radio", "Rust Belt Radio"),
        ("the show is Night Shift", "Night Shift"), ("it's called Call It Dreaming", "Call It Dreaming"),
        ("the title's Tiny Kitchens", "Tiny Kitchens"), ("its name's Tiny Kitchens", "Tiny Kitchens"),
        ("The Names We Keep", "The Names We Keep"),
    ])
    func showCarriers(answer: String, expected: String) {
        #expect(reader.read(answer, as: .string, question: "What's the show called?", asking: "Name name")?.id == expected)
    }

    @Test("a title asked for loses the words people look for it with", arguments: [
        ("I'm looking for Harbor of Small Lights", "Harbor of Small Lights"), ("do you have The Quiet Orchard", "The Quiet Orchard"),
        ("I'd like the one called Winter Roads", "Winter Roads"), ("I guess Paper Moons", "Paper Moons"),
        ("it'd be Seven Small Rooms", "Seven Small Rooms"), ("um, probably The Tin Kettle", "The Tin Kettle"),
        ("I was looking for a book called North of Nowhere", "North of Nowhere"), ("the one called Ash Valley", "Ash Valley"),
        ("can I borrow Tidewater, please", "Tidewater"),
    ])
    func titleLookups(answer: String, expected: String) {
        #expect(reader.read(answer, as: .string, question: "Which book would you like?", asking: "Title bookTitle")?.id == expected)
    }

    @Test("a new name loses the words that only suggest it", arguments: [
        ("something like Garage Projects", "Garage Projects"), ("I'd go with Spring Cleaning", "Spring Cleaning"),
        ("put it down as Bike Parts", "Bike Parts"), ("let's say Meal Prep", "Meal Prep"), ("probably tax papers", "tax papers"),
        ("make it Book Swap", "Book Swap"), ("I was thinking yard work", "yard work"), ("maybe call it Band Practice", "Band Practice"),
        ("I think that'd be Pantry Stock", "Pantry Stock"), ("let's go with Packing for Lisbon", "Packing for Lisbon"),
    ])
    func nameSuggestions(answer: String, expected: String) {
        #expect(reader.read(answer, as: .string, question: "What do you want to call it?", asking: "Name name")?.id == expected)
    }

    @Test("a name whose own words start like a carrier keeps them; other strings keep hedges", arguments: [
        // Typed with a title's capitals, the words are the title's.
        ("Maybe Tomorrow", "What do you want to call it?", "Name name", "Maybe Tomorrow"),
        ("Something Like Summer", "Which book would you like?", "Title bookTitle", "Something Like Summer"),
        ("Looking for Alaska", "Which book would you like?", "Title bookTitle", "Looking for Alaska"),
        ("Make It Work", "What do you want to call it?", "Name name", "Make It Work"),
        ("I Think We're Alone Now", "Which song?", "Title title", "I Think We're Alone Now"),
        // Something to do and a message are the person's own words.
        ("I'm looking for my passport", "What should I remind you about?", "Subject subject", "I'm looking for my passport"),
        ("maybe buy flowers", "What do you need to do?", "Task task", "maybe buy flowers"),
        ("I guess I'm running late", "What should I tell your driver?", "Message message", "I guess I'm running late"),
    ])
    func carrierLookalikesStay(answer: String, question: String, asking: String, expected: String) {
        #expect(reader.read(answer, as: .string, question: question, asking: asking)?.id == expected)
    }

    @Test("a message to pass on loses the words that pass it on", arguments: [
        ("tell them I'm wearing a red coat", "I'm wearing a red coat"), ("say I'm coming down now", "I'm coming down now"),
        ("just say I'll be two minutes", "I'll be two minutes"), ("tell the driver that the gate is open", "the gate is open"),
        ("let them know I'm at the side entrance", "I'm at the side entrance"), ("please tell him to wait by the fountain", "wait by the fountain"),
        ("can you let my driver know that I'm running late", "I'm running late"), ("that I'm outside", "I'm outside"),
        ("the message is I'm by the bus stop", "I'm by the bus stop"), ("ask them to ring the bell", "ring the bell"),
        // Nothing passes the words on: the message as said.
        ("I'm wearing a red coat", "I'm wearing a red coat"), ("text me when you land", "text me when you land"),
        ("tell them so sorry I'm late", "so sorry I'm late"),
        // "write …" passes the words on unless it is the message's own verb.
        ("write super proud of you, kiddo", "super proud of you, kiddo"), ("write back when you can", "write back when you can"),
    ])
    func messageCarriers(answer: String, expected: String) {
        #expect(reader.read(answer, as: .string, question: "What should I tell your driver?", asking: "Message message")?.id == expected)
    }

    @Test("a message loses 'write' or 'put' before what to pass on; an instruction keeps its verb", arguments: [
        ("hmm, just write, I'm the one by the gate", "I'm the one by the gate"), ("just put, I'm by the blue door", "I'm by the blue door"),
        ("write that I have a wheelchair", "I have a wheelchair"),
        ("put the bags in the trunk please", "put the bags in the trunk"), ("write down my number", "write down my number"),
    ])
    func writtenMessages(answer: String, expected: String) {
        #expect(reader.read(answer, as: .string, question: "What should I tell your driver?", asking: "Message message")?.id == expected)
    }

    @Test("a note loses 'just say' and 'please say'; 'say' alone stays", arguments: [
        ("uh, just say please hang the shirts", "please hang the shirts"), ("can you say no starch", "no starch"),
        ("say hi to the driver for me", "say hi to the driver for me"),
        ("it should read no starch on the collars", "no starch on the collars"), ("have it read fold, don't hang", "fold, don't hang"),
        ("just read the care label", "just read the care label"),
    ])
    func ledSayNotes(answer: String, expected: String) {
        #expect(reader.read(answer, as: .string, question: "What should the cleaners know?", asking: "Note note")?.id == expected)
    }

    @Test("words about the answer ('basically', 'the gist is', 'quick question', 'I was wondering') open no task or question", arguments: [
        ("basically, pay the water bill", "What should I remind you about?", "Subject subject", "pay the water bill"),
        ("the gist is, call the landlord about the heater", "What should I remind you about?", "Subject subject", "call the landlord about the heater"),
        ("quick question, is it okay with coffee", "What would you like to ask?", "Question question", "is it okay with coffee"),
        ("I was wondering, can I split the tablets", "What would you like to ask?", "Question question", "can I split the tablets"),
        ("quick one, is the generic version okay", "What would you like to ask?", "Question question", "is the generic version okay"),
        ("I'd like to know whether these are okay with grapefruit", "What would you like to ask?", "Question question",
         "whether these are okay with grapefruit"),
        ("how do you say where is the station", "What should I translate?", "Phrase phrase", "where is the station"),
    ])
    func framingPhrases(answer: String, question: String, asking: String, expected: String) {
        #expect(reader.read(answer, as: .string, question: question, asking: asking)?.id == expected)
    }

    @Test("a yes that only answers being asked, 'here goes' and 'it's' before a description open no question, report or review", arguments: [
        ("yeah, um, can I take ibuprofen with my blood pressure pills", "What would you like to ask?", "Question question", "can I take ibuprofen with my blood pressure pills"),
        ("okay, here goes: loved it, best film I've seen this year", "What did you think?", "Review review", "loved it, best film I've seen this year"),
        ("it's the left shower in the men's locker room, no hot water", "What's wrong?", "Problem problem", "the left shower in the men's locker room, no hot water"),
        // "it's" before no thing described stays: it is the description.
        ("it's broken again", "What's wrong?", "Problem problem", "it's broken again"),
    ])
    func answeringOpeners(answer: String, question: String, asking: String, expected: String) {
        #expect(reader.read(answer, as: .string, question: question, asking: asking)?.id == expected)
    }

    @Test("a message keeps its 'yeah'")
    func messageKeepsYeah() {
        #expect(reader.read("yeah, I'm at the side door", as: .string, question: "What should I tell your driver?", asking: "Message message")?.id == "yeah, I'm at the side door")
    }

    @Test("what someone should know loses 'tell them' and 'let them know'", arguments: [
        ("tell them, no starch on the collars, they went stiff last time", "no starch on the collars, they went stiff last time"),
        ("let them know the blue shirt has a stain on the cuff", "the blue shirt has a stain on the cuff"),
    ])
    func tellThemNotes(answer: String, expected: String) {
        #expect(reader.read(answer, as: .string, question: "What should the cleaners know?", asking: "Note note")?.id == expected)
    }

    @Test("a 'please' passed on after 'say' stays in the note; one that opens the answer is said to the device")
    func pleaseInNotes() {
        #expect(reader.read("please hang the wool coat, don't fold it", as: .string, question: "What should the cleaners know?", asking: "Note note")?.id == "hang the wool coat, don't fold it")
        #expect(reader.read("just say please ring the bell twice", as: .string, question: "What should the cleaners know?", asking: "Note note")?.id == "please ring the bell twice")
    }

    @Test("'I'd say' before a review or a note is about the answer, not in it", arguments: [
        ("I'd say decent, the middle dragged a bit", "What did you think?", "Review review", "decent, the middle dragged a bit"),
        ("I would say the locker door won't close", "What's wrong?", "Problem problem", "the locker door won't close"),
    ])
    func idSay(answer: String, question: String, asking: String, expected: String) {
        #expect(reader.read(answer, as: .string, question: question, asking: asking)?.id == expected)
    }

    @Test("a name after \"it's something like\"")
    func somethingLike() {
        #expect(reader.read("I think it's something like The Moth", as: .string, question: "What's the show called?", asking: "Name name")?.id == "The Moth")
        #expect(reader.read("it's something like Song Exploder", as: .string, question: "Which book would you like?", asking: "Title bookTitle")?.id == "Song Exploder")
    }

    @Test("a report loses 'report that' and other reporting verbs before a clause", arguments: [
        ("report that the water fountain is leaking", "the water fountain is leaking"),
        ("I want to report that the rowing machine is broken", "the rowing machine is broken"),
        ("I'd like to mention that the sauna is cold", "the sauna is cold"), ("the problem is the treadmill won't start", "the treadmill won't start"),
        // No clause after "that", no "that", or no carrier at all: the report as said.
        ("report that treadmill near the door", "report that treadmill near the door"),
        ("the rowing machine makes a grinding noise", "the rowing machine makes a grinding noise"),
        ("the treadmill is broken", "the treadmill is broken"),
    ])
    func reportCarriers(answer: String, expected: String) {
        #expect(reader.read(answer, as: .string, question: "What's broken?", asking: "Problem problem")?.id == expected)
    }

    @Test("something to do keeps words that would pass a message on", arguments: [
        ("tell mom happy birthday", "tell mom happy birthday"), ("remind me to tell them I'm late", "tell them I'm late"),
        ("say thanks to Priya", "say thanks to Priya"), ("report that the sink is leaking", "report that the sink is leaking"),
        ("let the landlord know the sink is leaking", "let the landlord know the sink is leaking"),
    ])
    func taskKeepsSpeech(answer: String, expected: String) {
        #expect(reader.read(answer, as: .string, question: "What should I remind you about?", asking: "Subject subject")?.id == expected)
        #expect(reader.read(answer.hasPrefix("remind me to ") ? String(answer.dropFirst(13)) : answer, as: .string,
                            question: "What do you need to do?", asking: "Task task")?.id == expected)
    }

    @Test("the question's frame said again is taken off; what only looks like it stays", arguments: [
        ("remind me to call the dentist", "call the dentist"), ("um, to pick up the dry cleaning", "pick up the dry cleaning"),
        ("that I need to water the lawn", "water the lawn"), ("about the rent", "the rent"),
        ("call them back", "call them back"), ("call it a day", "call it a day"), ("take out the recycling", "take out the recycling"),
        ("remind me about that meeting", "that meeting"), ("that email from Sam", "that email from Sam"),
    ])
    func questionFrame(answer: String, expected: String) {
        #expect(reader.read(answer, as: .string, question: "What should I remind you about?")?.id == expected)
    }

    @Test("a frame that the question does not have stays in the value")
    func noFrame() {
        // Nothing asks the person to be reminded, so "to" and "remind me" are the name's own words.
        #expect(reader.read("To Do", as: .string, question: "What do you want to call it?")?.id == "To Do")
        #expect(reader.read("remind me to smile", as: .string, question: "What do you want to call it?")?.id == "remind me to smile")
        // The question's verb is not addressed to the person: "call me" is the answer's own.
        #expect(reader.read("call me maybe", as: .string, question: "What do you want to call it?")?.id == "call me maybe")
        #expect(reader.read("text me when you land", as: .string, question: "What do you want to text?")?.id == "text me when you land")
    }

    @Test("politeness before a note, a word about candour before a review, and 'it's that' before a problem are not in the value", arguments: [
        ("please, leave the parcel with the concierge", "What should the note say?", "Note note", "leave the parcel with the concierge"),
        ("please hang the shirts, don't fold them", "What should the note say?", "Note note", "hang the shirts, don't fold them"),
        ("honestly the second half was far too slow", "What did you think of it?", "Review review", "the second half was far too slow"),
        ("to be honest I loved every minute", "What did you think of it?", "Review review", "I loved every minute"),
        ("it's that the brakes squeal when it rains", "What's wrong with it?", "Problem problem", "the brakes squeal when it rains"),
        ("it's that I can't unlock the back door", "What's the problem?", "Problem problem", "I can't unlock the back door"),
        // "that" pointing at the thing is the description's own word.
        ("it's that lamp by the stairs, it flickers", "What's wrong with it?", "Problem problem", "that lamp by the stairs, it flickers"),
    ])
    func openersBeforeDictation(answer: String, question: String, asking: String, expected: String) {
        #expect(reader.read(answer, as: .string, question: question, asking: asking)?.id == expected)
    }

    @Test("'put down' and 'jot down' before a task, 'say' before a review's clause are not in the value (nineteenth pass)", arguments: [
        ("put down collect the dry cleaning", "What should I remind you about?", "Subject subject", "collect the dry cleaning"),
        ("jot down call the plumber", "What should I remind you about?", "Subject subject", "call the plumber"),
        ("write down that I owe Sam lunch", "What should I remind you about?", "Subject subject", "I owe Sam lunch"),
        // What is put down is the thing itself before a determiner.
        ("put down the deposit for the flat", "What should I remind you about?", "Subject subject", "put down the deposit for the flat"),
        ("say it was gorgeous but way too long", "What did you think?", "Review review", "it was gorgeous but way too long"),
        ("say the ending dragged", "What did you think of it?", "Review review", "the ending dragged"),
    ])
    func writtenDownAndSaid(answer: String, question: String, asking: String, expected: String) {
        #expect(reader.read(answer, as: .string, question: question, asking: asking)?.id == expected)
    }

    @Test("words that frame a dictated string are taken off: a heads-up, a worry, a word for what is said, wondering aloud, a note for others", arguments: [
        ("what about an old kettle", "What are you throwing away?", "Thing thing", "an old kettle"),
        ("the phrase I need is how much is the train", "What should I translate?", "Phrase phrase", "how much is the train"),
        ("ask them whether I can take it with food", "What would you like to ask?", "Question question", "whether I can take it with food"),
        ("the podcast's name is Night Shift Stories", "What's the show called?", "Name name", "Night Shift Stories"),
        ("I'm hoping for The Glass Hotel", "Which book would you like?", "Title bookTitle", "The Glass Hotel"),
        ("just so you know, the zip sticks a bit", "What should the cleaners know?", "Note note", "the zip sticks a bit"),
        ("aw, well done for tidying up", "What should the cheer say?", "Message message", "well done for tidying up"),
        ("I'm afraid the chain keeps slipping", "What's wrong with the bike?", "Problem problem", "the chain keeps slipping"),
        ("I'm curious how old the big clock is", "What would you like to ask the curator?", "Question question", "how old the big clock is"),
        // Wondering aloud, a note for others, a message passed on, a groan (twenty-first pass); "I wonder" inside a
        // message stays: only the opening words frame it.
        ("I've always wondered how the big clock is wound", "What would you like to ask the curator?", "Question question", "how the big clock is wound"),
        ("note for them, the zip sticks a bit", "What should the cleaners know?", "Note note", "the zip sticks a bit"),
        ("pass on that I'm by the front gate", "What should I tell your driver?", "Message message", "I'm by the front gate"),
        ("ugh, the chain keeps slipping", "What's wrong with the bike?", "Problem problem", "the chain keeps slipping"),
        ("tell Sam I wonder if the ferry runs", "What's the message?", "Message message", "tell Sam I wonder if the ferry runs"),
        // Thinking aloud, a word that the note must reach them, a hesitation (twenty-second pass).
        ("let's see, how much is a ticket to the old town", "What should I translate?", "Phrase phrase", "how much is a ticket to the old town"),
        ("thing is, we're round the back by the loading bay", "What should I tell your driver?", "Message message", "we're round the back by the loading bay"),
        ("make sure they know there's a pen mark on the left sleeve", "What should the cleaners know?", "Note note", "there's a pen mark on the left sleeve"),
        ("err, the front light won't switch on", "What's wrong with the bike?", "Problem problem", "the front light won't switch on"),
        // An exclamation, a need said without the frame, "just that" before a message (twenty-third pass).
        ("oh gosh, pick up the dry cleaning", "What should I remind you about?", "Subject subject", "pick up the dry cleaning"),
        ("I must book the car in for its service", "What should I remind you about?", "Subject subject", "book the car in for its service"),
        ("just that the car park's full, I'm looking for a space", "What should I tell the salon?", "Message message", "the car park's full, I'm looking for a space"),
        ("just that", "What's the message?", "Message message", "just that"),
        ("or can I bring my little boy along", "What should I tell the salon?", "Message message", "can I bring my little boy along"),
        // "that" before a clause about a thing opens the task (twenty-seventh pass); "that I need to …" is read as
        // before, and "that" before a thing stays.
        ("that the car needs its MOT", "What should I remind you about?", "Subject subject", "the car needs its MOT"),
        ("that my passport runs out in March", "What should I remind you about?", "Subject subject", "my passport runs out in March"),
        ("that thing with the bank", "What should I remind you about?", "Subject subject", "that thing with the bank"),
        // "We'll" is no "well": the message keeps it.
        ("we'll be there by six", "What should I tell the salon?", "Message message", "we'll be there by six"),
        ("well, we'll be there by six", "What should I tell the salon?", "Message message", "we'll be there by six"),
    ])
    func framedDictation(answer: String, question: String, asking: String, expected: String) {
        #expect(reader.read(answer, as: .string, question: question, asking: asking)?.id == expected)
    }

    @Test("a title typed in title case keeps its 'Please'")
    func pleaseInTitle() {
        #expect(reader.read("Please Please Me", as: .string, question: "What do you want to call it?")?.id == "Please Please Me")
    }

    @Test("a string of fillers alone is nothing")
    func emptyString() {
        #expect(reader.read("um", as: .string) == nil)
        #expect(reader.read("  ", as: .string) == nil)
    }

    @Test("the number vocabulary spells what the parser reads back")
    func vocabulary() {
        for n in [0, 7, 13, 40, 99, 120, 1200, 2500, 45_000] {
            let spelled = SpokenNumbers.spell(n)
            #expect(spelled.split(separator: " ").allSatisfy { SpokenNumbers.vocabulary.contains(String($0)) })
            #expect(reader.read(spelled, as: .integer)?.id == String(n), "\(spelled)")
        }
    }
}

/// The sentences a recognizer is given for open-ended answers read back as values.
@Suite("Spoken forms of open-ended answers")
struct SpokenFormsTests {
    let reader = OpenValueReader(now: OpenValueTests.now, timeZone: OpenValueTests.zone)

    @Test("every sentence of every open type reads back as a value of that type",
          arguments: [ParameterType.integer, .decimal, .currency, .date, .duration])
    func readBack(type: ParameterType) {
        let sentences = SpokenForms.sentences(for: type)
        #expect(sentences.count > 50)
        let unread = sentences.filter { reader.read($0, as: type) == nil }
        #expect(unread.isEmpty, "\(unread.prefix(10))")
    }

    @Test("yes sentences read as true, no sentences as false")
    func booleans() {
        let notYes = AnswerWords.spokenYes.filter { reader.read($0, as: .boolean)?.id != "true" }
        let notNo = AnswerWords.spokenNo.filter { reader.read($0, as: .boolean)?.id != "false" }
        #expect(notYes.isEmpty, "\(notYes)")
        #expect(notNo.isEmpty, "\(notNo)")
    }

    @Test("some sentences read as the values a person means")
    func meanings() {
        #expect(reader.read("a dollar fifty", as: .currency)?.id == "1.50")
        #expect(reader.read("in a few minutes", as: .date)?.id == "2026-11-25T09:33")
        #expect(reader.read("a couple of minutes", as: .duration)?.id == "120")
        #expect(reader.read("two dozen", as: .integer)?.id == "24")
        // A count of none joined to the number counts nothing and takes nothing back (twenty-seventh pass).
        #expect(reader.read("six adults and no kids", as: .integer)?.id == "6")
        #expect(reader.read("two bags but no suitcases", as: .integer)?.id == "2")
        #expect(OpenValueReader.settlesNumber("six adults and no kids"))
        #expect(reader.read("six, no, seven", as: .integer)?.id == "7")
        #expect(!OpenValueReader.settlesNumber("no kids"))
    }
}
