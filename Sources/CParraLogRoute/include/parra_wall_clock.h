/*
 * parra_wall_clock.h: the wall clock app log records and log markers are stamped with, read
 * for a record only when a sink reads its time (parra_log_route_deliver). Host-internal (not
 * part of the module ABI).
 */
#ifndef PARRA_WALL_CLOCK_H
#define PARRA_WALL_CLOCK_H

/**
 * Seconds since the Unix epoch: CLOCK_REALTIME, as `Date()` reads it. Where the kernel keeps
 * time with the processor's time-stamp counter (its clocksource is `tsc`), the counter is read
 * and scaled instead, against a reading of CLOCK_REALTIME taken at most about 64 ms before:
 * half the cost of clock_gettime on a virtual machine, and within microseconds of it (the
 * scale is measured between readings; a reading that disagrees with the scale, when the
 * clock was set or slewed hard, starts over from itself). Elsewhere, and until the scale is
 * known (the first millisecond or so of logging), it is clock_gettime. Any thread; on a thread
 * given a clock of its own (parra_log_route_set_thread_clock), that clock's time.
 */
double parra_log_route_wall_clock(void);

/**
 * Makes parra_log_route_wall_clock read `*seconds` on the calling thread, and on no other, until
 * it is called again; NULL restores the wall clock. For tests, which move the time themselves
 * instead of waiting for it to pass: `seconds` stays the caller's, and must outlive its use.
 */
void parra_log_route_set_thread_clock(const double *seconds);

#endif
