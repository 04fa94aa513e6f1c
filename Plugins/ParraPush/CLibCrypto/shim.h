// libcrypto (Debian's libssl-dev): the EVP functions ParraPush's Web Push encryption in
// CParraWebPush is written against.
#include <openssl/evp.h>
