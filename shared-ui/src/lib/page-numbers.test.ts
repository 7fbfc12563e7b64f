import { pageItems } from './page-numbers';

describe('pageItems', () => {
  it('shows every page when there are 5 or fewer', () => {
    expect(pageItems(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(2, 1)).toEqual([1]);
  });
  it('uses ellipses beyond 5 pages', () => {
    expect(pageItems(1, 6)).toEqual([1, 2, 3, 4, 'ellipsis-end', 6]);
    expect(pageItems(5, 10)).toEqual([1, 'ellipsis-start', 4, 5, 6, 'ellipsis-end', 10]);
    expect(pageItems(10, 10)).toEqual([1, 'ellipsis-start', 7, 8, 9, 10]);
  });
});
