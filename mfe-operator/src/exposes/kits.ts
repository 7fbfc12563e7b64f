import { staffPage } from '../app/staff-page';
import { KitsPage } from '../features/kits/components/kits-page';

export default staffPage(KitsPage);
