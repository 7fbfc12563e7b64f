import { staffPage } from '../app/staff-page';
import { TransfersPage } from '../features/transfers/components/transfers-page';

export default staffPage(TransfersPage);
