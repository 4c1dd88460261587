import { account, comment, discussion, home } from '@oj/shared';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, buildUrl, createHttpClient, type HttpClientDeps } from './http-client';

const envelope = (status: number, data: unknown, msg = status === 200 ? 'success' : 'failed') =>
  JSON.stringify({ status, msg, data });

const setup = (
  respond: (url: string, init: RequestInit) => Promise<Response> | Response,
  token: string | null = 'tok-1',
) => {
  let stored = token;
  const calls: { url: string; init: RequestInit }[] = [];
  const deps = {
    fetch: vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(url), init: init ?? {} });
      return respond(String(url), init ?? {});
    }) as unknown as typeof fetch,
    getToken: () => stored,
    setToken: vi.fn((t: string) => {
      stored = t;
    }),
    getLanguage: () => 'en-US',
    translate: (key: string) => `t:${key}`,
    notify: vi.fn(),
    onUnauthorized: vi.fn(),
    onForbidden: vi.fn(),
  } satisfies HttpClientDeps;
  return { client: createHttpClient(deps), deps, calls, token: () => stored };
};

const config = {
  baseUrl: '',
  name: 'OJ',
  shortName: 'OJ',
  description: '',
  email: '',
  register: false,
  recordName: '',
  recordUrl: '',
  projectName: '',
  projectUrl: '',
  footerBrand: '',
  preliminaryUrl: '',
  openPublicDiscussion: true,
  openGroupDiscussion: true,
  openContestComment: true,
};

describe('HTTP client', () => {
  it("calls the endpoints of @oj/shared's client entry: their metadata, without schemas (decision 0005)", () => {
    expect(account.adminLogin).toEqual({ method: 'POST', path: '/api/admin/login', access: 'public', exam: 'open' });
    expect(home.getCommonAnnouncement).not.toHaveProperty('input');
    expect(home.getCommonAnnouncement).not.toHaveProperty('output');
  });

  it('sends the token, Url-Type and Accept-Language, and puts GET input in the query string', async () => {
    const { client, calls } = setup(() => new Response(envelope(200, { records: [], total: 0, size: 5, current: 2 })));
    await client.call(home.getCommonAnnouncement, { currentPage: 2, limit: 5 });
    expect(calls[0].url).toBe('/api/get-common-announcement?currentPage=2&limit=5');
    const headers = calls[0].init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('tok-1');
    expect(headers['Url-Type']).toBe('general');
    expect(headers['Accept-Language']).toBe('en-US');
    expect(calls[0].init.body).toBeUndefined();
  });

  it('sends POST input as JSON, without a token for login calls, and marks admin paths', async () => {
    const { client, calls } = setup(() => new Response(envelope(200, null)));
    await client.call(account.adminLogin, { username: 'root', password: 'secret1' }, { anonymous: true });
    const headers = calls[0].init.headers as Record<string, string>;
    expect(calls[0].url).toBe('/api/admin/login');
    expect(calls[0].init.method).toBe('POST');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ username: 'root', password: 'secret1' });
    expect(headers.Authorization).toBeUndefined();
    expect(headers['Url-Type']).toBe('admin');
  });

  it('sends a DELETE whose input is a list as a JSON array body, other DELETE input in the query', async () => {
    const { client, calls } = setup(() => new Response(envelope(200, null)));
    await client.call(discussion.adminDeleteDiscussion, [3, 7]);
    expect(calls[0].url).toBe('/api/admin/discussion');
    expect(calls[0].init.method).toBe('DELETE');
    expect(JSON.parse(String(calls[0].init.body))).toEqual([3, 7]);
    expect((calls[0].init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    await client.call(discussion.deleteDiscussion, { did: 3 });
    expect(calls[1].url).toBe('/api/discussion?did=3');
    expect(calls[1].init.body).toBeUndefined();
  });

  it('sends a DELETE whose input carries a nested object as a JSON body (the reply to delete)', async () => {
    const { client, calls } = setup(() => new Response(envelope(200, null)));
    await client.call(comment.deleteReply, { reply: { id: 5 }, did: 3 });
    expect(calls[0].url).toBe('/api/reply');
    expect(calls[0].init.method).toBe('DELETE');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ reply: { id: 5 }, did: 3 });
    expect((calls[0].init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    // A flat DELETE input still travels in the query string.
    await client.call(comment.deleteComment, { id: 8, cid: 2 });
    expect(calls[1].url).toBe('/api/comment?id=8&cid=2');
    expect(calls[1].init.body).toBeUndefined();
  });

  it('stores the fresh token of a refresh-token answer', async () => {
    const { client, deps, token } = setup(
      () =>
        new Response(envelope(200, config), {
          headers: { 'refresh-token': 'true', Authorization: 'tok-2', 'Content-Type': 'application/json' },
        }),
    );
    await expect(client.call(home.getWebsiteConfig, {})).resolves.toEqual(config);
    expect(deps.setToken).toHaveBeenCalledWith('tok-2');
    expect(token()).toBe('tok-2');
  });

  it('keeps the token when the answer carries an Authorization header without refresh-token', async () => {
    const { client, deps } = setup(() => new Response(envelope(200, config), { headers: { Authorization: 'other' } }));
    await client.call(home.getWebsiteConfig, {});
    expect(deps.setToken).not.toHaveBeenCalled();
  });

  it('on 401 shows the message and hands over to the session handling (site call)', async () => {
    const { client, deps } = setup(() => new Response(envelope(401, null, 'Please login first'), { status: 401 }));
    const err = await client.call(account.getUserAuthInfo, {}).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(401);
    expect(deps.notify).toHaveBeenCalledWith('error', 'Please login first');
    expect(deps.onUnauthorized).toHaveBeenCalledWith({ admin: false });
    expect(deps.onForbidden).not.toHaveBeenCalled();
  });

  it('on 401 of an admin call asks for the admin login', async () => {
    const { client, deps } = setup(() => new Response(envelope(401, null, 'expired'), { status: 401 }));
    await expect(client.call(account.adminLogout, {})).rejects.toBeInstanceOf(ApiError);
    expect(deps.onUnauthorized).toHaveBeenCalledWith({ admin: true });
  });

  it('on 403 shows the message and asks for a roles refresh', async () => {
    const { client, deps } = setup(() => new Response(envelope(403, null, 'not allowed'), { status: 403 }));
    await expect(client.call(account.adminLogout, {})).rejects.toMatchObject({ status: 403 });
    expect(deps.notify).toHaveBeenCalledWith('error', 'not allowed');
    expect(deps.onForbidden).toHaveBeenCalledWith({ admin: true });
  });

  it("hands a 403's message key to the session handling (an exam closing the site, decision 0055)", async () => {
    const { client, deps } = setup(
      () => new Response(envelope(403, { key: 'examSiteClosed' }, 'Your exam is running'), { status: 403 }),
    );
    await expect(client.call(home.getWebsiteConfig, {})).rejects.toMatchObject({ status: 403 });
    expect(deps.notify).toHaveBeenCalledWith('error', 'Your exam is running');
    expect(deps.onForbidden).toHaveBeenCalledWith({ admin: false, key: 'examSiteClosed' });
  });

  it('treats a failing envelope status on HTTP 200 as a failure', async () => {
    const { client, deps } = setup(() => new Response(envelope(400, null, 'Wrong username or password')));
    await expect(client.call(home.getWebsiteConfig, {})).rejects.toMatchObject({ status: 400 });
    expect(deps.notify).toHaveBeenCalledWith('error', 'Wrong username or password');
  });

  it('says "Query error" on 404 and "Server error" when a failure has no message', async () => {
    const notFound = setup(() => new Response(envelope(404, null, 'whatever'), { status: 404 }));
    await expect(notFound.client.call(home.getWebsiteConfig, {})).rejects.toMatchObject({ status: 404 });
    expect(notFound.deps.notify).toHaveBeenCalledWith('error', 't:Query_Error');

    const broken = setup(() => new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(broken.client.call(home.getWebsiteConfig, {})).rejects.toMatchObject({ status: 502 });
    expect(broken.deps.notify).toHaveBeenCalledWith('error', 't:Server_Error');
  });

  it('reports network failures and timeouts', async () => {
    const offline = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(offline.client.call(home.getWebsiteConfig, {})).rejects.toMatchObject({ status: 0 });
    expect(offline.deps.notify).toHaveBeenCalledWith('error', 't:Network_Error');

    vi.useFakeTimers();
    try {
      const slow = setup(
        (_url, init) =>
          new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      );
      const pending = slow.client.call(home.getWebsiteConfig, {}).catch((e) => e);
      await vi.advanceTimersByTimeAsync(90_000);
      const err = await pending;
      expect(err).toMatchObject({ status: 0, message: 't:Request_Timeout' });
    } finally {
      vi.useRealTimers();
    }
  });

  it("lets go of the caller's abort signal once a call is answered, and still aborts while it runs", async () => {
    const page = new AbortController();
    const added = vi.spyOn(page.signal, 'addEventListener');
    const removed = vi.spyOn(page.signal, 'removeEventListener');
    const ok = setup(() => new Response(envelope(200, config)));
    for (let i = 0; i < 3; i++) await ok.client.call(home.getWebsiteConfig, {}, { signal: page.signal });
    const failing = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(failing.client.call(home.getWebsiteConfig, {}, { signal: page.signal })).rejects.toBeInstanceOf(
      ApiError,
    );
    const files = setup(
      () => new Response('data', { headers: { 'Content-Disposition': 'attachment; filename="a.txt"' } }),
    );
    await files.client.download(home.getWebsiteConfig, {}, { signal: page.signal });
    expect(added).toHaveBeenCalledTimes(5);
    expect(removed.mock.calls.map((c) => c[1])).toEqual(added.mock.calls.map((c) => c[1]));
    // A finished request's own signal is left alone when the page aborts later.
    page.abort();
    expect(ok.calls.every((c) => c.init.signal?.aborted === false)).toBe(true);

    const running = new AbortController();
    const slow = setup(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = slow.client.call(home.getWebsiteConfig, {}, { signal: running.signal }).catch((e) => e);
    running.abort();
    expect(await pending).toMatchObject({ name: 'AbortError' });
    expect(slow.deps.notify).not.toHaveBeenCalled();
  });

  it('skips the session handling when asked (logout calls)', async () => {
    const { client, deps } = setup(() => new Response(envelope(401, null, 'expired'), { status: 401 }));
    await expect(client.call(account.logout, {}, { silent: true, skipSessionHandling: true })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(deps.onUnauthorized).not.toHaveBeenCalled();
  });

  it('stays quiet for silent calls but still runs the 401 handling', async () => {
    const { client, deps } = setup(() => new Response(envelope(401, null, 'expired'), { status: 401 }));
    await expect(client.call(account.logout, {}, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(deps.notify).not.toHaveBeenCalled();
    expect(deps.onUnauthorized).toHaveBeenCalled();
  });

  it('shows the message of a JSON answer to a download instead of saving a file', async () => {
    const { client, deps } = setup(
      () => new Response(envelope(400, null, 'No such file'), { headers: { 'Content-Type': 'application/json' } }),
    );
    await expect(client.download(home.getWebsiteConfig, {})).resolves.toBeNull();
    expect(deps.notify).toHaveBeenCalledWith('info', 'No such file');
  });

  it('drops empty query values and joins arrays', () => {
    expect(buildUrl('/api/x', { a: '', b: undefined, c: null, d: 0, tagId: [1, 2] })).toBe('/api/x?d=0&tagId=1%2C2');
  });
});
