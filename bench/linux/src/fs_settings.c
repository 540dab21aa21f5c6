/* The fs suite's settings, as the postmark app reads them: name=value, whole numbers. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "fs_bench.h"

int fs_settings_parse(struct fs_settings *s, const char *argument)
{
    const char *equals = strchr(argument, '=');
    if (equals == NULL || equals == argument || equals[1] == '\0') return 0;
    char *end;
    errno = 0;
    unsigned long long value = strtoull(equals + 1, &end, 10);
    if (*end != '\0' || errno != 0 || value > 0x7fffffffull) return 0;
    size_t length = (size_t)(equals - argument);
    struct { const char *name; int *field; } fields[] = {
        { "files", &s->files }, { "low", &s->low }, { "high", &s->high }, { "transactions", &s->transactions },
        { "block", &s->block }, { "seq-mib", &s->seq_mib }, { "seq-block", &s->seq_block },
    };
    if (length == 4 && strncmp(argument, "seed", 4) == 0) {
        s->seed = value;
        return 1;
    }
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        if (strlen(fields[i].name) == length && strncmp(argument, fields[i].name, length) == 0) {
            *fields[i].field = (int)value;
            return 1;
        }
    return 0;
}

const char *fs_settings_problem(const struct fs_settings *s)
{
    /* The postmark app's own limits (its Settings.Parse), so both sides refuse the same settings. */
    if (s->high < s->low) return "high is below low";
    if (s->block < 1 || s->block > 65536 || s->seq_block < 1 || s->seq_block > 65536) return "block sizes must be 1 to 65536 bytes";
    if (s->transactions < 1) return "transactions must be at least 1";
    if (s->seq_mib > 1024) return "seq-mib is at most 1024";
    return NULL;
}
