import { and, asc, eq, sql } from 'drizzle-orm';
import { BUILT_IN_MOCK_SRC_FILES, type MockSrcFile } from '@c2p/domain/mock-src';
import type { Database } from '../../db/client.ts';
import { mockSrcFiles } from '../../db/schema.ts';

export interface MockSrcFileSummary {
  name: string;
  size: number;
  updatedAt: string;
  builtIn: boolean;
}

/** The bytes of the file as stored and served (compact JSON, UTF-8). */
export const jsonSize = (content: unknown): number => Buffer.byteLength(JSON.stringify(content), 'utf8');

/**
 * Writes the shipped files at every start: a new release's edits reach existing databases, and a
 * built-in file the admin could not delete is always there. Uploaded files are left alone.
 */
export async function seedMockSrcFiles(db: Database): Promise<void> {
  for (const [name, content] of Object.entries(BUILT_IN_MOCK_SRC_FILES)) {
    await db
      .insert(mockSrcFiles)
      .values({ name, content, size: jsonSize(content), builtIn: true })
      .onConflictDoUpdate({
        target: mockSrcFiles.name,
        set: { content, size: jsonSize(content), builtIn: true, updatedAt: sql`now()` },
        setWhere: sql`${mockSrcFiles.content} <> excluded.content or ${mockSrcFiles.builtIn} = false`,
      });
  }
}

export async function listMockSrcFiles(db: Database): Promise<MockSrcFileSummary[]> {
  const rows = await db
    .select({
      name: mockSrcFiles.name,
      size: mockSrcFiles.size,
      updatedAt: mockSrcFiles.updatedAt,
      builtIn: mockSrcFiles.builtIn,
    })
    .from(mockSrcFiles)
    .orderBy(asc(mockSrcFiles.name));
  return rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() }));
}

export async function findMockSrcFile(db: Database, name: string): Promise<MockSrcFile | null> {
  const [row] = await db
    .select({ content: mockSrcFiles.content })
    .from(mockSrcFiles)
    .where(eq(mockSrcFiles.name, name));
  return row?.content ?? null;
}

export type SaveOutcome = 'created' | 'replaced' | 'built-in';

/** Stores an uploaded file under its name; a built-in file is never replaced. */
export async function saveMockSrcFile(db: Database, name: string, content: MockSrcFile): Promise<SaveOutcome> {
  const size = jsonSize(content);
  const inserted = await db
    .insert(mockSrcFiles)
    .values({ name, content, size, builtIn: false })
    .onConflictDoNothing()
    .returning({ name: mockSrcFiles.name });
  if (inserted.length > 0) return 'created';
  const replaced = await db
    .update(mockSrcFiles)
    .set({ content, size, updatedAt: sql`now()` })
    .where(and(eq(mockSrcFiles.name, name), eq(mockSrcFiles.builtIn, false)))
    .returning({ name: mockSrcFiles.name });
  return replaced.length > 0 ? 'replaced' : 'built-in';
}

export type DeleteOutcome = 'deleted' | 'not-found' | 'built-in';

export async function deleteMockSrcFile(db: Database, name: string): Promise<DeleteOutcome> {
  const deleted = await db
    .delete(mockSrcFiles)
    .where(and(eq(mockSrcFiles.name, name), eq(mockSrcFiles.builtIn, false)))
    .returning({ name: mockSrcFiles.name });
  if (deleted.length > 0) return 'deleted';
  return (await findMockSrcFile(db, name)) ? 'built-in' : 'not-found';
}
