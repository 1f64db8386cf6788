import { launchService } from '@radar/platform/launch';

launchService('provider-sim', () => import('./service'));
