import styled from 'styled-components';
import { Button, theme } from 'shared-ui';
import { NavLink, useNavigate } from 'shared-ui/router';
import { signOut } from '../features/sign-in/api/sign-in';
import { texts } from '../lib/texts';
import { can, type StaffSession } from '../lib/staff-session';
import { staffPaths } from './staff-paths';

export type StaffHeaderProps = { session: StaffSession };

const Bar = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px 16px;
  padding: 8px 0 12px;
  margin-bottom: 16px;
  border-bottom: 2px solid ${theme.colors.primary};
`;

const Who = styled.p`
  margin: 0;
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const Links = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 12px;
  list-style: none;
  margin: 0;
  padding: 0;
  a {
    display: inline-block;
    padding: 10px 4px;
    color: ${theme.colors.primary};
    font-weight: 600;
  }
  a[aria-current='page'] { color: ${theme.colors.text}; text-decoration: none; border-bottom: 3px solid ${theme.colors.primary}; }
`;

/** The staff area's own header: who is signed in and as what, the screens their role uses, and Sign out. */
export function StaffHeader({ session }: StaffHeaderProps) {
  const navigate = useNavigate();
  const links = [
    { to: staffPaths.transfers, label: texts.nav.transfers },
    { to: staffPaths.kits, label: texts.nav.kits },
    { to: staffPaths.customers, label: texts.nav.customers },
    { to: staffPaths.price, label: texts.nav.price },
    ...(can.readAudit(session.role) ? [{ to: staffPaths.audit, label: texts.nav.audit }] : []),
  ];
  const leave = async () => {
    await signOut();
    navigate(staffPaths.signIn, { replace: true });
  };
  return (
    <Bar>
      <Who>{texts.header.signedInAs(session.email, texts.roles[session.role])}</Who>
      <nav aria-label={texts.header.nav}>
        <Links>
          {links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end>
                {link.label}
              </NavLink>
            </li>
          ))}
        </Links>
      </nav>
      <Button variant="secondary" onClick={() => void leave()}>
        {texts.header.signOut}
      </Button>
    </Bar>
  );
}
