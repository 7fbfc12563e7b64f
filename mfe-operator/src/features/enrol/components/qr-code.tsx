import { generate } from 'lean-qr';
import { useMemo } from 'react';

export type QrCodeProps = {
  /** What the code holds (an otpauth:// address). */
  value: string;
  /** Its name for a screen reader. */
  label: string;
  /** Drawn size in CSS pixels. */
  size?: number;
};

/** A QR code as one SVG path (lean-qr's modules, drawn here so no canvas is needed), with the quiet zone it needs. */
export function QrCode({ value, label, size = 220 }: QrCodeProps) {
  const path = useMemo(() => {
    const code = generate(value);
    let d = '';
    for (let y = 0; y < code.size; y++) {
      for (let x = 0; x < code.size; x++) if (code.get(x, y)) d += `M${x + 4} ${y + 4}h1v1h-1z`;
    }
    return { d, cells: code.size + 8 };
  }, [value]);
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${path.cells} ${path.cells}`} shapeRendering="crispEdges">
      <rect width="100%" height="100%" fill="#fff" />
      <path d={path.d} fill="#000" />
    </svg>
  );
}
