/** What other features may use of the collections worklist. */
export { bucketDe } from './domain';
