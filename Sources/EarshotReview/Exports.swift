// The rules, their context and diagnostics, and the text and JSON output live in EarshotReviewRules, which
// links no C library; `import EarshotReview` brings them with the reviewer.
@_exported import EarshotReviewRules
