#include <cstdio>
int main() {
  long long low = 1, high = 1000000000;
  while (low <= high) {
    long long middle = (low + high) / 2;
    printf("? %lld\n", middle);
    fflush(stdout);
    char reply[4];
    if (scanf("%3s", reply) != 1) return 0;
    if (reply[0] == '=') return 0;
    if (reply[0] == '<') high = middle - 1; else low = middle + 1;
  }
}
