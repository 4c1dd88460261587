import {
  file,
  groupProblem as gp,
  gradebook,
  group,
  groupContest,
  groupDiscussion,
  groupTraining,
  review,
} from '@oj/shared';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bind } from '../../http/bind.js';
import type { AppServices } from '../../services.js';
import { actorOf } from '../audit/audit-actor.js';
import { queryGroupId } from './group-policy.js';

export const registerGroupRoutes = (app: FastifyInstance, deps: BindDeps, s: AppServices) => {
  const g = s.groups;
  bind(app, deps, group.getGroupList, (q, ctx) => g.list(q, ctx.user));
  bind(app, deps, group.getGroupDetail, (q, ctx) => g.detail(q.gid, ctx.user));
  bind(app, deps, group.getGroupAccess, (q, ctx) => g.access(q.gid, ctx.user));
  bind(app, deps, group.getGroupAuth, (q, ctx) => g.auth(q.gid, ctx.user));
  bind(app, deps, group.createGroup, (b, ctx) => g.create(b, ctx.user));
  bind(app, deps, group.updateGroup, (b, ctx) => g.update(b, ctx.user));
  bind(app, deps, group.deleteGroup, (q, ctx) => g.remove(q.gid, ctx.user));
  // The avatar is the group root's (the service's rule), decided before the body is read: with the query's gid, or,
  // when the form names the group, for a caller who is the root of some group.
  bind(app, deps, group.uploadGroupAvatar, (b, ctx) => g.uploadAvatar(b.gid, b.image, ctx.user), {
    beforeBody: async (q, ctx) => {
      const gid = queryGroupId(q);
      if (gid) await s.groupPolicy.require(gid, ctx.user, 'root');
      else await s.groupPolicy.requireSome(ctx.user, 'root');
    },
  });

  bind(app, deps, group.getAnnouncementList, (q, ctx) => g.announcements(q, ctx.user, false));
  bind(app, deps, group.getAdminAnnouncementList, (q, ctx) => g.announcements(q, ctx.user, true));
  bind(app, deps, group.createAnnouncement, (b, ctx) => g.createAnnouncement(b, ctx.user));
  bind(app, deps, group.updateAnnouncement, (b, ctx) => g.updateAnnouncement(b, ctx.user));
  bind(app, deps, group.deleteAnnouncement, (q, ctx) => g.deleteAnnouncement(q.aid, ctx.user));
  bind(app, deps, group.getGroupRankList, (q, ctx) => g.rank(q, ctx.user));
  bind(app, deps, file.downloadGroupRank, (q, ctx) => g.rankFile(q, ctx.user, ctx.locale));

  const m = s.groupMembers;
  bind(app, deps, group.getMemberList, (q, ctx) => m.members(q, ctx.user));
  bind(app, deps, group.getApplyList, (q, ctx) => m.applications(q, ctx.user));
  bind(app, deps, group.applyGroup, (q, ctx) => m.apply(q, ctx.user));
  bind(app, deps, group.updateMember, (b, ctx) => m.update(b, ctx.user));
  bind(app, deps, group.deleteMember, (q, ctx) => m.remove(q, ctx.user));
  bind(app, deps, group.exitGroup, (q, ctx) => m.exit(q.gid, ctx.user));
  bind(app, deps, group.addMember, (b, ctx) => m.add(b, ctx.user));
  bind(app, deps, group.searchUser, (q, ctx) => m.searchUser(q, ctx.user));
  bind(app, deps, group.addMembers, (b, ctx) => m.addMany(b, ctx.user));
  bind(app, deps, group.updateMembers, (b, ctx) => m.answerMany(b, ctx.user));
  bind(app, deps, group.deleteMembers, (b, ctx) => m.removeMany(b, ctx.user));

  const p = s.groupProblems;
  bind(app, deps, gp.getGroupProblemList, (q, ctx) => p.list(q, ctx.user));
  bind(app, deps, gp.getGroupAdminProblemList, (q, ctx) => p.adminList(q, ctx.user));
  bind(app, deps, gp.getGroupProblem, (q, ctx) => p.get(q.pid, ctx.user));
  bind(app, deps, gp.createGroupProblem, (b, ctx) => p.create(b, ctx.user));
  bind(app, deps, gp.updateGroupProblem, (b, ctx) => p.update(b, ctx.user));
  bind(app, deps, gp.deleteGroupProblem, (q, ctx) => p.remove(q.pid, ctx.user));
  bind(app, deps, gp.getGroupProblemCases, (q, ctx) => p.cases(q.pid, ctx.user));
  bind(app, deps, gp.getGroupProblemTags, (q, ctx) => p.tags(q.gid, ctx.user));
  bind(app, deps, group.getFreeProblemId, (q, ctx) => p.freeProblemId(q.gid, ctx.user));
  bind(app, deps, gp.compileGroupSpj, (b, ctx) => p.compile('spj', b, ctx.user));
  bind(app, deps, gp.compileGroupInteractive, (b, ctx) => p.compile('interactive', b, ctx.user));
  bind(app, deps, gp.changeGroupProblemAuth, (q, ctx) => p.changeAuth(q, ctx.user));
  bind(app, deps, gp.applyGroupProblemPublic, (q, ctx) => p.applyPublic(q, ctx.user));
  bind(app, deps, gp.getGroupProblemApplyList, (q) => p.applications(q));
  bind(app, deps, gp.changeGroupProblemProgress, (b) => p.decide(b));

  // Trainings (decision 0024): a call on one training is the admin training service's, whose rule asks the policy.
  const gt = s.groupTrainings;
  const at = s.adminTrainings;
  bind(app, deps, groupTraining.getGroupTrainingList, (q, ctx) => gt.list(q, ctx.user));
  bind(app, deps, groupTraining.getGroupAdminTrainingList, (q, ctx) => gt.adminList(q, ctx.user));
  bind(app, deps, groupTraining.getGroupTraining, (q, ctx) => at.get(q.tid, ctx.user));
  bind(app, deps, groupTraining.createGroupTraining, (b, ctx) => gt.create(b, ctx.user));
  bind(app, deps, groupTraining.updateGroupTraining, (b, ctx) => at.update(b, ctx.user));
  bind(app, deps, groupTraining.deleteGroupTraining, (q, ctx) => at.remove(q.tid, ctx.user));
  bind(app, deps, groupTraining.changeGroupTrainingStatus, (q, ctx) => at.changeStatus(q, ctx.user));
  bind(app, deps, groupTraining.getGroupTrainingProblemList, (q, ctx) => at.problemList(q, ctx.user));
  bind(app, deps, groupTraining.updateGroupTrainingProblem, (b, ctx) => at.updateProblem(b, ctx.user));
  bind(app, deps, groupTraining.deleteGroupTrainingProblem, (q, ctx) => at.removeProblem(q, ctx.user));
  bind(app, deps, groupTraining.addGroupTrainingProblemFromPublic, (b, ctx) => at.addFromPublic(b, ctx.user));
  bind(app, deps, groupTraining.addGroupTrainingProblemFromGroup, (b, ctx) => at.addFromGroup(b, ctx.user));
  bind(app, deps, groupTraining.createGroupTrainingCategory, (b, ctx) => gt.createCategory(b, ctx.user));

  // Homework extensions and the gradebook (decision 0052): the group's admins.
  const gb = s.gradebook;
  bind(app, deps, gradebook.setTrainingExtension, (b, ctx) => gb.setExtension(b, ctx.user, actorOf(ctx)));
  bind(app, deps, gradebook.getGroupGradebook, (q, ctx) => gb.gradebook(q.gid, ctx.user));
  bind(app, deps, gradebook.getGradebookAssignment, (q, ctx) => gb.assignment(q, ctx.user));
  bind(app, deps, gradebook.getGradebookStuck, (q, ctx) => gb.stuck(q, ctx.user));
  bind(app, deps, gradebook.downloadGroupGradebook, (q, ctx) => gb.file(q, ctx.user, ctx.locale));
  // The submissions its admins reviewed (decision 0053).
  bind(app, deps, review.getReviewedSubmissions, (q, ctx) => s.reviewedSubmissions.list(q, ctx.user));

  // Contests (decision 0024): a call on one contest is the admin contest service's, whose rule asks the policy.
  const gc = s.groupContests;
  const ac = s.adminContests;
  bind(app, deps, groupContest.getGroupContestList, (q, ctx) => gc.list(q, ctx.user));
  bind(app, deps, groupContest.getGroupAdminContestList, (q, ctx) => gc.adminList(q, ctx.user));
  bind(app, deps, groupContest.getGroupContest, (q, ctx) => ac.get(q.cid, ctx.user));
  bind(app, deps, groupContest.createGroupContest, (b, ctx) => gc.create(b, ctx.user, ctx.locale));
  bind(app, deps, groupContest.updateGroupContest, (b, ctx) => ac.update(b, ctx.user));
  bind(app, deps, groupContest.deleteGroupContest, (q, ctx) => ac.remove(q.cid, ctx.user));
  bind(app, deps, groupContest.changeGroupContestVisible, (q, ctx) => ac.changeVisible(q, ctx.user));
  bind(app, deps, groupContest.getGroupContestProblemList, (q, ctx) => ac.problemList(q, ctx.user));
  bind(app, deps, groupContest.createGroupContestProblem, (b, ctx) => ac.createProblem(b, ctx.user));
  bind(app, deps, groupContest.getGroupContestProblem, (q, ctx) => ac.problemInfo(q, ctx.user));
  bind(app, deps, groupContest.updateGroupContestProblem, (b, ctx) => ac.setProblemInfo(b, ctx.user));
  bind(app, deps, groupContest.deleteGroupContestProblem, (q, ctx) => ac.removeProblem(q, ctx.user));
  bind(app, deps, groupContest.addGroupContestProblemFromPublic, (b, ctx) => ac.addFromPublic(b, ctx.user));
  bind(app, deps, groupContest.addGroupContestProblemFromGroup, (b, ctx) => ac.addFromGroup(b, ctx.user));
  bind(app, deps, groupContest.getGroupContestAnnouncementList, (q, ctx) => ac.announcements(q, ctx.user));
  bind(app, deps, groupContest.createGroupContestAnnouncement, (b, ctx) => ac.saveAnnouncement(b, ctx.user));
  bind(app, deps, groupContest.updateGroupContestAnnouncement, (b, ctx) => ac.saveAnnouncement(b, ctx.user));
  bind(app, deps, groupContest.deleteGroupContestAnnouncement, (q, ctx) => ac.removeAnnouncement(q.aid, ctx.user));

  // Discussions (decision 0024): the discussion service's, with the group's rule; reading one is the site's call.
  const d = s.discussions;
  bind(app, deps, groupDiscussion.getGroupDiscussionList, (q, ctx) => d.groupList(q, ctx.user, false));
  bind(app, deps, groupDiscussion.getGroupAdminDiscussionList, (q, ctx) => d.groupList(q, ctx.user, true));
  bind(app, deps, groupDiscussion.createGroupDiscussion, (b, ctx) => d.groupCreate(b, ctx.user));
  bind(app, deps, groupDiscussion.updateGroupDiscussion, (b, ctx) => d.groupUpdate(b, ctx.user));
  bind(app, deps, groupDiscussion.deleteGroupDiscussion, (q, ctx) => d.groupRemove(q.did, ctx.user));
  bind(app, deps, groupDiscussion.pinGroupDiscussion, (b, ctx) => d.groupPin(b, ctx.user));
};
