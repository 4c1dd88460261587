import { z } from 'zod';
import { endpoint, page, pageQuery, wireInt } from '../api.js';
import { announcement } from './home.js';

/** Site announcements (HOJ's AnnouncementController): root only. The list holds hidden ones too. */
const body = {
  title: z.string().trim().min(1, { error: 'fieldRequired' }).max(255),
  content: z.string().trim().min(1, { error: 'fieldRequired' }).max(65535),
  /** 0 visible, 1 hidden. */
  status: wireInt(z.union([z.literal(0), z.literal(1)]).default(0)),
};

export const getAnnouncementList = endpoint({
  method: 'GET',
  path: '/api/admin/announcement',
  access: 'root',
  permission: 'announcement_admin',
  input: z.object(pageQuery(10)),
  output: page(announcement),
});

export const createAnnouncement = endpoint({
  method: 'POST',
  path: '/api/admin/announcement',
  access: 'root',
  permission: 'announcement_admin',
  input: z.object(body),
  output: z.null(),
});

export const updateAnnouncement = endpoint({
  method: 'PUT',
  path: '/api/admin/announcement',
  access: 'root',
  permission: 'announcement_admin',
  input: z.object({ id: wireInt(z.number().int().positive()), ...body }),
  output: z.null(),
});

export const deleteAnnouncement = endpoint({
  method: 'DELETE',
  path: '/api/admin/announcement',
  access: 'root',
  permission: 'announcement_admin',
  input: z.object({ aid: wireInt(z.number().int().positive()) }),
  output: z.null(),
});
