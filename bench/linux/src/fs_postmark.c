/* postmark on Linux: the postmark app's PostMark (src/Apps/PostMark/Program.cs) through system calls on vfat. The
 * steps come from the same generator (postmark_workload.c, the port of PostMarkWorkload.cs); each file is written
 * with the same pattern in `block`-byte requests and every read checks it. One untimed warm-up run, then bench_reps
 * timed runs; a run's figure is its transactions over the time of its transaction phase, on the ISA's counter, and
 * everything is synced after each run, outside the timing, as the app flushes. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bench.h"
#include "counter.h"
#include "fs_bench.h"
#include "postmark_workload.h"

#define FOLDER FS_MOUNT_POINT "/postmark"

struct counts {
    int created, read, appended, deleted;
};

static void wrong(const char *path, const char *what)
{
    char message[256];
    snprintf(message, sizeof message, "%s %s (PostMark wrote it otherwise)", path, what);
    errno = 0;
    bench_fail("postmark", message);
}

static void write_pattern(int fd, const char *path, int file, int offset, int length, unsigned char *buffer, int block)
{
    for (int done = 0; done < length;) {
        int count = length - done < block ? length - done : block;
        for (int i = 0; i < count; i++) buffer[i] = pm_pattern(file, offset + done + i);
        if (pwrite(fd, buffer, (size_t)count, offset + done) != count) bench_fail("postmark: write", path);
        done += count;
    }
}

static long read_checked(int fd, const char *path, int file, unsigned char *buffer, int block)
{
    long offset = 0;
    for (;;) {
        ssize_t count = read(fd, buffer, (size_t)block);
        if (count < 0) bench_fail("postmark: read", path);
        if (count == 0) return offset;
        for (ssize_t i = 0; i < count; i++)
            if (buffer[i] != pm_pattern(file, (int)(offset + i))) wrong(path, "holds the wrong byte");
        offset += count;
    }
}

static off_t length_of(int fd, const char *path)
{
    struct stat st;
    if (fstat(fd, &st) != 0) bench_fail("postmark: fstat", path);
    return st.st_size;
}

static void apply(const struct pm_step *step, unsigned char *buffer, int block, struct counts *counts)
{
    char path[64];
    snprintf(path, sizeof path, FOLDER "/f%d", step->file);
    int fd;
    switch (step->operation) {
    case PM_CREATE:
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd < 0) bench_fail("postmark: create", path);
        write_pattern(fd, path, step->file, 0, step->length, buffer, block);
        close(fd);
        counts->created++;
        break;
    case PM_APPEND:
        fd = open(path, O_WRONLY);
        if (fd < 0) bench_fail("postmark: open", path);
        if (length_of(fd, path) != step->offset) wrong(path, "has the wrong length before an append");
        write_pattern(fd, path, step->file, step->offset, step->length, buffer, block);
        close(fd);
        counts->appended++;
        break;
    case PM_READ:
        fd = open(path, O_RDONLY);
        if (fd < 0) bench_fail("postmark: open", path);
        if (length_of(fd, path) != step->length) wrong(path, "has the wrong length");
        if (read_checked(fd, path, step->file, buffer, block) != step->length) wrong(path, "gave the wrong number of bytes");
        close(fd);
        counts->read++;
        break;
    case PM_DELETE:
        if (unlink(path) != 0) bench_fail("postmark: unlink", path);
        counts->deleted++;
        break;
    }
}

/* One whole run; returns the nanoseconds (instructions) of its transaction phase. */
static uint64_t run_once(const struct fs_settings *s, unsigned char *buffer, struct counts *counts)
{
    struct pm_workload workload;
    if (pm_init(&workload, s->files, s->low, s->high, s->transactions, s->seed) != 0) bench_fail("postmark", "pm_init");
    uint64_t started = 0, ended = 0;
    struct pm_step step;
    while (pm_next(&workload, &step)) {
        /* As the app: the first step not of the pool starts the clock, the first of the cleanup stops it. */
        if (started == 0 && workload.phase != PM_POOL) started = counter_read();
        if (ended == 0 && workload.phase == PM_CLEANUP) ended = counter_read();
        apply(&step, buffer, s->block, counts);
    }
    if (started == 0) started = counter_read();
    if (ended == 0) ended = counter_read();
    pm_free(&workload);
    sync();
    return counter_to_unit(ended - started);
}

void case_postmark(const struct fs_settings *s)
{
    if (mkdir(FOLDER, 0755) != 0) bench_fail("postmark", "mkdir " FOLDER);
    unsigned char *buffer = malloc((size_t)s->block);
    uint64_t *figures = calloc((size_t)bench_reps, sizeof *figures);
    if (buffer == NULL || figures == NULL) bench_fail("postmark", "malloc");
    struct counts counts = { 0 };
    for (int run = -1; run < bench_reps; run++) {
        counts = (struct counts){ 0 };
        uint64_t units = run_once(s, buffer, &counts);
        if (run >= 0) figures[run] = fs_per_second((uint64_t)s->transactions, units);
    }
    if (rmdir(FOLDER) != 0) bench_fail("postmark", "rmdir " FOLDER);
    sync();
    char extra[256];
    snprintf(extra, sizeof extra, " files=%d low=%d high=%d transactions=%d seed=%llu block=%d created=%d read=%d appended=%d deleted=%d",
             s->files, s->low, s->high, s->transactions, (unsigned long long)s->seed, s->block, counts.created, counts.read,
             counts.appended, counts.deleted);
    fs_report_rate("postmark", "tx_per_s", figures, bench_reps, extra);
    free(figures);
    free(buffer);
}
