// A plain accepted-style peer for HDU 2486 / POJ 3922 (integer k), written for
// games/subtraction/bench/subtraction.sh: per case it builds the losing starts a[i] with b[i], the largest sum of
// earlier terms each more than k times the next smaller one (a[i+1] = b[i] + 1 and
// b[i+1] = a[i+1] + b[j] for the largest j with a[j]*k < a[i+1], else a[i+1]), up to n, then
// takes the greedy decomposition of n from the top. O(number of terms) per case.
#include <cstdio>

// Enough for n <= 10^8 and k <= 10^5 (under 10^6 terms).
const int MAX_TERMS = 2000000;
long long a[MAX_TERMS], b[MAX_TERMS];

int main() {
    int t;
    if (scanf("%d", &t) != 1) return 1;
    for (int c = 1; c <= t; c++) {
        long long n, k;
        if (scanf("%lld %lld", &n, &k) != 2) return 1;
        int i = 0, j = 0;
        a[0] = b[0] = 1;
        while (a[i] < n && i + 1 < MAX_TERMS) {
            i++;
            a[i] = b[i - 1] + 1;
            while (a[j + 1] * k < a[i]) j++;
            b[i] = a[j] * k < a[i] ? b[j] + a[i] : a[i];
        }
        if (a[i] == n) {
            printf("Case %d: lose\n", c);
            continue;
        }
        long long ans = 0;
        while (n > 0) {
            if (n >= a[i]) {
                n -= a[i];
                ans = a[i];
            }
            i--;
        }
        printf("Case %d: %lld\n", c, ans);
    }
    return 0;
}
