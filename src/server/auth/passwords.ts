/**
 * Password hashing with scrypt, a memory-hard KDF, at OWASP's minimum (N=2^13, r=8, p=10: 8 MiB a hash,
 * counted as strong as N=2^17 with p=1). A stored hash made with other parameters (such as N=2^15, p=1,
 * below that minimum) still verifies and is made again at the account's next sign-in.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

const LOG_N = 13;
const R = 8;
const P = 10;
const KEY_LENGTH = 32;
const maxmem = (logN: number, r: number) => 256 * 2 ** logN * r;
const SCHEME = ['scrypt', LOG_N, R, P].join('$');

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { N: 2 ** LOG_N, r: R, p: P, maxmem: maxmem(LOG_N, R) });
  return [SCHEME, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Whether a stored hash was made with other parameters than a new one would be. */
export function isOutdatedHash(stored: string): boolean {
  return !stored.startsWith(`${SCHEME}$`);
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !logN || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: 2 ** Number(logN),
    r: Number(r),
    p: Number(p),
    maxmem: maxmem(Number(logN), Number(r)),
  });
  return timingSafeEqual(actual, expected);
}

// Verifying against this when the account does not exist keeps "no such user" as slow as "wrong password".
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(password, await dummyHash);
  return false;
}

/**
 * The 10,000 most common passwords of 6 characters or more (zxcvbn's frequency list, MIT licence), one
 * per line; compared case-insensitively. Read from the source tree, whether this runs from src/ or dist/
 * (both are three folders below the project).
 */
const COMMON_PASSWORDS_FILE = resolve(dirname(fileURLToPath(import.meta.url)), '../../../src/server/auth/common-passwords.txt');
let commonPasswords: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(readFileSync(COMMON_PASSWORDS_FILE, 'utf8').split('\n').filter(Boolean));
  return commonPasswords.has(password.toLowerCase());
}
