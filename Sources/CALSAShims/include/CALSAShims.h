#ifndef EARSHOT_ALSA_SHIMS_H
#define EARSHOT_ALSA_SHIMS_H

/// snd_lib_error_set_handler takes a variadic callback: Swift cannot write one. Installs a
/// handler that drops alsa-lib's messages (it prints them to stderr by default).
void earshot_alsa_quiet(void);

/// Restores alsa-lib's default handler (messages to stderr).
void earshot_alsa_verbose(void);

#endif
