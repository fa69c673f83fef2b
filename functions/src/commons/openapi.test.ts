import { describe, expect, it } from 'vitest';
import { ROUTES } from '../manifest';
import { buildOpenApi } from './openapi';
import { RUTAS_IDEMPOTENTES } from '../../test/rutas-idempotentes';

describe('buildOpenApi', () => {
  const doc = buildOpenApi(ROUTES) as {
    openapi: string;
    paths: Record<
      string,
      Record<string, { operationId: string; parameters?: { name: string; in: string }[]; requestBody?: unknown }>
    >;
  };

  it('declara cada ruta del manifiesto una vez, con su operationId', () => {
    const ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([m, op]) => `${m.toUpperCase()} ${path} ${op.operationId}`),
    );
    expect(ops.sort()).toEqual(ROUTES.map((r) => `${r.method} ${r.path} ${r.id}`).sort());
    expect(doc.openapi).toBe('3.1.0');
  });

  it('documenta parámetros de ruta y consulta y el cuerpo desde los esquemas zod', () => {
    const get = doc.paths['/api/clientes']!.get!;
    expect(get.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['query:q', 'query:limit', 'query:cursor']),
    );
    expect(doc.paths['/api/clientes/{id}']!.get!.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path' })]);
    expect(doc.paths['/api/clientes']!.post!.requestBody).toBeDefined();
  });

  it('documenta la cabecera Idempotency-Key en las rutas idempotentes y solo en ellas', () => {
    const conClave = Object.values(doc.paths)
      .flatMap((methods) => Object.values(methods))
      .filter((op) => op.parameters?.some((p) => p.in === 'header' && p.name === 'Idempotency-Key'))
      .map((op) => op.operationId)
      .sort();
    expect(conClave).toEqual(
      ROUTES.filter((r) => 'idempotent' in r && r.idempotent)
        .map((r) => r.id)
        .sort(),
    );
    expect(conClave).toEqual(RUTAS_IDEMPOTENTES);
  });
});
