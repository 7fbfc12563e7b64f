import styled, { keyframes } from 'styled-components';

const pulse = keyframes`
  0% { opacity: 1; }
  50% { opacity: 0.45; }
  100% { opacity: 1; }
`;

/**
 * A grey block where content will appear, `$height` px tall, hidden from screen readers (the page's status says it
 * is loading). Still (no pulse) for people who asked for less motion.
 */
export const Skeleton = styled.span.attrs({ 'aria-hidden': true })<{ $height?: number; $width?: string }>`
  display: block;
  height: ${({ $height }) => $height ?? 16}px;
  width: ${({ $width }) => $width ?? 'auto'};
  max-width: 100%;
  border-radius: 6px;
  background: #e3e7ed;
  animation: ${pulse} 1.6s ease-in-out infinite;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const Line = styled(Skeleton)`
  display: inline-block;
  height: auto;
  overflow: hidden;
  vertical-align: bottom;
`;

export type TextSkeletonProps = {
  /** How many digits wide. */
  chars: number;
};

/**
 * A placeholder for a line of text, inside the element that will hold the text: it takes that element's line box
 * exactly (its font and line height), so nothing moves when the text replaces it. Figure spaces give it a width
 * without words a test or a search could find.
 */
export function TextSkeleton({ chars }: TextSkeletonProps) {
  return <Line as="span">{'\u2007'.repeat(chars)}</Line>;
}
