import { sharedVersionConflicts } from './shared-versions';

describe('sharedVersionConflicts', () => {
  it('names a library two areas offer in different major versions, with who offered each', () => {
    const conflicts = sharedVersionConflicts({
      default: {
        react: { '19.1.0': { from: 'shell' }, '18.3.1': { from: 'kits' } },
        zustand: { '5.0.8': { from: 'shell' } },
      },
    });
    expect(conflicts).toEqual(['react: 19.1.0 (shell), 18.3.1 (kits)']);
  });

  it('accepts versions a caret range joins, and tells 0.x minors apart', () => {
    expect(sharedVersionConflicts({ default: { 'styled-components': { '6.1.19': { from: 'shell' }, '6.3.0': { from: 'billing' } } } })).toEqual([]);
    expect(sharedVersionConflicts({ default: { tiny: { '0.3.1': { from: 'shell' }, '0.4.0': { from: 'auth' } } } })).toEqual([
      'tiny: 0.3.1 (shell), 0.4.0 (auth)',
    ]);
  });
});
