import { describe, expect, it } from 'vitest';
import { EVENT_RULES, JOBS, ROUTES, STREAM_CONSUMERS, TRIGGERS, WEBSOCKET_ROUTES } from '@cuota/functions/manifest';
import { cuota, resources } from './cuota';

/** Every function the manifest declares: each is one ApiFunction in some stack. */
const PRODUCTO =
  ROUTES.length + TRIGGERS.length + WEBSOCKET_ROUTES.length + STREAM_CONSUMERS.length + JOBS.length + EVENT_RULES.length;

/** Every AWS::Lambda::Function of the app, nested stacks included, with the template it is in. */
function funciones() {
  const { allTemplates } = cuota();
  return Object.entries(allTemplates).flatMap(([path, template]) =>
    Object.entries(resources(template, 'AWS::Lambda::Function')).map(([id, r]) => ({ path, id, props: r.Properties! })),
  );
}

const XRAY = ['xray:PutTelemetryRecords', 'xray:PutTraceSegments'];

describe('trazas y métricas (Powertools) en cada función', () => {
  it('toda función del producto traza con X-Ray (Active) y lleva el servicio y el namespace de Powertools', () => {
    const delProducto = funciones().filter((f) => f.props.Environment?.Variables?.POWERTOOLS_SERVICE_NAME !== undefined);
    expect(delProducto).toHaveLength(PRODUCTO);
    for (const { path, id, props } of delProducto) {
      expect(props.TracingConfig, `${path}/${id}`).toEqual({ Mode: 'Active' });
      expect(props.Environment.Variables, `${path}/${id}`).toMatchObject({
        POWERTOOLS_SERVICE_NAME: 'cuota-api',
        POWERTOOLS_METRICS_NAMESPACE: 'Cuota',
        NODE_OPTIONS: '--enable-source-maps',
      });
    }
  });

  it('las únicas funciones sin ellas son las que CDK crea para desplegar la web', () => {
    const otras = funciones().filter((f) => f.props.Environment?.Variables?.POWERTOOLS_SERVICE_NAME === undefined);
    expect(otras.map((f) => `${f.path}/${f.id}`)).toEqual([expect.stringMatching(/^CuotaWeb\/CustomCDKBucketDeployment/)]);
  });

  it('cada rol compartido concede X-Ray una sola vez (sin recurso posible: *), y ninguna otra política lo hace', () => {
    const { allTemplates } = cuota();
    let roles = 0;
    for (const [path, template] of Object.entries(allTemplates)) {
      for (const [id, policy] of Object.entries(resources(template, 'AWS::IAM::Policy'))) {
        const statements = policy.Properties!.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[];
        const xray = statements.filter((s) => [s.Action].flat().some((a) => a.startsWith('xray:')));
        if (xray.length === 0) continue;
        roles++;
        // one statement (minimizePolicies may merge other actions on * into it), both actions, on *
        expect(xray, `${path}/${id}`).toHaveLength(1);
        expect([xray[0]!.Action].flat(), `${path}/${id}`).toEqual(expect.arrayContaining(XRAY));
        expect(xray[0], `${path}/${id}`).toMatchObject({ Resource: '*', Effect: 'Allow' });
      }
    }
    // one policy per shared role (FunctionRoles), and no other policy grants X-Ray
    const compartidos = Object.values(allTemplates).flatMap((t) =>
      Object.values(resources(t, 'AWS::IAM::Role')).filter((r) =>
        String(r.Properties!.Description).startsWith('Cuota Lambda role'),
      ),
    );
    expect(compartidos.length).toBeGreaterThan(1);
    expect(roles).toBe(compartidos.length);
  });
});
