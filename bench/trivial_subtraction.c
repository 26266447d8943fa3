/* A minimal subtraction --play for k = 1 only (the bench's trivial solution): the losing
 * piles are the powers of two, and the winning removal is the lowest set bit of the pile. */
#include <stdio.h>
#include <string.h>

int main(void) {
    char line[256];
    unsigned long long rounds, n, m, cap, x;
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (!fgets(line, sizeof line, stdin) || sscanf(line, "%llu", &rounds) != 1) return 0;
    while (rounds--) {
        if (!fgets(line, sizeof line, stdin) || sscanf(line, "%llu", &n) != 1) return 0;
        m = n; cap = n - 1;
        int mine = (n & (n - 1)) != 0; /* first wins unless n is a power of two */
        puts(mine ? "first" : "second");
        while (m > 0 && (cap < m ? cap : m) > 0) {
            if (mine) {
                x = m & -m;
                printf("%llu\n", x);
            } else {
                if (!fgets(line, sizeof line, stdin) || sscanf(line, "%llu", &x) != 1) return 0;
            }
            m -= x; cap = x; mine = !mine;
        }
        if (!fgets(line, sizeof line, stdin)) return 0; /* end */
    }
    while (fgets(line, sizeof line, stdin)) {}
    return 0;
}
