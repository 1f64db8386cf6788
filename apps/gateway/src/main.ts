import { launchService } from '@radar/platform/launch';

launchService('gateway', () => import('./service'));
