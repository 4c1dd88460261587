import type { RemoteJudgeAdapter, RemoteLanguage, RemoteOj } from '@oj/remote-judge';
import { problem as problemContract } from '@oj/shared';

/** The remote judges this server reaches (the importer) and whose languages it offers on their problems: one adapter
 * per site, built from the environment in main.ts (OJ_REMOTE_CF_URL ...), from a loopback fake in tests. */
export type RemoteSites = Partial<Record<RemoteOj, RemoteJudgeAdapter>>;

const OJ_KEYS = problemContract.REMOTE_OJS as readonly string[];

/** "<OJ>-<remoteId>" of an imported problem → its site and the id there; null for a local problem id. */
export const remoteProblemOf = (problemId: string): { oj: RemoteOj; remoteId: string } | null => {
  const dash = problemId.indexOf('-');
  if (dash <= 0) return null;
  const oj = problemId.slice(0, dash).toUpperCase();
  if (!OJ_KEYS.includes(oj)) return null;
  return { oj: oj as RemoteOj, remoteId: problemId.slice(dash + 1) };
};

/** The site's language of this name (the selector offers the site's names on a remote problem). */
export const remoteLanguageOf = (sites: RemoteSites, oj: RemoteOj, name: string): RemoteLanguage | undefined =>
  sites[oj]?.languages.find((l) => l.name === name);
