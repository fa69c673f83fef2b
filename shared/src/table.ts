/**
 * The single DynamoDB table: defined once, used by the CDK data stack and by the local
 * stack's bootstrap. Generic keys (pk/sk, gsiNpk/gsiNsk) hold prefixed values such as
 * `CLIENTE#…`; every item carries an entity-type attribute `tipo`.
 */
export interface GsiDefinition {
  readonly indexName: string;
  readonly partitionKey: string;
  readonly sortKey: string;
}

export const TABLE = {
  /** Default physical name locally; CDK lets CloudFormation name it. */
  localName: 'cuota',
  partitionKey: 'pk',
  sortKey: 'sk',
  gsis: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    { indexName: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
    // collections worklist (docs/cobranza.md): by días de mora, and by monto vencido
    { indexName: 'gsi4', partitionKey: 'gsi4pk', sortKey: 'gsi4sk' },
    { indexName: 'gsi5', partitionKey: 'gsi5pk', sortKey: 'gsi5sk' },
  ] as const satisfies readonly GsiDefinition[],
  /** Streams feed live notifications and aggregates. */
  streamViewType: 'NEW_AND_OLD_IMAGES',
  /** Epoch seconds; expired items (idempotency records, stale connections) are deleted by TTL on AWS. */
  ttlAttribute: 'expira_en',
} as const;

export type GsiName = (typeof TABLE.gsis)[number]['indexName'];

/** A hash-and-range key as DynamoDB writes it (CreateTable, CloudFormation's KeySchema). */
export const esquemaDeClave = (partitionKey: string, sortKey: string) => [
  { AttributeName: partitionKey, KeyType: 'HASH' as const },
  { AttributeName: sortKey, KeyType: 'RANGE' as const },
];

/** The table's global secondary indexes as DynamoDB writes them: every attribute projected. */
export const indicesGlobales = () =>
  TABLE.gsis.map((g) => ({
    IndexName: g.indexName,
    KeySchema: esquemaDeClave(g.partitionKey, g.sortKey),
    Projection: { ProjectionType: 'ALL' as const },
  }));
