import { Router } from 'express';
import request from 'supertest';
import { z } from 'zod';
import { AppError } from '../errors';
import { silentLogger } from '../testing';
import { createServiceApp } from './app';
import { companyPathSchema, monitorDomainPathSchema } from '@radar/contracts';
import { parseInput, parsePath } from './validation';

const searchBody = z.strictObject({
  name: z.string().min(1),
  limit: z.number().int().min(1).max(100).default(20),
  search_filters: z
    .strictObject({
      industries: z.array(z.string()).optional(),
      employee_count: z.strictObject({ min: z.number().int().optional(), max: z.number().int().optional() }).optional(),
    })
    .optional(),
});

function validationErrorOf(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('parseInput', () => {
  it('returns the parsed value with defaults applied', () => {
    expect(parseInput(searchBody, { name: 'acme' }, 'body')).toEqual({ name: 'acme', limit: 20 });
  });

  it('rejects an unknown body field with VALIDATION_ERROR naming the field', () => {
    const error = validationErrorOf(() => parseInput(searchBody, { name: 'acme', colour: 'red' }, 'body'));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toBe('body field "colour": unknown field');
    expect(error.details).toEqual({ errors: [{ field: 'colour', message: 'unknown field' }] });
  });

  it('names a nested unknown field by its path', () => {
    const error = validationErrorOf(() =>
      parseInput(searchBody, { name: 'acme', search_filters: { industries: ['Software'], foo: 1 } }, 'body'),
    );
    expect(error.message).toBe('body field "search_filters.foo": unknown field');
  });

  it('names an unknown field two levels down', () => {
    const error = validationErrorOf(() =>
      parseInput(searchBody, { name: 'acme', search_filters: { employee_count: { min: 1, avg: 5 } } }, 'body'),
    );
    expect(error.details).toEqual({ errors: [{ field: 'search_filters.employee_count.avg', message: 'unknown field' }] });
  });

  it('names every bad field at once: wrong types, out-of-range values and unknown keys', () => {
    const error = validationErrorOf(() =>
      parseInput(searchBody, { name: '', limit: 500, extra: true, search_filters: { industries: 'Software', bar: 1 } }, 'body'),
    );
    const fields = (error.details?.errors as { field: string }[]).map((problem) => problem.field).sort();
    expect(fields).toEqual(['extra', 'limit', 'name', 'search_filters.bar', 'search_filters.industries']);
    for (const field of fields) expect(error.message).toContain(`body field "${field}"`);
  });

  it('says where the bad input came from', () => {
    const error = validationErrorOf(() => parseInput(z.object({ limit: z.coerce.number().int() }), { limit: 'ten' }, 'query'));
    expect(error.message).toMatch(/^query field "limit": /);
  });

  it('describes a body that is not an object at all without a field name', () => {
    const error = validationErrorOf(() => parseInput(searchBody, ['not', 'an', 'object'], 'body'));
    expect(error.message).toMatch(/^body: /);
    expect(error.details).toEqual({ errors: [{ field: '', message: expect.any(String) }] });
  });
});

describe('parseInput in a service route', () => {
  const router = Router();
  router.post('/companies/search', (req, res) => {
    res.json(parseInput(searchBody, req.body, 'body'));
  });
  const app = createServiceApp({ logger: silentLogger(), routes: router });

  it('answers an unknown nested body field with 422 naming it in the envelope', async () => {
    const response = await request(app)
      .post('/companies/search')
      .send({ name: 'acme', search_filters: { foo: 'bar' } });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      detail: {
        code: 'VALIDATION_ERROR',
        message: 'body field "search_filters.foo": unknown field',
        details: { errors: [{ field: 'search_filters.foo', message: 'unknown field' }] },
      },
    });
  });

  it('accepts a valid body', async () => {
    const response = await request(app).post('/companies/search').send({ name: 'acme', limit: 5 });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ name: 'acme', limit: 5 });
  });
});

describe('parsePath', () => {
  const id = '3F6C2A9E-8B1D-4C57-9E0A-5D2F7B8C1A40';

  it('reads an id in any case as lower case', () => {
    expect(parsePath(companyPathSchema, { company_id: id })).toEqual({ company_id: id.toLowerCase() });
  });

  it.each(['acme.com', '\u0000', `${id}\u0000`, ''])('answers a path id that names nothing (%j) with 404 NOT_FOUND', (value) => {
    const error = validationErrorOf(() => parsePath(companyPathSchema, { company_id: value }));
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toBe(`No company with id ${value}`);
  });

  it.each(['a\u0000.com', '\u0000', '\u0000a.com', ' \u0000'])('answers a NUL in a domain path (%j) with 422 naming domain', (domain) => {
    const error = validationErrorOf(() => parsePath(monitorDomainPathSchema, { monitor_id: id, domain }));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toBe('path field "domain": must not contain a NUL character (\\u0000)');
    expect(error.details).toEqual({ errors: [{ field: 'domain', message: 'must not contain a NUL character (\\u0000)' }] });
  });

  it('answers 404 before 422 when the path names nothing and holds a NUL', () => {
    expect(validationErrorOf(() => parsePath(monitorDomainPathSchema, { monitor_id: 'x', domain: '\u0000' })).code).toBe('NOT_FOUND');
  });
});
