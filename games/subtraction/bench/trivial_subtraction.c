/* A minimal subtraction --play for k = 1 only (the bench's trivial solution): the losing
 * piles are the powers of two, and the winning removal is the lowest set bit of the pile. */
#include <stdio.h>
#include <string.h>

int main(void) {
    char line[256];
    unsigned long long rounds, n, m, cap, x;
    setvbuf(stdout, NULL, _IOLBF, 0);
    /* The session's header is `play R` (docs/protocol.md); a bare R is the old form. */
    if (!fgets(line, sizeof line, stdin)) return 1;
    if (sscanf(line, "play %llu", &rounds) != 1 && sscanf(line, "%llu", &rounds) != 1) return 1;
    while (rounds--) {
        if (!fgets(line, sizeof line, stdin) || sscanf(line, "%llu", &n) != 1) return 0;
        m = n; cap = n - 1;
        int mine = (n & (n - 1)) != 0; /* first wins unless n is a power of two */
        puts(mine ? "first" : "second");
        int cut = 0;
        while (m > 0 && (cap < m ? cap : m) > 0) {
            if (mine) {
                x = m & -m;
                printf("%llu\n", x);
            } else {
                if (!fgets(line, sizeof line, stdin)) return 1;
                if (strncmp(line, "end", 3) == 0) { cut = 1; break; } /* the round was cut */
                if (sscanf(line, "%llu", &x) != 1) return 1;
            }
            m -= x; cap = x; mine = !mine;
        }
        if (!cut && !fgets(line, sizeof line, stdin)) return 1; /* end */
    }
    while (fgets(line, sizeof line, stdin)) {}
    return 0;
}
