import { type Algorithm, hash, verify } from "@node-rs/argon2";

// OWASP's argon2id baseline: 19 MiB, 2 passes (~90 ms here).
// Algorithm.Argon2id; a const enum cannot be read under verbatimModuleSyntax
const ARGON2ID = 2 as Algorithm;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (plain: string) => hash(plain, OPTIONS);

export async function verifyPassword(stored: string | null | undefined, plain: string): Promise<boolean> {
  if (!stored) {
    // same work as a real check so timing does not tell whether the account exists
    await hash(plain, OPTIONS);
    return false;
  }
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}
