import type { Database } from '../../db/client.js';
import { logger } from '../../lib/logger.js';
import { createEngineWorker, type EngineWorker } from './engine/index.js';
import { type CheckRow, createPlagiarismRepository, type Selection } from './plagiarism.repository.js';
import { createPlagiarismRunner, type Engine } from './plagiarism-runner.js';

/** Real programs: `original` and two disguised copies of it (renamed, reformatted, commented, a dead statement, its
 * functions reordered), and a different solution of the same problem. */
export const original = `#include <bits/stdc++.h>
using namespace std;
int n, m;
vector<int> adj[200005];
int dist[200005];
void bfs(int start) {
  queue<int> q;
  for (int i = 1; i <= n; i++) dist[i] = -1;
  dist[start] = 0;
  q.push(start);
  while (!q.empty()) {
    int u = q.front();
    q.pop();
    for (int v : adj[u]) {
      if (dist[v] == -1) {
        dist[v] = dist[u] + 1;
        q.push(v);
      }
    }
  }
}
int main() {
  scanf("%d %d", &n, &m);
  for (int i = 0; i < m; i++) {
    int a, b;
    scanf("%d %d", &a, &b);
    adj[a].push_back(b);
    adj[b].push_back(a);
  }
  bfs(1);
  long long total = 0;
  for (int i = 1; i <= n; i++) total += dist[i] > 0 ? dist[i] : 0;
  printf("%lld\\n", total);
  return 0;
}
`;

export const renamed = `#include <bits/stdc++.h>
using namespace std;
// number of nodes and edges
int N, M;
vector<int> graph_[200005];
int level_[200005];
void search(int src)
{
    queue<int> qu;   // frontier
    for (int k = 1; k <= N; k++)
        level_[k] = -1;
    level_[src] = 0;
    qu.push(src);
    while (!qu.empty())
    {
        int x = qu.front(); qu.pop();
        for (int y : graph_[x])
        {
            if (level_[y] == -1)
            {
                level_[y] = level_[x] + 1;
                qu.push(y);
            }
        }
    }
}
int main()
{
    int unused = 42;
    scanf("%d %d", &N, &M);
    for (int k = 0; k < M; k++) { int p, r; scanf("%d %d", &p, &r); graph_[p].push_back(r); graph_[r].push_back(p); }
    search(1);
    long long answer = 0;
    for (int k = 1; k <= N; k++) answer += level_[k] > 0 ? level_[k] : 0;
    printf("%lld\\n", answer);
    return 0;
}
`;

export const reordered = `#include <bits/stdc++.h>
using namespace std;
int nodes, edges;
vector<int> g[200005];
int d[200005];
/* breadth-first search from s */
void walk(int s) {
  queue<int> frontier;
  for (int j = 1; j <= nodes; j++) d[j] = -1;
  d[s] = 0; frontier.push(s);
  while (!frontier.empty()) {
    int cur = frontier.front(); frontier.pop();
    for (int nxt : g[cur]) {
      if (d[nxt] == -1) { d[nxt] = d[cur] + 1; frontier.push(nxt); }
    }
  }
}
int main() {
  scanf("%d %d", &nodes, &edges);
  for (int j = 0; j < edges; j++) {
    int x, y;
    scanf("%d %d", &x, &y);
    g[x].push_back(y);
    g[y].push_back(x);
  }
  walk(1);
  long long sum = 0;
  for (int j = 1; j <= nodes; j++) sum += d[j] > 0 ? d[j] : 0;
  printf("%lld\\n", sum);
  return 0;
}
`;

export const different = `#include <cstdio>
#include <cstring>
const int MAXN = 200005;
int head[MAXN], nxt[MAXN * 2], to[MAXN * 2], cnt;
int depth[MAXN], stk[MAXN];
void add(int u, int v) { to[++cnt] = v; nxt[cnt] = head[u]; head[u] = cnt; }
int main() {
  int n, m;
  if (scanf("%d%d", &n, &m) != 2) return 0;
  while (m--) {
    int u, v;
    scanf("%d%d", &u, &v);
    add(u, v);
    add(v, u);
  }
  memset(depth, 0x3f, sizeof depth);
  int top = 0, lo = 0;
  depth[1] = 0;
  stk[top++] = 1;
  while (lo < top) {
    int u = stk[lo++];
    for (int e = head[u]; e; e = nxt[e])
      if (depth[to[e]] > depth[u] + 1) depth[to[e]] = depth[u] + 1, stk[top++] = to[e];
  }
  unsigned long long s = 0;
  for (int i = 2; i <= n; ++i) if (depth[i] < 0x3f3f3f3f) s += depth[i];
  printf("%llu\\n", s);
}
`;

export const template = `#include <bits/stdc++.h>
using namespace std;
int main() {
  // your code here
  return 0;
}
`;

/** One engine thread for a whole test file, started on first use (its start, not a small check, is the slow part),
 * with the batches it fingerprinted counted. The runners' `close` leaves it running; `close` here ends it. */
export const sharedTestEngine = () => {
  let worker: EngineWorker | undefined;
  const thread = () => {
    worker ??= createEngineWorker();
    return worker;
  };
  const fingerprinted: number[] = [];
  const engine: Engine = {
    fingerprintMany: (items) => {
      fingerprinted.push(items.length);
      return thread().fingerprintMany(items);
    },
    compare: (input) => thread().compare(input),
    close: async () => {},
  };
  return { engine, fingerprinted, close: async () => worker?.close() };
};

/** A runner over one database handle (one instance) on the shared engine, driven by its `runOnce`. */
export const testRunner = (
  db: Database['db'],
  selectionFor: (row: CheckRow) => Promise<Selection | undefined>,
  engine: Engine,
) =>
  createPlagiarismRunner({
    repo: createPlagiarismRepository(db),
    selectionFor,
    log: logger.child({ module: 'plagiarism-test' }),
    engine: () => engine,
  });
