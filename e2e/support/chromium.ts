import fs from 'node:fs';

// Kept apart from env.ts, which empties the run's data folder when loaded, so that the bench can launch the same browser.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];
  const found = candidates.find((p) => fs.existsSync(p));
  if (!found) throw new Error('Chromium not found: install Debian chromium (apt-get install -y chromium) or set CHROMIUM_PATH');
  return found;
}
