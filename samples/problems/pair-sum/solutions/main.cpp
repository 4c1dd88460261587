#include <cstdio>
#include <unordered_map>
int main() {
  int n;
  long long s;
  scanf("%d %lld", &n, &s);
  std::unordered_map<long long, int> seen;
  for (int j = 1; j <= n; j++) {
    long long v;
    scanf("%lld", &v);
    auto it = seen.find(s - v);
    if (it != seen.end()) { printf("%d %d\n", it->second, j); return 0; }
    seen.emplace(v, j);
  }
  puts("-1");
}
