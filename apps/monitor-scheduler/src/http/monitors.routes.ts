import { Router } from 'express';
import {
  addMonitorDomainBodySchema,
  createMonitorBodySchema,
  listMonitorsQuerySchema,
  listRunsQuerySchema,
  monitorDomainPathSchema,
  monitorPathSchema,
  monitorRunPathSchema,
  normalizeMonitorDomain,
  updateMonitorBodySchema,
} from '@radar/contracts';
import { parseInput, parsePath } from '@radar/platform/http';
import { createMonitor } from '../use-cases/create-monitor';
import { deleteMonitor } from '../use-cases/delete-monitor';
import type { MonitorSchedulerDeps } from '../use-cases/deps';
import { getMonitor } from '../use-cases/get-monitor';
import { listMonitors } from '../use-cases/list-monitors';
import { addMonitorDomain, removeMonitorDomain } from '../use-cases/monitor-domains';
import { getRun, listRuns } from '../use-cases/monitor-runs';
import { updateMonitor } from '../use-cases/update-monitor';

/** The public /monitors endpoints (the gateway forwards /api/v1/monitors/** with a signed caller). */
export function monitorsRoutes(deps: MonitorSchedulerDeps): Router {
  const router = Router();
  router.post('/monitors', async (req, res) => {
    const body = parseInput(createMonitorBodySchema, req.body ?? {}, 'body');
    res.status(201).json(await createMonitor(deps, req.caller, body));
  });
  router.get('/monitors', async (req, res) => {
    const query = parseInput(listMonitorsQuerySchema, req.query, 'query');
    res.json(await listMonitors(deps, req.caller.workspaceId, query));
  });
  router.get('/monitors/:monitor_id', async (req, res) => {
    const { monitor_id: monitorId } = parsePath(monitorPathSchema, req.params);
    res.json(await getMonitor(deps, req.caller.workspaceId, monitorId));
  });
  router.patch('/monitors/:monitor_id', async (req, res) => {
    const { monitor_id: monitorId } = parsePath(monitorPathSchema, req.params);
    const body = parseInput(updateMonitorBodySchema, req.body ?? {}, 'body');
    res.json(await updateMonitor(deps, req.caller, monitorId, body));
  });
  router.delete('/monitors/:monitor_id', async (req, res) => {
    const { monitor_id: monitorId } = parsePath(monitorPathSchema, req.params);
    await deleteMonitor(deps, req.caller, monitorId);
    res.status(204).end();
  });
  router.post('/monitors/:monitor_id/domains', async (req, res) => {
    const { monitor_id: monitorId } = parsePath(monitorPathSchema, req.params);
    const body = parseInput(addMonitorDomainBodySchema, req.body ?? {}, 'body');
    res.status(201).json(await addMonitorDomain(deps, req.caller, monitorId, body.domain));
  });
  router.delete('/monitors/:monitor_id/domains/:domain', async (req, res) => {
    const { monitor_id: monitorId, domain } = parsePath(monitorDomainPathSchema, req.params);
    // Normalised like a domain in a body: `WWW.Example.com` removes example.com.
    await removeMonitorDomain(deps, req.caller, monitorId, normalizeMonitorDomain(domain));
    res.status(204).end();
  });
  router.get('/monitors/:monitor_id/runs', async (req, res) => {
    const { monitor_id: monitorId } = parsePath(monitorPathSchema, req.params);
    const query = parseInput(listRunsQuerySchema, req.query, 'query');
    res.json(await listRuns(deps, req.caller.workspaceId, monitorId, query));
  });
  router.get('/monitors/:monitor_id/runs/:run_id', async (req, res) => {
    const { monitor_id: monitorId, run_id: runId } = parsePath(monitorRunPathSchema, req.params);
    res.json(await getRun(deps, req.caller.workspaceId, monitorId, runId));
  });
  return router;
}
