export { LoginPage as default } from '../features/login/components/login-page';
