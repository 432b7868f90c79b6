#include "CALSAShims.h"
#include <alsa/asoundlib.h>

static void earshot_alsa_drop(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

void earshot_alsa_quiet(void) {
    snd_lib_error_set_handler(earshot_alsa_drop);
}

void earshot_alsa_verbose(void) {
    snd_lib_error_set_handler(NULL);
}
