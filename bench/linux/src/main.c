/* /init of the Linux comparison initramfs: runs every case of one suite on CPU 0, prints one RESULT line per figure,
 * then the end marker, and powers the machine off so QEMU exits. Arguments come from the kernel command line after
 * "--": --reps N (repetitions after the warm-up, at least 11), --suite kernel|fs (kernel by default), and for the fs
 * suite the postmark app's name=value settings (fs_settings.c). */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/reboot.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "bench.h"
#include "fs_bench.h"

static int fs_suite;
static struct fs_settings settings = FS_SETTINGS_DEFAULT;

static void parse_arguments(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc) {
            char *end;
            long reps = strtol(argv[++i], &end, 10);
            if (*end != '\0' || reps < 11 || reps > 100000) {
                errno = EINVAL;
                bench_fail("arguments", "--reps must be a whole number from 11 to 100000");
            }
            bench_reps = (int)reps;
        } else if (strcmp(argv[i], "--suite") == 0 && i + 1 < argc) {
            i++;
            if (strcmp(argv[i], "fs") != 0 && strcmp(argv[i], "kernel") != 0) {
                errno = EINVAL;
                bench_fail("arguments", "--suite must be kernel or fs");
            }
            fs_suite = strcmp(argv[i], "fs") == 0;
        } else if (!fs_settings_parse(&settings, argv[i])) {
            errno = EINVAL;
            bench_fail("arguments", argv[i]);
        }
    }
}

int main(int argc, char **argv)
{
    parse_arguments(argc, argv);
    struct utsname name;
    uname(&name);
    printf("BENCH-START linux %s %s %s cpus=%ld reps=%d suite=%s\n", name.release, name.version, name.machine,
           sysconf(_SC_NPROCESSORS_ONLN), bench_reps, fs_suite ? "fs" : "kernel");
    fflush(stdout);

    /* Everything (threads, forked processes) inherits the pinning: every case runs on CPU 0. */
    bench_pin(0);

    if (fs_suite) {
        const char *problem = fs_settings_problem(&settings);
        if (problem != NULL) {
            errno = EINVAL;
            bench_fail("arguments", problem);
        }
        fs_mount();
        case_postmark(&settings);
        case_seq_read(&settings);
        fs_unmount();
    } else {
        case_sched_yield();
        case_futex_pingpong();
        case_getpid();
        case_throw_catch();
        case_pipe_pingpong();
        case_fork_exec_wait();
    }

    printf("BENCH-END ok\n");
    fflush(stdout);
    if (getpid() == 1) {
        sync();
        reboot(RB_POWER_OFF);
        bench_fail("end", "reboot(RB_POWER_OFF)");
    }
    return 0;
}
