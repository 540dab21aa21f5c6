/* futex_pingpong: two threads on one CPU hand a turn back and forth through one futex word. One operation is one
 * one-way hand-off (the running thread passes the turn, wakes the other and blocks until the turn comes back), so a
 * batch of N operations is N/2 round trips. */
#define _GNU_SOURCE
#include <pthread.h>

#include "bench.h"
#include "futex.h"

enum { FUTEX_BATCH = 2000 };

enum { MAIN_TURN = 0, HELPER_TURN = 1 };

struct pingpong {
    atomic_uint turn;
    atomic_uint quit;
};

static void *helper(void *argument)
{
    struct pingpong *p = argument;
    for (;;) {
        futex_wait_while(&p->turn, MAIN_TURN);
        if (atomic_load(&p->quit)) return NULL;
        atomic_store(&p->turn, MAIN_TURN);
        futex_wake(&p->turn);
    }
}

static void batch(void *context, unsigned long ops)
{
    struct pingpong *p = context;
    for (unsigned long i = 0; i < ops / 2; i++) {
        atomic_store(&p->turn, HELPER_TURN);
        futex_wake(&p->turn);
        futex_wait_while(&p->turn, HELPER_TURN);
    }
}

void case_futex_pingpong(void)
{
    static struct pingpong p;
    pthread_t thread;
    if (pthread_create(&thread, NULL, helper, &p) != 0) bench_fail("futex_pingpong", "pthread_create");
    bench_measure("futex_pingpong", FUTEX_BATCH, batch, &p);
    atomic_store(&p.quit, 1);
    atomic_store(&p.turn, HELPER_TURN);
    futex_wake(&p.turn);
    pthread_join(thread, NULL);
}
