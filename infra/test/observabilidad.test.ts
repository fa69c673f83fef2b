import { describe, expect, it } from 'vitest';
import { EVENT_RULES, JOBS, ROUTES, STREAM_CONSUMERS, TRIGGERS, WEBSOCKET_ROUTES } from '@cuota/functions/manifest';
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as iam from 'aws-cdk-lib/aws-iam';
import { FunctionRoles } from '../lib/function';
import { cuota, resources, testApp } from './cuota';

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
        // one statement, both actions, on * (what else may be on *: the test below)
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

  it('en un rol compartido, Resource * solo lleva X-Ray y dynamodb:ListStreams (el reconocimiento IAM5 de * no tapa otra acción)', () => {
    const { allTemplates } = cuota();
    let politicas = 0;
    for (const [path, template] of Object.entries(allTemplates)) {
      const { policies, extra } = accionesSobreTodo(template);
      politicas += policies;
      expect(extra, path).toEqual([]);
    }
    // every shared role's policy was looked at
    const compartidos = Object.values(allTemplates).flatMap((t) => Object.keys(rolesCompartidos(t)));
    expect(politicas).toBeGreaterThanOrEqual(compartidos.length);
  });

  it('control: otra acción sobre * en un rol compartido (aunque minimizePolicies la funda con la de X-Ray) se detecta', () => {
    const stack = new Stack(testApp(), 'Control');
    new FunctionRoles(stack, 'Roles').roleFor('Prueba', (role) =>
      role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['s3:ListAllMyBuckets'], resources: ['*'] })),
    );
    expect(accionesSobreTodo(Template.fromStack(stack))).toEqual({ policies: 1, extra: ['s3:ListAllMyBuckets'] });
  });
});

/** What a shared role may do on Resource *: the actions have no resource type. */
const SOBRE_TODO = new Set([...XRAY, 'dynamodb:ListStreams']);

/** The template's shared execution roles (FunctionRoles), by logical id. */
const rolesCompartidos = (template: Template) =>
  Object.fromEntries(
    Object.entries(resources(template, 'AWS::IAM::Role')).filter(([, r]) =>
      String(r.Properties!.Description).startsWith('Cuota Lambda role'),
    ),
  );

/**
 * The actions on Resource * in the policies attached to the template's shared roles (inline
 * AWS::IAM::Policy resources and the roles' own Policies) beyond {@link SOBRE_TODO}, and how many
 * such policies there were.
 */
function accionesSobreTodo(template: Template): { policies: number; extra: string[] } {
  type Statement = { Action: string | string[]; Resource: unknown; Effect: string };
  const roles = new Set(Object.keys(rolesCompartidos(template)));
  const documents: { Statement: Statement[] }[] = [];
  for (const policy of Object.values(resources(template, 'AWS::IAM::Policy'))) {
    const attached = ((policy.Properties!.Roles ?? []) as { Ref?: string }[]).some((r) => r.Ref && roles.has(r.Ref));
    if (attached) documents.push(policy.Properties!.PolicyDocument);
  }
  for (const id of roles) {
    const role = resources(template, 'AWS::IAM::Role')[id]!;
    for (const p of (role.Properties!.Policies ?? []) as { PolicyDocument: { Statement: Statement[] } }[])
      documents.push(p.PolicyDocument);
  }
  const extra = documents
    .flatMap((d) => d.Statement)
    .filter((s) => s.Effect === 'Allow' && [s.Resource].flat().includes('*'))
    .flatMap((s) => [s.Action].flat())
    .filter((a) => !SOBRE_TODO.has(a));
  return { policies: documents.length, extra: [...new Set(extra)].sort() };
}
