import { z } from 'zod';
import { endpoint, isoDate, page, pageQuery, qStr } from '../api.js';
import { EXTERNAL_IMAGE_MODES } from './image-proxy.js';

export const websiteConfig = z.object({
  baseUrl: z.string(),
  name: z.string(),
  shortName: z.string(),
  description: z.string(),
  email: z.string(),
  register: z.boolean(),
  /** Ours: how the register form asks (decision 0025): a mobile and an SMS code, or an e-mail and its code. */
  registerMethod: z.enum(['mobile', 'email']),
  recordName: z.string(),
  recordUrl: z.string(),
  projectName: z.string(),
  projectUrl: z.string(),
  footerBrand: z.string(),
  preliminaryUrl: z.string(),
  openPublicDiscussion: z.boolean(),
  openGroupDiscussion: z.boolean(),
  openContestComment: z.boolean(),
  /** Ours: how markdown shows images of other sites (decision 0011). */
  externalImages: z.enum(EXTERNAL_IMAGE_MODES),
  /** Ours: seconds after which a Pending submission is shown as waiting for a judge (OJ_JUDGE_WAIT_NOTICE_SECONDS,
   * decision 0036); set by the server's configuration, not on the admin page. */
  judgeWaitNoticeSeconds: z.number().int(),
});
export type WebsiteConfig = z.infer<typeof websiteConfig>;

export const getWebsiteConfig = endpoint({
  method: 'GET',
  path: '/api/get-website-config',
  access: 'public',
  exam: 'open',
  input: z.object({}),
  output: websiteConfig,
});

export const homeCarousel = endpoint({
  method: 'GET',
  path: '/api/home-carousel',
  access: 'public',
  input: z.object({}),
  output: z.array(z.object({ id: z.number().int(), url: z.string() })),
});

export const announcement = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  uid: z.string(),
  username: z.string(),
  status: z.number().int(),
  gmtCreate: isoDate,
  gmtModified: isoDate,
});
export type Announcement = z.infer<typeof announcement>;

export const getCommonAnnouncement = endpoint({
  method: 'GET',
  path: '/api/get-common-announcement',
  access: 'public',
  input: z.object({ ...pageQuery(10), type: qStr() }),
  output: page(announcement),
});

/** Whether submissions can be judged right now, and why not (when judging is paused the site says so and
 * why). Not part of HOJ's API. */
export const getJudgeStatus = endpoint({
  method: 'GET',
  path: '/api/get-judge-status',
  access: 'public',
  exam: 'open',
  input: z.object({}),
  output: z.object({
    available: z.boolean(),
    languages: z.array(z.string()),
    judges: z.number().int(),
    /** Ours: languages on offer that no live judge runs now; their submissions wait as Pending (decision 0036). */
    waiting: z.array(z.string()),
    /** Message key when judging is paused. */
    reason: z.enum(['noJudge', 'noLanguage']).nullable(),
    queued: z.number().int(),
  }),
});
