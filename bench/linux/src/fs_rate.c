/* Rates for the fs suite, as the postmark app computes and reports them (src/Apps/PostMark/Program.cs). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "fs_bench.h"

uint64_t fs_per_second(uint64_t count, uint64_t units)
{
    if (units == 0) units = 1;
    return (uint64_t)(((unsigned __int128)count * 1000000000u + units / 2) / units);
}

static int compare_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

void fs_sort(uint64_t *figures, int count)
{
    qsort(figures, (size_t)count, sizeof *figures, compare_u64);
}

void fs_report_rate(const char *name, const char *unit, uint64_t *figures, int count, const char *extra)
{
    fs_sort(figures, count);
    printf("RESULT name=%s unit=%s median=%" PRIu64 " min=%" PRIu64 " iters=%d%s\n", name, unit, figures[(count - 1) / 2],
           figures[0], count, extra);
    fflush(stdout);
}
