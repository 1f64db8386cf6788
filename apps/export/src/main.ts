import { launchService } from '@radar/platform/launch';

launchService('export', () => import('./service'));
