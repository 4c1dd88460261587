import { z } from 'zod';
import { endpoint, isoDate } from '../api.js';
import { uploadedFile } from './file.js';

/** Site-wide judge headers (testlib.h ...), root's: every judge puts them on the include path of every special judge
 * and interactor compile; a problem's own file of the same name wins. Not in HOJ. */

/** A header is a text file of at most 1 MiB. */
export const JUDGE_HEADER_MAX_BYTES = 1024 * 1024;
/** What a header may be called: a plain file name ending in .h, .hpp or .hh. */
export const JUDGE_HEADER_NAME = /^[A-Za-z0-9_.-]{1,64}\.(h|hpp|hh)$/;

export const judgeHeader = z.object({
  name: z.string(),
  size: z.number().int(),
  /** The header's `#define VERSION "..."` (testlib has one), null when it has none. */
  version: z.string().nullable(),
  sha256: z.string(),
  /** The username of whoever uploaded the current content ("system" for the download at start, OJ_TESTLIB_URL). */
  uploadedBy: z.string(),
  gmtCreate: isoDate,
  gmtModified: isoDate,
});
export type JudgeHeader = z.infer<typeof judgeHeader>;

/** Adds a header, or replaces the one of the same name; it is named by the uploaded file's name. */
export const uploadJudgeHeader = endpoint({
  method: 'POST',
  path: '/api/admin/judge-header',
  access: 'root',
  upload: { maxBytes: JUDGE_HEADER_MAX_BYTES },
  input: z.object({ file: uploadedFile() }),
  output: judgeHeader,
});

export const getJudgeHeaders = endpoint({
  method: 'GET',
  path: '/api/admin/judge-headers',
  access: 'root',
  input: z.object({}),
  output: z.array(judgeHeader),
});

export const deleteJudgeHeader = endpoint({
  method: 'DELETE',
  path: '/api/admin/judge-header',
  access: 'root',
  input: z.object({ name: z.string().min(1).max(100) }),
  output: z.null(),
});
