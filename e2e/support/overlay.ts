import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');

export type Overlay = {
  /** Fixture folder (below e2e/fixtures) whose files are copied into the package, none of which may exist yet. */
  fixture: string;
  /** Edits of the package's own files: each `from` must occur once. */
  edits: { file: string; from: string; to: string }[];
};

/**
 * Applies a fixture to a package's working tree, as the area team's change would; the returned function puts every
 * file back as it was (the package's build output too), so nothing of the fixture outlives the spec.
 */
export function applyOverlay(pkg: string, { fixture, edits }: Overlay): () => void {
  const dir = path.join(root, pkg);
  const from = path.join(root, 'e2e', 'fixtures', fixture);
  const added = fs
    .readdirSync(from, { recursive: true, encoding: 'utf8' })
    .filter((file) => fs.statSync(path.join(from, file)).isFile());
  const originals = new Map(edits.map(({ file }) => [file, fs.readFileSync(path.join(dir, file), 'utf8')]));
  const dist = path.join(dir, 'dist');
  const distCopy = fs.mkdtempSync(path.join(root, 'node_modules', '.cache', `overlay-${pkg}-`));
  if (fs.existsSync(dist)) fs.cpSync(dist, distCopy, { recursive: true });
  // The folders the fixture brings (the top-most new one of each file), removed with it.
  const newFolders = new Set<string>();
  for (const file of added) {
    const parts = path.dirname(file).split(path.sep);
    const first = parts.findIndex((_, i) => !fs.existsSync(path.join(dir, ...parts.slice(0, i + 1))));
    if (first >= 0) newFolders.add(path.join(dir, ...parts.slice(0, first + 1)));
  }
  const restore = () => {
    for (const file of added) fs.rmSync(path.join(dir, file), { force: true });
    for (const folder of newFolders) fs.rmSync(folder, { recursive: true, force: true });
    for (const [file, text] of originals) fs.writeFileSync(path.join(dir, file), text);
    fs.rmSync(dist, { recursive: true, force: true });
    fs.cpSync(distCopy, dist, { recursive: true });
    fs.rmSync(distCopy, { recursive: true, force: true });
  };
  try {
    for (const file of added) {
      const target = path.join(dir, file);
      if (fs.existsSync(target)) throw new Error(`${pkg}/${file} exists already: the fixture would replace it`);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.copyFileSync(path.join(from, file), target);
    }
    for (const { file, from: text, to } of edits) {
      const current = fs.readFileSync(path.join(dir, file), 'utf8');
      if (current.split(text).length !== 2) throw new Error(`${pkg}/${file} does not hold ${JSON.stringify(text)} once`);
      fs.writeFileSync(path.join(dir, file), current.replace(text, () => to));
    }
  } catch (error) {
    restore();
    throw error;
  }
  return restore;
}

/**
 * Copies a fixture package to `<root>/<pkg>` (which must not exist) and applies `edits` to the repository's own files
 * (paths from its root), as a team adding an area would; the returned function takes all of it away again.
 */
export function addPackage(fixture: string, pkg: string, edits: Overlay['edits']): () => void {
  const target = path.join(root, pkg);
  if (fs.existsSync(target)) throw new Error(`${pkg} exists already`);
  const originals = new Map(edits.map(({ file }) => [file, fs.readFileSync(path.join(root, file), 'utf8')]));
  const restore = () => {
    fs.rmSync(target, { recursive: true, force: true });
    for (const [file, text] of originals) fs.writeFileSync(path.join(root, file), text);
  };
  try {
    fs.cpSync(path.join(root, 'e2e', 'fixtures', fixture), target, { recursive: true });
    for (const { file, from: text, to } of edits) {
      const current = originals.get(file) === undefined ? '' : fs.readFileSync(path.join(root, file), 'utf8');
      if (current.split(text).length !== 2) throw new Error(`${file} does not hold ${JSON.stringify(text)} once`);
      fs.writeFileSync(path.join(root, file), current.replace(text, () => to));
    }
  } catch (error) {
    restore();
    throw error;
  }
  return restore;
}
