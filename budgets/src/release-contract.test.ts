import fs from 'node:fs';
import path from 'node:path';
import { contractProblems, type ContractParty } from 'webpack-config/contract';
import { distOf, remotes, type Remote } from './first-load';

const contractOf = (pkg: string) =>
  JSON.parse(fs.readFileSync(path.join(distOf(pkg), 'release-contract.json'), 'utf8')) as ContractParty;

describe('the release contract of the production build', () => {
  it("records the names the shell's shared-api and shared-ui entries provide", () => {
    const { exports = {} } = contractOf('shell');
    expect(Object.keys(exports).sort()).toEqual(
      expect.arrayContaining(['shared-api', 'shared-api/customer', 'shared-api/verification', 'shared-ui', 'shared-ui/router']),
    );
    expect(exports['shared-api']).toEqual(expect.arrayContaining(['getRuntimeConfig', 'sessionStore']));
  });

  it.each(Object.keys(remotes) as Remote[])(
    'records the names the %s remote imports, and the shell built with it provides them all',
    (remote) => {
      const contract = contractOf(remotes[remote]);
      expect(Object.values(contract.imports ?? {}).flat().length).toBeGreaterThan(0);
      expect(contractProblems(contractOf('shell'), contract)).toEqual([]);
    },
  );
});
