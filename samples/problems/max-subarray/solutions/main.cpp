#include <cstdio>
#include <algorithm>
int main() {
  int n;
  if (scanf("%d", &n) != 1) return 1;
  long long best = -(1LL << 60), current = 0;
  for (int i = 0; i < n; i++) {
    long long v;
    scanf("%lld", &v);
    current = std::max(v, current + v);
    best = std::max(best, current);
  }
  printf("%lld\n", best);
}
