extension Rule {
    /// Every rule, in the order `earshot check --rules` lists them.
    public static let all: [Rule] = [
        importBuildError, importUnread,
        limitShortcuts, limitExpansions, limitExpansionsNear, phraseAppName, phraseOpenParameter, phraseOneParameter,
        phraseHeySiri, phraseCoreCommand, phraseLength, phraseLiteralValue, phraseSameExpansion, phraseDuplicate,
        phraseEntityRequired, negativeEqualsPhrase,
        titleVerb, titleSentenceCase, titlePunctuation, titleAppName,
        shortcutShortTitle, shortcutSystemImage, shortcutSystemImageName,
        summaryMissing, summaryRequired, summaryVerb, summaryPunctuation, summaryVariantsRule, summaryVariantOrder,
        dialogAppName, dialogScreenWords, dialogVaguePrompt, dialogGenderedPronoun, dialogAdvertising, dialogImpersonatesSiri,
        dialogDeviceSpecific, dialogFollowUps, dialogConfirmTwice, dialogOrderConfirmation,
        categoryInformation,
        quickActionMissing, quickActionCount, quickActionAppName, quickActionLength, quickActionEmoji, quickActionIcon,
        pronunciationGuessed, phraseAcousticConfusion, phraseSemanticOverlap,
        reviewUnknownRule, reviewUnusedSilence,
    ]
}
