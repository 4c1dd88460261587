import sys

data = sys.stdin.read().split()
n = int(data[0])
print(" ".join(map(str, sorted(map(int, data[1 : n + 1])))))
