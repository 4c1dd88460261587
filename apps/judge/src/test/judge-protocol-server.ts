import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type JudgeReport, type JudgeTask, judgeProtocol } from '@oj/shared';

export interface ReceivedReport {
  worker: string;
  taskId: number;
  judge?: JudgeReport;
  failure?: string;
}

/**
 * The server side of the judge protocol (claim, heartbeat, report, test data) for judge tests: one in-memory
 * queue every worker claims from, each task handed out once, requests and reports checked against the contract's
 * schemas. It stands in for the real server (whose queue has its own tests) so that judge tests need no database.
 */
export const startJudgeProtocolServer = async (token: string) => {
  const queue: JudgeTask[] = [];
  const files = new Map<string, Buffer>();
  const reports: ReceivedReport[] = [];
  const waiting: Array<() => void> = [];
  const polls = new Set<() => void>();
  const protocolErrors: string[] = [];

  const send = (res: ServerResponse, status: number, data: unknown, msg = 'success') => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ status, msg, data }));
  };
  const body = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  };
  const nextTask = (waitMs: number) =>
    new Promise<JudgeTask | null>((resolve) => {
      const take = () => {
        const task = queue.shift();
        if (!task) return false;
        clearTimeout(timer);
        polls.delete(end);
        resolve(task);
        return true;
      };
      const end = () => {
        clearTimeout(timer);
        polls.delete(end);
        const index = waiting.indexOf(wake);
        if (index >= 0) waiting.splice(index, 1);
        resolve(null);
      };
      const timer = setTimeout(end, waitMs);
      polls.add(end);
      const wake = () => {
        if (!take()) waiting.push(wake);
      };
      if (!take()) waiting.push(wake);
    });

  const server = createServer((req, res) => {
    void (async () => {
      if (req.headers.authorization !== `Bearer ${token}`) return send(res, 401, null, 'pleaseLogin');
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (req.method === 'GET' && url.pathname === judgeProtocol.testData.path) {
        const bytes = files.get(url.searchParams.get('sha256') ?? '');
        if (!bytes) return send(res, 404, null, 'notFound');
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        return res.end(bytes);
      }
      const endpoints = [judgeProtocol.claim, judgeProtocol.heartbeat, judgeProtocol.report];
      const e = endpoints.find((candidate) => candidate.path === url.pathname && req.method === 'POST');
      if (!e) return send(res, 404, null, 'notFound');
      const parsed = e.input.safeParse(await body(req));
      if (!parsed.success) {
        protocolErrors.push(`${e.path}: ${parsed.error.message}`);
        return send(res, 400, null, parsed.error.message);
      }
      if (e === judgeProtocol.claim) {
        const input = judgeProtocol.claim.input.parse(parsed.data);
        return send(res, 200, await nextTask(input.waitMs));
      }
      if (e === judgeProtocol.heartbeat) return send(res, 200, { keep: true });
      const input = judgeProtocol.report.input.parse(parsed.data);
      reports.push({ worker: input.name, taskId: input.taskId, judge: input.judge, failure: input.failure });
      return send(res, 200, { accepted: true });
    })().catch((error) => {
      protocolErrors.push(String(error));
      send(res, 500, null, 'error');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    reports,
    protocolErrors,
    /** Stores a test file and returns its sha256, as the server's content-addressed store does. */
    addFile(content: string): { sha256: string; size: number } {
      const bytes = Buffer.from(content);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      files.set(sha256, bytes);
      return { sha256, size: bytes.length };
    },
    enqueue(task: JudgeTask) {
      queue.push(task);
      waiting.shift()?.();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const end of [...polls]) end();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
