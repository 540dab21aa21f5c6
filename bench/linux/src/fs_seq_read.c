/* seq_read_<n>m on Linux, like dd: one file of seq-mib MiB written in seq-block requests and synced, then read from
 * start to end with read(2) of seq-block bytes (the kernel's readahead makes the disk requests larger, as it does for
 * dd): a warm-up read that checks every byte, then bench_reps timed reads that do not, as the postmark app does.
 * Before every read the file's pages are dropped from the page cache (posix_fadvise DONTNEED on the synced, so clean,
 * file; checked with mincore), so each read goes to the disk, as Helios's does (its fatfs caches 256 KiB, far less
 * than the file). The open, the dropping and the close are outside the timing, as the app's open and close are. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "bench.h"
#include "counter.h"
#include "fs_bench.h"
#include "postmark_workload.h"

#define SEQUENTIAL_FILE FS_MOUNT_POINT "/postmark-seq.bin"

enum { SEQUENTIAL_NUMBER = 1000003, MIB = 1024 * 1024 };

/* Opens the file with none of its pages in the page cache: they are dropped (clean, since the file was synced), and
 * mincore on a mapping of the file checks that none is left, so a read cannot be served from memory. */
static int open_uncached(long size)
{
    int fd = open(SEQUENTIAL_FILE, O_RDONLY);
    if (fd < 0) bench_fail("seq_read: open", SEQUENTIAL_FILE);
    int error = posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
    if (error != 0) {
        errno = error;
        bench_fail("seq_read", "posix_fadvise DONTNEED");
    }
    void *map = mmap(NULL, (size_t)size, PROT_READ, MAP_SHARED, fd, 0);
    if (map == MAP_FAILED) bench_fail("seq_read", "mmap");
    long pages = (size + 4095) / 4096;
    unsigned char *resident = malloc((size_t)pages);
    if (resident == NULL) bench_fail("seq_read", "malloc");
    if (mincore(map, (size_t)size, resident) != 0) bench_fail("seq_read", "mincore");
    for (long i = 0; i < pages; i++)
        if (resident[i] & 1) {
            errno = 0;
            bench_fail("seq_read", "a page of the file stayed in the page cache after POSIX_FADV_DONTNEED");
        }
    free(resident);
    munmap(map, (size_t)size);
    return fd;
}

static long read_all(int fd, unsigned char *buffer, int block, int check)
{
    long offset = 0;
    for (;;) {
        ssize_t count = read(fd, buffer, (size_t)block);
        if (count < 0) bench_fail("seq_read: read", SEQUENTIAL_FILE);
        if (count == 0) break;
        if (check)
            for (ssize_t i = 0; i < count; i++)
                if (buffer[i] != pm_pattern(SEQUENTIAL_NUMBER, (int)(offset + i))) {
                    errno = 0;
                    bench_fail("seq_read", SEQUENTIAL_FILE " holds the wrong byte");
                }
        offset += count;
    }
    return offset;
}

void case_seq_read(const struct fs_settings *s)
{
    if (s->seq_mib <= 0) return;
    long size = (long)s->seq_mib * MIB;
    unsigned char *buffer = malloc((size_t)s->seq_block);
    uint64_t *figures = calloc((size_t)bench_reps, sizeof *figures);
    uint64_t *kib_figures = calloc((size_t)bench_reps, sizeof *kib_figures);
    if (buffer == NULL || figures == NULL || kib_figures == NULL) bench_fail("seq_read", "malloc");

    int out = open(SEQUENTIAL_FILE, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (out < 0) bench_fail("seq_read: create", SEQUENTIAL_FILE);
    for (long offset = 0; offset < size; offset += s->seq_block) {
        int count = size - offset < s->seq_block ? (int)(size - offset) : s->seq_block;
        for (int i = 0; i < count; i++) buffer[i] = pm_pattern(SEQUENTIAL_NUMBER, (int)(offset + i));
        if (pwrite(out, buffer, (size_t)count, offset) != count) bench_fail("seq_read: write", SEQUENTIAL_FILE);
    }
    if (fsync(out) != 0) bench_fail("seq_read: fsync", SEQUENTIAL_FILE);
    close(out);

    for (int run = -1; run < bench_reps; run++) {
        /* As the app: the open and close are not timed, the reads are. */
        int fd = open_uncached(size);
        uint64_t started = counter_read();
        long read = read_all(fd, buffer, s->seq_block, run < 0);
        uint64_t units = counter_to_unit(counter_read() - started);
        close(fd);
        if (read != size) {
            errno = 0;
            bench_fail("seq_read", SEQUENTIAL_FILE " gave the wrong number of bytes");
        }
        if (run >= 0) {
            figures[run] = fs_per_second((uint64_t)s->seq_mib, units);
            kib_figures[run] = fs_per_second((uint64_t)s->seq_mib * 1024u, units);
        }
    }
    if (unlink(SEQUENTIAL_FILE) != 0) bench_fail("seq_read: unlink", SEQUENTIAL_FILE);
    sync();

    fs_sort(kib_figures, bench_reps);
    char name[32], extra[128];
    snprintf(name, sizeof name, "seq_read_%dm", s->seq_mib);
    snprintf(extra, sizeof extra, " block=%d kib_per_s=%llu kib_per_s_min=%llu", s->seq_block,
             (unsigned long long)kib_figures[(bench_reps - 1) / 2], (unsigned long long)kib_figures[0]);
    fs_report_rate(name, "mib_per_s", figures, bench_reps, extra);
    free(kib_figures);
    free(figures);
    free(buffer);
}
