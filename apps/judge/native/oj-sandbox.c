/*
 * oj-sandbox: the judge's sandbox launcher (decision 0032). It does what `prlimit ... -- bwrap ...` did for a
 * run, in one small static binary, so a run pays for one exec instead of three (prlimit, bwrap and bwrap's
 * dynamic libraries) and the sandbox's init is reaped at once (no zombie pinning the run's cgroup).
 *
 * Started by the judge as root with the same handshake as bwrap: fd 3 (--info-fd) receives {"child-pid": N}
 * once the sandbox is fully set up, the judge attaches N to the run's cgroup, resets the counters and writes a
 * byte to fd 4 (--block-fd); only then is the program forked. fd 5 (--seccomp) holds the BPF program.
 *
 * The sandbox, as bwrap built it: new pid, mount, network, ipc, uts, cgroup and user namespaces; no nested user
 * namespace can be created (max_user_namespaces 1 in an intermediate one, as bwrap's --disable-userns); a new
 * root on tmpfs holding only the given binds (read-only unless --bind), /proc of the new pid namespace, a minimal
 * /dev, size-capped tmpfs for /w and /tmp, the root remounted read-only; the unprivileged --uid/--gid with no
 * supplementary groups, every capability and the bounding set dropped, no_new_privs, the seccomp filter loaded
 * just before exec; rlimits set before the fork; a new session; everything dies with the judge (PDEATHSIG).
 *
 * Exit status: the program's exit code, or 128+n when a signal n killed it (as bwrap reports it); 1 with a
 * message on stderr when the sandbox could not be set up (then no child-pid is ever reported).
 *
 * With --cgroup-attach FILE (v1: each controller's tasks, v2: cgroup.procs) the launcher attaches the init
 * itself once the sandbox is built, writes each --cgroup-reset FILE VALUE (counters), reads usage_usec from
 * --cgroup-cpu-stat FILE (v2, whose CPU counter cannot be reset; reported as "cpu-base-usec" beside child-pid)
 * and releases the init without waiting for the judge: one round trip less per run.
 *
 * Usage: oj-sandbox --uid U --gid G [--info-fd N] [--block-fd N] [--seccomp N] [--hostname H]
 *          [--cgroup-attach FILE]... [--cgroup-reset FILE VALUE]... [--cgroup-cpu-stat FILE]
 *          [--rlimit NAME SOFT HARD]... [--setenv K V]... [OPERATION]... [--chdir DIR] -- PROGRAM [ARG]...
 * OPERATION (applied in order inside the new root): --ro-bind SRC DST, --ro-bind-try SRC DST, --bind SRC DST,
 *          --symlink TARGET PATH, --tmpfs SIZE PATH, --proc PATH, --dev PATH, --remount-ro PATH (only "/").
 *
 * `oj-sandbox --serve` (a kept launcher, launcher-server.ts): reads the seccomp filter from fd 3 once, makes its
 * own empty network namespace for its runs, then takes requests on stdin ('R', u32 length, the stdin file path
 * and the arguments above, NUL-separated; 'K' kills the current run) and answers on stdout with frames (type,
 * u32 length, payload): 'I' the info message, 'O' stdout, 'E' stderr, 'X' the exit status (i32) last.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define BASE "/tmp"
#define MAX_OPS 256
#define MAX_ENV 128
#define MAX_RLIMITS 16

enum op_kind { OP_RO_BIND, OP_RO_BIND_TRY, OP_BIND, OP_SYMLINK, OP_TMPFS, OP_PROC, OP_DEV, OP_REMOUNT_RO };
struct op {
  enum op_kind kind;
  const char *a, *b;
};
struct limit {
  int resource;
  rlim_t soft, hard;
};

static struct op ops[MAX_OPS];
static int op_count;
static char *envp[MAX_ENV + 1];
static int env_count;
static struct limit limits[MAX_RLIMITS];
static int limit_count;
static uid_t uid = (uid_t)-1;
static gid_t gid = (gid_t)-1;
static int info_fd = -1, block_fd = -1, seccomp_fd = -1;
#define MAX_CGROUP_FILES 8
static const char *attach_files[MAX_CGROUP_FILES], *reset_files[MAX_CGROUP_FILES], *reset_values[MAX_CGROUP_FILES];
static int attach_count, reset_count;
static const char *cpu_stat_file;
static int release_fd = -1;
/* Served: the launcher's own empty network namespace, which its runs (one at a time) share. */
static int network_ready;
static const char *hostname, *chdir_path = "/";
static char **program_argv;
static struct sock_fprog filter;

static void write_full_or_ignore(int fd, const char *text, size_t size) {
  if (write(fd, text, size) < 0) {
  }
}

static void die(const char *format, ...) {
  va_list args;
  int saved = errno;
  char message[1024];
  va_start(args, format);
  vsnprintf(message, sizeof message, format, args);
  va_end(args);
  if (saved) dprintf(2, "oj-sandbox: %s: %s\n", message, strerror(saved));
  else dprintf(2, "oj-sandbox: %s\n", message);
  _exit(1);
}

static unsigned long long number(const char *text) {
  char *end;
  errno = 0;
  unsigned long long value = strtoull(text, &end, 10);
  if (errno || *end || end == text) {
    errno = 0;
    die("not a number: %s", text);
  }
  return value;
}

static int resource_of(const char *name) {
  static const struct {
    const char *name;
    int resource;
  } table[] = {{"cpu", RLIMIT_CPU},       {"fsize", RLIMIT_FSIZE}, {"stack", RLIMIT_STACK},
               {"nofile", RLIMIT_NOFILE}, {"core", RLIMIT_CORE},   {"nproc", RLIMIT_NPROC},
               {"as", RLIMIT_AS},         {"data", RLIMIT_DATA}};
  for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
    if (!strcmp(table[i].name, name)) return table[i].resource;
  die("unknown rlimit %s", name);
  return -1;
}

static void parse(int argc, char **argv) {
  int i = 1;
#define NEED(n)                                                                                                    \
  do {                                                                                                             \
    if (i + (n) >= argc) die("%s needs %d argument(s)", argv[i], n);                                               \
  } while (0)
#define OP(k, x, y)                                                                                                \
  do {                                                                                                             \
    if (op_count == MAX_OPS) die("too many operations");                                                           \
    ops[op_count++] = (struct op){k, x, y};                                                                        \
  } while (0)
  for (; i < argc; i++) {
    const char *arg = argv[i];
    if (!strcmp(arg, "--")) {
      program_argv = argv + i + 1;
      break;
    } else if (!strcmp(arg, "--uid")) {
      NEED(1);
      uid = (uid_t)number(argv[++i]);
    } else if (!strcmp(arg, "--gid")) {
      NEED(1);
      gid = (gid_t)number(argv[++i]);
    } else if (!strcmp(arg, "--info-fd")) {
      NEED(1);
      info_fd = (int)number(argv[++i]);
    } else if (!strcmp(arg, "--block-fd")) {
      NEED(1);
      block_fd = (int)number(argv[++i]);
    } else if (!strcmp(arg, "--seccomp")) {
      NEED(1);
      seccomp_fd = (int)number(argv[++i]);
    } else if (!strcmp(arg, "--cgroup-attach")) {
      NEED(1);
      if (attach_count == MAX_CGROUP_FILES) die("too many cgroup files");
      attach_files[attach_count++] = argv[++i];
    } else if (!strcmp(arg, "--cgroup-reset")) {
      NEED(2);
      if (reset_count == MAX_CGROUP_FILES) die("too many cgroup files");
      reset_files[reset_count] = argv[i + 1];
      reset_values[reset_count++] = argv[i + 2];
      i += 2;
    } else if (!strcmp(arg, "--cgroup-cpu-stat")) {
      NEED(1);
      cpu_stat_file = argv[++i];
    } else if (!strcmp(arg, "--hostname")) {
      NEED(1);
      hostname = argv[++i];
    } else if (!strcmp(arg, "--chdir")) {
      NEED(1);
      chdir_path = argv[++i];
    } else if (!strcmp(arg, "--rlimit")) {
      NEED(3);
      if (limit_count == MAX_RLIMITS) die("too many rlimits");
      limits[limit_count++] =
          (struct limit){resource_of(argv[i + 1]), (rlim_t)number(argv[i + 2]), (rlim_t)number(argv[i + 3])};
      i += 3;
    } else if (!strcmp(arg, "--setenv")) {
      NEED(2);
      if (env_count == MAX_ENV) die("too many variables");
      if (asprintf(&envp[env_count++], "%s=%s", argv[i + 1], argv[i + 2]) < 0) die("out of memory");
      i += 2;
    } else if (!strcmp(arg, "--ro-bind") || !strcmp(arg, "--ro-bind-try") || !strcmp(arg, "--bind") ||
               !strcmp(arg, "--symlink") || !strcmp(arg, "--tmpfs")) {
      NEED(2);
      enum op_kind kind = !strcmp(arg, "--ro-bind")       ? OP_RO_BIND
                          : !strcmp(arg, "--ro-bind-try") ? OP_RO_BIND_TRY
                          : !strcmp(arg, "--bind")        ? OP_BIND
                          : !strcmp(arg, "--symlink")     ? OP_SYMLINK
                                                          : OP_TMPFS;
      if (kind == OP_TMPFS) number(argv[i + 1]);
      OP(kind, argv[i + 1], argv[i + 2]);
      i += 2;
    } else if (!strcmp(arg, "--proc") || !strcmp(arg, "--dev") || !strcmp(arg, "--remount-ro")) {
      NEED(1);
      OP(!strcmp(arg, "--proc") ? OP_PROC : !strcmp(arg, "--dev") ? OP_DEV : OP_REMOUNT_RO, argv[i + 1], NULL);
      if (!strcmp(arg, "--remount-ro") && strcmp(argv[i + 1], "/")) die("--remount-ro supports / only");
      i += 1;
    } else {
      die("unknown option %s", arg);
    }
  }
  if (!program_argv || !program_argv[0]) die("no program given (-- PROGRAM ARGS)");
  if (uid == 0 || uid == (uid_t)-1 || gid == 0 || gid == (gid_t)-1) die("--uid and --gid must be non-zero");
  envp[env_count] = NULL;
}

static void read_filter(void) {
  if (seccomp_fd < 0) return;
  size_t size = 0, capacity = 4096;
  unsigned char *buffer = malloc(capacity);
  for (;;) {
    if (size == capacity && !(buffer = realloc(buffer, capacity *= 2))) die("out of memory");
    ssize_t n = read(seccomp_fd, buffer + size, capacity - size);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) die("reading the seccomp filter");
    if (n == 0) break;
    size += (size_t)n;
  }
  close(seccomp_fd);
  if (size == 0 || size % sizeof(struct sock_filter) || size / sizeof(struct sock_filter) > 4096) {
    errno = 0;
    die("invalid seccomp filter of %zu bytes", size);
  }
  filter.len = (unsigned short)(size / sizeof(struct sock_filter));
  filter.filter = (struct sock_filter *)buffer;
}

static void write_file(const char *path, const char *text) {
  int fd = open(path, O_WRONLY | O_CLOEXEC);
  if (fd < 0) die("open %s", path);
  ssize_t length = (ssize_t)strlen(text);
  if (write(fd, text, (size_t)length) != length) die("write %s", path);
  close(fd);
}

/* mkdir -p for a path inside the new root. */
static void make_dirs(const char *path, mode_t mode) {
  char buffer[4096];
  if (snprintf(buffer, sizeof buffer, "%s", path) >= (int)sizeof buffer) die("path too long");
  for (char *p = buffer + 1; *p; p++) {
    if (*p != '/') continue;
    *p = 0;
    if (mkdir(buffer, mode) && errno != EEXIST) die("mkdir %s", buffer);
    *p = '/';
  }
  if (mkdir(buffer, mode) && errno != EEXIST) die("mkdir %s", buffer);
}

static void make_parent(const char *path) {
  char buffer[4096];
  if (snprintf(buffer, sizeof buffer, "%s", path) >= (int)sizeof buffer) die("path too long");
  char *slash = strrchr(buffer, '/');
  if (slash && slash != buffer) {
    *slash = 0;
    make_dirs(buffer, 0755);
  }
}

/* A bind's mount point: a directory for a directory, an empty file for anything else. */
static void make_mount_point(const char *path, int directory) {
  make_parent(path);
  if (directory) {
    make_dirs(path, 0755);
    return;
  }
  struct stat info;
  if (lstat(path, &info) == 0) return;
  int fd = open(path, O_RDONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0444);
  if (fd < 0) die("create %s", path);
  close(fd);
}

static void bind(const char *source, const char *target, int read_only, int optional) {
  char from[4096], to[4096];
  struct stat info;
  snprintf(from, sizeof from, "/oldroot%s", source);
  snprintf(to, sizeof to, "/newroot%s", target);
  if (stat(from, &info)) {
    if (optional && errno == ENOENT) return;
    die("bind source %s", source);
  }
  make_mount_point(to, S_ISDIR(info.st_mode));
  if (mount(from, to, NULL, MS_BIND | MS_REC, NULL)) die("bind %s", source);
  unsigned long flags = MS_BIND | MS_REMOUNT | MS_NOSUID | MS_NODEV | (read_only ? MS_RDONLY : 0);
  if (mount(NULL, to, NULL, flags, NULL)) die("remount %s", target);
}

static void tmpfs(const char *path, unsigned long long size, mode_t mode) {
  char options[128];
  snprintf(options, sizeof options, "size=%llu,mode=%o,uid=%u,gid=%u", size, mode, uid, gid);
  make_dirs(path, 0755);
  if (mount("tmpfs", path, "tmpfs", MS_NOSUID | MS_NODEV, options)) die("tmpfs %s", path);
}

static void dev(const char *path) {
  static const char *nodes[] = {"null", "zero", "full", "random", "urandom", "tty"};
  char target[4096], source[4096];
  snprintf(target, sizeof target, "/newroot%s", path);
  make_dirs(target, 0755);
  if (mount("tmpfs", target, "tmpfs", MS_NOSUID | MS_NOEXEC, "mode=0755,size=65536")) die("tmpfs %s", path);
  for (size_t i = 0; i < sizeof nodes / sizeof nodes[0]; i++) {
    snprintf(source, sizeof source, "/oldroot/dev/%s", nodes[i]);
    snprintf(target, sizeof target, "/newroot%s/%s", path, nodes[i]);
    make_mount_point(target, 0);
    if (mount(source, target, NULL, MS_BIND, NULL)) die("bind /dev/%s", nodes[i]);
  }
  static const char *links[][2] = {
      {"/proc/self/fd", "fd"}, {"/proc/self/fd/0", "stdin"}, {"/proc/self/fd/1", "stdout"},
      {"/proc/self/fd/2", "stderr"}};
  for (size_t i = 0; i < sizeof links / sizeof links[0]; i++) {
    snprintf(target, sizeof target, "/newroot%s/%s", path, links[i][1]);
    if (symlink(links[i][0], target)) die("symlink %s", target);
  }
  /* POSIX shared memory (sem_open, Python multiprocessing): files there are charged to the run's memory. */
  snprintf(target, sizeof target, "/newroot%s/shm", path);
  if (mkdir(target, 01777) || chmod(target, 01777)) die("mkdir %s", target);
}

static void build_root(void) {
  /* Nothing we mount may propagate back to the host. */
  if (mount(NULL, "/", NULL, MS_SLAVE | MS_REC, NULL)) die("make / a slave");
  if (mount("tmpfs", BASE, "tmpfs", MS_NOSUID | MS_NODEV, "mode=0755,size=65536")) die("tmpfs %s", BASE);
  if (chdir(BASE)) die("chdir %s", BASE);
  if (mkdir("newroot", 0755) || mkdir("oldroot", 0755)) die("mkdir in %s", BASE);
  if (mount("tmpfs", "newroot", "tmpfs", MS_NOSUID | MS_NODEV, "mode=0755,size=1048576")) die("tmpfs newroot");
  if (syscall(SYS_pivot_root, BASE, BASE "/oldroot")) die("pivot_root");
  if (chdir("/")) die("chdir /");
  int read_only_root = 0;
  char path[4096];
  for (int i = 0; i < op_count; i++) {
    const struct op *op = &ops[i];
    switch (op->kind) {
    case OP_RO_BIND:
    case OP_RO_BIND_TRY:
    case OP_BIND:
      bind(op->a, op->b, op->kind != OP_BIND, op->kind == OP_RO_BIND_TRY);
      break;
    case OP_SYMLINK:
      snprintf(path, sizeof path, "/newroot%s", op->b);
      make_parent(path);
      if (symlink(op->a, path) && errno != EEXIST) die("symlink %s", op->b);
      break;
    case OP_TMPFS:
      snprintf(path, sizeof path, "/newroot%s", op->b);
      tmpfs(path, number(op->a), 0755);
      break;
    case OP_PROC:
      snprintf(path, sizeof path, "/newroot%s", op->a);
      make_dirs(path, 0755);
      if (mount("proc", path, "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL)) die("mount proc");
      break;
    case OP_DEV:
      dev(op->a);
      break;
    case OP_REMOUNT_RO:
      read_only_root = 1;
      break;
    }
  }
  /* Leave the host behind: detach it, then make the new root the root. */
  if (umount2("/oldroot", MNT_DETACH)) die("detach the host");
  if (chdir("/newroot")) die("chdir /newroot");
  if (syscall(SYS_pivot_root, ".", ".")) die("pivot_root to the new root");
  if (umount2(".", MNT_DETACH)) die("detach the old base");
  if (chdir("/")) die("chdir /");
  if (read_only_root && mount(NULL, "/", NULL, MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV, NULL))
    die("remount / read-only");
}

static void map_own_ids(void) {
  char text[64];
  write_file("/proc/self/setgroups", "deny");
  snprintf(text, sizeof text, "%u %u 1\n", uid, uid);
  write_file("/proc/self/uid_map", text);
  snprintf(text, sizeof text, "%u %u 1\n", gid, gid);
  write_file("/proc/self/gid_map", text);
}

static void drop_capabilities(void) {
  /* Up to the first number the kernel does not know (EINVAL). */
  for (int cap = 0; cap <= 63; cap++) {
    if (!prctl(PR_CAPBSET_DROP, cap, 0, 0, 0)) continue;
    if (errno == EINVAL) break;
    die("drop capability %d", cap);
  }
  if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) && errno != EINVAL) die("clear ambient capabilities");
  /* capset to nothing (the raw call: no libcap). */
  struct {
    unsigned int version;
    int pid;
  } header = {0x20080522 /* _LINUX_CAPABILITY_VERSION_3 */, 0};
  struct {
    unsigned int effective, permitted, inheritable;
  } data[2] = {{0, 0, 0}, {0, 0, 0}};
  if (syscall(SYS_capset, &header, data)) die("capset");
}

/* The unprivileged uid, then a user namespace of it in which no further one can be made. */
static void become_unprivileged(void) {
  if (setgroups(0, NULL)) die("setgroups");
  if (setresgid(gid, gid, gid)) die("setresgid");
  if (setresuid(uid, uid, uid)) die("setresuid");
  /* A uid change makes /proc/self root's; the maps below are written by the process itself. */
  if (prctl(PR_SET_DUMPABLE, 1, 0, 0, 0)) die("dumpable");
  if (unshare(CLONE_NEWUSER)) die("new user namespace");
  map_own_ids();
  /* Counted in this namespace: the one below is its only child, so nothing inside can create another. */
  write_file("/proc/sys/user/max_user_namespaces", "1");
  if (unshare(CLONE_NEWUSER)) die("nested user namespace");
  map_own_ids();
  drop_capabilities();
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)) die("no_new_privs");
}

static int status_code(int status) {
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return 1;
}

/* pid 1 of the sandbox: forks the program once released, reaps everything, exits with the program's status. */
static int sandbox_init(int ready_fd) {
  if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0)) die("PDEATHSIG");
  build_root();
  if (hostname && sethostname(hostname, strlen(hostname))) die("sethostname");
  for (int i = 0; i < limit_count; i++) {
    struct rlimit limit = {limits[i].soft, limits[i].hard};
    if (setrlimit(limits[i].resource, &limit)) die("setrlimit");
  }
  become_unprivileged();
  /* The uid change cleared the parent-death signal: set it again. Should the launcher have died meanwhile, the
     write below fails (EPIPE), as nobody reads the other end any more. */
  if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0)) die("PDEATHSIG");
  if (chdir(chdir_path)) die("chdir %s", chdir_path);
  if (write(ready_fd, "r", 1) != 1) die("report ready");
  close(ready_fd);
  if (block_fd >= 0) {
    char byte;
    while (read(block_fd, &byte, 1) < 0 && errno == EINTR) {
    }
    close(block_fd);
  }
  pid_t program = fork();
  if (program < 0) die("fork");
  if (program == 0) {
    if (setsid() < 0) die("setsid");
    if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0)) die("PDEATHSIG");
    if (filter.len && syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &filter)) die("seccomp");
    execvpe(program_argv[0], program_argv, envp);
    die("execvp %s", program_argv[0]);
  }
  for (;;) {
    int status;
    pid_t pid = waitpid(-1, &status, 0);
    if (pid < 0 && errno == EINTR) continue;
    if (pid < 0) _exit(1);
    /* Whatever else runs in the namespace dies with its init. */
    if (pid == program) _exit(status_code(status));
  }
}

/* Once the sandbox is built: the init into the run's cgroup (so none of the setup is charged), the counters reset,
   and cgroup v2's cpu.stat usage_usec read into *cpu_base (its counters cannot be reset; -1 without one).
   Returns 0, or the length of the error message written into `message` (the init is then killed). */
static int attach(pid_t init, long long *cpu_base, char *message, size_t size) {
  char text[32];
  int length = snprintf(text, sizeof text, "%d", init);
  *cpu_base = -1;
  for (int i = 0; i < attach_count; i++) {
    int fd = open(attach_files[i], O_WRONLY | O_CLOEXEC);
    if (fd < 0 || write(fd, text, (size_t)length) != length) {
      int failed = snprintf(message, size, "oj-sandbox: attach to %s: %s\n", attach_files[i], strerror(errno));
      if (fd >= 0) close(fd);
      kill(init, SIGKILL);
      return failed;
    }
    close(fd);
  }
  for (int i = 0; i < reset_count; i++) {
    int fd = open(reset_files[i], O_WRONLY | O_CLOEXEC);
    /* memory.peak of kernels before 6.12 cannot be reset: a fresh cgroup's peak is then the init's alone. */
    if (fd < 0) continue;
    if (write(fd, reset_values[i], strlen(reset_values[i])) < 0) {
    }
    close(fd);
  }
  if (!cpu_stat_file) return 0;
  FILE *file = fopen(cpu_stat_file, "re");
  if (!file) {
    kill(init, SIGKILL);
    return snprintf(message, size, "oj-sandbox: open %s: %s\n", cpu_stat_file, strerror(errno));
  }
  char key[64];
  long long number;
  while (fscanf(file, "%63s %lld", key, &number) == 2)
    if (!strcmp(key, "usage_usec")) *cpu_base = number;
  fclose(file);
  return 0;
}

/* The info message, as bwrap's (plus the v2 CPU base). */
static int info_message(pid_t init, long long cpu_base, char *message, size_t size) {
  if (cpu_base >= 0)
    return snprintf(message, size, "{\n    \"child-pid\": %d,\n    \"cpu-base-usec\": %lld\n}\n", init, cpu_base);
  return snprintf(message, size, "{\n    \"child-pid\": %d\n}\n", init);
}

/* One sandbox run, its arguments parsed and the seccomp filter read. */
static int launch_parsed(void) {
  if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0)) die("PDEATHSIG");
  if (getppid() == 1) die("the judge is gone");
  int ready[2];
  if (pipe2(ready, O_CLOEXEC)) die("pipe");
  if (attach_count) {
    /* We attach the init ourselves, so we release it too: the init waits for EOF on this pipe. */
    int release[2];
    if (block_fd >= 0) die("--block-fd and --cgroup-attach exclude each other");
    if (pipe2(release, O_CLOEXEC)) die("pipe");
    block_fd = release[0];
    release_fd = release[1];
  }
  long flags = CLONE_NEWPID | CLONE_NEWNS | CLONE_NEWIPC | CLONE_NEWUTS | CLONE_NEWCGROUP | SIGCHLD;
  pid_t init = (pid_t)syscall(SYS_clone, flags | (network_ready ? 0 : CLONE_NEWNET), NULL, NULL, NULL, NULL);
  if (init < 0) die("clone");
  if (init == 0) {
    close(ready[0]);
    if (info_fd >= 0) close(info_fd);
    if (release_fd >= 0) close(release_fd);
    _exit(sandbox_init(ready[1]));
  }
  close(ready[1]);
  if (block_fd >= 0) close(block_fd);
  char byte;
  ssize_t n;
  while ((n = read(ready[0], &byte, 1)) < 0 && errno == EINTR) {
  }
  if (n == 1) {
    char message[512];
    long long cpu_base;
    int failed = attach(init, &cpu_base, message, sizeof message);
    if (failed) {
      write_full_or_ignore(2, message, (size_t)failed);
      _exit(1);
    }
    if (info_fd >= 0) {
      int length = info_message(init, cpu_base, message, sizeof message);
      if (write(info_fd, message, (size_t)length) != length) die("report child-pid");
      close(info_fd);
    }
    /* Attached by us: nobody else has to release the init. */
    if (release_fd >= 0) close(release_fd);
  }
  int status;
  while (waitpid(init, &status, 0) < 0)
    if (errno != EINTR) die("waitpid");
  /* The init reports the program's status as its exit code; a killed init (the judge's SIGKILL) as 128+n. */
  return status_code(status);
}

/* ---- Serving: one long-lived launcher per judge slot, so a run costs the judge no process spawn. ---- */

static int read_full(int fd, void *buffer, size_t size) {
  size_t done = 0;
  while (done < size) {
    ssize_t n = read(fd, (char *)buffer + done, size - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return -1;
    done += (size_t)n;
  }
  return 0;
}

static void write_full(int fd, const void *buffer, size_t size) {
  size_t done = 0;
  while (done < size) {
    ssize_t n = write(fd, (const char *)buffer + done, size - done);
    if (n < 0 && errno == EINTR) continue;
    /* The judge is gone. */
    if (n <= 0) _exit(0);
    done += (size_t)n;
  }
}

/* A frame to the judge: type byte, payload length (u32, little endian on the judge's machine), payload. */
static void send_frame(char type, const void *payload, uint32_t length) {
  char header[5];
  header[0] = type;
  memcpy(header + 1, &length, 4);
  write_full(1, header, 5);
  if (length) write_full(1, payload, length);
}

/* Back to a blank slate between requests of a kept launcher (the seccomp filter stays). */
static void reset_arguments(void) {
  for (int i = 0; i < env_count; i++) free(envp[i]);
  op_count = env_count = limit_count = attach_count = reset_count = 0;
  cpu_stat_file = hostname = NULL;
  chdir_path = "/";
  program_argv = NULL;
  uid = (uid_t)-1;
  gid = (gid_t)-1;
  info_fd = block_fd = release_fd = -1;
}

/* Runs one request: `stdin path ("" for none) NUL launcher args NUL ...`, being the launcher of that run itself
   (no process in between): the run's info, stdout and stderr go out as frames 'I', 'O', 'E', then 'X' with the
   exit status as a direct start would return it (i32). A 'K' from the judge meanwhile SIGKILLs the init (the
   sandbox dies with it). Errors of the run are the run's: its stderr and exit status 1, as a direct start. */
static void serve_one(char *payload, uint32_t length) {
  char *argv[4096];
  int argc = 0;
  const char *input = payload;
  argv[argc++] = "oj-sandbox";
  for (char *p = payload + strlen(payload) + 1; p < payload + length && argc < 4095; p += strlen(p) + 1)
    argv[argc++] = p;
  argv[argc] = NULL;
  reset_arguments();
  parse(argc, argv);
  int out[2], err[2], ready[2], release[2] = {-1, -1};
  if (pipe2(out, O_CLOEXEC) || pipe2(err, O_CLOEXEC) || pipe2(ready, O_CLOEXEC)) die("pipe");
  if (attach_count && pipe2(release, O_CLOEXEC)) die("pipe");
  int in = open(*input ? input : "/dev/null", O_RDONLY | O_CLOEXEC);
  if (in < 0) {
    char message[512];
    int n = snprintf(message, sizeof message, "oj-sandbox: open %s: %s\n", input, strerror(errno));
    send_frame('E', message, (uint32_t)n);
    int32_t code = 1;
    send_frame('X', &code, 4);
    int unused[] = {out[0], out[1], err[0], err[1], ready[0], ready[1], release[0], release[1]};
    for (size_t i = 0; i < sizeof unused / sizeof unused[0]; i++)
      if (unused[i] >= 0) close(unused[i]);
    return;
  }
  /* SIGCHLD as a descriptor, so one poll waits for the init and the pipes. */
  sigset_t children;
  sigemptyset(&children);
  sigaddset(&children, SIGCHLD);
  int child_fd = signalfd(-1, &children, SFD_CLOEXEC | SFD_NONBLOCK);
  if (child_fd < 0) die("signalfd");
  long flags = CLONE_NEWPID | CLONE_NEWNS | CLONE_NEWIPC | CLONE_NEWUTS | CLONE_NEWCGROUP | SIGCHLD;
  pid_t init = (pid_t)syscall(SYS_clone, flags | (network_ready ? 0 : CLONE_NEWNET), NULL, NULL, NULL, NULL);
  if (init < 0) die("clone");
  if (init == 0) {
    sigprocmask(SIG_UNBLOCK, &children, NULL);
    if (dup2(in, 0) < 0 || dup2(out[1], 1) < 0 || dup2(err[1], 2) < 0) _exit(1);
    block_fd = release[0];
    if (release[1] >= 0) close(release[1]);
    _exit(sandbox_init(ready[1]));
  }
  int theirs[] = {in, out[1], err[1], ready[1], release[0]};
  for (size_t i = 0; i < sizeof theirs / sizeof theirs[0]; i++)
    if (theirs[i] >= 0) close(theirs[i]);
  release_fd = release[1];
  struct pollfd fds[5] = {
      {0, POLLIN, 0}, {out[0], POLLIN, 0}, {err[0], POLLIN, 0}, {ready[0], POLLIN, 0}, {child_fd, POLLIN, 0}};
  const char types[3] = {'O', 'E', 0};
  int open_count = 2, judge_gone = 0, reaped = 0, status = 0;
  static char buffer[65536];
  while (open_count > 0 || !reaped) {
    if (poll(fds, 5, -1) < 0) {
      if (errno == EINTR) continue;
      die("poll");
    }
    if (fds[0].revents) {
      char message;
      ssize_t n = read(0, &message, 1);
      /* Never once reaped: its pid may belong to someone else by now. */
      if (n == 1 && message == 'K' && !reaped) kill(init, SIGKILL);
      else if (n == 0 || (n < 0 && errno != EINTR)) {
        if (!reaped) kill(init, SIGKILL);
        judge_gone = 1;
        fds[0].fd = -1;
      }
    }
    if (fds[3].fd >= 0 && fds[3].revents) {
      char byte;
      ssize_t n = read(ready[0], &byte, 1);
      if (n < 0 && errno == EINTR) continue;
      close(ready[0]);
      fds[3].fd = -1;
      if (n == 1) {
        /* Built: attach it (unless that fails: the run's setup error), report, release. */
        char message[512];
        long long cpu_base;
        int failed = attach(init, &cpu_base, message, sizeof message);
        if (failed) {
          send_frame('E', message, (uint32_t)failed);
          /* As a direct start: a setup failure is exit status 1 without child-pid. */
          status = 1 << 8;
        } else if (!judge_gone) {
          send_frame('I', message, (uint32_t)info_message(init, cpu_base, message, sizeof message));
        }
        if (release_fd >= 0) close(release_fd);
        release_fd = -1;
      }
    }
    if (fds[4].revents) {
      struct signalfd_siginfo info;
      while (read(child_fd, &info, sizeof info) > 0) {
      }
      int child_status;
      if (!reaped && waitpid(init, &child_status, WNOHANG) == init) {
        reaped = 1;
        fds[4].fd = -1;
        if (status == 0) status = child_status;
      }
    }
    for (int i = 1; i < 3; i++) {
      if (fds[i].fd < 0 || !fds[i].revents) continue;
      ssize_t n = read(fds[i].fd, buffer, sizeof buffer);
      if (n < 0 && errno == EINTR) continue;
      if (n > 0) {
        if (!judge_gone) send_frame(types[i - 1], buffer, (uint32_t)n);
        continue;
      }
      close(fds[i].fd);
      fds[i].fd = -1;
      open_count--;
    }
  }
  if (fds[3].fd >= 0) close(ready[0]);
  if (release_fd >= 0) close(release_fd);
  close(child_fd);
  if (judge_gone) _exit(0);
  int32_t code = status_code(status);
  send_frame('X', &code, 4);
}

static int serve(void) {
  if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0)) die("PDEATHSIG");
  if (getppid() == 1) die("the judge is gone");
  seccomp_fd = 3;
  read_filter();
  /* Creating and tearing down a network namespace is the costliest part of a sandbox (0.6-0.9 ms here). A kept
     launcher makes one, empty, for its runs: they run one after another, their processes are all dead before
     the next starts, and nothing else lives in a network namespace without CAP_NET_ADMIN over it, which no run
     has (its owner is the host's user namespace). Runs of other launchers are in other namespaces. */
  if (unshare(CLONE_NEWNET)) die("new network namespace");
  network_ready = 1;
  /* SIGCHLD is read from a signalfd (serve_one). */
  sigset_t children;
  sigemptyset(&children);
  sigaddset(&children, SIGCHLD);
  if (sigprocmask(SIG_BLOCK, &children, NULL)) die("sigprocmask");
  for (;;) {
    char type;
    uint32_t length;
    if (read_full(0, &type, 1)) return 0;
    /* A kill for a run that has ended already. */
    if (type == 'K') continue;
    if (type != 'R' || read_full(0, &length, 4) || length > (64u << 20)) die("bad request");
    char *payload = malloc((size_t)length + 1);
    if (!payload || read_full(0, payload, length)) die("bad request");
    payload[length] = 0;
    serve_one(payload, length);
    free(payload);
  }
}

int main(int argc, char **argv) {
  if (argc == 2 && !strcmp(argv[1], "--serve")) return serve();
  parse(argc, argv);
  read_filter();
  return launch_parsed();
}
