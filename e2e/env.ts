/** What the journeys know about the test server playwright.config.ts starts. */
export const ROOT_PASSWORD = 'e2e-root-pass1';
export const PORT = Number(process.env.OJ_E2E_PORT ?? 18080);
