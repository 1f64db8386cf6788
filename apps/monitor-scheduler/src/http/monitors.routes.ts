import { Router } from 'express';
import {
  addMonitorDomainBodySchema,
  createMonitorBodySchema,
  listMonitorsQuerySchema,
  listRunsQuerySchema,
  updateMonitorBodySchema,
} from '@radar/contracts';
import { parseInput } from '@radar/platform/http';
import { createMonitor } from '../use-cases/create-monitor';
import { deleteMonitor } from '../use-cases/delete-monitor';
import type { MonitorSchedulerDeps } from '../use-cases/deps';
import { getMonitor } from '../use-cases/get-monitor';
import { listMonitors } from '../use-cases/list-monitors';
import { addMonitorDomain, removeMonitorDomain } from '../use-cases/monitor-domains';
import { getRun, listRuns } from '../use-cases/monitor-runs';
import { updateMonitor } from '../use-cases/update-monitor';
import { pathDomain, pathId } from './path-ids';

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
    res.json(await getMonitor(deps, req.caller.workspaceId, pathId(req.params.monitor_id, 'monitor')));
  });
  router.patch('/monitors/:monitor_id', async (req, res) => {
    const monitorId = pathId(req.params.monitor_id, 'monitor');
    const body = parseInput(updateMonitorBodySchema, req.body ?? {}, 'body');
    res.json(await updateMonitor(deps, req.caller, monitorId, body));
  });
  router.delete('/monitors/:monitor_id', async (req, res) => {
    await deleteMonitor(deps, req.caller, pathId(req.params.monitor_id, 'monitor'));
    res.status(204).end();
  });
  router.post('/monitors/:monitor_id/domains', async (req, res) => {
    const monitorId = pathId(req.params.monitor_id, 'monitor');
    const body = parseInput(addMonitorDomainBodySchema, req.body ?? {}, 'body');
    res.status(201).json(await addMonitorDomain(deps, req.caller, monitorId, body.domain));
  });
  router.delete('/monitors/:monitor_id/domains/:domain', async (req, res) => {
    await removeMonitorDomain(deps, req.caller, pathId(req.params.monitor_id, 'monitor'), pathDomain(req.params.domain));
    res.status(204).end();
  });
  router.get('/monitors/:monitor_id/runs', async (req, res) => {
    const query = parseInput(listRunsQuerySchema, req.query, 'query');
    res.json(await listRuns(deps, req.caller.workspaceId, pathId(req.params.monitor_id, 'monitor'), query));
  });
  router.get('/monitors/:monitor_id/runs/:run_id', async (req, res) => {
    const monitorId = pathId(req.params.monitor_id, 'monitor');
    res.json(await getRun(deps, req.caller.workspaceId, monitorId, pathId(req.params.run_id, 'run')));
  });
  return router;
}
