import { hash, verify } from '@node-rs/argon2';

/** Argon2id (the library's default algorithm) with its recommended cost. */
export const hashPassword = (password: string): Promise<string> => hash(password);

export const verifyPassword = async (storedHash: string, password: string): Promise<boolean> => {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
};

/** A hash of a random password, verified against when the user does not exist, so both take as long. */
let dummyHash: Promise<string> | undefined;
export const burnPasswordCheck = async (password: string): Promise<void> => {
  dummyHash ??= hash('claimdesk-no-such-user');
  await verifyPassword(await dummyHash, password);
};
