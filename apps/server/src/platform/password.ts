/** Password hashing with argon2id (DESIGN 2). */
import { hash, verify } from '@node-rs/argon2';

export const hashPassword = (plain: string): Promise<string> => hash(plain);

/** A fixed hash verified when the user does not exist, so timing does not reveal user names. */
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$vUurLqOrQP+I9+HxYfvTYw$KwfIL7PGiAWR33YCXy82Ov2rtV1aTuSuFo1I/EkfP+s';

export async function verifyPassword(storedHash: string | null, plain: string): Promise<boolean> {
  try {
    return await verify(storedHash ?? DUMMY_HASH, plain);
  } catch {
    return false;
  }
}
