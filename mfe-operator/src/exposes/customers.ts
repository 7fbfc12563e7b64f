import { staffPage } from '../app/staff-page';
import { CustomersPage } from '../features/customers/components/customers-page';

export default staffPage(CustomersPage);
