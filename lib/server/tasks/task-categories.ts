import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { taskCategories } from '@/lib/db/schema';
import { OTHERS_TASK_CATEGORY } from '@/lib/constants';
import type { TTaskCategory } from '@/lib/contract/tasks';

/** GET /taskcategories: the client's categories, with 'Others' (id 9) added when missing. */
export async function listTaskCategories(db: Db, clientId: number): Promise<TTaskCategory[]> {
  const rows = await db
    .select({ taskCategoryId: taskCategories.id, taskCategory: taskCategories.taskCategory })
    .from(taskCategories)
    .where(eq(taskCategories.clientId, clientId))
    .orderBy(asc(taskCategories.id));
  return rows.some((r) => r.taskCategoryId === OTHERS_TASK_CATEGORY.taskCategoryId)
    ? rows
    : [...rows, { ...OTHERS_TASK_CATEGORY }];
}

/** A category id is valid when the client has it, or it is the 'Others' fallback (stored on first use). */
export async function ensureTaskCategory(db: Db, clientId: number, categoryId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: taskCategories.id })
    .from(taskCategories)
    .where(and(eq(taskCategories.clientId, clientId), eq(taskCategories.id, categoryId)));
  if (row) return true;
  if (categoryId !== OTHERS_TASK_CATEGORY.taskCategoryId) return false;
  await db
    .insert(taskCategories)
    .values({ clientId, id: categoryId, taskCategory: OTHERS_TASK_CATEGORY.taskCategory })
    .onConflictDoNothing();
  return true;
}

/**
 * The id of the client's category with this name (any case; the lowest id when several), else the
 * 'Others' fallback, stored on first use: what the product's own tasks are filed under.
 */
export async function categoryNamed(db: Db, clientId: number, name: string): Promise<number> {
  const [row] = await db
    .select({ id: taskCategories.id })
    .from(taskCategories)
    .where(
      and(eq(taskCategories.clientId, clientId), sql`lower(${taskCategories.taskCategory}) = ${name.toLowerCase()}`),
    )
    .orderBy(asc(taskCategories.id))
    .limit(1);
  if (row) return row.id;
  await ensureTaskCategory(db, clientId, OTHERS_TASK_CATEGORY.taskCategoryId);
  return OTHERS_TASK_CATEGORY.taskCategoryId;
}
