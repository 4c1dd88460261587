import type { Endpoint } from '@oj/shared';
import { ALL_ENDPOINTS } from '@oj/shared/endpoints';
import { describe, expect, it } from 'vitest';
import { addressMatcher, parseAddressRange } from '../../lib/address-range.js';
import { EXAM_CONTEST_FIELDS, EXAM_CONTEST_RESOLVERS, examContestResolverOf } from './exam-policy.js';

const inputKeys = (e: Endpoint) => {
  const shape = (e.input as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
};

const byName = new Map(ALL_ENDPOINTS.map(({ name, endpoint }) => [name, endpoint]));

/** The exam marks of the contract (EndpointMeta.exam) as the policy reads them (decision 0055). */
describe('exam marks of the contract', () => {
  it('every contest endpoint names its contest: a cid (or contestID) in its input, or a resolver', () => {
    const unresolved = ALL_ENDPOINTS.filter(
      ({ endpoint: e }) =>
        e.exam === 'contest' &&
        !examContestResolverOf(e) &&
        !inputKeys(e).some((k) => (EXAM_CONTEST_FIELDS as readonly string[]).includes(k)),
    ).map((x) => x.name);
    expect(unresolved).toEqual([]);
  });

  it('every resolver is of a contest endpoint of the contract', () => {
    const contestEndpoints = new Set(
      ALL_ENDPOINTS.filter(({ endpoint: e }) => e.exam === 'contest').map(({ endpoint: e }) => `${e.method} ${e.path}`),
    );
    expect(Object.keys(EXAM_CONTEST_RESOLVERS).filter((k) => !contestEndpoints.has(k))).toEqual([]);
  });

  it('no endpoint of the site administration or the judges is reachable by a participant', () => {
    const marked = ALL_ENDPOINTS.filter(
      ({ endpoint: e }) => e.exam && (e.access === 'admin' || e.access === 'root' || e.access === 'judge'),
    ).map((x) => x.name);
    expect(marked).toEqual([]);
  });

  it('the open endpoints are signing in and out, the own account, the site, the event stream and the current exam', () => {
    const open = ALL_ENDPOINTS.filter(({ endpoint: e }) => e.exam === 'open')
      .map((x) => x.name)
      .sort();
    expect(open).toEqual(
      [
        'account.adminLogin',
        'account.adminLogout',
        'account.captcha',
        'account.checkCaptcha',
        'account.checkSlidePuzzle',
        'account.getSlidePuzzle',
        'account.getUserAuthInfo',
        'account.login',
        'account.logout',
        'exam.getCurrentExam',
        'health.health',
        'health.ready',
        'home.getJudgeStatus',
        'home.getWebsiteConfig',
        'imageProxy.getProxiedImage',
        'live.eventTicket',
        'live.events',
      ].sort(),
    );
  });

  it('the areas outside the exam are closed', () => {
    for (const name of [
      'problem.getProblemList',
      'problem.getProblemDetail',
      'problem.getLastAcCode',
      'contest.getContestList',
      'training.getTrainingList',
      'discussion.getDiscussionList',
      'msg.getSysMessages',
      'user.getUserHomeInfo',
      'rank.getRankList',
      'submission.submitProblemTestJudge',
      'submission.getSubmissionList',
    ]) {
      expect(byName.get(name), name).toBeDefined();
      expect(byName.get(name)?.exam, name).toBeUndefined();
    }
  });
});

describe('address ranges', () => {
  it('reads addresses and CIDR ranges of both families, and nothing else', () => {
    expect(parseAddressRange('10.0.0.0/24')).toEqual({ address: '10.0.0.0', prefix: 24, family: 'ipv4' });
    expect(parseAddressRange('10.1.2.3')).toEqual({ address: '10.1.2.3', prefix: 32, family: 'ipv4' });
    expect(parseAddressRange('2001:db8::/32')).toEqual({ address: '2001:db8::', prefix: 32, family: 'ipv6' });
    for (const bad of ['10.0.0.0/33', '10.0.0/8', 'example.com', '10.0.0.0/', '10.0.0.0/-1', '::/129', '1.2.3.4/ 8']) {
      expect(parseAddressRange(bad), bad).toBeUndefined();
    }
  });

  it('matches addresses in the ranges, IPv4-mapped ones too; no ranges match everything', () => {
    const m = addressMatcher(['10.0.0.0/8', '2001:db8::/32']);
    expect(m('10.9.8.7')).toBe(true);
    expect(m('::ffff:10.9.8.7')).toBe(true);
    expect(m('2001:db8::1')).toBe(true);
    expect(m('11.0.0.1')).toBe(false);
    expect(m('not an address')).toBe(false);
    expect(addressMatcher([])('203.0.113.9')).toBe(true);
  });
});
