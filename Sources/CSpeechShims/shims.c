#include "CSpeechShims.h"
#include <err.h>
#include <stdio.h>

cmd_ln_t *earshot_cmd_ln_init(const char *const *pairs) {
    int n = 0;
    while (pairs[n] != NULL) n++;
    return cmd_ln_parse_r(NULL, ps_args(), n, (char **)pairs, 0);
}

void earshot_sphinx_quiet(void) {
    err_set_logfp(NULL);
}
