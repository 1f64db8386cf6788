import { launchService } from '@radar/platform/launch';

// Its deliveries go out through Node's http module: they are traced as CLIENT spans.
launchService('webhook-dispatch', () => import('./service'), { nodeHttpClientSpans: true });
