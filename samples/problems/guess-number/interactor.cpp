// Interactor for "Guess the Number", following testlib's registerInteraction protocol without testlib.h:
//   interactor <input> <user output file> [answer]
// stdin is the participant's stdout, stdout is the participant's stdin; the verdict verb goes to stderr with
// testlib's exit code (0 ok, 1 wrong answer, 2 wrong output format, 3 FAIL).
#include <cstdio>
#include <cstdlib>
#include <cstdarg>

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
  if (argc < 3) quit(3, "FAIL", "usage: interactor input output [answer]");
  FILE *in = std::fopen(argv[1], "r");
  long long secret;
  if (!in || std::fscanf(in, "%lld", &secret) != 1) quit(3, "FAIL", "cannot read the secret");
  FILE *log = std::fopen(argv[2], "w");
  for (int questions = 1; questions <= 40; questions++) {
    char mark;
    long long guess;
    if (std::scanf(" %c", &mark) != 1) quit(2, "wrong output format", "unexpected end of file after %d questions", questions - 1);
    if (mark != '?' || std::scanf("%lld", &guess) != 1) quit(2, "wrong output format", "expected \"? y\"");
    if (log) std::fprintf(log, "%lld\n", guess);
    if (guess == secret) {
      std::printf("=\n");
      std::fflush(stdout);
      quit(0, "ok", "found %lld in %d questions", secret, questions);
    }
    std::printf(secret < guess ? "<\n" : ">\n");
    std::fflush(stdout);
  }
  quit(1, "wrong answer", "more than 40 questions");
}
