import { z } from 'zod';
import { endpoint, qNum } from '../api.js';

/** File endpoints of the admin area (reference §2 file/TestCaseController, ProblemFileController,
 * MarkDownFileController; DESIGN §7 "Uploads"). Files arrive as multipart fields (buffers). */

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

/** A multipart file as the server's multipart hook hands it over: the bytes and the name the client gave. */
export interface UploadedFile {
  bytes: Uint8Array;
  filename: string;
}
const fileField = (max: number, tooLarge: 'fileTooLarge') =>
  z
    .custom<UploadedFile>((v) => !!v && typeof v === 'object' && (v as UploadedFile).bytes instanceof Uint8Array, {
      error: 'fileRequired',
    })
    .refine((v) => v.bytes.length <= max, { error: tooLarge });

export const uploadTestcaseZip = endpoint({
  method: 'POST',
  path: '/api/file/upload-testcase-zip',
  access: 'admin',
  input: z.object({
    file: fileField(UPLOAD_LIMITS.zipMaxBytes, 'fileTooLarge'),
    mode: z.string().max(50).optional(),
    gid: z.string().max(20).optional(),
  }),
  output: z.object({
    fileList: z.array(z.object({ input: z.string(), output: z.string(), groupNum: z.number().int().optional() })),
    /** Opaque and expiring: send it back as ProblemDTO.uploadTestcaseDir. Never a server path. */
    fileListDir: z.string(),
  }),
});

export const downloadTestcase = endpoint({
  method: 'GET',
  path: '/api/file/download-testcase',
  access: 'admin',
  input: z.object({ pid: qNum(z.number().int().positive()) }),
  output: z.unknown(),
  binary: true,
});

export const importProblem = endpoint({
  method: 'POST',
  path: '/api/file/import-problem',
  access: 'root',
  input: z.object({ file: fileField(UPLOAD_LIMITS.zipMaxBytes, 'fileTooLarge') }),
  /** HOJ answers Void; ours says what was created and which problemIds had to change. */
  output: z.object({
    problems: z.array(
      z.object({ pid: z.number().int(), problemId: z.string(), title: z.string(), renamedFrom: z.string().nullable() }),
    ),
  }),
});

/** `pid=1&pid=2` (HOJ's client) or `pid=1,2` (ours). */
const pidList = z.preprocess(
  (v) => (Array.isArray(v) ? v : typeof v === 'string' ? v.split(',').filter((x) => x.trim() !== '') : v),
  z.array(z.coerce.number().int().positive()).min(1, { error: 'fieldRequired' }).max(100),
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
  access: 'admin',
  input: z.object({
    image: fileField(UPLOAD_LIMITS.markdownImageMaxBytes, 'fileTooLarge'),
    gid: z.string().optional(),
  }),
  output: z.object({ link: z.string(), fileId: z.number().int() }),
});

export const uploadMdFile = endpoint({
  method: 'POST',
  path: '/api/file/upload-md-file',
  access: 'admin',
  input: z.object({ file: fileField(UPLOAD_LIMITS.markdownFileMaxBytes, 'fileTooLarge'), gid: z.string().optional() }),
  output: z.object({ link: z.string(), fileId: z.number().int() }),
});

export const deleteMdImg = endpoint({
  method: 'GET',
  path: '/api/file/delete-md-img',
  access: 'admin',
  input: z.object({ fileId: qNum(z.number().int().positive()) }),
  output: z.null(),
});
