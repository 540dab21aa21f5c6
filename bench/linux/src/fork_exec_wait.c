/* fork_exec_wait: fork, exec of /bin/tiny (a static program whose only instruction that matters is exit_group, see
 * tiny.c), and waitpid for it. One operation is one whole process life, from fork to the parent's return from wait. */
#define _GNU_SOURCE
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"

enum { FORK_BATCH = 50 };

static void batch(void *context, unsigned long ops)
{
    (void)context;
    static char *const argv[] = { "/bin/tiny", NULL };
    static char *const envp[] = { NULL };
    for (unsigned long i = 0; i < ops; i++) {
        pid_t child = fork();
        if (child < 0) bench_fail("fork_exec_wait", "fork");
        if (child == 0) {
            execve(argv[0], argv, envp);
            _exit(127);
        }
        int status;
        if (waitpid(child, &status, 0) != child) bench_fail("fork_exec_wait", "waitpid");
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) bench_fail("fork_exec_wait", "/bin/tiny did not exit with 0");
    }
}

void case_fork_exec_wait(void)
{
    bench_measure("fork_exec_wait", FORK_BATCH, batch, NULL);
}
