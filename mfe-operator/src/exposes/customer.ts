import { staffPage } from '../app/staff-page';
import { CustomerPage } from '../features/customers/components/customer-page';

export default staffPage(CustomerPage);
