import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { NavLink, Link, useLocation } from 'shared-ui/router';
import styled from 'styled-components';
import { liveRoutes, navLinks, paths, useSession } from 'shared-api';
import { theme } from 'shared-ui';

const Bar = styled.header`
  background: ${theme.colors.surface};
  border-bottom: 1px solid ${theme.colors.border};
  position: sticky;
  top: 0;
  z-index: 800;
`;

const Inner = styled.nav`
  max-width: 1080px;
  margin: 0 auto;
  padding: 0 16px;
  min-height: 56px;
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  flex-wrap: wrap;
`;

const Brand = styled(Link)`
  font-weight: 800;
  color: ${theme.colors.text};
  text-decoration: none;
  padding: 8px 0;
  &:focus-visible { outline: 3px solid ${theme.colors.focus}; outline-offset: 2px; }
`;

const Menu = styled.ul<{ $open: boolean }>`
  list-style: none;
  display: flex;
  align-items: center;
  gap: 4px;
  margin: 0;
  padding: 0;
  a {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    min-height: 44px;
    padding: 0 12px;
    border-radius: ${theme.radius};
    color: ${theme.colors.text};
    text-decoration: none;
    font-weight: 600;
  }
  a.active { color: ${theme.colors.primary}; text-decoration: underline; text-underline-offset: 6px; }
  a:focus-visible { outline: 3px solid ${theme.colors.focus}; outline-offset: 2px; }
  @media (max-width: ${theme.breakpoints.mobile}) {
    display: ${({ $open }) => ($open ? 'flex' : 'none')};
    flex-direction: column;
    align-items: stretch;
    width: 100%;
    padding-bottom: 8px;
  }
`;

const Hamburger = styled.button`
  display: none;
  min-width: 44px;
  min-height: 44px;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  background: ${theme.colors.surface};
  cursor: pointer;
  &:focus-visible { outline: 3px solid ${theme.colors.focus}; outline-offset: 2px; }
  @media (max-width: ${theme.breakpoints.mobile}) { display: inline-flex; align-items: center; justify-content: center; }
`;

function ProfileIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="8" r="4" fill="currentColor" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="currentColor" />
    </svg>
  );
}

export type NavbarProps = {
  /** A link is about to be followed (pointed at or focused), with its path. */
  onIntent?: (path: string) => void;
  /** Rendered inside the bar: the messages' layer (ToastHost, fixed over the page, taking no room). */
  children?: ReactNode;
};

export function Navbar({ onIntent, children }: NavbarProps) {
  const signedIn = useSession((s) => s.user !== null);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();
  const toggleRef = useRef<HTMLButtonElement>(null);
  // The live areas' links: each area declares its own (its routes' `nav`).
  const links = navLinks(liveRoutes(), signedIn ? 'customer' : 'guest');

  const intent = (path: string) => ({ onPointerEnter: () => onIntent?.(path), onFocus: () => onIntent?.(path) });

  // Close the mobile menu after navigating.
  useEffect(() => setOpen(false), [location.pathname]);

  return (
    <Bar>
      <Inner aria-label="Main">
        <Brand to={signedIn ? paths.home : paths.login}>Starlink Kits</Brand>
        <Hamburger
          ref={toggleRef}
          type="button"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label="Menu"
          onClick={() => setOpen((v) => !v)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpen(false);
          }}
        >
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" />
          </svg>
        </Hamburger>
        <Menu
          id={menuId}
          $open={open}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && open) {
              setOpen(false);
              toggleRef.current?.focus();
            }
          }}
        >
          {links.map((link) => (
            <li key={link.path}>
              <NavLink
                to={link.path}
                aria-label={link.icon ? link.label : undefined}
                {...intent(link.path)}
              >
                {link.icon ? <ProfileIcon /> : link.label}
              </NavLink>
            </li>
          ))}
        </Menu>
      </Inner>
      {children}
    </Bar>
  );
}
