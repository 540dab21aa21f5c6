/* PostMark's workload as a sequence of steps, with no file system in it: the C port of
 * src/Apps/PostMark/PostMarkWorkload.cs, which is the definition (its header lists every decision a port must make the
 * same way). Same configuration and seed, same steps: tests/Helios.Tests/Bench/PostMarkPortTests.cs compiles this file
 * on the host and compares its steps with the C# generator's. */
#ifndef BENCH_POSTMARK_WORKLOAD_H
#define BENCH_POSTMARK_WORKLOAD_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum pm_operation { PM_CREATE, PM_READ, PM_APPEND, PM_DELETE };

enum pm_phase { PM_POOL, PM_TRANSACTIONS, PM_CLEANUP, PM_DONE };

/* file: the file's number; offset: an append's file length before it, else 0; length: a create's size, an append's
 * bytes, a read's file size, 0 for a delete. */
struct pm_step {
    enum pm_operation operation;
    int file;
    int offset;
    int length;
};

struct pm_workload {
    int files, low, high, transactions, read_bias, create_bias;
    int *live;   /* the live files' numbers; a deletion moves the last entry into the hole */
    int *size;   /* per file number, its current length */
    int live_count, created, transaction, second_half;
    uint64_t state;
    enum pm_phase phase;
};

/* PostMark's biases (out of 10), as the app runs it. Returns 0, or -1 (errno set) for a bad configuration or no memory. */
int pm_init(struct pm_workload *w, int files, int low, int high, int transactions, uint64_t seed);

void pm_free(struct pm_workload *w);

/* The next step into *step: 1, or 0 once everything has been deleted. w->phase is the phase of the step returned. */
int pm_next(struct pm_workload *w, struct pm_step *step);

/* The byte at `offset` of file `file`: what is written and what a read must find (PostMarkWorkload.Pattern). */
unsigned char pm_pattern(int file, int offset);

#ifdef __cplusplus
}
#endif

#endif
