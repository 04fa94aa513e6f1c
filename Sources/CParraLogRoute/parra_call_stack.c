#include "parra_call_stack.h"

#include <execinfo.h>
#include <stdlib.h>
#include <string.h>

/* As many frames as Foundation's Thread.callStackSymbols (and the Swift runtime's) read. */
#define PARRA_CALL_STACK_DEPTH 128

char *parra_log_route_call_stack(int32_t skip) {
    void *addresses[PARRA_CALL_STACK_DEPTH];
    int count = backtrace(addresses, PARRA_CALL_STACK_DEPTH);
    /* This function's own frame, then the caller's `skip`. */
    int first = 1 + (skip > 0 ? skip : 0);
    if (count <= first) {
        return NULL;
    }
    int frames = count - first;
    char **symbols = backtrace_symbols(addresses + first, frames);
    if (symbols == NULL) {
        return NULL;
    }
    size_t length = 0;
    for (int i = 0; i < frames; i++) {
        length += strlen(symbols[i] != NULL ? symbols[i] : "<null>") + 1;
    }
    char *text = malloc(length);
    if (text != NULL) {
        char *end = text;
        for (int i = 0; i < frames; i++) {
            const char *line = symbols[i] != NULL ? symbols[i] : "<null>";
            size_t size = strlen(line);
            memcpy(end, line, size);
            end += size;
            *end++ = '\n';
        }
        /* The last newline becomes the end of the text. */
        end[-1] = '\0';
    }
    free(symbols);
    return text;
}
