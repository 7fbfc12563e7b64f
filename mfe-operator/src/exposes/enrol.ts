import { staffPage } from '../app/staff-page';
import { EnrolPage } from '../features/enrol/components/enrol-page';

export default staffPage(EnrolPage, { open: true });
