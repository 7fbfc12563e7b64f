import semver from 'semver';
import { contractProblems, type ContractParty } from 'webpack-config/contract';

/** The one command that ships the shell and every area together: a whole-portal build, released and promoted at once. */
export const SHIP_TOGETHER = 'npx tsx release/src/cli.ts sync --build';

/** Whether `ahead` is a later major than `behind`, as npm's caret reads them (0.x.y: the minor is the major). */
function laterMajor(ahead: string | undefined, behind: string | undefined): boolean {
  const a = ahead ? semver.valid(ahead) : null;
  const b = behind ? semver.valid(behind) : null;
  return a !== null && b !== null && semver.gt(a, b) && !semver.satisfies(a, `^${b}`);
}

/**
 * contractProblems, with the fix made true when the release going live (`candidate`) is a major ahead of the live
 * side: neither can go first (the live remotes refuse the new shell, the live shell refuses the new remote), so the
 * only way is the shell and the areas in one step. A candidate behind the live side keeps the plain fix (rebuild it).
 */
export function problemsBetween(shell: ContractParty, remote: ContractParty, candidate: 'shell' | 'remote' | null): string[] {
  return contractProblems(shell, remote).map((problem) => {
    const pkg = problem.slice(0, problem.indexOf(':'));
    const provided = shell.shared[pkg];
    const built = remote.shared?.[pkg];
    const ahead = candidate === 'remote' ? laterMajor(built, provided) : candidate === 'shell' && laterMajor(provided, built);
    if (!ahead) return problem;
    return problem.replace(
      /Fix: .*$/s,
      `Fix: a new major of ${pkg} goes live in the shell and every area at once: \`${SHIP_TOGETHER}\` (builds the whole portal, then releases and promotes it together).`,
    );
  });
}
