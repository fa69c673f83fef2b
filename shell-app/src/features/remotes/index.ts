export { loadRemoteComponent, registerAppRemotes } from './load-remote';
