#define _GNU_SOURCE
#include "parra_wall_clock.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#define PARRA_HAS_TSC 1
#else
#define PARRA_HAS_TSC 0
#endif

/* The scale in use: CLOCK_REALTIME was `seconds` when the counter read `tsc`, and the
 * counter advances `mult / 2^32` nanoseconds (`tick` seconds) a tick; `refresh` is the ticks
 * after which it is measured again (about 64 ms), 0 while there is no scale. Readers take it
 * under `sequence` (a sequence lock: odd while it is being written, and readers who see that,
 * or a change, read the clock itself); one thread at a time writes it, the one that takes
 * `calibration.updating`. Read on every log call and written every 64 ms: on a cache line of
 * its own, away from whatever other code writes often. */
static struct {
    _Alignas(64) uint32_t sequence;
    uint64_t tsc;
    double seconds;
    double tick;
    uint64_t mult;
    uint64_t refresh;
} epoch;

/* What the thread that took `updating` measures the next scale from: the last reading kept.
 * `usable` is 1 when the kernel's clocksource is the counter, -1 when not, 0 before anyone
 * looked. */
static struct {
    _Alignas(64) uint32_t updating;
    int32_t usable;
    uint64_t anchor_tsc;
    int64_t anchor_ns;
} calibration;

/* A reading whose clock_gettime took longer than this many ticks was interrupted: it is not
 * used for the scale (about 20 us at 3 GHz). */
#define PARRA_READING_TICKS (1u << 16)
/* The scale is measured over at least this many ticks (about 0.7 ms at 3 GHz). */
#define PARRA_CALIBRATION_TICKS (1u << 21)
/* How long an epoch serves, and how far a new scale may differ from the last (1/1024). */
#define PARRA_REFRESH_NS 64000000
#define PARRA_SCALE_TOLERANCE_SHIFT 10

static double seconds(int64_t ns) {
    int64_t whole = ns / 1000000000;
    int64_t rest = ns % 1000000000;
    if (rest < 0) {
        rest += 1000000000;
        whole -= 1;
    }
    return (double)whole + (double)rest / 1e9;
}

#if PARRA_HAS_TSC
/* Whether the kernel keeps time with the counter: then the counter runs at a constant rate,
 * in step on every processor. */
static int32_t check_usable(void) {
    FILE *file = fopen("/sys/devices/system/clocksource/clocksource0/current_clocksource", "re");
    if (file == NULL) {
        return -1;
    }
    char name[32] = {0};
    bool tsc = fgets(name, sizeof name, file) != NULL && strncmp(name, "tsc\n", 4) == 0;
    fclose(file);
    return tsc ? 1 : -1;
}

/* Reads CLOCK_REALTIME and, when the reading was quick and the counter usable, measures the
 * scale from the last reading kept and publishes a new epoch at this one. */
static double read_and_refresh(void) {
    struct timespec now;
    int32_t state = __atomic_load_n(&calibration.usable, __ATOMIC_RELAXED);
    if (state == 0) {
        state = check_usable();
        __atomic_store_n(&calibration.usable, state, __ATOMIC_RELAXED);
    }
    /* Where the counter is not the kernel's clock, every reading is clock_gettime alone. */
    if (state < 0) {
        clock_gettime(CLOCK_REALTIME, &now);
        return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
    }
    uint64_t before = __rdtsc();
    clock_gettime(CLOCK_REALTIME, &now);
    uint64_t after = __rdtsc();
    int64_t ns = (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
    if (after - before > PARRA_READING_TICKS) {
        return seconds(ns);
    }
    uint32_t free = 0;
    if (!__atomic_compare_exchange_n(&calibration.updating, &free, 1, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
        return seconds(ns);
    }
    uint64_t tsc = before + (after - before) / 2;
    uint64_t ticks = tsc - calibration.anchor_tsc;
    int64_t elapsed = ns - calibration.anchor_ns;
    if (calibration.anchor_tsc != 0 && tsc > calibration.anchor_tsc && ticks >= PARRA_CALIBRATION_TICKS) {
        uint64_t mult = elapsed > 0 ? (uint64_t)(((unsigned __int128)elapsed << 32) / ticks) : 0;
        uint64_t current = epoch.mult;
        uint64_t difference = mult > current ? mult - current : current - mult;
        /* A counter between about 60 MHz and 16 GHz, and (once there is a scale) within
         * 1/1024 of the last scale: NTP slews by 1/2000 at most. Anything else means the
         * clock was set between the readings: the fast path stops until the scale has been
         * measured afresh from this reading. */
        bool plausible = mult >= (UINT64_C(1) << 28) && mult <= (UINT64_C(1) << 36);
        bool agrees = current == 0 || difference <= (current >> PARRA_SCALE_TOLERANCE_SHIFT);
        if (!plausible || !agrees) {
            mult = 0;
        }
        uint32_t start = __atomic_load_n(&epoch.sequence, __ATOMIC_RELAXED);
        __atomic_store_n(&epoch.sequence, start + 1, __ATOMIC_RELAXED);
        __atomic_thread_fence(__ATOMIC_RELEASE);
        double at = seconds(ns);
        double tick = (double)mult / 4294967296.0 / 1e9;
        __atomic_store_n(&epoch.tsc, tsc, __ATOMIC_RELAXED);
        __atomic_store(&epoch.seconds, &at, __ATOMIC_RELAXED);
        __atomic_store(&epoch.tick, &tick, __ATOMIC_RELAXED);
        __atomic_store_n(&epoch.mult, mult, __ATOMIC_RELAXED);
        __atomic_store_n(
            &epoch.refresh, mult == 0 ? 0 : ((uint64_t)PARRA_REFRESH_NS << 32) / mult, __ATOMIC_RELAXED);
        __atomic_store_n(&epoch.sequence, start + 2, __ATOMIC_RELEASE);
    }
    if (calibration.anchor_tsc == 0 || ticks >= PARRA_CALIBRATION_TICKS || tsc < calibration.anchor_tsc) {
        calibration.anchor_tsc = tsc;
        calibration.anchor_ns = ns;
    }
    __atomic_store_n(&calibration.updating, 0, __ATOMIC_RELEASE);
    return seconds(ns);
}
#endif

/* The calling thread's own clock, set by tests; NULL everywhere else. */
static _Thread_local const double *thread_clock;

void parra_log_route_set_thread_clock(const double *seconds) { thread_clock = seconds; }

double parra_log_route_wall_clock(void) {
    if (__builtin_expect(thread_clock != NULL, 0)) {
        return *thread_clock;
    }
#if PARRA_HAS_TSC
    uint32_t start = __atomic_load_n(&epoch.sequence, __ATOMIC_ACQUIRE);
    uint64_t base = __atomic_load_n(&epoch.tsc, __ATOMIC_RELAXED);
    uint64_t refresh = __atomic_load_n(&epoch.refresh, __ATOMIC_RELAXED);
    double at;
    double tick;
    __atomic_load(&epoch.seconds, &at, __ATOMIC_RELAXED);
    __atomic_load(&epoch.tick, &tick, __ATOMIC_RELAXED);
    uint64_t tsc = __rdtsc();
    __atomic_thread_fence(__ATOMIC_ACQUIRE);
    uint64_t ticks = tsc - base;
    /* refresh is 0 while there is no scale. */
    if ((start & 1) == 0 && __atomic_load_n(&epoch.sequence, __ATOMIC_RELAXED) == start && tsc >= base && ticks < refresh) {
        return at + (double)(int64_t)ticks * tick;
    }
    return read_and_refresh();
#else
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
#endif
}
