import type { Announcement, Page, RegistrationConfig, SwitchKey, WebsiteConfig } from '@oj/shared';
import type { SiteRepository } from './site.repository.js';

/** Defaults seeded on first start; admins edit them later. */
export const DEFAULT_WEB_CONFIG: Omit<
  WebsiteConfig,
  'registerMethod' | 'openPublicDiscussion' | 'openGroupDiscussion' | 'openContestComment' | 'judgeWaitNoticeSeconds'
> = {
  baseUrl: '',
  name: 'Online Judge',
  shortName: 'OJ',
  description: 'An online judge for programming practice, C++ teaching and informatics contests.',
  email: '',
  register: false,
  recordName: '',
  recordUrl: 'https://beian.miit.gov.cn/',
  projectName: 'OJ',
  projectUrl: '',
  footerBrand: 'Online Judge Training School',
  preliminaryUrl: '',
  externalImages: 'proxy',
};

/** Site switches (HOJ's SwitchConfig). */
export interface Switches extends Record<SwitchKey, boolean> {
  hideNonContestSubmissionCode: boolean;
  /** Seconds between two submissions, public or contest, of one user, and between two test runs (decision 0015). */
  defaultSubmitInterval: number;
  defaultCreateDiscussionACInitValue: number;
  defaultCreateDiscussionDailyLimit: number;
  defaultCreateCommentACInitValue: number;
  defaultCreateGroupACInitValue: number;
  defaultCreateGroupDailyLimit: number;
  defaultCreateGroupLimit: number;
}

/** What a new site's first start stores (`seed`), and what a key missing from the stored switches reads as. A
 * site keeps what it stored: changing a default here changes only new sites (the accepted problems needed to post and
 * to comment were 10 until decision 0042, and stay 10 where that was stored). */
export const DEFAULT_SWITCHES: Switches = {
  openPublicDiscussion: true,
  openGroupDiscussion: true,
  openContestComment: true,
  openPublicJudge: true,
  openGroupJudge: true,
  openContestJudge: true,
  hideNonContestSubmissionCode: false,
  defaultSubmitInterval: 8,
  defaultCreateDiscussionACInitValue: 1,
  defaultCreateDiscussionDailyLimit: 5,
  defaultCreateCommentACInitValue: 1,
  defaultCreateGroupACInitValue: 20,
  defaultCreateGroupDailyLimit: 2,
  defaultCreateGroupLimit: 5,
};

/** How the site registers and texts (decision 0025): by mobile, waiting for approval, through the embedded outbox. */
export const DEFAULT_REGISTRATION_CONFIG: RegistrationConfig = {
  registerMethod: 'mobile',
  autoApprove: false,
  smsProvider: 'outbox',
  smsHttpUrl: '',
  smsHttpMethod: 'POST',
  smsHttpHeaders: '',
  smsHttpBody: '{"mobile":"{mobile}","content":"{content}"}',
  smsHttpSuccess: '',
};

const WEB_KEY = 'web';
const SWITCH_KEY = 'switch';
const REGISTRATION_KEY = 'registration';

/** Seconds after which the web app shows a Pending submission as waiting for a judge (decision 0036). */
export const JUDGE_WAIT_NOTICE_SECONDS = 60;

export const createSiteService = (repo: SiteRepository, opts: { judgeWaitNoticeSeconds?: number } = {}) => {
  const switches = async (): Promise<Switches> => ({
    ...DEFAULT_SWITCHES,
    ...((await repo.getConfig<Partial<Switches>>(SWITCH_KEY)) ?? {}),
  });

  const registrationConfig = async (): Promise<RegistrationConfig> => ({
    ...DEFAULT_REGISTRATION_CONFIG,
    ...((await repo.getConfig<Partial<RegistrationConfig>>(REGISTRATION_KEY)) ?? {}),
  });

  return {
    async seed() {
      await repo.seedConfig(WEB_KEY, DEFAULT_WEB_CONFIG);
      await repo.seedConfig(SWITCH_KEY, DEFAULT_SWITCHES);
    },

    switches,

    async updateSwitches(patch: Partial<Switches>) {
      await repo.setConfig(SWITCH_KEY, { ...(await switches()), ...patch });
    },

    /** The registration settings with the gateway's headers (the server's own use; never an API answer). */
    registrationConfig,

    async updateRegistrationConfig(patch: Partial<RegistrationConfig>) {
      await repo.setConfig(REGISTRATION_KEY, { ...(await registrationConfig()), ...patch });
      return registrationConfig();
    },

    async websiteConfig(): Promise<WebsiteConfig> {
      const stored = (await repo.getConfig<Partial<WebsiteConfig>>(WEB_KEY)) ?? {};
      const [s, r] = await Promise.all([switches(), registrationConfig()]);
      return {
        ...DEFAULT_WEB_CONFIG,
        ...stored,
        registerMethod: r.registerMethod,
        openPublicDiscussion: s.openPublicDiscussion,
        openGroupDiscussion: s.openGroupDiscussion,
        openContestComment: s.openContestComment,
        judgeWaitNoticeSeconds: opts.judgeWaitNoticeSeconds ?? JUDGE_WAIT_NOTICE_SECONDS,
      };
    },

    async updateWebsiteConfig(patch: Partial<WebsiteConfig>) {
      const stored = (await repo.getConfig<Partial<WebsiteConfig>>(WEB_KEY)) ?? {};
      await repo.setConfig(WEB_KEY, { ...DEFAULT_WEB_CONFIG, ...stored, ...patch });
    },

    carousel: () => repo.listCarousel(),

    async announcements(currentPage: number, limit: number, includeHidden = false): Promise<Page<Announcement>> {
      const { total, rows } = await repo.pageAnnouncements((currentPage - 1) * limit, limit, includeHidden);
      return {
        records: rows.map((r) => ({
          id: r.id,
          title: r.title,
          content: r.content,
          uid: r.uid,
          username: r.username,
          status: r.status,
          gmtCreate: r.gmtCreate.toISOString(),
          gmtModified: r.gmtModified.toISOString(),
        })),
        total,
        size: limit,
        current: currentPage,
      };
    },
  };
};
export type SiteService = ReturnType<typeof createSiteService>;
