/**
 * Runtime configuration: read by the served page, never baked into bundles, so one build serves any
 * environment. The serving process writes it into `<script type="application/json" id="portal-config">`
 * in index.html (a data block: no extra request, and CSP does not treat it as script).
 */
import { parseRoutes, type AreaRoute, type RemoteName } from '../routes';

export interface BankDetails {
  bankName: string;
  accountNumber: string;
  accountName: string;
}

export interface RuntimeConfig {
  apiBaseUrl: string;
  /** Manifest (mf-manifest.json) or remoteEntry.js URL of each remote. */
  remotes: Record<RemoteName, string>;
  /** The live areas' routes, each area's as its live release declares them (written per page by the serving process). */
  routes: readonly AreaRoute[];
  /**
   * The current build of a remote's entry under a content-hashed name, where the serving process knows it (written
   * per page): a returning visitor's browser reuses it from its cache without asking the server. Absent for a
   * remote: its entry at `remotes` is used, which is revalidated on every visit.
   */
  remoteEntries: Partial<Record<RemoteName, string>>;
  chatUrl: string;
  bank: BankDetails;
  onlinePaymentUrl: string;
  /**
   * Each remote's live release and, during a canary, the release a share of browsers gets instead (written per page
   * by the shell's server from the release store): the shell tags its health reports with the release it loaded.
   */
  releases: Partial<Record<RemoteName, AreaReleases>>;
}

/** A release as the browser loads it: its id in the release store and its versioned entry. */
export interface ReleaseEntry {
  id: string;
  entry: string;
}

export interface AreaReleases {
  live: ReleaseEntry;
  /** Given to browsers whose stable share (0-99) is below `percent`. */
  canary?: ReleaseEntry & { percent: number };
}

export const CONFIG_ELEMENT_ID = 'portal-config';

export const defaultRuntimeConfig: RuntimeConfig = {
  apiBaseUrl: 'http://localhost:4000',
  remotes: {
    auth: 'http://localhost:3001/mf-manifest.json',
    kits: 'http://localhost:3002/mf-manifest.json',
    billing: 'http://localhost:3003/mf-manifest.json',
    profile: 'http://localhost:3004/mf-manifest.json',
  },
  remoteEntries: {},
  routes: [],
  chatUrl: 'https://wa.me/2348000000000',
  bank: { bankName: 'Demo Bank', accountNumber: '0123456789', accountName: 'Starlink Kits Reseller Ltd' },
  onlinePaymentUrl: '#',
  releases: {},
};

/** `value` as an object to read fields from; anything else reads as an empty one. */
function fieldsOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function pickString(source: Record<string, unknown>, key: string, fallback: string): string {
  const value = source[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
}

function pickUrl(source: Record<string, unknown>, key: string, fallback: string): string {
  const value = pickString(source, key, fallback);
  try {
    // Relative URLs are allowed: resolve them against the page so callers always get an absolute one.
    return new URL(value, typeof location === 'undefined' ? 'http://localhost' : location.href).toString();
  } catch {
    console.warn(`[portal-config] "${key}" is not a URL; using ${fallback}`);
    return fallback;
  }
}

/** Every field of `fallbacks`, read from `source` by `pick`. */
function pickEach<T extends { [K in keyof T]: string }>(source: unknown, fallbacks: T, pick: typeof pickString): T {
  const fields = fieldsOf(source);
  const picked: Record<string, string> = {};
  for (const [key, fallback] of Object.entries<string>(fallbacks)) picked[key] = pick(fields, key, fallback);
  return picked as T;
}

/** The default remotes, each as configured when valid, and any other remote the configuration names by a valid URL. */
function pickRemotes(source: unknown, fallbacks: Record<RemoteName, string>): Record<RemoteName, string> {
  const fields = fieldsOf(source);
  const remotes = pickEach(fields, fallbacks, pickUrl);
  for (const [name, value] of Object.entries(fields)) {
    if (name in remotes || typeof value !== 'string' || value.trim() === '' || !/^[a-z][\w-]*$/i.test(name)) continue;
    const url = pickUrl(fields, name, '');
    if (url) remotes[name] = url;
  }
  return remotes;
}

/** Only absolute http(s) URLs of scripts; anything else is dropped and that remote's configured entry is used. */
function pickEntries(source: unknown, remotes: Record<RemoteName, string>): Partial<Record<RemoteName, string>> {
  const fields = fieldsOf(source);
  const entries: Partial<Record<RemoteName, string>> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (!Object.hasOwn(remotes, name)) continue;
    if (typeof value !== 'string') continue;
    try {
      const url = new URL(value);
      if ((url.protocol === 'http:' || url.protocol === 'https:') && url.pathname.endsWith('.js')) entries[name] = url.href;
    } catch {
      // Not a URL: ignored.
    }
  }
  return entries;
}

function pickRelease(source: unknown): ReleaseEntry | undefined {
  const { id, entry } = fieldsOf(source);
  if (typeof id !== 'string' || !/^[0-9a-f]{12}$/.test(id) || typeof entry !== 'string') return undefined;
  const [url] = Object.values(pickEntries({ area: entry }, { area: '' }));
  return url ? { id, entry: url } : undefined;
}

/** Each remote's releases; a remote whose live release is not valid gets none (its reports are not tagged). */
function pickReleases(source: unknown, remotes: Record<RemoteName, string>): Partial<Record<RemoteName, AreaReleases>> {
  const fields = fieldsOf(source);
  const releases: Partial<Record<RemoteName, AreaReleases>> = {};
  for (const name of Object.keys(remotes)) {
    const area = fieldsOf(fields[name]);
    const live = pickRelease(area.live);
    if (!live) continue;
    const canary = pickRelease(area.canary);
    const { percent } = fieldsOf(area.canary);
    releases[name] =
      canary && typeof percent === 'number' && Number.isInteger(percent) && percent > 0 && percent < 100 ? { live, canary: { ...canary, percent } } : { live };
  }
  return releases;
}

/** Validates untrusted JSON, keeping every valid field and falling back field by field. */
export function parseRuntimeConfig(input: unknown): RuntimeConfig {
  const raw = fieldsOf(input);
  const d = defaultRuntimeConfig;
  const remotes = pickRemotes(raw.remotes, d.remotes);
  return {
    apiBaseUrl: pickUrl(raw, 'apiBaseUrl', d.apiBaseUrl).replace(/\/+$/, ''),
    remotes,
    remoteEntries: pickEntries(raw.remoteEntries, remotes),
    routes: parseRoutes(raw.routes),
    chatUrl: pickUrl(raw, 'chatUrl', d.chatUrl),
    bank: pickEach(raw.bank, d.bank, pickString),
    onlinePaymentUrl: pickString(raw, 'onlinePaymentUrl', d.onlinePaymentUrl),
    releases: pickReleases(raw.releases, remotes),
  };
}

let cached: RuntimeConfig | undefined;

function readFromDocument(): unknown {
  if (typeof document === 'undefined') return {};
  const element = document.getElementById(CONFIG_ELEMENT_ID);
  if (!element?.textContent) return {};
  try {
    return JSON.parse(element.textContent);
  } catch {
    console.warn('[portal-config] invalid JSON; using defaults');
    return {};
  }
}

export function getRuntimeConfig(): RuntimeConfig {
  cached ??= parseRuntimeConfig(readFromDocument());
  return cached;
}

/** For tests, standalone hosts and build-time renders: `config` over the current configuration. */
export function setRuntimeConfig(config: Partial<RuntimeConfig>): RuntimeConfig {
  cached = parseRuntimeConfig({ ...(cached ?? defaultRuntimeConfig), ...config });
  return cached;
}
