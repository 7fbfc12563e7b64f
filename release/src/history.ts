import fs from 'node:fs';
import path from 'node:path';
import { APPS } from 'webpack-config/contract';

type AppName = keyof typeof APPS;

/** A release made live: by `promote` (or `sync`), or by `rollback`. */
export interface Promotion {
  id: string;
  at: string;
  action: 'promote' | 'rollback';
}

/** A promotion the version contract refused: the release never went live. */
export interface Refusal {
  id: string;
  at: string;
  action: 'refused';
}

/** A release given to `percent` % of browsers beside the live one (`promote --canary`); it is not live. */
export interface CanaryStart {
  id: string;
  at: string;
  action: 'canary';
  percent: number;
}

/** A canary taken back (by `promote --watch`, or by hand): its release counts as rolled back. */
export interface CanaryRollback {
  id: string;
  at: string;
  action: 'canary-rolled-back';
  /** Why, in a sentence (the watch's figures). */
  reason?: string;
}

export type Step = Promotion | Refusal | CanaryStart | CanaryRollback;

/** The canary the steps leave running: started and not yet promoted, rolled back or replaced by another step. */
export interface Canary {
  id: string;
  percent: number;
  at: string;
}

export function canaryOf(steps: Step[]): Canary | null {
  let canary: Canary | null = null;
  for (const step of steps) {
    if (step.action === 'canary') canary = { id: step.id, percent: step.percent, at: step.at };
    else if (step.action !== 'refused') canary = null;
  }
  return canary;
}

export const isPromotion = (step: Step): step is Promotion => step.action === 'promote' || step.action === 'rollback';

export interface History {
  /** Every readable step, oldest first. */
  steps: Step[];
  /** One sentence per damaged part (a line of the history, the pointer), with the fix. */
  problems: string[];
  /** Set when no history can be read at all: which release is live cannot be told. */
  unreadable?: string;
  /** The pointer (live.json) no longer says what the history says: the next locked step rewrites it. */
  pointerStale: boolean;
  /** The steps came from the pointer: the history file is missing or has no readable line. */
  fromPointer: boolean;
}

export const appDir = (app: AppName, storeDir: string) => path.join(storeDir, app);
export const historyFile = (app: AppName, storeDir: string) => path.join(appDir(app, storeDir), 'history.jsonl');
export const pointerFile = (app: AppName, storeDir: string) => path.join(appDir(app, storeDir), 'live.json');

const ACTIONS = new Set(['promote', 'rollback', 'refused', 'canary', 'canary-rolled-back']);

function asStep(value: unknown): Step | null {
  const step = value as Partial<Step> | null;
  if (!step || typeof step.id !== 'string' || !/^[\w-]+$/.test(step.id)) return null;
  if (typeof step.action !== 'string' || !ACTIONS.has(step.action)) return null;
  const base = { id: step.id, at: typeof step.at === 'string' ? step.at : '', action: step.action };
  if (step.action === 'canary') {
    const { percent } = step as Partial<CanaryStart>;
    return typeof percent === 'number' && percent > 0 && percent < 100 ? ({ ...base, percent } as Step) : null;
  }
  const { reason } = step as Partial<CanaryRollback>;
  return (step.action === 'canary-rolled-back' && typeof reason === 'string' ? { ...base, reason } : base) as Step;
}

/** The release that `steps` leave live: the last promotion or rollback. */
export function liveOf(steps: Step[]): string | null {
  for (let i = steps.length - 1; i >= 0; i -= 1) {
    const step = steps[i] as Step;
    if (isPromotion(step)) return step.id;
  }
  return null;
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

interface Pointer {
  live: string | null;
  history: Step[];
}

function readPointer(file: string): { pointer?: Pointer; damage?: string } {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    return { damage: reasonOf(error) };
  }
  try {
    const doc = JSON.parse(text) as { live?: unknown; history?: unknown };
    if (doc.live !== null && typeof doc.live !== 'string') return { damage: 'it names no live release' };
    const history = Array.isArray(doc.history) ? doc.history.map(asStep) : [];
    if (history.some((step) => step === null)) return { damage: 'a step of its history is not a promotion' };
    return { pointer: { live: doc.live, history: (history as Step[]).filter(isPromotion) } };
  } catch (error) {
    return { damage: text.trim() === '' ? 'it is empty' : reasonOf(error) };
  }
}

/**
 * `<store>/<app>/history.jsonl`: one step a line, only ever appended to, is what is live; `live.json` is its pointer
 * for readers that want one document (a CDN, webpack-config's build check). A store from before the history file
 * is read from the pointer's own history. A damaged line is skipped and reported; nothing is guessed.
 */
export function readHistory(app: AppName, storeDir: string): History {
  const pkg = APPS[app];
  const journal = historyFile(app, storeDir);
  const pointerPath = pointerFile(app, storeDir);
  const { pointer, damage: pointerDamage } = readPointer(pointerPath);
  const problems: string[] = [];

  let text: string | null = null;
  try {
    text = fs.readFileSync(journal, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      problems.push(`${app}: ${journal} cannot be read (${reasonOf(error)}): check its permissions.`);
    }
  }

  let steps: Step[] = [];
  let usedPointer = false;
  if (text !== null) {
    const lines = text.split('\n');
    lines.forEach((line, index) => {
      if (line.trim() === '') return;
      let step: Step | null = null;
      try {
        step = asStep(JSON.parse(line));
      } catch {
        step = null;
      }
      if (step) steps.push(step);
      else {
        const cut = index === lines.length - 1 ? ' (cut short)' : '';
        problems.push(
          `${app}: line ${index + 1} of ${journal} is damaged${cut} and is skipped; the other steps stand (delete that line to silence this).`,
        );
      }
    });
  }

  const pointerSteps = pointer && (pointer.history.length > 0 ? pointer.history : pointer.live ? [{ id: pointer.live, at: '', action: 'promote' as const }] : []);
  if (steps.length === 0 && pointerSteps && pointerSteps.length > 0) {
    // No history file yet (a store written before it), or one with nothing readable: the pointer's copy stands.
    steps = pointerSteps;
    usedPointer = true;
  } else if (steps.length === 0 && pointerDamage) {
    return {
      steps: [],
      problems,
      pointerStale: true,
      fromPointer: false,
      unreadable: `${app}: ${pointerPath} is damaged (${pointerDamage}) and no history says which release is live, so nothing was changed: promote the release customers should get with \`npm run promote -w ${pkg} -- <id>\` (\`npm run releases -w ${pkg}\` lists them).`,
    };
  }

  const live = liveOf(steps);
  if (pointerDamage && live) {
    problems.push(`${app}: ${pointerPath} is damaged (${pointerDamage}); ${live} stays live from ${journal}, and the next release command rewrites it.`);
  }
  const pointerStale = live !== null && (pointerDamage !== undefined || pointer?.live !== live || text === null);
  return { steps, problems, pointerStale, fromPointer: usedPointer };
}

/** Appends steps to the history (the caller holds the store lock) and rewrites the pointer to match it. */
export function appendSteps(app: AppName, storeDir: string, previous: History, added: Step[]): void {
  const journal = historyFile(app, storeDir);
  fs.mkdirSync(path.dirname(journal), { recursive: true });
  let existing: string | null = null;
  try {
    existing = fs.readFileSync(journal, 'utf8');
  } catch {
    existing = null;
  }
  // The steps the pointer carried (a store from before the history file) are written first, once.
  const lines = (existing === null || previous.fromPointer ? [...previous.steps, ...added] : added).map((step) => JSON.stringify(step));
  // A line cut short by a crash is ended first, so the new step is a line of its own.
  const lead = existing && !existing.endsWith('\n') ? '\n' : '';
  if (lines.length > 0) {
    const fd = fs.openSync(journal, 'a');
    try {
      fs.writeSync(fd, `${lead}${lines.join('\n')}\n`);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  }
  writePointer(app, storeDir, [...previous.steps, ...added]);
}

/** live.json as the history says, written whole or not at all (a reader sees the old document or the new one). */
export function writePointer(app: AppName, storeDir: string, steps: Step[]): void {
  const file = pointerFile(app, storeDir);
  const doc = {
    app,
    live: liveOf(steps),
    history: steps.filter(isPromotion),
    // The page the shell's server writes names this build too, for the share of browsers it is given to.
    canary: canaryOf(steps),
  };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(doc, null, 2)}\n`);
  fs.renameSync(tmp, file);
}
