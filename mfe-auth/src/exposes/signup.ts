export { SignupPage as default } from '../features/signup/components/signup-page';
