import styled from 'styled-components';
import { theme } from 'shared-ui';

const Strip = styled.p`
  margin: 0;
  padding: 6px 16px;
  background: #fff4e0;
  border-top: 1px solid ${theme.colors.border};
  color: ${theme.colors.text};
  font-size: 0.875rem;
  text-align: center;
`;

/** Over the page's top edge, taking no room: data drawn from an earlier visit moves nothing when it is replaced. */
const Chip = styled.p`
  position: absolute;
  top: calc(100% + 4px);
  right: 8px;
  margin: 0;
  padding: 2px 10px;
  border: 1px solid ${theme.colors.border};
  border-radius: 999px;
  background: ${theme.colors.surface};
  color: ${theme.colors.muted};
  font-size: 0.8125rem;
  pointer-events: none;
`;

export type NetworkBannerProps = {
  /** Shown as a strip while the browser has no network; nothing when online. */
  offlineText?: string;
  /**
   * Shown as the same strip while the service cannot be reached and last-known data is on screen (the browser
   * online), instead of `updatedText`: that sentence says when it was read.
   */
  unreachableText?: string;
  /** When what is shown was read, e.g. "Updated 09:41"; nothing when everything shown is fresh. */
  updatedText?: string;
};

/** The page's network state for a screen reader and the eye: offline, and how old the data on screen is. */
export function NetworkBanner({ offlineText, unreachableText, updatedText }: NetworkBannerProps) {
  if (offlineText) {
    return (
      <Strip role="status">
        {offlineText}
        {updatedText && <> {updatedText}.</>}
      </Strip>
    );
  }
  if (unreachableText) return <Strip role="status">{unreachableText}</Strip>;
  return updatedText ? <Chip role="status">{updatedText}</Chip> : null;
}

const Note = styled.p`
  margin: 4px 0 0;
  color: ${theme.colors.muted};
  font-size: 0.875rem;
`;

export type OfflineNoteProps = { id: string; children: string };

/** Why the button it describes (`aria-describedby={id}`) is disabled. */
export const OfflineNote = ({ id, children }: OfflineNoteProps) => <Note id={id}>{children}</Note>;
