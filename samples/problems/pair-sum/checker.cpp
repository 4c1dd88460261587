// Checker for "Pair With Given Sum", following testlib's protocol without testlib.h:
//   checker <input> <user output> <answer>
// verdict verb on stderr ("ok", "wrong answer", "wrong output format", "FAIL") and exit code 0/1/2/3.
#include <cstdio>
#include <cstdlib>
#include <cstdarg>
#include <vector>

static void quit(int code, const char *verb, const char *format, ...) {
  va_list args;
  va_start(args, format);
  std::fprintf(stderr, "%s ", verb);
  std::vfprintf(stderr, format, args);
  std::fprintf(stderr, "\n");
  va_end(args);
  std::exit(code);
}

int main(int argc, char **argv) {
  if (argc < 4) quit(3, "FAIL", "usage: checker input output answer");
  FILE *in = std::fopen(argv[1], "r"), *out = std::fopen(argv[2], "r"), *ans = std::fopen(argv[3], "r");
  if (!in || !out || !ans) quit(3, "FAIL", "cannot open files");
  long long n, s;
  if (std::fscanf(in, "%lld %lld", &n, &s) != 2) quit(3, "FAIL", "bad input");
  std::vector<long long> a(n);
  for (auto &v : a) std::fscanf(in, "%lld", &v);
  long long expected;
  if (std::fscanf(ans, "%lld", &expected) != 1) quit(3, "FAIL", "bad answer file");
  long long i, j;
  if (std::fscanf(out, "%lld", &i) != 1) quit(2, "wrong output format", "expected an integer");
  if (i == -1) {
    if (expected == -1) quit(0, "ok", "no pair exists");
    quit(1, "wrong answer", "a pair exists but the output says -1");
  }
  if (std::fscanf(out, "%lld", &j) != 1) quit(2, "wrong output format", "expected two integers");
  char extra;
  if (std::fscanf(out, " %c", &extra) == 1) quit(2, "wrong output format", "extra output after the pair");
  if (i < 1 || j > n || i >= j) quit(1, "wrong answer", "positions %lld %lld are not 1 <= i < j <= %lld", i, j, n);
  if (a[i - 1] + a[j - 1] != s) quit(1, "wrong answer", "a[%lld] + a[%lld] = %lld, not %lld", i, j, a[i - 1] + a[j - 1], s);
  if (expected == -1) quit(3, "FAIL", "the participant found a pair the jury missed");
  quit(0, "ok", "pair %lld %lld", i, j);
}
