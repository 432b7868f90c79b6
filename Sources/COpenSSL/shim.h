// OpenSSL's libcrypto (Debian's libssl-dev): the EVP digest functions, for SHA-256.
#include <openssl/evp.h>
