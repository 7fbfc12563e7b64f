export { EmailConfirmationPage as default } from '../features/email-confirmation/components/email-confirmation-page';
