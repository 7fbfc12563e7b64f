/** Colours chosen for WCAG AA contrast on white (4.5:1 or better for text). */
export const theme = {
  colors: {
    primary: '#0b57d0',
    primaryDark: '#0842a0',
    text: '#1b1f24',
    muted: '#4d5661',
    border: '#c4cbd4',
    surface: '#ffffff',
    background: '#f4f6f9',
    danger: '#b3261e',
    success: '#146c2e',
    warning: '#8a5300',
    focus: '#0b57d0',
  },
  radius: '8px',
  font: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  breakpoints: { mobile: '768px' },
} as const;

export type Theme = typeof theme;
