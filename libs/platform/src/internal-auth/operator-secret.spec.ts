import express from 'express';
import request from 'supertest';
import { createServiceApp } from '../http';
import { silentLogger } from '../testing';
import { requireOperatorSecret } from './operator-secret';

const SECRET = 'operator-secret-for-tests-0123456789abcdef';

describe('requireOperatorSecret', () => {
  const routes = express.Router();
  routes.use(requireOperatorSecret(SECRET));
  routes.post('/operator/v1/thing', (_req, res) => {
    res.status(201).json({ ok: true });
  });
  const app = createServiceApp({ logger: silentLogger(), routes });

  it('lets the operator secret through', async () => {
    const response = await request(app).post('/operator/v1/thing').set('Authorization', `Bearer ${SECRET}`);
    expect(response.status).toBe(201);
  });

  it.each([
    ['no header', undefined],
    ['a wrong secret', 'Bearer not-it'],
    ['the secret without the scheme', SECRET],
    ['a longer value starting with the secret', `Bearer ${SECRET}x`],
  ])('answers 401 OPERATOR_UNAUTHORIZED for %s', async (_label, header) => {
    const call = request(app).post('/operator/v1/thing');
    const response = await (header ? call.set('Authorization', header) : call);
    expect(response.status).toBe(401);
    expect(response.body.detail.code).toBe('OPERATOR_UNAUTHORIZED');
  });
});
