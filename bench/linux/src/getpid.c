/* getpid: the cheapest real system call, made through syscall(2) so that no libc cache answers it. */
#define _GNU_SOURCE
#include <sys/syscall.h>
#include <unistd.h>

#include "bench.h"

enum { GETPID_BATCH = 10000 };

static void batch(void *context, unsigned long ops)
{
    (void)context;
    for (unsigned long i = 0; i < ops; i++) syscall(SYS_getpid);
}

void case_getpid(void)
{
    bench_measure("getpid", GETPID_BATCH, batch, NULL);
}
