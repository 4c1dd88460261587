import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { tagClassifications, tags } from '../../db/schema.js';

/** The built-in Chinese taxonomy of the problem list's tag panel:
 * four classifications of about ten tags each. Admins edit them afterwards. */
export const TAG_TAXONOMY: { name: string; tags: { name: string; color: string }[] }[] = [
  {
    name: '语言',
    tags: ['C', 'C++', 'Java', 'Python', '输入输出', '字符串处理', '循环', '数组', '函数', '结构体'].map((name) => ({
      name,
      color: '#409EFF',
    })),
  },
  {
    name: '算法',
    tags: ['模拟', '枚举', '贪心', '排序', '二分', '递归', '搜索', '动态规划', '图论', '数学'].map((name) => ({
      name,
      color: '#67C23A',
    })),
  },
  {
    name: '数据结构',
    tags: ['栈', '队列', '链表', '树', '二叉树', '堆', '哈希表', '并查集', '线段树', '树状数组'].map((name) => ({
      name,
      color: '#E6A23C',
    })),
  },
  {
    name: '来源',
    tags: ['NOIP', 'CSP-J', 'CSP-S', 'NOI', 'IOI', 'ICPC', 'CCPC', '蓝桥杯', 'USACO', '原创'].map((name) => ({
      name,
      color: '#909399',
    })),
  },
];

/** Creates the taxonomy once: a classification that exists (by name) is left alone, so admins' edits, renames
 * and deletions of its tags survive restarts. */
export const seedTagTaxonomy = async (db: Db) => {
  await db.transaction(async (tx) => {
    for (const [rank, c] of TAG_TAXONOMY.entries()) {
      const [existing] = await tx
        .select()
        .from(tagClassifications)
        .where(and(eq(tagClassifications.name, c.name), eq(tagClassifications.oj, 'ME')));
      if (existing) continue;
      const [created] = await tx.insert(tagClassifications).values({ name: c.name, oj: 'ME', rank }).returning();
      for (const t of c.tags) {
        // A tag of that name may already exist (created by a problem import): file it under the classification.
        const [tag] = await tx
          .select()
          .from(tags)
          .where(and(eq(tags.name, t.name), eq(tags.oj, 'ME'), isNull(tags.gid)));
        if (tag) {
          if (tag.tcid === null) await tx.update(tags).set({ tcid: created.id }).where(eq(tags.id, tag.id));
        } else {
          await tx.insert(tags).values({ name: t.name, color: t.color, oj: 'ME', tcid: created.id });
        }
      }
    }
  });
};
