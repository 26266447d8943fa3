// Plain getchar-based baseline for the benchmarks of `coloring` (SGU 328) and `tictactoe`
// (UVa 11534): the run formula of problems.md (edge-edge L mod 2, edge-colour L, equal colours
// 1, different colours 0; xor over the runs), one getchar per byte, no validation.
//   strip_baseline coloring  < input      prints FIRST / SECOND
//   strip_baseline tictactoe < input      prints Possible. / Impossible. per strip
#include <cstdio>
#include <cstring>

// Grundy value of a strip read byte by byte until a newline or EOF; `empty` is the empty cell.
// Sets `marks` to the number of marks. Ends: 0 = strip edge, otherwise the mark byte.
static unsigned long long strip_value(char empty, long long &marks) {
    unsigned long long g = 0, run = 0;
    int left = 0, c;
    marks = 0;
    while ((c = getchar()) != EOF && c != '\n') {
        if (c == empty) { run++; continue; }
        if (c != 'X' && c != 'O' && c != '1' && c != '2') continue;  // CR, blanks
        if (run > 0) g ^= left == 0 ? run : (left == c ? 1 : 0);
        left = c; run = 0; marks++;
    }
    if (run > 0) g ^= left == 0 ? run % 2 : run;
    return g;
}

int main(int argc, char **argv) {
    if (argc < 2) return 2;
    long long marks;
    if (strcmp(argv[1], "coloring") == 0) {
        long long n;
        if (scanf("%lld", &n) != 1) return 1;
        int c;
        while ((c = getchar()) != EOF && c != '0' && c != '1' && c != '2') {}
        if (c != EOF) ungetc(c, stdin);
        puts(strip_value('0', marks) ? "FIRST" : "SECOND");
    } else {
        long long t;
        if (scanf("%lld", &t) != 1) return 1;
        int c;
        while ((c = getchar()) != EOF && c != '\n') {}  // the rest of the T line
        for (long long i = 0; i < t; i++) {
            unsigned long long g = strip_value('.', marks);
            puts((g != 0) != (marks % 2 == 1) ? "Possible." : "Impossible.");
        }
    }
    return 0;
}
