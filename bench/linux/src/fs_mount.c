/* The disk under Linux: Debian's kernel has virtio-pci, virtio-blk and vfat as modules, so /init loads them from the
 * initramfs (the builder copies them out of the same kernel package, in dependency order, into /lib/modules), mounts
 * devtmpfs for /dev/vda, and mounts the disk's FAT32 file system as vfat at FS_MOUNT_POINT. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "bench.h"
#include "fs_bench.h"

#define DISK "/dev/vda"

static void load_module(const char *name)
{
    char path[128];
    snprintf(path, sizeof path, "/lib/modules/%s.ko", name);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) bench_fail("fs: module", path);
    if (syscall(SYS_finit_module, fd, "", 0) != 0 && errno != EEXIST) bench_fail("fs: finit_module", path);
    close(fd);
}

void fs_mount(void)
{
    FILE *order = fopen("/lib/modules/load-order", "r");
    if (order == NULL) bench_fail("fs", "/lib/modules/load-order");
    char name[64];
    while (fscanf(order, "%63s", name) == 1) load_module(name);
    fclose(order);

    if (mkdir("/dev", 0755) != 0 && errno != EEXIST) bench_fail("fs", "mkdir /dev");
    if (mount("devtmpfs", "/dev", "devtmpfs", 0, NULL) != 0) bench_fail("fs", "mount devtmpfs on /dev");
    /* virtio-blk's probe adds the disk while its module loads; the wait is only for a slow device-node thread. */
    for (int tries = 0; access(DISK, F_OK) != 0; tries++) {
        if (tries == 100) bench_fail("fs", DISK " did not appear");
        usleep(10000);
    }
    if (mkdir(FS_MOUNT_POINT, 0755) != 0 && errno != EEXIST) bench_fail("fs", "mkdir " FS_MOUNT_POINT);
    if (mount(DISK, FS_MOUNT_POINT, "vfat", 0, NULL) != 0) bench_fail("fs", "mount " DISK " as vfat");
}

void fs_unmount(void)
{
    sync();
    if (umount(FS_MOUNT_POINT) != 0) bench_fail("fs", "umount " FS_MOUNT_POINT);
}
