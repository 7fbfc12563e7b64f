export { ActivatePage as default } from '../features/activate/components/activate-page';
