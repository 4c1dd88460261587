import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PERMISSIONS, ROLE_IDS, ROLES } from '@oj/shared';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from './db/client.js';
import { permissions, rolePermissions, roles } from './db/schema.js';
import { generatePassword, hashPassword } from './lib/password.js';
import { createDiscussionRepository } from './modules/discussion/discussion.repository.js';
import type { SmtpSettings } from './modules/mail/mail.service.js';
import { importPackageFolder } from './modules/problem/problem-package.import.js';
import { seedTagTaxonomy } from './modules/problem/tag-taxonomy.seed.js';
import type { AppServices } from './services.js';

/** Whether the stored roles, permissions and grants are those of @oj/shared's table already (every start but the
 * first after a change of it): then nothing is written. */
const rolesInSync = async (db: Db) => {
  const [stored, grants] = await Promise.all([
    db.select().from(roles),
    db
      .select({ roleId: rolePermissions.roleId, permission: permissions.permission })
      .from(rolePermissions)
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId)),
  ]);
  const byId = new Map(stored.map((r) => [r.id, r]));
  const granted = new Set(grants.map((g) => `${g.roleId} ${g.permission}`));
  const wanted = ROLES.flatMap((r) => r.permissions.map((p) => `${r.id} ${p}`));
  return (
    ROLES.every((r) => byId.get(r.id)?.role === r.name && byId.get(r.id)?.description === r.description) &&
    granted.size === wanted.length &&
    wanted.every((g) => granted.has(g))
  );
};

/** Roles and permissions are data (the table in @oj/shared); kept in sync with it at every start. */
export const seedRoles = async (db: Db) => {
  if (await rolesInSync(db)) return;
  await db.transaction(async (tx) => {
    for (const r of ROLES) {
      await tx
        .insert(roles)
        .values({ id: r.id, role: r.name, description: r.description })
        .onConflictDoUpdate({ target: roles.id, set: { role: r.name, description: r.description } });
    }
    await tx
      .insert(permissions)
      .values(PERMISSIONS.map((p) => ({ permission: p })))
      .onConflictDoNothing();
    const ids = new Map(
      (
        await tx
          .select()
          .from(permissions)
          .where(inArray(permissions.permission, [...PERMISSIONS]))
      ).map((p) => [p.permission, p.id]),
    );
    await tx.delete(rolePermissions);
    await tx
      .insert(rolePermissions)
      .values(ROLES.flatMap((r) => r.permissions.map((p) => ({ roleId: r.id, permissionId: ids.get(p) as number }))));
  });
};

/** Creates the super admin `root` on first start. Returns the generated password, to print once, or null. */
export const ensureRoot = async (s: AppServices, rootPassword: string | undefined): Promise<string | null> => {
  if (await s.users.findByUsername('root')) return null;
  const password = rootPassword ?? generatePassword();
  await s.users.create(
    {
      uid: crypto.randomUUID().replaceAll('-', ''),
      username: 'root',
      passwordHash: await hashPassword(password),
      nickname: 'root',
    },
    [ROLE_IDS.root],
  );
  return rootPassword ? null : password;
};

const SAMPLES_FLAG = 'samplesImported';

/** The sample problems of samples/problems, imported once, on the first start of a site. */
export const importSamples = async (s: AppServices, samplesDir: string): Promise<string[]> => {
  if (await s.siteRepository.getConfig(SAMPLES_FLAG)) return [];
  const imported: string[] = [];
  if (fs.existsSync(samplesDir)) {
    const folders = fs
      .readdirSync(samplesDir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && fs.existsSync(path.join(samplesDir, e.name, 'problem.json')))
      .map((e) => e.name)
      .sort();
    for (const folder of folders) {
      const r = await importPackageFolder(path.join(samplesDir, folder), { problems: s.problems, store: s.testData });
      imported.push(`${r.problemId} (${folder})`);
    }
  }
  await s.siteRepository.setConfig(SAMPLES_FLAG, true);
  return imported;
};

export const bootstrap = async (
  s: AppServices,
  opts: { rootPassword: string | undefined; samplesDir?: string; smtp?: SmtpSettings | null },
) => {
  await seedRoles(s.db);
  await s.site.seed();
  await seedTagTaxonomy(s.db);
  await createDiscussionRepository(s.db).seedCategories();
  await s.mail.seed(opts.smtp ?? null);
  const generatedRootPassword = await ensureRoot(s, opts.rootPassword);
  const importedSamples = opts.samplesDir ? await importSamples(s, opts.samplesDir) : [];
  // Under the start lock, so a second instance starting at once finds them queued.
  await s.adminProblems.queueUncompiledCheckers();
  return { generatedRootPassword, importedSamples };
};
