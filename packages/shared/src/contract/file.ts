import { z } from 'zod';
import { BIG_ID, endpoint, wireInt } from '../api.js';
import { rankType } from './rank.js';

/** File endpoints of the admin area (HOJ's TestCaseController, ProblemFileController, MarkDownFileController;
 * uploads are typed by their bytes, test data gets an opaque upload id). Files arrive as multipart fields
 * (buffers). */

/** Limits of uploaded archives: the compressed file, what it may expand to, and its entry count. */
export const UPLOAD_LIMITS = {
  zipMaxBytes: 256 * 1024 * 1024,
  unzippedMaxBytes: 1024 * 1024 * 1024,
  zipMaxEntries: 2000,
  markdownImageMaxBytes: 5 * 1024 * 1024,
  markdownFileMaxBytes: 20 * 1024 * 1024,
  /** An upload id stays valid this long; the problem must be saved within it. */
  uploadTtlMs: 2 * 3600 * 1000,
} as const;

/** A multipart file as the endpoint binding hands it over: streamed to a temporary file under OJ_DATA_DIR (never
 * held in memory), removed when the call ends (a service that keeps it copies or renames it first), its size
 * in bytes and the name the client gave. The endpoint's `upload.maxBytes` caps it while it streams. */
export interface UploadedFile {
  path: string;
  size: number;
  filename: string;
}
export const isUploadedFile = (v: unknown): v is UploadedFile =>
  !!v &&
  typeof v === 'object' &&
  typeof (v as UploadedFile).path === 'string' &&
  typeof (v as UploadedFile).size === 'number' &&
  typeof (v as UploadedFile).filename === 'string';

/** The file field of an upload endpoint (its size is capped by the endpoint's `upload`, while it streams). */
export const uploadedFile = () => z.custom<UploadedFile>(isUploadedFile, { error: 'fileRequired' });

/** The group an upload is for (its admins may upload; checked from the query string before the body is read when
 * it is there). Without it, admin roles only. */
const uploadGid = wireInt(z.number().int().positive().optional());

export const uploadTestcaseZip = endpoint({
  method: 'POST',
  path: '/api/file/upload-testcase-zip',
  access: 'user',
  upload: { maxBytes: UPLOAD_LIMITS.zipMaxBytes },
  input: z.object({
    file: uploadedFile(),
    mode: z.string().max(50).optional(),
    gid: uploadGid,
  }),
  output: z.object({
    fileList: z.array(z.object({ input: z.string(), output: z.string(), groupNum: z.number().int().optional() })),
    /** Opaque and expiring: send it back as ProblemDTO.uploadTestcaseDir. Never a server path. */
    fileListDir: z.string(),
  }),
});

/** Who manages the problem: an admin role for the bank's, the group's rule for a group's (decision 0023). */
export const downloadTestcase = endpoint({
  method: 'GET',
  path: '/api/file/download-testcase',
  access: 'user',
  input: z.object({ pid: wireInt(z.number().int().positive()) }),
  output: z.unknown(),
  binary: true,
});

export const importProblem = endpoint({
  method: 'POST',
  path: '/api/file/import-problem',
  access: 'root',
  upload: { maxBytes: UPLOAD_LIMITS.zipMaxBytes },
  input: z.object({ file: uploadedFile() }),
  /** HOJ answers Void; ours says what was created and which problemIds had to change. */
  output: z.object({
    problems: z.array(
      z.object({ pid: z.number().int(), problemId: z.string(), title: z.string(), renamedFrom: z.string().nullable() }),
    ),
    /** An imported problem that carries its own testlib.h, when the site has none as a judge header: the import page
     * offers to make that file the site's. Null otherwise. */
    testlibOffer: z.object({ pid: z.number().int(), problemId: z.string() }).nullable(),
  }),
});

/** `pid=1&pid=2` (HOJ's client) or `pid=1,2` (ours). */
const pidList = z.preprocess(
  (v) => (Array.isArray(v) ? v : typeof v === 'string' ? v.split(',').filter((x) => x.trim() !== '') : v),
  z.array(wireInt(z.number().int().positive())).min(1, { error: 'fieldRequired' }).max(100),
);

export const exportProblem = endpoint({
  method: 'GET',
  path: '/api/file/export-problem',
  access: 'root',
  input: z.object({ pid: pidList }),
  output: z.unknown(),
  binary: true,
});

export const uploadMdImg = endpoint({
  method: 'POST',
  path: '/api/file/upload-md-img',
  access: 'user',
  upload: { maxBytes: UPLOAD_LIMITS.markdownImageMaxBytes },
  input: z.object({
    image: uploadedFile(),
    gid: uploadGid,
  }),
  output: z.object({ link: z.string(), fileId: z.number().int() }),
});

export const uploadMdFile = endpoint({
  method: 'POST',
  path: '/api/file/upload-md-file',
  access: 'user',
  upload: { maxBytes: UPLOAD_LIMITS.markdownFileMaxBytes },
  input: z.object({ file: uploadedFile(), gid: uploadGid }),
  output: z.object({ link: z.string(), fileId: z.number().int() }),
});

export const deleteMdImg = endpoint({
  method: 'GET',
  path: '/api/file/delete-md-img',
  access: 'admin',
  input: z.object({ fileId: wireInt(z.number().int().positive(), BIG_ID) }),
  output: z.null(),
});

/** A group's rank (ACM or OI, as the rank tab shows it) as an xlsx workbook: whoever may read the group's rank (its
 * members); the real-name column only for its admins and the site's (decision 0041). */
export const downloadGroupRank = endpoint({
  method: 'GET',
  path: '/api/file/download-group-rank',
  access: 'user',
  // The group id as contract/group.ts's `groupId` (not imported: group.ts imports this file).
  input: z.object({ gid: wireInt(z.number({ error: 'fieldRequired' }).int().positive()), type: rankType }),
  output: z.unknown(),
  binary: true,
});
