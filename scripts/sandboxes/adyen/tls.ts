// A throwaway self-signed certificate for the sandbox's HTTPS listener (127.0.0.1 and localhost),
// made with the openssl command at start and kept in memory only. Browsers must be told to accept it
// (Playwright: `ignoreHTTPSErrors`; by hand: open the sandbox's https address once).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let cached: { key: string; cert: string } | null | undefined;

/** The key and certificate, or null when openssl is not available. */
export function localCertificate(): { key: string; cert: string } | null {
  if (cached !== undefined) return cached;
  const dir = mkdtempSync(join(tmpdir(), 'adyen-sandbox-tls-'));
  try {
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '30',
      '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
    ], { stdio: 'ignore' });
    cached = { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } catch {
    cached = null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return cached;
}
