/**
 * What a search means beyond its letters: the trade's synonyms the staff keep (rotor = brake disc, both
 * ways) and the words of the catalog a mistyped word may have meant. SQLite lists the names' words with
 * fts5vocab, PostgreSQL finds the nearest with pg_trgm; either way the candidates are then held to one
 * typo (`withinOneTypo`).
 */
import { sql } from 'kysely';
import { normaliseSynonym, type SynonymGroups, TYPO_MIN_LENGTH, withinOneTypo } from '../../shared/choosing.js';
import { type Executor, isPostgres } from '../db/schema.js';

/** One word of a search (or a synonym phrase standing for several): what a part must match for it. */
export interface SearchClause {
  /** Any of these word sequences (each word a prefix): the words typed, or a synonym of them. */
  alternatives: string[][];
  /** Words of the catalog the typed word may be a typo of: matches of these rank below exact ones. */
  corrections: string[];
}

export interface Spelling {
  clauses: SearchClause[];
  /** The search with its mistyped words corrected, when one is not a word (or the start of one) of the catalog. */
  didYouMean: string | null;
}

/** The clauses of a search's words, with their synonyms and their typos' corrections. */
export async function spellingOf(db: Executor, words: readonly string[]): Promise<Spelling> {
  const synonyms = await synonymsAmong(db, words);
  const clauses: SearchClause[] = [];
  let corrected = false;
  const didYouMean: string[] = [];
  for (let i = 0; i < words.length; ) {
    const phrase = longestSynonymAt(words, i, synonyms);
    if (phrase) {
      clauses.push({ alternatives: phrase.group.map((term) => term.split(' ')), corrections: [] });
      didYouMean.push(...words.slice(i, i + phrase.length));
      i += phrase.length;
      continue;
    }
    const word = words[i]!;
    const completions = await completionsOf(db, word);
    const correction = await correctionsOf(db, word, completions.length > 0);
    clauses.push({ alternatives: [[word], ...completions.filter((completion) => completion !== word).map((completion) => [completion])], corrections: correction.words });
    if (correction.better) corrected = true;
    didYouMean.push(correction.better ?? word);
    i += 1;
  }
  return { clauses, didYouMean: corrected ? didYouMean.join(' ') : null };
}

function longestSynonymAt(words: readonly string[], at: number, synonyms: Map<string, string[]>) {
  for (let length = Math.min(3, words.length - at); length >= 1; length -= 1) {
    const group = synonyms.get(words.slice(at, at + length).join(' '));
    if (group) return { length, group };
  }
  return undefined;
}

/** The synonym groups of every phrase of one to three words of the search, by phrase. */
async function synonymsAmong(db: Executor, words: readonly string[]): Promise<Map<string, string[]>> {
  const phrases = new Set<string>();
  for (let i = 0; i < words.length; i += 1) {
    for (let length = 1; length <= 3 && i + length <= words.length; length += 1) phrases.add(words.slice(i, i + length).join(' '));
  }
  if (phrases.size === 0) return new Map();
  const rows = await db
    .selectFrom('search_synonyms as own')
    .innerJoin('search_synonyms as other', 'other.group_id', 'own.group_id')
    .select(['own.term as phrase', 'other.term as term'])
    .where('own.term', 'in', [...phrases])
    .orderBy('other.position')
    .execute();
  const groups = new Map<string, string[]>();
  for (const row of rows) groups.set(row.phrase, [...(groups.get(row.phrase) ?? []), row.term]);
  return groups;
}

/** The catalog words one typo away from a word, and the best of them when the word is none of the catalog's (nor the start of one). */
async function correctionsOf(db: Executor, word: string, isWordOrStart: boolean): Promise<{ words: string[]; better?: string }> {
  if (word.length < TYPO_MIN_LENGTH || !isLetters(word)) return { words: [] };
  const candidates = await (isPostgres(db) ? nearestWordsPostgres(db, word) : nearestWordsSqlite(db, word));
  const words = candidates.filter((candidate) => candidate !== word && withinOneTypo(word, candidate));
  if (words.length === 0 || isWordOrStart) return { words };
  return { words, better: words[0] };
}

const isLetters = (word: string) => /^\p{L}+$/u.test(word);
/** Words shorter than this are searched as typed: a stemmer leaves them whole. */
const COMPLETED_MIN_LENGTH = 3;
const COMPLETIONS_MAX = 20;

/**
 * The words of the names that start with a word (itself among them when a name has it), at most
 * COMPLETIONS_MAX. The search indexes names stemmed, and the start of a word can run past its stem:
 * "alterna" is the start of "alternator", whose stem is "altern", so "alterna*" alone finds nothing
 * while the buyer is still typing. Searching for the words it may become finds them.
 */
async function completionsOf(db: Executor, word: string): Promise<string[]> {
  if (word.length < COMPLETED_MIN_LENGTH || !isLetters(word)) return [];
  const end = `${word}\u{10FFFF}`;
  const { rows } = isPostgres(db)
    ? await sql<{ word: string }>`SELECT word FROM search_words WHERE word COLLATE "C" >= ${word} AND word COLLATE "C" < ${end} ORDER BY word COLLATE "C" LIMIT ${COMPLETIONS_MAX}`.execute(db)
    : await sql<{ word: string }>`SELECT term AS word FROM product_words_vocab WHERE term >= ${word} AND term < ${end} LIMIT ${COMPLETIONS_MAX}`.execute(db);
  return rows.map((row) => row.word);
}

/** Words of the names a letter shorter to a letter longer, most used first. */
async function nearestWordsSqlite(db: Executor, word: string): Promise<string[]> {
  return (await vocabularySqlite(db)).filter((term) => Math.abs(term.length - word.length) <= 1);
}

/**
 * The names' words, most used first, kept per database until a name changes: fts5vocab walks the whole
 * index to list them, which would cost every search as much as the search itself. A version the products'
 * triggers move (migration 071) says when to read them again; a transaction may read the kept words but
 * keeps none of its own, as it may still roll back.
 */
const vocabularies = new WeakMap<object, { version: number; terms: string[] }>();

async function vocabularySqlite(db: Executor): Promise<string[]> {
  const key = db.getExecutor().adapter;
  const { rows } = await sql<{ version: number }>`SELECT version FROM product_words_version WHERE id = 1`.execute(db);
  const version = rows[0]!.version;
  const kept = vocabularies.get(key);
  if (kept?.version === version) return kept.terms;
  const vocabulary = await sql<{ term: string }>`SELECT term FROM product_words_vocab ORDER BY doc DESC`.execute(db);
  const terms = vocabulary.rows.map((row) => row.term);
  if (!db.isTransaction) vocabularies.set(key, { version, terms });
  return terms;
}

/** The words of the names nearest by trigrams (the index answers them in order). */
async function nearestWordsPostgres(db: Executor, word: string): Promise<string[]> {
  const { rows } = await sql<{ word: string }>`SELECT word FROM search_words ORDER BY word <-> ${word} LIMIT 20`.execute(db);
  return rows.map((row) => row.word);
}

// ---- The staff's synonyms ---------------------------------------------------------

export async function synonymGroups(db: Executor): Promise<SynonymGroups> {
  const rows = await db.selectFrom('search_synonyms').select(['group_id', 'term']).orderBy('group_id').orderBy('position').execute();
  const groups = new Map<number, string[]>();
  for (const row of rows) groups.set(row.group_id, [...(groups.get(row.group_id) ?? []), row.term]);
  return { groups: [...groups.values()] };
}

/** Replaces every group with these (checked by `synonymGroupsSchema`: each term in one group only). */
export async function replaceSynonymGroups(db: Executor, { groups }: SynonymGroups): Promise<void> {
  await db.deleteFrom('search_synonyms').execute();
  const rows = groups.flatMap((terms, group) => terms.map((term, position) => ({ term: normaliseSynonym(term), group_id: group + 1, position })));
  for (let i = 0; i < rows.length; i += 1000) await db.insertInto('search_synonyms').values(rows.slice(i, i + 1000)).execute();
}
