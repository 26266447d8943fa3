/* The plain mex recurrence in C: the baseline games/impartial/bench/impartial.sh runs beside the impartial
 * solution. Usage: impartial_plain SPEC N, SPEC an octal/hex code whose digits use bits 1, 2
 * and 4 (nothing left, one heap, two heaps) or `grundy`; prints `n g(n)` for n = 0..N, the
 * lines of `impartial --values` after its header, so the two outputs are compared too.
 * g(n) = mex of the values of the options of n: one heap g(n - k), two heaps
 * g(a) ^ g(n - k - a); the seen values are stamped with n, so nothing is cleared per heap. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void put(unsigned long v, char **p) {
    char digits[24];
    int i = 0;
    do {
        digits[i++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (i) *(*p)++ = digits[--i];
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: impartial_plain SPEC N\n");
        return 2;
    }
    int digits[16] = {0}, t = 0, unequal = 0;
    if (strcmp(argv[1], "grundy") == 0) {
        digits[0] = 4;
        unequal = 1;
    } else {
        const char *s = strchr(argv[1], '.');
        if (!s) {
            fprintf(stderr, "impartial_plain: bad code %s\n", argv[1]);
            return 2;
        }
        for (s++; *s; s++) {
            int d = *s <= '9' ? *s - '0' : *s - 'a' + 10;
            if (d < 0 || d > 7 || t >= 15) {
                fprintf(stderr, "impartial_plain: digit %c not in 0..7\n", *s);
                return 2;
            }
            digits[++t] = d;
        }
        if (argv[1][0] == '4') digits[0] = 4;
    }
    long n_max = atol(argv[2]);
    unsigned short *g = malloc(sizeof *g * (size_t)(n_max + 1));
    static unsigned seen[1 << 16];
    memset(seen, 0xff, sizeof seen);
    for (long n = 0; n <= n_max; n++) {
        unsigned stamp = (unsigned)n;
        for (int k = 0; k <= t && k <= n; k++) {
            long rest = n - k;
            if (k > 0 && (digits[k] & 1) && rest == 0) seen[0] = stamp;
            if (k > 0 && (digits[k] & 2) && rest >= 1) seen[g[rest]] = stamp;
            if (digits[k] & 4) {
                long half = unequal ? (rest - 1) / 2 : rest / 2;
                for (long a = 1; a <= half; a++) seen[g[a] ^ g[rest - a]] = stamp;
            }
        }
        unsigned v = 0;
        while (seen[v] == stamp) v++;
        g[n] = (unsigned short)v;
    }
    static char buf[1 << 16];
    char *p = buf;
    for (long n = 0; n <= n_max; n++) {
        put((unsigned long)n, &p);
        *p++ = ' ';
        put(g[n], &p);
        *p++ = '\n';
        if (p - buf > (long)sizeof buf - 64) {
            fwrite(buf, 1, (size_t)(p - buf), stdout);
            p = buf;
        }
    }
    fwrite(buf, 1, (size_t)(p - buf), stdout);
    free(g);
    return 0;
}
