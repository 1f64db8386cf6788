import { launchService } from '@radar/platform/launch';

launchService('ledger', () => import('./service'));
