import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Order history and the audit log keep the name and e-mail of who acted, as they were then, so reading
 * them needs no other domain's table (and a later rename does not rewrite history).
 */
export function actorSnapshots(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const [table, userColumn, prefix] of [
        ['order_events', 'actor_user_id', 'actor'],
        ['audit_log', 'admin_user_id', 'admin'],
      ] as const) {
        await db.schema.alterTable(table).addColumn(`${prefix}_name`, 'text').execute();
        await db.schema.alterTable(table).addColumn(`${prefix}_email`, 'text').execute();
        await sql`
          update ${sql.table(table)} set
            ${sql.ref(`${prefix}_name`)} = (select name from users where users.id = ${sql.ref(`${table}.${userColumn}`)}),
            ${sql.ref(`${prefix}_email`)} = (select email from users where users.id = ${sql.ref(`${table}.${userColumn}`)})
          where ${sql.ref(userColumn)} is not null`.execute(db);
      }
    },
  };
}
