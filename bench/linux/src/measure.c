/* The methodology both sides share (docs/benchmarking.md): one warm-up batch, then `bench_reps` batches of N
 * operations each; every batch gives counter units per operation (rounded to the nearest whole unit), and the
 * report is the median (the lower middle value when the count is even) and the minimum over the batches. */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/reboot.h>
#include <unistd.h>

#include "bench.h"
#include "counter.h"

int bench_reps = 11;

static int compare_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

void bench_measure(const char *name, unsigned long ops, batch_fn batch, void *context)
{
    uint64_t *per_op = calloc((size_t)bench_reps, sizeof *per_op);
    if (per_op == NULL) bench_fail(name, "calloc");

    batch(context, ops);   /* warm-up: caches of the kernel's own (page tables, slab objects, the dentry of /bin/tiny) */
    for (int rep = 0; rep < bench_reps; rep++) {
        uint64_t start = counter_read();
        batch(context, ops);
        uint64_t units = counter_to_unit(counter_read() - start);
        per_op[rep] = (units + ops / 2) / ops;
    }
    qsort(per_op, (size_t)bench_reps, sizeof *per_op, compare_u64);
    printf("RESULT name=%s unit=%s median=%llu min=%llu iters=%d\n", name, COUNTER_UNIT,
           (unsigned long long)per_op[(bench_reps - 1) / 2], (unsigned long long)per_op[0], bench_reps);
    fflush(stdout);
    free(per_op);
}

void bench_fail(const char *where, const char *what)
{
    int error = errno;
    printf("BENCH-ERROR %s: %s: %s\nBENCH-END failed\n", where, what, error != 0 ? strerror(error) : "failed");
    fflush(stdout);
    if (getpid() == 1) {
        sync();
        reboot(RB_POWER_OFF);
    }
    _exit(1);
}

void bench_pin(int cpu)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    if (sched_setaffinity(0, sizeof set, &set) != 0) bench_fail("pin", "sched_setaffinity");
}
