import { staffPage } from '../app/staff-page';
import { AuditPage } from '../features/audit/components/audit-page';

export default staffPage(AuditPage, { roles: ['finance', 'admin'] });
