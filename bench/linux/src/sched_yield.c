/* sched_yield: two threads on one CPU each yield in a loop, so every yield switches to the other thread.
 * A batch of N operations is N yields in all, N/2 by each thread; the helper thread lives for the whole case and is
 * started per batch through a futex (that start and the final join are inside the batch, amortised over N). */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>

#include "bench.h"
#include "futex.h"

enum { YIELD_BATCH = 2000 };

struct yielders {
    atomic_uint start;      /* bumped to start a batch in the helper */
    atomic_uint done;       /* bumped by the helper when its half of the batch is done */
    atomic_uint quit;
    unsigned long per_thread;
};

static void *helper(void *argument)
{
    struct yielders *y = argument;
    unsigned seen = 0;
    for (;;) {
        futex_wait_while(&y->start, seen);
        seen = atomic_load(&y->start);
        if (atomic_load(&y->quit)) return NULL;
        for (unsigned long i = 0; i < y->per_thread; i++) sched_yield();
        atomic_fetch_add(&y->done, 1);
        futex_wake(&y->done);
    }
}

static void batch(void *context, unsigned long ops)
{
    struct yielders *y = context;
    y->per_thread = ops / 2;
    unsigned done = atomic_load(&y->done);
    atomic_fetch_add(&y->start, 1);
    futex_wake(&y->start);
    for (unsigned long i = 0; i < ops / 2; i++) sched_yield();
    futex_wait_while(&y->done, done);
}

void case_sched_yield(void)
{
    static struct yielders y;
    pthread_t thread;
    if (pthread_create(&thread, NULL, helper, &y) != 0) bench_fail("sched_yield", "pthread_create");
    bench_measure("sched_yield", YIELD_BATCH, batch, &y);
    atomic_store(&y.quit, 1);
    atomic_fetch_add(&y.start, 1);
    futex_wake(&y.start);
    pthread_join(thread, NULL);
}
