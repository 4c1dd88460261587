import { arch } from 'node:os';

/**
 * The seccomp program handed to `bwrap --seccomp FD`, written as raw classic BPF so no native
 * library (libseccomp) is needed. It mirrors isolate's deny-list:
 * sockets other than AF_UNIX (AF_VSOCK reaches the hypervisor on a VM even inside a network
 * namespace), kernel keyrings, bpf, perf, userfaultfd, ptrace, cross-process memory access,
 * io_uring, namespace and mount syscalls. The x32 ABI gets ENOSYS and a foreign architecture kills the
 * process, so a program cannot switch ABI to reach syscalls by other numbers.
 */

// Classic BPF opcodes (linux/filter.h).
const BPF_LD_W_ABS = 0x20;
const BPF_JEQ_K = 0x15;
const BPF_JGE_K = 0x35;
const BPF_RET_K = 0x06;

const SECCOMP_RET_KILL_PROCESS = 0x80000000;
const SECCOMP_RET_ERRNO = 0x00050000;
const SECCOMP_RET_ALLOW = 0x7fff0000;

const EPERM = 1;
const ENOSYS = 38;
const EAFNOSUPPORT = 97;
const AF_UNIX = 1;

// Offsets in struct seccomp_data: nr (u32), arch (u32), instruction_pointer (u64), args[6] (u64, low word first).
const OFFSET_NR = 0;
const OFFSET_ARCH = 4;
const OFFSET_ARG0_LOW = 16;

interface ArchTable {
  auditArch: number;
  /** Syscall numbers at or above this are another ABI (x32 on x86_64). */
  x32Bit?: number;
  socketCalls: number[];
  denied: number[];
  /** Denied with ENOSYS rather than EPERM: runtimes (libuv, glibc) probe these and fall back on ENOSYS. */
  unsupported: number[];
}

const TABLES: Record<string, ArchTable> = {
  x64: {
    auditArch: 0xc000003e,
    x32Bit: 0x40000000,
    socketCalls: [41 /* socket */, 53 /* socketpair */],
    denied: [
      101 /* ptrace */, 155 /* pivot_root */, 163 /* acct */, 165 /* mount */, 166 /* umount2 */, 167 /* swapon */,
      168 /* swapoff */, 169 /* reboot */, 175 /* init_module */, 176 /* delete_module */, 246 /* kexec_load */,
      248 /* add_key */, 249 /* request_key */, 250 /* keyctl */, 272 /* unshare */, 298 /* perf_event_open */,
      300 /* fanotify_init */, 303 /* name_to_handle_at */, 304 /* open_by_handle_at */, 308 /* setns */,
      310 /* process_vm_readv */, 311 /* process_vm_writev */, 313 /* finit_module */, 320 /* kexec_file_load */,
      321 /* bpf */, 323 /* userfaultfd */, 428 /* open_tree */, 429 /* move_mount */, 430 /* fsopen */,
      431 /* fsconfig */, 432 /* fsmount */, 433 /* fspick */, 440 /* process_madvise */, 442 /* mount_setattr */,
    ],
    unsupported: [425 /* io_uring_setup */, 426 /* io_uring_enter */, 427 /* io_uring_register */],
  },
  arm64: {
    auditArch: 0xc00000b7,
    socketCalls: [198 /* socket */, 199 /* socketpair */],
    denied: [
      117 /* ptrace */, 41 /* pivot_root */, 89 /* acct */, 40 /* mount */, 39 /* umount2 */, 224 /* swapon */,
      225 /* swapoff */, 142 /* reboot */, 105 /* init_module */, 106 /* delete_module */, 104 /* kexec_load */,
      217 /* add_key */, 218 /* request_key */, 219 /* keyctl */, 97 /* unshare */, 241 /* perf_event_open */,
      262 /* fanotify_init */, 264 /* name_to_handle_at */, 265 /* open_by_handle_at */, 268 /* setns */,
      270 /* process_vm_readv */, 271 /* process_vm_writev */, 273 /* finit_module */, 294 /* kexec_file_load */,
      280 /* bpf */, 282 /* userfaultfd */, 428, 429, 430, 431, 432, 433, 440, 442,
    ],
    unsupported: [425, 426, 427],
  },
};

/** Builds the BPF program for this machine's architecture as a Buffer of `struct sock_filter`. */
export const buildSeccompFilter = (machineArch: string = arch()): Buffer => {
  const table = TABLES[machineArch];
  if (!table) throw new Error(`no seccomp table for architecture ${machineArch}`);
  const program: Array<[code: number, jt: number, jf: number, k: number]> = [];
  const emit = (code: number, jt: number, jf: number, k: number) => program.push([code, jt, jf, k]);

  emit(BPF_LD_W_ABS, 0, 0, OFFSET_ARCH);
  emit(BPF_JEQ_K, 1, 0, table.auditArch);
  emit(BPF_RET_K, 0, 0, SECCOMP_RET_KILL_PROCESS);
  emit(BPF_LD_W_ABS, 0, 0, OFFSET_NR);
  if (table.x32Bit !== undefined) {
    emit(BPF_JGE_K, 0, 1, table.x32Bit);
    emit(BPF_RET_K, 0, 0, SECCOMP_RET_ERRNO | ENOSYS);
  }
  // Each rule is "if nr == X jump to verdict". Verdict blocks sit at the end; offsets are patched below.
  type Jump = { index: number; target: 'socket' | 'deny' | 'unsupported' };
  const jumps: Jump[] = [];
  for (const nr of table.socketCalls) {
    jumps.push({ index: program.length, target: 'socket' });
    emit(BPF_JEQ_K, 0, 0, nr);
  }
  for (const nr of table.denied) {
    jumps.push({ index: program.length, target: 'deny' });
    emit(BPF_JEQ_K, 0, 0, nr);
  }
  for (const nr of table.unsupported) {
    jumps.push({ index: program.length, target: 'unsupported' });
    emit(BPF_JEQ_K, 0, 0, nr);
  }
  emit(BPF_RET_K, 0, 0, SECCOMP_RET_ALLOW);
  const targets = {
    deny: program.length,
    unsupported: program.length + 1,
    socket: program.length + 2,
  };
  emit(BPF_RET_K, 0, 0, SECCOMP_RET_ERRNO | EPERM);
  emit(BPF_RET_K, 0, 0, SECCOMP_RET_ERRNO | ENOSYS);
  // socket(domain, ...): only AF_UNIX; everything else looks like an unsupported family.
  emit(BPF_LD_W_ABS, 0, 0, OFFSET_ARG0_LOW);
  emit(BPF_JEQ_K, 0, 1, AF_UNIX);
  emit(BPF_RET_K, 0, 0, SECCOMP_RET_ALLOW);
  emit(BPF_RET_K, 0, 0, SECCOMP_RET_ERRNO | EAFNOSUPPORT);

  for (const jump of jumps) {
    const offset = targets[jump.target] - jump.index - 1;
    if (offset > 255) throw new Error('seccomp program too long for 8-bit jumps');
    program[jump.index][1] = offset;
  }
  const buffer = Buffer.alloc(program.length * 8);
  program.forEach(([code, jt, jf, k], i) => {
    buffer.writeUInt16LE(code, i * 8);
    buffer.writeUInt8(jt, i * 8 + 2);
    buffer.writeUInt8(jf, i * 8 + 3);
    buffer.writeUInt32LE(k >>> 0, i * 8 + 4);
  });
  return buffer;
};
