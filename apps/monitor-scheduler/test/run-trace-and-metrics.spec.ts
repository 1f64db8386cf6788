import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { currentMetricSamples, sampleValue } from '@radar/platform/testing';
import { CheckResponder } from './support/check-responder';
import { startMonitorWorld, type MonitorWorld } from './support/monitor-world';
import { createMonitor, runMonitors } from './support/run-helpers';

const exporter = new InMemorySpanExporter();

describe('a monitor run as one trace, and its outcome on /metrics', () => {
  let world: MonitorWorld;
  let responder: CheckResponder;

  beforeAll(async () => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
    world = await startMonitorWorld();
    responder = await CheckResponder.start(world.namespace, (request) =>
      request.domain === 'broken.example' ? { status: 'error_pl', errorCode: 'PROVIDER_503' } : { status: 'success' },
    );
  });
  afterAll(async () => {
    await responder.stop();
    await world.close();
    trace.disable();
    propagation.disable();
    context.disable();
  });

  const completedRuns = async (status: string) => sampleValue(await currentMetricSamples(), 'radar_monitor_runs_completed_total', { status }) ?? 0;

  it('traces the dispatch, every check answer and the run end under the trace id of the run id', async () => {
    const caller = world.editor();
    await world.grant(caller.workspaceId, 10);
    const monitor = await createMonitor(world, caller, { domains: ['acme.com', 'globex.io'] });
    const [run] = await runMonitors(world, { monitor_id: monitor.id });
    expect(run?.status).toBe('success');

    const runTrace = exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === run!.id.replace(/-/g, ''));
    const names = runTrace.map((span) => span.name);
    expect(names).toContain('monitor.run.dispatch');
    expect(names).toContain('monitor.run.completed');
    // Four checks, each asked of the stand-in for signal-ingest and answered, in the run's trace.
    expect(names.filter((name) => name === 'signal.check.requested')).toHaveLength(4);
    expect(names.filter((name) => name === 'signal.check.completed')).toHaveLength(4);
  });

  it('counts each run once as it ends, by status', async () => {
    const caller = world.editor();
    await world.grant(caller.workspaceId, 10);
    const before = { success: await completedRuns('success'), partial: await completedRuns('partial') };
    const healthy = await createMonitor(world, caller, { name: 'Healthy', domains: ['initech.com'] });
    const broken = await createMonitor(world, caller, { name: 'Half broken', domains: ['broken.example', 'umbrella.com'] });
    expect((await runMonitors(world, { monitor_id: healthy.id }))[0]?.status).toBe('success');
    expect((await runMonitors(world, { monitor_id: broken.id }))[0]?.status).toBe('partial');
    // Running the day again ends nothing new.
    await runMonitors(world, { monitor_id: healthy.id });
    expect({ success: await completedRuns('success'), partial: await completedRuns('partial') }).toEqual({
      success: before.success + 1,
      partial: before.partial + 1,
    });
  });
});
