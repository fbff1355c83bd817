/**
 * Image comments (openapi/schemas/business/patterns.yaml CommFields `withPicture`, `pictureRate`; CommPictureFields):
 * a task with `withPicture` 1 has about `pictureRate` % of its comments carry an image of its comment pictures
 * (`*_comm_picture` of the task, or of every task of the owner when the row names none), handed to the robot with
 * the text (`run/comment` `pictureUrl`). The least used image goes first (ties at random), and its `useCount` rises.
 */
import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/index';
import type { CommentKind } from '../runs/task-kinds';
import { usableBy, type RunContext } from './run-context';

/** The image to post with this comment, or undefined (no image comments, not this time, or no usable image). */
export async function commentPicture(
  db: Db,
  ctx: RunContext,
  k: CommentKind,
  random: () => number = Math.random,
): Promise<string | undefined> {
  const t = ctx.task as { withPicture?: unknown; pictureRate?: unknown };
  if (Number(t.withPicture) !== 1) return undefined;
  const rate = Math.max(0, Math.min(100, Number(t.pictureRate ?? 0) || 0));
  if (random() * 100 >= rate) return undefined;
  const p = k.pictures;
  const [row] = await db
    .select({ id: p.id, url: p.url })
    .from(p)
    .where(
      and(
        eq(p.tenantId, ctx.tenantId),
        eq(p.isDeleted, 0),
        eq(p.status, 1),
        ne(p.url, ''),
        or(isNull(p.commId), eq(p.commId, ctx.task.id)),
        usableBy(p.ydUserId, ctx.payer),
      ),
    )
    .orderBy(asc(p.useCount), sql`random()`)
    .limit(1);
  if (!row) return undefined;
  await db
    .update(p)
    .set({ useCount: sql`${p.useCount} + 1` })
    .where(eq(p.id, row.id));
  return row.url;
}
