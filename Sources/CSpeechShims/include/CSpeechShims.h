#ifndef EARSHOT_SPEECH_SHIMS_H
#define EARSHOT_SPEECH_SHIMS_H

#include <pocketsphinx.h>

/// cmd_ln_init is variadic: Swift cannot call it. Builds a decoder configuration from
/// NULL-terminated name/value pairs.
cmd_ln_t *earshot_cmd_ln_init(const char *const *pairs);

/// Silences sphinxbase's logging (it writes to stderr by default).
void earshot_sphinx_quiet(void);

#endif
