// The runtime configuration every page carries, and the security policy that follows from it.
import { earlyInputScriptSource } from './early-input';

import type { AreaRoute } from 'shared-api/routes';
import { apps } from 'portal-registry';

// The apps, their folders and ports: the registry's (portal-registry).
export { apps, type AppName } from 'portal-registry';

export type Env = Record<string, string | undefined>;

/** What the browser reads from the page's `portal-config` block (shared-api validates it again). */
export type PortalConfig = {
  apiBaseUrl: string;
  remotes: Record<string, string>;
  chatUrl: string;
  bank: { bankName: string; accountNumber: string; accountName: string };
  onlinePaymentUrl: string;
  /** Each remote's versioned entry, added per page by the shell's server. */
  remoteEntries?: Record<string, string>;
  /** The live areas' routes, added per page by the shell's server (each area's release lists its own). */
  routes?: AreaRoute[];
  /** Each remote's live release and canary (release-roots.ts `areaReleases`), added per page by the shell's server. */
  releases?: Record<string, unknown>;
};

/** What the shell's /api/ answers when the API cannot be reached: the portal shows a server's `message` as it is. */
export const API_UNREACHABLE_MESSAGE = "We can't reach the portal's service right now. Please try again in a moment.";

const DEFAULT_API_URL = 'http://localhost:4000';

/**
 * PORTAL_API_SAME_ORIGIN=1: the shell's server forwards /api/ to PORTAL_API_URL and the browser calls the API on
 * the page's own origin. A cross-origin call with a bearer token costs a CORS preflight (one more round trip, 400 ms
 * on a slow mobile network) for every new URL; a same-origin one never does.
 */
export function apiProxyFromEnv(env: Env = process.env): string | null {
  return env.PORTAL_API_SAME_ORIGIN === '1' ? env.PORTAL_API_URL || DEFAULT_API_URL : null;
}

/** Runtime configuration from the environment; the browser validates it again (shared-api). */
export function configFromEnv(
  env: Env = process.env,
  { host = 'localhost', basePort = 3000 }: { host?: string; basePort?: number } = {},
): PortalConfig {
  const remote = (name: string, offset: number) =>
    env[`PORTAL_${name.toUpperCase()}_URL`] || `http://${host}:${basePort + offset}/mf-manifest.json`;
  return {
    // '/' is the page's own origin (shared-api resolves it), whatever host name the customer used to reach it.
    apiBaseUrl: apiProxyFromEnv(env) ? '/' : env.PORTAL_API_URL || DEFAULT_API_URL,
    remotes: Object.fromEntries(apps.filter((a) => a.offset > 0).map((a) => [a.name, remote(a.name, a.offset)])),
    chatUrl: env.PORTAL_CHAT_URL || 'https://wa.me/2348000000000',
    bank: {
      bankName: env.PORTAL_BANK_NAME || 'Demo Bank',
      accountNumber: env.PORTAL_BANK_ACCOUNT_NUMBER || '0123456789',
      accountName: env.PORTAL_BANK_ACCOUNT_NAME || 'Starlink Kits Reseller Ltd',
    },
    onlinePaymentUrl: env.PORTAL_ONLINE_PAYMENT_URL || '#',
  };
}

/**
 * The settings still on their placeholders that customers would see: a demo bank account to pay into, a chat
 * number nobody answers. Start-up names them, so a deployment never shows them to a paying customer unnoticed.
 */
export function placeholderSettings(env: Env = process.env): string[] {
  return ['PORTAL_BANK_NAME', 'PORTAL_BANK_ACCOUNT_NUMBER', 'PORTAL_BANK_ACCOUNT_NAME', 'PORTAL_CHAT_URL'].filter(
    (name) => !env[name],
  );
}

/** The start-up warning for `placeholderSettings`, or null when every one is set. */
export function placeholderWarning(env: Env = process.env): string | null {
  const names = placeholderSettings(env);
  if (names.length === 0) return null;
  return `  Demo values in use, shown to customers: set ${names.join(', ')} before real customers pay (portal-server/README.md, "Runtime configuration").`;
}

function origin(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Exactly the configured remote and API origins, nothing else; `inlineScripts` are the CSP sources (hashes) of the
 * inline scripts a page carries besides the early-input script.
 */
export function contentSecurityPolicy(
  config: Pick<PortalConfig, 'remotes' | 'apiBaseUrl'>,
  inlineScripts: readonly string[] = [],
): string {
  const remoteOrigins = [
    ...new Set(
      Object.values(config.remotes)
        .map(origin)
        .filter((o): o is string => !!o),
    ),
  ];
  const api = origin(config.apiBaseUrl);
  return [
    "default-src 'self'",
    // Inline scripts are allowed by their hashes: the prerendered pages' early-input script (early-input.ts) and
    // those the page names (a first visit's entry script, entry-script.ts).
    `script-src 'self' ${[earlyInputScriptSource(), ...inlineScripts, ...remoteOrigins].join(' ')}`.trim(),
    `connect-src 'self' ${[...remoteOrigins, api].filter(Boolean).join(' ')}`.trim(),
    // styled-components injects <style> elements at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}
