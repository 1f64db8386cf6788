import { launchService } from '@radar/platform/launch';

launchService('webhook-dispatch', () => import('./service'));
