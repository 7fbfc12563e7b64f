// The guest pages' HTML: the live shell's frame with the live area's own page in its slot, hydrated by the browser.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** One screen's HTML and its styled-components <style> elements, as the builds write them. */
export type Prerendered = { html: string; css: string };

/** An area's page; with `needs`, it stands only for addresses whose query has that parameter, non-empty. */
export type PrerenderedPage = Prerendered & { needs?: string };

/** The shell's dist/prerender.json: its frame per route path, each with `slot` where the area's page goes. */
export type ShellPrerender = { slotId: string; slot: string; frames: Record<string, Prerendered> };

/**
 * A remote's dist/prerender.json: its pages by exposed module, rendered at the position `slotId` stands for, by the
 * build whose versioned entry is `entry`.
 */
export type AreaPrerender = { entry: string; slotId: string; pages: Record<string, PrerenderedPage> };

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

/** The shell's frames in `dir`; absent or unreadable means pages without prerendered HTML. */
export async function readShellPrerender(dir: string): Promise<ShellPrerender | null> {
  try {
    const { slotId, slot, frames } = JSON.parse(await fs.readFile(path.join(dir, 'prerender.json'), 'utf8')) as {
      slotId?: unknown;
      slot?: unknown;
      frames?: unknown;
    };
    const valid = pagesOf(frames);
    return typeof slotId === 'string' && typeof slot === 'string' && slot && valid ? { slotId, slot, frames: valid } : null;
  } catch {
    return null;
  }
}

/**
 * Runs before any of the portal's code, for what a customer does on the drawn page before it is hydrated. React keeps
 * what was typed on screen but not in its state (the next render would wipe it): once the shell says the page is
 * ready (`portal:area-ready`), each field that differs from its HTML is handed to React as an input of its own (all
 * read first: React's render after the first one resets the others to its state). A form sent before that is held
 * (no native GET that would put a password in the address), the page shows it is busy, and the form is sent then,
 * with those values; if the page's code fails instead (`portal:area-failed`), the shell's error card says so.
 */
export const EARLY_INPUT_SCRIPT =
  "(function(){var d=document,r=d.documentElement,held=null,ready=false;" +
  "function own(o,k){return Object.getOwnPropertyDescriptor(o,k).set}" +
  "function handOver(){var root=d.getElementById('root');if(!root)return;var typed=[];" +
  "root.querySelectorAll('input,textarea,select').forEach(function(f){" +
  "if(f.tagName==='SELECT'){var o=f.options[f.selectedIndex];if(o&&!o.defaultSelected)typed.push([f,'select']);return}" +
  "var box=f.type==='checkbox'||f.type==='radio',k=box?'checked':'value';" +
  "if(f[k]!==(box?f.defaultChecked:f.defaultValue))typed.push([f,k,f[k]])});" +
  "typed.forEach(function(t){var f=t[0],k=t[1];if(k==='select')return f.dispatchEvent(new Event('change',{bubbles:true}));" +
  "f[k]=k==='checked'?!t[2]:f.defaultValue;own(Object.getPrototypeOf(f),k).call(f,t[2]);" +
  "f.dispatchEvent(new Event(k==='checked'?'click':'input',{bubbles:true}))})}" +
  "d.addEventListener('submit',function(e){if(ready)return;e.preventDefault();e.stopImmediatePropagation();" +
  "held=e.target;r.setAttribute('aria-busy','true');r.style.cursor='progress'},true);" +
  "d.addEventListener('portal:area-ready',function(){ready=true;setTimeout(function(){handOver();" +
  "var f=held;held=null;r.removeAttribute('aria-busy');r.style.cursor='';" +
  "if(f&&f.isConnected)setTimeout(function(){f.requestSubmit()},0)},0)});" +
  "d.addEventListener('portal:area-failed',function(){held=null;r.removeAttribute('aria-busy');r.style.cursor=''})})();";

/** The script's CSP source: allowed by its hash, not by allowing every inline script. */
export const EARLY_INPUT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(EARLY_INPUT_SCRIPT).digest('base64')}'`;

// The minifier may drop attribute quotes; the boot frame's last </div> closes #root.
const ROOT = /<div id=["']?root["']?>[\s\S]*<\/div>(\s*<\/body>)/;

/**
 * `html` with the route's frame and the area's page in #root (marked with the route, so the shell hydrates only
 * the page it expects), their styles and the early-input script in <head>; unchanged when the two were rendered
 * for different positions (a shell and an area release that do not agree) or the template has no #root.
 */
export function composeGuestPage(
  html: string,
  shell: ShellPrerender,
  area: AreaPrerender,
  { routePath, module, search = '' }: { routePath: string; module: string; search?: string },
): string {
  const frame = shell.frames[routePath];
  const page = area.pages[module];
  if (!frame || !page || shell.slotId !== area.slotId || !ROOT.test(html)) return html;
  if (page.needs && !new URLSearchParams(search).get(page.needs)?.trim()) return html;
  const body = frame.html.split(shell.slot).join(page.html);
  const root = `<div id="root" data-prerendered="${routePath.replace(/[^\w/-]/g, '')}">${body}</div>`;
  return html
    .replace('</head>', () => `<script>${EARLY_INPUT_SCRIPT}</script>${frame.css}${page.css}</head>`)
    .replace(ROOT, (_match, end: string) => `${root}${end}`);
}
