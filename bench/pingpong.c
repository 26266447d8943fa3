/* The floor for the referee: two processes exchanging one short line each way over pipes.
 * usage: pingpong N same|split|none  (same: both on CPU 0; split: parent on 0, child on 1) */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>

static void pin(int cpu) {
    cpu_set_t s; CPU_ZERO(&s); CPU_SET(cpu, &s);
    sched_setaffinity(0, sizeof s, &s);
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 100000;
    const char *mode = argc > 2 ? argv[2] : "none";
    int split = strcmp(mode, "split") == 0, pinned = strcmp(mode, "none") != 0;
    int down[2], up[2];
    if (pipe(down) || pipe(up)) return 1;
    pid_t pid = fork();
    if (pid == 0) {
        close(down[1]); close(up[0]);
        if (pinned) pin(split ? 1 : 0);
        FILE *in = fdopen(down[0], "r");
        char line[64];
        while (fgets(line, sizeof line, in)) {
            if (write(up[1], "1\n", 2) != 2) return 1;
        }
        return 0;
    }
    close(down[0]); close(up[1]);
    if (pinned) pin(0);
    FILE *in = fdopen(up[0], "r");
    char line[64];
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    for (long i = 0; i < n; i++) {
        if (write(down[1], "1\n", 2) != 2) return 1;
        if (!fgets(line, sizeof line, in)) return 1;
    }
    clock_gettime(CLOCK_MONOTONIC, &b);
    close(down[1]);
    waitpid(pid, 0, 0);
    double s = (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9;
    printf("%.0f\n", n / s);
    return 0;
}
