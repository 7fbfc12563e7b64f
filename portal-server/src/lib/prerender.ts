// The pages' HTML: the live shell's frame with the live area's own page in its slot, hydrated by the browser.
import fs from 'node:fs';
import path from 'node:path';
import type { AreaPrerender, PrerenderedPage, SessionKind, ShellPrerender } from 'shared-api/prerender';
import type { AreaRoute } from 'shared-api/routes';
import { earlyInputScript } from './early-input';

export type { AreaPrerender, ShellPrerender } from 'shared-api/prerender';

const isPrerendered = (value: unknown): value is PrerenderedPage => {
  const page = value as Partial<Record<keyof PrerenderedPage, unknown>> | null;
  return (
    typeof page?.html === 'string' && typeof page.css === 'string' && (page.needs === undefined || typeof page.needs === 'string')
  );
};

function pagesOf(value: unknown): Record<string, PrerenderedPage> | null {
  if (typeof value !== 'object' || value === null) return null;
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, PrerenderedPage] => isPrerendered(entry[1])));
}

export function parseAreaPrerender(value: unknown): AreaPrerender | null {
  const { entry, slotId, pages } = (value ?? {}) as { entry?: unknown; slotId?: unknown; pages?: unknown };
  const valid = pagesOf(pages);
  return typeof entry === 'string' && typeof slotId === 'string' && valid ? { entry, slotId, pages: valid } : null;
}

/**
 * The live shell release's frames, drawn now for the live areas' routes by that release's own code (its
 * dist/frames.cjs, libraries included), so a page or navbar link an area releases alone is drawn too; null (pages
 * written undrawn) without it or when it fails, which is reported.
 */
export async function drawFrames(root: string, routes: readonly AreaRoute[], log = console.error): Promise<ShellPrerender | null> {
  const file = path.join(root, 'frames.cjs');
  if (!fs.existsSync(file)) return null;
  try {
    // A release's own CommonJS bundle, loaded by its path at run time.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { prerender } = require(file) as { prerender: (routes: readonly AreaRoute[]) => Promise<ShellPrerender> };
    return await prerender(routes);
  } catch (error) {
    log(`portal-server: the frames of ${root} could not be drawn, so its pages are written undrawn: ${String(error)}`);
    return null;
  }
}

/**
 * A page drawn for another kind of visitor than the early script found in storage (<html data-session>) is hidden
 * before it paints, and the template's loading state (data-boot, after #root) shows in its place until the shell
 * renders: without a script, too, since nothing on it would work.
 */
const OTHER_VISITOR_STYLE =
  'html:not([data-session=customer]) #root[data-session=customer],html:not([data-session=none]) #root[data-session=none]{display:none}' +
  'html:not([data-session=customer]) #root[data-session=customer]+[data-boot],html:not([data-session=none]) #root[data-session=none]+[data-boot]{display:block}';

// The minifier may drop attribute quotes; the boot frame's last </div> closes #root.
const ROOT = /<div id=["']?root["']?>([\s\S]*)<\/div>(\s*<\/body>)/;

/**
 * `html` with the route's frame and the area's page in #root, marked with the route (the shell hydrates only the page
 * it expects) and the kind of visitor it was drawn for (`session`: a customer's page for any customer, the others for
 * a visitor without a session), the template's loading state kept after it for the other kind of visitor, and
 * their styles and the early-input script in <head>; unchanged when the two were rendered for different positions
 * (a shell and an area release that do not agree) or the template has no #root.
 */
export function composeDrawnPage(
  html: string,
  shell: ShellPrerender,
  area: AreaPrerender,
  { routePath, module, session, search = '' }: { routePath: string; module: string; session: SessionKind; search?: string },
): string {
  const frame = shell.frames[routePath];
  const page = area.pages[module];
  if (!frame || !page || frame.slotId !== area.slotId || !ROOT.test(html)) return html;
  if (page.needs && !new URLSearchParams(search).get(page.needs)?.trim()) return html;
  const body = frame.html.split(shell.slot).join(page.html);
  const marks = `data-prerendered="${routePath.replace(/[^\w/:-]/g, '')}" data-session="${session}"`;
  return html
    .replace(
      '</head>',
      () => `<script>${earlyInputScript()}</script><style>${OTHER_VISITOR_STYLE}</style>${frame.css}${page.css}</head>`,
    )
    .replace(ROOT, (_match, boot: string, end: string) => `<div id="root" ${marks}>${body}</div><div data-boot hidden>${boot}</div>${end}`);
}
