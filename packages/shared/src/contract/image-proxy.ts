import { z } from 'zod';
import { endpoint } from '../api.js';
import { IMAGE_PROXY_PATH, isProxyableUrl } from '../image-proxy-rules.js';

/** The image proxy of decision 0011; its rules are in image-proxy-rules.ts (zod-free, shared with the browser). */
export {
  EXTERNAL_IMAGE_MODES,
  type ExternalImageMode,
  IMAGE_PROXY_LIMITS,
  IMAGE_PROXY_PATH,
  imageProxyUrl,
  isProxyableUrl,
} from '../image-proxy-rules.js';

/** Answers the image's bytes with the type found in them (png, jpeg, gif, webp, bmp), or an envelope error: 400
 * bad URL, 403 refused address or external images switched off, 502 the other site failed or sent no image. */
export const getProxiedImage = endpoint({
  method: 'GET',
  path: IMAGE_PROXY_PATH,
  access: 'public',
  exam: 'open',
  input: z.object({
    url: z
      .string()
      .min(1, { error: 'fieldRequired' })
      .refine((v) => isProxyableUrl(v), { error: 'imageUrlInvalid' }),
  }),
  output: z.unknown(),
  binary: true,
});
