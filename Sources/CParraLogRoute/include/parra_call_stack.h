/*
 * parra_call_stack.h: the call stack an error or fatal app log record carries, read at the
 * log call. Host-internal (not part of the module ABI).
 */
#ifndef PARRA_CALL_STACK_H
#define PARRA_CALL_STACK_H

#include <stdint.h>

/**
 * The calling thread's call stack, one frame per line (no newline after the last), each line
 * as backtrace_symbols(3) writes it (`/path/libX.so(symbol+0x2e) [0x7f...]`): the lines of
 * corelibs Foundation's `Thread.callStackSymbols`, which reads the same 128 innermost frames
 * the same way (a frame without a symbol line is `<null>`). The stack starts at the caller of
 * this function, less its `skip` innermost frames: ParraLogger passes 2 (its helper's frame
 * and emit's), so the stack starts at the function that logged. Called by ParraLogger for
 * error and fatal logs, on the logging thread; any thread. The text is malloc'd and the caller
 * frees it; NULL when there is no frame left or memory ran out.
 */
char *parra_log_route_call_stack(int32_t skip);

#endif
