export { json, page, renderRemotePage } from './render-remote';
