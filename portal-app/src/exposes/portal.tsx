/** The customer's summary and its tabs: the first screen after signing in, kept to what it shows. */
export { PortalPage } from '../features/inicio';
