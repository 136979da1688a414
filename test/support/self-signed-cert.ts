import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A throwaway TLS key pair for servers on loopback. */
export interface SelfSignedCert {
  /** PEM certificate, also the trust root clients use. */
  cert: Buffer;
  /** PEM private key. */
  key: Buffer;
}

/**
 * Makes a one-day self-signed certificate for `localhost` and `127.0.0.1` with the system `openssl`
 * (Node cannot create certificates). It is valid as its own root, so clients trust it by passing `cert`.
 */
export function createSelfSignedCert(): SelfSignedCert {
  const dir = mkdtempSync(join(tmpdir(), "chainkit-cert-"));
  try {
    const keyPath = join(dir, "key.pem");
    const certPath = join(dir, "cert.pem");
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=localhost",
        "-addext",
        "subjectAltName=DNS:localhost,IP:127.0.0.1",
        "-keyout",
        keyPath,
        "-out",
        certPath,
      ],
      { stdio: "pipe" },
    );
    return { cert: readFileSync(certPath), key: readFileSync(keyPath) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
