import styled, { keyframes } from 'styled-components';

export type SpinnerProps = { size?: number; label?: string };

const spin = keyframes`to { transform: rotate(360deg); }`;

const Circle = styled.span<{ $size: number }>`
  display: inline-block;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border: 2px solid currentColor;
  border-right-color: transparent;
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
  @media (prefers-reduced-motion: reduce) { animation-duration: 2.4s; }
`;

/** With a label it is a status announced to screen readers; without, it is decoration. */
export function Spinner({ size = 24, label = 'Loading…' }: SpinnerProps) {
  if (!label) return <Circle $size={size} aria-hidden="true" />;
  return (
    <span role="status" style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <Circle $size={size} aria-hidden="true" />
      <span>{label}</span>
    </span>
  );
}
