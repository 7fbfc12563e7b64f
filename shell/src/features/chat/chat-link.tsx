import styled, { createGlobalStyle } from 'styled-components';
import { getRuntimeConfig } from 'shared-api';

const EDGE_PX = 16;
const SIZE_PX = 56;

/**
 * Room kept free at the bottom of a page that shows the link: scrolled to the end, the page's last buttons and amounts
 * sit above the link instead of under it.
 */
export const CHAT_LINK_CLEARANCE_PX = EDGE_PX + SIZE_PX + EDGE_PX;

/**
 * What the browser brings into view (a focused control, a control Tab reaches, a link to an anchor) it places above
 * the link's band, so no button waits under the link on the first screen of a phone either.
 */
const KeepClearOfLink = createGlobalStyle`
  html { scroll-padding-bottom: ${CHAT_LINK_CLEARANCE_PX}px; }
`;

const Link = styled.a`
  position: fixed;
  right: ${EDGE_PX}px;
  bottom: ${EDGE_PX}px;
  width: ${SIZE_PX}px;
  height: ${SIZE_PX}px;
  border-radius: 50%;
  background: #146c2e;
  color: #fff;
  display: flex;
  align-items: center;
  justify-content: center;
  box-shadow: 0 4px 12px rgba(0, 0, 0, 0.25);
  z-index: 900;
  &:focus-visible { outline: 3px solid #0b57d0; outline-offset: 3px; }
`;

/** The floating link to the messaging service; its address comes from runtime config. */
export function ChatLink() {
  return (
    <>
      <KeepClearOfLink />
      <Link href={getRuntimeConfig().chatUrl} target="_blank" rel="noopener noreferrer" aria-label="Chat with us (opens in a new tab)">
        <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M12 3C6.5 3 2 6.9 2 11.7c0 2.5 1.2 4.7 3.2 6.3L4.5 22l4.2-2.2c1 .3 2.1.4 3.3.4 5.5 0 10-3.9 10-8.6S17.5 3 12 3z" />
        </svg>
      </Link>
    </>
  );
}
