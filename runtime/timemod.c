/* timemod.c — the module time: CPython's clocks (time() is CLOCK_REALTIME,
 * perf_counter() and monotonic() CLOCK_MONOTONIC, process_time() the
 * process's CPU clock) and sleep() with its errors. Float results are the
 * nanosecond count divided by 1e9, as CPython's _PyTime_AsSecondsDouble. */
#include "kilnrt.h"

#include <errno.h>
#include <math.h>
#include <time.h>

static int64_t ns_of(clockid_t clock) {
  struct timespec ts;
  clock_gettime(clock, &ts);
  return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static double seconds(int64_t ns) {
  if (ns % 1000000000 == 0)
    return (double)(ns / 1000000000);
  return (double)ns / 1e9;
}

double kr_time_time(void) { return seconds(ns_of(CLOCK_REALTIME)); }
int64_t kr_time_time_ns(void) { return ns_of(CLOCK_REALTIME); }
double kr_time_perf_counter(void) { return seconds(ns_of(CLOCK_MONOTONIC)); }
int64_t kr_time_perf_counter_ns(void) { return ns_of(CLOCK_MONOTONIC); }
double kr_time_monotonic(void) { return seconds(ns_of(CLOCK_MONOTONIC)); }
int64_t kr_time_monotonic_ns(void) { return ns_of(CLOCK_MONOTONIC); }
double kr_time_process_time(void) { return seconds(ns_of(CLOCK_PROCESS_CPUTIME_ID)); }

void kr_time_sleep(double secs) {
  if (isnan(secs)) {
    kr_raise(&kr_ValueError_type, "Invalid value NaN (not a number)");
    return;
  }
  if (secs < 0) {
    kr_raise(&kr_ValueError_type, "sleep length must be non-negative");
    return;
  }
  if (secs > 9e18 / 1e9) {
    kr_raise(&kr_OverflowError_type, "timestamp too large to convert to C _PyTime_t");
    return;
  }
  struct timespec ts = {(time_t)secs, (long)((secs - floor(secs)) * 1e9)};
  while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
    ;
}
