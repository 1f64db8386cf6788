import { launchService } from '@radar/platform/launch';

launchService('search', () => import('./service'));
