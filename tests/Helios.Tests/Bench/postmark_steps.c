/* Host driver for PostMarkPortTests: prints every step of the C port of PostMark's workload
 * (bench/linux/src/postmark_workload.c) for the configuration on its command line, one "op file offset length phase"
 * line each, then the pattern bytes of a few files, so the test can compare both with the C# generator. */
#include <stdio.h>
#include <stdlib.h>

#include "postmark_workload.h"

int main(int argc, char **argv)
{
    if (argc != 6) {
        fprintf(stderr, "usage: postmark_steps files low high transactions seed\n");
        return 2;
    }
    struct pm_workload w;
    if (pm_init(&w, atoi(argv[1]), atoi(argv[2]), atoi(argv[3]), atoi(argv[4]), strtoull(argv[5], NULL, 10)) != 0) {
        perror("pm_init");
        return 1;
    }
    static const char *names[] = { "Create", "Read", "Append", "Delete" };
    struct pm_step step;
    while (pm_next(&w, &step)) printf("%s %d %d %d %d\n", names[step.operation], step.file, step.offset, step.length, (int)w.phase);
    printf("transactions %d\n", w.transaction);
    pm_free(&w);
    for (int file = 0; file < 1000100; file += 333337)
        for (int offset = 0; offset < 70000; offset += 997) printf("pattern %d %d %u\n", file, offset, pm_pattern(file, offset));
    return 0;
}
