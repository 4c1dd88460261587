import type { JudgeHeader } from '@oj/shared';
import type { JudgeHeaderRow } from './judge-header.repository.js';

/** A stored header as root's page lists it. */
export const judgeHeaderOf = (r: JudgeHeaderRow): JudgeHeader => ({
  name: r.name,
  size: r.size,
  version: r.version,
  sha256: r.sha256,
  uploadedBy: r.uploadedBy,
  gmtCreate: r.gmtCreate.toISOString(),
  gmtModified: r.gmtModified.toISOString(),
});
