/* The C port of src/Apps/PostMark/PostMarkWorkload.cs, line for line where it matters: the random numbers
 * (splitmix64 of the seed, then xorshift64*), the order in which they are drawn, and the live list's bookkeeping. */
#include <errno.h>
#include <stdlib.h>

#include "postmark_workload.h"

enum { READ_BIAS = 5, CREATE_BIAS = 5 };

int pm_init(struct pm_workload *w, int files, int low, int high, int transactions, uint64_t seed)
{
    if (files < 0 || transactions < 0 || low < 0 || high < low) {
        errno = EINVAL;
        return -1;
    }
    *w = (struct pm_workload){ .files = files, .low = low, .high = high, .transactions = transactions,
                               .read_bias = READ_BIAS, .create_bias = CREATE_BIAS, .phase = PM_POOL };
    size_t numbers = (size_t)files + (size_t)transactions;
    w->live = calloc(numbers + 1, sizeof *w->live);
    w->size = calloc(numbers + 1, sizeof *w->size);
    if (w->live == NULL || w->size == NULL) {
        pm_free(w);
        errno = ENOMEM;
        return -1;
    }
    uint64_t mixed = seed + 0x9E3779B97F4A7C15ull;
    mixed = (mixed ^ (mixed >> 30)) * 0xBF58476D1CE4E5B9ull;
    mixed = (mixed ^ (mixed >> 27)) * 0x94D049BB133111EBull;
    mixed ^= mixed >> 31;
    w->state = mixed == 0 ? 1 : mixed;   /* xorshift's state must never be zero */
    return 0;
}

void pm_free(struct pm_workload *w)
{
    free(w->live);
    free(w->size);
    w->live = w->size = NULL;
}

unsigned char pm_pattern(int file, int offset)
{
    /* Unsigned: C#'s int arithmetic wraps, C's signed overflow is undefined; the low byte is the same. */
    unsigned f = (unsigned)file, o = (unsigned)offset;
    return (unsigned char)(f * 131u + o + (o >> 8) * 7u);
}

static uint64_t below(struct pm_workload *w, uint64_t n)
{
    w->state ^= w->state >> 12;
    w->state ^= w->state << 25;
    w->state ^= w->state >> 27;
    return w->state * 0x2545F4914F6CDD1Dull % n;
}

static int between(struct pm_workload *w, int low, int high)
{
    return low + (int)below(w, (uint64_t)(high - low) + 1);
}

static struct pm_step create(struct pm_workload *w)
{
    int file = w->created++;
    w->size[file] = between(w, w->low, w->high);
    w->live[w->live_count++] = file;
    return (struct pm_step){ PM_CREATE, file, 0, w->size[file] };
}

static struct pm_step delete_at(struct pm_workload *w, int index)
{
    int file = w->live[index];
    w->live[index] = w->live[--w->live_count];
    return (struct pm_step){ PM_DELETE, file, 0, 0 };
}

static int read_or_append(struct pm_workload *w, struct pm_step *step)
{
    int read = below(w, 10) < (uint64_t)w->read_bias;
    if (w->live_count == 0) return 0;
    int file = w->live[below(w, (uint64_t)w->live_count)];
    if (read) {
        *step = (struct pm_step){ PM_READ, file, 0, w->size[file] };
        return 1;
    }
    int length = between(w, w->low, w->high);
    if (length > w->high - w->size[file]) length = w->high - w->size[file];
    if (length < 0) length = 0;
    *step = (struct pm_step){ PM_APPEND, file, w->size[file], length };
    w->size[file] += length;
    return 1;
}

static int create_or_delete(struct pm_workload *w, struct pm_step *step)
{
    if (below(w, 10) < (uint64_t)w->create_bias) {
        *step = create(w);
        return 1;
    }
    if (w->live_count == 0) return 0;
    *step = delete_at(w, (int)below(w, (uint64_t)w->live_count));
    return 1;
}

int pm_next(struct pm_workload *w, struct pm_step *step)
{
    for (;;) {
        switch (w->phase) {
        case PM_POOL:
            if (w->created < w->files) {
                *step = create(w);
                return 1;
            }
            w->phase = PM_TRANSACTIONS;
            break;
        case PM_TRANSACTIONS: {
            if (w->transaction >= w->transactions) {
                w->phase = PM_CLEANUP;
                break;
            }
            int produced = w->second_half ? create_or_delete(w, step) : read_or_append(w, step);
            if (w->second_half) w->transaction++;
            w->second_half = !w->second_half;
            if (produced) return 1;
            break;
        }
        case PM_CLEANUP:
            if (w->live_count > 0) {
                *step = delete_at(w, w->live_count - 1);
                return 1;
            }
            w->phase = PM_DONE;
            break;
        default:
            return 0;
        }
    }
}
