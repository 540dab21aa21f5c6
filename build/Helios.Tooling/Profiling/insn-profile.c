/*
 * A QEMU TCG plugin for `./helios bench ... --profile` (docs/benchmarking.md, "Where the instructions go"): counts the
 * guest instructions each vCPU executes in each translated block, inside windows that open when a vCPU enters one of
 * the start addresses and close when one enters the stop address (the bench image's Measure.Run/RunDifference and
 * Measure.Report), and writes every window's counts to the output file when it closes, numbered by how many times the
 * stop address had been entered before (a Report without a window before it, as timer_irq's, takes a number too, so
 * window n is the n-th RESULT line Measure.Report printed):
 *
 *     window <n>
 *     <vcpu> <block address, hex> <instructions in the block> <times executed>
 *
 * Under -icount all vCPUs run in one thread, so the counts need no atomics. Only the plugin API of QEMU 7.2 (version 1)
 * is used, declared here: Debian's QEMU ships no plugin header.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>

typedef uint64_t qemu_plugin_id_t;
struct qemu_plugin_tb;
enum qemu_plugin_cb_flags { QEMU_PLUGIN_CB_NO_REGS, QEMU_PLUGIN_CB_R_REGS, QEMU_PLUGIN_CB_RW_REGS };
void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id, void (*cb)(qemu_plugin_id_t, struct qemu_plugin_tb *));
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);
void qemu_plugin_register_vcpu_tb_exec_cb(struct qemu_plugin_tb *tb, void (*cb)(unsigned int, void *),
                                          enum qemu_plugin_cb_flags flags, void *userdata);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, void (*cb)(qemu_plugin_id_t, void *), void *userdata);

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

#define MAX_CPUS 64
#define MAX_STARTS 8
#define TABLE_BITS 20

typedef struct Block {
    uint64_t pc;
    uint32_t insns;
    uint64_t count[MAX_CPUS];
    struct Block *next_used;    /* blocks executed in the open window, to write and reset when it closes */
    int used;
} Block;

static Block *table[1 << TABLE_BITS];
static uint64_t keys[1 << TABLE_BITS];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t starts[MAX_STARTS];
static int start_count;
static uint64_t stop;
static int open_window, stops;
static Block *used;
static FILE *out;

static void close_window(void)
{
    fprintf(out, "window %d\n", stops);
    for (Block *b = used; b; ) {
        Block *next = b->next_used;
        for (int c = 0; c < MAX_CPUS; c++)
            if (b->count[c]) fprintf(out, "%d %llx %u %llu\n", c, (unsigned long long)b->pc, b->insns, (unsigned long long)b->count[c]);
        memset(b->count, 0, sizeof b->count);
        b->used = 0;
        b->next_used = NULL;
        b = next;
    }
    used = NULL;
    fflush(out);
    open_window = 0;
}

static void on_exec(unsigned int cpu, void *data)
{
    Block *b = data;
    if (b->pc == stop) {
        if (open_window) close_window();
        stops++;
        return;
    }
    if (!open_window) {
        for (int i = 0; i < start_count; i++)
            if (b->pc == starts[i]) open_window = 1;
        if (!open_window) return;
    }
    if (cpu >= MAX_CPUS) return;
    if (!b->used) {
        b->used = 1;
        b->next_used = used;
        used = b;
    }
    b->count[cpu]++;
}

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    uint64_t pc = qemu_plugin_tb_vaddr(tb);
    uint32_t insns = (uint32_t)qemu_plugin_tb_n_insns(tb);
    uint64_t key = pc ^ ((uint64_t)insns << 56);     /* a block retranslated with another length is another block */
    pthread_mutex_lock(&lock);
    uint64_t h = (key * 0x9E3779B97F4A7C15ull) >> (64 - TABLE_BITS);
    Block *b = NULL;
    for (;; h = (h + 1) & ((1 << TABLE_BITS) - 1)) {
        if (!table[h]) break;
        if (keys[h] == key) { b = table[h]; break; }
    }
    if (!b) {
        b = calloc(1, sizeof *b);
        b->pc = pc;
        b->insns = insns;
        table[h] = b;
        keys[h] = key;
    }
    pthread_mutex_unlock(&lock);
    qemu_plugin_register_vcpu_tb_exec_cb(tb, on_exec, QEMU_PLUGIN_CB_NO_REGS, b);
}

static void at_qemu_exit(qemu_plugin_id_t id, void *data)
{
    if (open_window) close_window();
    fclose(out);
}

/* Arguments: out=<file>, start=<hex>[:<hex>...], stop=<hex>. */
__attribute__((visibility("default")))
int qemu_plugin_install(qemu_plugin_id_t id, const void *info, int argc, char **argv)
{
    const char *path = NULL;
    for (int i = 0; i < argc; i++) {
        if (!strncmp(argv[i], "out=", 4)) path = argv[i] + 4;
        else if (!strncmp(argv[i], "stop=", 5)) stop = strtoull(argv[i] + 5, NULL, 16);
        else if (!strncmp(argv[i], "start=", 6)) {
            for (char *at = argv[i] + 6; *at && start_count < MAX_STARTS; ) {
                starts[start_count++] = strtoull(at, &at, 16);
                if (*at == ':') at++;
            }
        } else {
            fprintf(stderr, "insn-profile: unknown argument %s\n", argv[i]);
            return -1;
        }
    }
    if (!path || !start_count || !stop) {
        fprintf(stderr, "insn-profile: needs out=, start= and stop=\n");
        return -1;
    }
    out = fopen(path, "w");
    if (!out) {
        fprintf(stderr, "insn-profile: cannot write %s\n", path);
        return -1;
    }
    qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
    qemu_plugin_register_atexit_cb(id, at_qemu_exit, NULL);
    return 0;
}
