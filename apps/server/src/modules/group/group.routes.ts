import { groupProblem as gp, group } from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bind, userOf } from '../../http/bind.js';
import type { AppServices } from '../../services.js';

export const registerGroupRoutes = (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  const g = s.groups;
  bind(app, deps, group.getGroupList, (q, ctx) => g.list(q, ctx.user));
  bind(app, deps, group.getGroupDetail, (q, ctx) => g.detail(q.gid, userOf(ctx)));
  bind(app, deps, group.getGroupAccess, (q, ctx) => g.access(q.gid, userOf(ctx)));
  bind(app, deps, group.getGroupAuth, (q, ctx) => g.auth(q.gid, userOf(ctx)));
  bind(app, deps, group.createGroup, (b, ctx) => g.create(b, userOf(ctx)));
  bind(app, deps, group.updateGroup, (b, ctx) => g.update(b, userOf(ctx)));
  bind(app, deps, group.deleteGroup, (q, ctx) => g.remove(q.gid, userOf(ctx)));
  bind(app, deps, group.uploadGroupAvatar, (b, ctx) => g.uploadAvatar(b.gid, b.image, userOf(ctx)), {
    beforeBody: async (q, ctx) => {
      const gid = group.groupId.safeParse(q.gid);
      if (gid.success) await s.groupPolicy.require(gid.data, userOf(ctx), 'root');
    },
  });

  bind(app, deps, group.getAnnouncementList, (q, ctx) => g.announcements(q, userOf(ctx), false));
  bind(app, deps, group.getAdminAnnouncementList, (q, ctx) => g.announcements(q, userOf(ctx), true));
  bind(app, deps, group.createAnnouncement, (b, ctx) => g.createAnnouncement(b, userOf(ctx)));
  bind(app, deps, group.updateAnnouncement, (b, ctx) => g.updateAnnouncement(b, userOf(ctx)));
  bind(app, deps, group.deleteAnnouncement, (q, ctx) => g.deleteAnnouncement(q.aid, userOf(ctx)));
  bind(app, deps, group.getGroupRankList, (q, ctx) => g.rank(q, userOf(ctx)));

  const m = s.groupMembers;
  bind(app, deps, group.getMemberList, (q, ctx) => m.members(q, userOf(ctx)));
  bind(app, deps, group.getApplyList, (q, ctx) => m.applications(q, userOf(ctx)));
  bind(app, deps, group.applyGroup, (q, ctx) => m.apply(q, userOf(ctx)));
  bind(app, deps, group.updateMember, (b, ctx) => m.update(b, userOf(ctx)));
  bind(app, deps, group.deleteMember, (q, ctx) => m.remove(q, userOf(ctx)));
  bind(app, deps, group.exitGroup, (q, ctx) => m.exit(q.gid, userOf(ctx)));
  bind(app, deps, group.addMember, (b, ctx) => m.add(b, userOf(ctx)));
  bind(app, deps, group.searchUser, (q, ctx) => m.searchUser(q, userOf(ctx)));

  const p = s.groupProblems;
  bind(app, deps, gp.getGroupProblemList, (q, ctx) => p.list(q, userOf(ctx)));
  bind(app, deps, gp.getGroupAdminProblemList, (q, ctx) => p.adminList(q, userOf(ctx)));
  bind(app, deps, gp.getGroupProblem, (q, ctx) => p.get(q.pid, userOf(ctx)));
  bind(app, deps, gp.createGroupProblem, (b, ctx) => p.create(b, userOf(ctx)));
  bind(app, deps, gp.updateGroupProblem, (b, ctx) => p.update(b, userOf(ctx)));
  bind(app, deps, gp.deleteGroupProblem, (q, ctx) => p.remove(q.pid, userOf(ctx)));
  bind(app, deps, gp.getGroupProblemCases, (q, ctx) => p.cases(q.pid, userOf(ctx)));
  bind(app, deps, gp.getGroupProblemTags, (q, ctx) => p.tags(q.gid, userOf(ctx)));
  bind(app, deps, gp.compileGroupSpj, (b, ctx) => p.compile('spj', b, userOf(ctx)));
  bind(app, deps, gp.compileGroupInteractive, (b, ctx) => p.compile('interactive', b, userOf(ctx)));
  bind(app, deps, gp.changeGroupProblemAuth, (q, ctx) => p.changeAuth(q, userOf(ctx)));
  bind(app, deps, gp.applyGroupProblemPublic, (q, ctx) => p.applyPublic(q, userOf(ctx)));
  bind(app, deps, gp.getGroupProblemApplyList, (q) => p.applications(q));
  bind(app, deps, gp.changeGroupProblemProgress, (b) => p.decide(b));
};
