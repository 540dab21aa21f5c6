/* pipe_pingpong_<size>: two processes on one CPU send a message of <size> bytes back and forth over a pair of pipes.
 * One operation is one round trip: the parent writes <size> bytes and reads <size> bytes back; the child (forked once
 * per size, alive for the whole case) reads them and writes them back. */
#define _GNU_SOURCE
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"

struct pipes {
    int to_child;
    int from_child;
    size_t size;
};

static char buffer[65536];

/* 0 on success, -1 on error, 1 on end of file before the first byte. */
static int read_all(int fd, char *data, size_t size)
{
    for (size_t got = 0; got < size;) {
        ssize_t n = read(fd, data + got, size - got);
        if (n < 0) return -1;
        if (n == 0) return got == 0 ? 1 : -1;
        got += (size_t)n;
    }
    return 0;
}

static int write_all(int fd, const char *data, size_t size)
{
    for (size_t put = 0; put < size;) {
        ssize_t n = write(fd, data + put, size - put);
        if (n <= 0) return -1;
        put += (size_t)n;
    }
    return 0;
}

static void batch(void *context, unsigned long ops)
{
    struct pipes *p = context;
    for (unsigned long i = 0; i < ops; i++) {
        if (write_all(p->to_child, buffer, p->size) != 0) bench_fail("pipe_pingpong", "write");
        if (read_all(p->from_child, buffer, p->size) != 0) bench_fail("pipe_pingpong", "read");
    }
}

static void echo(int in, int out, size_t size)
{
    for (;;) {
        int r = read_all(in, buffer, size);
        if (r == 1) _exit(0);
        if (r != 0 || write_all(out, buffer, size) != 0) _exit(1);
    }
}

static void run(size_t size, unsigned long ops)
{
    int down[2], up[2];
    if (pipe(down) != 0 || pipe(up) != 0) bench_fail("pipe_pingpong", "pipe");
    pid_t child = fork();
    if (child < 0) bench_fail("pipe_pingpong", "fork");
    if (child == 0) {
        close(down[1]);
        close(up[0]);
        echo(down[0], up[1], size);
    }
    close(down[0]);
    close(up[1]);

    char name[32];
    snprintf(name, sizeof name, "pipe_pingpong_%zu", size);
    struct pipes p = { .to_child = down[1], .from_child = up[0], .size = size };
    bench_measure(name, ops, batch, &p);

    close(down[1]);   /* end of file: the child exits */
    int status;
    if (waitpid(child, &status, 0) != child || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        bench_fail(name, "echo child failed");
    close(up[0]);
}

void case_pipe_pingpong(void)
{
    run(1, 1000);
    run(4096, 500);
    run(65536, 100);
}
