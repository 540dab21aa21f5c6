/* What every benchmark case shares: the measurement loop, the report, and failing loudly. */
#ifndef BENCH_BENCH_H
#define BENCH_BENCH_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Runs one batch of the case's work; `ops` is how many operations the figure is divided by. */
typedef void (*batch_fn)(void *context, unsigned long ops);

/* Warm-up batch, then `bench_reps` timed batches of `ops` operations; prints the case's RESULT line. */
void bench_measure(const char *name, unsigned long ops, batch_fn batch, void *context);

/* Repetitions after the warm-up (from `--reps N` on the command line, at least 11). */
extern int bench_reps;

/* Prints "BENCH-ERROR <case>: <what>: <errno text>", then the failed end marker, and powers off. */
void bench_fail(const char *where, const char *what) __attribute__((noreturn));

/* Pins the calling thread (and so everything it creates later) to CPU `cpu`. */
void bench_pin(int cpu);

/* The cases. Each one calls bench_measure once per figure it reports. */
void case_getpid(void);
void case_sched_yield(void);
void case_futex_pingpong(void);
void case_throw_catch(void);
void case_pipe_pingpong(void);
void case_fork_exec_wait(void);

#ifdef __cplusplus
}
#endif

#endif
