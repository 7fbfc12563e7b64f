import { staffPage } from '../app/staff-page';
import { PricePage } from '../features/price/components/price-page';

export default staffPage(PricePage);
