/** A unique index refused the row, on either database. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e.code === '23505' || /UNIQUE constraint failed/.test(e.message ?? '');
}
