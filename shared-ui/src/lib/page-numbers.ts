export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * Spec section 9: all pages when there are 5 or fewer, otherwise first, last, the neighbours of the
 * current page and ellipses for the gaps.
 */
export function pageItems(current: number, total: number): PageItem[] {
  if (total <= 5) return Array.from({ length: Math.max(total, 0) }, (_, i) => i + 1);
  const items: PageItem[] = [1];
  const start = Math.max(2, Math.min(current - 1, total - 3));
  const end = Math.min(total - 1, Math.max(current + 1, 4));
  if (start > 2) items.push('ellipsis-start');
  for (let page = start; page <= end; page += 1) items.push(page);
  if (end < total - 1) items.push('ellipsis-end');
  items.push(total);
  return items;
}
