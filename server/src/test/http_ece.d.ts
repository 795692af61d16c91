// The decryption side of http_ece (the library web-push encrypts with), for the push tests.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  export function decrypt(
    buffer: Buffer,
    params: { version: 'aes128gcm' | 'aesgcm'; privateKey?: ECDH; authSecret?: string; dh?: string },
  ): Buffer;
  const ece: { decrypt: typeof decrypt };
  export default ece;
}
