import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe. Only its hash is ever stored. */
export const newToken = () => randomBytes(32).toString('base64url');
export const newPublicId = () => randomBytes(12).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
