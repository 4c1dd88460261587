/** An edge between two users: a pair of their submissions on one problem, with its similarity. */
export interface UserEdge {
  leftUid: string;
  rightUid: string;
  pid: number;
  similarity: number;
}

export interface Cluster {
  uids: string[];
  pids: number[];
  maxSimilarity: number;
}

/** The clusters of a check (decision 0047): users connected by pairs at or above `threshold` (on any problem of the
 * scope), each with the problems its pairs are on and its highest similarity; the largest first, then the most
 * similar, then by their first user (so the same pairs in any order give the same list). A user's pairs with themself (every submission checked) join nobody. */
export const clustersOf = (edges: UserEdge[], threshold: number): Cluster[] => {
  const parent = new Map<string, string>();
  const find = (u: string): string => {
    let root = u;
    while (parent.get(root) !== root) root = parent.get(root) as string;
    // Path compression: every node on the way points at the root.
    let at = u;
    while (at !== root) {
      const next = parent.get(at) as string;
      parent.set(at, root);
      at = next;
    }
    return root;
  };
  const strong = edges.filter((e) => e.similarity >= threshold && e.leftUid !== e.rightUid);
  for (const e of strong) {
    if (!parent.has(e.leftUid)) parent.set(e.leftUid, e.leftUid);
    if (!parent.has(e.rightUid)) parent.set(e.rightUid, e.rightUid);
    const a = find(e.leftUid);
    const b = find(e.rightUid);
    // The smaller uid (a string) becomes the root.
    const [root, child] = a < b ? [a, b] : [b, a];
    if (a !== b) parent.set(child, root);
  }
  const byRoot = new Map<string, { uids: Set<string>; pids: Set<number>; maxSimilarity: number }>();
  for (const e of strong) {
    const root = find(e.leftUid);
    let c = byRoot.get(root);
    if (!c) {
      c = { uids: new Set(), pids: new Set(), maxSimilarity: 0 };
      byRoot.set(root, c);
    }
    c.uids.add(e.leftUid).add(e.rightUid);
    c.pids.add(e.pid);
    c.maxSimilarity = Math.max(c.maxSimilarity, e.similarity);
  }
  return [...byRoot.values()]
    .map((c) => ({
      uids: [...c.uids].sort(),
      pids: [...c.pids].sort((x, y) => x - y),
      maxSimilarity: c.maxSimilarity,
    }))
    .sort(
      (x, y) => y.uids.length - x.uids.length || y.maxSimilarity - x.maxSimilarity || (x.uids[0] < y.uids[0] ? -1 : 1),
    );
};
