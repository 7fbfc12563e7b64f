// A plain single-page app built from the portal's libraries: the floor the federated portal is compared with.
// It renders the same kind of screens (a login form, a kit list, three other areas) with the same API calls.
import { useEffect, useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Navigate, Route, Routes, useNavigate, useParams } from 'react-router-dom';
import styled, { createGlobalStyle } from 'styled-components';
import { create } from 'zustand';
import axios from 'axios';
import toast, { Toaster } from 'react-hot-toast';

type User = { id: number | string; email: string; first_name?: string };
type Kit = { id: number | string; kit_number: string; status: string };

const config = JSON.parse(document.getElementById('portal-config')?.textContent || '{}') as { apiBaseUrl?: string };
const http = axios.create({ baseURL: config.apiBaseUrl ?? 'http://localhost:4000', timeout: 30_000 });

type Session = {
  token: string | null;
  user: User | null;
  signIn: (token: string, user: User) => void;
  logout: () => void;
};
const useSession = create<Session>()((set) => ({
  token: localStorage.getItem('token'),
  user: JSON.parse(localStorage.getItem('userData') || 'null') as User | null,
  signIn: (token, user) => {
    localStorage.setItem('token', token);
    localStorage.setItem('userData', JSON.stringify(user));
    set({ token, user });
  },
  logout: () => {
    localStorage.clear();
    set({ token: null, user: null });
  },
}));

http.interceptors.request.use((request) => {
  const token = useSession.getState().token;
  if (token) request.headers.set('Authorization', `Bearer ${token}`);
  return request;
});

const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  body { line-height: 1.5; }
`;
const Page = styled.main`
  max-width: 960px;
  margin: 0 auto;
  padding: 24px 16px;
`;
const Form = styled.form`
  display: grid;
  gap: 12px;
  max-width: 420px;
  background: #fff;
  padding: 24px;
  border-radius: 12px;
`;
const Button = styled.button`
  min-height: 44px;
  border: 0;
  border-radius: 8px;
  background: #0b57d0;
  color: #fff;
  font-weight: 600;
`;
const Nav = styled.nav`
  display: flex;
  gap: 16px;
  padding: 12px 16px;
  background: #fff;
`;

function Login() {
  const signIn = useSession((s) => s.signIn);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setBusy(true);
    try {
      const { data: body } = await http.post<{ token: string; user: User }>('/api/v1/login', {
        starlink_user: { email: data.get('email'), password: data.get('password') },
      });
      signIn(body.token, body.user);
      navigate('/home');
    } catch {
      toast.error('Invalid email or password');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Page>
      <h1>Log in</h1>
      <Form onSubmit={submit}>
        <label>
          Email <input name="email" type="email" autoComplete="email" required />
        </label>
        <label>
          Password <input name="password" type="password" autoComplete="current-password" required />
        </label>
        <Button type="submit" disabled={busy}>
          Log in
        </Button>
      </Form>
    </Page>
  );
}

function Home() {
  const [kits, setKits] = useState<Kit[] | null>(null);
  useEffect(() => {
    http
      .get<{ kits?: Kit[] } | Kit[]>('/api/v1/starlink_kits', { params: { page: 1, per_page: 10 } })
      .then(({ data }) => setKits(Array.isArray(data) ? data : (data.kits ?? [])))
      .catch(() => toast.error('Could not load your kits'));
  }, []);
  return (
    <Page>
      <h1>Home</h1>
      {kits === null ? (
        <p role="status">Loading your kits…</p>
      ) : (
        <ul aria-label="Your kits">
          {kits.map((kit) => (
            <li key={kit.id}>
              <Link to={`/dashboard/${kit.id}`}>{kit.kit_number}</Link> {kit.status}
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}

function Area({ title }: { title: string }) {
  return (
    <Page>
      <h1>{title}</h1>
    </Page>
  );
}

function Dashboard() {
  const { kitId } = useParams();
  return <Area title={`Kit ${kitId ?? ''}`} />;
}

function RequireUser({ children }: { children: JSX.Element }) {
  const user = useSession((s) => s.user);
  return user ? children : <Navigate to="/login" replace />;
}

function App() {
  return (
    <BrowserRouter>
      <GlobalStyle />
      <Toaster position="top-center" />
      <Nav aria-label="Main">
        <Link to="/home">Home</Link>
        <Link to="/billing">Billing</Link>
        <Link to="/profile">Profile</Link>
      </Nav>
      <Routes>
        <Route path="/" element={<Navigate to="/login" replace />} />
        <Route path="/login" element={<Login />} />
        <Route
          path="/home"
          element={
            <RequireUser>
              <Home />
            </RequireUser>
          }
        />
        <Route
          path="/billing"
          element={
            <RequireUser>
              <Area title="Billing" />
            </RequireUser>
          }
        />
        <Route
          path="/profile"
          element={
            <RequireUser>
              <Area title="Profile" />
            </RequireUser>
          }
        />
        <Route
          path="/dashboard/:kitId"
          element={
            <RequireUser>
              <Dashboard />
            </RequireUser>
          }
        />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </BrowserRouter>
  );
}

const container = document.getElementById('root');
if (container) createRoot(container).render(<App />);
