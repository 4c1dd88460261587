/** What the journeys know about the test server playwright.config.ts starts. */
export const ROOT_PASSWORD = 'e2e-root-pass1';
export const PORT = Number(process.env.OJ_E2E_PORT ?? 18080);
/** The browser the journeys run in: Debian's chromium as its headless shell (decision 0060); OJ_E2E_CHROMIUM names
 * another (/usr/bin/chromium, the full browser in its headless mode). bench/page-load.ts measures in it too. */
export const CHROMIUM = process.env.OJ_E2E_CHROMIUM ?? '/usr/bin/chromium-headless-shell';
