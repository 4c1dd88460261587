#!/bin/sh
# Runs a command of this checkout on a cgroup v2 host: a throwaway virtual machine (qemu) booting Debian's kernel
# with the cgroup v2 hierarchy (memory, cpu, pids) mounted, on this machine's own files (read-only over 9p, with
# a tmpfs on top, so nothing the guest writes reaches the host), as root in the checkout. For hosts whose cgroup
# controllers are bound to v1, like the development VMs, where the judge's v2 path cannot run otherwise.
#   sudo sh bench/cgroup-v2-guest.sh 'node --import tsx bench/sandbox-overhead.ts 20 served'
#   sudo sh bench/cgroup-v2-guest.sh 'cd apps/judge && npx vitest run src/sandbox'
# Needs: apt-get install qemu-system-x86 linux-image-amd64 busybox-static. The guest runs under qemu's emulator
# (TCG; nested KVM does not boot here), about 25 times slower than the host: compare ratios measured inside the
# guest (sandbox against plain fork+exec, sandbox against the program's own clock), not milliseconds with the host.
# OJ_GUEST_MEMORY_MB (default 6144) and OJ_GUEST_TIMEOUT_S (default 3600) bound the guest.
set -eu
[ $# -eq 1 ] || { echo "usage: $0 'command run in the checkout'" >&2; exit 2; }
checkout=$(cd "$(dirname "$0")/.." && pwd)
kernel=$(ls /boot/vmlinuz-* 2>/dev/null | sort -V | tail -1)
[ -n "$kernel" ] || { echo "no kernel in /boot: apt-get install linux-image-amd64" >&2; exit 2; }
version=${kernel#/boot/vmlinuz-}
modules=/lib/modules/$version
work=$(mktemp -d /tmp/oj-v2-guest-XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/initrd/bin" "$work/initrd/mods" "$work/initrd/proc" "$work/initrd/sys" "$work/initrd/dev" \
  "$work/initrd/lower" "$work/initrd/upper" "$work/initrd/newroot" "$work/out"
cp "$(command -v busybox)" "$work/initrd/bin/busybox"
# In dependency order (modules.dep): virtio, the 9p file system, overlayfs.
mods="virtio_ring virtio virtio_pci_modern_dev virtio_pci_legacy_dev virtio_pci netfs fscache 9pnet 9pnet_virtio 9p overlay"
for m in $mods; do
  file=$(find "$modules/kernel" -name "$m.ko*" | head -1)
  [ -n "$file" ] || { echo "module $m not found under $modules" >&2; exit 2; }
  case "$file" in
    *.xz) xz -dc "$file" > "$work/initrd/mods/$m.ko" ;;
    *) cp "$file" "$work/initrd/mods/$m.ko" ;;
  esac
done
cat > "$work/initrd/init" <<EOF
#!/bin/busybox sh
/bin/busybox --install -s /bin
mount -t proc proc /proc; mount -t sysfs sys /sys; mount -t devtmpfs dev /dev
for m in $mods; do insmod /mods/\$m.ko; done
mount -t 9p -o trans=virtio,version=9p2000.L,ro,msize=512000,cache=loose hostroot /lower
mount -t tmpfs -o size=8g tmpfs /upper; mkdir -p /upper/u /upper/w
mount -t overlay overlay -o lowerdir=/lower,upperdir=/upper/u,workdir=/upper/w /newroot
mkdir -p /newroot/guest-out
mount -t 9p -o trans=virtio,version=9p2000.L,msize=512000 out /newroot/guest-out
umount /proc /sys /dev
exec switch_root /newroot /bin/sh /guest-out/guest.sh
EOF
chmod +x "$work/initrd/init"
cat > "$work/out/guest.sh" <<'EOF'
export PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin HOME=/root
exec > /guest-out/log 2>&1
mount -t proc proc /proc; mount -t sysfs sys /sys; mount -t devtmpfs dev /dev
mkdir -p /dev/pts /dev/shm; mount -t devpts devpts /dev/pts; mount -t tmpfs tmpfs /dev/shm
mount -t cgroup2 -o nsdelegate cgroup2 /sys/fs/cgroup
mount -t tmpfs tmpfs /tmp; mount -t tmpfs tmpfs /run
ip link set lo up
echo "guest: Linux $(uname -r), cgroup v2 controllers: $(cat /sys/fs/cgroup/cgroup.controllers)"
cd "$(cat /guest-out/checkout)" && sh /guest-out/command
echo "guest: exit $?"
echo o > /proc/sysrq-trigger
EOF
printf '%s\n' "$checkout" > "$work/out/checkout"
printf '%s\n' "$1" > "$work/out/command"
(cd "$work/initrd" && find . | cpio -o -H newc 2>/dev/null | gzip > "$work/initrd.gz")
timeout "${OJ_GUEST_TIMEOUT_S:-3600}" qemu-system-x86_64 -accel tcg,thread=multi -cpu max -smp "$(nproc)" \
  -m "${OJ_GUEST_MEMORY_MB:-6144}" -nographic -no-reboot -kernel "$kernel" -initrd "$work/initrd.gz" \
  -append "console=ttyS0 quiet panic=-1 rdinit=/init" \
  -virtfs local,path=/,mount_tag=hostroot,security_model=passthrough,readonly=on,multidevs=remap \
  -virtfs "local,path=$work/out,mount_tag=out,security_model=passthrough" > "$work/console.log" 2>&1 || true
if [ -f "$work/out/log" ]; then cat "$work/out/log"; else tail -40 "$work/console.log"; exit 1; fi
grep -q '^guest: exit 0$' "$work/out/log"
