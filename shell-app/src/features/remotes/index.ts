export { loadRemoteComponent, precargarRemoto, registerAppRemotes } from './load-remote';
