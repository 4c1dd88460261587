import { z } from 'zod';
import { endpoint, qStr, wireInt } from '../api.js';
import type { RoleName } from '../roles.js';
import { tag, tagClassification } from './problem.js';

/** Tags and tag classifications (HOJ's AdminTagController): root and problem_admin. */
const roles: RoleName[] = ['root', 'problem_admin'];
const color = z.union([z.string().regex(/^#[0-9a-fA-F]{3,8}$/, { error: 'fieldInvalid' }), z.literal('')]).nullish();
const oj = z.string().trim().min(1).max(20).default('ME');

const tagBody = {
  name: z.string().trim().min(1, { error: 'fieldRequired' }).max(50),
  color,
  oj,
  tcid: wireInt(z.number().int().positive().nullish()),
};

export const addTag = endpoint({
  method: 'POST',
  path: '/api/admin/tag',
  access: 'admin',
  roles,
  input: z.object(tagBody),
  output: tag,
});

export const updateTag = endpoint({
  method: 'PUT',
  path: '/api/admin/tag',
  access: 'admin',
  roles,
  input: z.object({ id: wireInt(z.number().int().positive()), ...tagBody }),
  output: z.null(),
});

export const deleteTag = endpoint({
  method: 'DELETE',
  path: '/api/admin/tag',
  access: 'admin',
  roles,
  input: z.object({ tid: wireInt(z.number().int().positive()) }),
  output: z.null(),
});

export const getTagClassification = endpoint({
  method: 'GET',
  path: '/api/admin/tag/classification',
  access: 'admin',
  roles,
  input: z.object({ oj: qStr() }),
  output: z.array(tagClassification),
});

const classificationBody = {
  name: z.string().trim().min(1, { error: 'fieldRequired' }).max(50),
  oj,
  rank: wireInt(z.number().int().min(0).max(1_000_000).default(0)),
};

export const addTagClassification = endpoint({
  method: 'POST',
  path: '/api/admin/tag/classification',
  access: 'admin',
  roles,
  input: z.object(classificationBody),
  output: tagClassification,
});

export const updateTagClassification = endpoint({
  method: 'PUT',
  path: '/api/admin/tag/classification',
  access: 'admin',
  roles,
  input: z.object({ id: wireInt(z.number().int().positive()), ...classificationBody }),
  output: z.null(),
});

/** Its tags stay, without a classification. */
export const deleteTagClassification = endpoint({
  method: 'DELETE',
  path: '/api/admin/tag/classification',
  access: 'admin',
  roles,
  input: z.object({ tcid: wireInt(z.number().int().positive()) }),
  output: z.null(),
});
