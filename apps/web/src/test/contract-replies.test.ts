/** The scripted API answers only as the contracts say (contract-replies.ts). */
import { accessKeyRoutes } from '@console/contracts/access-keys';
import { appConfigRoutes } from '@console/contracts/app-config';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../lib/api';
import { http } from '../lib/http';
import { anAccessKey } from './access-keys';
import { appConfig, fakeApi } from './app';
import { takeContractViolations } from './contract-replies';

afterEach(() => vi.unstubAllGlobals());

describe('the scripted API', () => {
  it('answers with what a handler gives when it is the contract’s shape', async () => {
    fakeApi({ 'GET /api/app-config': () => ({ body: appConfig }) });
    await expect(api(appConfigRoutes.get, {})).resolves.toEqual(appConfig);
  });

  it('fails the request, and the test, when a body lacks a field the response schema requires', async () => {
    fakeApi({ 'GET /api/app-config': () => ({ body: { productName: 'Workframe' } }) });
    await expect(api(appConfigRoutes.get, {})).rejects.toThrow();
    const [violation, ...more] = takeContractViolations();
    expect(more).toEqual([]);
    expect(violation).toContain('GET /api/app-config (appConfigRoutes.get) answered 200');
    expect(violation).toMatch(/ssoProviders: Invalid input: expected array/);
  });

  it('checks a failure against the error envelope', async () => {
    fakeApi({ 'GET /api/app-config': () => ({ status: 503, body: { error: 'busy' } }) });
    await expect(api(appConfigRoutes.get, {})).rejects.toThrow();
    const [violation] = takeContractViolations();
    expect(violation).toContain('answered 503 with a body that is not the error envelope');
    expect(violation).toMatch(/statusCode: /);
  });

  it('answers with the route’s success status unless told, and refuses another success status', async () => {
    const created = { integration: anAccessKey(1), accessKey: 'wfk_secret' };
    fakeApi({ 'POST /api/integrations': () => ({ body: created }) });
    const response = (await fetch('/api/integrations', { method: 'POST', body: '{}' })) as Response;
    expect(response.status).toBe(201);
    expect(takeContractViolations()).toEqual([]);

    fakeApi({ 'POST /api/integrations': () => ({ status: 200, body: created }) });
    await expect(api(accessKeyRoutes.create, { body: { name: 'Key 1', description: 'Used by system 1' } })).rejects.toThrow();
    expect(takeContractViolations()).toEqual([
      "fakeApi: POST /api/integrations (accessKeyRoutes.create) answered 200; the contract's success status is 201",
    ]);
  });

  it('refuses a handler, or a call, for a route the contracts do not have', async () => {
    expect(() => fakeApi({ 'GET /api/nowhere': () => ({ body: {} }) })).toThrow(
      "fakeApi: the handler 'GET /api/nowhere' is for no route of @console/contracts",
    );
    fakeApi({});
    await expect(http('nowhere')).rejects.toThrow();
    expect(takeContractViolations()).toEqual(['fakeApi: GET /api/nowhere is no route of @console/contracts']);
  });
});
