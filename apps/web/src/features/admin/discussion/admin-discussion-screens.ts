/** The discussion admin screen in its own chunk: only admins opening /admin/discussion download it (decision 0004). */
export { default as AdminDiscussion } from './admin-discussion-page';
