/** The links of a user's profile (GitHub, blog) are shown on the user's home page as links, so they are web
 * addresses or nothing. The rule is free of zod, so the browser bundle carries it (decision 0005): the settings
 * form checks with it before sending, and contract/user.ts refuses anything else. */

/** An http:// or https:// address with a host; the scheme is matched literally, in any case (`javascript:`,
 * `data:`, a bare word or `http:host` are not). */
export const isProfileUrl = (value: string): boolean => {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
};
