import type { adminTag as contract } from '@oj/shared';
import type { z } from 'zod';
import { badRequest, notFound } from '../../http/app-error.js';
import { toTag } from '../problem/problem.mapper.js';
import type { AdminTagRepository, TagClassificationRow } from './admin-tag.repository.js';

type TagInput = z.output<(typeof contract.addTag)['input']>;
type ClassificationInput = z.output<(typeof contract.addTagClassification)['input']>;

const toClassification = (c: TagClassificationRow) => ({
  id: c.id,
  name: c.name,
  oj: c.oj,
  rank: c.rank,
  gmtCreate: c.gmtCreate.toISOString(),
  gmtModified: c.gmtModified.toISOString(),
});

/** Site tags and their classifications, per OJ (HOJ's admin/AdminTagController). */
export const createAdminTagService = (deps: { repo: AdminTagRepository; now?: () => Date }) => {
  const now = deps.now ?? (() => new Date());
  const checkTag = async (t: TagInput, exceptId?: number) => {
    if (await deps.repo.nameTaken(t.name, t.oj, exceptId)) throw badRequest('tagTaken', 'name', { name: t.name });
    if (t.tcid) {
      const c = await deps.repo.findClassification(t.tcid);
      // A tag and its classification belong to the same OJ's panel.
      if (!c || c.oj !== t.oj) throw badRequest('classificationUnknown', 'tcid');
    }
  };
  return {
    async addTag(t: TagInput) {
      await checkTag(t);
      return toTag(await deps.repo.insertTag({ name: t.name, color: t.color || null, oj: t.oj, tcid: t.tcid ?? null }));
    },
    async updateTag(t: TagInput & { id: number }) {
      await checkTag(t, t.id);
      const ok = await deps.repo.updateTag(t.id, {
        name: t.name,
        color: t.color || null,
        oj: t.oj,
        tcid: t.tcid ?? null,
        gmtModified: now(),
      });
      if (!ok) throw notFound();
      return null;
    },
    async deleteTag(id: number) {
      if (!(await deps.repo.deleteTag(id))) throw notFound();
      return null;
    },
    async classifications(oj: string | undefined) {
      return (await deps.repo.listClassifications(oj || 'ME')).map(toClassification);
    },
    async addClassification(c: ClassificationInput) {
      return toClassification(await deps.repo.insertClassification({ name: c.name, oj: c.oj, rank: c.rank }));
    },
    async updateClassification(c: ClassificationInput & { id: number }) {
      const ok = await deps.repo.updateClassification(c.id, {
        name: c.name,
        oj: c.oj,
        rank: c.rank,
        gmtModified: now(),
      });
      if (!ok) throw notFound();
      return null;
    },
    async deleteClassification(id: number) {
      if (!(await deps.repo.deleteClassification(id))) throw notFound();
      return null;
    },
  };
};
export type AdminTagService = ReturnType<typeof createAdminTagService>;
