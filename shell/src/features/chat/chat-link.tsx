import styled, { createGlobalStyle } from 'styled-components';
import { getRuntimeConfig } from 'shared-api';

const EDGE_PX = 16;
const SIZE_PX = 56;
/**
 * The band at each side of the screen that holds no card content: the page's padding (16 px) plus a card's border and
 * padding (17 px). On a phone the link is a tab in it, so it lies over no button or text even at rest.
 */
const EDGE_TAB_WIDTH_PX = 32;
/** From this width the page's side margin (max-width 1080 px, centred) holds the whole round link. */
const ROUND_FROM_PX = 1200;

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
  right: 0;
  bottom: ${EDGE_PX}px;
  width: ${EDGE_TAB_WIDTH_PX}px;
  height: ${SIZE_PX}px;
  border-radius: 12px 0 0 12px;
  background: #146c2e;
  color: #fff;
  display: flex;
  align-items: center;
  justify-content: center;
  box-shadow: 0 4px 12px rgba(0, 0, 0, 0.25);
  z-index: 900;
  svg { width: 22px; height: 22px; }
  /* Drawn inside the tab, as an outline around it would fall off the screen's edge. */
  &:focus-visible { outline: 3px solid #fff; outline-offset: -6px; }
  @media (min-width: ${ROUND_FROM_PX}px) {
    right: ${EDGE_PX}px;
    width: ${SIZE_PX}px;
    border-radius: 50%;
    svg { width: 28px; height: 28px; }
    &:focus-visible { outline-color: #0b57d0; outline-offset: 3px; }
  }
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
