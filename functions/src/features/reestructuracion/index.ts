/** Restructuring a credit (readecuación, prórroga), as other features use it. */
export { planReestructuracion, type DeudaAlDia } from './domain';
