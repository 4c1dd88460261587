import type { SiteRepository } from './site.repository.js';

/** The site area's configuration store as other areas use it (mail keeps its SMTP settings there). They depend on
 * this type, never on the repository. */
export type SiteConfigStore = Pick<SiteRepository, 'seedConfig' | 'getConfig' | 'setConfig'>;
