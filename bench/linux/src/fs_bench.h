/* The file system suite (`--suite fs`): PostMark and a sequential read on Linux's vfat, on the benchmark machine's
 * virtio disk, the same work as Helios's postmark app (src/Apps/PostMark/Program.cs) with the same settings. */
#ifndef BENCH_FS_BENCH_H
#define BENCH_FS_BENCH_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The postmark app's settings, with its defaults; repetitions come from --reps (bench_reps). */
struct fs_settings {
    int files, low, high, transactions, block, seq_mib, seq_block;
    uint64_t seed;
};

#define FS_SETTINGS_DEFAULT { .files = 100, .low = 512, .high = 10000, .transactions = 500, .block = 512, \
                              .seq_mib = 16, .seq_block = 16384, .seed = 42 }

/* Where the disk is mounted. */
#define FS_MOUNT_POINT "/mnt"

/* Takes one "name=value" argument into the settings: 1, or 0 when it is not a setting. */
int fs_settings_parse(struct fs_settings *settings, const char *argument);

/* Why the settings cannot be run, or NULL. */
const char *fs_settings_problem(const struct fs_settings *settings);

/* Loads the disk's and vfat's modules (listed in /lib/modules/load-order), mounts devtmpfs and the disk's vfat. */
void fs_mount(void);

/* Unmounts the disk, so that everything is on it when the machine powers off. */
void fs_unmount(void);

void case_postmark(const struct fs_settings *settings);
void case_seq_read(const struct fs_settings *settings);

/* `count` things done in `units` nanoseconds (instructions under -icount), per second, rounded. */
uint64_t fs_per_second(uint64_t count, uint64_t units);

/* Sorts figures from the smallest up. */
void fs_sort(uint64_t *figures, int count);

/* The methodology's line for a rate: the median (the lower middle one for an even count) and the smallest, the
 * slowest run. Sorts `figures`. */
void fs_report_rate(const char *name, const char *unit, uint64_t *figures, int count, const char *extra);

#ifdef __cplusplus
}
#endif

#endif
